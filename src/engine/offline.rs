//! The offline copy's side of the backend: opening the copy on connect, syncing it in the
//! background (never two syncs at once, never on the UI thread), searching it, and telling
//! whether the service can be reached. The copy itself is `crate::engine::replica`.

use std::collections::HashSet;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};

use super::into_store::blocking;
use super::request::Keep;
use super::sync::DEFAULT_SYNC_MINUTES;
use super::{Backend, Link, lock};
use crate::api::model::SearchCase;
use crate::api::{ApiError, NetworkFailure};
use crate::engine::replica::outbox::Outbox;
use crate::engine::replica::{CaseReplica, LocalMatches, LocalQuery, SealKey};
use crate::engine::secrets::{SecretKind, SecretStore, Stored};

/// Whether the service answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reach {
    #[default]
    Unknown,
    Online,
    Offline {
        since: DateTime<Utc>,
    },
}

/// What the status bar and Settings say about the offline copy.
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
}

#[derive(Default)]
pub(super) struct Offline {
    replica: Mutex<Option<Arc<CaseReplica>>>,
    pub(super) outbox: Mutex<Option<Arc<Outbox>>>,
    /// The outbox file kept on disk whose key is lost: its rows are counted and shown, never
    /// sent and never deleted without the user's word (new writes go to `outbox`).
    pub(super) stranded: Mutex<Option<Arc<Outbox>>>,
    pub(super) replaying: AtomicBool,
    /// A replay was asked for while one ran.
    pub(super) replay_again: AtomicBool,
    /// Activities a write changed are being read into the store ([`Backend::changed`]).
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
    reach: Mutex<Reach>,
    pub(super) status: Mutex<CopyStatus>,
    pub(super) syncing: AtomicBool,
    secrets: Mutex<Option<Arc<SecretStore>>>,
    /// Live profiles whose user chose to keep an offline copy on this computer.
    kept_live: Mutex<HashSet<String>>,
    pub(super) every: Mutex<Option<Duration>>,
    /// How often every case is read; [`super::sync::DEFAULT_CASE_SWEEP`] unless set.
    pub(super) sweep_every: Mutex<Option<Duration>>,
    /// Where the open copy is and the keyring account of its key, to remove both.
    open: Mutex<Option<(std::path::PathBuf, String)>>,
    /// "Work offline", chosen by hand: nothing is sent until the user goes online again.
    work_offline: AtomicBool,
    /// Bumped when the service can be asked again (it answered after failing, or the user went
    /// online), so reads that failed meanwhile ask again at once.
    back_online: std::sync::atomic::AtomicU64,
    /// A save of the copy is due (answers were kept since the last).
    save_due: AtomicBool,
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
}

/// How long the service must have been unreachable for its return to count as "back online".
const OUTAGE: chrono::TimeDelta = chrono::TimeDelta::seconds(2);

/// How long new answers wait before the copy is sealed to disk with them (one save for a burst).
const SAVE_AFTER: Duration = Duration::from_secs(5);

/// What a request gets while the user works offline by choice: the answer of a service that
/// cannot be reached, so reads show the copy and writes wait in the outbox.
pub fn chosen_offline() -> ApiError {
    ApiError::Network {
        kind: NetworkFailure::Connect,
        detail: "you chose Work offline; choose Go online in the status bar to send".into(),
    }
}

/// A failure that means the service could not be reached (rather than refused).
pub fn unreachable(error: &ApiError) -> bool {
    matches!(
        error,
        ApiError::Network {
            kind: NetworkFailure::Connect | NetworkFailure::Timeout | NetworkFailure::Dropped,
            ..
        } | ApiError::OutcomeUnknown { .. }
    )
}

impl Backend {
    /// Where keys of offline copies are kept; without it no copy is sealed to disk.
    pub fn set_secrets(&self, secrets: Arc<SecretStore>) {
        *lock(&self.inner.offline.secrets) = Some(secrets);
    }

    /// The live profiles that keep an offline copy (the sandbox always does).
    pub fn set_kept_copies(&self, profiles: impl IntoIterator<Item = String>) {
        *lock(&self.inner.offline.kept_live) = profiles.into_iter().collect();
    }

