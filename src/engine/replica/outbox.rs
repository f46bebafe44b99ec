//! Writes made while the service could not be reached, kept until they are sent. One SQLite
//! file beside the offline copy (`offline/<name>.outbox`), each write committed to disk (WAL,
//! full sync) before the form says "saved offline", and sealed with the copy's key: what was
//! typed about a person is never on disk in plain text. Without a key it lives in memory for
//! the run only, and the form says so.

use std::path::Path;
use std::sync::{Arc, Mutex, RwLock};

use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};
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

pub struct Outbox {
    conn: Mutex<Connection>,
    key: SealKey,
    on_disk: bool,
    /// What the views show, read without touching the disk.
    copy: RwLock<Arc<Vec<Queued>>>,
}

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    state TEXT NOT NULL,
    sealed BLOB NOT NULL,
    queued_at TEXT NOT NULL
)";

impl Outbox {
    /// The outbox at `path` under `key`; with `None`, in memory for this run.
    pub fn open(path: Option<&Path>, key: SealKey) -> Result<Outbox, ReplicaError> {
        let conn = match path {
            Some(path) => {
                if let Some(dir) = path.parent() {
                    std::fs::create_dir_all(dir)?;
                }
                let conn = Connection::open(path)?;
                crate::engine::local::restrict_to_user(path);
                conn.pragma_update(None, "journal_mode", "WAL")?;
                conn.pragma_update(None, "synchronous", "FULL")?;
                conn
            }
            None => Connection::open_in_memory()?,
        };
        conn.execute_batch(SCHEMA)?;
        let outbox = Outbox {
            conn: Mutex::new(conn),
            key,
            on_disk: path.is_some(),
            copy: RwLock::default(),
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

    /// Queues a write; it is on disk when this returns. Blocking.
    pub fn push(&self, write: &QueuedWrite, state: QueueState) -> Result<i64, ReplicaError> {
        if self.entries().len() >= MAX_QUEUED {
            return Err(ReplicaError::Full(MAX_QUEUED));
        }
        let (code, message) = state_parts(&state);
        let sealed = self.seal(write, message)?;
        let id = {
            let conn = self.lock();
            conn.execute(
                "INSERT INTO outbox (state, sealed, queued_at) VALUES (?1, ?2, ?3)",
                params![code, sealed, Utc::now().to_rfc3339()],
            )?;
            conn.last_insert_rowid()
        };
        self.refresh()?;
        Ok(id)
    }

    /// Changes an entry's state (its write stays as it was). Blocking.
    pub fn set_state(&self, id: i64, state: QueueState) -> Result<(), ReplicaError> {
        let Some(entry) = self.entries().iter().find(|e| e.id == id).cloned() else {
            return Ok(());
        };
        let (code, message) = state_parts(&state);
        let sealed = self.seal(&entry.write, message)?;
        self.lock().execute(
            "UPDATE outbox SET state = ?1, sealed = ?2 WHERE id = ?3",
            params![code, sealed, id],
        )?;
        self.refresh()
    }

    /// Removes an entry (sent, or discarded). Blocking.
    pub fn remove(&self, id: i64) -> Result<(), ReplicaError> {
        self.lock()
            .execute("DELETE FROM outbox WHERE id = ?1", [id])?;
        self.refresh()
    }

    fn seal(&self, write: &QueuedWrite, message: Option<&str>) -> Result<Vec<u8>, ReplicaError> {
        let plain = serde_json::to_vec(&Sealed {
            write: write.clone(),
            message: message.map(str::to_owned),
        })
        .map_err(|e| ReplicaError::Io(std::io::Error::other(e)))?;
        Ok(sealed::seal(&self.key, &plain)?)
    }

    fn refresh(&self) -> Result<(), ReplicaError> {
        let rows: Vec<(i64, String, Vec<u8>, String)> = {
            let conn = self.lock();
            let mut stmt =
                conn.prepare("SELECT id, state, sealed, queued_at FROM outbox ORDER BY id")?;
            stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
                .collect::<Result<_, _>>()?
        };
        let mut entries = Vec::with_capacity(rows.len());
        for (id, state, sealed_bytes, queued_at) in rows {
            let Ok(plain) = sealed::open(&self.key, &sealed_bytes) else {
                tracing::warn!(
                    id,
                    "a queued write does not open with this key; left as it is"
                );
                continue;
            };
            let Ok(sealed) = serde_json::from_slice::<Sealed>(&plain) else {
                tracing::warn!(id, "a queued write could not be read; left as it is");
                continue;
            };
            let state = match (state.as_str(), sealed.message) {
                ("sending", _) => QueueState::Sending,
                ("refused", message) => QueueState::Refused(message.unwrap_or_default()),
                _ => QueueState::Waiting,
            };
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
        Ok(())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }
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
}
