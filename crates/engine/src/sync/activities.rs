//! Everyone's activities in the store: the first time the last months, a month at a time; after
//! that only what the service changed since (`engine::activity_changes`).

use super::SyncFailure;
use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::activity_changes::ActivitiesHeld;
use crate::Backend;
use crate::api::Client;
use crate::api::model::Activity;
use crate::service::activities::{SYNC_MONTHS, load_updated, load_words_up_to, month_windows};
use crate::store::{Store, Written};

impl Backend {
    /// Everyone's activities, kept as rows under the key the calendar and My Day open on.
    /// Only rows that changed are written; none is read back to merge. Returns those written
    /// by a read of changes (not by the first fill: every row is new then).
    pub(super) async fn sync_activities(
        &self,
        client: &Client,
        store: &Arc<Store>,
        epoch: usize,
    ) -> Result<Vec<Written>, SyncFailure> {
        let started = Utc::now();
        let kept = {
            let store = store.clone();
            tokio::task::spawn_blocking(move || ActivitiesHeld::of(&store))
                .await
                .map_err(SyncFailure::local)?
        };
        if let Some(kept) = kept {
            self.set_syncing(epoch, crate::SyncStep::ChangedActivities);
            let changed = self.answered(self.read_changed_activities(client, kept).await)?;
            let written = keep(store, changed, Some(started)).await?;
            self.keep_older_words(client, store, epoch, started).await?;
            return Ok(written);
        }
        let windows = month_windows(started.date_naive(), SYNC_MONTHS);
        let months = windows.len();
        // Each month is written while the next is read: the service and the store each wait
        // for the other otherwise (measured on the huge portal: the app and the service each
        // half idle). Two months are held at most, and they are written in order.
        let mut writing: Option<tokio::task::JoinHandle<Result<Vec<Written>, SyncFailure>>> = None;
        for (i, (start, end)) in windows.into_iter().enumerate() {
            let read = if self.connection().epoch() != epoch {
                Err(SyncFailure::ConnectionChanged)
            } else {
                self.set_syncing(
                    epoch,
                    crate::SyncStep::ActivityMonths {
                        done: (i + 1) as u64,
                        months: months as u64,
                    },
                );
                self.answered(load_updated(client, start.into(), Some(end)).await)
            };
            // The month before is in the store before this one is written, or the sync stops.
            if let Some(earlier) = writing.take() {
                earlier.await.map_err(SyncFailure::local)??;
            }
            let month = read?;
            if i + 1 == months {
                keep(store, month, Some(started)).await?;
                // The store now answers every screen: told now, not when the sync ends.
                self.tell_held_changes();
                self.keep_older_words(client, store, epoch, started).await?;
            } else {
                let store = store.clone();
                writing = Some(tokio::spawn(async move { keep(&store, month, None).await }));
            }
        }
        Ok(Vec::new())
    }

    /// The families' words on being contacted from before the store's months, read once (every
    /// older page passes by, only the words are kept): a word stands however old it is, and
    /// `outreach due` answers from the store only once they are there.
    async fn keep_older_words(
        &self,
        client: &Client,
        store: &Arc<Store>,
        epoch: usize,
        started: DateTime<Utc>,
    ) -> Result<(), SyncFailure> {
        if store.older_words_kept() || self.connection().epoch() != epoch {
            return Ok(());
        }
        let Some((first_day, _)) = month_windows(started.date_naive(), SYNC_MONTHS)
            .first()
            .copied()
        else {
            return Ok(());
        };
        self.set_syncing(epoch, crate::SyncStep::OlderWords);
        // A failure here fails no sync: the copy answers every screen; `outreach due` reads
        // the service until a later sync has read the words.
        let words = match self.answered(load_words_up_to(client, first_day).await) {
            Ok(words) => words,
            Err(e) => {
                tracing::warn!(error = %e, "the families' older words were not read; the next sync tries again");
                return Ok(());
            }
        };
        let store = store.clone();
        tokio::task::spawn_blocking(move || store.keep_older_words(&words))
            .await
            .map_err(SyncFailure::local)?
            .map_err(SyncFailure::local)
    }
}

async fn keep(
    store: &Arc<Store>,
    activities: Vec<Activity>,
    complete_at: Option<DateTime<Utc>>,
) -> Result<Vec<Written>, SyncFailure> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || store.keep_activities(&activities, complete_at))
        .await
        .map_err(SyncFailure::local)?
        .map_err(SyncFailure::local)
}
