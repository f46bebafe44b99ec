//! A faithful local implementation of the v3 service on SQLite: the app's embedded default,
//! the backend of the end-to-end tests, and a standalone server for training.

// The layers below, by the names the code has always used for them.
use leasedesk_api as api;
use leasedesk_base::{clock, paths};

mod auth;
pub mod class;
mod db;
mod http;
mod limits;
pub mod logins;
mod openapi;
pub mod routes;
mod seed;
mod serve;

mod state;
mod store;
mod template;
mod time;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use chrono::{DateTime, Utc};

pub use serve::{ConnectionLimits, tls_from_files};

pub use db::Db;
pub use seed::{
    DEMO_KEY, DEMO_LOGIN, DEMO_PASSWORD, DEMO_PORTAL, SECOND_KEY, SECOND_LOGIN, SECOND_PORTAL,
    SeedSize, TRAINING_KEY,
};
pub use state::Clock;

/// Where the sandbox keeps its data.
#[derive(Debug, Clone, PartialEq)]
pub enum Storage {
    File(PathBuf),
    InMemory,
}

#[derive(Debug, Clone)]
pub struct SandboxConfig {
    /// `127.0.0.1:0` picks a free port.
    pub addr: SocketAddr,
    pub storage: Storage,
    /// Used only when the database is new.
    pub seed: SeedSize,
    /// The demo portal's subscription key (default [`DEMO_KEY`]).
    pub key: Option<String>,
    /// The day the demo data is built around (default: now), so tests get the same data.
    pub reference: Option<DateTime<Utc>>,
    pub rng_seed: u64,
    pub clock: Clock,
    /// Timeouts and the connection cap.
    pub limits: ConnectionLimits,
}

impl Default for SandboxConfig {
    fn default() -> Self {
        Self {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            storage: Storage::InMemory,
            seed: SeedSize::Demo,
            key: None,
            reference: None,
            rng_seed: 42,
            clock: Clock::System,
            limits: ConnectionLimits::default(),
        }
    }
}

