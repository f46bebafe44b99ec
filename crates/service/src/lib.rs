//! Long work on the service that panes and command-line tools start: imports (and, as they
//! come, sync, outbox replay and reports). It runs on the tokio runtime, reports progress
//! through shared counters, and applies the rules of `domain`; it never draws.

// The layers below, by the names the code has always used for them.
use leasedesk_domain as domain;
mod api {
    pub use leasedesk_client::*;
}

pub mod activities;
pub mod budget;
pub mod calls;
pub mod campaigns;
pub mod cases;
pub mod follow_up;
pub mod inventory;
pub mod lookups;
pub mod outreach;
pub mod partners;
pub mod region;
pub mod reports;
pub mod training;
pub mod unit_import;
