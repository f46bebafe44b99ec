//! The engine: connection and identity, the sync of the offline copy, the outbox and its
//! replay, secrets and the answers screens keep. It knows no egui: whoever shows its state (the
//! window) gives it a [`Waker`] and reads its [`EngineEvent`]s. Every API call runs on the tokio
//! runtime created in `main`; answers come back over a channel and wake the shell. Nothing here
//! blocks the thread that draws.

use std::future::Future;
use std::panic::AssertUnwindSafe;

use futures_util::FutureExt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use chrono_tz::Tz;

pub mod asks;
mod changes;
pub mod duplicates;
mod figures;
mod into_store;
pub mod kept;
pub mod local;
pub mod memory;
mod offline;
mod outbox;
mod probe;
mod remembered;
pub mod replica;
pub mod request;
pub mod secrets;
mod sync;
mod windows;
pub use changes::Change;
pub use offline::{CopyStatus, Reach, chosen_offline, unreachable};
pub use outbox::{OutboxKind, SentOrQueued, THIS_RUN_ONLY};
pub use sync::DEFAULT_SYNC_MINUTES;
pub use windows::{ActivityDays, TEAM_PER_DAY};
// The words a screen describes a change in, and asks the offline copy in; what is behind them
// (the copy's tables, the outbox's sealed rows) stays the engine's.
pub use replica::outbox::{
    InquiryPlan, MAX_QUEUED_UNITS, QueueState, Queued, QueuedUnit, QueuedWrite,
};
pub use replica::{LocalMatches, LocalQuery};

use crate::api::model::{ActivityFilter, ActivityQuery, SearchQuery, UserQuery, time_zone_by_name};
use crate::api::{ApiError, Client, ClientOptions, Connection, Secret};
use crate::engine::local::LocalStore;
use crate::sandbox::{RunningSandbox, Sandbox, SandboxConfig};
use request::{Ask, Delivery, Keep};
use secrets::{SecretKind, SecretStore};

/// What the engine tells the shell, besides waking it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineEvent {
    /// A saved profile has no subscription key on this computer: it is entered in Settings.
    KeyMissing { profile: String },
    /// A write changed these records: screens showing them read them again.
    Changed(Change),
}

/// How the engine wakes whoever shows its state, now or after a while (an automatic retry
/// falls due then). The window implements it with egui's repaint requests.
pub trait Waker: Send + Sync {
    fn wake(&self);
    fn wake_after(&self, wait: std::time::Duration);
}

/// Who the API user is and the portal's zone, as kept in the offline copy.
#[derive(serde::Serialize, serde::Deserialize)]
struct KeptIdentity {
    user_id: i64,
    name: String,
    /// The IANA name ("America/Chicago").
    zone: Option<String>,
}

/// Where the app is connected.
#[derive(Debug, Clone, PartialEq)]
pub enum Link {
    /// Starting: the embedded sandbox or a client is being prepared.
    Connecting {
        label: String,
    },
    Sandbox {
        base_url: String,
        portal_id: i64,
    },
    Portal {
        profile: String,
        base_url: String,
        portal_id: i64,
    },
    Failed {
        label: String,
        message: String,
    },
}

impl Link {
    pub fn is_sandbox(&self) -> bool {
        matches!(self, Link::Sandbox { .. })
            || matches!(self, Link::Connecting { label } if label == SANDBOX_LABEL)
    }

    pub fn portal_id(&self) -> Option<i64> {
        match self {
            Link::Sandbox { portal_id, .. } | Link::Portal { portal_id, .. } => Some(*portal_id),
            _ => None,
        }
    }
}

pub const SANDBOX_LABEL: &str = "Sandbox · demo data";

#[derive(Clone)]
enum ClientState {
    Waiting,
    Ready(Client),
    Failed(String),
}

#[derive(Clone)]
pub struct Backend {
    inner: Arc<Inner>,
}