    pub fn set_sync_every(&self, every: Duration) {
        *lock(&self.inner.offline.every) = Some(every.max(Duration::from_secs(60)));
    }

    /// How often a sync reads every case rather than only those whose activities changed.
    pub fn set_case_sweep_every(&self, every: Duration) {
        *lock(&self.inner.offline.sweep_every) = Some(every);
    }

    pub(super) fn sync_every(&self) -> Duration {
        lock(&self.inner.offline.every).unwrap_or(Duration::from_secs(DEFAULT_SYNC_MINUTES * 60))
    }

    pub fn replica(&self) -> Option<Arc<CaseReplica>> {
        lock(&self.inner.offline.replica).clone()
    }

    pub fn reach(&self) -> Reach {
        *lock(&self.inner.offline.reach)
    }

    pub fn copy_status(&self) -> CopyStatus {
        lock(&self.inner.offline.status).clone()
    }

    /// Whether the user chose to work offline.
    pub fn working_offline(&self) -> bool {
        self.inner.offline.work_offline.load(Ordering::SeqCst)
    }

    /// "Work offline" / "Go online". Going online syncs, sends what waits, and has screens
    /// that could not read ask again at once.
    pub fn set_work_offline(&self, offline: bool) {
        let was = self
            .inner
            .offline
            .work_offline
            .swap(offline, Ordering::SeqCst);
        if was == offline {
            return;
        }
        if offline {
            tracing::info!("working offline by choice");
        } else {
            tracing::info!("going online again");
            *lock(&self.inner.offline.reach) = Reach::Unknown;
            self.inner
                .offline
                .back_online
                .fetch_add(1, Ordering::SeqCst);
            self.sync_now();
            self.replay_outbox();
        }
        self.wake();
    }

    /// Changes each time the service can be asked again; see [`Offline::back_online`].
    pub fn back_online(&self) -> u64 {
        self.inner.offline.back_online.load(Ordering::SeqCst)
    }

