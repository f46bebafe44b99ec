//! The offline copy of a portal: cases kept on this computer so search answers at once and
//! still works when the service cannot be reached, everyone's activities, and what each screen
//! last read ([`answers`]) so it opens on what is known. One SQLite file on disk (WAL, written
//! a transaction at a time, only the rows that changed), asked rather than held: memory stays
//! flat as a portal grows. Every row that says anything about a person is sealed ([`rows`]);
//! search goes through a keyed blind index. Where the keyring holds no key, the file is sealed
//! with a key held only for this run and deleted when the run ends ([`CaseReplica::session`]).
//! See docs/decisions.md ("The local store") and docs/security.md.

mod activities;
mod answers;
mod days;
mod duplicates;
mod figures;
mod inventory;
mod leads;
pub mod outbox;
mod rows;
pub mod sealed;

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use crate::api::model::{IndividualType, SearchCase, SearchIndividual};
pub use activities::{DueWindow, FirstDone, MAX_KEPT_ACTIVITIES, MAX_WINDOW};
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
];
/// What one case may weigh as JSON; larger ones are not kept (the service never sends such).
pub(super) const MAX_CASE_BYTES: usize = 64 * 1024;
/// Cases kept at most; a sync stops adding beyond.
pub const MAX_CASES: usize = 1_000_000;
/// Search words used at most.
const MAX_TERMS: usize = 8;
/// What SQLite may cache of the file, in KiB: the store is read, not held.
const CACHE_KIB: i64 = 8 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum ReplicaError {
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

/// What the search box and filters ask of the copy.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LocalQuery {
    pub text: String,
    pub first_name: String,
    pub last_name: String,
    pub kind: Option<IndividualType>,
}

/// The copy's answer: at most the limit asked for, and whether there were more.
#[derive(Debug, Clone, Default)]
pub struct LocalMatches {
    pub cases: Vec<SearchCase>,
    pub more: bool,
    pub as_of: Option<DateTime<Utc>>,
}

pub struct CaseReplica {
    conn: Mutex<Connection>,
    keys: RowKeys,
    /// Its file; `None` for one in memory (no data folder).
    file: Option<PathBuf>,
    /// Kept for this run only: its key dies with the run, so the file goes with it.
    session: bool,
    /// Set once its file is closed to be deleted; later writes go nowhere.
    retired: Mutex<bool>,
}

impl CaseReplica {
    /// A copy in memory (no data folder to put it in).
    pub fn in_memory() -> Result<CaseReplica, ReplicaError> {
        let keys = RowKeys::new(SealKey::generate()?);
        let mut conn = Connection::open_in_memory()?;
        prepare(&mut conn, &keys)?;
        Ok(CaseReplica {
            conn: Mutex::new(conn),
            keys,
            file: None,
            session: false,
            retired: Default::default(),
        })
    }

    /// The copy at `path` under `key`, kept from run to run. One that does not open (another
    /// key, damaged, an older or newer layout) is deleted and a new, empty one started: it is
    /// only a copy, and the next sync fills it again.
    pub fn open(path: &Path, key: SealKey) -> Result<CaseReplica, ReplicaError> {
        // The whole-file copy of earlier versions goes; the next sync fills the store.
        remove_file(&path.with_extension("copy"))?;
        let keys = RowKeys::new(key);
        let conn = match open_file(path, &keys) {
            Ok(conn) => conn,
            Err(e) => {
                tracing::warn!(error = %e, "the offline copy could not be opened; starting a new one");
                Self::remove_file(path)?;
                open_file(path, &keys)?
            }
        };
        Ok(CaseReplica {
            conn: Mutex::new(conn),
            keys,
            file: Some(path.to_path_buf()),
            session: false,
            retired: Default::default(),
        })
    }

