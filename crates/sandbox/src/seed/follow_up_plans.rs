//! Follow-up plans on two of the demo agent's leads, written as LeaseDesk writes them: a
//! completed Update activity "Follow-up plan started: <plan>" (the sandbox writes the words
//! itself; `domain::outreach::cadence` reads them, and a test checks it reads these). "After a
//! tour" on the lead with the latest tour held, the day after it; "Gone quiet" on the lead
//! quiet the longest this season, three days ago. My day then has plan steps due on the demo.

use chrono::{Duration, Timelike};
use rusqlite::{OptionalExtension, params};

use crate::api::model::{ActivityStatusMaster as S, ActivityTypeMaster as T};

use super::{DEMO_LOGIN, Generator};

/// The description LeaseDesk gives an activity that starts a plan.
pub(crate) fn plan_started(plan: &str) -> String {
    format!("Follow-up plan started: {plan}")
}

impl Generator<'_, '_> {
    pub(super) fn follow_up_plans(&mut self) -> rusqlite::Result<()> {
        let agent: Option<i64> = self
            .tx
            .query_row(
                "SELECT id FROM users WHERE portal_id = ?1 AND email = ?2",
                params![self.plan.portal, DEMO_LOGIN],
                |r| r.get(0),
            )
            .optional()?;
        let Some(agent) = agent else {
            return Ok(());
        };
        let active_leads = "FROM individuals i
             JOIN activities a ON a.individual_id = i.id
             JOIN type_values t ON t.id = a.type_value_id
             WHERE i.portal_id = ?1 AND i.type_id = 1 AND i.status_id = 3
               AND i.assigned_user_id = ?2
               AND NOT EXISTS (SELECT 1 FROM activities l WHERE l.individual_id = i.id
                               AND (l.description LIKE 'Lost lead:%' OR l.description LIKE 'Follow-up plan%'))";
        let now = crate::time::store(self.now);
        let toured: Option<(i64, i64, i64, String)> = self
            .tx
            .query_row(
                &format!(
                    "SELECT i.id, i.case_id, a.community_id, max(a.due) {active_leads}
                       AND t.master_id = 11 AND a.status_master_id = 3 AND a.due < ?3
                     GROUP BY i.id ORDER BY max(a.due) DESC, i.id LIMIT 1"
                ),
                params![self.plan.portal, agent, now],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()?;
        if let Some((person, case, community, tour)) = toured
            && let Ok(tour) = chrono::DateTime::parse_from_rfc3339(&tour)
        {
            let at = (tour.with_timezone(&chrono::Utc) + Duration::days(1))
                .min(self.now - Duration::hours(3));
            self.plan_started((person, case), community, at, "After a tour")?;
        }
        let since = crate::time::store(self.now - Duration::days(90));
        let quiet: Option<(i64, i64, i64)> = self
            .tx
            .query_row(
                &format!(
                    "SELECT i.id, i.case_id, a.community_id {active_leads}
                     GROUP BY i.id HAVING max(a.due) BETWEEN ?3 AND ?4
                     ORDER BY max(a.due), i.id LIMIT 1"
                ),
                params![
                    self.plan.portal,
                    agent,
                    since,
                    crate::time::store(self.now - Duration::days(21))
                ],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        if let Some((person, case, community)) = quiet {
            let day = self.now - Duration::days(3);
            let at = day
                .with_hour(14)
                .unwrap_or(day)
                .with_minute(0)
                .unwrap_or(day);
            self.plan_started((person, case), community, at, "Gone quiet")?;
        }
        Ok(())
    }

    fn plan_started(
        &mut self,
        who: (i64, i64),
        community_id: i64,
        at: chrono::DateTime<chrono::Utc>,
        plan: &str,
    ) -> rusqlite::Result<()> {
        let Some(community) = self.communities.iter().position(|c| *c == community_id) else {
            return Ok(());
        };
        self.activity(
            who,
            community,
            T::Update,
            at,
            false,
            S::Completed,
            None,
            None,
            &plan_started(plan),
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_domain_reads_the_plans_the_sandbox_starts() {
        for plan in ["After a tour", "Gone quiet"] {
            assert_eq!(
                super::plan_started(plan),
                leasedesk_domain::outreach::cadence::marker(plan, true)
            );
            assert!(leasedesk_domain::outreach::cadence::plan_named(plan).is_some());
        }
    }
}