impl SandboxConfig {
    /// The OS data directory's `sandbox.db` (created on first run).
    pub fn default_database() -> Option<PathBuf> {
        crate::paths::data_dir().map(|d| d.join("sandbox.db"))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    #[error("the sandbox database could not be opened or prepared: {0}")]
    Database(#[from] rusqlite::Error),
    #[error("the sandbox could not listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("the sandbox data directory could not be created: {0}")]
    Io(#[from] std::io::Error),
    #[error("the sandbox failed to start: {0}")]
    Start(String),
}

/// A sandbox serving on loopback. Dropping it stops the server.
pub struct RunningSandbox {
    pub base_url: String,
    pub addr: SocketAddr,
    pub key: String,
    pub portal_id: i64,
    pub second_portal_id: i64,
    pub login: (String, String),
    pub db: Db,
    /// The sandbox's "now"; tests advance a fixed one.
    pub clock: Clock,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl RunningSandbox {
    /// Stops accepting requests and waits for those in flight.
    pub async fn stop(mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
    }
}

impl Drop for RunningSandbox {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

pub struct Sandbox;

impl Sandbox {
    /// Opens (and on first use seeds) the database, binds, and serves in the background.
    pub async fn start(config: SandboxConfig) -> Result<RunningSandbox, SandboxError> {
        let key = config.key.clone().unwrap_or_else(|| DEMO_KEY.to_owned());
        let storage = config.storage.clone();
        let seed_key = key.clone();
        let reference = config.reference.unwrap_or_else(|| config.clock.now());
        let fixed_day = config.reference.is_some() || matches!(config.clock, Clock::Fixed(_));
        let (seed_size, rng_seed) = (config.seed, config.rng_seed);
        let configured = config.key.clone();
        let (db, keys, secret) = tokio::task::spawn_blocking(move || -> Result<_, SandboxError> {
            let path = match &storage {
                Storage::File(path) => {
                    if let Some(parent) = path.parent() {
                        std::fs::create_dir_all(parent)?;
                    }
                    Some(path.as_path())
                }
                Storage::InMemory => None,
            };
            let db = Db::open(path)?;
            db.with_conn(|conn| -> rusqlite::Result<()> {
                let seeded: bool =
                    conn.query_row("SELECT EXISTS(SELECT 1 FROM portals)", [], |r| r.get(0))?;
                // In memory on a fixed day, the demo is a copy of the last one seeded alike.
                let seeding =
                    (path.is_none() && fixed_day && seed_size == SeedSize::Demo).then(|| {
                        template::Seeding {
                            size: seed_size,
                            reference,
                            rng_seed,
                            key: seed_key.clone(),
                        }
                    });
                let copied = match &seeding {
                    Some(seeding) if !seeded => template::copy_into(conn, seeding)?,
                    _ => false,
                };
                let tx = conn.transaction()?;
                if seeded {
                    // A database from an earlier day gets the days since then.
                    seed::working_day::top_up(&tx, reference)?;
                } else if !copied {
                    seed::seed(&tx, seed_size, reference, rng_seed, &seed_key)?;
                }
                // A key given on the command line replaces the one given before (a key handed to a
                // trainee is revoked by starting with a new one); it also works on an existing
                // database.
                if configured.as_deref().is_some_and(|k| k != DEMO_KEY) {
                    tx.execute(
                        "DELETE FROM api_keys WHERE key NOT IN (?1, ?2, ?3, ?4)",
                        [seed_key.as_str(), DEMO_KEY, SECOND_KEY, TRAINING_KEY],
                    )?;
                }
                tx.execute(
                    "INSERT OR IGNORE INTO api_keys (key, label) VALUES (?1, 'configured')",
                    [&seed_key],
                )?;
                tx.execute(
                    "INSERT OR IGNORE INTO api_key_portals (key, portal_id) VALUES (?1, ?2)",
                    rusqlite::params![seed_key, DEMO_PORTAL],
                )?;
                tx.commit()?;
                if let Some(seeding) = seeding.filter(|_| !seeded && !copied) {
                    template::keep(conn, seeding);
                }
                Ok(())
            })?;
            let (mut keys, secret) = db.with_conn(load_access)?;
            if configured.as_deref().is_some_and(|k| k != DEMO_KEY) {
                // A sandbox given its own key answers to that key only: the published demo,
                // second-portal and training keys stop working (the database keeps them for a
                // start without --key).
                keys.retain(|k, _| {
                    Some(k.as_str()) == configured.as_deref() || !PUBLISHED.contains(&k.as_str())
                });
            }
            Ok((db, keys, secret))
        })
        .await
        .map_err(|e| SandboxError::Start(e.to_string()))??;

        let state = state::AppState {
            db: db.clone(),
            keys: Arc::new(keys),
            jwt_secret: Arc::new(secret),
            clock: config.clock.clone(),
            logins: Arc::default(),
            key_guesses: Arc::default(),
        };
        let app = routes::router(state).layer(axum::middleware::from_fn(http::guard));
        let (addr, shutdown, task) = serve::bind_and_spawn(config.addr, app, config.limits, None)
            .await
            .map_err(|source| SandboxError::Bind {
                addr: config.addr,
                source,
            })?;
        Ok(RunningSandbox {
            base_url: format!("http://{addr}"),
            addr,
            key,
            portal_id: DEMO_PORTAL,
            second_portal_id: SECOND_PORTAL,
            login: (DEMO_LOGIN.to_owned(), DEMO_PASSWORD.to_owned()),
            db,
            clock: config.clock,
            shutdown: Some(shutdown),
            task: Some(task),
        })
    }
}

/// The keys printed in the README and by `leasedesk sandbox`.
const PUBLISHED: [&str; 3] = [DEMO_KEY, SECOND_KEY, TRAINING_KEY];

type KeyTable = HashMap<String, Vec<i64>>;

pub(crate) fn load_access(
    conn: &mut rusqlite::Connection,
) -> rusqlite::Result<(KeyTable, Vec<u8>)> {
    let mut keys: KeyTable = HashMap::new();
    let mut stmt = conn.prepare("SELECT key, portal_id FROM api_key_portals")?;
    for row in stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))? {
        let (key, portal) = row?;
        keys.entry(key).or_default().push(portal);
    }
    let secret: String =
        conn.query_row("SELECT value FROM meta WHERE key = 'jwt_secret'", [], |r| {
            r.get(0)
        })?;
    Ok((keys, secret.into_bytes()))
}

/// The training scenario's story, by the names the exam grades.
pub mod scenario {
    pub use crate::seed::{
        EDNA, EVELYN, HAROLD, MARGARET, OPEN_HOUSE, ROSA, WALTER, training_anchor as anchor,
    };
}
