//! Reading activities page by page (1,000 a page) with a count of what has arrived, up to a
//! limit: the calendar's list (the API user's) and the team's (everyone's, for "needs a next
//! step" and tour clashes).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::api::model::{Activity, ActivityFilter, ActivityQuery};
use crate::api::{ApiError, Client};

pub const PAGE: i64 = 1000;
/// Stop after this many activities: a month of a very large portal still fits.
pub const MAX_ACTIVITIES: usize = 200_000;

/// How far a load has got, shared with the screen.
#[derive(Debug, Default)]
pub struct Loading {
    pub loaded: AtomicUsize,
    /// Records the service sent that could not be read (left out).
    pub skipped: AtomicUsize,
}

/// Every activity the filter gives, page by page.
pub async fn load_all(
    client: Client,
    filter: ActivityFilter,
    progress: Arc<Loading>,
) -> Result<Arc<Vec<Activity>>, ApiError> {
    progress.loaded.store(0, Ordering::SeqCst);
    progress.skipped.store(0, Ordering::SeqCst);
    let mut all = Vec::new();
    for page in 1.. {
        let query = ActivityQuery {
            filter: Some(filter),
            page_size: Some(PAGE),
            page_number: Some(page),
            ..Default::default()
        };
        let batch = client.activities(&query).await?;
        // A skipped record still took its place on the page.
        let received = batch.len() + batch.unreadable.len();
        progress
            .skipped
            .fetch_add(batch.unreadable.len(), Ordering::SeqCst);
        all.extend(batch);
        progress.loaded.store(all.len(), Ordering::SeqCst);
        if (received as i64) < PAGE || all.len() >= MAX_ACTIVITIES {
            break;
        }
    }
    Ok(Arc::new(all))
}
