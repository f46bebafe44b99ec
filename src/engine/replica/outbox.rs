//! Writes made while the service could not be reached, kept until they are sent. One SQLite
//! file beside the offline copy (`offline/<name>.outbox`), each write committed to disk (WAL,
//! full sync) before the form says "saved offline", and sealed with the copy's key: what was
//! typed about a person is never on disk in plain text. Without a key it lives in memory for
//! the run only, and the form says so.

use std::path::Path;
use std::sync::{Arc, Mutex, RwLock};

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use super::ReplicaError;
use super::sealed::{self, SealKey};
use crate::api::model::{
    AdmissionUpdate, CampaignIndividualAdd, HousingContractCreate, NewActivity, NewIndividual,
    NewUnit,
};
use crate::domain::activity_draft::ActivityDraft;
use crate::domain::individual_draft::Draft;
use crate::domain::move_in::MoveInDraft;

/// Entries kept at most; past that a write is refused with a message rather than queued.
pub const MAX_QUEUED: usize = 1000;

/// The inquiry of a new individual: built once the service has given them an id and a case.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InquiryPlan {
    pub type_id: i64,
    pub type_name: String,
    pub at: crate::api::model::Timestamp,
}

/// A unit to create, with the community it goes in (to look for it by number first).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QueuedUnit {
    pub community_id: i64,
    pub unit: NewUnit,
}

/// A write to send later, with what is needed to show it and to edit it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum QueuedWrite {
    LogActivity {
        /// As the user typed it, for "Edit and send again".
        draft: Box<ActivityDraft>,
        body: Box<NewActivity>,
        /// The activity type's name, to recognise it on the service after a lost answer.
        type_name: String,
        /// "Call Out for Margaret Ellison, Nov 23 2:30 pm".
        summary: String,
    },
    /// An RSVP card moved on a campaign board, or people added to a campaign (setting a
    /// status again is harmless, so it is simply sent again after a lost answer).
    CampaignMove {
        body: CampaignIndividualAdd,
        /// "Margaret Ellison to Attending (Fall Open House)".
        summary: String,
    },
    /// A new individual (a walk-in met on a tour), and the inquiry logged for them once they
    /// exist. After a lost answer they are looked for by name and email or phone first.
    NewIndividual {
        draft: Box<Draft>,
        body: Box<NewIndividual>,
        /// The inquiry's activity type and when it was made, if one is logged.
        inquiry: Option<InquiryPlan>,
        /// "New prospect Margaret Ellison".
        summary: String,
    },
    /// A move-in (one contract per person moving). After a lost answer the first mover's
    /// contracts are read first, as the wizard itself does.
    MoveIn {
        draft: Box<MoveInDraft>,
        body: Box<HousingContractCreate>,
        /// "Margaret Ellison into Maple Grove 204, Dec 1".
        summary: String,
    },
    /// An admission requirement marked met or not met. After a lost answer the case's
    /// checklist is read first: a requirement already in the state sent counts as arrived.
    AdmissionUpdate {
        body: AdmissionUpdate,
        community_id: i64,
        /// "Physician's report met for C-100231 (Maple Grove)".
        summary: String,
    },
    /// New units: from the new-unit form, or an import's rows not sent. Units are always
    /// read first, and one whose number exists in its community by then is not sent again.
    NewUnits {
        units: Vec<QueuedUnit>,
        /// "Unit 12B (Maple Grove)", "24 units from units.csv".
        summary: String,
    },
}

/// Units kept in one outbox entry at most (an import's rows not sent).
pub const MAX_QUEUED_UNITS: usize = 5000;