struct Inner {
    runtime: tokio::runtime::Handle,
    client: tokio::sync::watch::Sender<ClientState>,
    link: Mutex<Link>,
    /// Bumped on every connection change, so answers from an old connection can be told apart.
    epoch: AtomicUsize,
    in_flight: AtomicUsize,
    last_error: Mutex<Option<String>>,
    waker: Mutex<Option<Arc<dyn Waker>>>,
    events: Mutex<Vec<EngineEvent>>,
    sandbox: tokio::sync::Mutex<Option<RunningSandbox>>,
    sandbox_config: Mutex<SandboxConfig>,
    client_options: ClientOptions,
    /// The API user's time zone, learned from the service after each connect.
    zone: Mutex<Option<Tz>>,
    /// Who the API user is, learned after each connect.
    me: Mutex<Option<Me>>,
    /// What the app keeps for this portal on this computer; in memory without a data folder.
    local: Mutex<Option<Arc<LocalStore>>>,
    data_dir: Mutex<Option<PathBuf>>,
    offline: offline::Offline,
    /// Reads that open a window's worth of rows take turns (see [`Backend::one_at_a_time`]).
    wide_reads: tokio::sync::Semaphore,
    /// Counts the changes of activities told so far (see [`Backend::activities_generation`]).
    activities_generation: std::sync::atomic::AtomicU64,
    /// A give-back of freed memory is due (see [`Backend::give_back_soon`]).
    give_back_due: std::sync::atomic::AtomicBool,
}

/// The signed-in (API) user: the one "Me" means, whose items get reminders.
#[derive(Debug, Clone, PartialEq)]
pub struct Me {
    pub user_id: i64,
    /// As activities name their assignee.
    pub name: String,
}

impl Backend {
    pub fn new(runtime: tokio::runtime::Handle, sandbox_config: SandboxConfig) -> Self {
        Self::with_options(runtime, sandbox_config, ClientOptions::default())
    }

    pub fn with_options(
        runtime: tokio::runtime::Handle,
        sandbox_config: SandboxConfig,
        client_options: ClientOptions,
    ) -> Self {
        let (client, _) = tokio::sync::watch::channel(ClientState::Waiting);
        Backend {
            inner: Arc::new(Inner {
                runtime,
                client,
                link: Mutex::new(Link::Connecting {
                    label: SANDBOX_LABEL.into(),
                }),
                epoch: AtomicUsize::new(0),
                in_flight: AtomicUsize::new(0),
                last_error: Mutex::new(None),
                waker: Mutex::new(None),
                events: Mutex::new(Vec::new()),
                sandbox: tokio::sync::Mutex::new(None),
                sandbox_config: Mutex::new(sandbox_config),
                client_options,
                zone: Mutex::new(None),
                me: Mutex::new(None),
                local: Mutex::new(None),
                data_dir: Mutex::new(None),
                offline: offline::Offline::default(),
                wide_reads: tokio::sync::Semaphore::new(1),
                activities_generation: std::sync::atomic::AtomicU64::new(0),
                give_back_due: std::sync::atomic::AtomicBool::new(false),
            }),
        }
    }

    /// Runs `read` (a read opening a window's or a figure's worth of the store's rows) on a
    /// blocking thread once no other such read runs, and gives back what it freed. After the
    /// first fill, or a sync that changed activities, every open pane reads again at once:
    /// taking turns, what each holds while it works never adds up with the others'. A
    /// keystroke's search and a duplicate check are not such reads and never wait here.
    pub(crate) async fn one_at_a_time<T: Send + 'static>(
        &self,
        what: &'static str,
        read: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, tokio::task::JoinError> {
        // Never closed: the permit only fails to come if the engine is going away.
        let _turn = self.inner.wide_reads.acquire().await;
        tokio::task::spawn_blocking(move || {
            // The heap is asked (a walk of the allocator's arenas) only when it is logged.
            let logged = tracing::enabled!(tracing::Level::DEBUG);
            let heap = || if logged { memory::heap_in_use() } else { 0 };
            let (started, before) = (std::time::Instant::now(), heap());
            let out = read();
            let kept = heap();
            memory::give_back_freed();
            tracing::debug!(
                what,
                ms = started.elapsed().as_millis(),
                heap_before_kib = before / 1024,
                heap_after_kib = kept / 1024,
                "a wide read of the store"
            );
            out
        })
        .await
    }

    /// Gives freed memory back to the system a moment after a burst of answers ends (a pane
    /// opening reads its answer and often tens of small ones, each decoded and freed): what
    /// glibc keeps in its arenas otherwise stays resident until the next sync's give-back. One
    /// give-back per burst, off the runtime's workers.
    fn give_back_soon(&self) {
        if self.inner.give_back_due.swap(true, Ordering::SeqCst) {
            return;
        }
        let me = self.clone();
        self.run(async move {
            tokio::time::sleep(std::time::Duration::from_secs(2)).await;
            me.inner.give_back_due.store(false, Ordering::SeqCst);
            let _ = tokio::task::spawn_blocking(memory::give_back_freed).await;
        });
    }

