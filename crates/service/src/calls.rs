//! Importing a phone system's calls into the portal: each call matched to a case by its digits
//! (`domain::calls`), each matched call logged once as a Call In or Call Out on the case's lead,
//! with its length, result and reference in the activity's name. Before logging, the lead's
//! activities are read: a call whose reference is there (logged by an earlier import, on any
//! desk) is not logged again. Numbers and names never go to the log.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Duration, Utc};
use futures_util::{StreamExt, TryStreamExt};

use crate::api::model::{
    ActivityQuery, ActivityTypeMaster, CommunityRef, NewActivity, Note, TypeList, TypeQuery,
};
use crate::api::{ApiError, Client};
use crate::domain::calls::Call;
use crate::domain::calls::export::Export;
use crate::domain::calls::matching::{BookCase, CaseEntry, PhoneBook, Unmatched, match_calls};
use crate::domain::calls::missed::{MissedCall, missed_calls};
use crate::domain::calls::{Direction, LoggedCalls};
use crate::domain::speed_to_lead::happened_at;

/// Activities created per request.
const BATCH: usize = 50;
/// Leads whose activities are read at once.
const READS_AT_ONCE: usize = 4;

/// What an import did.
#[derive(Debug, Default)]
pub struct ImportReport {
    pub layout: String,
    pub calls: usize,
    /// Cases (with their people's numbers) the calls were matched against.
    pub cases: usize,
    pub matched: usize,
    /// Logged now.
    pub logged: usize,
    /// Found on the service already (an earlier import), or twice in this file.
    pub already: usize,
    /// Numbers on more than one case, with their calls' lines: not logged.
    pub several: Vec<(String, Vec<usize>)>,
    pub unmatched: Vec<Unmatched>,
    /// Calls in nobody answered or returned, as of this import.
    pub missed: Vec<MissedCall>,
}

#[derive(Debug)]
pub enum ImportError {
    /// The portal has no activity type for calls in or out.
    NoCallTypes(&'static str),
    /// The service failed; `logged` calls were logged before it did (importing the file again
    /// logs the rest and nothing twice).
    Service { error: ApiError, logged: usize },
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ImportError::NoCallTypes(which) => write!(
                f,
                "the portal has no activity type for {which}: add one in the portal's type lists"
            ),
            ImportError::Service { error, logged } => write!(
                f,
                "{error} ({logged} calls were logged first; importing the file again logs the rest, none twice)"
            ),
        }
    }
}