impl QueuedWrite {
    /// An activity to create, listed as "Call Out for Margaret Ellison, Nov 23 2:30 pm: …".
    pub fn log_activity(draft: &ActivityDraft, body: NewActivity, type_name: String) -> Self {
        let who = draft.who.as_ref().map_or("", |w| w.name.as_str());
        let when = body
            .start
            .format(crate::domain::format::DAY_TIME)
            .to_string();
        let mut summary = format!("{type_name} for {who}, {when}");
        let about = Some(draft.description.trim())
            .filter(|d| !d.is_empty())
            .unwrap_or(draft.note.trim());
        if !about.is_empty() {
            summary.push_str(": ");
            summary.extend(about.chars().take(120));
        }
        // Its reference note makes the look after a lost answer exact.
        let mut body = body;
        let reference = format!("{:016x}", rand::random::<u64>());
        crate::domain::follow_up::with_reference(&mut body, &reference);
        QueuedWrite::LogActivity {
            summary,
            draft: Box::new(draft.clone()),
            body: Box::new(body),
            type_name,
        }
    }

    /// How it waits after it was sent and no answer came: a created record is looked for on
    /// the service before it is sent again; a status set is simply set again.
    pub fn after_lost_answer(&self) -> QueueState {
        match self {
            QueuedWrite::LogActivity { .. }
            | QueuedWrite::AdmissionUpdate { .. }
            | QueuedWrite::MoveIn { .. }
            | QueuedWrite::NewIndividual { .. }
            | QueuedWrite::NewUnits { .. } => QueueState::Sending,
            QueuedWrite::CampaignMove { .. } => QueueState::Waiting,
        }
    }

    /// Whether a send whose answer was lost goes to the outbox (to be looked for and sent
    /// later) rather than back to its form: the move-in wizard settles that itself, at once.
    pub fn queued_after_lost_answer(&self) -> bool {
        !matches!(self, QueuedWrite::MoveIn { .. })
    }

