//! Writes made while the service could not be reached, kept until they are sent. One SQLite
//! file beside the store (`offline/<name>.outbox`), each write committed to disk (WAL,
//! full sync) before the form says "saved offline", and sealed with the store's key: what was
//! typed about a person is never on disk in plain text. Without a key it lives in memory for
//! the run only, and the form says so.

use std::path::Path;
use std::sync::{Arc, Mutex, RwLock};

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use super::StoreError;
pub use super::queued::{
    ActivityWrite, AdmissionWrite, CampaignMoveWrite, IndividualWrite, InquiryPlan,
    MAX_QUEUED_UNITS, MoveInWrite, QueueState, Queued, QueuedUnit, QueuedWrite, UnitsWrite,
    WhyRefused,
};
use super::sealed::{self, SealKey};
use file_seal::{FileSeal, Found};

mod file_seal;

/// Entries kept at most; past that a write is refused with a message rather than queued.
pub const MAX_QUEUED: usize = 1000;

/// The sealed part of a row: the write and the service's message (which may quote it).
#[derive(Serialize, Deserialize)]
struct Sealed {
    write: QueuedWrite,
    message: Option<String>,
}

/// The service's words kept with a refused entry, at most: a refusal is shown, not archived,
/// and every change of the outbox decrypts every row.
pub const MAX_MESSAGE_CHARS: usize = 1000;

/// Where the outbox's write counter is kept outside its file (with the store's key), so a file
/// copied back from before (a replay of changes already sent) is recognised and not sent.
/// Counts belong to one file (a random id made with it, sealed in it): a new, empty file
/// starts its own.
pub trait CounterFloor: Send + Sync {
    /// The file this computer last wrote, and the highest count it wrote to it.
    fn known(&self) -> Option<(String, u64)>;
    /// Called after each committed change with the file's new count.
    fn raise(&self, file: &str, to: u64);
}

pub struct Outbox {
    conn: Mutex<Connection>,
    key: SealKey,
    on_disk: bool,
    /// What the views show, read without touching the disk.
    copy: RwLock<Arc<Vec<Queued>>>,
    /// Each entry's claim when it was last read (see [`Outbox::claim`]).
    claims: RwLock<std::collections::HashMap<i64, i64>>,
    /// Rows that do not open with this key (another key, damaged, or moved): counted, never
    /// sent, never silently dropped.
    unopened: RwLock<Vec<i64>>,
    counter: std::sync::atomic::AtomicU64,
    /// This file's random id (its counts in the keyring are its own).
    file_id: String,
    floor: Option<Box<dyn CounterFloor>>,
    /// Rows in the file its seal does not list (put back after they were removed): never
    /// sent, never listed in a seal.
    put_back: RwLock<std::collections::HashSet<i64>>,
}

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    state TEXT NOT NULL,
    sealed BLOB NOT NULL,
    queued_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS outbox_meta (name TEXT PRIMARY KEY, sealed BLOB NOT NULL);";

/// Layout 1: each row sealed for its id and state, a claim per entry, a write counter.
/// Layout 2: the counter's seal also binds the file's id and its rows' ids ([`FileSeal`]).
const LAYOUT: i64 = 2;

/// What a row is sealed for: this file's purpose, its id and its state. A row copied to another
/// id, or its state flipped on disk, no longer opens.
fn row_place(id: i64, state: &str) -> Vec<u8> {
    let mut place = b"leasedesk-outbox\0".to_vec();
    place.extend_from_slice(&id.to_le_bytes());
    place.extend_from_slice(state.as_bytes());
    place
}

#[derive(Debug, thiserror::Error)]
#[error(
    "the outbox file is older than the last one this computer wrote (count {file}, expected at least {floor}): it may hold changes already sent"
)]
pub struct RolledBack {
    pub file: u64,
    pub floor: u64,
}

impl Outbox {
    /// The outbox at `path` under `key`; with `None`, in memory for this run.
    pub fn open(path: Option<&Path>, key: SealKey) -> Result<Outbox, StoreError> {
        Self::open_guarded(path, key, None)
    }