/// Matches `export`'s calls to the portal's cases and logs those not logged before.
pub async fn import(client: &Client, export: &Export) -> Result<ImportReport, ImportError> {
    let service = |error| ImportError::Service { error, logged: 0 };
    let mut book = PhoneBook::default();
    crate::cases::each_case(client.clone(), |case| book.add(case))
        .await
        .map_err(service)?;
    let types = client
        .types(&TypeQuery::list(TypeList::ACTIVITY_TYPE))
        .await
        .map_err(service)?;
    let type_of = |master: ActivityTypeMaster| {
        types
            .iter()
            .find(|t| t.master_id == master.code())
            .map(|t| (t.id, t.name.clone()))
    };
    let (call_in, _) =
        type_of(ActivityTypeMaster::CallIn).ok_or(ImportError::NoCallTypes("Call In"))?;
    let (call_out, call_out_name) =
        type_of(ActivityTypeMaster::CallOut).ok_or(ImportError::NoCallTypes("Call Out"))?;

    let matches = match_calls(&export.calls, &book);
    // Each matched case read once: its people's names (the book keeps none) and what its lead
    // already has (the references of calls logged before, and its calls out).
    let cases: Vec<(String, i64)> = {
        let mut seen = HashSet::new();
        matches
            .matched
            .iter()
            .map(|(_, case, _)| *case)
            .filter(|case| seen.insert(case.case_number.clone()))
            .map(|case: &BookCase| (case.case_number.to_string(), case.individual_id))
            .collect()
    };
    let read: Vec<(
        String,
        HashMap<i64, String>,
        Vec<crate::api::model::Activity>,
    )> = futures_util::stream::iter(cases)
        .map(|(number, lead)| async move {
            let names = read_names(client, &number).await?;
            let query = ActivityQuery {
                individual_id: Some(lead),
                page_size: Some(500),
                ..Default::default()
            };
            let activities = client.activities(&query).await?.into_vec();
            Ok::<_, ApiError>((number, names, activities))
        })
        .buffer_unordered(READS_AT_ONCE)
        .try_collect()
        .await
        .map_err(service)?;
    // References are checked within their case: two calls of two cases never pass for one.
    let mut known = LoggedCalls::default();
    let mut calls_out: HashMap<String, Vec<DateTime<Utc>>> = HashMap::new();
    let mut names: HashMap<String, HashMap<i64, String>> = HashMap::new();
    for (number, people, activities) in read {
        for activity in &activities {
            known.add(&number, &activity.activity_name);
            if activity.activity_type.as_deref() == Some(call_out_name.as_str()) {
                calls_out
                    .entry(number.clone())
                    .or_default()
                    .push(happened_at(activity).with_timezone(&Utc));
            }
        }
        names.insert(number, people);
    }
    let matched: Vec<(&Call, CaseEntry, String)> = matches
        .matched
        .iter()
        .map(|(call, case, person)| {
            let people = names.get(&*case.case_number);
            let name_of = |id: i64| people.and_then(|p| p.get(&id)).cloned();
            let entry = book.entry(case, name_of);
            let who = name_of(*person).unwrap_or_else(|| entry.lead_name.clone());
            (*call, entry, who)
        })
        .collect();

    let mut report = ImportReport {
        layout: export.layout.clone(),
        calls: export.calls.len(),
        cases: book.len(),
        matched: matches.matched.len(),
        ..Default::default()
    };
    let mut new = Vec::new();
    for (call, case, who) in &matched {
        if known.logged_before(&case.case_number, call) {
            report.already += 1;
            continue;
        }
        let start = call.start.fixed_offset();
        let end = start + Duration::seconds(i64::from(call.seconds));
        let mut activity = NewActivity::new(
            match call.direction {
                Direction::In => call_in,
                Direction::Out => call_out,
            },
            start,
        );
        activity.individual_id = Some(case.individual_id);
        activity.case_number = Some(case.case_number.clone());
        activity.end = Some(end);
        activity.date_completed = Some(end);
        activity.description = Some(call.description());
        activity.notes = Some(vec![Note {
            message: format!(
                "{} {} {} ({}), from the phone system's export.",
                match call.direction {
                    Direction::In => "Call from",
                    Direction::Out => "Call to",
                },
                who,
                call.other_party(),
                call.result_words()
            ),
        }]);
        activity.communities = case
            .community
            .clone()
            .map(|name_unique| vec![CommunityRef { name_unique }]);
        new.push(activity);
    }
    for batch in new.chunks(BATCH) {
        client
            .create_activities(batch.to_vec())
            .await
            .map_err(|error| ImportError::Service {
                error,
                logged: report.logged,
            })?;
        report.logged += batch.len();
    }
    tracing::info!(
        calls = report.calls,
        matched = report.matched,
        logged = report.logged,
        already = report.already,
        unmatched = matches.unmatched.len(),
        "a call export was imported"
    );
    let matched: Vec<(&Call, &CaseEntry, &str)> = matched
        .iter()
        .map(|(call, case, who)| (*call, case, who.as_str()))
        .collect();
    report.missed = missed_calls(&matched, &calls_out);
    report.several = matches.several;
    report.unmatched = matches.unmatched;
    Ok(report)
}

/// The names of the people of case `number`, by their ids (none when it is not found).
async fn read_names(client: &Client, number: &str) -> Result<HashMap<i64, String>, ApiError> {
    let query = crate::api::model::CaseQuery {
        case_number: Some(number.to_owned()),
        ..Default::default()
    };
    match client.case(&query).await {
        Ok(case) => Ok(case
            .individuals
            .into_iter()
            .map(|i| (i.individual_id, i.individual_name))
            .collect()),
        Err(ApiError::NotFound { .. }) => Ok(HashMap::new()),
        Err(e) => Err(e),
    }
}
