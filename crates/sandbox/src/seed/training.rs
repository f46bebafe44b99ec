//! The training class's scenario: one small portal and a story, built once on a fixed anchor day
//! and re-dated to the class's day (see `crate::class`), so every class sees the same morning.
//!
//! The story, told from the anchor's 6 am in the communities' zone (Eastern): Mrs Rosa Alvarez
//! tours tomorrow at 10; Harold Finch's and Margaret Okafor's follow-up calls are overdue; Walter
//! Brennan called two days ago and has no tour yet; Edna Pruitt has not answered in two months;
//! the spring open house has no one on its list; Evelyn Hart moves in four days on (the anchor's
//! Friday), her TB test not in yet.

use chrono::{DateTime, Duration, TimeZone, Utc};
use rusqlite::{OptionalExtension, Transaction, params};

use super::data::DEMO_COMMUNITIES;
use super::{Generator, Plan};
use crate::api::model::{ActivityStatusMaster as S, ActivityTypeMaster as T};
use crate::store::people::index_individual;
use crate::time::store;

/// The portal number the scenario is built under; each seat's copy takes its own.
pub const SCENARIO_PORTAL: i64 = 1;
/// The scenario's seed: the same story for every class.
const SCENARIO_SEED: u64 = 0x0007_EAC4;

/// The anchor: the scenario's "now", a Monday's 6 am Eastern (11:00 UTC).
pub fn anchor() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 12, 11, 0, 0)
        .single()
        .unwrap_or_default()
}

/// The people of the story, by (first, last) name.
pub const ROSA: (&str, &str) = ("Rosa", "Alvarez");
pub const HAROLD: (&str, &str) = ("Harold", "Finch");
pub const MARGARET: (&str, &str) = ("Margaret", "Okafor");
pub const WALTER: (&str, &str) = ("Walter", "Brennan");
pub const EDNA: (&str, &str) = ("Edna", "Pruitt");
/// Moves in four days on; her TB test is not in yet.
pub const EVELYN: (&str, &str) = ("Evelyn", "Hart");
/// The campaign the class fills.
pub const OPEN_HOUSE: &str = "Spring open house";

/// Seeds the scenario into an empty database.
pub fn scenario(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO portals (id, name) VALUES (?1, 'Training portal')",
        [SCENARIO_PORTAL],
    )?;
    let plan = Plan {
        portal: SCENARIO_PORTAL,
        email_domain: "class.example",
        communities: &DEMO_COMMUNITIES[..2],
        unit_copies: 1,
        leads: 140,
        lead_days: 200,
        followups: (2, 5),
        resident_activities: (3, 6),
        referral_sources: 6,
        target_activities: 0,
    };
    let mut generator = Generator::new(tx, &plan, anchor(), SCENARIO_SEED)?;
    generator.staff()?;
    for _ in 0..plan.leads {
        generator.lead()?;
    }
    generator.earlier_residents()?;
    generator.upcoming_moves()?;
    for n in 0..plan.referral_sources {
        generator.referral_source(n)?;
    }
    generator.admissions()?;
    generator.story()
}

impl Generator<'_, '_> {
    /// A story lead of the API user's, inquired `days_ago`, named `name`: (individual, case).
    fn story_lead(
        &mut self,
        name: (&str, &str),
        n: usize,
        days_ago: i64,
    ) -> rusqlite::Result<(i64, i64)> {
        let agent = self.users[0];
        let (case, primary) = self.new_lead(agent, n, days_ago * 24 * 60, Some(35), None)?;
        self.tx.execute(
            "UPDATE individuals SET first_name = ?1, last_name = ?2 WHERE id = ?3",
            params![name.0, name.1, primary],
        )?;
        index_individual(self.tx, primary)?;
        Ok((primary, case))
    }

