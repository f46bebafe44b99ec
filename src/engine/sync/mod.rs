//! The sync: what the service holds, brought into the store a few minutes apart, and what it
//! changed told to the window once it is in. `cases` keeps the cases (a sweep every hour,
//! between sweeps the changed and the new ones); `answers` what the screens open on (units and
//! contracts, lists, campaigns, activities); `checklists` the admissions queue's checklists.

use std::sync::atomic::Ordering;
use std::time::Duration;

use chrono::Utc;

use super::change::Change;
pub(super) use super::into_store::{keep_inventory_rows, keep_now};
use super::{Backend, ClientState, lock};
use crate::api::ApiError;

mod activities;
mod answers;
mod cases;
mod checklists;

/// Cases asked for per page while syncing.
pub const SYNC_PAGE: i64 = 2000;
/// Pages synced at most (the store's own cap stops earlier).
const MAX_SYNC_PAGES: i64 = 500;
/// How soon a sync that failed is tried again.
const RETRY_FAILED_SYNC: Duration = Duration::from_secs(30);
pub const DEFAULT_SYNC_MINUTES: u64 = 5;
/// How often every case is read (the service has no "changed since" for cases); the syncs
/// between read only the cases whose activities changed.
pub const DEFAULT_CASE_SWEEP: Duration = Duration::from_secs(60 * 60);
/// Changed cases read one by one at most; more than this and every case is read.
const MAX_CHANGED_CASES: usize = 200;

/// How a sync went.
enum Sync {
    Done,
    Failed,
    NotNow,
}

/// Campaigns whose members a sync keeps at most.
const MAX_SYNCED_CAMPAIGNS: usize = 200;

impl Backend {
    /// Syncs now and then every few minutes, for as long as this connection lasts.
    pub(super) fn start_sync_loop(&self) {
        let (me, epoch) = (self.clone(), self.epoch());
        self.run_waiting(async move {
            loop {
                let synced = me.sync_once(epoch).await;
                me.replay_outbox();
                let wait = match synced {
                    Sync::Done => me.sync_every(),
                    Sync::Failed => RETRY_FAILED_SYNC.min(me.sync_every()),
                    // The last connection's sync is still stopping, or this one is not ready.
                    Sync::NotNow => Duration::from_secs(2),
                };
                tokio::time::sleep(wait).await;
                if me.epoch() != epoch {
                    return;
                }
            }
        });
    }

    /// Starts a sync now unless one is running.
    pub fn sync_now(&self) {
        let (me, epoch) = (self.clone(), self.epoch());
        self.run(async move {
            me.sync_once(epoch).await;
        });
    }

    /// One sync, unless another is running or there is nothing to sync yet.
    async fn sync_once(&self, epoch: usize) -> Sync {
        let Some(store) = self.store() else {
            return Sync::NotNow;
        };
        if self.working_offline() {
            return Sync::NotNow;
        }
        let ClientState::Ready(client) = self.inner.client.borrow().clone() else {
            return Sync::NotNow;
        };
        if self.epoch() != epoch || self.inner.store_state.syncing.swap(true, Ordering::SeqCst) {
            return Sync::NotNow;
        }
        let started = Utc::now();
        let delivered_before = self.delivered_mark();
        let sweep_every = self.sweep_every();
        let sweep = store.swept_at().is_none_or(|at| {
            started
                .signed_duration_since(at)
                .to_std()
                .is_ok_and(|since| since >= sweep_every)
                || at > started
        });
        let mut result = if sweep {
            self.sync_pages(&client, &store, epoch).await
        } else {
            Ok(())
        };
        let mut touched = std::collections::BTreeSet::new();
        let mut active = Vec::new();
        if result.is_ok() {
            result = self
                .sync_answers(&client, &store, epoch, &mut touched)
                .await
                .map(|contracts| active = contracts);
        }
        // The checklists of the queue's cases whose activities changed are read again (a
        // requirement met logs its activity's result).
        let checklists_touched = touched.clone();
        if result.is_ok() && !sweep {
            result = self
                .sync_changed_cases(&client, &store, epoch, touched)
                .await;
        }
        if result.is_ok() && !sweep {
            result = self.sync_new_cases(&client, &store, epoch).await;
        }
        if result.is_ok() {
            let today = self.clock_now();
            result = self
                .sync_checklists(
                    &client,
                    &store,
                    epoch,
                    (&active, &checklists_touched, sweep),
                    today,
                )
                .await;
        }
        if result.is_ok() {
            let store = store.clone();
            result = tokio::task::spawn_blocking(move || {
                store.mark_synced(started)?;
                if sweep {
                    store.mark_swept(started)?;
                }
                store.mark_leads_known(started, sweep)?;
                store.save()
            })
            .await
            .map_err(|e| e.to_string())
            .and_then(|saved| saved.map_err(|e| e.to_string()));
        }
        self.inner
            .store_state
            .syncing
            .store(false, Ordering::SeqCst);
        super::memory::give_back_freed();
        if self.epoch() != epoch {
            // The connection changed meanwhile: this copy is no longer the one shown.
            lock(&self.inner.store_state.held_changes).clear();
            return Sync::NotNow;
        }
        // Told even when a later step failed: what was kept is in the store.
        self.tell_held_changes();
        let healed = match &result {
            Err(e) if crate::engine::store::sounds_damaged(e) => self.heal_store(&store).await,
            _ => false,
        };
        if healed {
            // Filled again from the service at once.
            self.inner
                .store_state
                .syncing
                .store(false, Ordering::SeqCst);
            self.sync_now();
            return Sync::Done;
        }
        let ok = result.is_ok();
        match &result {
            Ok(()) if store.is_on_disk() => {
                tracing::info!(cases = store.len(), "the offline copy was synced and saved")
            }
            Ok(()) => tracing::info!(cases = store.len(), "the offline copy was synced"),
            Err(e) => tracing::warn!(error = %e, "the sync did not finish"),
        }
        {
            let mut status = lock(&self.inner.store_state.status);
            status.syncing = None;
            status.cases = store.len();
            status.as_of = store.as_of();
            status.problem = result.err();
        }
        if ok {
            self.forget_delivered(delivered_before);
        }
        if self
            .inner
            .store_state
            .refresh_after_fill
            .swap(false, Ordering::SeqCst)
        {
            self.sent(&[Change::Activities]);
        }
        self.wake();
        if ok { Sync::Done } else { Sync::Failed }
    }

    /// How often every case (and every unit and contract) is read whole.
    fn sweep_every(&self) -> Duration {
        lock(&self.inner.store_state.sweep_every).unwrap_or(DEFAULT_CASE_SWEEP)
    }

    /// The time on this desk's clock (the sandbox's: tests fix it, and the queue's days
    /// follow it).
    fn clock_now(&self) -> chrono::DateTime<Utc> {
        lock(&self.inner.sandbox_config).clock.now()
    }

    /// A sync's answer: noted for reach, and its failure in words.
    pub(super) fn answered<T>(&self, answer: Result<T, ApiError>) -> Result<T, String> {
        self.note_reach(&answer);
        answer.map_err(|e| e.to_string())
    }

    pub(super) fn set_syncing(&self, epoch: usize, text: String) {
        let mut status = lock(&self.inner.store_state.status);
        if self.epoch() == epoch {
            status.syncing = Some(text);
        }
        drop(status);
        self.wake();
    }
}
