//! The service the engine connects to when no portal is chosen: the embedded sandbox. The app
//! starts it and hands it in, so the engine builds no server (no axum, no SQLite server code).

use std::future::Future;
use std::pin::Pin;

use leasedesk_base::clock::Clock;

/// The demo portal the embedded service serves, and its second (a region of two).
pub const DEMO_PORTAL: i64 = 4200;
pub const SECOND_PORTAL: i64 = 4300;

/// Where the embedded service answers, once started.
#[derive(Debug, Clone, PartialEq)]
pub struct EmbeddedService {
    pub base_url: String,
    /// The demo portal's key and number.
    pub key: String,
    pub portal_id: i64,
    /// The second demo portal's.
    pub second_key: String,
    pub second_portal_id: i64,
}

/// What the app hands the engine to connect to when there is no portal.
pub trait Embedded: Send + Sync + 'static {
    /// Starts the service (the first call; later calls say where it answers) and says where.
    fn start(&self) -> Pin<Box<dyn Future<Output = Result<EmbeddedService, String>> + Send + '_>>;
    /// Its "now" (a test fixes it), which the app's overdue rules follow too.
    fn clock(&self) -> Clock;
}

/// No embedded service (tools and tests that never connect to one).
#[derive(Debug, Default)]
pub struct NoEmbedded;

impl Embedded for NoEmbedded {
    fn start(&self) -> Pin<Box<dyn Future<Output = Result<EmbeddedService, String>> + Send + '_>> {
        Box::pin(async { Err("this program has no embedded sandbox".to_owned()) })
    }

    fn clock(&self) -> Clock {
        Clock::System
    }
}
