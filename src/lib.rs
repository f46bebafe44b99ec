//! LeaseDesk: a desktop app for senior-living sales and occupancy staff.
//!
//! Layers point one way: `ui` → `domain` → `api`; `sandbox` → `api::model`.

pub mod api;
pub mod clock;
pub mod domain;
pub mod local;
pub mod logging;
pub mod sandbox;
pub mod service;
pub mod ui;
