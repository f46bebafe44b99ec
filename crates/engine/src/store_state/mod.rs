//! The store's side of the backend (the user's "store"): the state the engine keeps
//! about it, opening it on connect, the answers screens keep in it, searching it. Its tables
//! are `crate::store`; its files on disk `store_files`, the sync `sync`, whether the
//! service answers `reach`.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

mod files;

use chrono::{DateTime, Utc};

use super::follow_up_file::FollowUpFile;
use super::into_store::blocking;
use super::request::Keep;
use super::{Backend, lock};
use crate::api::model::SearchCase;
use crate::secrets::SecretStore;
use crate::store::{Store, StoreMatches, StoreQuery};

/// Where a sync is, as a kind with its figures ("cases: page 2 of 5"): the window says it in its
/// language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SyncStep {
    UnitsAndContracts,
    ListsUsersAndCampaigns,
    CampaignMembers,
    CasesPage {
        page: u64,
        pages: u64,
    },
    ChangedCases {
        done: u64,
        count: u64,
    },
    NewCases {
        done: u64,
        count: u64,
    },
    ChangedActivities,
    ActivityMonths {
        done: u64,
        months: u64,
    },
    /// The families' older words on being contacted.
    OlderWords,
    Checklists {
        done: u64,
        count: u64,
    },
}

/// What the status bar and Settings say about the store.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CopyStatus {
    /// The sync under way, and where it is: the window words it.
    pub syncing: Option<SyncStep>,
    pub as_of: Option<DateTime<Utc>>,
    pub cases: usize,
    /// Sealed to a file (else kept for this run only), and why not when it is not.
    pub on_disk: bool,
    pub why_not_on_disk: Option<NotKept>,
    /// What went wrong with the copy last: the window words it.
    pub problem: Option<CopyProblem>,
    /// Why the copy found this run was set aside and is filled again.
    pub set_aside: Option<SetAside>,
}

/// Why the offline copy is kept for this run only, not sealed to a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotKept {
    NoDataFolder,
    /// The profile does not keep one.
    NotWanted,
    NoKeyring,
    KeyringUnreadable,
    /// This computer's key is missing and `waiting` saved changes cannot be opened without it.
    KeyMissing {
        waiting: u64,
    },
    NoKeyMade,
    KeyRefused,
    /// The outbox file is older than the last one written: set aside unsent.
    OutboxRolledBack,
    OutboxUnopened,
    FileUnopened,
    /// Removed from this computer by the user.
    Removed,
}

/// Why the copy on disk was set aside at opening.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetAside {
    /// Damaged; kept beside the new one under `kept_as`, when it could be.
    Damaged { kept_as: Option<String> },
    /// Filled from another service or portal than the profile names now.
    OtherOrigin,
}

/// What went wrong with the copy last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CopyProblem {
    /// The sync did not finish.
    SyncFailed(crate::SyncFailure),
    /// Removing was refused: `unsent` changes are not sent and were not confirmed lost.
    UnsentBeforeRemove { unsent: u64 },
    /// The files could not be removed: the system's detail.
    NotRemoved(String),
}

impl std::fmt::Display for CopyProblem {
    /// For the command line and logs; the window words each kind.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CopyProblem::SyncFailed(why) => write!(f, "{why}"),
            CopyProblem::NotRemoved(detail) => f.write_str(detail),
            CopyProblem::UnsentBeforeRemove { unsent } => {
                write!(f, "{unsent} changes not sent")
            }
        }
    }
}

/// The store's room: the open store, where its file is, its status for the window, and the
/// follow-up file that goes with it.
#[derive(Default)]
pub(super) struct StoreState {
    store: Mutex<Option<Arc<Store>>>,
    status: Mutex<CopyStatus>,
    secrets: Mutex<Option<Arc<SecretStore>>>,
    /// Live profiles whose user chose to keep a store on this computer.
    kept_live: Mutex<HashSet<String>>,
    /// Where the open copy is and the keyring account of its key, to remove both.
    open: Mutex<Option<(std::path::PathBuf, String)>>,
    /// A save of the store is due (answers were kept since the last).
    save_due: AtomicBool,
    /// Where local files (follow-ups, reminders) go; `None` keeps them in memory.
    data_dir: Mutex<Option<std::path::PathBuf>>,
    /// What the app keeps for this portal on this computer; in memory without a data folder.
    follow_up_file: Mutex<Option<Arc<FollowUpFile>>>,
}

/// How long new answers wait before the store is sealed to disk with them (one save for a burst).
const SAVE_AFTER: Duration = Duration::from_secs(5);

