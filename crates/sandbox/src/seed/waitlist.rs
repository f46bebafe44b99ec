//! Waitlisters on the demo portal, written as LeaseDesk writes them: a completed Deposit (a
//! deposit paid) or Room Reserve activity "Waitlist: <care group>; floor plan: <plan or any>;
//! wanted by: <YYYY-MM-DD or any time>; priority: <WaitlistPriorityType>" (the sandbox writes
//! the words itself; `domain::waitlist` reads them, and a test checks it reads these). Eight
//! active leads, over the communities, each wanting a care group its community has.

use chrono::Duration;
use rusqlite::params;

use crate::api::model::{ActivityStatusMaster as S, ActivityTypeMaster as T};

use super::Generator;
use super::data::WAITLIST_PRIORITIES;

/// The description LeaseDesk gives a waitlist entry.
pub(crate) fn waitlist_note(
    care_group: &str,
    floor_plan: Option<&str>,
    wanted_by: Option<chrono::NaiveDate>,
    priority: &str,
) -> String {
    format!(
        "Waitlist: {care_group}; floor plan: {}; wanted by: {}; priority: {priority}",
        floor_plan.unwrap_or("any"),
        wanted_by.map_or("any time".to_owned(), |d| d.format("%Y-%m-%d").to_string())
    )
}

const WAITLISTERS: usize = 8;

impl Generator<'_, '_> {
    pub(super) fn waitlisters(&mut self) -> rusqlite::Result<()> {
        // Active leads (a prospect, status active) never lost, the oldest cases first; with a
        // care group and floor plan that their first activity's community has.
        let mut stmt = self.tx.prepare(
            "SELECT i.id, i.case_id, a.community_id
             FROM individuals i JOIN activities a ON a.individual_id = i.id
             WHERE i.portal_id = ?1 AND i.type_id = 1 AND i.status_id = 3
               AND NOT EXISTS (SELECT 1 FROM activities l WHERE l.individual_id = i.id
                               AND (l.description LIKE 'Lost lead:%'
                                    OR l.description LIKE 'Follow-up plan%'))
             GROUP BY i.id ORDER BY i.id LIMIT ?2",
        )?;
        let leads: Vec<(i64, i64, i64)> = stmt
            .query_map(params![self.plan.portal, WAITLISTERS as i64], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })?
            .collect::<Result<_, _>>()?;
        drop(stmt);
        let mut units = self.tx.prepare(
            "SELECT cg.name, fp.name FROM units u
             JOIN type_values cg ON cg.id = u.care_group_value_id
             LEFT JOIN type_values fp ON fp.id = u.floor_plan_value_id
             WHERE u.community_id = ?1 ORDER BY u.id",
        )?;
        let mut picked = Vec::new();
        for (n, (person, case, community_id)) in leads.into_iter().enumerate() {
            let kinds: Vec<(String, Option<String>)> = units
                .query_map([community_id], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<Result<_, _>>()?;
            let (care_group, floor_plan) = match kinds.get(n * 7 % kinds.len().max(1)) {
                Some((c, f)) => (Some(c.clone()), f.clone()),
                None => (None, None),
            };
            picked.push((person, case, community_id, care_group, floor_plan));
        }
        drop(units);
        for (n, (person, case, community_id, care_group, floor_plan)) in
            picked.into_iter().enumerate()
        {
            let (Some(care_group), Some(community)) = (
                care_group,
                self.communities.iter().position(|c| *c == community_id),
            ) else {
                continue;
            };
            // Long enough ago that no lead's follow-up colour moves for it.
            let joined = self.now - Duration::days(120 + 30 * n as i64);
            let wanted_by =
                (n % 3 != 0).then(|| (self.now + Duration::days(30 + 15 * n as i64)).date_naive());
            let plan = floor_plan.filter(|_| n % 2 == 0);
            let priority = WAITLIST_PRIORITIES[n % WAITLIST_PRIORITIES.len()];
            let kind = if n % 3 == 1 {
                T::Deposit
            } else {
                T::RoomReserve
            };
            let note = waitlist_note(&care_group, plan.as_deref(), wanted_by, priority);
            self.activity(
                (person, case),
                community,
                kind,
                joined,
                false,
                S::Completed,
                None,
                None,
                &note,
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_domain_reads_the_entries_the_sandbox_writes() {
        let day = chrono::NaiveDate::from_ymd_opt(2027, 1, 15);
        for (plan, by) in [(Some("Studio"), day), (None, None)] {
            let wish = leasedesk_domain::waitlist::parse(&super::waitlist_note(
                "Assisted Living",
                plan,
                by,
                "High",
            ))
            .unwrap();
            assert_eq!(wish.care_group, "Assisted Living");
            assert_eq!(wish.floor_plan.as_deref(), plan);
            assert_eq!(wish.wanted_by, by);
            assert_eq!(wish.priority, "High");
        }
    }
}
