//! What LeaseDesk keeps on this computer because the service cannot: which activity was
//! followed up here (the service has no activity update) and which reminders were sent. One
//! SQLite file per portal in the data directory, behind this one module, with numbered
//! migrations. Reads come from a copy in memory, so the UI never waits on the disk; writes go
//! to the disk first (on a background thread) and then to that copy.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

use crate::domain::follow_up::{FollowUp, FollowUps};
use crate::domain::reminders::{ReminderKind, Sent};

const MIGRATIONS: &[&str] = &[include_str!("migrations/001_follow_ups.sql")];

#[derive(Debug, thiserror::Error)]
pub enum FollowUpFileError {
    #[error("the local data file could not be used: {0}")]
    Database(#[from] rusqlite::Error),
    #[error("the local data folder could not be created: {0}")]
    Io(#[from] std::io::Error),
}

pub struct FollowUpFile {
    conn: Mutex<Connection>,
    follow_ups: RwLock<Arc<FollowUps>>,
    sent: RwLock<Arc<Sent>>,
    /// Bumped on every change, so views built from the store know to rebuild.
    version: AtomicU64,
}

impl FollowUpFile {
    /// The file for a portal: `local/<key>.db` in the data directory.
    pub fn path_for(data_dir: &Path, key: &str) -> PathBuf {
        let safe = crate::paths::safe_file_stem(key);
        data_dir.join("local").join(format!("{safe}.db"))
    }

    /// Opens (creating and migrating) the file, or keeps everything in memory with `None`.
    pub fn open(path: Option<&Path>) -> Result<FollowUpFile, FollowUpFileError> {
        let mut conn = match path {
            Some(path) => {
                if let Some(dir) = path.parent() {
                    crate::paths::make_private_dir(dir)?;
                }
                let conn = Connection::open(path)?;
                crate::paths::restrict_to_user(path);
                conn
            }
            None => Connection::open_in_memory()?,
        };
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        migrate(&mut conn)?;
        let follow_ups = read_follow_ups(&conn)?;
        let sent = read_sent(&conn)?;
        Ok(FollowUpFile {
            conn: Mutex::new(conn),
            follow_ups: RwLock::new(Arc::new(follow_ups)),
            sent: RwLock::new(Arc::new(sent)),
            version: AtomicU64::new(0),
        })
    }

    pub fn version(&self) -> u64 {
        self.version.load(Ordering::SeqCst)
    }

    pub fn follow_ups(&self) -> Arc<FollowUps> {
        self.follow_ups
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    pub fn sent(&self) -> Arc<Sent> {
        self.sent.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Writes to disk (blocking: call it off the UI thread), then to the store.
    pub fn record_follow_up(&self, f: &FollowUp) -> Result<(), FollowUpFileError> {
        self.lock().execute(
            "INSERT OR REPLACE INTO follow_ups (activity_id, outcome_id, next_id, at) VALUES (?1, ?2, ?3, ?4)",
            params![f.activity_id, f.outcome_id, f.next_id, f.at.to_rfc3339()],
        )?;
        let mut copy = self.follow_ups.write().unwrap_or_else(|p| p.into_inner());
        Arc::make_mut(&mut copy).insert(f.activity_id, f.clone());
        self.version.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    /// Blocking, like [`FollowUpFile::record_follow_up`].
    pub fn record_sent(
        &self,
        activity_id: i64,
        kind: ReminderKind,
        at: DateTime<Utc>,
    ) -> Result<(), FollowUpFileError> {
        self.lock().execute(
            "INSERT OR IGNORE INTO reminders_sent (activity_id, kind, sent_at) VALUES (?1, ?2, ?3)",
            params![activity_id, kind.code(), at.to_rfc3339()],
        )?;
        let mut copy = self.sent.write().unwrap_or_else(|p| p.into_inner());
        Arc::make_mut(&mut copy).insert((activity_id, kind));
        self.version.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }
}

fn migrate(conn: &mut Connection) -> rusqlite::Result<()> {
    let done: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    for (index, sql) in MIGRATIONS.iter().enumerate().skip(done.max(0) as usize) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", index as i64 + 1)?;
        tx.commit()?;
    }
    Ok(())
}

fn read_follow_ups(conn: &Connection) -> rusqlite::Result<FollowUps> {
    let mut stmt = conn.prepare("SELECT activity_id, outcome_id, next_id, at FROM follow_ups")?;
    let rows = stmt.query_map([], |r| {
        let at: String = r.get(3)?;
        Ok(FollowUp {
            activity_id: r.get(0)?,
            outcome_id: r.get(1)?,
            next_id: r.get(2)?,
            at: DateTime::parse_from_rfc3339(&at)
                .map(|t| t.with_timezone(&Utc))
                .unwrap_or_default(),
        })
    })?;
    rows.map(|r| r.map(|f| (f.activity_id, f))).collect()
}

fn read_sent(conn: &Connection) -> rusqlite::Result<Sent> {
    let mut stmt = conn.prepare("SELECT activity_id, kind FROM reminders_sent")?;
    let rows = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
    let mut sent = Sent::new();
    for row in rows {
        let (id, kind) = row?;
        if let Some(kind) = ReminderKind::from_code(&kind) {
            sent.insert((id, kind));
        }
    }
    Ok(sent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follow_ups_and_reminders_survive_a_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = FollowUpFile::path_for(dir.path(), "Live portal/4200");
        assert!(path.ends_with("local/Live_portal_4200.db"));
        let at = "2026-11-21T15:00:00Z".parse().unwrap();
        {
            let store = FollowUpFile::open(Some(&path)).unwrap();
            assert!(store.follow_ups().is_empty());
            store
                .record_follow_up(&FollowUp {
                    activity_id: 11,
                    outcome_id: Some(12),
                    next_id: Some(13),
                    at,
                })
                .unwrap();
            store.record_sent(11, ReminderKind::Overdue, at).unwrap();
            store.record_sent(11, ReminderKind::Overdue, at).unwrap();
            assert_eq!(store.version(), 3);
        }
        let again = FollowUpFile::open(Some(&path)).unwrap();
        assert_eq!(again.follow_ups()[&11].next_id, Some(13));
        assert!(again.sent().contains(&(11, ReminderKind::Overdue)));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o077, 0, "readable by the user only");
        }
    }
}