    /// [`Outbox::open`], refusing a file whose write count is below `floor`'s (a copy put
    /// back from before), and telling `floor` each new count.
    pub fn open_guarded(
        path: Option<&Path>,
        key: SealKey,
        floor: Option<Box<dyn CounterFloor>>,
    ) -> Result<Outbox, StoreError> {
        let conn = match path {
            Some(path) => {
                if let Some(dir) = path.parent() {
                    crate::paths::make_private_dir(dir)?;
                }
                let conn = Connection::open(path)?;
                crate::paths::restrict_to_user(path);
                conn.pragma_update(None, "journal_mode", "WAL")?;
                conn.pragma_update(None, "synchronous", "FULL")?;
                conn
            }
            None => Connection::open_in_memory()?,
        };
        conn.pragma_update(None, "temp_store", "MEMORY")?;
        conn.execute_batch(SCHEMA)?;
        let layout: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        migrate(&conn, &key)?;
        let rows = file_seal::row_ids(&conn)?;
        let known = floor.as_ref().and_then(|f| f.known());
        let (seal, put_back) = match FileSeal::find(&conn, &key)? {
            Found::Sealed(seal) => {
                let listed: std::collections::HashSet<i64> = seal.ids.iter().copied().collect();
                let put_back = rows
                    .iter()
                    .copied()
                    .filter(|id| !listed.contains(id))
                    .collect();
                (seal, put_back)
            }
            // An earlier layout's file is taken as it is, once, and sealed whole.
            Found::CountOnly { counter, file_id } if layout < LAYOUT => {
                let fresh = FileSeal::new();
                let seal = FileSeal {
                    counter,
                    file_id: file_id.unwrap_or(fresh.file_id),
                    ids: rows.clone(),
                };
                seal.keep(&conn, &key)?;
                (seal, Default::default())
            }
            Found::Missing if rows.is_empty() || (layout < 1 && known.is_none()) => {
                let seal = FileSeal {
                    ids: rows.clone(),
                    ..FileSeal::new()
                };
                seal.keep(&conn, &key)?;
                (seal, Default::default())
            }
            // Another key's file: none of its rows opens either; nothing is vouched for.
            Found::Unopened => (FileSeal::new(), Default::default()),
            // Rows and no seal that vouches for them: the seal was removed or edited.
            Found::Missing | Found::CountOnly { .. } => {
                return Err(StoreError::RolledBack(RolledBack {
                    file: 0,
                    floor: known.map_or(1, |(_, count)| count.max(1)),
                }));
            }
        };
        if let Some((known_id, floor)) = &known
            && !rows.is_empty()
            && (seal.file_id != *known_id || seal.counter < *floor)
        {
            return Err(StoreError::RolledBack(RolledBack {
                file: if seal.file_id == *known_id {
                    seal.counter
                } else {
                    0
                },
                floor: *floor,
            }));
        }
        let (counter, file_id) = (seal.counter, seal.file_id);
        let outbox = Outbox {
            conn: Mutex::new(conn),
            key,
            on_disk: path.is_some(),
            copy: RwLock::default(),
            claims: RwLock::default(),
            unopened: RwLock::default(),
            counter: counter.into(),
            file_id,
            floor,
            put_back: RwLock::new(put_back),
        };
        if !outbox.put_back_ids().is_empty() {
            tracing::warn!(
                count = outbox.put_back_ids().len(),
                "rows the outbox's seal does not list were found; kept, never sent"
            );
        }
        outbox.refresh()?;
        Ok(outbox)
    }

    pub fn is_on_disk(&self) -> bool {
        self.on_disk
    }

