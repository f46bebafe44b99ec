//! What the director's figures are worked out from, read from the store and cut to what they
//! use: a portal's funnel needs, per case, its first activity of each stage and its first
//! market source, and a few fields of the case, never every activity or every case whole.

use rusqlite::OptionalExtension;

use super::activities::{MAX_ACTIVITY_BYTES, activity_place};
use super::{MAX_CASE_BYTES, Store, StoreError, case_place};
use std::collections::HashMap;

use crate::api::model::{Activity, SearchCase, SearchIndividual};
use crate::domain::funnel::CaseFacts;
use crate::domain::lost_leads::LostRecord;
use crate::domain::report::CaseFactsOf;

/// Activities opened at once for the figures (a few MiB decoded).
const REPORT_BATCH: usize = 4000;

/// What [`Store::funnel_figures`] worked out.
pub struct FunnelFigures {
    /// Activities opened.
    pub opened: usize,
    pub journeys: Vec<crate::domain::funnel::Journey>,
    pub facts: HashMap<String, CaseFacts>,
    /// Each case's first month's rent, from its earliest contract.
    pub first_month: HashMap<String, f64>,
}

impl Store {
    /// The few activities the funnel and its breakdowns are worked out from, cut to the fields
    /// they read: per case, the first completed activity of each of `stage_types`, and the
    /// first one carrying a market source. Found in SQL on covering indexes; only those rows
    /// are opened. Blocking.
    pub fn report_activities(&self, stage_types: &[&str]) -> Result<Vec<Activity>, StoreError> {
        let mut out = Vec::new();
        self.each_report_batch(stage_types, REPORT_BATCH, |batch| out.extend(batch))?;
        Ok(out)
    }

    /// [`Store::report_activities`] a few thousand at a time, each case's rows in the
    /// same batch (by case, then by id), each batch handed to `each` and dropped: on the
    /// huge portal the whole list weighed over 100 MiB. Returns how many were opened.
    /// Blocking.
    pub(super) fn each_report_batch(
        &self,
        stage_types: &[&str],
        batch_size: usize,
        mut each: impl FnMut(Vec<Activity>),
    ) -> Result<usize, StoreError> {
        let conn = self.lock();
        let mut rows: Vec<(i64, i64)> = Vec::new();
        {
            // SQLite takes a bare column from the row that gave min().
            let mut first_of_type = conn.prepare_cached(
                "SELECT case_key, id, min(due) FROM activities INDEXED BY activities_funnel
                 WHERE type_name = ?1 AND state = 1 GROUP BY case_key",
            )?;
            let pair = |r: &rusqlite::Row<'_>| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?));
            for kind in stage_types {
                for row in first_of_type.query_map([kind], pair)? {
                    rows.push(row?);
                }
            }
            let mut first_source = conn.prepare_cached(
                "SELECT case_key, id, min(due) FROM activities INDEXED BY activities_source
                 WHERE source IS NOT NULL GROUP BY case_key",
            )?;
            for row in first_source.query_map([], pair)? {
                rows.push(row?);
            }
        }
        rows.sort_unstable();
        rows.dedup();
        let mut body_of = conn.prepare_cached("SELECT body FROM activities WHERE id = ?1")?;
        let (mut batch, mut opened, mut last_case) = (Vec::new(), 0, None);
        for (case, id) in rows {
            if batch.len() >= batch_size && last_case != Some(case) {
                opened += batch.len();
                each(std::mem::take(&mut batch));
            }
            last_case = Some(case);
            let Some(body) = body_of
                .query_row([id], |r| r.get::<_, Vec<u8>>(0))
                .optional()?
            else {
                continue;
            };
            let Some(json) = self
                .keys
                .open(&activity_place(id), &body, MAX_ACTIVITY_BYTES)
            else {
                continue;
            };
            if let Ok(activity) = serde_json::from_slice::<Activity>(&json) {
                batch.push(slim_activity(activity));
            }
        }
        opened += batch.len();
        if !batch.is_empty() {
            each(batch);
        }
        Ok(opened)
    }

