//! LeaseDesk: a desktop app for senior-living sales and occupancy staff.
//!
//! Layers point one way: `ui` → `domain` → `api`; `sandbox` → `api::model`. `service` runs
//! long work on the client for the app and the command line; `report` writes the weekly report
//! from `domain`'s figures.

pub mod api;
pub mod atomic_file;
pub mod cli;
pub mod clock;
pub mod domain;
pub mod local;
pub mod logging;
pub mod paths;
pub mod replica;
pub mod report;
pub mod sandbox;
pub mod service;
pub mod ui;
