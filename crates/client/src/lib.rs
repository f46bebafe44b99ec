//! The typed client for the Lead, Resident and Occupancy Management API v3, over the wire types
//! of `leasedesk-api`.

pub mod client;
pub mod error;
mod retry;
mod transport;

pub use client::{Client, ClientOptions, Connection};
pub use error::{ApiError, BudgetOf, NetworkFailure};
pub use leasedesk_api::{Secret, model, redact, training};
pub use retry::RetryPolicy;

/// Base address of the hosted service.
pub const HOSTED_BASE_URL: &str = "https://api2.enquiresolutions.com";