    /// The funnel's journeys (move-ins from the kept contracts) and every case's breakdown
    /// facts as of `as_of`, worked out batch by batch ([`Store::each_report_batch`],
    /// [`Store::each_contract_batch`]) and the cases streamed past: nothing is held
    /// whole but the answer. Equal to `journeys` and `case_facts` over every activity and
    /// contract. Blocking.
    pub fn funnel_figures(
        &self,
        stage_types: &[&str],
        members: &[(String, i64)],
        as_of: chrono::NaiveDate,
    ) -> Result<FunnelFigures, StoreError> {
        self.funnel_figures_by(stage_types, members, as_of, REPORT_BATCH)
    }

    pub(super) fn funnel_figures_by(
        &self,
        stage_types: &[&str],
        members: &[(String, i64)],
        as_of: chrono::NaiveDate,
        batch_size: usize,
    ) -> Result<FunnelFigures, StoreError> {
        use crate::domain::funnel::{journeys, with_moved};
        let mut found = Vec::new();
        let mut facts_of = CaseFactsOf::new(members, &[]);
        let opened = self.each_report_batch(stage_types, batch_size, |batch| {
            found.extend(journeys(&batch, &[], as_of));
            facts_of.add_sources(&batch);
        })?;
        let mut moved = Vec::new();
        let mut first_month = crate::domain::source_returns::FirstMonths::default();
        self.each_contract_batch(batch_size, |batch| {
            moved.extend(journeys(&[], &batch, as_of));
            first_month.add(&batch);
        })?;
        let journeys = with_moved(found, moved);
        let facts = self.report_case_facts(&facts_of)?;
        Ok(FunnelFigures {
            opened,
            journeys,
            facts,
            first_month: first_month.rents(),
        })
    }

    /// Each kept case's breakdown facts (community, agent, source, campaigns), the cases
    /// streamed past `of` one at a time: none is held. Blocking.
    pub fn report_case_facts(
        &self,
        of: &CaseFactsOf<'_>,
    ) -> Result<HashMap<String, CaseFacts>, StoreError> {
        let mut out = HashMap::new();
        self.each_case(|case| {
            let (number, facts) = of.case(&case);
            out.insert(number, facts);
        })?;
        Ok(out)
    }
}

