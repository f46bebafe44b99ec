//! What the service changed of everyone's activities since the store last read them: from the
//! newest update the store holds, less a few minutes (see `docs/decisions.md`, "Activities
//! changed since a moment"). Read by the sync and after a write.

use std::sync::atomic::Ordering;

use chrono::{DateTime, Duration, NaiveDate, Utc};

use crate::Backend;
use crate::api::model::{Activity, DayOrTime};
use crate::api::{ApiError, Client};
use crate::service::activities::{changed_since, load_updated};
use crate::store::Store;

/// How far before the newest update kept a read of changes starts: an update stamped just
/// before it may have been committed just after it was read.
const OVERLAP: Duration = Duration::minutes(10);

/// What the store holds of everyone's activities, to read what changed since.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ActivitiesHeld {
    /// When the first fill (or the last read of changes) finished.
    pub at: DateTime<Utc>,
    /// The newest day the service stamped on one, and the newest moment.
    pub latest_day: Option<NaiveDate>,
    pub newest: Option<DateTime<Utc>>,
}

impl ActivitiesHeld {
    /// What `store` holds; `None` before its first fill finished. Blocking.
    pub fn of(store: &Store) -> Option<Self> {
        let (at, latest_day) = store.activities_kept_at()?;
        Some(Self {
            at,
            latest_day,
            newest: store.newest_activity_update(),
        })
    }
}

impl Backend {
    /// The activities the service changed since `kept`: from its newest update (or when it
    /// last read, if earlier) less [`OVERLAP`], or from the day before where the service refuses a moment (or the store
    /// holds no stamp yet).
    pub(crate) async fn read_changed_activities(
        &self,
        client: &Client,
        kept: ActivitiesHeld,
    ) -> Result<Vec<Activity>, ApiError> {
        let refused = &self.inner.sync.moments_refused;
        if let Some(newest) = kept.newest.filter(|_| !refused.load(Ordering::SeqCst)) {
            // A stamp ahead of when the store last read (a record the service dates ahead)
            // must not move the start past updates still to come: never later than that.
            let from = newest.min(kept.at) - OVERLAP;
            match load_updated(client, DayOrTime::Time(from), None).await {
                Err(ApiError::Invalid { message }) => {
                    tracing::warn!(
                        %message,
                        "the service refused a moment in DateUpdatedStart; reading whole days"
                    );
                    refused.store(true, Ordering::SeqCst);
                }
                answer => return answer,
            }
        }
        let since = changed_since(kept.latest_day, kept.at);
        load_updated(client, since.into(), None).await
    }
}
