//! Each active lead's follow-up colour over the whole portal, from the activities' columns
//! (type, state, due date): one grouped scan of a covering index, no activity opened; only
//! the leads' case rows are opened (for their type, status and creation date).

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use super::{Store, StoreError};
use crate::domain::contact_story::ContactRule;
use crate::domain::lost_leads::INBOUND_TYPES;
use crate::domain::next_step::is_active_lead_of;
use crate::domain::response_times::ContactTimes;
use crate::domain::speed_to_lead::{Colour, LeadFacts, OUTBOUND_TYPES};
use crate::domain::team_board::{BoardActivity, BoardInput, BoardLead, State};

impl Store {
    /// Red, amber or green of every active lead, by case number. Blocking.
    pub fn lead_colours(
        &self,
        now: DateTime<Utc>,
        rule: &ContactRule,
    ) -> Result<HashMap<String, Colour>, StoreError> {
        let conn = self.lock();
        let outbound = OUTBOUND_TYPES
            .iter()
            .map(|t| format!("'{}'", t.replace('\'', "''")))
            .collect::<Vec<_>>()
            .join(", ");
        // `due` is Unix seconds; states: 0 open, 1 completed, 2 cancelled, 3 no-show.
        let inbound = INBOUND_TYPES
            .iter()
            .map(|t| format!("'{}'", t.replace('\'', "''")))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT case_key, max(state = 0), max(state = 0 AND due > ?1),
                    min(CASE WHEN state = 1 AND due <= ?1 AND type_name IN ({outbound}) THEN due END),
                    max(CASE WHEN state = 1 AND due <= ?1 AND lost = 0 THEN due END),
                    max(CASE WHEN lost = 1 AND due <= ?1 THEN due END),
                    max(CASE WHEN state = 1 AND due <= ?1 AND type_name IN ({inbound}) THEN due END)
             FROM activities GROUP BY case_key"
        );
        let at = |secs: Option<i64>| {
            secs.and_then(|s| DateTime::from_timestamp(s, 0))
                .map(|t| t.fixed_offset())
        };
        let mut facts: HashMap<i64, LeadFacts, foldhash::fast::RandomState> = HashMap::default();
        {
            let mut stmt = conn.prepare(&sql)?;
            let mut rows = stmt.query([now.timestamp()])?;
            while let Some(row) = rows.next()? {
                let key: i64 = row.get(0)?;
                facts.insert(
                    key,
                    LeadFacts {
                        open: row.get::<_, i64>(1)? != 0,
                        booked: row.get::<_, i64>(2)? != 0,
                        first_contact: at(row.get(3)?),
                        last_touch: at(row.get(4)?),
                        lost: at(row.get(5)?),
                        last_inbound: at(row.get(6)?),
                    },
                );
            }
        }
        let mut out = HashMap::new();
        self.each_lead_case(&conn, |number_key, case| {
            let f = facts.get(&number_key).copied().unwrap_or_default();
            let community = case.primary.communities.first().map(|c| c.id);
            let standing = f.standing(case.primary.date_created, community, now, rule);
            if let Some(colour) = standing.colour().filter(|_| is_active_lead_of(&case, None)) {
                out.insert(case.primary.case_number, colour);
            }
        })?;
        Ok(out)
    }

    /// The team board's rows: every active lead (their case rows opened) and their activities'
    /// columns (no activity opened). Blocking.
    pub fn board_input(&self) -> Result<BoardInput, StoreError> {
        let conn = self.lock();
        let mut leads = Vec::new();
        let mut index: HashMap<i64, u32, foldhash::fast::RandomState> = HashMap::default();
        self.each_lead_case(&conn, |number_key, case| {
            if let Some(lead) = BoardLead::of(&case) {
                index.insert(number_key, leads.len() as u32);
                leads.push(lead);
            }
        })?;
        let mut activities = Vec::new();
        let mut stmt = conn.prepare_cached(
            "SELECT case_key, due, state, type_name, created, lost FROM activities",
        )?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let Some(&lead) = index.get(&row.get::<_, i64>(0)?) else {
                continue;
            };
            let Some(due) = DateTime::from_timestamp(row.get(1)?, 0) else {
                continue;
            };
            let state = match row.get::<_, i64>(2)? {
                0 => State::Open,
                1 => State::Completed,
                2 => State::Cancelled,
                3 => State::NoShow,
                // Logged by mistake and corrected: no activity at all.
                _ => continue,
            };
            let type_name: String = row.get(3)?;
            let created = row
                .get::<_, Option<i64>>(4)?
                .and_then(|s| DateTime::from_timestamp(s, 0));
            let lost = match row.get::<_, i64>(5)? {
                // A follow-up plan started or stopped, a family's word: no contact, left out.
                2 | 3 => continue,
                kind => kind == 1,
            };
            activities.push(BoardActivity::of_kind(
                lead, due, state, &type_name, created, lost,
            ));
        }
        Ok(BoardInput { leads, activities })
    }

    /// When every case inquired (its `DateCreated`) and was first reached (its first completed
    /// outbound activity up to `now`), by case number: the first from a grouped scan of the
    /// activities' columns, the rest from the case rows. Blocking.
    pub fn contact_times(
        &self,
        now: DateTime<Utc>,
    ) -> Result<HashMap<String, ContactTimes>, StoreError> {
        let outbound = OUTBOUND_TYPES
            .iter()
            .map(|t| format!("'{}'", t.replace('\'', "''")))
            .collect::<Vec<_>>()
            .join(", ");
        let mut first: HashMap<i64, i64, foldhash::fast::RandomState> = HashMap::default();
        {
            let conn = self.lock();
            let mut stmt = conn.prepare(&format!(
                "SELECT case_key, min(due) FROM activities
                 WHERE state = 1 AND due <= ?1 AND type_name IN ({outbound}) GROUP BY case_key"
            ))?;
            let mut rows = stmt.query([now.timestamp()])?;
            while let Some(row) = rows.next()? {
                first.insert(row.get(0)?, row.get(1)?);
            }
        }
        let mut out = HashMap::new();
        let conn = self.lock();
        let mut stmt = conn.prepare_cached("SELECT number_key, body FROM cases ORDER BY id")?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let (number_key, body): (i64, Vec<u8>) = (row.get(0)?, row.get(1)?);
            let Some(case) = self
                .keys
                .open(&super::case_place(number_key), &body, super::MAX_CASE_BYTES)
                .and_then(|json| {
                    serde_json::from_slice::<crate::api::model::SearchCase>(&json).ok()
                })
            else {
                continue;
            };
            let p = case.primary;
            out.insert(
                p.case_number,
                ContactTimes {
                    inquired: p.date_created.with_timezone(&Utc),
                    first_contact: first
                        .get(&number_key)
                        .and_then(|s| DateTime::from_timestamp(*s, 0)),
                    community_id: p.communities.first().map(|c| c.id),
                },
            );
        }
        Ok(out)
    }
}