    /// Everything queued, oldest first (from memory: never waits on the disk).
    pub fn entries(&self) -> Arc<Vec<Queued>> {
        self.copy.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// How many rows do not open with this computer's key (they are kept, not sent).
    pub fn unopened_count(&self) -> usize {
        self.unopened
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .len()
    }

    /// Queues a write; it is on disk when this returns. Blocking.
    pub fn push(&self, write: &QueuedWrite, state: QueueState) -> Result<i64, StoreError> {
        if self.entries().len() + self.unopened_count() >= MAX_QUEUED {
            return Err(StoreError::Full(MAX_QUEUED));
        }
        let (code, message) = state_parts(&state);
        let id = self.write(|tx| {
            tx.execute(
                "INSERT INTO outbox (state, sealed, queued_at) VALUES (?1, x'', ?2)",
                params![code, Utc::now().to_rfc3339()],
            )?;
            let id = tx.last_insert_rowid();
            let sealed = self.seal(id, code, write, message)?;
            tx.execute(
                "UPDATE outbox SET sealed = ?1 WHERE id = ?2",
                params![sealed, id],
            )?;
            Ok(id)
        })?;
        self.refresh()?;
        Ok(id)
    }

    /// Changes an entry's state (its write stays as it was). Blocking.
    pub fn set_state(&self, id: i64, state: QueueState) -> Result<(), StoreError> {
        let Some(entry) = self.entries().iter().find(|e| e.id == id).cloned() else {
            return Ok(());
        };
        let (code, message) = state_parts(&state);
        let sealed = self.seal(id, code, &entry.write, message)?;
        self.write(|tx| {
            tx.execute(
                "UPDATE outbox SET state = ?1, sealed = ?2 WHERE id = ?3",
                params![code, sealed, id],
            )?;
            Ok(())
        })?;
        self.refresh()
    }

    /// Takes an entry to send it: marks it "sending" only if no one else (another window on
    /// this folder, another replay) changed or took it since it was read. `false`: it is
    /// someone else's, or gone. Blocking.
    pub fn claim(&self, id: i64) -> Result<bool, StoreError> {
        let Some(entry) = self.entries().iter().find(|e| e.id == id).cloned() else {
            return Ok(false);
        };
        let seen = self
            .claims
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(&id)
            .copied()
            .unwrap_or_default();
        let (was, _) = state_parts(&entry.state);
        let sealed = self.seal(id, "sending", &entry.write, None)?;
        let mine: i64 = rand::random();
        let changed = self.write(|tx| {
            Ok(tx.execute(
                "UPDATE outbox SET state = 'sending', sealed = ?1, claim = ?2
                 WHERE id = ?3 AND state = ?4 AND claim = ?5",
                params![sealed, mine, id, was, seen],
            )?)
        })?;
        self.refresh()?;
        Ok(changed == 1)
    }

    /// Removes an entry (sent, or discarded). Blocking.
    pub fn remove(&self, id: i64) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.execute("DELETE FROM outbox WHERE id = ?1", [id])?;
            Ok(())
        })?;
        self.refresh()
    }

    /// Copies the rows that do not open, still sealed, to `dest` (one JSON object per line:
    /// id, state, when queued, the sealed bytes in hex), so they can be opened where their key
    /// is. Blocking; returns how many.
    pub fn export_unopened(&self, dest: &Path) -> Result<usize, StoreError> {
        let ids = self
            .unopened
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        let rows: Vec<(i64, String, Vec<u8>, String)> = {
            let conn = self.lock();
            let mut stmt =
                conn.prepare("SELECT id, state, sealed, queued_at FROM outbox WHERE id = ?1")?;
            let mut rows = Vec::new();
            for id in &ids {
                if let Some(row) = stmt
                    .query_row([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
                    .optional()?
                {
                    rows.push(row);
                }
            }
            rows
        };
        crate::atomic_file::write_with(dest, |file| {
            use std::io::Write;
            for (id, state, sealed, queued_at) in &rows {
                let hex: String = sealed.iter().map(|b| format!("{b:02x}")).collect();
                let line = serde_json::json!({
                    "id": id, "state": state, "queued_at": queued_at, "sealed": hex,
                });
                writeln!(file, "{line}")?;
            }
            Ok::<_, StoreError>(())
        })?;
        Ok(rows.len())
    }

    /// Deletes the rows that do not open, if there are exactly `expected` of them (the count
    /// the user was shown). Blocking; returns how many were deleted.
    pub fn discard_unopened(&self, expected: usize) -> Result<usize, StoreError> {
        let ids = self
            .unopened
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        if ids.len() != expected {
            return Ok(0);
        }
        self.write(|tx| {
            for id in &ids {
                tx.execute("DELETE FROM outbox WHERE id = ?1", [id])?;
            }
            Ok(())
        })?;
        self.refresh()?;
        Ok(ids.len())
    }

    /// Runs `change` in one transaction with the file's seal written again (the write count
    /// raised, the rows listed), then tells the floor.
    fn write<T>(
        &self,
        change: impl FnOnce(&rusqlite::Transaction) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        use std::sync::atomic::Ordering;
        let (out, next) = {
            let mut conn = self.lock();
            let tx = conn.transaction()?;
            let out = change(&tx)?;
            // Another window on this folder may have written since: the file's count counts.
            let on_file = match FileSeal::find(&tx, &self.key)? {
                Found::Sealed(seal) if seal.file_id == self.file_id => seal.counter,
                _ => 0,
            };
            let next = self
                .counter
                .load(Ordering::SeqCst)
                .max(on_file)
                .saturating_add(1);
            let put_back = self.put_back_ids();
            let ids = file_seal::row_ids(&tx)?
                .into_iter()
                .filter(|id| !put_back.contains(id))
                .collect();
            FileSeal {
                counter: next,
                file_id: self.file_id.clone(),
                ids,
            }
            .keep(&tx, &self.key)?;
            tx.commit()?;
            (out, next)
        };
        self.counter.store(next, Ordering::SeqCst);
        if let Some(floor) = &self.floor {
            floor.raise(&self.file_id, next);
        }
        Ok(out)
    }

    fn seal(
        &self,
        id: i64,
        state: &str,
        write: &QueuedWrite,
        message: Option<&str>,
    ) -> Result<Vec<u8>, StoreError> {
        let plain = serde_json::to_vec(&Sealed {
            write: write.clone(),
            message: message.map(capped),
        })
        .map_err(|e| StoreError::Io(std::io::Error::other(e)))?;
        Ok(sealed::seal_row(&self.key, &row_place(id, state), &plain)?)
    }

    fn refresh(&self) -> Result<(), StoreError> {
        let rows: Vec<(i64, String, Vec<u8>, String, i64)> = {
            let conn = self.lock();
            let mut stmt =
                conn.prepare("SELECT id, state, sealed, queued_at, claim FROM outbox ORDER BY id")?;
            stmt.query_map([], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })?
            .collect::<Result<_, _>>()?
        };
        let mut entries = Vec::with_capacity(rows.len());
        let mut claims = std::collections::HashMap::with_capacity(rows.len());
        let mut unopened = Vec::new();
        let put_back = self.put_back_ids();
        for (id, state, sealed_bytes, queued_at, claim) in rows {
            if put_back.contains(&id) {
                unopened.push(id);
                continue;
            }
            let opened = sealed::open_row(&self.key, &row_place(id, &state), &sealed_bytes)
                .ok()
                .and_then(|plain| serde_json::from_slice::<Sealed>(&plain).ok());
            let Some(sealed) = opened else {
                tracing::warn!(
                    id,
                    "a queued write does not open with this key; kept, not sent"
                );
                unopened.push(id);
                continue;
            };
            let state = match (state.as_str(), sealed.message) {
                ("sending", _) => QueueState::Sending,
                ("refused", message) => {
                    QueueState::Refused(WhyRefused::Service(message.unwrap_or_default()))
                }
                ("cannot-tell", name) => QueueState::Refused(WhyRefused::CannotTell {
                    name: name.unwrap_or_default(),
                }),
                _ => QueueState::Waiting,
            };
            claims.insert(id, claim);
            entries.push(Queued {
                id,
                write: sealed.write,
                state,
                queued_at: DateTime::parse_from_rfc3339(&queued_at)
                    .map(|t| t.with_timezone(&Utc))
                    .unwrap_or_default(),
            });
        }
        *self.copy.write().unwrap_or_else(|p| p.into_inner()) = Arc::new(entries);
        *self.claims.write().unwrap_or_else(|p| p.into_inner()) = claims;
        *self.unopened.write().unwrap_or_else(|p| p.into_inner()) = unopened;
        Ok(())
    }

    fn put_back_ids(&self) -> std::collections::HashSet<i64> {
        self.put_back
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Brings a file of an earlier layout up to [`LAYOUT`]: adds the claim column and seals each
/// row for its id and state. Rows this key does not open stay as they were (counted as
/// unopened), and the layout is raised only once every row has moved, so the right key can
/// still move them later.
fn migrate(conn: &Connection, key: &SealKey) -> Result<(), StoreError> {
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version >= LAYOUT {
        return Ok(());
    }
    let has_claim = conn.prepare("SELECT claim FROM outbox LIMIT 0").is_ok();
    if !has_claim {
        conn.execute_batch("ALTER TABLE outbox ADD COLUMN claim INTEGER NOT NULL DEFAULT 0")?;
    }
    let rows: Vec<(i64, String, Vec<u8>)> = {
        let mut stmt = conn.prepare("SELECT id, state, sealed FROM outbox")?;
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?
    };
    let mut all_moved = true;
    for (id, state, old) in rows {
        if sealed::open_row(key, &row_place(id, &state), &old).is_ok() {
            continue;
        }
        match sealed::open(key, &old) {
            Ok(plain) => {
                let new = sealed::seal_row(key, &row_place(id, &state), &plain)?;
                conn.execute(
                    "UPDATE outbox SET sealed = ?1 WHERE id = ?2",
                    params![new, id],
                )?;
            }
            Err(_) => all_moved = false,
        }
    }
    if all_moved {
        conn.pragma_update(None, "user_version", LAYOUT)?;
    }
    Ok(())
}

/// A refusal's message as kept: at most [`MAX_MESSAGE_CHARS`] characters.
fn capped(message: &str) -> String {
    if message.chars().count() <= MAX_MESSAGE_CHARS {
        return message.to_owned();
    }
    let mut out: String = message.chars().take(MAX_MESSAGE_CHARS - 1).collect();
    out.push('…');
    out
}

fn state_parts(state: &QueueState) -> (&'static str, Option<&str>) {
    match state {
        QueueState::Waiting => ("waiting", None),
        QueueState::Sending => ("sending", None),
        QueueState::Refused(WhyRefused::Service(message)) => ("refused", Some(message.as_str())),
        QueueState::Refused(WhyRefused::CannotTell { name }) => {
            ("cannot-tell", Some(name.as_str()))
        }
    }
}

#[cfg(test)]
mod tests;
