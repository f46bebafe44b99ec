//! What each case's family asked not to get, over the whole portal: the few rows marked as a
//! family's word (`lost` = 3) opened, grouped by case, and what stands now worked out.

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use super::activities::{CONTACT_WORD, open_activity};
use super::{Store, StoreError};
use crate::api::model::Activity;
use crate::domain::channel::Channel;
use crate::domain::contact::preference::{preferences, stopped_channels};

impl Store {
    /// The channels each case's family asked not to get, by case number, for the cases where
    /// such a word stands at `now`. Blocking.
    pub fn contact_holds(
        &self,
        now: DateTime<Utc>,
    ) -> Result<HashMap<String, Vec<Channel>>, StoreError> {
        let conn = self.lock();
        let mut by_case: HashMap<String, Vec<Activity>> = HashMap::new();
        let mut stmt =
            conn.prepare("SELECT id, body FROM activities WHERE lost = ?1 AND state = 1")?;
        let mut rows = stmt.query([CONTACT_WORD])?;
        while let Some(row) = rows.next()? {
            let (id, body): (i64, Vec<u8>) = (row.get(0)?, row.get(1)?);
            if let Some(activity) = open_activity(&self.keys, id, &body) {
                by_case
                    .entry(activity.case_number.clone())
                    .or_default()
                    .push(activity);
            }
        }
        Ok(by_case
            .into_iter()
            .filter_map(|(case, activities)| {
                let words = stopped_channels(&preferences(&activities), now);
                (!words.is_empty()).then_some((case, words))
            })
            .collect())
    }
}