    /// Who to wake when something changes.
    pub fn set_waker(&self, waker: Arc<dyn Waker>) {
        *lock(&self.inner.waker) = Some(waker);
    }

    /// Wakes the shell (from background work that reports progress).
    pub fn wake(&self) {
        if let Some(waker) = lock(&self.inner.waker).as_ref() {
            waker.wake();
        }
    }

    /// Wakes the shell after `wait` (an automatic retry falls due then).
    pub fn wake_after(&self, wait: std::time::Duration) {
        if let Some(waker) = lock(&self.inner.waker).as_ref() {
            waker.wake_after(wait);
        }
    }

    /// The events since the last call, oldest first.
    pub fn take_events(&self) -> Vec<EngineEvent> {
        std::mem::take(&mut *lock(&self.inner.events))
    }

    fn tell(&self, event: EngineEvent) {
        lock(&self.inner.events).push(event);
        self.wake();
    }

    pub fn link(&self) -> Link {
        lock(&self.inner.link).clone()
    }

    pub fn epoch(&self) -> usize {
        self.inner.epoch.load(Ordering::SeqCst)
    }

    pub fn in_flight(&self) -> usize {
        self.inner.in_flight.load(Ordering::SeqCst)
    }

    pub fn last_error(&self) -> Option<String> {
        lock(&self.inner.last_error).clone()
    }

    /// Where local files (follow-ups, reminders) go; `None` keeps them in memory.
    pub fn set_data_dir(&self, dir: Option<PathBuf>) {
        *lock(&self.inner.data_dir) = dir;
    }

    /// The signed-in user, once the service has said who that is.
    pub fn me(&self) -> Option<Me> {
        lock(&self.inner.me).clone()
    }

    /// What the app keeps for this portal on this computer, once connected.
    fn local(&self) -> Option<Arc<LocalStore>> {
        lock(&self.inner.local).clone()
    }

    /// The API user's time zone: activity times are in it and "today" is its today. Until the
    /// service has told (or when it cannot), the computer's own zone.
    pub fn zone(&self) -> Tz {
        lock(&self.inner.zone).unwrap_or_else(local_zone)
    }

    fn set_link(&self, link: Link) {
        *lock(&self.inner.link) = link;
        self.wake();
    }

    /// Connects to the embedded sandbox, starting it (and seeding it on first run) if needed.
    /// Returns at once; requests made meanwhile wait for it.
    pub fn connect_sandbox(&self) {
        self.inner.epoch.fetch_add(1, Ordering::SeqCst);
        self.forget_portal();
        self.inner.client.send_replace(ClientState::Waiting);
        self.set_link(Link::Connecting {
            label: SANDBOX_LABEL.into(),
        });
        let me = self.clone();
        self.inner.runtime.spawn(async move {
            let mut running = me.inner.sandbox.lock().await;
            if running.is_none() {
                let config = lock(&me.inner.sandbox_config).clone();
                match Sandbox::start(config).await {
                    Ok(sandbox) => *running = Some(sandbox),
                    Err(e) => {
                        let message = format!("The embedded sandbox could not start: {e}");
                        tracing::error!(%message);
                        return me.fail_link(SANDBOX_LABEL, message);
                    }
                }
            }
            let Some(sandbox) = running.as_ref() else {
                return;
            };
            let connection = Connection {
                base_url: sandbox.base_url.clone(),
                subscription_key: sandbox.key.as_str().into(),
                portal_id: sandbox.portal_id,
            };
            match Client::with_options(connection, me.inner.client_options.clone()) {
                Ok(client) => {
                    let key = format!("sandbox-{}", sandbox.portal_id);
                    me.open_local(&key).await;
                    me.open_replica(&key, true, None).await;
                    me.learn_identity(client.clone());
                    me.inner.client.send_replace(ClientState::Ready(client));
                    me.start_sync_loop();
                    tracing::info!(base_url = %sandbox.base_url, "connected to the embedded sandbox");
                    me.set_link(Link::Sandbox {
                        base_url: sandbox.base_url.clone(),
                        portal_id: sandbox.portal_id,
                    });
                }
                Err(e) => me.fail_link(SANDBOX_LABEL, e.to_string()),
            }
        });
    }

    /// Connects to a real portal; a token is obtained first when credentials are given.
    pub fn connect_portal(
        &self,
        profile: &str,
        connection: Connection,
        login: Option<(String, Secret)>,
    ) {
        self.begin_connect(profile);
        let (me, profile) = (self.clone(), profile.to_owned());
        self.inner.runtime.spawn(async move {
            me.open_portal(profile, connection, login).await;
        });
    }

