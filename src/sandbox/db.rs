//! The sandbox's SQLite file: opening it, migrating it, and running one transaction per request.

use std::path::Path;
use std::sync::{Arc, Mutex};

use rusqlite::{Connection, Transaction, TransactionBehavior};

use super::http::Fail;

/// Schema versions, applied in order; `PRAGMA user_version` records how many ran.
const MIGRATIONS: &[&str] = &[include_str!("migrations/001_initial.sql")];

/// One connection behind a mutex. SQLite serializes writers anyway, and a single connection
/// lets an in-memory database work the same as a file.
#[derive(Clone)]
pub struct Db {
    conn: Arc<Mutex<Connection>>,
}

impl Db {
    pub fn open(path: Option<&Path>) -> Result<Db, rusqlite::Error> {
        let mut conn = match path {
            Some(path) => Connection::open(path)?,
            None => Connection::open_in_memory()?,
        };
        // WAL with synchronous=NORMAL keeps every committed transaction across a killed process.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.pragma_update(None, "busy_timeout", 5000)?;
        migrate(&mut conn)?;
        Ok(Db {
            conn: Arc::new(Mutex::new(conn)),
        })
    }

    /// Runs `work` in one transaction on a blocking thread; commits only if it succeeds, so a
    /// refused request leaves nothing half-written.
    pub async fn run<T, F>(&self, work: F) -> Result<T, Fail>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction<'_>) -> Result<T, Fail> + Send + 'static,
    {
        let conn = self.conn.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = conn.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let value = work(&tx)?;
            tx.commit()?;
            Ok(value)
        })
        .await
        .map_err(|e| Fail::internal(format!("request task failed: {e}")))?
    }

    /// Direct access for seeding and tests, on the calling thread.
    pub fn with_conn<T>(&self, work: impl FnOnce(&mut Connection) -> T) -> T {
        let mut conn = self
            .conn
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        work(&mut conn)
    }
}

fn migrate(conn: &mut Connection) -> Result<(), rusqlite::Error> {
    let done: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    for (index, sql) in MIGRATIONS.iter().enumerate().skip(done as usize) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", index as i64 + 1)?;
        tx.commit()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_run_once_and_record_the_version() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.db");
        Db::open(Some(&path)).unwrap();
        let db = Db::open(Some(&path)).unwrap();
        let (version, mode): (i64, String) = db.with_conn(|c| {
            (
                c.pragma_query_value(None, "user_version", |r| r.get(0))
                    .unwrap(),
                c.pragma_query_value(None, "journal_mode", |r| r.get(0))
                    .unwrap(),
            )
        });
        assert_eq!(version as usize, MIGRATIONS.len());
        assert_eq!(mode, "wal");
    }
}
