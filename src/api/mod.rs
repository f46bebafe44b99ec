//! The typed client for the Lead, Resident and Occupancy Management API v3.

pub mod client;
pub mod error;
pub mod model;
pub mod redact;
mod retry;
mod secret;
mod transport;

pub use client::{Client, ClientOptions, Connection};
pub use error::{ApiError, NetworkFailure};
pub use retry::RetryPolicy;
pub use secret::Secret;

/// Base address of the hosted service.
pub const HOSTED_BASE_URL: &str = "https://api2.enquiresolutions.com";
