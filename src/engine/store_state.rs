//! The store's side of the backend (the user's "store"): the state the engine keeps
//! about it, opening it on connect, the answers screens keep in it, searching it. Its tables
//! are `crate::engine::store`; its files on disk `store_files`, the sync `sync`, whether the
//! service answers `reach`.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};

use super::into_store::blocking;
use super::reach::Reach;
use super::request::Keep;
use super::sync::DEFAULT_SYNC_MINUTES;
use super::{Backend, lock};
use crate::api::model::SearchCase;
use crate::engine::secrets::SecretStore;
use crate::engine::store::outbox::Outbox;
use crate::engine::store::{Store, StoreMatches, StoreQuery};

/// What the status bar and Settings say about the store.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CopyStatus {
    /// The sync under way: "Syncing cases: page 2 of 5".
    pub syncing: Option<String>,
    pub as_of: Option<DateTime<Utc>>,
    pub cases: usize,
    /// Sealed to a file (else kept for this run only), and why not when it is not.
    pub on_disk: bool,
    pub why_not_on_disk: Option<String>,
    /// The last sync's failure, in words for the user.
    pub problem: Option<String>,
    /// The store was found damaged this run and started again, in words for the user.
    pub set_aside: Option<String>,
}

#[derive(Default)]
pub(super) struct StoreState {
    pub(super) store: Mutex<Option<Arc<Store>>>,
    pub(super) outbox: Mutex<Option<Arc<Outbox>>>,
    /// The outbox file kept on disk whose key is lost: its rows are counted and shown, never
    /// sent and never deleted without the user's word (new writes go to `outbox`).
    pub(super) stranded: Mutex<Option<Arc<Outbox>>>,
    pub(super) replaying: AtomicBool,
    /// A replay was asked for while one ran.
    pub(super) replay_again: AtomicBool,
    /// Activities a write changed are being read into the store ([`Backend::sent`]).
    pub(super) refreshing: AtomicBool,
    /// Another write changed activities while they were read.
    pub(super) refresh_again: AtomicBool,
    /// A delivered write's change of activities is told after the next read into the store.
    pub(super) owe_tell: AtomicBool,
    /// Activities the outbox delivered that the store may not have read yet, numbered: they
    /// still count on this desk until a read into the store after them (`engine::probe`).
    pub(super) delivered: Mutex<Vec<(u64, crate::api::model::Activity)>>,
    pub(super) delivered_count: std::sync::atomic::AtomicU64,
    /// A write changed activities before the store's first fill ended (the fill may have read
    /// its month before the write): read what changed once it ends.
    pub(super) refresh_after_fill: AtomicBool,
    pub(super) reach: Mutex<Reach>,
    pub(super) status: Mutex<CopyStatus>,
    pub(super) syncing: AtomicBool,
    /// What the sync's writes changed, told when it ends ([`Backend::tell_held_changes`]).
    pub(super) held_changes: Mutex<Vec<super::Change>>,
    pub(super) secrets: Mutex<Option<Arc<SecretStore>>>,
    /// Live profiles whose user chose to keep a store on this computer.
    pub(super) kept_live: Mutex<HashSet<String>>,
    pub(super) every: Mutex<Option<Duration>>,
    /// How often every case is read; [`super::sync::DEFAULT_CASE_SWEEP`] unless set.
    pub(super) sweep_every: Mutex<Option<Duration>>,
    /// Where the open copy is and the keyring account of its key, to remove both.
    pub(super) open: Mutex<Option<(std::path::PathBuf, String)>>,
    /// "Work offline", chosen by hand: nothing is sent until the user goes online again.
    pub(super) work_offline: AtomicBool,
    /// Bumped when the service can be asked again (it answered after failing, or the user went
    /// online), so reads that failed meanwhile ask again at once.
    pub(super) back_online: std::sync::atomic::AtomicU64,
    /// A save of the store is due (answers were kept since the last).
    pub(super) save_due: AtomicBool,
    /// The probe that finds out the service is back runs (`engine::probe`).
    pub(super) probing: AtomicBool,
    /// The probe is asking the service now (or Retry was just pressed).
    pub(super) trying: AtomicBool,
    /// Retry: the probe asks now instead of at its next turn.
    pub(super) probe_now: tokio::sync::Notify,
    /// The probe's first and longest waits, when not the usual (tests of Retry).
    pub(super) probe_waits: Mutex<Option<(Duration, Duration)>>,
    /// The service's count of cases and the highest case number kept when new cases were last
    /// looked for and not all found (`engine::sync::cases`): not looked for again until
    /// either changes.
    pub(super) new_cases_looked_for: Mutex<Option<(usize, u64)>>,
    /// This desk changed units or contracts: the next sync reads them whole.
    pub(super) housing_due: AtomicBool,
    /// The service refused a moment in `DateUpdatedStart`: changes are read by whole days.
    pub(super) moments_refused: AtomicBool,
}

/// How long new answers wait before the store is sealed to disk with them (one save for a burst).
const SAVE_AFTER: Duration = Duration::from_secs(5);

impl Backend {
    /// Where keys of offline copies are kept; without it no copy is sealed to disk.
    pub fn set_secrets(&self, secrets: Arc<SecretStore>) {
        *lock(&self.inner.store_state.secrets) = Some(secrets);
    }

