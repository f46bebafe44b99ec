//! The engine: everything between the window and the service. `Backend` is the handle the
//! window holds; it asks the service and the store through requests (`spawn`, built by `asks`)
//! and reaches each room through a narrow handle named after it (`rooms`), whose methods the
//! room writes in its own module, its state private to it:
//!
//! - `connection` (`backend.connection()`): the client, the link, who the user is and the zone;
//!   whether the service answers (`reach`) and finding out when it is back (`probe`);
//! - `store_state` (`backend.offline_copy()`): the open store and its status; its files;
//! - `sync` (`backend.sync()`): what the service holds, brought into the store every few minutes;
//! - `outbox` (`backend.outbox()`): writes kept while the service cannot be reached, and their
//!   replay (`replay`);
//! - `reads`: what screens ask for (`request`, built in `asks`), day reads, figures, duplicates;
//!   what this desk keeps of its own (`backend.remembered()`);
//! - `telling` (`backend.events()`): what changed, told to the window once each, and waking it;
//! - `access_log` (`backend.access_log()`), `updates` (`backend.updater()`).
//!
//! It knows no egui: whoever shows its state gives it a [`Waker`] and reads its
//! [`EngineEvent`]s. Every API call runs on the tokio runtime created in `main`; answers come
//! back over a channel and wake the shell. Nothing here blocks the thread that draws. The client
//! is the engine's alone: its `api` module is private, and what a window is told about a
//! connection is re-exported below in the engine's own words.

// The layers below, by the names the code has always used for them.
use leasedesk_base::{atomic_file, paths};
use leasedesk_domain as domain;
use leasedesk_report as report;
use leasedesk_service as service;
mod api {
    pub use leasedesk_client::*;
}

use std::panic::AssertUnwindSafe;

use futures_util::FutureExt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use chrono_tz::Tz;

pub mod access_log;
pub mod answer_keys;
pub mod asks;
pub mod change;
mod connection;
pub mod embedded;
#[cfg(feature = "test-hooks")]
pub mod follow_up_file;
#[cfg(not(feature = "test-hooks"))]
#[allow(dead_code)]
pub(crate) mod follow_up_file;
mod into_store;
pub mod memory;
mod outbox;
pub mod prefs;
mod reads;
mod rooms;
pub mod secrets;
// The store and the follow-up file are the engine's: the window asks through `asks` and the
// words re-exported below. Benchmarks and tests reach them with the `test-hooks` feature.
#[cfg(feature = "test-hooks")]
pub mod store;
// Without the feature, what only benchmarks and tests call is left unused.
#[cfg(not(feature = "test-hooks"))]
#[allow(dead_code, unused_imports)]
pub(crate) mod store;
pub mod store_id;
mod store_state;
mod sync;
mod telling;
pub mod updates;
pub use change::Change;
pub use connection::failure::LinkFailure;
pub use connection::reach::{Reach, chosen_offline, is_chosen_offline, unreachable};
pub use outbox::{OutboxKind, SentOrQueued};
pub use reads::day_reads::{ActivityDays, TEAM_PER_DAY};
pub use reads::outreach_due::CopyDue;
/// `outreach due` from a store (benchmarks).
#[cfg(feature = "test-hooks")]
pub use reads::outreach_due::due_from as outreach_due_from_store;
pub use reads::region::{Region, RegionPortal, Unread, portal_rows};
pub(crate) use reads::request::answered_from_store;
pub use reads::{duplicates, request};
pub use rooms::{
    AccessLogRoom, ConnectionRoom, EventsRoom, OfflineCopyRoom, OutboxRoom, RememberedRoom,
    SyncRoom,
};
pub use store_state::{CopyProblem, CopyStatus, NotKept, SetAside, SyncStep};
pub use sync::{DEFAULT_SYNC_MINUTES, SyncFailure};
// The words a screen describes a change in, and asks the store in; what is behind them
// (the store's tables, the outbox's sealed rows) stays the engine's.
pub use store::outbox::{
    ActivityWrite, AdmissionWrite, CampaignMoveWrite, IndividualWrite, InquiryPlan,
    MAX_QUEUED_UNITS, MoveInWrite, QueueState, Queued, QueuedUnit, QueuedWrite, UnitsWrite,
    WhyRefused,
};
pub use store::{StoreMatches, StoreQuery};

use crate::api::model::{ActivityFilter, ActivityQuery, SearchQuery, UserQuery, time_zone_by_name};
use crate::api::{Client, ClientOptions, Secret};
pub use embedded::{Embedded, EmbeddedService, NoEmbedded};
// The words the window is answered in about a connection (what went wrong, what to connect
// to); the client itself stays the engine's.
pub use crate::api::{ApiError, BudgetOf, Connection, HOSTED_BASE_URL, NetworkFailure};

/// Whether the client would accept this service address (https, or http on this computer).
pub fn base_url_allowed(base_url: &str) -> bool {
    Client::base_url_allowed(base_url)
}
use reads::request::{Keep, panic_text};
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
        /// A training server's portal (its key says so): shown on every screen.
        training: bool,
    },
    Failed {
        label: String,
        why: LinkFailure,
    },
}

impl Link {
    pub fn is_sandbox(&self) -> bool {
        matches!(self, Link::Sandbox { .. })
            || matches!(self, Link::Connecting { label } if label == SANDBOX_LABEL)
    }