    /// Runs a connect; if it panics (a bug), the link says so instead of "Connecting…" for ever.
    async fn guarded_connect(&self, label: &str, connect: impl Future<Output = ()>) {
        if let Err(panic) = AssertUnwindSafe(connect).catch_unwind().await {
            tracing::error!(panic = panic_text(&panic), "connecting failed with a panic");
            self.fail_link(label, ApiError::Internal.to_string());
        }
    }

    /// Connects to a saved profile, reading its key and password from the keyring on a
    /// blocking thread first (an unlock prompt must not freeze the window).
    pub fn connect_profile(
        &self,
        secrets: Arc<SecretStore>,
        profile: &str,
        mut connection: Connection,
        username: String,
    ) {
        self.begin_connect(profile);
        let (me, profile) = (self.clone(), profile.to_owned());
        self.inner.runtime.spawn(async move {
            let name = profile.clone();
            let read = tokio::task::spawn_blocking(move || {
                (
                    secrets.get(&name, SecretKind::SubscriptionKey),
                    secrets.get(&name, SecretKind::Password),
                )
            })
            .await;
            let Ok((Some(key), password)) = read else {
                me.tell(EngineEvent::KeyMissing {
                    profile: profile.clone(),
                });
                return me.fail_link(
                    &profile,
                    format!("No subscription key is stored for {profile}: enter it in Settings"),
                );
            };
            connection.subscription_key = key;
            let login = (!username.is_empty())
                .then(|| password.map(|p| (username, p)))
                .flatten();
            me.open_portal(profile, connection, login).await;
        });
    }

    fn forget_portal(&self) {
        *lock(&self.inner.zone) = None;
        *lock(&self.inner.me) = None;
        *lock(&self.inner.local) = None;
        self.forget_replica();
    }

    fn begin_connect(&self, label: &str) {
        self.inner.epoch.fetch_add(1, Ordering::SeqCst);
        self.forget_portal();
        self.inner.client.send_replace(ClientState::Waiting);
        self.set_link(Link::Connecting {
            label: label.to_owned(),
        });
    }

    async fn open_portal(
        &self,
        profile: String,
        connection: Connection,
        login: Option<(String, Secret)>,
    ) {
        let label = profile.clone();
        self.guarded_connect(
            &label,
            self.open_portal_unguarded(profile, connection, login),
        )
        .await;
    }

    async fn open_portal_unguarded(
        &self,
        profile: String,
        connection: Connection,
        login: Option<(String, Secret)>,
    ) {
        let base_url = connection.base_url.clone();
        let portal_id = connection.portal_id;
        let client = match Client::with_options(connection, self.inner.client_options.clone()) {
            Ok(client) => client,
            Err(e) => return self.fail_link(&profile, e.to_string()),
        };
        // What is kept on this computer opens first: it is there even when the service is not.
        let key = format!("{profile}-{portal_id}");
        self.open_local(&key).await;
        self.open_replica(&key, false, Some(&profile)).await;
        if let Some((user, password)) = login
            && let Err(e) = client.token(&user, &password).await
        {
            self.note_reach(&Err::<(), _>(e.clone()));
            return self.fail_link(&profile, e.to_string());
        }
        self.learn_identity(client.clone());
        self.inner.client.send_replace(ClientState::Ready(client));
        self.start_sync_loop();
        self.set_link(Link::Portal {
            profile,
            base_url,
            portal_id,
        });
    }

    /// Opens this portal's local file (on a blocking thread). A file that cannot be opened
    /// leaves the data in memory for this run, and says so.
    async fn open_local(&self, key: &str) {
        let path = lock(&self.inner.data_dir)
            .as_ref()
            .map(|dir| LocalStore::path_for(dir, key));
        let opened = tokio::task::spawn_blocking(move || {
            LocalStore::open(path.as_deref()).or_else(|e| {
                tracing::error!(error = %e, "local data kept in memory for this run");
                LocalStore::open(None)
            })
        })
        .await;
        match opened {
            Ok(Ok(store)) => *lock(&self.inner.local) = Some(Arc::new(store)),
            Ok(Err(e)) => tracing::error!(error = %e, "no local data this run"),
            Err(e) => tracing::error!(error = %e, "no local data this run"),
        }
    }

