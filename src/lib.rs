//! LeaseDesk: a desktop app for senior-living sales and occupancy staff.
//!
//! Layers point one way: `ui` → `engine` → `service` → `domain` → `api`; `sandbox` →
//! `api::model`. The `engine` knows no egui: it connects, syncs the store (the user's
//! "store") in `engine::sync`, keeps the outbox and replays it, keeps secrets and what
//! screens last read, and tells the shell what happened through its own events: each write into
//! the store says which kinds of record it changed (`engine::change::Change`), and the engine
//! passes them on, once each; each pane says which kinds it shows (`Pane::shows`). Panes
//! ask it in their own words (`engine::asks`: each read and write a `Request` a slot runs) and
//! never hold a client or name `service` (`engine::layering` checks); `ui` has no import loop
//! (`ui::layering` checks). `service` runs long work on the client for the engine and the command
//! line; `report` writes the weekly report from `domain`'s figures.

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