impl Store {
    /// Every lost-lead record kept, with its case's agent and source (only those rows and
    /// their cases are opened). Blocking.
    pub fn lost_records(&self) -> Result<Vec<LostRecord>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT id, case_key, body FROM activities INDEXED BY activities_lost WHERE lost = 1",
        )?;
        let mut case_of = conn.prepare_cached("SELECT body FROM cases WHERE number_key = ?1")?;
        let mut rows = stmt.query([])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            let (id, case_key, body): (i64, i64, Vec<u8>) = (row.get(0)?, row.get(1)?, row.get(2)?);
            let Some(activity) = self
                .keys
                .open(&activity_place(id), &body, MAX_ACTIVITY_BYTES)
                .and_then(|json| serde_json::from_slice::<Activity>(&json).ok())
            else {
                continue;
            };
            let case = case_of
                .query_row([case_key], |r| r.get::<_, Vec<u8>>(0))
                .optional()?
                .and_then(|body| self.keys.open(&case_place(case_key), &body, MAX_CASE_BYTES))
                .and_then(|json| serde_json::from_slice::<SearchCase>(&json).ok());
            if let Some(record) = LostRecord::of(&activity, case.as_ref()) {
                out.push(record);
            }
        }
        Ok(out)
    }

    /// The calls logged since `since` (Unix seconds): when, which way, and whether a call in
    /// was missed (only the calls in are opened, to read their names). Blocking.
    pub fn call_times(
        &self,
        since: i64,
    ) -> Result<Vec<crate::domain::calls::hours::CallTime>, StoreError> {
        use crate::domain::calls::hours::{CallTime, is_missed};
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT id, due, type_name, body FROM activities
             WHERE type_name IN ('Call In', 'Call Out') AND state = 1 AND due >= ?1",
        )?;
        let mut rows = stmt.query([since])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            let (id, due, type_name): (i64, i64, String) = (row.get(0)?, row.get(1)?, row.get(2)?);
            let Some(at) = chrono::DateTime::from_timestamp(due, 0) else {
                continue;
            };
            let inbound = type_name == "Call In";
            let missed = inbound && {
                let body: Vec<u8> = row.get(3)?;
                self.keys
                    .open(&activity_place(id), &body, MAX_ACTIVITY_BYTES)
                    .and_then(|json| serde_json::from_slice::<Activity>(&json).ok())
                    .is_some_and(|a| is_missed(&a.activity_name))
            };
            out.push(CallTime {
                at,
                inbound,
                missed,
            });
        }
        Ok(out)
    }

    /// The prospect and pre-lead cases assigned to `user_id` (My day's leads), read row by row
    /// and kept only when theirs. Blocking.
    pub fn leads_of(&self, user_id: i64) -> Result<Vec<SearchCase>, StoreError> {
        let conn = self.lock();
        // Whose each lead is, read once from every lead's row and kept up to date by the writes:
        // later reads open only the user's own rows.
        let mine: Vec<i64> = {
            let mut held = self
                .lead_assignees
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            if held.is_none() {
                let mut all = HashMap::new();
                self.each_lead_case(&conn, |number_key, case| {
                    all.insert(number_key, case.primary.assigned_user_id);
                })?;
                *held = Some(all);
            }
            let mut mine: Vec<i64> = held
                .iter()
                .flatten()
                .filter(|(_, assigned)| **assigned == user_id)
                .map(|(number_key, _)| *number_key)
                .collect();
            mine.sort_unstable();
            mine
        };
        self.leads_in(&conn, mine, user_id)
    }

    /// Every prospect and pre-lead case of the portal, as [`Store::leads_of`] keeps them
    /// (`outreach due`: the whole team's leads), each row opened once. Blocking.
    pub fn leads(&self) -> Result<Vec<SearchCase>, StoreError> {
        let conn = self.lock();
        let mut out = Vec::new();
        self.each_lead_case(&conn, |_, case| out.push(slim_lead(case)))?;
        out.shrink_to_fit();
        Ok(out)
    }

    /// The prospect and pre-lead cases of these numbers (whoever they are assigned to),
    /// slimmed as [`Store::leads_of`] gives them; a number not kept, or not a lead's, is passed
    /// over. Blocking.
    pub fn leads_numbered(&self, case_numbers: &[&str]) -> Result<Vec<SearchCase>, StoreError> {
        let conn = self.lock();
        let mut body_of =
            conn.prepare_cached("SELECT kind, body FROM cases WHERE number_key = ?1")?;
        let mut out = Vec::new();
        for number in case_numbers {
            let number_key = self.keys.lookup(super::CASE_NUMBER, number);
            let Some((kind, body)) = body_of
                .query_row([number_key], |r| {
                    Ok((r.get::<_, i64>(0)?, r.get::<_, Vec<u8>>(1)?))
                })
                .optional()?
            else {
                continue;
            };
            if !super::cases::is_lead_kind(kind) {
                continue;
            }
            if let Some(case) = self
                .keys
                .open(&case_place(number_key), &body, MAX_CASE_BYTES)
                .and_then(|json| serde_json::from_slice::<SearchCase>(&json).ok())
            {
                out.push(slim_lead(case));
            }
        }
        Ok(out)
    }

    /// The lead cases of these rows assigned to `user_id`, slimmed for the lists.
    fn leads_in(
        &self,
        conn: &rusqlite::Connection,
        rows: Vec<i64>,
        user_id: i64,
    ) -> Result<Vec<SearchCase>, StoreError> {
        let mut body_of = conn.prepare_cached("SELECT body FROM cases WHERE number_key = ?1")?;
        let mut out = Vec::with_capacity(rows.len());
        for number_key in rows {
            let Some(body) = body_of
                .query_row([number_key], |r| r.get::<_, Vec<u8>>(0))
                .optional()?
            else {
                continue;
            };
            let Some(case) = self
                .keys
                .open(&case_place(number_key), &body, MAX_CASE_BYTES)
                .and_then(|json| serde_json::from_slice::<SearchCase>(&json).ok())
            else {
                continue;
            };
            if case.primary.assigned_user_id != user_id
                || !super::cases::is_lead_kind(case.primary.individual_type_id.code())
            {
                continue;
            }
            out.push(slim_lead(case));
        }
        out.shrink_to_fit();
        Ok(out)
    }

    /// Opens every case row in turn (its people whole: names, phones, emails). Blocking.
    pub fn each_case(&self, mut each: impl FnMut(SearchCase)) -> Result<(), StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached("SELECT number_key, body FROM cases ORDER BY id")?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let (number_key, body): (i64, Vec<u8>) = (row.get(0)?, row.get(1)?);
            if let Some(json) = self
                .keys
                .open(&case_place(number_key), &body, MAX_CASE_BYTES)
                && let Ok(case) = serde_json::from_slice::<SearchCase>(&json)
            {
                each(case);
            }
        }
        Ok(())
    }

    /// Opens every prospect and pre-lead case row in turn: `each` gets its number key and the
    /// case. Rows that do not open or read are passed over. Blocking.
    pub(super) fn each_lead_case(
        &self,
        conn: &rusqlite::Connection,
        mut each: impl FnMut(i64, SearchCase),
    ) -> Result<(), StoreError> {
        use crate::api::model::IndividualType;
        let mut stmt = conn.prepare_cached(
            "SELECT number_key, body FROM cases WHERE kind IN (?1, ?2) ORDER BY id",
        )?;
        let kinds = [
            IndividualType::Prospect.code(),
            IndividualType::PreLead.code(),
        ];
        let mut rows = stmt.query(kinds)?;
        while let Some(row) = rows.next()? {
            let (number_key, body): (i64, Vec<u8>) = (row.get(0)?, row.get(1)?);
            let Some(json) = self
                .keys
                .open(&case_place(number_key), &body, MAX_CASE_BYTES)
            else {
                continue;
            };
            if let Ok(case) = serde_json::from_slice::<SearchCase>(&json) {
                each(number_key, case);
            }
        }
        Ok(())
    }

    /// Every kept activity of these cases (by the case index; only their rows are opened).
    /// Blocking.
    pub fn activities_of_cases(&self, case_numbers: &[&str]) -> Result<Vec<Activity>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT id, body FROM activities INDEXED BY activities_case WHERE case_key = ?1
             ORDER BY id",
        )?;
        let mut out = Vec::new();
        for number in case_numbers {
            let key = self.keys.lookup(super::CASE_NUMBER, number);
            let mut rows = stmt.query([key])?;
            while let Some(row) = rows.next()? {
                let (id, body): (i64, Vec<u8>) = (row.get(0)?, row.get(1)?);
                if let Some(json) = self
                    .keys
                    .open(&activity_place(id), &body, MAX_ACTIVITY_BYTES)
                    && let Ok(activity) = serde_json::from_slice::<Activity>(&json)
                {
                    out.push(activity);
                }
            }
        }
        Ok(out)
    }
}

