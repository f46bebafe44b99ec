//! What the director's desk and the weekly report read: communities, units, every contract,
//! everyone's activities, every case, campaign members; and the admission checklists of the
//! queue, a few at a time, each reported as it arrives.

use std::collections::HashMap;
use std::sync::Arc;

use futures_util::StreamExt;

use chrono::{NaiveDate, Utc};

use crate::activities::{Loading, load_all};
use crate::api::model::{
    Activity, ActivityFilter, CampaignQuery, Community, HousingContract, HousingContractQuery,
    SearchCase, SearchQuery, Unit, UnitQuery,
};
use crate::api::{ApiError, Client};
use crate::domain::admissions::{QueueEntry, queue};
use crate::domain::checklist::Progress;
use crate::domain::report::{QUEUE_DAYS, ReportInput, WeeklyReport, weekly};

/// Checklists read at once: enough to fill a screen quickly, few enough to be polite.
pub const CHECKLIST_CONCURRENCY: usize = 4;
const SEARCH_PAGE: i64 = 4000;

#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ReportData {
    pub communities: Vec<Community>,
    pub units: Vec<Unit>,
    pub contracts: Vec<HousingContract>,
    pub activities: Arc<Vec<Activity>>,
    pub cases: Vec<SearchCase>,
    /// (campaign name, individual id).
    pub members: Vec<(String, i64)>,
    /// The funnel already worked out (from the store, which then leaves `activities` and
    /// `cases` empty), for the day it was worked out for.
    #[serde(skip)]
    pub worked_out: Option<Arc<WorkedOut>>,
    /// Records the service sent that could not be read, by what they are.
    #[serde(default)]
    pub unreadable: Vec<(String, usize)>,
}

/// The funnel's journeys and each case's facts, as of a day.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WorkedOut {
    pub as_of: chrono::NaiveDate,
    pub journeys: Arc<Vec<crate::domain::funnel::Journey>>,
    pub facts: Arc<std::collections::HashMap<String, crate::domain::funnel::CaseFacts>>,
    /// The census forecast from the store's units and contracts (which the data then leaves
    /// out); `None`: work it out from the data's.
    pub forecast: Option<Arc<crate::domain::census::Forecast>>,
    /// Each case's first month's rent, from the same contracts.
    pub first_month: Option<Arc<std::collections::HashMap<String, f64>>>,
    /// The move dates of the last 90 days' contracts, from the same rows.
    pub moves: Option<Arc<Vec<crate::domain::benchmarks::MoveDates>>>,
}

/// Reads everything the funnel, the forecast and the report need, at once.
pub async fn load(client: Client, loading: Arc<Loading>) -> Result<Arc<ReportData>, ApiError> {
    let unit_query = UnitQuery::default();
    let contract_query = HousingContractQuery::default();
    let (communities, units, contracts, activities, cases, members) = tokio::try_join!(
        client.communities(),
        client.units(&unit_query),
        client.housing_contracts(&contract_query),
        load_all(client.clone(), ActivityFilter::AllUsers, loading.clone()),
        all_cases(&client),
        members(&client),
    )?;
    let unreadable = vec![
        ("community".to_owned(), communities.skipped),
        ("unit".to_owned(), units.skipped),
        ("housing contract".to_owned(), contracts.skipped),
        (
            "activity".to_owned(),
            loading.skipped.load(std::sync::atomic::Ordering::SeqCst),
        ),
    ];
    Ok(Arc::new(ReportData {
        unreadable,
        communities: communities.into_vec(),
        units: units.into_vec(),
        contracts: contracts.into_vec(),
        activities,
        cases,
        members,
        worked_out: None,
    }))
}

/// Every case, every type, page by page.
pub async fn all_cases(client: &Client) -> Result<Vec<SearchCase>, ApiError> {
    all_cases_within(client, super::budget::REPORT_CASE_BYTES).await
}

