//! The store of a portal: cases kept on this computer so search answers at once and
//! still works when the service cannot be reached, everyone's activities, and what each screen
//! last read ([`answers`]) so it opens on what is known. One SQLite file on disk (WAL, written
//! a transaction at a time, only the rows that changed), asked rather than held: memory stays
//! flat as a portal grows. Every row that says anything about a person is sealed ([`rows`]);
//! search reads each case's sealed words into memory ([`finding`]), never an index in the file. Where the keyring holds no key, the file is sealed
//! with a key held only for this run and deleted when the run ends ([`Store::session`]).
//! See docs/decisions.md ("The local store") and docs/security.md.

mod activities;
mod answers;
mod cases;
mod contact_holds;
mod damage;
mod days;
mod duplicates;
mod figures;
mod finding;
mod inventory;
mod leads;
mod origin;
pub mod outbox;
mod queued;
mod rows;
mod score_records;
pub mod sealed;
mod search_order;
mod touched;
mod typed_contacts;
mod waitlist;
mod word_starts;

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension};

use crate::api::model::{IndividualType, SearchCase};
use crate::change::{Change, Landed, Listener};
pub use activities::{DueWindow, FirstDone, MAX_KEPT_ACTIVITIES, MAX_WINDOW, Written};
pub use cases::{StoreMatches, StoreQuery, Upserted};
pub use damage::sounds_damaged;
pub use days::{DaysPage, TeamDays};
pub use duplicates::questions as duplicate_questions;
use rows::RowKeys;
pub use sealed::SealKey;

