//! LeaseDesk: a desktop app for senior-living sales and occupancy staff.
//!
//! Layers point one way: `ui` → `engine` → `service` → `domain` → `api`; `sandbox` →
//! `api::model`. The `engine` knows no egui. Behind one handle (`engine::Backend`) it has
//! rooms that each own their state: the connection (`engine::connection`: the client, who the
//! user is, whether the service answers), the store's room (`engine::store_state`: the open
//! store, the user's "offline copy", and its files; the tables are `engine::store`), the sync
//! (`engine::sync`), the outbox and its replay (`engine::outbox`), the reads screens ask for
//! (`engine::reads`, built in `engine::asks`) and the telling (`engine::telling`). It tells the
//! shell what happened through its own events: each write into the store says which kinds of
//! record it changed (`engine::change::Change`), and the engine passes them on, once each; each
//! pane says which kinds it shows (`Pane::shows`). Panes ask it in their own words
//! (`engine::asks`: each read and write a `Request` a slot runs) and never hold a client or name
//! `service` (`engine::layering` checks); `src` has no import loop (`layering` checks, `ui`
//! module by module in `ui::layering`). `service` runs long work on the client for the engine
//! and the command line; `report` writes the weekly report from `domain`'s figures.

pub mod api;
pub mod atomic_file;
pub mod build;
pub mod cli;
pub mod clock;
pub mod crash;
pub mod domain;
pub mod engine;
pub mod instance;
#[cfg(test)]
mod layering;
pub mod logging;
pub mod paths;
pub mod report;
pub mod sandbox;
pub mod service;
pub mod ui;
