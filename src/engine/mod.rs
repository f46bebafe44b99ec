//! The engine: connection and identity, the sync of the store, the outbox and its
//! replay, secrets and the answers screens keep. It knows no egui: whoever shows its state (the
//! window) gives it a [`Waker`] and reads its [`EngineEvent`]s. Every API call runs on the tokio
//! runtime created in `main`; answers come back over a channel and wake the shell. Nothing here
//! blocks the thread that draws.

use std::panic::AssertUnwindSafe;

use futures_util::FutureExt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use chrono_tz::Tz;

mod activity_changes;
pub mod answer_keys;
pub mod asks;
pub mod change;
mod connection;
mod day_reads;
pub mod duplicates;
mod figures;
#[cfg(feature = "test-hooks")]
pub mod follow_up_file;
#[cfg(not(feature = "test-hooks"))]
#[allow(dead_code)]
pub(crate) mod follow_up_file;
mod into_store;
pub mod memory;
mod outbox;
mod outbox_replay;
mod probe;
mod reach;
mod remembered;
pub mod request;
pub mod secrets;
// The store and the follow-up file are the engine's: the window asks through `asks` and the
// words re-exported below. Benchmarks and tests reach them with the `test-hooks` feature.
#[cfg(feature = "test-hooks")]
pub mod store;
// Without the feature, what only benchmarks and tests call is left unused.
#[cfg(not(feature = "test-hooks"))]
#[allow(dead_code, unused_imports)]
pub(crate) mod store;
mod store_files;
mod store_state;
mod sync;
mod telling;
pub mod updates;
pub use change::Change;
pub use day_reads::{ActivityDays, TEAM_PER_DAY};
pub use outbox::{OutboxKind, SentOrQueued, THIS_RUN_ONLY};
pub use reach::{Reach, chosen_offline, unreachable};
pub(crate) use request::answered_from_store;
pub use store_state::CopyStatus;
pub use sync::DEFAULT_SYNC_MINUTES;
// The words a screen describes a change in, and asks the store in; what is behind them
// (the store's tables, the outbox's sealed rows) stays the engine's.
pub use store::outbox::{
    InquiryPlan, MAX_QUEUED_UNITS, QueueState, Queued, QueuedUnit, QueuedWrite,
};
pub use store::{StoreMatches, StoreQuery};

use crate::api::model::{ActivityFilter, ActivityQuery, SearchQuery, UserQuery, time_zone_by_name};
use crate::api::{ApiError, Client, ClientOptions, Connection, Secret};
use crate::engine::follow_up_file::FollowUpFile;
use crate::sandbox::{RunningSandbox, Sandbox, SandboxConfig};
use request::{Keep, panic_text};
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

/// Who the API user is and the portal's zone, as kept in the store.
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
    /// Side tasks under way (see [`Backend::run`]).
    under_way: AtomicUsize,
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
    follow_up_file: Mutex<Option<Arc<FollowUpFile>>>,
    data_dir: Mutex<Option<PathBuf>>,
    store_state: store_state::StoreState,
    /// Reads that open a window's worth of rows take turns (see [`Backend::one_at_a_time`]).
    wide_reads: tokio::sync::Semaphore,
    /// A give-back of freed memory is due (see [`Backend::give_back_soon`]).
    give_back_due: std::sync::atomic::AtomicBool,
    /// Reads the release feed (see [`Backend::updater`]); made when first asked for.
    updater: Mutex<Option<updates::Updater>>,
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
                under_way: AtomicUsize::new(0),
                last_error: Mutex::new(None),
                waker: Mutex::new(None),
                events: Mutex::new(Vec::new()),
                sandbox: tokio::sync::Mutex::new(None),
                sandbox_config: Mutex::new(sandbox_config),
                client_options,
                zone: Mutex::new(None),
                me: Mutex::new(None),
                follow_up_file: Mutex::new(None),
                data_dir: Mutex::new(None),
                store_state: store_state::StoreState::default(),
                wide_reads: tokio::sync::Semaphore::new(1),
                give_back_due: std::sync::atomic::AtomicBool::new(false),
                updater: Mutex::new(None),
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
        self.run_waiting(async move {
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
    fn follow_up_file(&self) -> Option<Arc<FollowUpFile>> {
        lock(&self.inner.follow_up_file).clone()
    }

    /// The API user's time zone: activity times are in it and "today" is its today. Until the
    /// service has told (or when it cannot), the computer's own zone.
    pub fn zone(&self) -> Tz {
        lock(&self.inner.zone).unwrap_or_else(local_zone)
    }
}

/// Deletes the stores kept for one run only that a run ended without closing (see
/// [`store::Store::sweep_sessions`]); only while holding the data folder's instance lock.
/// Returns how many.
pub fn sweep_store_sessions(data_dir: &std::path::Path) -> usize {
    store::Store::sweep_sessions(data_dir)
}

/// The computer's own zone, UTC when it cannot be told.
fn local_zone() -> Tz {
    iana_time_zone::get_timezone()
        .ok()
        .and_then(|name| name.parse().ok())
        .unwrap_or(Tz::UTC)
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(all(test, unix))]
mod layering;
