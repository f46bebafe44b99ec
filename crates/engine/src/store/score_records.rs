//! What the move-in score reads: every case's history cut to dated touches, from the case rows
//! (when it inquired, its source and community, whether it is still a lead), the activities'
//! columns (no activity opened) and the contracts' move-in dates.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate};

use super::{MAX_CASE_BYTES, Store, StoreError, case_place};
use crate::api::model::SearchCase;
use crate::domain::move_in_score::{LeadRecord, told};

const CONTRACT_BATCH: usize = 4000;

impl Store {
    /// Every kept case's history as of `as_of` (nothing later is read). Blocking.
    pub fn score_records(&self, as_of: NaiveDate) -> Result<Vec<LeadRecord>, StoreError> {
        let mut records = Vec::new();
        let mut by_key: HashMap<i64, u32, foldhash::fast::RandomState> = HashMap::default();
        let mut by_number: HashMap<String, u32, foldhash::fast::RandomState> = HashMap::default();
        {
            let conn = self.lock();
            let mut stmt = conn.prepare_cached("SELECT number_key, body FROM cases ORDER BY id")?;
            let mut rows = stmt.query([])?;
            while let Some(row) = rows.next()? {
                let (number_key, body): (i64, Vec<u8>) = (row.get(0)?, row.get(1)?);
                let Some(case) = self
                    .keys
                    .open(&case_place(number_key), &body, MAX_CASE_BYTES)
                    .and_then(|json| serde_json::from_slice::<SearchCase>(&json).ok())
                else {
                    continue;
                };
                let at = records.len() as u32;
                by_key.insert(number_key, at);
                by_number.insert(case.primary.case_number.clone(), at);
                records.push(LeadRecord::of_case(&case));
            }
            // `due` is Unix seconds; states: 0 open, 1 completed, 2 cancelled, 3 no-show;
            // `lost`: 1 a lost-lead record, 2 a follow-up plan's start or stop (no contact).
            let mut stmt = conn.prepare_cached(
                "SELECT case_key, due, state, type_name, lost FROM activities WHERE lost < 2",
            )?;
            let mut rows = stmt.query([])?;
            while let Some(row) = rows.next()? {
                let Some(&at) = by_key.get(&row.get::<_, i64>(0)?) else {
                    continue;
                };
                let Some(day) = DateTime::from_timestamp(row.get(1)?, 0).map(|t| t.date_naive())
                else {
                    continue;
                };
                if day > as_of {
                    continue;
                }
                let (state, type_name, lost): (i64, String, i64) =
                    (row.get(2)?, row.get(3)?, row.get(4)?);
                records[at as usize].add(day, told(state == 1, &type_name, lost == 1));
            }
        }
        self.each_contract_batch(CONTRACT_BATCH, |batch| {
            for c in batch {
                let day = c.move_in_date.date_naive();
                if day <= as_of
                    && let Some(&at) = by_number.get(&c.case_number)
                {
                    records[at as usize].add_move_in(day);
                }
            }
        })?;
        for r in &mut records {
            r.touches.shrink_to_fit();
        }
        Ok(records)
    }

    /// Each community's median base monthly rate over its kept units (units without a rate
    /// left out). Blocking.
    pub fn monthly_rates(&self) -> Result<HashMap<String, f64>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT community_name, base_monthly FROM units WHERE base_monthly > 0",
        )?;
        let mut rows = stmt.query([])?;
        let mut by_community: HashMap<String, Vec<f64>> = HashMap::new();
        while let Some(row) = rows.next()? {
            let (community, rate): (String, f64) = (row.get(0)?, row.get(1)?);
            if rate.is_finite() {
                by_community.entry(community).or_default().push(rate);
            }
        }
        Ok(by_community
            .into_iter()
            .map(|(community, mut rates)| {
                rates.sort_by(f64::total_cmp);
                let n = rates.len();
                let median = if n % 2 == 1 {
                    rates[n / 2]
                } else {
                    (rates[n / 2 - 1] + rates[n / 2]) / 2.0
                };
                (community, median)
            })
            .collect())
    }
}