/// A lead case kept with its people's names, ids, type, status, dates and first community;
/// not their phones or emails.
fn slim_lead(case: SearchCase) -> SearchCase {
    let mut relationships: Vec<SearchIndividual> = case
        .relationships
        .into_iter()
        .map(lead_individual)
        .collect();
    // Decoding leaves room for four people; an agent may hold 30,000 leads.
    relationships.shrink_to_fit();
    SearchCase {
        primary: lead_individual(case.primary),
        relationships,
    }
}

/// An activity with only what the funnel reads (its case, person, type, state, due date and
/// market source): the rest is dropped so a portal's worth of them stays small.
fn slim_activity(mut a: Activity) -> Activity {
    for text in [
        &mut a.activity_name,
        &mut a.time_zone,
        &mut a.assigned_name,
        &mut a.due_date_descriptive,
        &mut a.result_name,
        &mut a.sale_stage,
        &mut a.activity_status,
        &mut a.community.name,
        &mut a.community.name_unique,
    ] {
        *text = String::new();
    }
    a.notes = None;
    a
}

/// A lead's person with what "Needs a next step" reads (names, ids, type, status, created).
fn lead_individual(mut p: SearchIndividual) -> SearchIndividual {
    for text in [
        &mut p.home_phone_format,
        &mut p.mobile_phone_format,
        &mut p.work_phone_format,
        &mut p.avatar_fallback,
        &mut p.relationship_type_smart,
    ] {
        *text = String::new();
    }
    p.email = None;
    // The first community: its office hours count a new lead's wait.
    p.communities.truncate(1);
    p.communities.shrink_to_fit();
    p
}