    /// A copy on disk for this run only, under a key that is never written down: whatever was
    /// left at `path` by an earlier run (which no key opens any more) is deleted first, and the
    /// file is deleted when the copy is dropped.
    pub fn session(path: &Path) -> Result<CaseReplica, ReplicaError> {
        Self::remove_file(path)?;
        let keys = RowKeys::new(SealKey::generate()?);
        let conn = open_file(path, &keys)?;
        Ok(CaseReplica {
            conn: Mutex::new(conn),
            keys,
            file: Some(path.to_path_buf()),
            session: true,
            retired: Default::default(),
        })
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

    /// Closes its file (waiting for a write under way), which is about to be deleted; later
    /// writes go to memory and are dropped. Blocking.
    pub fn retire(&self) {
        let mut retired = self.retired.lock().unwrap_or_else(|p| p.into_inner());
        if !*retired {
            *retired = true;
            if let Ok(mut memory) = Connection::open_in_memory()
                && prepare(&mut memory, &self.keys).is_ok()
            {
                *self.lock() = memory;
            }
        }
    }

    /// Kept from run to run (else for this run only).
    pub fn is_on_disk(&self) -> bool {
        self.file.is_some() && !self.session
    }

    /// Keeps (or refreshes) these cases, writing only those that changed. Blocking: call it
    /// off the UI thread.
    pub fn upsert(&self, cases: &[SearchCase]) -> Result<Upserted, ReplicaError> {
        let mut conn = self.lock();
        let mut room = MAX_CASES.saturating_sub(count(&conn)?);
        let tx = conn.transaction()?;
        let mut kept = 0;
        let mut changed = 0;
        {
            let mut find =
                tx.prepare_cached("SELECT id, digest FROM cases WHERE number_key = ?1")?;
            let mut update = tx.prepare_cached(
                "UPDATE cases SET kind = ?2, digest = ?3, body = ?4 WHERE id = ?1",
            )?;
            let mut insert = tx.prepare_cached(
                "INSERT INTO cases (number_key, kind, digest, body) VALUES (?1, ?2, ?3, ?4)",
            )?;
            let mut unindex = tx.prepare_cached("DELETE FROM case_terms WHERE rowid = ?1")?;
            let mut index =
                tx.prepare_cached("INSERT INTO case_terms (rowid, terms) VALUES (?1, ?2)")?;
            for case in cases {
                let p = &case.primary;
                let Ok(json) = serde_json::to_vec(case) else {
                    continue;
                };
                if json.len() > MAX_CASE_BYTES || p.case_number.is_empty() {
                    continue;
                }
                let digest = self.keys.digest(&json);
                let kind = p.individual_type_id.code();
                let number_key = self.keys.lookup(CASE_NUMBER, &p.case_number);
                let existing: Option<(i64, i64)> = find
                    .query_row([number_key], |r| Ok((r.get(0)?, r.get(1)?)))
                    .optional()?;
                let body = || self.keys.seal(&case_place(number_key), &json);
                let id = match existing {
                    Some((_, same)) if same == digest => {
                        kept += 1;
                        continue;
                    }
                    Some((id, _)) => {
                        update.execute(params![id, kind, digest, body()?])?;
                        unindex.execute([id])?;
                        id
                    }
                    // Over the cap: known cases are still refreshed, new ones not kept.
                    None if room == 0 => continue,
                    None => {
                        insert.execute(params![number_key, kind, digest, body()?])?;
                        room -= 1;
                        tx.last_insert_rowid()
                    }
                };
                index.execute(params![id, self.terms_of(case)])?;
                kept += 1;
                changed += 1;
            }
        }
        tx.commit()?;
        drop(conn);
        let highest = cases
            .iter()
            .filter_map(|c| CaseSequence::of(&c.primary.case_number))
            .max_by_key(|n| n.value);
        if let Some(highest) = highest
            && self
                .highest_case_number()
                .is_none_or(|known| highest.value >= known.value)
        {
            self.keep_answer(HIGHEST_CASE, highest.to_string().as_bytes(), Utc::now())?;
        }
        Ok(Upserted { kept, changed })
    }

    /// The highest case number kept (case numbers are given in order: see `docs/decisions.md`,
    /// "New cases between sweeps"), sealed like any answer; written again whenever a read
    /// brings it, so the answers' oldest-out limit does not drop it.
    pub fn highest_case_number(&self) -> Option<CaseSequence> {
        let (bytes, _) = self.kept_answer(HIGHEST_CASE)?;
        CaseSequence::of(std::str::from_utf8(&bytes).ok()?)
    }

    /// Notes that a full sync finished at `at` (the "as of" every view shows).
    pub fn mark_synced(&self, at: DateTime<Utc>) -> Result<(), ReplicaError> {
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
    pub fn mark_swept(&self, at: DateTime<Utc>) -> Result<(), ReplicaError> {
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

    /// The cases matching `query`, at most `limit`. Words match the starts of words in names,
    /// phones (also typed without separators), emails and case numbers; all words must match.
    pub fn search(&self, query: &LocalQuery, limit: usize) -> Result<LocalMatches, ReplicaError> {
        let conn = self.lock();
        let fetch = i64::try_from(limit.saturating_add(1)).unwrap_or(i64::MAX);
        let kind = query.kind.map(|k| k.code());
        let mut terms: Vec<String> = words(&query.text)
            .take(MAX_TERMS)
            .map(|w| self.keys.query_term(b'w', w))
            .collect();
        for (field, name) in [(b'f', &query.first_name), (b'l', &query.last_name)] {
            if !name.trim().is_empty() {
                terms.push(self.keys.query_term(field, name.trim()));
            }
        }
        let rows: Vec<(i64, Vec<u8>)> = if terms.is_empty() {
            let mut stmt = conn.prepare_cached(
                "SELECT number_key, body FROM cases WHERE ?1 IS NULL OR kind = ?1
                 ORDER BY id LIMIT ?2",
            )?;
            stmt.query_map(params![kind, fetch], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<Result<_, _>>()?
        } else {
            // Terms are "t" and hex digits: nothing in them is FTS5 syntax.
            let expression = terms.join(" ");
            let mut stmt = conn.prepare_cached(
                "SELECT c.number_key, c.body FROM case_terms JOIN cases c ON c.id = case_terms.rowid
                 WHERE case_terms MATCH ?1 AND (?2 IS NULL OR c.kind = ?2) LIMIT ?3",
            )?;
            stmt.query_map(params![expression, kind, fetch], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?
            .collect::<Result<_, _>>()?
        };
        let more = rows.len() > limit;
        let cases = rows
            .iter()
            .take(limit)
            .filter_map(|(number_key, body)| {
                let json = self
                    .keys
                    .open(&case_place(*number_key), body, MAX_CASE_BYTES)?;
                serde_json::from_slice(&json).ok()
            })
            .collect();
        Ok(LocalMatches {
            cases,
            more,
            as_of: synced_at(&conn),
        })
    }

    /// Makes what was written since the last call part of the file itself (a WAL checkpoint),
    /// so the WAL stays small. Every write is already durable when it returns. Blocking.
    pub fn save(&self) -> Result<(), ReplicaError> {
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

    /// The blind index terms of a case, space-separated.
    fn terms_of(&self, case: &SearchCase) -> String {
        let text = IndexText::of(case);
        let mut terms = Vec::new();
        for word in [
            &text.names,
            &text.phones,
            &text.emails,
            &case.primary.case_number,
        ]
        .into_iter()
        .flat_map(|t| words(t))
        {
            self.keys.prefix_terms(b'w', word, &mut terms);
        }
        self.keys
            .prefix_terms(b'f', case.primary.first_name.trim(), &mut terms);
        self.keys
            .prefix_terms(b'l', case.primary.last_name.trim(), &mut terms);
        terms.sort_unstable();
        terms.dedup();
        terms.join(" ")
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Drop for CaseReplica {
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

/// Where a case's row is sealed for: it opens nowhere else.
/// What [`CaseReplica::upsert`] did: cases it holds now of those given, and how many of them
/// were new or different (so the screens showing cases read again only then).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Upserted {
    pub kept: usize,
    pub changed: usize,
}

/// A case number as the service gives them, in order: what comes before its digits (none in
/// the sandbox; "C-" in the specification's example) and the number they make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseSequence {
    pub prefix: String,
    pub value: u64,
}

impl CaseSequence {
    pub fn of(case_number: &str) -> Option<CaseSequence> {
        let text = case_number.trim();
        let digits = text.len() - text.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let (prefix, number) = text.split_at(text.len() - digits);
        Some(CaseSequence {
            prefix: prefix.to_owned(),
            value: number.parse().ok()?,
        })
    }

    /// The case number `ahead` places after this one.
    pub fn after(&self, ahead: u64) -> String {
        format!("{}{}", self.prefix, self.value.saturating_add(ahead))
    }
}

impl std::fmt::Display for CaseSequence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.after(0))
    }
}

/// Where the highest case number kept is (an answer's key no screen uses).
const HIGHEST_CASE: &str = "store/highest-case-number";

pub(super) fn case_place(number_key: i64) -> String {
    format!("cases/{number_key}")
}

/// The words of `text`: runs of letters and digits.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
}

/// The words of a case the search box finds it by.
struct IndexText {
    names: String,
    phones: String,
    emails: String,
}

impl IndexText {
    fn of(case: &SearchCase) -> IndexText {
        let people = || std::iter::once(&case.primary).chain(&case.relationships);
        let capped = |s: &str| s.chars().take(200).collect::<String>();
        let mut names = String::new();
        let mut phones = String::new();
        let mut emails = String::new();
        for person in people().take(50) {
            let SearchIndividual {
                individual_name,
                first_name,
                last_name,
                ..
            } = person;
            for part in [individual_name, first_name, last_name] {
                names.push_str(&capped(part));
                names.push(' ');
            }
            for phone in [
                &person.home_phone_format,
                &person.mobile_phone_format,
                &person.work_phone_format,
            ] {
                let phone = capped(phone);
                let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
                phones.push_str(&phone);
                phones.push(' ');
                phones.push_str(&digits);
                phones.push(' ');
            }
            if let Some(email) = &person.email {
                emails.push_str(&capped(email));
                emails.push(' ');
            }
        }
        IndexText {
            names,
            phones,
            emails,
        }
    }
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
fn open_file(path: &Path, keys: &RowKeys) -> Result<Connection, ReplicaError> {
    if let Some(dir) = path.parent() {
        crate::paths::make_private_dir(dir)?;
    }
    let mut conn = Connection::open(path)?;
    // SQLite gives its WAL and shared-memory files the database file's mode.
    crate::engine::local::restrict_to_user(path);
    conn.pragma_update(None, "journal_mode", "WAL")?;
    // A copy: a power cut may lose the last sync's pages, never the file (WAL keeps it whole).
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "journal_size_limit", 16 * 1024 * 1024)?;
    prepare(&mut conn, keys)?;
    Ok(conn)
}

/// Settings every connection needs, the layout brought up to date, and the key checked.
fn prepare(conn: &mut Connection, keys: &RowKeys) -> Result<(), ReplicaError> {
    // Sorts and temporary indexes stay in memory: no temporary file is ever written.
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    conn.pragma_update(None, "cache_size", -CACHE_KIB)?;
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    let known = i64::try_from(MIGRATIONS.len()).unwrap_or(i64::MAX);
    if version > known {
        return Err(ReplicaError::Newer);
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