    /// Connected to a training server's portal.
    pub fn is_training(&self) -> bool {
        matches!(self, Link::Portal { training: true, .. })
    }

    pub fn portal_id(&self) -> Option<i64> {
        match self {
            Link::Sandbox { portal_id, .. } | Link::Portal { portal_id, .. } => Some(*portal_id),
            _ => None,
        }
    }

    /// Connected to the embedded sandbox's second demo portal.
    pub fn is_second_sandbox(&self) -> bool {
        matches!(self, Link::Sandbox { portal_id, .. } if *portal_id == embedded::SECOND_PORTAL)
    }
}

/// The store keys of the embedded sandbox's two demo portals, and their names.
pub fn sandbox_portals() -> [(String, &'static str); 2] {
    [
        (
            store_id::sandbox(embedded::DEMO_PORTAL),
            crate::domain::report::SANDBOX_PORTAL,
        ),
        (
            store_id::sandbox(embedded::SECOND_PORTAL),
            crate::domain::report::SECOND_SANDBOX_PORTAL,
        ),
    ]
}

pub const SANDBOX_LABEL: &str = "Sandbox · demo data";

#[derive(Clone)]
enum ClientState {
    Waiting,
    Ready(Client),
    Failed(LinkFailure),
}

#[derive(Clone)]
pub struct Backend {
    inner: Arc<Inner>,
}

/// The engine's rooms, each owning its state (their fields are private to their modules; a
/// room reaches another only through that room's methods). `Backend` is the one handle the
/// window holds.
struct Inner {
    runtime: tokio::runtime::Handle,
    /// The client, the link, who the user is, and whether the service answers.
    connection: connection::State,
    /// The open store, its file and key, its status, and the follow-up file.
    store: store_state::StoreState,
    /// What the sync is doing and what it remembers between syncs.
    sync: sync::State,
    /// The outbox and its replay.
    outbox: outbox::State,
    /// Who to wake, the events for the window, and the changes held during a sync.
    telling: telling::State,
    /// Requests and side tasks under way, and the reads that take turns.
    reads: reads::State,
    /// Reads the release feed (see [`Backend::updater`]); made when first asked for.
    updater: Mutex<Option<updates::Updater>>,
    /// Which release this is, as the app's build says.
    release: Mutex<updates::Release>,
    /// Who saw whom: the desk's access log.
    access: access_log::desk::DeskLog,
}

/// The signed-in (API) user: the one "Me" means, whose items get reminders.
#[derive(Debug, Clone, PartialEq)]
pub struct Me {
    pub user_id: i64,
    /// As activities name their assignee.
    pub name: String,
}

impl Backend {
    /// The engine, connecting to `embedded` (started by the app) when no portal is chosen.
    pub fn new(runtime: tokio::runtime::Handle, embedded: Arc<dyn Embedded>) -> Self {
        Self::with_options(runtime, embedded, ClientOptions::default())
    }

    pub fn with_options(
        runtime: tokio::runtime::Handle,
        embedded: Arc<dyn Embedded>,
        client_options: ClientOptions,
    ) -> Self {
        Backend {
            inner: Arc::new(Inner {
                runtime,
                connection: connection::State::new(embedded, client_options),
                store: store_state::StoreState::default(),
                sync: sync::State::default(),
                outbox: outbox::State::default(),
                telling: telling::State::default(),
                reads: reads::State::default(),
                updater: Mutex::new(None),
                release: Mutex::new(updates::Release::default()),
                access: Default::default(),
            }),
        }
    }
}

/// Deletes the stores kept for one run only that a run ended without closing (see
/// [`store::Store::sweep_sessions`]); only while holding the data folder's instance lock.
/// Returns how many.
pub fn sweep_store_sessions(data_dir: &std::path::Path) -> usize {
    let aged = store::Store::age_out_set_aside(data_dir, std::time::SystemTime::now());
    if aged > 0 {
        tracing::info!(
            files = aged,
            "files set aside over 30 days ago were deleted"
        );
    }
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

/// Who saw whom (see [`access_log`]).
impl crate::AccessLogRoom<'_> {
    /// Opens the desk's access log in the data folder, with its key from the keyring (once
    /// the data folder and the secrets are set); nothing without a data folder.
    pub fn start(&self) {
        let (Some(dir), Some(secrets)) = (self.0.data_dir(), self.0.secrets()) else {
            return;
        };
        if let Some(me) = self.0.connection().me() {
            self.0.inner.access.set_user(&me.name);
        }
        self.0.inner.access.start(&dir, &secrets);
    }

    /// Records that `what` happened on this desk (to case `case`), by whoever is signed in.
    /// `detail` holds counts and kinds only, never a name.
    pub fn record(&self, what: access_log::What, case: Option<&str>, detail: &str) {
        // A training portal holds no real family: nothing of it enters the desk's audit log.
        if self.0.connection().link().is_training() {
            return;
        }
        if let Some(me) = self.0.connection().me() {
            self.0.inner.access.set_user(&me.name);
        }
        self.0.inner.access.record(what, case, detail);
    }

    /// Entries the access log holds, counting from its first (`None` while it is not open).
    pub fn count(&self) -> Option<u64> {
        self.0.inner.access.count()
    }
}
