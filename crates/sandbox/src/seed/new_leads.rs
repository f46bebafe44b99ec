//! The last days' inquiries, so speed to lead shows something: for each agent, leads that
//! arrived minutes or hours ago and wait for a first call, some answered within the hour, some
//! a day late, and some never.
//!
//! Drawn from a generator of their own after everything else, so the rest of the demo is the
//! same with or without them.

use chrono::Duration;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rusqlite::params;

use crate::api::model::{ActivityStatusMaster as S, ActivityTypeMaster as T};
use crate::store::people::index_individual;

use super::Generator;
use super::data::MARKET_SOURCES;

/// (minutes since the inquiry, minutes to the first call-back if there was one).
const API_USER_LEADS: [(i64, Option<i64>); 7] = [
    (12, None),
    (40, None),
    (4 * 60, None),
    (3 * 60, Some(25)),
    (26 * 60, Some(50)),
    (2 * 24 * 60, Some(27 * 60)),
    (3 * 24 * 60, None),
];
const COLLEAGUE_LEADS: [(i64, Option<i64>); 3] = [
    (90, None),
    (30 * 60, Some(20)),
    (4 * 24 * 60, Some(30 * 60)),
];

impl Generator<'_, '_> {
    pub(super) fn new_leads(&mut self, seed: u64) -> rusqlite::Result<()> {
        let own = StdRng::seed_from_u64(seed ^ 0x1EAD);
        let saved = std::mem::replace(&mut self.rng, own);
        let agents: Vec<i64> = self.users.iter().take(5).copied().collect();
        let result = agents
            .iter()
            .enumerate()
            .try_for_each(|(n, &agent)| {
                let plan: &[(i64, Option<i64>)] = if n == 0 {
                    &API_USER_LEADS
                } else {
                    &COLLEAGUE_LEADS
                };
                // Each colleague at a pace of their own: one plan for all gave every agent and
                // community the same median first contact.
                let pace = n.saturating_sub(1) as i64;
                plan.iter().enumerate().try_for_each(|(i, &(ago, answer))| {
                    let answer = answer.map(|m| m + pace * (17 + m / 3));
                    self.new_lead(agent, n + i, ago + pace * 11, answer, None)
                        .map(|_| ())
                })
            })
            .and_then(|()| self.known_twice(agents.first().copied()));
        self.rng = saved;
        result
    }

    /// A few people who came again, to another community through another source: the last
    /// through a placement agency (a paid referral), two days ago.
    fn known_twice(&mut self, agent: Option<i64>) -> rusqlite::Result<()> {
        let Some(agent) = agent else { return Ok(()) };
        let earlier: Vec<(i64, String, String, Option<String>)> = self
            .tx
            .prepare(
                "SELECT i.case_id, i.first_name, i.last_name, i.home_phone FROM individuals i
                 JOIN activities a ON a.individual_id = i.id AND a.market_source_value_id IS NOT NULL
                 WHERE i.portal_id = ?1 AND i.type_id = 1 AND i.home_phone IS NOT NULL
                 GROUP BY i.id ORDER BY i.id LIMIT 3",
            )?
            .query_map([self.plan.portal], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
            .collect::<Result<_, _>>()?;
        for (n, (_, first, last, phone)) in earlier.into_iter().enumerate() {
            // Facebook, then the placement agency (a paid referral) for the last of them; the
            // community is another than their first for most.
            let how = if n == 2 {
                (T::Inquiry, 9)
            } else {
                (T::WebForm, 2)
            };
            let ago = 2 * 24 * 60 + 60 * n as i64;
            let (_, primary) = self.new_lead(agent, 5 + n, ago, Some(40), Some(how))?;
            self.tx.execute(
                "UPDATE individuals SET first_name = ?1, last_name = ?2, home_phone = ?3
                 WHERE id = ?4",
                params![first, last, phone, primary],
            )?;
            index_individual(self.tx, primary)?;
        }
        Ok(())
    }

    pub(super) fn new_lead(
        &mut self,
        agent: i64,
        n: usize,
        minutes_ago: i64,
        answered_after: Option<i64>,
        how: Option<(T, usize)>,
    ) -> rusqlite::Result<(i64, i64)> {
        let inquiry = self.now - Duration::minutes(minutes_ago);
        let community = n % self.communities.len();
        let (case, primary) = self.case(1, 1, inquiry, community)?;
        self.tx.execute(
            "UPDATE individuals SET assigned_user_id = ?1 WHERE case_id = ?2",
            params![agent, case],
        )?;
        index_individual(self.tx, primary)?;
        let who = (primary, case);
        let (kind, source) = how.unwrap_or(match n % 3 {
            0 => (T::WebForm, 0),
            1 => (T::CallIn, 1),
            _ => (T::Inquiry, 9),
        });
        let source = source % MARKET_SOURCES.len();
        self.activity(
            who,
            community,
            kind,
            inquiry,
            false,
            S::Completed,
            Some(0),
            Some(source),
            "Initial inquiry",
        )?;
        // Called back when the office is open: a night's inquiry is answered in the morning,
        // and one whose morning has not come yet still waits.
        let answered = answered_after
            .map(|after| super::working_day::in_office_hours(inquiry + Duration::minutes(after)))
            .filter(|answered| *answered <= self.now);
        if let Some(answered) = answered {
            self.activity(
                who,
                community,
                T::CallOut,
                answered,
                false,
                S::Completed,
                Some(1),
                None,
                "First call back",
            )?;
        }
        Ok((case, primary))
    }
}
