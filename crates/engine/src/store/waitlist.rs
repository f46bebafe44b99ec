//! The waitlist's entries: the completed Deposit and Room Reserve activities (only those rows
//! are opened) whose words are a waitlist entry, of cases that are still leads.

use super::activities::open_activity;
use super::{CASE_NUMBER, MAX_CASE_BYTES, Store, StoreError, case_place};
use crate::api::model::SearchCase;
use crate::domain::next_step::is_active_lead_of;
use crate::domain::waitlist::{DEPOSIT_TYPE, Entry, RESERVE_TYPE, entries_of};

impl Store {
    /// Every waitlist entry of a case that is still a lead, the earliest joined first.
    /// Blocking.
    pub fn waitlist(&self) -> Result<Vec<Entry>, StoreError> {
        let conn = self.lock();
        let mut activities = Vec::new();
        {
            let mut stmt = conn.prepare_cached(
                "SELECT id, body FROM activities WHERE state = 1 AND type_name IN (?1, ?2)",
            )?;
            let mut rows = stmt.query([DEPOSIT_TYPE, RESERVE_TYPE])?;
            while let Some(row) = rows.next()? {
                let (id, body): (i64, Vec<u8>) = (row.get(0)?, row.get(1)?);
                if let Some(a) = open_activity(&self.keys, id, &body) {
                    activities.push(a);
                }
            }
        }
        let mut case_of = conn.prepare_cached("SELECT body FROM cases WHERE number_key = ?1")?;
        let mut still_a_lead = |number: &str| {
            let key = self.keys.lookup(CASE_NUMBER, number);
            case_of
                .query_row([key], |r| r.get::<_, Vec<u8>>(0))
                .ok()
                .and_then(|body| self.keys.open(&case_place(key), &body, MAX_CASE_BYTES))
                .and_then(|json| serde_json::from_slice::<SearchCase>(&json).ok())
                .is_some_and(|case| is_active_lead_of(&case, None))
        };
        Ok(entries_of(&activities)
            .into_iter()
            .filter(|e| still_a_lead(&e.case_number))
            .collect())
    }
}
