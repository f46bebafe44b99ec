//! The store's files: opening (or creating) the sealed file of a portal with its key from the
//! keyring, removing a store, and forgetting everything a profile kept on this computer.

use std::path::Path;
use std::sync::Arc;

use crate::follow_up_file::FollowUpFile;
use crate::secrets::{SecretKind, SecretStore, Stored};
use crate::store::outbox::Outbox;
use crate::store::{SealKey, Store};
use crate::{Backend, Link, lock};
use crate::{CopyProblem, CopyStatus, NotKept, SetAside};

impl Backend {
    /// Opens the store for `key` ([`crate::store_id`]): sealed to disk when the
    /// profile keeps one and the keyring can hold its key, else for this run only. A store
    /// filled from another origin than `origin` is set aside and started again.
    pub(crate) async fn open_store(
        &self,
        key: &str,
        sandbox: bool,
        profile: Option<&str>,
        origin: String,
    ) {
        let legacy = profile.and_then(|p| {
            let portal = key.strip_prefix('p')?.split('-').next()?.parse().ok()?;
            self.offline_copy().legacy_store_of(p, portal)
        });
        let wanted =
            sandbox || profile.is_some_and(|p| lock(&self.inner.store.kept_live).contains(p));
        let secrets = lock(&self.inner.store.secrets).clone();
        let dir = lock(&self.inner.store.data_dir).clone();
        let path = dir.as_ref().map(|dir| Store::path_for(dir, key));
        let session_path = dir.as_ref().map(|dir| Store::session_path_for(dir, key));
        let account = key.to_owned();
        let opened = {
            let account = account.clone();
            let path = path.clone();
            tokio::task::spawn_blocking(move || {
                if let (Some(path), Some(legacy), Some(secrets)) = (&path, &legacy, &secrets) {
                    adopt_legacy(path, legacy, secrets, &account);
                }
                let opened = open_blocking(path.clone(), session_path.clone(), wanted, secrets.clone(), &account)?;
                match opened.store.origin() {
                    None => {
                        if let Err(e) = opened.store.keep_origin(&origin) {
                            tracing::warn!(error = %e, "the offline copy's origin could not be sealed");
                        }
                        Some((opened, false))
                    }
                    Some(kept) if kept == origin => Some((opened, false)),
                    Some(_) => {
                        // Filled from another service or portal: never shown here, never sent.
                        tracing::warn!("an offline copy of another origin was set aside");
                        let aside = path.clone().filter(|_| opened.why_not.is_none());
                        drop(opened);
                        if let Some(aside) = aside {
                            set_aside_other_origin(&aside);
                        }
                        let opened = open_blocking(path, session_path, wanted, secrets, &account)?;
                        let _ = opened.store.keep_origin(&origin);
                        Some((opened, true))
                    }
                }
            })
            .await
        };
        let (
            Opened {
                store,
                why_not,
                outbox,
                stranded,
            },
            other_origin,
        ) = match opened {
            Ok(Some(opened)) => opened,
            Ok(None) => return,
            Err(e) => {
                tracing::error!(error = %e, "the offline copy could not be opened");
                return;
            }
        };
        let mut status = CopyStatus {
            as_of: store.as_of(),
            cases: store.len(),
            on_disk: store.is_on_disk(),
            why_not_on_disk: why_not,
            ..CopyStatus::default()
        };
        status.syncing = None;
        status.set_aside = store
            .set_aside_at_open()
            .map(|aside| set_aside_as(Some(aside)));
        if other_origin {
            status.set_aside = Some(SetAside::OtherOrigin);
        }
        match &status.why_not_on_disk {
            None => tracing::info!(
                cases = status.cases,
                synced = status.as_of.is_some(),
                "the offline copy was opened from disk"
            ),
            Some(why) => tracing::info!(why = ?why, "the offline copy is kept for this run only"),
        }
        *lock(&self.inner.store.status) = status;
        *lock(&self.inner.store.open) = path.map(|p| (p, account));
        self.listen_to_store(&store);
        *lock(&self.inner.store.store) = Some(Arc::new(store));
        self.set_outboxes(outbox.map(Arc::new), stranded.map(Arc::new));
        self.events().wake();
    }

