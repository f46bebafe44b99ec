//! The waitlist's entries, from the store (only the Deposit and Room Reserve rows are opened).

use std::sync::Arc;

use crate::Backend;
use crate::api::ApiError;
use crate::domain::waitlist::Entry;

impl Backend {
    /// Every entry of a case still a lead; `None` while the store does not yet hold
    /// everyone's activities (its first sync is filling).
    pub async fn waitlist(&self) -> Result<Arc<Option<Vec<Entry>>>, ApiError> {
        let Some(store) = self
            .store()
            .filter(|r| !r.is_empty() && r.activities_kept_at().is_some())
        else {
            return Ok(Arc::new(None));
        };
        match self
            .one_at_a_time("waitlist", move || store.waitlist())
            .await
        {
            Ok(Ok(entries)) => Ok(Arc::new(Some(entries))),
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "the store could not give the waitlist");
                Err(ApiError::Internal)
            }
            Err(e) => {
                tracing::error!(error = %e, "reading the waitlist failed");
                Err(ApiError::Internal)
            }
        }
    }
}