    /// The live profiles that keep a store (the sandbox always does).
    pub fn set_stores_kept_on_disk(&self, profiles: impl IntoIterator<Item = String>) {
        *lock(&self.inner.store_state.kept_live) = profiles.into_iter().collect();
    }

    pub fn set_sync_every(&self, every: Duration) {
        *lock(&self.inner.store_state.every) = Some(every.max(Duration::from_secs(60)));
    }

    /// How often a sync reads every case rather than only those whose activities changed.
    pub fn set_case_sweep_every(&self, every: Duration) {
        *lock(&self.inner.store_state.sweep_every) = Some(every);
    }

    pub(super) fn sync_every(&self) -> Duration {
        lock(&self.inner.store_state.every)
            .unwrap_or(Duration::from_secs(DEFAULT_SYNC_MINUTES * 60))
    }

    pub fn store(&self) -> Option<Arc<Store>> {
        lock(&self.inner.store_state.store).clone()
    }

    pub fn copy_status(&self) -> CopyStatus {
        lock(&self.inner.store_state.status).clone()
    }

    /// The answer the store keeps for `keep`, decoded off the runtime's threads.
    pub(super) async fn kept_answer<T: Send + 'static>(
        &self,
        keep: &Keep<T>,
    ) -> Option<(T, DateTime<Utc>)> {
        let store = self.store()?;
        let (key, decode) = (keep.key.clone(), keep.decode.clone());
        self.one_at_a_time("a kept answer", move || {
            let (json, at) = store.kept_answer(&key)?;
            let value = decode(&json);
            if value.is_none() {
                tracing::warn!(
                    key,
                    "a kept answer could not be read; it is asked for again"
                );
            }
            Some((value?, at))
        })
        .await
        .ok()
        .flatten()
    }

    /// Keeps the service's answer in the store, sealed to disk a few seconds later.
    pub(super) fn keep_answer<T>(&self, keep: &Keep<T>, value: &T) {
        let Some(store) = self.store() else {
            return;
        };
        let Some(json) = blocking(|| (keep.encode)(value)) else {
            return;
        };
        let (me, key) = (self.clone(), keep.key.clone());
        self.run(async move {
            let kept =
                tokio::task::spawn_blocking(move || store.keep_answer(&key, &json, Utc::now()))
                    .await;
            match kept {
                Ok(Ok(true)) => me.save_copy_soon(),
                Ok(Ok(false)) => {}
                Ok(Err(e)) => tracing::warn!(error = %e, "an answer could not be kept"),
                Err(e) => tracing::warn!(error = %e, "an answer could not be kept"),
            }
        });
    }

    /// Seals the store to disk shortly, once for a burst of new answers.
    fn save_copy_soon(&self) {
        if self.inner.store_state.save_due.swap(true, Ordering::SeqCst) {
            return;
        }
        let me = self.clone();
        // Shows nothing new: a save in the background is not work a screen waits on.
        self.run_waiting(async move {
            tokio::time::sleep(SAVE_AFTER).await;
            me.inner.store_state.save_due.store(false, Ordering::SeqCst);
            let Some(store) = me.store() else { return };
            let on_disk = store.is_on_disk();
            let saved = tokio::task::spawn_blocking(move || store.save()).await;
            match saved {
                Ok(Ok(())) if on_disk => tracing::info!("the offline copy was saved"),
                Ok(Ok(())) => {}
                Ok(Err(e)) => tracing::warn!(error = %e, "the offline copy could not be saved"),
                Err(e) => tracing::warn!(error = %e, "the offline copy could not be saved"),
            }
        });
    }

    pub(super) fn forget_store(&self) {
        *lock(&self.inner.store_state.store) = None;
        *lock(&self.inner.store_state.outbox) = None;
        *lock(&self.inner.store_state.stranded) = None;
        *lock(&self.inner.store_state.open) = None;
        *lock(&self.inner.store_state.reach) = Reach::Unknown;
        *lock(&self.inner.store_state.status) = CopyStatus::default();
    }

    /// Searches the store off the UI thread; the answer goes to `reply` with `generation`.
    pub fn search_offline(
        &self,
        query: StoreQuery,
        limit: usize,
        generation: u64,
        reply: std::sync::mpsc::Sender<(u64, StoreMatches)>,
    ) -> bool {
        let Some(store) = self.store() else {
            return false;
        };
        let me = self.clone();
        self.run(async move {
            let found = tokio::task::spawn_blocking(move || store.search(&query, limit)).await;
            match found {
                Ok(Ok(matches)) => {
                    let _ = reply.send((generation, matches));
                    me.wake();
                }
                Ok(Err(e)) => tracing::error!(error = %e, "searching the offline copy failed"),
                Err(e) => tracing::error!(error = %e, "searching the offline copy failed"),
            }
        });
        true
    }

    /// Keeps what the service just answered in the store.
    pub fn remember_cases(&self, cases: Vec<SearchCase>) {
        let Some(store) = self.store() else {
            return;
        };
        self.run(async move {
            let _ = tokio::task::spawn_blocking(move || {
                if let Err(e) = store.remember(&cases) {
                    tracing::warn!(error = %e, "cases could not be kept in the offline copy");
                }
            })
            .await;
        });
    }
}