    /// Learns who the API user is (a search names them as its tenant) and their time zone
    /// (activity times come in it, and every activity names it). What was learned before is
    /// kept in the offline copy and used first, so a start without the service still shows
    /// times in the portal's zone and the user's own items.
    fn learn_identity(&self, client: Client) {
        let (me, epoch) = (self.clone(), self.epoch());
        self.inner.runtime.spawn(async move {
            let keep = Keep::<KeptIdentity>::new(kept::IDENTITY);
            if let Some((known, _)) = me.kept_answer(&keep).await
                && me.epoch() == epoch
            {
                if let Some(zone) = known.zone.as_deref().and_then(|z| z.parse::<Tz>().ok()) {
                    client.set_time_zone(zone);
                    *lock(&me.inner.zone) = Some(zone);
                }
                lock(&me.inner.me).get_or_insert(Me {
                    user_id: known.user_id,
                    name: known.name,
                });
                me.wake();
            }
            let probe = SearchQuery {
                page_size: Some(1),
                ..Default::default()
            };
            let Ok(page) = client.search(&probe).await else {
                return;
            };
            let user_id = page.tenant.user_id;
            let name = client
                .users(&UserQuery {
                    q: None,
                    id: Some(user_id),
                })
                .await
                .ok()
                .and_then(|users| users.first().map(|u| u.name.clone()))
                .unwrap_or_default();
            if me.epoch() != epoch {
                return;
            }
            *lock(&me.inner.me) = Some(Me {
                user_id,
                name: name.clone(),
            });
            me.wake();
            let mut zone = None;
            for filter in [ActivityFilter::All, ActivityFilter::AllUsers] {
                let query = ActivityQuery {
                    filter: Some(filter),
                    page_size: Some(1),
                    ..Default::default()
                };
                let Ok(list) = client.activities(&query).await else {
                    break;
                };
                if let Some(found) = list
                    .first()
                    .and_then(|a| time_zone_by_name(&a.time_zone))
                    .map(|z| z.iana)
                {
                    zone = Some(found);
                    break;
                }
            }
            if me.epoch() != epoch {
                return;
            }
            if let Some(zone) = zone {
                client.set_time_zone(zone);
                *lock(&me.inner.zone) = Some(zone);
                me.wake();
            }
            let known = KeptIdentity {
                user_id,
                name,
                zone: zone.or(*lock(&me.inner.zone)).map(|z| z.name().to_owned()),
            };
            me.keep_answer(&keep, &known);
        });
    }

    fn fail_link(&self, label: &str, message: String) {
        self.inner
            .client
            .send_replace(ClientState::Failed(message.clone()));
        *lock(&self.inner.last_error) = Some(message.clone());
        self.set_link(Link::Failed {
            label: label.to_owned(),
            message,
        });
    }

