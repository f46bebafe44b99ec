//! What each case's family asked not to get, for the lists that offer contact: from the store
//! when it holds everyone's activities, else from every activity of the service's whose
//! description is a family's word.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::Backend;
use crate::api::model::{Activity, ActivityFilter};
use crate::api::{ApiError, Client};
use crate::domain::channel::Channel;
use crate::domain::contact::preference::{is_preference, preferences, stopped_channels};
use crate::service::activities::{Loading, load_matching};

impl Backend {
    /// The channels each case's family asked not to get, by case number, where such a word
    /// stands at `now` (the window says them: "No texts", "Do not contact").
    pub async fn contact_holds(
        &self,
        client: Client,
        now: DateTime<Utc>,
        loading: Arc<Loading>,
    ) -> Result<Arc<HashMap<String, Vec<Channel>>>, ApiError> {
        if let Some(store) = self.filled_store() {
            let read = self
                .one_at_a_time("contact holds", move || store.contact_holds(now))
                .await;
            match read {
                Ok(Ok(holds)) => {
                    crate::answered_from_store();
                    return Ok(Arc::new(holds));
                }
                Ok(Err(e)) => tracing::warn!(error = %e, "contact holds not read from the store"),
                Err(e) => tracing::error!(error = %e, "contact holds failed"),
            }
        }
        let words = load_matching(client, ActivityFilter::AllUsers, loading, |a| {
            is_preference(a) && !a.cancelled
        })
        .await?;
        let mut by_case: HashMap<String, Vec<Activity>> = HashMap::new();
        for activity in words.iter() {
            by_case
                .entry(activity.case_number.clone())
                .or_default()
                .push(activity.clone());
        }
        Ok(Arc::new(
            by_case
                .into_iter()
                .filter_map(|(case, list)| {
                    let said = stopped_channels(&preferences(&list), now);
                    (!said.is_empty()).then_some((case, said))
                })
                .collect(),
        ))
    }
}