    /// The first of the coming move-ins becomes Evelyn Hart's, four days on at 11 am, with her
    /// TB test open.
    fn moving_in_friday(&mut self) -> rusqlite::Result<()> {
        let now = store(self.now);
        let coming: Option<(i64, i64, i64)> = self
            .tx
            .query_row(
                "SELECT h.id, i.id, i.case_id FROM housing_contracts h
                 JOIN individuals i ON i.id = h.individual_id
                 JOIN admission_met m ON m.case_id = i.case_id
                 WHERE h.portal_id = ?1 AND h.move_in > ?2 AND h.active = 1
                 ORDER BY h.move_in, h.id LIMIT 1",
                params![self.plan.portal, now],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        let Some((contract, primary, case)) = coming else {
            return Ok(());
        };
        let friday = (self.now + Duration::days(4))
            .date_naive()
            .and_hms_opt(16, 0, 0);
        self.tx.execute(
            "UPDATE housing_contracts SET move_in = ?1 WHERE id = ?2",
            params![store(friday.unwrap_or_default().and_utc()), contract],
        )?;
        self.tx.execute(
            "UPDATE individuals SET first_name = ?1, last_name = ?2 WHERE id = ?3",
            params![EVELYN.0, EVELYN.1, primary],
        )?;
        index_individual(self.tx, primary)?;
        let tb = "SELECT m.id, m.activity_id FROM admission_met m
                  JOIN admission_requirements r ON r.id = m.requirement_id
                  WHERE m.case_id = ?1 AND r.name = 'TB test'";
        let (met, activity): (i64, Option<i64>) = self
            .tx
            .query_row(tb, [case], |r| Ok((r.get(0)?, r.get(1)?)))?;
        self.tx.execute(
            "UPDATE admission_met SET is_met = 0, activity_id = NULL, dismiss = 0 WHERE id = ?1",
            [met],
        )?;
        if let Some(activity) = activity {
            self.tx.execute(
                "DELETE FROM activity_notes WHERE activity_id = ?1",
                [activity],
            )?;
            self.tx
                .execute("DELETE FROM activities WHERE id = ?1", [activity])?;
        }
        Ok(())
    }

    fn story(&mut self) -> rusqlite::Result<()> {
        let now = self.now;
        let rosa = self.story_lead(ROSA, 0, 5)?;
        // Tomorrow at 10 am Eastern.
        let tour = (now + Duration::days(1)).date_naive().and_hms_opt(15, 0, 0);
        let tour = tour.unwrap_or_default().and_utc();
        self.activity(
            rosa,
            0,
            T::Tour,
            tour,
            false,
            S::Assigned,
            None,
            None,
            "Tour with her daughter Lucia",
        )?;
        let harold = self.story_lead(HAROLD, 1, 9)?;
        let yesterday = now - Duration::days(1) + Duration::hours(5);
        self.activity(
            harold,
            1,
            T::CallOut,
            yesterday,
            false,
            S::Assigned,
            None,
            None,
            "Follow-up call",
        )?;
        let margaret = self.story_lead(MARGARET, 0, 12)?;
        let before = now - Duration::days(2) + Duration::hours(8);
        self.activity(
            margaret,
            0,
            T::CallOut,
            before,
            false,
            S::Assigned,
            None,
            None,
            "Follow-up call: pricing for a one-bedroom",
        )?;
        self.story_lead(WALTER, 1, 2)?;
        let edna = self.story_lead(EDNA, 0, 75)?;
        let tried = now - Duration::days(60);
        self.activity(
            edna,
            0,
            T::CallOut,
            tried,
            false,
            S::Completed,
            Some(2),
            None,
            "Follow-up call: no answer",
        )?;
        self.moving_in_friday()?;
        let starts = (now + Duration::days(10))
            .date_naive()
            .and_hms_opt(19, 0, 0);
        let starts = starts.unwrap_or_default().and_utc();
        self.tx.execute(
            "INSERT INTO campaigns (portal_id, name, date_created, is_active, starts, ends) VALUES (?1, ?2, ?3, 1, ?4, ?5)",
            params![self.plan.portal, OPEN_HOUSE, store(now - Duration::days(3)), store(starts), store(starts + Duration::hours(2))],
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use leasedesk_domain::training_exam as exam;

    #[test]
    fn the_exam_grades_the_people_the_scenario_holds() {
        assert_eq!(super::ROSA, exam::ROSA);
        assert_eq!(super::HAROLD, exam::HAROLD);
        assert_eq!(super::MARGARET, exam::MARGARET);
        assert_eq!(super::WALTER, exam::WALTER);
        assert_eq!(super::EDNA, exam::EDNA);
        assert_eq!(super::EVELYN, exam::EVELYN);
        assert_eq!(super::OPEN_HOUSE, exam::OPEN_HOUSE);
    }
}