    /// Checks a store a step found damaged; when it is, sets it aside and starts it again
    /// empty (said once, in the status, for the rest of the run), tells every pane to read
    /// again, and returns true: the next sync fills it. The outbox, a file of its own, keeps
    /// every change not sent.
    pub(crate) async fn heal_store(&self, store: &Arc<Store>) -> bool {
        let store = store.clone();
        let healed = tokio::task::spawn_blocking(move || {
            store
                .is_damaged()
                .then(|| store.set_aside_and_start_again())
        })
        .await;
        let aside = match healed {
            Ok(Some(Ok(aside))) => aside,
            Ok(Some(Err(e))) => {
                tracing::error!(error = %e, "the damaged offline copy could not be set aside");
                return false;
            }
            _ => return false,
        };
        tracing::warn!("the offline copy was damaged on disk; set aside and started again");
        {
            let mut status = lock(&self.inner.store.status);
            status.set_aside = Some(set_aside_as(aside.as_deref()));
            status.syncing = None;
            status.cases = 0;
            status.as_of = None;
            status.problem = None;
        }
        self.forget_new_cases_looked_for();
        self.tell_changes(&crate::Change::ALL);
        true
    }
}

impl crate::OfflineCopyRoom<'_> {
    /// The name an earlier version kept `profile`'s store on `portal_id` under, when it can
    /// only have been this profile's: not the sandbox's, and no other profile of this desk
    /// folds to it (such a file is left alone, never opened for this profile).
    pub fn legacy_store_of(&self, profile: &str, portal_id: i64) -> Option<String> {
        let legacy = crate::store_id::legacy_profile(profile, portal_id);
        let stem = crate::paths::safe_file_stem(&legacy);
        let sandbox_stems = [crate::embedded::DEMO_PORTAL, crate::embedded::SECOND_PORTAL]
            .map(|p| crate::paths::safe_file_stem(&crate::store_id::sandbox(p)));
        let shared = lock(&self.0.inner.store.kept_live).iter().any(|other| {
            other != profile
                && crate::paths::safe_file_stem(&crate::store_id::legacy_profile(other, portal_id))
                    .eq_ignore_ascii_case(&stem)
        });
        (!shared
            && !sandbox_stems.iter().any(|s| s.eq_ignore_ascii_case(&stem))
            && !stem.starts_with("sandbox-"))
        .then_some(legacy)
    }

    /// Deletes the sealed store, its outbox and its key, and keeps empty ones in memory for this
    /// run. Refused unless `discarding` is the number of changes not sent (waiting, refused or
    /// unopened) the user was shown and confirmed losing: they go with the store.
    pub fn remove(&self, discarding: usize) {
        let unsent = self.0.outbox().unsent_changes();
        if unsent != discarding {
            lock(&self.0.inner.store.status).problem = Some(CopyProblem::UnsentBeforeRemove {
                unsent: unsent as u64,
            });
            return self.0.events().wake();
        }
        if unsent > 0 {
            tracing::warn!(
                unsent,
                "the offline copy is removed with changes not sent, as confirmed"
            );
        }
        // The stranded file goes with the store (it is beside it); closed first for Windows.
        let open = lock(&self.0.inner.store.open).clone();
        let secrets = lock(&self.0.inner.store.secrets).clone();
        let store = self.0.store();
        // Windows deletes no file that is open: the outbox's database is closed first.
        let outbox = self.0.close_outboxes();
        let me = self.0.clone();
        self.0.run(async move {
            let removed = tokio::task::spawn_blocking(move || {
                if let Some(store) = store {
                    store.retire();
                }
                drop(outbox);
                if let Some((path, account)) = open {
                    remove_kept(&path, secrets.as_deref(), &account)?;
                }
                let key = SealKey::generate().map_err(std::io::Error::other)?;
                Ok::<_, std::io::Error>((
                    Store::in_memory().map_err(std::io::Error::other)?,
                    Outbox::open(None, key).map_err(std::io::Error::other)?,
                ))
            })
            .await;
            match removed {
                Ok(Ok((empty, outbox))) => {
                    me.listen_to_store(&empty);
                    *lock(&me.inner.store.store) = Some(Arc::new(empty));
                    me.set_outboxes(Some(Arc::new(outbox)), None);
                    *lock(&me.inner.store.open) = None;
                    let mut status = lock(&me.inner.store.status);
                    *status = CopyStatus {
                        why_not_on_disk: Some(NotKept::Removed),
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
                    me.set_outboxes(outbox.map(Arc::new), None);
                    lock(&me.inner.store.status).problem =
                        Some(CopyProblem::NotRemoved(e.to_string()));
                }
                Err(e) => tracing::error!(error = %e, "removing the offline copy failed"),
            }
            me.events().wake();
        });
    }

    /// Deletes everything this computer keeps for `profile`'s connections `keys`
    /// (`<profile>-<portal>`): sealed store, outbox, store key and follow-up file (reminders and
    /// what was sent). When the profile is in use, LeaseDesk switches to the sandbox first and
    /// its store is never saved again. `done` is told how it went (blocking thread).
    pub fn forget_profile_data(
        &self,
        profile: &str,
        keys: Vec<String>,
        done: impl FnOnce(std::io::Result<()>) + Send + 'static,
    ) {
        let in_use = matches!(self.0.connection().link(), Link::Portal { profile: p, .. } | Link::Failed { label: p, .. } | Link::Connecting { label: p } if p == profile);
        let retiring = if in_use {
            let store = self.0.store();
            self.0.connection().connect_sandbox();
            store
        } else {
            None
        };
        let secrets = lock(&self.0.inner.store.secrets).clone();
        let dir = lock(&self.0.inner.store.data_dir).clone();
        self.0.run(async move {
            let removed = tokio::task::spawn_blocking(move || {
                if let Some(store) = retiring {
                    store.retire();
                }
                let Some(dir) = dir else { return Ok(()) };
                for key in keys {
                    remove_kept(&Store::path_for(&dir, &key), secrets.as_deref(), &key)?;
                    let local = crate::follow_up_file::FollowUpFile::path_for(&dir, &key);
                    for extension in ["db", "db-wal", "db-shm"] {
                        Store::remove_file(&local.with_extension(extension))?;
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
}

/// What [`open_blocking`] opened.
pub(crate) struct Opened {
    pub(crate) store: Store,
    /// Why the store is not kept on disk, when it is not.
    pub(crate) why_not: Option<NotKept>,
    pub(crate) outbox: Option<Outbox>,
    /// An outbox file whose key is lost, kept as it is.
    pub(crate) stranded: Option<Outbox>,
}

/// The write counter of a store's outbox, kept in the keyring beside its key: a file older than
/// the last one this computer wrote is refused (docs/security.md).
struct KeyringFloor {
    secrets: Arc<SecretStore>,
    account: String,
}

impl crate::store::outbox::CounterFloor for KeyringFloor {
    /// Kept as `<file id> <count>`.
    fn known(&self) -> Option<(String, u64)> {
        let kept = self
            .secrets
            .get(&self.account, SecretKind::OfflineCopyCounter)?;
        let (id, count) = kept.expose().trim().split_once(' ')?;
        Some((id.to_owned(), count.parse().ok()?))
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

/// A damaged store set aside (at `aside`, if kept).
fn set_aside_as(aside: Option<&Path>) -> SetAside {
    SetAside::Damaged {
        kept_as: aside
            .and_then(|p| p.file_name())
            .map(|name| name.to_string_lossy().into_owned()),
    }
}

/// Opens the store: from its sealed file when wanted and a key can be kept, else in memory.
/// Returns why it is not on disk when it is not, and the outbox beside it (on disk with the
/// copy, else in memory); `None` when not even memory would do. A key is made only when the
/// keyring says it has none and no change waits in the outbox file; a keyring that cannot be
/// read never leads to a new key.
pub(crate) fn open_blocking(
    path: Option<std::path::PathBuf>,
    session_path: Option<std::path::PathBuf>,
    wanted: bool,
    secrets: Option<Arc<SecretStore>>,
    account: &str,
) -> Option<Opened> {
    // For this run only: still on disk (memory stays flat), under a key nobody keeps.
    let for_this_run = |why: NotKept, stranded: Option<Outbox>| {
        let store = match &session_path {
            Some(path) => Store::session(path).or_else(|e| {
                tracing::warn!(error = %e, "this run's offline copy could not be put on disk");
                Store::in_memory()
            }),
            None => Store::in_memory(),
        };
        match store {
            Ok(store) => {
                let outbox = SealKey::generate()
                    .ok()
                    .and_then(|key| Outbox::open(None, key).ok());
                Some(Opened {
                    store,
                    why_not: Some(why),
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
        return for_this_run(NotKept::NoDataFolder, None);
    };
    let outbox_path = path.with_extension("outbox");
    if !wanted {
        // A store kept before and no longer wanted does not stay behind (its outbox goes only
        // when empty: removing a store with changes in it asks first).
        let _ = Store::remove_file(&path);
        return for_this_run(NotKept::NotWanted, None);
    }
    let Some(secrets) = secrets.filter(|s| s.is_persistent()) else {
        return for_this_run(NotKept::NoKeyring, None);
    };
    let kept = match secrets.read(account, SecretKind::OfflineCopyKey) {
        Ok(kept) => kept,
        Err(e) => {
            tracing::warn!(error = %e, "the keyring could not be read; no offline copy this run");
            return for_this_run(NotKept::KeyringUnreadable, None);
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
                    NotKept::KeyMissing {
                        waiting: count as u64,
                    },
                    Some(stranded),
                );
            }
            let Ok(key) = SealKey::generate() else {
                return for_this_run(NotKept::NoKeyMade, None);
            };
            let hex = crate::api::Secret::new(key.to_hex().as_str());
            if secrets.set(account, SecretKind::OfflineCopyKey, &hex) != Stored::Keyring {
                return for_this_run(NotKept::KeyRefused, None);
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
        Err(crate::store::StoreError::RolledBack(e)) => {
            tracing::error!(error = %e, "the outbox file was put back from before; not sent");
            // Kept aside, never sent: it may hold changes the service already has.
            let aside = outbox_path.with_extension(format!(
                "outbox-set-aside-{}",
                chrono::Utc::now().format("%Y%m%d%H%M%S")
            ));
            let _ = std::fs::rename(&outbox_path, &aside);
            return for_this_run(NotKept::OutboxRolledBack, None);
        }
        Err(e) => {
            tracing::error!(error = %e, "the outbox could not be opened");
            return for_this_run(NotKept::OutboxUnopened, None);
        }
    };
    match Store::open(&path, key) {
        Ok(store) => Some(Opened {
            store,
            why_not: None,
            outbox: Some(outbox),
            stranded: None,
        }),
        Err(e) => {
            tracing::error!(error = %e, "the offline copy could not be opened");
            for_this_run(NotKept::FileUnopened, None)
        }
    }
}

/// The files a store at `path` is made of (its outbox's too).
fn store_files(path: &Path) -> Vec<std::path::PathBuf> {
    let mut files = vec![path.to_path_buf()];
    for extension in [
        "store-wal",
        "store-shm",
        "outbox",
        "outbox-wal",
        "outbox-shm",
    ] {
        files.push(path.with_extension(extension));
    }
    files
}

/// Moves a store of another origin, and its outbox, aside (`*.other-origin-<time>`). Blocking.
fn set_aside_other_origin(path: &Path) {
    let at = chrono::Utc::now().format("%Y%m%d%H%M%S");
    for file in store_files(path).into_iter().filter(|f| f.exists()) {
        let mut aside = file.clone().into_os_string();
        aside.push(format!(".other-origin-{at}"));
        if let Err(e) = std::fs::rename(&file, &aside) {
            tracing::warn!(error = %e, "a store of another origin could not be set aside");
        }
    }
}

/// Moves a store an earlier version kept under `legacy` (its files and its key) to `path` and
/// `account`, once, when nothing is kept under the new name yet. Blocking.
fn adopt_legacy(path: &Path, legacy: &str, secrets: &SecretStore, account: &str) {
    let Some(dir) = path.parent().and_then(Path::parent) else {
        return;
    };
    let old = Store::path_for(dir, legacy);
    if path.exists() || !old.exists() {
        return;
    }
    let Ok(Some(key)) = secrets.read(legacy, SecretKind::OfflineCopyKey) else {
        return;
    };
    if secrets.set(account, SecretKind::OfflineCopyKey, &key) != Stored::Keyring {
        return;
    }
    if let Ok(Some(count)) = secrets.read(legacy, SecretKind::OfflineCopyCounter) {
        secrets.set(account, SecretKind::OfflineCopyCounter, &count);
    }
    for (from, to) in store_files(&old).into_iter().zip(store_files(path)) {
        if from.exists()
            && let Err(e) = std::fs::rename(&from, &to)
        {
            tracing::warn!(error = %e, "an offline copy kept under its old name was not moved");
            return;
        }
    }
    secrets.set(legacy, SecretKind::OfflineCopyKey, &Default::default());
    secrets.set(legacy, SecretKind::OfflineCopyCounter, &Default::default());
    tracing::info!("an offline copy kept under its old name was moved to its new one");
}

/// Deletes a sealed store at `path`, its outbox and its key (kept under `account`). Blocking.
/// The store's own file goes last: while it is there, the copy is (a reader waiting for it
/// to go finds everything beside it gone too).
fn remove_kept(path: &Path, secrets: Option<&SecretStore>, account: &str) -> std::io::Result<()> {
    // What was set aside beside it (damaged copies, outboxes set aside unsent, other origins).
    for (aside, _) in Store::set_aside_beside(path) {
        Store::remove_file(&aside)?;
    }
    // The whole-file copy earlier versions kept.
    Store::remove_file(&path.with_extension("copy"))?;
    for extension in ["outbox", "outbox-wal", "outbox-shm"] {
        Store::remove_file(&path.with_extension(extension))?;
    }
    Store::remove_file(path)?;
    if let Some(secrets) = secrets {
        secrets.set(account, SecretKind::OfflineCopyKey, &Default::default());
        secrets.set(account, SecretKind::OfflineCopyCounter, &Default::default());
    }
    Ok(())
}

impl Backend {
    /// Opens this portal's local file (on a blocking thread). A file that cannot be opened
    /// leaves the data in memory for this run, and says so.
    pub(crate) async fn open_local(&self, key: &str, legacy: Option<&str>) {
        let dir = lock(&self.inner.store.data_dir).clone();
        let path = dir.as_ref().map(|dir| FollowUpFile::path_for(dir, key));
        // Kept under its old name by an earlier version: moved once.
        if let (Some(dir), Some(path), Some(legacy)) = (&dir, &path, legacy) {
            let old = FollowUpFile::path_for(dir, legacy);
            if !path.exists() && old.exists() {
                let _ = std::fs::rename(&old, path);
            }
        }
        let opened = tokio::task::spawn_blocking(move || {
            FollowUpFile::open(path.as_deref()).or_else(|e| {
                tracing::error!(error = %e, "local data kept in memory for this run");
                FollowUpFile::open(None)
            })
        })
        .await;
        match opened {
            Ok(Ok(store)) => *lock(&self.inner.store.follow_up_file) = Some(Arc::new(store)),
            Ok(Err(e)) => tracing::error!(error = %e, "no local data this run"),
            Err(e) => tracing::error!(error = %e, "no local data this run"),
        }
    }
}
