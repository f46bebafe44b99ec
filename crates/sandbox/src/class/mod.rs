//! A training class on one server: a portal per trainee and one for the trainer, each in a
//! SQLite file of its own (a reset or a broken portal touches no one else), each a copy of the
//! scenario re-dated to the class's day. A request goes to the portal its `PortalId` names;
//! the trainer's key reads every portal and alone may reset them (`/training/…`).

mod copy;
pub mod seats;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Instant;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::{Connection, MAIN_DB};
use tower::ServiceExt;

pub use crate::api::training::{Firsts, ResetReport, RosterSeat};
use crate::db::Db;
use crate::http::{self, Fail};
use crate::serve::ConnectionLimits;
use crate::state::{AppState, Clock};
pub use seats::{MAX_TRAINEES, Seat, TRAINER_PORTAL};

/// The zone the scenario's communities keep, whose date is the class's day.
const CLASS_ZONE: chrono_tz::Tz = chrono_tz::America::New_York;

#[derive(Debug, thiserror::Error)]
pub enum ClassError {
    #[error("a class has 1 to {MAX_TRAINEES} trainees, not {0}")]
    Size(usize),
    #[error("a training portal could not be written or opened: {0}")]
    Database(#[from] rusqlite::Error),
    #[error("the class folder could not be written: {0}")]
    Io(#[from] std::io::Error),
    #[error("the training server could not listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("the training server failed: {0}")]
    Start(String),
}

#[derive(Clone)]
pub struct ClassConfig {
    pub addr: SocketAddr,
    /// The class folder: its sheet of keys and a database per portal.
    pub dir: PathBuf,
    pub trainees: usize,
    /// The class's "now" (tests fix it).
    pub clock: Clock,
    pub limits: ConnectionLimits,
    /// Serve https with this (`serve::tls_from_files`); plain http without.
    pub tls: Option<tokio_rustls::TlsAcceptor>,
}

/// One seat's portal as served now.
#[derive(Clone)]
struct Portal {
    router: Router,
    db: Db,
    file: PathBuf,
    reset_at: DateTime<Utc>,
    /// Days the copy was moved from the anchor.
    days: i64,
}

struct Class {
    dir: PathBuf,
    /// The scenario at the anchor, as a database image.
    image: Vec<u8>,
    story_hash: String,
    /// The first ids the service gives to records written after a reset.
    firsts: Firsts,
    seats: Vec<Seat>,
    password_hashes: Vec<String>,
    portals: RwLock<HashMap<i64, Portal>>,
    clock: Clock,
    generation: AtomicU64,
}

fn lock_error<T>(_: T) -> ClassError {
    ClassError::Start("a lock was poisoned".into())
}

impl Class {
    fn today(&self) -> NaiveDate {
        self.clock.now().with_timezone(&CLASS_ZONE).date_naive()
    }

    fn days_from_anchor(&self) -> i64 {
        let anchor = crate::seed::training_anchor()
            .with_timezone(&CLASS_ZONE)
            .date_naive();
        (self.today() - anchor).num_days()
    }

    fn file_for(&self, seat: &Seat) -> PathBuf {
        let generation = self.generation.fetch_add(1, Ordering::Relaxed);
        self.dir
            .join(format!("portal-{}-{generation}.db", seat.portal))
    }

    /// Builds the seat's portal afresh: a file of its own, then its server.
    fn build(&self, index: usize, days: i64) -> Result<Portal, ClassError> {
        let seat = &self.seats[index];
        let file = self.file_for(seat);
        let own = copy::Own {
            seat,
            trainer_key: &self.seats[0].key,
            password_hash: &self.password_hashes[index],
        };
        copy::write_seat(&self.image, &own, days, &file)?;
        self.open(file, days, self.clock.now())
    }

    fn open(
        &self,
        file: PathBuf,
        days: i64,
        reset_at: DateTime<Utc>,
    ) -> Result<Portal, ClassError> {
        let db = Db::open(Some(&file))?;
        let (keys, secret) = db.with_conn(crate::load_access)?;
        let state = AppState {
            db: db.clone(),
            keys: Arc::new(keys),
            jwt_secret: Arc::new(secret),
            clock: self.clock.clone(),
            logins: Arc::default(),
            key_guesses: Arc::default(),
        };
        let router = crate::routes::router(state).layer(axum::middleware::from_fn(http::guard));
        Ok(Portal {
            router,
            db,
            file,
            reset_at,
            days,
        })
    }

    /// Resets the seats at `indexes`, two at a time, and serves the new copies.
    fn reset(&self, indexes: &[usize]) -> Result<ResetReport, ClassError> {
        let started = Instant::now();
        let days = self.days_from_anchor();
        let built: Vec<Result<(i64, Portal), ClassError>> = std::thread::scope(|scope| {
            let workers = std::thread::available_parallelism()
                .map_or(2, |n| n.get())
                .clamp(1, 4);
            let chunks: Vec<&[usize]> = indexes
                .chunks(indexes.len().div_ceil(workers).max(1))
                .collect();
            let handles: Vec<_> = chunks
                .into_iter()
                .map(|chunk| {
                    scope.spawn(move || {
                        chunk
                            .iter()
                            .map(|&i| self.build(i, days).map(|p| (self.seats[i].portal, p)))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| {
                    h.join().unwrap_or_else(|_| {
                        vec![Err(ClassError::Start("a reset thread failed".into()))]
                    })
                })
                .collect()
        });
        let mut portals = Vec::new();
        let mut replaced = Vec::new();
        {
            let mut served = self.portals.write().map_err(lock_error)?;
            for result in built {
                let (id, portal) = result?;
                portals.push(id);
                if let Some(old) = served.insert(id, portal) {
                    replaced.push(old.file);
                }
            }
        }
        for file in replaced {
            remove_database(&file);
        }
        Ok(ResetReport {
            portals,
            milliseconds: started.elapsed().as_millis() as u64,
            scenario_hash: self.story_hash.clone(),
        })
    }

    fn roster(&self) -> Result<Vec<RosterSeat>, ClassError> {
        let served = self.portals.read().map_err(lock_error)?;
        let mut rows = Vec::new();
        for seat in &self.seats {
            let Some(portal) = served.get(&seat.portal) else {
                continue;
            };
            rows.push(RosterSeat {
                trainee: seat.trainee,
                portal_id: seat.portal,
                login: seat.login.clone(),
                reset_at: portal.reset_at,
                scenario_hash: self.story_hash.clone(),
                firsts: self.firsts,
            });
        }
        Ok(rows)
    }

    fn router_for(&self, portal: Option<i64>) -> Option<Router> {
        let served = self.portals.read().ok()?;
        portal
            .and_then(|p| served.get(&p))
            .or_else(|| served.get(&TRAINER_PORTAL))
            .map(|p| p.router.clone())
    }

    /// The scenario hash of a seat's portal as it is now (equal to the story's until its
    /// trainee writes).
    fn portal_hash(&self, portal: i64) -> Result<String, ClassError> {
        let (db, days) = {
            let served = self.portals.read().map_err(lock_error)?;
            let p = served
                .get(&portal)
                .ok_or_else(|| ClassError::Start(format!("no portal {portal} in this class")))?;
            (p.db.clone(), p.days)
        };
        // A snapshot of the file as committed (WAL included), read whole.
        let snapshot = tempfile::Builder::new()
            .suffix(".db")
            .tempfile_in(&self.dir)?;
        let path = snapshot.path().to_string_lossy().into_owned();
        std::fs::remove_file(snapshot.path())?;
        db.with_conn(|c| c.execute("VACUUM INTO ?1", [&path]))?;
        let image = std::fs::read(&path);
        let _ = std::fs::remove_file(&path);
        let image = image?;
        Ok(copy::seat_hash(&image, portal, days)?)
    }
}

/// Removes a portal's database and its WAL files (one still open elsewhere is removed at the
/// next start).
fn remove_database(file: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut name = file.as_os_str().to_owned();
        name.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(name));
    }
}

/// The scenario's image and hash, and the first ids after it.
fn scenario() -> Result<(Vec<u8>, String, Firsts), ClassError> {
    let mut conn = Connection::open_in_memory()?;
    crate::db::migrate(&mut conn)?;
    let tx = conn.transaction()?;
    crate::seed::training_scenario(&tx)?;
    tx.commit()?;
    let hash = copy::story_hash(&conn)?;
    let next = |table: &str| -> rusqlite::Result<i64> {
        conn.query_row(
            &format!("SELECT COALESCE(MAX(id), 0) + 1 FROM {table}"),
            [],
            |r| r.get(0),
        )
    };
    let firsts = Firsts {
        activity_id: next("activities")?,
        individual_id: next("individuals")?,
    };
    let image = conn.serialize(MAIN_DB)?.to_vec();
    Ok((image, hash, firsts))
}

/// A class being served. Dropping it stops the server.
pub struct RunningClass {
    pub base_url: String,
    pub addr: SocketAddr,
    /// The trainer's seat first, then each trainee's.
    pub seats: Vec<Seat>,
    pub scenario_hash: String,
    class: Arc<Class>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Drop for RunningClass {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

impl RunningClass {
    /// Resets one trainee's portal (`Some(n)`, 0 the trainer's) or the whole class.
    pub async fn reset(&self, trainee: Option<usize>) -> Result<ResetReport, ClassError> {
        let class = self.class.clone();
        tokio::task::spawn_blocking(move || class.reset(&which(&class, trainee)?))
            .await
            .map_err(|e| ClassError::Start(e.to_string()))?
    }

    /// A seat's portal's scenario hash as it is now.
    pub async fn portal_hash(&self, portal: i64) -> Result<String, ClassError> {
        let class = self.class.clone();
        tokio::task::spawn_blocking(move || class.portal_hash(portal))
            .await
            .map_err(|e| ClassError::Start(e.to_string()))?
    }

    /// The class sheet as CSV.
    pub fn sheet_csv(&self) -> String {
        seats::sheet_csv(&self.base_url, &self.seats)
    }
}

fn which(class: &Class, trainee: Option<usize>) -> Result<Vec<usize>, ClassError> {
    match trainee {
        None => Ok((0..class.seats.len()).collect()),
        Some(n) if n < class.seats.len() => Ok(vec![n]),
        Some(n) => Err(ClassError::Start(format!(
            "this class has {} trainees; there is no trainee {n}",
            class.seats.len() - 1
        ))),
    }
}

/// Starts a class: its seats (kept from an earlier start of the same size), each portal
/// opened where its file is kept or made afresh, then serves.
pub async fn start(config: ClassConfig) -> Result<RunningClass, ClassError> {
    std::fs::create_dir_all(&config.dir)?;
    crate::paths::restrict_to_user(&config.dir);
    let dir = config.dir.clone();
    let trainees = config.trainees;
    let clock = config.clock.clone();
    let class = tokio::task::spawn_blocking(move || -> Result<Arc<Class>, ClassError> {
        let seats = seats::load_or_create(&dir, trainees)?;
        let (image, story_hash, firsts) = scenario()?;
        let password_hashes = seats
            .iter()
            .map(|s| crate::auth::hash_password(&s.password, &[s.portal as u8; 16]))
            .collect();
        let class = Arc::new(Class {
            dir,
            image,
            story_hash,
            firsts,
            seats,
            password_hashes,
            portals: RwLock::default(),
            clock,
            generation: AtomicU64::new(0),
        });
        let kept = kept_files(&class.dir);
        let next = kept.values().map(|(g, _)| g + 1).max().unwrap_or(0);
        class.generation.store(next, Ordering::Relaxed);
        let mut fresh = Vec::new();
        for (index, seat) in class.seats.iter().enumerate() {
            match kept.get(&seat.portal) {
                Some((_, file)) => {
                    let days = class.days_from_anchor();
                    let portal = class.open(file.clone(), days, class.clock.now())?;
                    class
                        .portals
                        .write()
                        .map_err(lock_error)?
                        .insert(seat.portal, portal);
                }
                None => fresh.push(index),
            }
        }
        if !fresh.is_empty() {
            class.reset(&fresh)?;
        }
        Ok(class)
    })
    .await
    .map_err(|e| ClassError::Start(e.to_string()))??;

    let front = Router::new()
        .route("/training/class", get(roster))
        .route("/training/reset", post(reset))
        .route("/health", get(|| async { "ok" }))
        .fallback(dispatch)
        .with_state(class.clone());
    let (addr, shutdown, _task) =
        crate::serve::bind_and_spawn(config.addr, front, config.limits, config.tls.clone())
            .await
            .map_err(|source| ClassError::Bind {
                addr: config.addr,
                source,
            })?;
    Ok(RunningClass {
        base_url: format!(
            "{}://{addr}",
            if config.tls.is_some() {
                "https"
            } else {
                "http"
            }
        ),
        addr,
        seats: class.seats.clone(),
        scenario_hash: class.story_hash.clone(),
        class,
        shutdown: Some(shutdown),
    })
}

/// The newest database kept for each portal, with its generation; older ones are removed.
fn kept_files(dir: &Path) -> HashMap<i64, (u64, PathBuf)> {
    let mut newest: HashMap<i64, (u64, PathBuf)> = HashMap::new();
    let mut stale = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name
            .strip_prefix("portal-")
            .and_then(|r| r.strip_suffix(".db"))
        else {
            continue;
        };
        let Some((portal, generation)) = rest.split_once('-') else {
            continue;
        };
        let (Ok(portal), Ok(generation)) = (portal.parse::<i64>(), generation.parse::<u64>())
        else {
            continue;
        };
        match newest.get(&portal) {
            Some((g, _)) if *g > generation => stale.push(entry.path()),
            _ => {
                if let Some((_, old)) = newest.insert(portal, (generation, entry.path())) {
                    stale.push(old);
                }
            }
        }
    }
    for file in stale {
        remove_database(&file);
    }
    newest
}

/// The query's `PortalId`, read as the service reads names (any case).
fn portal_of(query: Option<&str>) -> Option<i64> {
    form_urlencoded::parse(query?.as_bytes())
        .find(|(name, _)| name.eq_ignore_ascii_case("portalid"))
        .and_then(|(_, value)| value.trim().parse().ok())
}

async fn dispatch(State(class): State<Arc<Class>>, request: Request) -> Response {
    // Operations the spec sends without a portal (the token, a checklist's update) go to the
    // portal of the seat whose key they carry.
    let portal = portal_of(request.uri().query()).or_else(|| {
        let key = request
            .headers()
            .get("Ocp-Apim-Subscription-Key")?
            .to_str()
            .ok()?;
        class.seats.iter().find(|s| s.key == key).map(|s| s.portal)
    });
    match class.router_for(portal) {
        Some(router) => match router.oneshot(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        },
        None => Fail::internal("the class has no portals").into_response(),
    }
}

/// Only the trainer's key may read the roster or reset.
fn trainer_only(class: &Class, headers: &HeaderMap) -> Result<(), Fail> {
    let key = headers
        .get("Ocp-Apim-Subscription-Key")
        .and_then(|k| k.to_str().ok())
        .unwrap_or("");
    if key.is_empty() {
        return Err(Fail::unauthorized(
            "Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.",
        ));
    }
    if key == class.seats[0].key {
        return Ok(());
    }
    if class.seats.iter().any(|s| s.key == key) {
        return Err(Fail::forbidden(
            "Only the trainer's key may read the class or reset it",
        ));
    }
    Err(Fail::unauthorized(
        "Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.",
    ))
}

async fn roster(State(class): State<Arc<Class>>, headers: HeaderMap) -> Response {
    if let Err(fail) = trainer_only(&class, &headers) {
        return fail.into_response();
    }
    match class.roster() {
        Ok(rows) => axum::Json(rows).into_response(),
        Err(e) => Fail::internal(e.to_string()).into_response(),
    }
}

async fn reset(
    State(class): State<Arc<Class>>,
    headers: HeaderMap,
    query: http::Params,
) -> Response {
    if let Err(fail) = trainer_only(&class, &headers) {
        return fail.into_response();
    }
    let trainee = match query.bounded("Trainee", MAX_TRAINEES as i64) {
        Ok(t) => t.map(|t| t as usize),
        Err(fail) => return fail.into_response(),
    };
    let indexes = match which(&class, trainee) {
        Ok(i) => i,
        Err(e) => return Fail::bad(e.to_string()).into_response(),
    };
    let worker = class.clone();
    match tokio::task::spawn_blocking(move || worker.reset(&indexes)).await {
        Ok(Ok(report)) => (StatusCode::OK, axum::Json(report)).into_response(),
        Ok(Err(e)) => Fail::internal(e.to_string()).into_response(),
        Err(e) => Fail::internal(e.to_string()).into_response(),
    }
}
