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
use crate::sandbox::store::people::index_individual;

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
        let result = agents.iter().enumerate().try_for_each(|(n, &agent)| {
            let plan: &[(i64, Option<i64>)] = if n == 0 {
                &API_USER_LEADS
            } else {
                &COLLEAGUE_LEADS
            };
            plan.iter()
                .enumerate()
                .try_for_each(|(i, &(ago, answer))| self.new_lead(agent, n + i, ago, answer))
        });
        self.rng = saved;
        result
    }

    fn new_lead(
        &mut self,
        agent: i64,
        n: usize,
        minutes_ago: i64,
        answered_after: Option<i64>,
    ) -> rusqlite::Result<()> {
        let inquiry = self.now - Duration::minutes(minutes_ago);
        let community = n % self.communities.len();
        let (case, primary) = self.case(1, 1, inquiry, community)?;
        self.tx.execute(
            "UPDATE individuals SET assigned_user_id = ?1 WHERE case_id = ?2",
            params![agent, case],
        )?;
        index_individual(self.tx, primary)?;
        let who = (primary, case);
        let (kind, source) = match n % 3 {
            0 => (T::WebForm, 0),
            1 => (T::CallIn, 1),
            _ => (T::Inquiry, 9),
        };
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
        if let Some(after) = answered_after {
            self.activity(
                who,
                community,
                T::CallOut,
                inquiry + Duration::minutes(after),
                false,
                S::Completed,
                Some(1),
                None,
                "First call back",
            )?;
        }
        Ok(())
    }
}