impl Backend {
    pub(crate) fn store(&self) -> Option<Arc<Store>> {
        lock(&self.inner.store.store).clone()
    }

    pub(super) fn secrets(&self) -> Option<Arc<SecretStore>> {
        lock(&self.inner.store.secrets).clone()
    }

    /// What reading another portal's store needs: the open store's key, where this desk's
    /// stores are, and the keyring that holds their keys.
    pub(crate) fn stores_of_this_desk(
        &self,
    ) -> (
        Option<String>,
        Option<std::path::PathBuf>,
        Option<Arc<SecretStore>>,
    ) {
        (
            lock(&self.inner.store.open)
                .as_ref()
                .map(|(_, account)| account.clone()),
            lock(&self.inner.store.data_dir).clone(),
            lock(&self.inner.store.secrets).clone(),
        )
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
        if self.inner.store.save_due.swap(true, Ordering::SeqCst) {
            return;
        }
        let me = self.clone();
        // Shows nothing new: a save in the background is not work a screen waits on.
        self.run_waiting(async move {
            tokio::time::sleep(SAVE_AFTER).await;
            me.inner.store.save_due.store(false, Ordering::SeqCst);
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
        *lock(&self.inner.store.follow_up_file) = None;
        *lock(&self.inner.store.store) = None;
        self.forget_outbox();
        *lock(&self.inner.store.open) = None;
        self.forget_reach();
        *lock(&self.inner.store.status) = CopyStatus::default();
    }

    /// What the app keeps for this portal on this computer, once connected.
    pub(super) fn follow_up_file(&self) -> Option<Arc<FollowUpFile>> {
        lock(&self.inner.store.follow_up_file).clone()
    }

    /// Updates what the window is told about the store.
    pub(super) fn with_copy_status(&self, update: impl FnOnce(&mut CopyStatus)) {
        update(&mut lock(&self.inner.store.status));
    }

    pub(super) fn data_dir(&self) -> Option<std::path::PathBuf> {
        lock(&self.inner.store.data_dir).clone()
    }
}

impl crate::OfflineCopyRoom<'_> {
    /// Where keys of offline copies are kept; without it no copy is sealed to disk.
    pub fn set_secrets(&self, secrets: Arc<SecretStore>) {
        *lock(&self.0.inner.store.secrets) = Some(secrets);
    }

    /// The live profiles that keep a store (the sandbox always does).
    pub fn set_stores_kept_on_disk(&self, profiles: impl IntoIterator<Item = String>) {
        *lock(&self.0.inner.store.kept_live) = profiles.into_iter().collect();
    }

    /// The store itself, for benchmarks and tests only: a window sees it through `asks` and the
    /// engine's words (`StoreQuery`, `CopyStatus`), never as the store's own type.
    #[cfg(feature = "test-hooks")]
    pub fn store(&self) -> Option<Arc<Store>> {
        self.0.store()
    }

    pub fn status(&self) -> CopyStatus {
        lock(&self.0.inner.store.status).clone()
    }

    /// Searches the store off the UI thread; the answer goes to `reply` with `generation`.
    pub fn search(
        &self,
        query: StoreQuery,
        limit: usize,
        generation: u64,
        reply: std::sync::mpsc::Sender<(u64, StoreMatches)>,
    ) -> bool {
        let Some(store) = self.0.store() else {
            return false;
        };
        let me = self.0.clone();
        self.0.run(async move {
            let found = tokio::task::spawn_blocking(move || store.search(&query, limit)).await;
            match found {
                Ok(Ok(matches)) => {
                    let _ = reply.send((generation, matches));
                    me.events().wake();
                }
                Ok(Err(e)) => tracing::error!(error = %e, "searching the offline copy failed"),
                Err(e) => tracing::error!(error = %e, "searching the offline copy failed"),
            }
        });
        true
    }

    /// Keeps what the service just answered in the store.
    pub fn remember_cases(&self, cases: Vec<SearchCase>) {
        let Some(store) = self.0.store() else {
            return;
        };
        self.0.run(async move {
            let _ = tokio::task::spawn_blocking(move || {
                if let Err(e) = store.remember(&cases) {
                    tracing::warn!(error = %e, "cases could not be kept in the offline copy");
                }
            })
            .await;
        });
    }

    /// Where local files (follow-ups, reminders) go; `None` keeps them in memory.
    pub fn set_data_dir(&self, dir: Option<std::path::PathBuf>) {
        *lock(&self.0.inner.store.data_dir) = dir;
    }
}
