//! The sandbox's SQLite file: opening it, migrating it, and running one transaction per request.

use std::path::Path;
use std::sync::{Arc, Mutex};

use rusqlite::{Connection, Transaction, TransactionBehavior};

use super::http::Fail;

/// Schema versions, applied in order; `PRAGMA user_version` records how many ran.
const MIGRATIONS: &[&str] = &[
    include_str!("migrations/001_initial.sql"),
    include_str!("migrations/002_activities_updated.sql"),
];

/// A writer connection and, for a file, a reader connection beside it. SQLite has one writer
/// at a time anyway; with WAL, reads on their own connection see the last committed state and
/// never wait for a write in progress. An in-memory database has one connection for both.
#[derive(Clone)]
pub struct Db {
    writer: Arc<Mutex<Connection>>,
    reader: Arc<Mutex<Connection>>,
}

/// How long a statement waits for another process's lock before the request is answered 503.
const BUSY_TIMEOUT_MS: i64 = 2000;

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
        conn.pragma_update(None, "busy_timeout", BUSY_TIMEOUT_MS)?;
        migrate(&mut conn)?;
        let writer = Arc::new(Mutex::new(conn));
        let reader = match path {
            Some(path) => {
                let conn = Connection::open(path)?;
                conn.pragma_update(None, "foreign_keys", "ON")?;
                conn.pragma_update(None, "busy_timeout", BUSY_TIMEOUT_MS)?;
                Arc::new(Mutex::new(conn))
            }
            None => writer.clone(),
        };
        Ok(Db { writer, reader })
    }

    /// Runs `work` in one write transaction on a blocking thread; commits only if it succeeds,
    /// so a refused request leaves nothing half-written.
    pub async fn write<T, F>(&self, work: F) -> Result<T, Fail>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction<'_>) -> Result<T, Fail> + Send + 'static,
    {
        Self::transact(self.writer.clone(), TransactionBehavior::Immediate, work).await
    }

    /// Runs `work` in a read transaction on the reader connection: it takes no write lock and
    /// does not wait for writes.
    pub async fn read<T, F>(&self, work: F) -> Result<T, Fail>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction<'_>) -> Result<T, Fail> + Send + 'static,
    {
        Self::transact(self.reader.clone(), TransactionBehavior::Deferred, work).await
    }

    async fn transact<T, F>(
        conn: Arc<Mutex<Connection>>,
        behavior: TransactionBehavior,
        work: F,
    ) -> Result<T, Fail>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction<'_>) -> Result<T, Fail> + Send + 'static,
    {
        tokio::task::spawn_blocking(move || {
            let mut conn = conn.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let tx = conn.transaction_with_behavior(behavior)?;
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
            .writer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        work(&mut conn)
    }
}

pub(crate) fn migrate(conn: &mut Connection) -> Result<(), rusqlite::Error> {
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
