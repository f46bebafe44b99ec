//! The director's figures (the funnel, its breakdowns, the census forecast): once everyone's
//! activities are kept in the store they are worked out from its rows, cut to what they use;
//! before that (the first sync still filling), from the service as before.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use crate::Backend;
use crate::api::{ApiError, Client};
use crate::domain::funnel::STAGE_OF_TYPE;
use crate::domain::lost_leads::{LostRecord, records_of};
use crate::domain::report::FORECAST_DAYS;
use crate::domain::response_times::ContactTimes;
use crate::domain::speed_to_lead::LeadRules;
use crate::domain::team_board::{TeamBoard, input_from, team_board};
use crate::service::activities::Loading;
use crate::service::reports::{self, ReportData, WorkedOut};
use chrono::{DateTime, Utc};
use std::collections::HashMap;

impl Backend {
    /// What Sales shows, read the cheapest way there is: from the store when it holds everyone's
    /// activities (only the few rows the funnel uses are opened), else from the service.
    pub async fn sales_data(
        &self,
        client: Client,
        loading: Arc<Loading>,
        today: chrono::NaiveDate,
    ) -> Result<Arc<ReportData>, ApiError> {
        let store = self
            .store()
            .filter(|r| !r.is_empty() && r.activities_kept_at().is_some());
        let Some(store) = store else {
            return reports::load(client, loading).await;
        };
        if store.inventory_kept_at().is_none() {
            // Units and contracts not kept as rows yet (the first sync has not reached them).
            return reports::load(client, loading).await;
        }
        let (communities, members) =
            tokio::try_join!(client.communities(), reports::members(&client))?;
        let members = Arc::new(members);
        let unreadable = vec![("community".to_owned(), communities.skipped)];
        let for_rows = members.clone();
        // Worked out where the rows are read: the pane keeps the answers only, never the
        // activities, units or contracts they come from.
        let rows = self
            .one_at_a_time("sales figures", move || {
                let types: Vec<&str> = STAGE_OF_TYPE.iter().map(|(name, _)| *name).collect();
                // A batch of activities (and of contracts) at a time, the cases streamed past.
                let figures = store.funnel_figures(&types, &for_rows, today)?;
                let forecast = store.forecast(today, FORECAST_DAYS)?;
                let moves = store.moves_since(today - chrono::Days::new(90), today)?;
                Ok::<_, crate::store::StoreError>((figures, forecast, moves))
            })
            .await;
        let (figures, forecast, moves) = match rows {
            Ok(Ok(rows)) => rows,
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "the store could not give the figures; reading the service");
                return reports::load(client, loading).await;
            }
            Err(e) => {
                tracing::error!(error = %e, "working out the figures failed");
                return Err(ApiError::Internal);
            }
        };
        let Some(forecast) = forecast else {
            return reports::load(client, loading).await;
        };
        loading.loaded.store(figures.opened, Ordering::SeqCst);
        Ok(Arc::new(ReportData {
            communities: communities.into_vec(),
            units: Vec::new(),
            contracts: Vec::new(),
            activities: Arc::default(),
            cases: Vec::new(),
            members: Arc::unwrap_or_clone(members),
            worked_out: Some(Arc::new(WorkedOut {
                as_of: today,
                journeys: Arc::new(figures.journeys),
                facts: Arc::new(figures.facts),
                forecast: Some(Arc::new(forecast)),
                first_month: Some(Arc::new(figures.first_month)),
                moves: Some(Arc::new(moves)),
            })),
            unreadable,
        }))
    }

    /// The team board over `period` as of `now`: from the store when it holds everyone's
    /// activities (their columns only), else from every lead and everyone's activities.
    pub async fn team_board(
        &self,
        client: Client,
        period: (DateTime<Utc>, DateTime<Utc>),
        now: DateTime<Utc>,
        rules: LeadRules,
        zone: chrono_tz::Tz,
        loading: Arc<Loading>,
    ) -> Result<Arc<TeamBoard>, ApiError> {
        let store = self
            .store()
            .filter(|r| !r.is_empty() && r.activities_kept_at().is_some());
        if let Some(store) = store {
            let rules = rules.clone();
            let worked = self
                .one_at_a_time("team board", move || {
                    let input = store.board_input()?;
                    Ok::<_, crate::store::StoreError>(team_board(&input, period, now, &rules, zone))
                })
                .await;
            match worked {
                Ok(Ok(board)) => {
                    crate::answered_from_store();
                    return Ok(Arc::new(board));
                }
                Ok(Err(e)) => tracing::warn!(error = %e, "the team board not read from the store"),
                Err(e) => tracing::error!(error = %e, "working out the team board failed"),
            }
        }
        let (leads, activities) = tokio::try_join!(
            crate::service::cases::leads(client.clone()),
            crate::service::activities::load_all(
                client,
                crate::api::model::ActivityFilter::AllUsers,
                loading
            )
        )?;
        let input = input_from(&leads, &activities);
        Ok(Arc::new(team_board(&input, period, now, &rules, zone)))
    }

    /// Every lost-lead record of the portal (Sales counts them by month): from the store when
    /// it holds everyone's activities (only those rows opened), else from the service's reads.
    pub async fn lost_leads(
        &self,
        client: Client,
        loading: Arc<Loading>,
    ) -> Result<Arc<Vec<LostRecord>>, ApiError> {
        let store = self
            .store()
            .filter(|r| !r.is_empty() && r.activities_kept_at().is_some());
        if let Some(store) = store {
            match self
                .one_at_a_time("lost leads", move || store.lost_records())
                .await
            {
                Ok(Ok(records)) => {
                    crate::answered_from_store();
                    return Ok(Arc::new(records));
                }
                Ok(Err(e)) => tracing::warn!(error = %e, "lost leads not read from the store"),
                Err(e) => tracing::error!(error = %e, "reading lost leads failed"),
            }
        }
        let (leads, activities) = tokio::try_join!(
            crate::service::cases::leads(client.clone()),
            crate::service::activities::load_all(
                client,
                crate::api::model::ActivityFilter::AllUsers,
                loading
            )
        )?;
        Ok(Arc::new(records_of(&activities, &leads)))
    }

    /// The last weeks' calls by weekday and hour (Sales' Calls tab): from the store's rows
    /// when it holds everyone's activities, else from the service's reads.
    pub async fn call_hours(
        &self,
        client: Client,
        now: DateTime<Utc>,
        loading: Arc<Loading>,
    ) -> Result<Arc<crate::domain::calls::hours::CallHours>, ApiError> {
        use crate::domain::calls::hours::{CallTime, WEEKS, call_direction, call_hours, is_missed};
        let zone = self.connection().zone();
        let since = (now - chrono::Duration::weeks(WEEKS)).timestamp();
        let store = self
            .store()
            .filter(|r| !r.is_empty() && r.activities_kept_at().is_some());
        if let Some(store) = store {
            match self
                .one_at_a_time("calls by hour", move || store.call_times(since))
                .await
            {
                Ok(Ok(calls)) => {
                    crate::answered_from_store();
                    return Ok(Arc::new(call_hours(&calls, zone, now)));
                }
                Ok(Err(e)) => tracing::warn!(error = %e, "calls not read from the store"),
                Err(e) => tracing::error!(error = %e, "reading calls failed"),
            }
        }
        let activities = crate::service::activities::load_all(
            client,
            crate::api::model::ActivityFilter::AllUsers,
            loading,
        )
        .await?;
        let calls: Vec<CallTime> = activities
            .iter()
            .filter(|a| a.completed)
            .filter_map(|a| {
                let inbound = call_direction(a.activity_type.as_deref()?)?;
                Some(CallTime {
                    at: a.due_date.with_timezone(&Utc),
                    inbound,
                    missed: inbound && is_missed(&a.activity_name),
                })
            })
            .collect();
        Ok(Arc::new(call_hours(&calls, zone, now)))
    }

    /// When each case inquired and was first reached (the funnel's speed to lead): from the
    /// store's columns and case rows when it holds everyone's activities, else from every case
    /// and everyone's activities.
    pub async fn contact_times(
        &self,
        client: Client,
        now: DateTime<Utc>,
        loading: Arc<Loading>,
    ) -> Result<Arc<HashMap<String, ContactTimes>>, ApiError> {
        let store = self
            .store()
            .filter(|r| !r.is_empty() && r.activities_kept_at().is_some());
        if let Some(store) = store {
            match self
                .one_at_a_time("contact times", move || store.contact_times(now))
                .await
            {
                Ok(Ok(times)) => {
                    crate::answered_from_store();
                    return Ok(Arc::new(times));
                }
                Ok(Err(e)) => tracing::warn!(error = %e, "contact times not read from the store"),
                Err(e) => tracing::error!(error = %e, "reading contact times failed"),
            }
        }
        let activities = crate::service::activities::load_all(
            client.clone(),
            crate::api::model::ActivityFilter::AllUsers,
            loading,
        )
        .await?;
        let first = crate::domain::response_times::first_contacts(&activities, now);
        let mut out = HashMap::new();
        crate::service::cases::each_case(client, |case| {
            out.insert(
                case.primary.case_number.clone(),
                crate::domain::response_times::times_of(case, &first),
            );
        })
        .await?;
        Ok(Arc::new(out))
    }
}
