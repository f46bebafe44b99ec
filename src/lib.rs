//! LeaseDesk: a desktop app for senior-living sales and occupancy staff. This crate is the app:
//! `main`, the command line (`cli`), crash reports, the embedded sandbox it hands the engine
//! (`embedded`) and the build stamp (`build`). The layers are crates of the workspace,
//! re-exported here under the names they always had: `ui` (the window, which cannot name the
//! client or the service) → `engine` → `service` → `domain` → `api` (the wire types; here also
//! the client, for the command line); `report` (from `domain`'s figures); `sandbox` (on the wire
//! types alone); `clock`, `paths` and `atomic_file` from `leasedesk-base`. The engine knows no
//! egui: it tells the shell what happened through its own events; each pane says which kinds of
//! change it shows, asks the engine in its own words (`engine::asks`) and reaches its rooms by
//! narrow handles (`backend.outbox()`, `backend.connection()`…). See docs/decisions.md ("Code:
//! the layers, as crates").

pub mod build;
pub mod cli;
pub mod crash;
pub mod dll_search;
pub mod embedded;
pub mod instance;
#[cfg(test)]
mod layering;
#[cfg(test)]
mod layering_sentences;
#[cfg(all(test, unix))]
mod layering_window;
#[cfg(test)]
mod layering_words;
pub mod logging;

/// The wire types (`leasedesk-api`) and the client (`leasedesk-client`), under the one name.
pub mod api {
    pub use leasedesk_api::*;
    pub use leasedesk_client::*;
}
pub use leasedesk_base::{atomic_file, clock, paths};
pub use leasedesk_domain as domain;
pub use leasedesk_engine as engine;
pub use leasedesk_i18n as i18n;
pub use leasedesk_report as report;
pub use leasedesk_sandbox as sandbox;
pub use leasedesk_service as service;
/// The window, a crate of its own that cannot name the client.
pub use leasedesk_ui as ui;
