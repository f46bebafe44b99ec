//! In-memory sandboxes seeded alike are copies of one seeding. Building the demo portal takes
//! half a second unoptimised, and a test process starts a sandbox per test on a fixed day: the
//! first seeding is kept as a database image and later ones copy it, each with a token secret
//! of its own. Only seedings on a fixed day are kept (one on "now" is never asked for again),
//! and only the last one, so a process keeps one image at most.

use std::sync::{Arc, Mutex};

use chrono::{DateTime, Utc};
use rusqlite::{Connection, MAIN_DB};

use super::SeedSize;

/// What makes two seedings the same database.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Seeding {
    pub size: SeedSize,
    pub reference: DateTime<Utc>,
    pub rng_seed: u64,
    pub key: String,
}

static LAST: Mutex<Option<(Seeding, Arc<Vec<u8>>)>> = Mutex::new(None);

/// Fills the empty `conn` with a copy of the image kept for `seeding`; false when none is kept.
pub(super) fn copy_into(conn: &mut Connection, seeding: &Seeding) -> rusqlite::Result<bool> {
    let image = match LAST.lock() {
        Ok(last) => match last.as_ref() {
            Some((kept, image)) if kept == seeding => image.clone(),
            _ => return Ok(false),
        },
        Err(_) => return Ok(false),
    };
    conn.deserialize_read_exact(MAIN_DB, &image[..], image.len(), false)?;
    // A copy must not accept another sandbox's tokens.
    conn.execute(
        "UPDATE meta SET value = ?1 WHERE key = 'jwt_secret'",
        [super::seed::new_jwt_secret()],
    )?;
    Ok(true)
}

/// Keeps `conn`'s database (just seeded for `seeding`) for the next sandbox seeded alike.
pub(super) fn keep(conn: &mut Connection, seeding: Seeding) {
    match conn.serialize(MAIN_DB) {
        Ok(data) => {
            if let Ok(mut last) = LAST.lock() {
                *last = Some((seeding, Arc::new(data.to_vec())));
            }
        }
        Err(e) => tracing::debug!(error = %e, "the seeded sandbox could not be kept as an image"),
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use crate::{Sandbox, SandboxConfig};

    fn read(sandbox: &crate::RunningSandbox) -> (i64, i64, String) {
        sandbox.db.with_conn(|conn| {
            let count = |table: &str| -> i64 {
                conn.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |r| r.get(0))
                    .unwrap()
            };
            let secret = conn
                .query_row("SELECT value FROM meta WHERE key = 'jwt_secret'", [], |r| {
                    r.get(0)
                })
                .unwrap();
            (count("individuals"), count("activities"), secret)
        })
    }

    #[tokio::test]
    async fn sandboxes_seeded_alike_hold_the_same_rows_apart_with_secrets_of_their_own() {
        let day = chrono::Utc
            .with_ymd_and_hms(2026, 11, 21, 15, 0, 0)
            .unwrap();
        let config = || SandboxConfig {
            reference: Some(day),
            rng_seed: 7,
            ..SandboxConfig::default()
        };
        let first = Sandbox::start(config()).await.unwrap();
        let second = Sandbox::start(config()).await.unwrap();
        let (people, activities, first_secret) = read(&first);
        let (people_2, activities_2, second_secret) = read(&second);
        assert!(people > 100 && activities > 1000, "{people} {activities}");
        assert_eq!((people, activities), (people_2, activities_2));
        assert_ne!(
            first_secret, second_secret,
            "a token of one is refused by the other"
        );
        // Apart: a write to one leaves the other as it was.
        let probes = |sandbox: &crate::RunningSandbox| -> i64 {
            sandbox.db.with_conn(|conn| {
                conn.query_row("SELECT COUNT(*) FROM meta WHERE key = 'probe'", [], |r| {
                    r.get(0)
                })
                .unwrap()
            })
        };
        first.db.with_conn(|conn| {
            conn.execute("INSERT INTO meta (key, value) VALUES ('probe', '1')", [])
                .unwrap()
        });
        assert_eq!((probes(&first), probes(&second)), (1, 0));
    }
}
