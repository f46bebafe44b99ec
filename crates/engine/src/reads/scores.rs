//! The move-in scores: fitted on the store's whole past, which takes a moment on a large
//! portal, so the answer is kept until the day changes or a sync brings activities (every pane
//! that shows a score asks the same).

use std::sync::{Arc, Mutex};

use chrono::{DateTime, NaiveDate, Utc};

use crate::Backend;
use crate::api::ApiError;
use crate::domain::move_in_score::{NoScore, Scores, score_all};

/// The scores, or why there are none.
pub type ScoreAnswer = Result<Scores, NoScore>;

/// The day and the store's activities stamp the kept answer was worked out for.
type Key = (NaiveDate, DateTime<Utc>);

#[derive(Default)]
pub(super) struct Kept(Mutex<Option<(Key, Arc<ScoreAnswer>)>>);

impl Backend {
    /// Every active lead's move-in score as of `today`, from the store.
    pub async fn move_in_scores(&self, today: NaiveDate) -> Result<Arc<ScoreAnswer>, ApiError> {
        let store = self.store().filter(|r| !r.is_empty());
        let Some((store, stamp)) =
            store.and_then(|s| s.activities_kept_at().map(|(at, _)| (s, at)))
        else {
            return Ok(Arc::new(Err(NoScore::NotKept)));
        };
        let key = (today, stamp);
        if let Some((known, answer)) = self
            .inner
            .reads
            .scores
            .0
            .lock()
            .ok()
            .and_then(|k| k.clone())
            && known == key
        {
            return Ok(answer);
        }
        let worked = self
            .one_at_a_time("move-in scores", move || {
                let records = store.score_records(today)?;
                let mut answer = score_all(&records, today);
                drop(records);
                if let Ok(scores) = &mut answer {
                    scores.monthly_rates = store.monthly_rates()?;
                }
                Ok::<_, crate::store::StoreError>(answer)
            })
            .await;
        let answer = match worked {
            Ok(Ok(answer)) => Arc::new(answer),
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "the store could not give the scores' history");
                return Err(ApiError::Internal);
            }
            Err(e) => {
                tracing::error!(error = %e, "working out the scores failed");
                return Err(ApiError::Internal);
            }
        };
        if let Ok(mut kept) = self.inner.reads.scores.0.lock() {
            *kept = Some((key, answer.clone()));
        }
        Ok(answer)
    }
}