/// The store's layout, one step per version (`PRAGMA user_version`).
/// The layout that added the activities' `lost` column (rows kept before are marked then).
const LOST_COLUMN_VERSION: usize = 4;
const MIGRATIONS: &[&str] = &[
    include_str!("migrations/001_store.sql"),
    include_str!("migrations/002_sources.sql"),
    include_str!("migrations/003_created.sql"),
    include_str!("migrations/004_lost.sql"),
    include_str!("migrations/005_inventory.sql"),
    include_str!("migrations/006_days.sql"),
    include_str!("migrations/007_no_word_index.sql"),
    include_str!("migrations/008_rows_in_order.sql"),
    include_str!("migrations/009_words_by_person.sql"),
    include_str!("migrations/010_voided_and_typed.sql"),
    include_str!("migrations/011_contact_words.sql"),
];
/// The layout that marks families' words on being contacted (rows kept before are marked then).
const CONTACT_WORDS_VERSION: usize = 11;
/// The layout that dropped the word index for each case's words sealed in `case_words`.
const SEALED_WORDS_VERSION: usize = 7;
/// The layout whose case words are kept person by person (sealed again from each case).
const WORDS_BY_PERSON_VERSION: usize = 9;
/// What one case may weigh as JSON; larger ones are not kept (the service never sends such).
pub(super) const MAX_CASE_BYTES: usize = 64 * 1024;
/// What marks a file set aside beside a store: a damaged copy, an outbox set aside unsent, a
/// copy of another origin.
const SET_ASIDE_MARKS: [&str; 3] = [".damaged-", ".outbox-set-aside-", ".other-origin-"];
/// How long a file set aside is kept for support before it is deleted (30 days).
pub const SET_ASIDE_KEPT: std::time::Duration = std::time::Duration::from_secs(30 * 24 * 3600);
/// Cases kept at most; a sync stops adding beyond.
pub const MAX_CASES: usize = 1_000_000;
/// Search words used at most.
const MAX_SEARCH_WORDS: usize = 8;
/// What SQLite may cache of the file, in KiB: the store is read, not held.
const CACHE_KIB: i64 = 8 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the offline copy could not be used: {0}")]
    Database(#[from] rusqlite::Error),
    #[error("the offline copy could not be written: {0}")]
    Io(#[from] std::io::Error),
    #[error("{}", seal_text(.0))]
    Seal(#[from] sealed::SealError),
    #[error("the offline copy was made by a newer LeaseDesk")]
    Newer,
    #[error("{0} changes are already waiting to be sent; send or discard some first")]
    Full(usize),
    #[error(transparent)]
    RolledBack(#[from] outbox::RolledBack),
}

/// A copy that does not open is "could not be opened" (another key, damage), not "sealed".
fn seal_text(e: &sealed::SealError) -> String {
    match e {
        sealed::SealError::Random => format!("the offline copy could not be sealed: {e}"),
        _ => format!("the offline copy could not be opened: {e}"),
    }
}

pub struct Store {
    conn: Mutex<Connection>,
    keys: RowKeys,
    /// Every case's words, read from the file at the first search and kept up to date by each
    /// write; always locked after `conn`.
    words: Mutex<Option<finding::SearchIndex>>,
    /// Each kept lead case's assigned user, by the case's key: read from the rows at the first
    /// "My day" and kept up to date by each write; always locked after `conn`. Held in memory
    /// only: a column would tie cases together by agent in the file.
    lead_assignees: Mutex<Option<std::collections::HashMap<i64, i64>>>,
    /// Its file; `None` for one in memory (no data folder).
    file: Option<PathBuf>,
    /// Kept for this run only: its key dies with the run, so the file goes with it.
    session: bool,
    /// Set once its file is closed to be deleted; later writes go nowhere.
    retired: Mutex<bool>,
    /// The damaged file found at its place when it was opened, moved here.
    set_aside_at_open: Option<PathBuf>,
    /// Told what each write changed, once it has landed.
    landed: Landed,
    /// The first fill of activities finished (see [`Store::activities_complete`]).
    activities_complete: AtomicBool,
    /// Which cases each write touched (see [`Store::touched_since`]).
    touched: Mutex<touched::Touched>,
    /// Which store this is, in this run: a reader's marks are of one store.
    instance: u64,
}

impl Store {
    fn made(
        conn: Connection,
        keys: RowKeys,
        file: Option<&Path>,
        session: bool,
        set_aside_at_open: Option<PathBuf>,
    ) -> Store {
        let store = Store {
            conn: Mutex::new(conn),
            keys,
            words: Default::default(),
            lead_assignees: Default::default(),
            file: file.map(Path::to_path_buf),
            session,
            retired: Default::default(),
            set_aside_at_open,
            landed: Landed::default(),
            activities_complete: AtomicBool::new(false),
            touched: Default::default(),
            instance: {
                static MADE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
                MADE.fetch_add(1, Ordering::Relaxed)
            },
        };
        let complete = store.activities_kept_at().is_some();
        store.activities_complete.store(complete, Ordering::SeqCst);
        store
    }

    /// Whether everyone's activities are in (the first fill finished), without waiting for
    /// the file: the window asks it every frame, while a wide read may hold the file for
    /// seconds.
    pub fn activities_complete(&self) -> bool {
        self.activities_complete.load(Ordering::SeqCst)
    }

    /// A copy in memory (no data folder to put it in).
    pub fn in_memory() -> Result<Store, StoreError> {
        let keys = RowKeys::new(SealKey::generate()?);
        let mut conn = Connection::open_in_memory()?;
        prepare(&mut conn, &keys)?;
        Ok(Store::made(conn, keys, None, false, None))
    }

    /// The store at `path` under `key`, kept from run to run. One that does not open (another
    /// key, damaged, an older or newer layout) is deleted and a new, empty one started: it is
    /// only a copy, and the next sync fills it again.
    pub fn open(path: &Path, key: SealKey) -> Result<Store, StoreError> {
        // The whole-file copy of earlier versions goes; the next sync fills the store.
        remove_file(&path.with_extension("copy"))?;
        let keys = RowKeys::new(key);
        let mut set_aside_at_open = None;
        let conn = match open_file(path, &keys) {
            Ok(conn) => conn,
            Err(e) if e.is_damage() => {
                tracing::warn!(error = %e, "the offline copy is damaged; set aside, starting a new one");
                set_aside_at_open = Some(damage::set_aside(path)?);
                open_file(path, &keys)?
            }
            Err(e) => {
                tracing::warn!(error = %e, "the offline copy could not be opened; starting a new one");
                Self::remove_file(path)?;
                open_file(path, &keys)?
            }
        };
        Ok(Store::made(
            conn,
            keys,
            Some(path),
            false,
            set_aside_at_open,
        ))
    }

    /// Another portal's store on this desk, opened to be read (the regional roll-up): one
    /// that does not open is left as it is, never started again.
    pub fn open_to_read(path: &Path, key: SealKey) -> Result<Store, StoreError> {
        if !path.exists() {
            return Err(StoreError::Io(std::io::ErrorKind::NotFound.into()));
        }
        let keys = RowKeys::new(key);
        let conn = open_file(path, &keys)?;
        Ok(Store::made(conn, keys, Some(path), false, None))
    }

    /// A copy on disk for this run only, under a key that is never written down: whatever was
    /// left at `path` by an earlier run (which no key opens any more) is deleted first, and the
    /// file is deleted when the store is dropped.
    pub fn session(path: &Path) -> Result<Store, StoreError> {
        Self::remove_file(path)?;
        let keys = RowKeys::new(SealKey::generate()?);
        let conn = open_file(path, &keys)?;
        Ok(Store::made(conn, keys, Some(path), true, None))
    }

    /// The file for a profile's copy: `offline/<key>.store` in the data directory.
    pub fn path_for(data_dir: &Path, key: &str) -> PathBuf {
        let safe = crate::paths::safe_file_stem(key);
        data_dir.join("offline").join(format!("{safe}.store"))
    }

    /// The file of a copy kept for this run only.
    pub fn session_path_for(data_dir: &Path, key: &str) -> PathBuf {
        let safe = crate::paths::safe_file_stem(key);
        data_dir.join("offline").join(format!("{safe}.session"))
    }

    /// Deletes a copy's file and SQLite's files beside it; missing ones are not an error.
    pub fn remove_file(path: &Path) -> std::io::Result<()> {
        for file in [
            path.to_path_buf(),
            beside(path, "-wal"),
            beside(path, "-shm"),
        ] {
            remove_file(&file)?;
        }
        Ok(())
    }

    /// Deletes the stores kept for one run only (`*.session`) that a run ended without
    /// closing (killed, or the session logged out): call it only while holding the data
    /// folder's instance lock, when no other LeaseDesk can be using them. Returns how many.
    pub fn sweep_sessions(data_dir: &Path) -> usize {
        let Ok(entries) = std::fs::read_dir(data_dir.join("offline")) else {
            return 0;
        };
        let mut swept = 0;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "session") && Self::remove_file(&path).is_ok()
            {
                swept += 1;
            }
        }
        swept
    }

    /// The files set aside beside the store at `path` (a damaged copy, an outbox set aside
    /// unsent, a copy of another origin), with when each was last written.
    pub fn set_aside_beside(path: &Path) -> Vec<(PathBuf, Option<std::time::SystemTime>)> {
        let (Some(dir), Some(stem)) = (path.parent(), path.file_stem()) else {
            return Vec::new();
        };
        let stem = format!("{}.", stem.to_string_lossy());
        std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.starts_with(&stem) && SET_ASIDE_MARKS.iter().any(|m| name.contains(m))
            })
            .map(|e| (e.path(), e.metadata().and_then(|m| m.modified()).ok()))
            .collect()
    }

    /// Deletes what was set aside in the data folder more than [`SET_ASIDE_KEPT`] ago (call it
    /// while holding the instance lock). Returns how many files.
    pub fn age_out_set_aside(data_dir: &Path, now: std::time::SystemTime) -> usize {
        let Ok(entries) = std::fs::read_dir(data_dir.join("offline")) else {
            return 0;
        };
        let mut removed = 0;
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let old = entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|at| now.duration_since(at).ok())
                .is_some_and(|age| age >= SET_ASIDE_KEPT);
            if old
                && SET_ASIDE_MARKS.iter().any(|m| name.contains(m))
                && Self::remove_file(&entry.path()).is_ok()
            {
                removed += 1;
            }
        }
        removed
    }

    /// Closes its file (waiting for a write under way), which is about to be deleted; later
    /// writes go to memory and are dropped. Blocking.
    pub fn retire(&self) {
        let mut retired = self.retired.lock().unwrap_or_else(|p| p.into_inner());
        if !*retired {
            *retired = true;
            if let Ok(mut memory) = Connection::open_in_memory()
                && prepare(&mut memory, &self.keys).is_ok()
            {
                let mut conn = self.lock();
                *conn = memory;
                self.activities_complete.store(false, Ordering::SeqCst);
                self.forget_words();
                self.touch_everything();
            }
        }
    }

    /// Tells `listener` what each write changes from now on, by digest: a write that left
    /// every record as it was tells nothing.
    pub fn listen(&self, listener: Listener) {
        self.landed.listen(listener);
    }

    /// Says a write landed that changed these kinds.
    fn landed(&self, changes: &[Change]) {
        self.landed.tell(changes);
    }

    fn touched(&self) -> std::sync::MutexGuard<'_, touched::Touched> {
        self.touched.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A write touched these cases (their activities or themselves).
    fn touch<'a>(&self, case_numbers: impl IntoIterator<Item = &'a str>) {
        self.touched().cases(case_numbers);
    }

    /// A write touched cases it cannot name.
    fn touch_everything(&self) {
        self.touched().everything();
    }

    /// Which store this is in this run, and where its writes stand: what a reader keeps to
    /// ask [`Store::touched_since`] after the next writes.
    pub fn touched_mark(&self) -> (u64, u64) {
        (self.instance, self.touched().mark())
    }

    /// The case numbers written (cases, or their activities) since `mark`, and the mark the
    /// writes stand at now; `None` when that is not known (another store, a write of unknown
    /// reach, more cases than are kept).
    pub fn touched_since(
        &self,
        mark: (u64, u64),
    ) -> Option<(std::collections::HashSet<String>, (u64, u64))> {
        if mark.0 != self.instance {
            return None;
        }
        let touched = self.touched();
        Some((touched.since(mark.1)?, (self.instance, touched.mark())))
    }

    /// Kept from run to run (else for this run only).
    pub fn is_on_disk(&self) -> bool {
        self.file.is_some() && !self.session
    }

    /// Notes that a full sync finished at `at` (the "as of" every view shows).
    pub fn mark_synced(&self, at: DateTime<Utc>) -> Result<(), StoreError> {
        self.lock().execute(
            "INSERT OR REPLACE INTO meta (name, value) VALUES ('synced_at', ?1)",
            [at.to_rfc3339()],
        )?;
        Ok(())
    }

    pub fn as_of(&self) -> Option<DateTime<Utc>> {
        synced_at(&self.lock())
    }

    /// Notes that every case was read at `at` (a full sweep, not only the changed ones).
    pub fn mark_swept(&self, at: DateTime<Utc>) -> Result<(), StoreError> {
        self.lock().execute(
            "INSERT OR REPLACE INTO meta (name, value) VALUES ('swept_at', ?1)",
            [at.to_rfc3339()],
        )?;
        Ok(())
    }

    /// When every case was last read.
    pub fn swept_at(&self) -> Option<DateTime<Utc>> {
        meta_time(&self.lock(), "swept_at")
    }

    pub fn len(&self) -> usize {
        count(&self.lock()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Makes what was written since the last call part of the file itself (a WAL checkpoint),
    /// so the WAL stays small. Every write is already durable when it returns. Blocking.
    pub fn save(&self) -> Result<(), StoreError> {
        if self.file.is_none() || *self.retired.lock().unwrap_or_else(|p| p.into_inner()) {
            return Ok(());
        }
        let conn = self.lock();
        conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))?;
        // The pages a sync read stay cached until the cache is full; after a sync they are
        // only a guess at what the panes read next, so they go (the file's pages stay in the
        // system's cache).
        conn.execute_batch("PRAGMA shrink_memory")?;
        Ok(())
    }

    /// Whether its file was closed to be deleted ([`Store::retire`]).
    fn retired_now(&self) -> bool {
        *self.retired.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Drops the words held in memory (the file they were read from was replaced).
    fn forget_words(&self) {
        *self.words.lock().unwrap_or_else(|p| p.into_inner()) = None;
        *self
            .lead_assignees
            .lock()
            .unwrap_or_else(|p| p.into_inner()) = None;
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Drop for Store {
    fn drop(&mut self) {
        if self.session
            && let Some(path) = &self.file
        {
            self.retire();
            if let Err(e) = Self::remove_file(path) {
                tracing::warn!(error = %e, "this run's offline copy could not be deleted");
            }
        }
    }
}

/// The [`RowKeys::lookup`] kind of case numbers.
pub(super) const CASE_NUMBER: u8 = b'c';

pub(super) fn case_place(number_key: i64) -> String {
    format!("cases/{number_key}")
}

/// `path` with `suffix` added to its file name (SQLite's `-wal` and `-shm`).
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

fn remove_file(path: &Path) -> std::io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// Opens (creating) the file at `path`: readable by this user only before anything is in it.
fn open_file(path: &Path, keys: &RowKeys) -> Result<Connection, StoreError> {
    if let Some(dir) = path.parent() {
        crate::paths::make_private_dir(dir)?;
    }
    let mut conn = Connection::open(path)?;
    // SQLite gives its WAL and shared-memory files the database file's mode.
    crate::paths::restrict_to_user(path);
    conn.pragma_update(None, "journal_mode", "WAL")?;
    // A copy: a power cut may lose the last sync's pages, never the file (WAL keeps it whole).
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "journal_size_limit", 16 * 1024 * 1024)?;
    prepare(&mut conn, keys)?;
    Ok(conn)
}

/// Settings every connection needs, the layout brought up to date, and the key checked.
fn prepare(conn: &mut Connection, keys: &RowKeys) -> Result<(), StoreError> {
    // Sorts and temporary indexes stay in memory: no temporary file is ever written.
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    conn.pragma_update(None, "cache_size", -CACHE_KIB)?;
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    let known = i64::try_from(MIGRATIONS.len()).unwrap_or(i64::MAX);
    if version > known {
        return Err(StoreError::Newer);
    }
    let tx = conn.transaction()?;
    for (step, sql) in MIGRATIONS
        .iter()
        .enumerate()
        .skip(usize::try_from(version).unwrap_or(0))
    {
        tx.execute_batch(sql)?;
        tx.pragma_update(
            None,
            "user_version",
            i64::try_from(step + 1).unwrap_or(i64::MAX),
        )?;
        if step + 1 == LOST_COLUMN_VERSION {
            activities::mark_lost_records(&tx, keys)?;
        }
        if step + 1 == CONTACT_WORDS_VERSION {
            activities::mark_contact_words(&tx, keys)?;
        }
        if step + 1 == SEALED_WORDS_VERSION || step + 1 == WORDS_BY_PERSON_VERSION {
            cases::seal_words_of_kept_cases(&tx, keys)?;
        }
    }
    // A row sealed under the key: a file this key does not open is not this copy.
    let check: Option<Vec<u8>> = tx
        .query_row("SELECT value FROM meta WHERE name = 'key_check'", [], |r| {
            r.get(0)
        })
        .optional()?;
    match check {
        Some(sealed) => {
            if keys.open(KEY_CHECK_PLACE, &sealed, 64).is_none() {
                return Err(sealed::SealError::WrongKeyOrDamaged.into());
            }
        }
        None => {
            let sealed = keys.seal(KEY_CHECK_PLACE, b"leasedesk")?;
            tx.execute(
                "INSERT INTO meta (name, value) VALUES ('key_check', ?1)",
                [sealed],
            )?;
        }
    }
    tx.commit()?;
    if (1..SEALED_WORDS_VERSION as i64).contains(&version) {
        // The dropped index's pages are free, not gone: the file is written again without
        // them, and the WAL that held them emptied.
        conn.execute_batch("VACUUM")?;
        conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
    }
    Ok(())
}

const KEY_CHECK_PLACE: &str = "meta/key_check";

/// A day as the store keeps it: days from 0001-01-01, that day being 1.
pub(super) fn day_number(day: chrono::NaiveDate) -> i64 {
    use chrono::Datelike;
    i64::from(day.num_days_from_ce())
}

pub(super) fn day_of(number: i64) -> Option<chrono::NaiveDate> {
    chrono::NaiveDate::from_num_days_from_ce_opt(i32::try_from(number).ok()?)
}

fn count(conn: &Connection) -> rusqlite::Result<usize> {
    let n: i64 = conn.query_row("SELECT count(*) FROM cases", [], |r| r.get(0))?;
    Ok(usize::try_from(n).unwrap_or(0))
}

fn synced_at(conn: &Connection) -> Option<DateTime<Utc>> {
    meta_time(conn, "synced_at")
}

fn meta_time(conn: &Connection, name: &str) -> Option<DateTime<Utc>> {
    let text: String = conn
        .query_row("SELECT value FROM meta WHERE name = ?1", [name], |r| {
            r.get(0)
        })
        .optional()
        .ok()
        .flatten()?;
    DateTime::parse_from_rfc3339(&text)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

/// The temporary file is narrowed before anything is written to it.
#[cfg(test)]
mod tests;
