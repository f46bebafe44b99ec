//! The director's figures: the funnel and forecast, speed to lead, the team board, lost leads,
//! the portal's possible duplicates and the weekly report.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};

use super::{Backend, Loading, ReportData, Request};
use crate::api::{ApiError, Client};
use crate::domain::contact_story::ContactRule;
use crate::domain::duplicate_groups::DuplicateGroup;
use crate::domain::duplicates::Probe;
use crate::domain::lost_leads::LostRecord;
use crate::domain::response_times::ContactTimes;
use crate::domain::speed_to_lead::{Colour, LeadRules};
use crate::domain::team_board::TeamBoard;
use crate::duplicates::KnownPerson;
use crate::reads::scores::ScoreAnswer;
use crate::service::reports::{ReportError, weekly_report};

/// Every active lead's move-in score, and the score's calibration.
pub fn move_in_scores(today: NaiveDate) -> Request<Arc<ScoreAnswer>> {
    Request::read(move |backend: Backend, _client: Client| async move {
        backend.move_in_scores(today).await
    })
}

pub fn sales_data(loading: Arc<Loading>, today: NaiveDate) -> Request<Arc<ReportData>> {
    Request::read(move |backend: Backend, client: Client| {
        let loading = loading.clone();
        async move { backend.sales_data(client, loading, today).await }
    })
}

/// Each lead's first contact times (speed to lead beside the funnel).
pub fn contact_times(
    now: DateTime<Utc>,
    loading: Arc<Loading>,
) -> Request<Arc<HashMap<String, ContactTimes>>> {
    Request::read(move |backend: Backend, client: Client| {
        let loading = loading.clone();
        async move { backend.contact_times(client, now, loading).await }
    })
}

pub fn team_board(
    period: (DateTime<Utc>, DateTime<Utc>),
    now: DateTime<Utc>,
    rules: LeadRules,
    zone: chrono_tz::Tz,
    loading: Arc<Loading>,
) -> Request<Arc<TeamBoard>> {
    Request::read(move |backend: Backend, client: Client| {
        let (rules, loading) = (rules.clone(), loading.clone());
        async move {
            backend
                .team_board(client, period, now, rules, zone, loading)
                .await
        }
    })
}

pub fn lost_leads(loading: Arc<Loading>) -> Request<Arc<Vec<LostRecord>>> {
    Request::read(move |backend: Backend, client: Client| {
        let loading = loading.clone();
        async move { backend.lost_leads(client, loading).await }
    })
}

/// The last weeks' calls and missed calls by weekday and hour.
pub fn call_hours(
    loading: Arc<Loading>,
    now: chrono::DateTime<chrono::Utc>,
) -> Request<Arc<crate::domain::calls::hours::CallHours>> {
    Request::read(move |backend: Backend, client: Client| {
        let loading = loading.clone();
        async move { backend.call_hours(client, now, loading).await }
    })
}

/// Each active lead's follow-up colour, by case number.
pub fn lead_colours(
    now: DateTime<Utc>,
    rule: ContactRule,
    loading: Arc<Loading>,
) -> Request<Arc<HashMap<String, Colour>>> {
    Request::read(move |backend: Backend, client: Client| {
        let (loading, rule) = (loading.clone(), rule.clone());
        async move { backend.lead_colours(client, now, rule, loading).await }
    })
}

/// What each case's family asked not to get ("No texts"…), by case number.
pub fn contact_holds(
    now: DateTime<Utc>,
    loading: Arc<Loading>,
) -> Request<Arc<HashMap<String, Vec<crate::domain::channel::Channel>>>> {
    Request::read(move |backend: Backend, client: Client| {
        let loading = loading.clone();
        async move { backend.contact_holds(client, now, loading).await }
    })
}

/// The portal's groups of cases that may be one person.
pub fn duplicate_groups() -> Request<Arc<Vec<DuplicateGroup>>> {
    Request::read(|backend: Backend, client: Client| async move {
        backend.duplicate_groups(client).await
    })
}

/// Known people who may be the one being typed into the new-individual form.
pub fn known_people(probe: Probe) -> Request<Arc<Vec<KnownPerson>>> {
    Request::read(move |backend: Backend, client: Client| {
        let probe = probe.clone();
        async move { backend.possible_duplicates(client, probe).await }
    })
}

/// The weekly report of the whole portal as of `today`, rendered as a PDF in `language`.
pub fn weekly_report_pdf(
    label: String,
    today: NaiveDate,
    now: chrono::DateTime<chrono::Utc>,
    settings: crate::domain::report::ReportSettings,
    language: crate::report::Language,
) -> Request<Arc<Vec<u8>>> {
    Request::write(move |_, client: Client| {
        let (label, settings) = (label.clone(), settings.clone());
        async move {
            let report = weekly_report(&client, &label, None, today, now, &settings)
                .await
                .map_err(|e| match e {
                    ReportError::Service(e) => e,
                    other => ApiError::Config {
                        message: other.to_string(),
                    },
                })?;
            let bytes = crate::report::render(
                &report,
                crate::report::Format::Pdf,
                crate::report::Paper::default(),
                language,
            )
            .map_err(|message| ApiError::Config { message })?;
            Ok(Arc::new(bytes))
        }
    })
}

/// Referral partners' people (Referral Source individuals who name a market source), for
/// their packs.
pub fn partner_contacts() -> Request<Arc<Vec<crate::domain::partner_pack::PartnerContact>>> {
    const PAGE: i64 = 1000;
    Request::read(move |_, client: Client| async move {
        let mut cases = Vec::new();
        for page in 1..=10 {
            let answer = client
                .search(&crate::api::model::SearchQuery {
                    individual_type_id: Some(crate::api::model::IndividualType::ReferralSource),
                    page_number: Some(page),
                    page_size: Some(PAGE),
                    ..Default::default()
                })
                .await?;
            let received = answer.cases.len() + answer.cases.skipped;
            cases.extend(answer.cases);
            if (received as i64) < PAGE {
                break;
            }
        }
        Ok(Arc::new(crate::domain::partner_pack::contacts_of(&cases)))
    })
}

/// The regional roll-up of these portals as of `today`, each from its own store on this desk.
pub fn region(
    portals: Vec<crate::RegionPortal>,
    today: NaiveDate,
    now: DateTime<Utc>,
    rules: LeadRules,
) -> Request<Arc<crate::Region>> {
    Request::read(move |backend: Backend, _client: Client| {
        let (portals, rules) = (portals.clone(), rules.clone());
        async move { backend.region(portals, today, now, rules).await }
    })
}
