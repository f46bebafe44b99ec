//! The window (egui): panes talk to the service only through the engine's handle; results come
//! back over channels and wake the window, whose thread never waits on the network. This crate
//! does not depend on the client or the service, so no pane can name either: the compiler holds
//! the boundary (see docs/decisions.md, "Code: the layers, as crates").

// The layers below, by the names the code has always used for them.
use leasedesk_base::{atomic_file, clock, paths};
use leasedesk_domain as domain;
use leasedesk_engine as engine;
use leasedesk_report as report;
/// The wire types, and the words the engine answers in about a connection.
mod api {
    pub use leasedesk_api::*;
    pub use leasedesk_engine::{ApiError, BudgetOf, Connection, NetworkFailure};
}

pub mod announcer;
pub mod app;
pub mod commands;
pub mod context;
pub mod copy_words;
pub mod dates;
pub mod error_words;
pub mod files;
pub mod focus_ring;
pub mod guard_words;
pub mod hand_off;
pub mod lead_words;
pub mod modals;
pub mod nav;
pub mod panes;
pub mod person_finder;
pub use leasedesk_engine::prefs;
pub mod reminders;
pub mod remote;
pub mod renderer;
pub mod scores;
mod secret_text;
pub mod text_scale;
pub mod theme;
pub mod tooltips;
pub mod typed;
pub mod typed_ahead;
pub mod update_words;
pub mod widgets;
pub mod window;
pub mod words;

pub use app::{AppConfig, LeaseDeskApp, StartOn};
