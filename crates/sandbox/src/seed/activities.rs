//! Activities: one at a time, follow-up chains, and the top-up to the planned count.

use crate::api::model::{ActivityStatusMaster as S, ActivityTypeMaster as T, TypeList};
use crate::time::store;
use chrono::{DateTime, Duration, Utc};
use rand::Rng;
use rand::seq::IndexedRandom;
use rusqlite::params;

use super::Generator;

impl Generator<'_, '_> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn activity(
        &mut self,
        who: (i64, i64),
        community: usize,
        kind: T,
        due: DateTime<Utc>,
        all_day: bool,
        state: S,
        result: Option<usize>,
        market_source: Option<usize>,
        description: &str,
    ) -> rusqlite::Result<i64> {
        let assigned = self.tx.query_row(
            "SELECT assigned_user_id FROM individuals WHERE id = ?1",
            [who.0],
            |r| r.get::<_, i64>(0),
        )?;
        let done = matches!(state, S::Completed);
        let minutes = if matches!(kind, T::Tour | T::Appointment | T::HomeVisit) {
            60
        } else {
            15
        };
        let (due_text, end_text) = if all_day {
            let date = format!("{}T00:00:00.000Z", due.date_naive());
            (date.clone(), date)
        } else {
            (store(due), store(due + Duration::minutes(minutes)))
        };
        // Spread over the working hours before (a fixed step, no draw from the generator):
        // records stamped at one moment by the thousand are not what a portal holds.
        let spread =
            Duration::minutes((self.activities as i64).wrapping_mul(7_919).rem_euclid(480));
        let entered = due.min(self.now) - Duration::days(self.rng.random_range(0..4)) - spread;
        // Booked at an earlier touch (the call that set the next one up), or entered shortly
        // before it was due.
        let created = self
            .booked_at
            .take()
            .filter(|at| *at < due)
            .map_or(entered, |at| at.min(self.now));
        self.tx.execute(
            "INSERT INTO activities (portal_id, individual_id, case_id, community_id, type_value_id, status_value_id,
                status_master_id, result_value_id, market_source_value_id, assigned_user_id, description, sale_stage,
                due, due_end, all_day, completed_at, cancelled, no_show, rescheduled, date_created, date_updated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)",
            params![
                self.plan.portal, who.0, who.1, self.communities[community],
                self.master_value(TypeList::ACTIVITY_TYPE, kind.code()),
                self.master_value(TypeList::ACTIVITY_STATUS, state.code()), state.code(),
                result.map(|r| self.list_value(TypeList::ACTIVITY_RESULT, r)),
                market_source.map(|m| self.list_value(TypeList::MARKET_SOURCE, m)),
                assigned, description, crate::store::activities::sale_stage(kind.code()), due_text, end_text, all_day,
                done.then(|| store(due + Duration::minutes(minutes))), state == S::Cancelled, state == S::Noshow,
                state == S::Rescheduled, store(created), store(if done { due + Duration::minutes(minutes) } else { created })
            ],
        )?;
        self.activities += 1;
        Ok(self.tx.last_insert_rowid())
    }

    /// Past work is done; recent past work is sometimes still open (overdue); future work is open.
    pub(super) fn state_for(&mut self, due: DateTime<Utc>) -> S {
        let recent = self.now - due < Duration::days(21);
        if due > self.now || (recent && self.rng.random_bool(0.22)) {
            S::Assigned
        } else {
            S::Completed
        }
    }

    pub(super) fn follow_up(
        &mut self,
        who: (i64, i64),
        community: usize,
        due: DateTime<Utc>,
    ) -> rusqlite::Result<()> {
        let kind = *[
            T::CallOut,
            T::EmailOut,
            T::CallIn,
            T::EmailIn,
            T::CallOut,
            T::ToDo,
        ]
        .choose(&mut self.rng)
        .unwrap_or(&T::CallOut);
        let state = self.state_for(due);
        let result = (state == S::Completed)
            .then(|| *[0usize, 1, 2, 0, 1].choose(&mut self.rng).unwrap_or(&0));
        let all_day = kind == T::ToDo;
        let text = match kind {
            T::CallOut => "Follow-up call",
            T::EmailOut => "Sent brochure and pricing",
            T::CallIn => "Prospect called with questions",
            T::EmailIn => "Email from family",
            _ => "Send thank-you card",
        };
        self.activity(
            who, community, kind, due, all_day, state, result, None, text,
        )?;
        Ok(())
    }

    /// Business hours, 9:00 to 17:00 Eastern (14:00 to 22:00 UTC).
    pub(super) fn at_work_hour(&mut self, day: DateTime<Utc>) -> DateTime<Utc> {
        let date = day.date_naive();
        let hour = self.rng.random_range(14..22);
        let minute = *[0, 15, 30, 45].choose(&mut self.rng).unwrap_or(&0);
        date.and_hms_opt(hour, minute, 0)
            .unwrap_or_default()
            .and_utc()
    }

    // ---- The funnel ----

    /// Large portals: more history on existing people until the activity target is reached.
    pub(super) fn top_up_activities(&mut self) -> rusqlite::Result<()> {
        let people = self.individuals_with_community.clone();
        let mut i = 0usize;
        while self.activities < self.plan.target_activities && !people.is_empty() {
            let (individual, case, community) = people[(i * 7919) % people.len()];
            i += 1;
            let created = self.created_of.get(&individual).copied();
            let due = {
                let days = self.rng.random_range(1..540);
                let mut day = self.now - Duration::days(days);
                // Never before the person was known: history starts with their inquiry.
                if let Some(created) = created
                    && day < created
                {
                    day = created + Duration::days(1 + days % 20);
                }
                self.at_work_hour(day)
            };
            self.follow_up((individual, case), community, due)?;
        }
        Ok(())
    }
}