/// [`all_cases`], refused once more than `limit` bytes were read.
pub async fn all_cases_within(client: &Client, limit: u64) -> Result<Vec<SearchCase>, ApiError> {
    let (client, budget) =
        super::budget::ByteBudget::new(client, limit, crate::api::BudgetOf::ReportCases);
    let mut all = Vec::new();
    for page in 1..=100 {
        let answer = client
            .search(&SearchQuery {
                page_number: Some(page),
                page_size: Some(SEARCH_PAGE),
                ..Default::default()
            })
            .await?;
        let received = answer.cases.len() + answer.cases.skipped;
        all.extend(answer.cases);
        budget.check()?;
        if (received as i64) < SEARCH_PAGE {
            break;
        }
    }
    Ok(all)
}

/// Every campaign's members, as (campaign name, individual id).
pub async fn members(client: &Client) -> Result<Vec<(String, i64)>, ApiError> {
    let campaigns = client.campaigns(&CampaignQuery::default()).await?;
    let mut all = Vec::new();
    for campaign in campaigns {
        let people = client.campaign_individuals(campaign.id).await?;
        all.extend(
            people
                .into_iter()
                .map(|p| (campaign.name.clone(), p.individual_id)),
        );
    }
    Ok(all)
}

/// The checklist progress of each queued move-in, [`CHECKLIST_CONCURRENCY`] at a time;
/// `arrived` hears of each as it comes (a failed one is left out, and said in the log).
pub async fn checklists(
    client: Client,
    entries: Vec<QueueEntry>,
    arrived: impl Fn(i64, Progress) + Send + Sync,
) -> HashMap<i64, Progress> {
    let reads = entries.into_iter().filter_map(|e| {
        let case = e.case_number.trim().parse::<i64>().ok()?;
        let client = client.clone();
        Some(async move {
            let answer = client.admission_requirements(case, e.community_id).await;
            (e.contract_id, answer)
        })
    });
    let mut stream = futures_util::stream::iter(reads).buffer_unordered(CHECKLIST_CONCURRENCY);
    let mut found = HashMap::new();
    while let Some((contract, answer)) = stream.next().await {
        match answer {
            Ok(list) => {
                let progress = Progress::of(&list);
                arrived(contract, progress);
                found.insert(contract, progress);
            }
            Err(e) => tracing::warn!(contract, error = %e, "a checklist could not be read"),
        }
    }
    found
}

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("no community has the unique name {name:?} (known: {known})")]
    UnknownCommunity { name: String, known: String },
    #[error("the service could not be read: {0}")]
    Service(#[from] ApiError),
}

/// The community whose unique name is `name` (any case), or an error naming those there are.
pub fn community_named<'a>(
    communities: &'a [Community],
    name: &str,
) -> Result<&'a Community, ReportError> {
    communities
        .iter()
        .find(|c| c.name_unique.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| ReportError::UnknownCommunity {
            name: name.to_owned(),
            known: communities
                .iter()
                .map(|c| c.name_unique.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// The weekly report as of a day, for one community (by unique name) or all, read from the
/// service (the queue's checklists included), made at `now` (the app's clock, so its board is
/// the one Sales shows at that moment).
pub async fn weekly_report(
    client: &Client,
    label: &str,
    community: Option<&str>,
    as_of: NaiveDate,
    now: chrono::DateTime<Utc>,
    settings: &crate::domain::report::ReportSettings,
) -> Result<WeeklyReport, ReportError> {
    let data = load(client.clone(), Arc::new(Loading::default())).await?;
    let chosen = community
        .map(|name| community_named(&data.communities, name))
        .transpose()?;
    let upcoming: Vec<_> = queue(&data.contracts, as_of, QUEUE_DAYS, chosen.map(|c| c.id))
        .into_iter()
        .filter(|e| e.is_upcoming(as_of))
        .collect();
    let progress = checklists(client.clone(), upcoming, |_, _| {}).await;
    Ok(weekly(&ReportInput {
        portal: label,
        communities: &data.communities,
        units: &data.units,
        contracts: &data.contracts,
        activities: &data.activities,
        cases: &data.cases,
        members: &data.members,
        checklists: &progress,
        as_of,
        community: chosen,
        generated: now,
        unreadable: &data.unreadable,
        settings,
    }))
}
