//! The sync: what the service holds, brought into the store a few minutes apart, and what it
//! changed told to the window once it is in. `cases` keeps the cases (a sweep every hour,
//! between sweeps the changed and the new ones); `answers` what the screens open on (units and
//! contracts, lists, campaigns, activities); `checklists` the admissions queue's checklists.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use chrono::Utc;

use super::change::Change;
pub(super) use super::into_store::{keep_inventory_rows, keep_now};
use super::{Backend, ClientState, lock};
use crate::api::ApiError;

mod activities;
pub(super) mod activity_changes;
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

/// Why a sync did not finish: the service's failure kept as it came, for the window to say
/// in its own words; the English `Display` is for logs and the command line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SyncFailure {
    #[error("{0}")]
    Service(ApiError),
    /// Another portal was connected meanwhile: this copy is no longer the one shown.
    #[error("the connection changed")]
    ConnectionChanged,
    /// This computer's side (the offline copy's file, a task): the detail as it came.
    #[error("{0}")]
    Local(String),
}

impl SyncFailure {
    fn local(error: impl std::fmt::Display) -> Self {
        SyncFailure::Local(error.to_string())
    }
}

/// The store's helpers say what failed on this computer in a line.
impl From<String> for SyncFailure {
    fn from(detail: String) -> Self {
        SyncFailure::Local(detail)
    }
}

/// How a sync went.
enum Sync {
    Done,
    Failed,
    NotNow,
}

/// The sync's room: whether one runs, how often, and what it remembers between syncs.
#[derive(Default)]
pub(super) struct State {
    syncing: AtomicBool,
    every: Mutex<Option<Duration>>,
    /// How often every case is read; [`DEFAULT_CASE_SWEEP`] unless set.
    sweep_every: Mutex<Option<Duration>>,
    /// The service's count of cases, and the count in the order kept, when new cases were last
    /// looked for and the count was still not explained (`cases`): not looked for again until
    /// either changes.
    new_cases_looked_for: Mutex<Option<(usize, usize)>>,
    /// This desk changed units or contracts: the next sync reads them whole.
    housing_due: AtomicBool,
    /// The service refused a moment in `DateUpdatedStart`: changes are read by whole days.
    moments_refused: AtomicBool,
}

/// Campaigns whose members a sync keeps at most.
const MAX_SYNCED_CAMPAIGNS: usize = 200;

impl Backend {
    pub(super) fn sync_every(&self) -> Duration {
        lock(&self.inner.sync.every).unwrap_or(Duration::from_secs(DEFAULT_SYNC_MINUTES * 60))
    }

    /// Whether a sync is writing into the store now.
    pub(super) fn sync_under_way(&self) -> bool {
        self.inner.sync.syncing.load(Ordering::SeqCst)
    }

    #[cfg(test)]
    pub(super) fn pretend_syncing(&self, syncing: bool) {
        self.inner.sync.syncing.store(syncing, Ordering::SeqCst);
    }

    /// This desk changed units or contracts: the next sync reads them whole.
    pub(super) fn housing_changed(&self) {
        self.inner.sync.housing_due.store(true, Ordering::SeqCst);
    }

    /// A new store: new cases are looked for again.
    pub(super) fn forget_new_cases_looked_for(&self) {
        *lock(&self.inner.sync.new_cases_looked_for) = None;
    }

    /// Syncs now and then every few minutes, for as long as this connection lasts.
    pub(super) fn start_sync_loop(&self) {
        let (me, epoch) = (self.clone(), self.connection().epoch());
        self.run_waiting(async move {
            loop {
                let synced = me.sync_once(epoch).await;
                me.outbox().replay();
                let wait = match synced {
                    Sync::Done => me.sync_every(),
                    Sync::Failed => RETRY_FAILED_SYNC.min(me.sync_every()),
                    // The last connection's sync is still stopping, or this one is not ready.
                    Sync::NotNow => Duration::from_secs(2),
                };
                tokio::time::sleep(wait).await;
                if me.connection().epoch() != epoch {
                    return;
                }
            }
        });
    }

    /// One sync, unless another is running or there is nothing to sync yet.
    async fn sync_once(&self, epoch: usize) -> Sync {
        let Some(store) = self.store() else {
            return Sync::NotNow;
        };
        if self.connection().working_offline() {
            return Sync::NotNow;
        }
        let ClientState::Ready(client) = self.client_state() else {
            return Sync::NotNow;
        };
        if self.connection().epoch() != epoch
            || self.inner.sync.syncing.swap(true, Ordering::SeqCst)
        {
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
        let mut checklists_read = false;
        if result.is_ok() {
            result = self
                .sync_answers(&client, &store, epoch, &mut touched)
                .await
                .map(|(contracts, read)| (active, checklists_read) = (contracts, read));
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
        if result.is_ok() && !checklists_read {
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
            .map_err(SyncFailure::local)
            .and_then(|saved| saved.map_err(SyncFailure::local));
        }
        self.inner.sync.syncing.store(false, Ordering::SeqCst);
        super::memory::give_back_freed();
        if self.connection().epoch() != epoch {
            // The connection changed meanwhile: this copy is no longer the one shown.
            self.drop_held_changes();
            return Sync::NotNow;
        }
        // Told even when a later step failed: what was kept is in the store.
        self.tell_held_changes();
        let healed = match &result {
            Err(SyncFailure::Local(e)) if crate::store::sounds_damaged(e) => {
                self.heal_store(&store).await
            }
            _ => false,
        };
        if healed {
            // Filled again from the service at once.
            self.inner.sync.syncing.store(false, Ordering::SeqCst);
            self.sync().now();
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
        self.with_copy_status(|status| {
            status.syncing = None;
            status.cases = store.len();
            status.as_of = store.as_of();
            status.problem = result.err().map(crate::CopyProblem::SyncFailed);
        });
        if ok {
            self.forget_delivered(delivered_before);
        }
        if self.take_refresh_after_fill() {
            self.sent(&[Change::Activities]);
        }
        self.events().wake();
        if ok { Sync::Done } else { Sync::Failed }
    }

    /// How often every case (and every unit and contract) is read whole.
    fn sweep_every(&self) -> Duration {
        lock(&self.inner.sync.sweep_every).unwrap_or(DEFAULT_CASE_SWEEP)
    }

    /// A sync's answer: noted for reach, and its failure kept as the service's.
    pub(super) fn answered<T>(&self, answer: Result<T, ApiError>) -> Result<T, SyncFailure> {
        self.connection().note_reach(&answer);
        answer.map_err(SyncFailure::Service)
    }

    pub(super) fn set_syncing(&self, epoch: usize, text: crate::SyncStep) {
        if self.connection().epoch() == epoch {
            self.with_copy_status(|status| status.syncing = Some(text));
        }
        self.events().wake();
    }
}

impl crate::SyncRoom<'_> {
    pub fn set_every(&self, every: Duration) {
        *lock(&self.0.inner.sync.every) = Some(every.max(Duration::from_secs(60)));
    }

    /// How often a sync reads every case rather than only those whose activities changed.
    pub fn set_case_sweep_every(&self, every: Duration) {
        *lock(&self.0.inner.sync.sweep_every) = Some(every);
    }

    /// Starts a sync now unless one is running.
    pub fn now(&self) {
        let (me, epoch) = (self.0.clone(), self.0.connection().epoch());
        self.0.run(async move {
            me.sync_once(epoch).await;
        });
    }
}
