//! The director's figures (the funnel, its breakdowns, the census forecast): once everyone's
//! activities are kept in the store they are worked out from its rows, cut to what they use;
//! before that (the first sync still filling), from the service as before.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::Backend;
use crate::api::model::{HousingContractQuery, UnitQuery};
use crate::api::{ApiError, Client};
use crate::domain::funnel::STAGE_OF_TYPE;
use crate::service::activities::Loading;
use crate::service::reports::{self, ReportData};

impl Backend {
    /// What Sales shows, read the cheapest way there is: from the store when it holds everyone's
    /// activities (only the few rows the funnel uses are opened), else from the service.
    pub async fn sales_data(
        &self,
        client: Client,
        loading: Arc<Loading>,
    ) -> Result<Arc<ReportData>, ApiError> {
        let replica = self
            .replica()
            .filter(|r| !r.is_empty() && r.activities_kept_at().is_some());
        let Some(replica) = replica else {
            return reports::load(client, loading).await;
        };
        let (units, contracts) = (UnitQuery::default(), HousingContractQuery::default());
        let (communities, units, contracts, members) = tokio::try_join!(
            client.communities(),
            client.units(&units),
            client.housing_contracts(&contracts),
            reports::members(&client),
        )?;
        let rows = tokio::task::spawn_blocking(move || {
            let types: Vec<&str> = STAGE_OF_TYPE.iter().map(|(name, _)| *name).collect();
            Ok::<_, super::replica::ReplicaError>((
                replica.report_activities(&types)?,
                replica.report_cases()?,
            ))
        })
        .await;
        let (activities, cases) = match rows {
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
        loading.loaded.store(activities.len(), Ordering::SeqCst);
        Ok(Arc::new(ReportData {
            communities: communities.into_vec(),
            units: units.into_vec(),
            contracts: contracts.into_vec(),
            activities: Arc::new(activities),
            cases,
            members,
        }))
    }
}
