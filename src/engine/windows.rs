//! What My day and the tour form read: from the store once it holds everyone's activities (the
//! agent's own leads and their activities; a few days of everyone's), else from the service as
//! before. Nothing here holds every activity.

use std::sync::Arc;

use chrono::{DateTime, Days, NaiveDate, Utc};

use super::Backend;
use super::replica::{CaseReplica, DueWindow, ReplicaError};
use crate::api::model::{Activity, ActivityFilter};
use crate::api::{ApiError, Client};
use crate::domain::next_step::{NeedsNextStep, needs_next_step};
use crate::service::activities::{Loading, load_all};
use crate::service::cases;

impl Backend {
    /// The store, when its first fill of everyone's activities has finished.
    fn filled_store(&self) -> Option<Arc<CaseReplica>> {
        self.replica()
            .filter(|r| !r.is_empty() && r.activities_kept_at().is_some())
    }

    /// My day's "Needs a next step" for the user `me`: their leads and those leads' activities,
    /// from the store when it is filled; else every lead and everyone's activities from the
    /// service (the rule is the same: `domain::next_step`).
    pub async fn next_steps(
        &self,
        client: Client,
        me: i64,
        now: DateTime<Utc>,
        loading: Arc<Loading>,
    ) -> Result<Arc<Vec<NeedsNextStep>>, ApiError> {
        if let Some(replica) = self.filled_store() {
            let rows = tokio::task::spawn_blocking(move || -> Result<_, ReplicaError> {
                let leads = replica.leads_of(me)?;
                let numbers: Vec<&str> = leads
                    .iter()
                    .map(|c| c.primary.case_number.as_str())
                    .collect();
                let activities = replica.activities_of_cases(&numbers)?;
                Ok(needs_next_step(&leads, &activities, me, now))
            })
            .await;
            match rows {
                Ok(Ok(rows)) => {
                    super::answered_from_store();
                    return Ok(Arc::new(rows));
                }
                Ok(Err(e)) => tracing::warn!(error = %e, "next steps not read from the store"),
                Err(e) => tracing::error!(error = %e, "next steps failed"),
            }
        }
        let (leads, team) = tokio::try_join!(
            cases::leads(client.clone()),
            load_all(client, ActivityFilter::AllUsers, loading)
        )?;
        Ok(Arc::new(needs_next_step(&leads, &team, me, now)))
    }

    /// Everyone's activities due from `from` to `to` (whole days, with a day's margin either
    /// side for time zones): from the store when it is filled, else all of them from the service
    /// (the caller keeps the days it shows).
    pub async fn team_days(
        &self,
        client: Client,
        from: NaiveDate,
        to: NaiveDate,
        loading: Arc<Loading>,
    ) -> Result<Arc<TeamDays>, ApiError> {
        if let Some(replica) = self.filled_store() {
            let start = from.checked_sub_days(Days::new(1)).unwrap_or(from);
            let end = to.checked_add_days(Days::new(2)).unwrap_or(to);
            let window = DueWindow {
                from: start.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc(),
                to: end.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc(),
                assigned: None,
                open_only: false,
            };
            let read = tokio::task::spawn_blocking(move || replica.activities_due(&window)).await;
            match read {
                Ok(Ok((activities, _))) => {
                    super::answered_from_store();
                    return Ok(Arc::new(TeamDays {
                        activities,
                        covers: Some((from, to)),
                    }));
                }
                Ok(Err(e)) => tracing::warn!(error = %e, "the team's days not read from the store"),
                Err(e) => tracing::error!(error = %e, "reading the team's days failed"),
            }
        }
        let every = load_all(client, ActivityFilter::AllUsers, loading).await?;
        Ok(Arc::new(TeamDays {
            activities: Arc::unwrap_or_clone(every),
            covers: None,
        }))
    }
}

/// Everyone's activities over some days.
#[derive(Debug, Clone, Default)]
pub struct TeamDays {
    pub activities: Vec<Activity>,
    /// The days they cover; `None`: every day (read from the service whole).
    pub covers: Option<(NaiveDate, NaiveDate)>,
}

impl TeamDays {
    /// Whether `day` is among the days read.
    pub fn covers(&self, day: NaiveDate) -> bool {
        self.covers
            .is_none_or(|(from, to)| from <= day && day <= to)
    }
}