    pub fn summary(&self) -> &str {
        match self {
            QueuedWrite::LogActivity { summary, .. }
            | QueuedWrite::CampaignMove { summary, .. }
            | QueuedWrite::AdmissionUpdate { summary, .. }
            | QueuedWrite::MoveIn { summary, .. }
            | QueuedWrite::NewIndividual { summary, .. }
            | QueuedWrite::NewUnits { summary, .. } => summary,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum QueueState {
    /// Not sent yet.
    Waiting,
    /// Sent, and no answer came (or the app stopped meanwhile): the service is checked before
    /// it is sent again.
    Sending,
    /// The service refused it, with its message.
    Refused(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Queued {
    pub id: i64,
    pub write: QueuedWrite,
    pub state: QueueState,
    pub queued_at: DateTime<Utc>,
}

/// The sealed part of a row: the write and the service's message (which may quote it).
#[derive(Serialize, Deserialize)]
struct Sealed {
    write: QueuedWrite,
    message: Option<String>,
}

/// The service's words kept with a refused entry, at most: a refusal is shown, not archived,
/// and every change of the outbox decrypts every row.
pub const MAX_MESSAGE_CHARS: usize = 1000;

/// Where the outbox's write counter is kept outside its file (with the copy's key), so a file
/// copied back from before (a replay of changes already sent) is recognised and not sent.
/// Counts belong to one file (`file`, a random id made with it): a new file starts its own.
pub trait CounterFloor: Send + Sync {
    /// The highest count this computer wrote to `file`, if it knows that file.
    fn floor(&self, file: &str) -> Option<u64>;
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
}

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    state TEXT NOT NULL,
    sealed BLOB NOT NULL,
    queued_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS outbox_meta (name TEXT PRIMARY KEY, sealed BLOB NOT NULL);";

/// Layout 1: each row sealed for its id and state, a claim per entry, a write counter.
const LAYOUT: i64 = 1;
const COUNTER_PLACE: &[u8] = b"leasedesk-outbox-meta\0counter";

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
    pub fn open(path: Option<&Path>, key: SealKey) -> Result<Outbox, ReplicaError> {
        Self::open_guarded(path, key, None)
    }

    /// [`Outbox::open`], refusing a file whose write count is below `floor`'s (a copy put
    /// back from before), and telling `floor` each new count.
    pub fn open_guarded(
        path: Option<&Path>,
        key: SealKey,
        floor: Option<Box<dyn CounterFloor>>,
    ) -> Result<Outbox, ReplicaError> {
        let conn = match path {
            Some(path) => {
                if let Some(dir) = path.parent() {
                    crate::paths::make_private_dir(dir)?;
                }
                let conn = Connection::open(path)?;
                crate::engine::local::restrict_to_user(path);
                conn.pragma_update(None, "journal_mode", "WAL")?;
                conn.pragma_update(None, "synchronous", "FULL")?;
                conn
            }
            None => Connection::open_in_memory()?,
        };
        conn.pragma_update(None, "temp_store", "MEMORY")?;
        conn.execute_batch(SCHEMA)?;
        migrate(&conn, &key)?;
        let counter = read_counter(&conn, &key)?;
        let file_id = file_id(&conn)?;
        if let Some(floor) = floor.as_ref().and_then(|f| f.floor(&file_id))
            && counter < floor
        {
            return Err(ReplicaError::RolledBack(RolledBack {
                file: counter,
                floor,
            }));
        }
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
        };
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
    pub fn push(&self, write: &QueuedWrite, state: QueueState) -> Result<i64, ReplicaError> {
        if self.entries().len() + self.unopened_count() >= MAX_QUEUED {
            return Err(ReplicaError::Full(MAX_QUEUED));
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
    pub fn set_state(&self, id: i64, state: QueueState) -> Result<(), ReplicaError> {
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
    pub fn claim(&self, id: i64) -> Result<bool, ReplicaError> {
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
    pub fn remove(&self, id: i64) -> Result<(), ReplicaError> {
        self.write(|tx| {
            tx.execute("DELETE FROM outbox WHERE id = ?1", [id])?;
            Ok(())
        })?;
        self.refresh()
    }

    /// Copies the rows that do not open, still sealed, to `dest` (one JSON object per line:
    /// id, state, when queued, the sealed bytes in hex), so they can be opened where their key
    /// is. Blocking; returns how many.
    pub fn export_unopened(&self, dest: &Path) -> Result<usize, ReplicaError> {
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
            Ok::<_, ReplicaError>(())
        })?;
        Ok(rows.len())
    }

    /// Deletes the rows that do not open, if there are exactly `expected` of them (the count
    /// the user was shown). Blocking; returns how many were deleted.
    pub fn discard_unopened(&self, expected: usize) -> Result<usize, ReplicaError> {
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

    /// Runs `change` in one transaction with the write counter raised, then tells the floor.
    fn write<T>(
        &self,
        change: impl FnOnce(&rusqlite::Transaction) -> Result<T, ReplicaError>,
    ) -> Result<T, ReplicaError> {
        use std::sync::atomic::Ordering;
        let next = self.counter.load(Ordering::SeqCst).saturating_add(1);
        let sealed_count = sealed::seal_row(&self.key, COUNTER_PLACE, &next.to_le_bytes())?;
        let out = {
            let mut conn = self.lock();
            let tx = conn.transaction()?;
            let out = change(&tx)?;
            tx.execute(
                "INSERT INTO outbox_meta (name, sealed) VALUES ('counter', ?1)
                 ON CONFLICT(name) DO UPDATE SET sealed = excluded.sealed",
                [sealed_count],
            )?;
            tx.commit()?;
            out
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
    ) -> Result<Vec<u8>, ReplicaError> {
        let plain = serde_json::to_vec(&Sealed {
            write: write.clone(),
            message: message.map(capped),
        })
        .map_err(|e| ReplicaError::Io(std::io::Error::other(e)))?;
        Ok(sealed::seal_row(&self.key, &row_place(id, state), &plain)?)
    }

    fn refresh(&self) -> Result<(), ReplicaError> {
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
        for (id, state, sealed_bytes, queued_at, claim) in rows {
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
                ("refused", message) => QueueState::Refused(message.unwrap_or_default()),
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

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Brings a file of an earlier layout up to [`LAYOUT`]: adds the claim column and seals each
/// row for its id and state. Rows this key does not open stay as they were (counted as
/// unopened), and the layout is raised only once every row has moved, so the right key can
/// still move them later.
fn migrate(conn: &Connection, key: &SealKey) -> Result<(), ReplicaError> {
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

/// The file's random id, made the first time it is opened.
fn file_id(conn: &Connection) -> Result<String, ReplicaError> {
    let kept: Option<Vec<u8>> = conn
        .query_row(
            "SELECT sealed FROM outbox_meta WHERE name = 'file_id'",
            [],
            |r| r.get(0),
        )
        .optional()?;
    if let Some(id) = kept.and_then(|b| String::from_utf8(b).ok()) {
        return Ok(id);
    }
    let id = format!("{:016x}", rand::random::<u64>());
    conn.execute(
        "INSERT OR REPLACE INTO outbox_meta (name, sealed) VALUES ('file_id', ?1)",
        [id.as_bytes()],
    )?;
    Ok(id)
}

/// The write count sealed in the file (0 for a new file, or one this key does not open).
fn read_counter(conn: &Connection, key: &SealKey) -> Result<u64, ReplicaError> {
    let sealed: Option<Vec<u8>> = conn
        .query_row(
            "SELECT sealed FROM outbox_meta WHERE name = 'counter'",
            [],
            |r| r.get(0),
        )
        .optional()?;
    Ok(sealed
        .and_then(|s| sealed::open_row(key, COUNTER_PLACE, &s).ok())
        .and_then(|plain| <[u8; 8]>::try_from(plain.as_slice()).ok())
        .map_or(0, u64::from_le_bytes))
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
        QueueState::Refused(message) => ("refused", Some(message.as_str())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(description: &str) -> QueuedWrite {
        let start = chrono::DateTime::parse_from_rfc3339("2026-11-23T14:30:00-06:00").unwrap();
        let mut body = NewActivity::new(7, start);
        body.individual_id = Some(5001);
        body.description = Some(description.into());
        QueuedWrite::LogActivity {
            draft: Box::new(ActivityDraft {
                description: description.into(),
                ..ActivityDraft::default()
            }),
            body: Box::new(body),
            type_name: "Call Out".into(),
            summary: format!("Call Out for Margaret Ellison: {description}"),
        }
    }

    #[test]
    fn queued_writes_survive_a_reopen_in_order_with_their_state_and_sealed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("offline").join("x.outbox");
        let key = SealKey::generate().unwrap();
        {
            let outbox = Outbox::open(Some(&path), key.clone()).unwrap();
            assert!(outbox.is_on_disk());
            let first = outbox
                .push(&write("Asked about respite"), QueueState::Waiting)
                .unwrap();
            let second = outbox
                .push(&write("Left a voicemail"), QueueState::Waiting)
                .unwrap();
            outbox.set_state(first, QueueState::Sending).unwrap();
            outbox
                .set_state(second, QueueState::Refused("Individual not found".into()))
                .unwrap();
            // Dropped without any closing step, as when the process is killed.
        }
        let reopened = Outbox::open(Some(&path), key.clone()).unwrap();
        let entries = reopened.entries();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].write, write("Asked about respite"));
        assert_eq!(entries[0].state, QueueState::Sending);
        assert_eq!(
            entries[1].state,
            QueueState::Refused("Individual not found".into())
        );
        assert!(entries[0].id < entries[1].id, "oldest first");
        reopened.remove(entries[0].id).unwrap();
        assert_eq!(reopened.entries().len(), 1);

        let mut on_disk = std::fs::read(&path).unwrap();
        if let Ok(wal) = std::fs::read(path.with_extension("outbox-wal")) {
            on_disk.extend(wal);
        }
        for plain in ["respite", "voicemail", "Ellison", "Individual not found"] {
            assert!(
                !on_disk.windows(plain.len()).any(|w| w == plain.as_bytes()),
                "{plain} is on disk in plain text"
            );
        }
        // Another key reads nothing (and does not fail).
        let other = Outbox::open(Some(&path), SealKey::generate().unwrap()).unwrap();
        assert!(other.entries().is_empty());
    }

    #[test]
    fn a_full_outbox_refuses_with_a_message() {
        let outbox = Outbox::open(None, SealKey::generate().unwrap()).unwrap();
        assert!(!outbox.is_on_disk());
        for _ in 0..MAX_QUEUED {
            outbox.push(&write("x"), QueueState::Waiting).unwrap();
        }
        let refused = outbox.push(&write("y"), QueueState::Waiting).unwrap_err();
        assert!(refused.to_string().contains("already waiting"), "{refused}");
    }

    /// Opens a second handle on the same file, as a second window on one data folder would.
    fn pair() -> (tempfile::TempDir, std::path::PathBuf, SealKey) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("offline").join("x.outbox");
        (dir, path, SealKey::generate().unwrap())
    }

    #[test]
    fn two_senders_on_one_file_take_an_entry_once() {
        let (_dir, path, key) = pair();
        let first = Outbox::open(Some(&path), key.clone()).unwrap();
        let id = first
            .push(&write("Asked about respite"), QueueState::Waiting)
            .unwrap();
        let second = Outbox::open(Some(&path), key.clone()).unwrap();
        assert_eq!(second.entries().len(), 1, "both see the entry");
        assert!(first.claim(id).unwrap(), "the first takes it");
        assert!(
            !second.claim(id).unwrap(),
            "the second, reading from before, finds it taken"
        );
        // An entry already "sending" (its outcome unknown) is taken once too.
        let third = Outbox::open(Some(&path), key.clone()).unwrap();
        let fourth = Outbox::open(Some(&path), key).unwrap();
        assert!(third.claim(id).unwrap());
        assert!(!fourth.claim(id).unwrap());
        assert_eq!(third.entries()[0].state, QueueState::Sending);
    }

    #[test]
    fn a_row_moved_or_flipped_on_disk_does_not_open() {
        let (_dir, path, key) = pair();
        let outbox = Outbox::open(Some(&path), key.clone()).unwrap();
        let a = outbox.push(&write("first"), QueueState::Waiting).unwrap();
        let b = outbox.push(&write("second"), QueueState::Sending).unwrap();
        drop(outbox);
        let conn = Connection::open(&path).unwrap();
        // "sending" flipped back to "waiting": it would be sent without looking first.
        conn.execute("UPDATE outbox SET state = 'waiting' WHERE id = ?1", [b])
            .unwrap();
        // A row's sealed bytes copied under another id: a replay of a change.
        let sealed: Vec<u8> = conn
            .query_row("SELECT sealed FROM outbox WHERE id = ?1", [a], |r| r.get(0))
            .unwrap();
        conn.execute(
            "INSERT INTO outbox (id, state, sealed, queued_at) VALUES (99, 'waiting', ?1, '2026-11-23T10:00:00+00:00')",
            [sealed],
        )
        .unwrap();
        drop(conn);
        let reopened = Outbox::open(Some(&path), key).unwrap();
        let ids: Vec<i64> = reopened.entries().iter().map(|e| e.id).collect();
        assert_eq!(ids, vec![a], "only the untouched row opens");
        assert_eq!(reopened.unopened_count(), 2);
    }

    #[derive(Default)]
    struct MemoryFloor(std::sync::Arc<Mutex<Option<(String, u64)>>>);

    impl CounterFloor for MemoryFloor {
        fn floor(&self, file: &str) -> Option<u64> {
            let kept = self.0.lock().unwrap().clone()?;
            (kept.0 == file).then_some(kept.1)
        }
        fn raise(&self, file: &str, to: u64) {
            *self.0.lock().unwrap() = Some((file.to_owned(), to));
        }
    }

    #[test]
    fn a_file_put_back_from_before_is_refused() {
        let (dir, path, key) = pair();
        let count = std::sync::Arc::new(Mutex::new(None));
        let floor = || Some(Box::new(MemoryFloor(count.clone())) as Box<dyn CounterFloor>);
        let outbox = Outbox::open_guarded(Some(&path), key.clone(), floor()).unwrap();
        let id = outbox
            .push(&write("sent once"), QueueState::Waiting)
            .unwrap();
        drop(outbox);
        let before = dir.path().join("before.outbox");
        std::fs::copy(&path, &before).unwrap();
        let outbox = Outbox::open_guarded(Some(&path), key.clone(), floor()).unwrap();
        outbox.claim(id).unwrap();
        outbox.remove(id).unwrap();
        drop(outbox);
        // The copy from before the send is put back.
        std::fs::copy(&before, &path).unwrap();
        let _ = std::fs::remove_file(path.with_extension("outbox-wal"));
        let refused = Outbox::open_guarded(Some(&path), key.clone(), floor())
            .err()
            .expect("an older file is refused");
        assert!(matches!(refused, ReplicaError::RolledBack(_)), "{refused}");
        assert!(refused.to_string().contains("older than the last one"));
        // Without the floor (another computer's view) it would have been sent again.
        let unguarded = Outbox::open(Some(&path), key.clone()).unwrap();
        assert_eq!(unguarded.entries().len(), 1);
        drop(unguarded);
        // A new file (the folder emptied by hand) starts its own count and opens.
        std::fs::remove_file(&path).unwrap();
        let _ = std::fs::remove_file(path.with_extension("outbox-wal"));
        let fresh = Outbox::open_guarded(Some(&path), key.clone(), floor()).unwrap();
        fresh.push(&write("new"), QueueState::Waiting).unwrap();
        drop(fresh);
        assert!(Outbox::open_guarded(Some(&path), key, floor()).is_ok());
    }

    #[test]
    fn a_refusal_message_is_kept_at_most_a_thousand_characters() {
        let outbox = Outbox::open(None, SealKey::generate().unwrap()).unwrap();
        let id = outbox.push(&write("x"), QueueState::Waiting).unwrap();
        outbox
            .set_state(id, QueueState::Refused("é".repeat(5_000_000)))
            .unwrap();
        let QueueState::Refused(kept) = &outbox.entries()[0].state else {
            panic!("refused");
        };
        assert_eq!(kept.chars().count(), MAX_MESSAGE_CHARS);
        assert!(kept.ends_with('…'));
    }

    #[test]
    fn rows_under_another_key_are_counted_exported_and_discarded_only_on_their_count() {
        let (dir, path, key) = pair();
        let outbox = Outbox::open(Some(&path), key).unwrap();
        for n in 0..3 {
            outbox
                .push(&write(&format!("call {n}")), QueueState::Waiting)
                .unwrap();
        }
        drop(outbox);
        let other = Outbox::open(Some(&path), SealKey::generate().unwrap()).unwrap();
        assert!(other.entries().is_empty());
        assert_eq!(other.unopened_count(), 3);
        let export = dir.path().join("unopened.jsonl");
        assert_eq!(other.export_unopened(&export).unwrap(), 3);
        let text = std::fs::read_to_string(&export).unwrap();
        assert_eq!(text.lines().count(), 3);
        assert!(!text.contains("call"), "still sealed");
        assert_eq!(other.discard_unopened(2).unwrap(), 0, "not the count shown");
        assert_eq!(other.unopened_count(), 3);
        assert_eq!(other.discard_unopened(3).unwrap(), 3);
        assert_eq!(other.unopened_count(), 0);
    }

    #[test]
    fn rows_of_the_earlier_layout_are_moved_and_still_open() {
        let (_dir, path, key) = pair();
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        {
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(
                "CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, state TEXT NOT NULL, sealed BLOB NOT NULL, queued_at TEXT NOT NULL)",
            )
            .unwrap();
            let plain = serde_json::to_vec(&Sealed {
                write: write("from before"),
                message: None,
            })
            .unwrap();
            let old = sealed::seal(&key, &plain).unwrap();
            conn.execute(
                "INSERT INTO outbox (state, sealed, queued_at) VALUES ('waiting', ?1, '2026-11-20T10:00:00+00:00')",
                [old],
            )
            .unwrap();
        }
        // Another key first: nothing moves, and the layout stays for the right key.
        let wrong = Outbox::open(Some(&path), SealKey::generate().unwrap()).unwrap();
        assert_eq!(wrong.unopened_count(), 1);
        drop(wrong);
        let outbox = Outbox::open(Some(&path), key.clone()).unwrap();
        assert_eq!(outbox.entries().len(), 1);
        assert_eq!(outbox.entries()[0].write, write("from before"));
        let temp: i64 = outbox
            .lock()
            .pragma_query_value(None, "temp_store", |r| r.get(0))
            .unwrap();
        assert_eq!(temp, 2, "temporary tables in memory");
    }
}
