//! Lost leads, as LeaseDesk records them: a completed Update activity "Lost lead: <reason>; went
//! to <destination>" some days after the lead's last activity. The sandbox writes the words
//! itself (it stands on `api::model` only); `domain::lost_leads` reads them (a test checks it
//! reads every note written here).
//! Some leads the demo marks Lost, and some active ones lost in the last months (their status
//! left as it was: the service has no update of individuals), so Sales has reasons and
//! destinations to count over time.
//!
//! Drawn from a generator of their own after everything else, so the rest of the demo is the
//! same with or without them.

use chrono::Duration;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rusqlite::params;

use crate::api::model::{ActivityStatusMaster as S, ActivityTypeMaster as T};

use super::Generator;
use super::data::{LOST_DESTINATIONS, LOST_REASONS};
use crate::time::store;

impl Generator<'_, '_> {
    pub(super) fn lost_leads(&mut self, seed: u64) -> rusqlite::Result<()> {
        let own = StdRng::seed_from_u64(seed ^ 0x1057);
        let saved = std::mem::replace(&mut self.rng, own);
        let result = self.lost_records();
        self.rng = saved;
        result
    }

    fn lost_records(&mut self) -> rusqlite::Result<()> {
        // About one lead in twenty: those marked Lost, then active ones idle for a while.
        let wanted = i64::try_from((self.plan.leads / 20).max(12)).unwrap_or(i64::MAX);
        let quiet_since = store(self.now - Duration::days(12));
        let picked: Vec<(i64, i64, i64, String)> = self
            .tx
            .prepare(
                "SELECT i.id, i.case_id, min(ic.community_id), max(a.due) FROM individuals i
                 JOIN individual_communities ic ON ic.individual_id = i.id
                 JOIN activities a ON a.individual_id = i.id
                 WHERE i.portal_id = ?1 AND i.type_id = 1 AND i.status_id IN (3, 6)
                 GROUP BY i.id HAVING max(a.due) < ?2
                 ORDER BY i.status_id DESC, i.id LIMIT ?3",
            )?
            .query_map(params![self.plan.portal, quiet_since, wanted], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })?
            .collect::<Result<_, _>>()?;
        for (primary, case, community_id, last) in picked {
            let Some(community) = self.communities.iter().position(|c| *c == community_id) else {
                continue;
            };
            let Ok(last) = chrono::DateTime::parse_from_rfc3339(&last) else {
                continue;
            };
            let last = last.with_timezone(&chrono::Utc);
            let later = Duration::days(self.rng.random_range(3..30));
            let at = self.at_work_hour(last + later);
            let at = at.min(self.now - Duration::hours(2));
            let reason = LOST_REASONS[self.rng.random_range(0..LOST_REASONS.len())];
            let destination = self
                .rng
                .random_bool(0.8)
                .then(|| LOST_DESTINATIONS[self.rng.random_range(0..LOST_DESTINATIONS.len())]);
            self.activity(
                (primary, case),
                community,
                T::Update,
                at,
                false,
                S::Completed,
                None,
                None,
                &lost_note(reason, destination),
            )?;
        }
        Ok(())
    }
}

/// The description LeaseDesk gives a lead closed as lost.
pub(crate) fn lost_note(reason: &str, destination: Option<&str>) -> String {
    match destination {
        Some(went) => format!("Lost lead: {reason}; went to {went}"),
        None => format!("Lost lead: {reason}"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::data::{LOST_DESTINATIONS, LOST_REASONS};
    use super::lost_note;
    use leasedesk_domain::lost_leads::LostLead;

    #[test]
    fn the_domain_reads_every_lost_note_the_sandbox_writes() {
        for reason in LOST_REASONS {
            for destination in LOST_DESTINATIONS.iter().copied().map(Some).chain([None]) {
                let note = lost_note(reason, destination);
                let read = LostLead::parse(&note).expect(&note);
                assert_eq!(read.reason, *reason, "{note}");
                assert_eq!(read.destination.as_deref(), destination, "{note}");
                assert_eq!(
                    LostLead {
                        reason: reason.to_string(),
                        destination: destination.map(str::to_owned),
                    }
                    .description(),
                    note,
                    "written as LeaseDesk writes it"
                );
            }
        }
    }
}