    /// The answer the copy keeps for `keep`, decoded off the runtime's threads.
    pub(super) async fn kept_answer<T: Send + 'static>(
        &self,
        keep: &Keep<T>,
    ) -> Option<(T, DateTime<Utc>)> {
        let replica = self.replica()?;
        let (key, decode) = (keep.key.clone(), keep.decode.clone());
        self.one_at_a_time("a kept answer", move || {
            let (json, at) = replica.kept_answer(&key)?;
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

    /// Keeps the service's answer in the copy, sealed to disk a few seconds later.
    pub(super) fn keep_answer<T>(&self, keep: &Keep<T>, value: &T) {
        let Some(replica) = self.replica() else {
            return;
        };
        let Some(json) = blocking(|| (keep.encode)(value)) else {
            return;
        };
        let (me, key) = (self.clone(), keep.key.clone());
        self.run(async move {
            let kept =
                tokio::task::spawn_blocking(move || replica.keep_answer(&key, &json, Utc::now()))
                    .await;
            match kept {
                Ok(Ok(true)) => me.save_copy_soon(),
                Ok(Ok(false)) => {}
                Ok(Err(e)) => tracing::warn!(error = %e, "an answer could not be kept"),
                Err(e) => tracing::warn!(error = %e, "an answer could not be kept"),
            }
        });
    }

    /// Seals the copy to disk shortly, once for a burst of new answers.
    fn save_copy_soon(&self) {
        if self.inner.offline.save_due.swap(true, Ordering::SeqCst) {
            return;
        }
        let me = self.clone();
        self.run(async move {
            tokio::time::sleep(SAVE_AFTER).await;
            me.inner.offline.save_due.store(false, Ordering::SeqCst);
            let Some(replica) = me.replica() else { return };
            let on_disk = replica.is_on_disk();
            let saved = tokio::task::spawn_blocking(move || replica.save()).await;
            match saved {
                Ok(Ok(())) if on_disk => tracing::info!("the offline copy was saved"),
                Ok(Ok(())) => {}
                Ok(Err(e)) => tracing::warn!(error = %e, "the offline copy could not be saved"),
                Err(e) => tracing::warn!(error = %e, "the offline copy could not be saved"),
            }
        });
    }

    /// Learns from every answer whether the service is there.
    pub fn note_reach<T>(&self, result: &Result<T, ApiError>) {
        if self.working_offline() {
            return;
        }
        let now = Utc::now();
        let mut reach = lock(&self.inner.offline.reach);
        let next = match result {
            Err(e) if unreachable(e) => match *reach {
                Reach::Offline { since } => Reach::Offline { since },
                _ => Reach::Offline { since: now },
            },
            Err(ApiError::Config { .. } | ApiError::Internal) => *reach,
            _ => Reach::Online,
        };
        if *reach != next {
            let was = std::mem::replace(&mut *reach, next);
            drop(reach);
            if next == Reach::Online {
                tracing::info!("the service answers again");
                // After a real outage, screens that failed ask again at once; one path
                // failing while others answer (a flicker) leaves them to their own retry.
                if let Reach::Offline { since } = was
                    && now.signed_duration_since(since) >= OUTAGE
                {
                    self.inner
                        .offline
                        .back_online
                        .fetch_add(1, Ordering::SeqCst);
                }
                self.replay_outbox();
            } else {
                tracing::warn!("the service cannot be reached");
                self.start_probing();
            }
            self.wake();
        }
    }

    pub(super) fn forget_replica(&self) {
        *lock(&self.inner.offline.replica) = None;
        *lock(&self.inner.offline.outbox) = None;
        *lock(&self.inner.offline.stranded) = None;
        *lock(&self.inner.offline.open) = None;
        *lock(&self.inner.offline.reach) = Reach::Unknown;
        *lock(&self.inner.offline.status) = CopyStatus::default();
    }

    /// Opens the copy for `key` (`sandbox-1`, `<profile>-<portal>`): sealed to disk when the
    /// profile keeps one and the keyring can hold its key, else for this run only.
    pub(super) async fn open_replica(&self, key: &str, sandbox: bool, profile: Option<&str>) {
        let wanted =
            sandbox || profile.is_some_and(|p| lock(&self.inner.offline.kept_live).contains(p));
        let secrets = lock(&self.inner.offline.secrets).clone();
        let dir = lock(&self.inner.data_dir).clone();
        let path = dir.as_ref().map(|dir| CaseReplica::path_for(dir, key));
        let session_path = dir
            .as_ref()
            .map(|dir| CaseReplica::session_path_for(dir, key));
        let account = key.to_owned();
        let opened = {
            let account = account.clone();
            let path = path.clone();
            tokio::task::spawn_blocking(move || {
                open_blocking(path, session_path, wanted, secrets, &account)
            })
            .await
        };
        let Opened {
            replica,
            why_not,
            outbox,
            stranded,
        } = match opened {
            Ok(Some(opened)) => opened,
            Ok(None) => return,
            Err(e) => {
                tracing::error!(error = %e, "the offline copy could not be opened");
                return;
            }
        };
        let mut status = CopyStatus {
            as_of: replica.as_of(),
            cases: replica.len(),
            on_disk: replica.is_on_disk(),
            why_not_on_disk: why_not,
            ..CopyStatus::default()
        };
        status.syncing = None;
        match &status.why_not_on_disk {
            None => tracing::info!(
                cases = status.cases,
                synced = status.as_of.is_some(),
                "the offline copy was opened from disk"
            ),
            Some(why) => tracing::info!(why, "the offline copy is kept for this run only"),
        }
        *lock(&self.inner.offline.status) = status;
        *lock(&self.inner.offline.open) = path.map(|p| (p, account));
        *lock(&self.inner.offline.replica) = Some(Arc::new(replica));
        *lock(&self.inner.offline.outbox) = outbox.map(Arc::new);
        *lock(&self.inner.offline.stranded) = stranded.map(Arc::new);
        self.wake();
    }

    /// Deletes the sealed copy, its outbox and its key, and keeps empty ones in memory for this
    /// run. Refused unless `discarding` is the number of changes not sent (waiting, refused or
    /// unopened) the user was shown and confirmed losing: they go with the copy.
    pub fn remove_offline_copy(&self, discarding: usize) {
        let unsent = self.unsent_changes();
        if unsent != discarding {
            lock(&self.inner.offline.status).problem = Some(format!(
                "{unsent} saved {} not sent: send them, or confirm discarding them, before removing the offline copy",
                if unsent == 1 {
                    "change is"
                } else {
                    "changes are"
                }
            ));
            return self.wake();
        }
        if unsent > 0 {
            tracing::warn!(
                unsent,
                "the offline copy is removed with changes not sent, as confirmed"
            );
        }
        // The stranded file goes with the copy (it is beside it); closed first for Windows.
        lock(&self.inner.offline.stranded).take();
        let open = lock(&self.inner.offline.open).clone();
        let secrets = lock(&self.inner.offline.secrets).clone();
        let replica = self.replica();
        // Windows deletes no file that is open: the outbox's database is closed first.
        let outbox = lock(&self.inner.offline.outbox).take();
        let me = self.clone();
        self.run(async move {
            let removed = tokio::task::spawn_blocking(move || {
                if let Some(replica) = replica {
                    replica.retire();
                }
                drop(outbox);
                if let Some((path, account)) = open {
                    remove_kept(&path, secrets.as_deref(), &account)?;
                }
                let key = SealKey::generate().map_err(std::io::Error::other)?;
                Ok::<_, std::io::Error>((
                    CaseReplica::in_memory().map_err(std::io::Error::other)?,
                    Outbox::open(None, key).map_err(std::io::Error::other)?,
                ))
            })
            .await;
            match removed {
                Ok(Ok((empty, outbox))) => {
                    *lock(&me.inner.offline.replica) = Some(Arc::new(empty));
                    *lock(&me.inner.offline.outbox) = Some(Arc::new(outbox));
                    *lock(&me.inner.offline.open) = None;
                    let mut status = lock(&me.inner.offline.status);
                    *status = CopyStatus {
                        why_not_on_disk: Some("removed from this computer".into()),
                        ..CopyStatus::default()
                    };
                }
                Ok(Err(e)) => {
                    tracing::error!(error = %e, "the offline copy could not be removed");
                    // The outbox was empty (or nothing would have been removed): an empty
                    // one for this run takes its place.
                    let outbox = SealKey::generate()
                        .ok()
                        .and_then(|key| Outbox::open(None, key).ok());
                    *lock(&me.inner.offline.outbox) = outbox.map(Arc::new);
                    lock(&me.inner.offline.status).problem =
                        Some(format!("The offline copy could not be removed: {e}"));
                }
                Err(e) => tracing::error!(error = %e, "removing the offline copy failed"),
            }
            me.wake();
        });
    }

    /// Deletes everything this computer keeps for `profile`'s connections `keys`
    /// (`<profile>-<portal>`): sealed copy, outbox, copy key and local store (reminders and
    /// what was sent). When the profile is in use, LeaseDesk switches to the sandbox first and
    /// its copy is never saved again. `done` is told how it went (blocking thread).
    pub fn forget_profile_data(
        &self,
        profile: &str,
        keys: Vec<String>,
        done: impl FnOnce(std::io::Result<()>) + Send + 'static,
    ) {
        let in_use = matches!(self.link(), Link::Portal { profile: p, .. } | Link::Failed { label: p, .. } | Link::Connecting { label: p } if p == profile);
        let retiring = if in_use {
            let replica = self.replica();
            self.connect_sandbox();
            replica
        } else {
            None
        };
        let secrets = lock(&self.inner.offline.secrets).clone();
        let dir = lock(&self.inner.data_dir).clone();
        self.run(async move {
            let removed = tokio::task::spawn_blocking(move || {
                if let Some(replica) = retiring {
                    replica.retire();
                }
                let Some(dir) = dir else { return Ok(()) };
                for key in keys {
                    remove_kept(&CaseReplica::path_for(&dir, &key), secrets.as_deref(), &key)?;
                    let local = crate::engine::local::LocalStore::path_for(&dir, &key);
                    for extension in ["db", "db-wal", "db-shm"] {
                        CaseReplica::remove_file(&local.with_extension(extension))?;
                    }
                }
                Ok(())
            })
            .await
            .unwrap_or_else(|e| Err(std::io::Error::other(e)));
            if let Err(e) = &removed {
                tracing::error!(error = %e, "a profile's data could not be removed");
            }
            done(removed);
        });
    }

    /// Searches the copy off the UI thread; the answer goes to `reply` with `generation`.
    pub fn search_offline(
        &self,
        query: LocalQuery,
        limit: usize,
        generation: u64,
        reply: std::sync::mpsc::Sender<(u64, LocalMatches)>,
    ) -> bool {
        let Some(replica) = self.replica() else {
            return false;
        };
        let me = self.clone();
        self.run(async move {
            let found = tokio::task::spawn_blocking(move || replica.search(&query, limit)).await;
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

    /// Keeps what the service just answered in the copy.
    pub fn remember_cases(&self, cases: Vec<SearchCase>) {
        let Some(replica) = self.replica() else {
            return;
        };
        self.run(async move {
            let _ = tokio::task::spawn_blocking(move || {
                if let Err(e) = replica.upsert(&cases) {
                    tracing::warn!(error = %e, "cases could not be kept in the offline copy");
                }
            })
            .await;
        });
    }
}

/// What [`open_blocking`] opened.
struct Opened {
    replica: CaseReplica,
    /// Why the copy is not kept on disk, when it is not.
    why_not: Option<String>,
    outbox: Option<Outbox>,
    /// An outbox file whose key is lost, kept as it is.
    stranded: Option<Outbox>,
}

/// The write counter of a copy's outbox, kept in the keyring beside its key: a file older than
/// the last one this computer wrote is refused (docs/security.md).
struct KeyringFloor {
    secrets: Arc<SecretStore>,
    account: String,
}

impl crate::engine::replica::outbox::CounterFloor for KeyringFloor {
    /// Kept as `<file id> <count>`.
    fn floor(&self, file: &str) -> Option<u64> {
        let kept = self
            .secrets
            .get(&self.account, SecretKind::OfflineCopyCounter)?;
        let (id, count) = kept.expose().trim().split_once(' ')?;
        (id == file).then(|| count.parse().ok()).flatten()
    }

    fn raise(&self, file: &str, to: u64) {
        let value = crate::api::Secret::new(format!("{file} {to}"));
        if self
            .secrets
            .set(&self.account, SecretKind::OfflineCopyCounter, &value)
            != Stored::Keyring
        {
            tracing::warn!("the outbox's write count could not be kept in the keyring");
        }
    }
}

/// Opens the copy: from its sealed file when wanted and a key can be kept, else in memory.
/// Returns why it is not on disk when it is not, and the outbox beside it (on disk with the
/// copy, else in memory); `None` when not even memory would do. A key is made only when the
/// keyring says it has none and no change waits in the outbox file; a keyring that cannot be
/// read never leads to a new key.
fn open_blocking(
    path: Option<std::path::PathBuf>,
    session_path: Option<std::path::PathBuf>,
    wanted: bool,
    secrets: Option<Arc<SecretStore>>,
    account: &str,
) -> Option<Opened> {
    // For this run only: still on disk (memory stays flat), under a key nobody keeps.
    let for_this_run = |why: &str, stranded: Option<Outbox>| {
        let replica = match &session_path {
            Some(path) => CaseReplica::session(path).or_else(|e| {
                tracing::warn!(error = %e, "this run's offline copy could not be put on disk");
                CaseReplica::in_memory()
            }),
            None => CaseReplica::in_memory(),
        };
        match replica {
            Ok(replica) => {
                let outbox = SealKey::generate()
                    .ok()
                    .and_then(|key| Outbox::open(None, key).ok());
                Some(Opened {
                    replica,
                    why_not: Some(why.to_owned()),
                    outbox,
                    stranded,
                })
            }
            Err(e) => {
                tracing::error!(error = %e, "no offline copy this run");
                None
            }
        }
    };
    let Some(path) = path else {
        return for_this_run("no data folder", None);
    };
    let outbox_path = path.with_extension("outbox");
    if !wanted {
        // A copy kept before and no longer wanted does not stay behind (its outbox goes only
        // when empty: removing a copy with changes in it asks first).
        let _ = CaseReplica::remove_file(&path);
        return for_this_run(
            "its profile does not keep one: tick it when editing the profile",
            None,
        );
    }
    let Some(secrets) = secrets.filter(|s| s.is_persistent()) else {
        return for_this_run("this computer has no keyring to hold its key", None);
    };
    let kept = match secrets.read(account, SecretKind::OfflineCopyKey) {
        Ok(kept) => kept,
        Err(e) => {
            tracing::warn!(error = %e, "the keyring could not be read; no offline copy this run");
            return for_this_run(
                "the keyring could not be read, so the copy's key is not known: nothing kept on this computer was changed",
                None,
            );
        }
    };
    let key = match kept.and_then(|s| SealKey::from_hex(s.expose())) {
        Some(key) => key,
        None => {
            // No key: a new one may be made only if no change waits under the old one.
            let waiting = outbox_path
                .exists()
                .then(|| SealKey::generate().ok())
                .flatten()
                .and_then(|probe| Outbox::open(Some(&outbox_path), probe).ok())
                .filter(|probe| probe.unopened_count() > 0);
            if let Some(stranded) = waiting {
                let count = stranded.unopened_count();
                tracing::warn!(
                    count,
                    "the offline copy's key is missing and changes wait under it; no new key made"
                );
                return for_this_run(
                    &format!(
                        "this computer's key for it is missing, and {count} saved {} cannot be opened without it (Outbox)",
                        if count == 1 { "change" } else { "changes" }
                    ),
                    Some(stranded),
                );
            }
            let Ok(key) = SealKey::generate() else {
                return for_this_run("no key could be made", None);
            };
            let hex = crate::api::Secret::new(key.to_hex().as_str());
            if secrets.set(account, SecretKind::OfflineCopyKey, &hex) != Stored::Keyring {
                return for_this_run("the keyring refused its key", None);
            }
            // A new key starts a new count.
            secrets.set(account, SecretKind::OfflineCopyCounter, &Default::default());
            key
        }
    };
    let floor = KeyringFloor {
        secrets: secrets.clone(),
        account: account.to_owned(),
    };
    let outbox = match Outbox::open_guarded(Some(&outbox_path), key.clone(), Some(Box::new(floor)))
    {
        Ok(outbox) => outbox,
        Err(crate::engine::replica::ReplicaError::RolledBack(e)) => {
            tracing::error!(error = %e, "the outbox file was put back from before; not sent");
            // Kept aside, never sent: it may hold changes the service already has.
            let aside = outbox_path.with_extension(format!(
                "outbox-set-aside-{}",
                chrono::Utc::now().format("%Y%m%d%H%M%S")
            ));
            let _ = std::fs::rename(&outbox_path, &aside);
            return for_this_run(
                "its outbox file is older than the last one this computer wrote, so it was set aside unsent (it may hold changes already sent)",
                None,
            );
        }
        Err(e) => {
            tracing::error!(error = %e, "the outbox could not be opened");
            return for_this_run("its outbox file could not be opened", None);
        }
    };
    match CaseReplica::open(&path, key) {
        Ok(replica) => Some(Opened {
            replica,
            why_not: None,
            outbox: Some(outbox),
            stranded: None,
        }),
        Err(e) => {
            tracing::error!(error = %e, "the offline copy could not be opened");
            for_this_run("its file could not be opened", None)
        }
    }
}

/// Deletes a sealed copy at `path`, its outbox and its key (kept under `account`). Blocking.
fn remove_kept(path: &Path, secrets: Option<&SecretStore>, account: &str) -> std::io::Result<()> {
    CaseReplica::remove_file(path)?;
    // The whole-file copy earlier versions kept.
    CaseReplica::remove_file(&path.with_extension("copy"))?;
    for extension in ["outbox", "outbox-wal", "outbox-shm"] {
        CaseReplica::remove_file(&path.with_extension(extension))?;
    }
    if let Some(secrets) = secrets {
        secrets.set(account, SecretKind::OfflineCopyKey, &Default::default());
        secrets.set(account, SecretKind::OfflineCopyCounter, &Default::default());
    }
    Ok(())
}