    /// Runs `work` with the current client on the runtime and sends its answer, tagged with
    /// `generation`, to `reply`; then wakes the UI. A read kept in the offline copy first
    /// sends the answer kept there (if any), and keeps the service's answer.
    pub fn spawn<T, F, Fut>(
        &self,
        generation: u64,
        reply: tokio::sync::mpsc::Sender<(u64, Delivery<T>)>,
        ask: Ask<T>,
        work: F,
    ) where
        T: Send + 'static,
        F: FnOnce(Client) -> Fut + Send + 'static,
        Fut: Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        let me = self.clone();
        let mut client_rx = self.inner.client.subscribe();
        self.inner.in_flight.fetch_add(1, Ordering::SeqCst);
        self.wake();
        let epoch = self.epoch();
        let (keep, queueable) = match ask {
            Ask::Read(keep) => (keep, false),
            Ask::Write => (None, false),
            Ask::WriteOrQueue => (None, true),
        };
        self.inner.runtime.spawn(async move {
            if let Some(keep) = &keep
                && let Some((value, as_of)) = me.kept_answer(keep).await
            {
                let _ = reply
                    .send((generation, Delivery::Kept { value, as_of }))
                    .await;
                me.wake();
            }
            let state = client_rx
                .wait_for(|s| !matches!(s, ClientState::Waiting))
                .await
                .map(|s| s.clone())
                .unwrap_or(ClientState::Failed("the app is shutting down".into()));
            let (result, from_store) = FROM_STORE
                .scope(std::cell::Cell::new(false), async {
                    let result = match state {
                        _ if me.working_offline() && !queueable => Err(offline::chosen_offline()),
                        // A panic in the work (a bug) still answers the pane, which would otherwise
                        // wait for ever.
                        ClientState::Ready(client) => AssertUnwindSafe(work(client))
                            .catch_unwind()
                            .await
                            .unwrap_or_else(|panic| {
                                tracing::error!(
                                    panic = panic_text(&panic),
                                    "a request failed with a panic"
                                );
                                Err(ApiError::Internal)
                            }),
                        ClientState::Failed(message) => Err(ApiError::Config { message }),
                        ClientState::Waiting => Err(ApiError::Internal),
                    };
                    (result, FROM_STORE.with(std::cell::Cell::get))
                })
                .await;
            if let Err(error) = &result {
                *lock(&me.inner.last_error) = Some(error.to_string());
            }
            // A write that may have been queued says nothing about the service by its Ok:
            // `send_or_queue` notes what the service itself answered.
            // Nor does an answer the store gave without asking the service.
            if !((queueable || from_store) && result.is_ok()) {
                me.note_reach(&result);
            }
            // An answer from the connection before the current one is not this copy's.
            if let (Ok(value), Some(keep), true) = (&result, &keep, me.epoch() == epoch) {
                me.keep_answer(keep, value);
            }
            me.inner.in_flight.fetch_sub(1, Ordering::SeqCst);
            // Worked out from the store while the service is out of reach: the screen says it
            // shows the offline copy, and asks again when the service answers.
            let offline =
                me.working_offline() || matches!(me.reach(), offline::Reach::Offline { .. });
            let delivery = match result {
                Ok(value) if from_store => {
                    let as_of = me
                        .replica()
                        .and_then(|r| r.as_of())
                        .unwrap_or_else(chrono::Utc::now);
                    if offline {
                        Delivery::FromCopy { as_of, value }
                    } else {
                        Delivery::Stored { as_of, value }
                    }
                }
                result => Delivery::Answer(result),
            };
            let _ = reply.send((generation, delivery)).await;
            me.wake();
            me.give_back_soon();
        });
    }

    /// Runs a side task (file export, connection test) on the runtime.
    pub fn run<Fut>(&self, task: Fut)
    where
        Fut: Future<Output = ()> + Send + 'static,
    {
        self.inner.runtime.spawn(task);
    }
}

tokio::task_local! {
    /// Set by a read the store answered without asking the service.
    static FROM_STORE: std::cell::Cell<bool>;
}

/// Marks the read running in this task as answered by the store (so it says nothing about
/// whether the service can be reached).
pub(crate) fn answered_from_store() {
    let _ = FROM_STORE.try_with(|flag| flag.set(true));
}

/// The computer's own zone, UTC when it cannot be told.
fn local_zone() -> Tz {
    iana_time_zone::get_timezone()
        .ok()
        .and_then(|name| name.parse().ok())
        .unwrap_or(Tz::UTC)
}

/// What a caught panic said, for the log.
fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown".into())
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The engine stands below the window: nothing in it may name egui or the `ui` module.
#[cfg(all(test, unix))]
mod layering {
    fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    #[test]
    fn the_engine_stands_below_the_window() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
        let mut files = Vec::new();
        sources(&root, &mut files);
        assert!(files.len() >= 10, "the engine's files: {files:?}");
        // Spelt in pieces, so this test does not find itself.
        let forbidden = [
            concat!("eg", "ui"),
            concat!("crate::", "ui"),
            concat!("super::", "ui"),
        ];
        let mut offending = Vec::new();
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or_default();
                if forbidden.iter().any(|word| code.contains(word)) {
                    offending.push(format!("{}:{}: {line}", file.display(), n + 1));
                }
            }
        }
        assert!(offending.is_empty(), "{}", offending.join("\n"));
    }

    /// The window asks the engine (`engine::asks`) and never composes a service call: no
    /// client, no `service::` path in `src/ui`.
    #[test]
    fn the_window_asks_the_engine_and_holds_no_client() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui");
        let mut files = Vec::new();
        sources(&root, &mut files);
        assert!(files.len() >= 30, "the window's files: {files:?}");
        let forbidden = [
            concat!("client", "."),
            concat!("service", "::"),
            concat!("|client", "|"),
            concat!("Client::", "with_options"),
            concat!("Client::", "new"),
        ];
        let mut offending = Vec::new();
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or_default();
                if forbidden.iter().any(|word| code.contains(word)) {
                    offending.push(format!("{}:{}: {line}", file.display(), n + 1));
                }
            }
        }
        assert!(offending.is_empty(), "{}", offending.join("\n"));
    }
}
