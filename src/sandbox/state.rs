//! What every request handler shares.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use chrono::{DateTime, Utc};

use super::db::Db;

#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    /// Subscription key → the portals it may use. Loaded once at start.
    pub keys: Arc<HashMap<String, Vec<i64>>>,
    pub jwt_secret: Arc<Vec<u8>>,
    pub clock: Clock,
}

/// "Now" for overdue and due-today rules and token expiry. Tests fix it, and move it forward.
#[derive(Clone, Debug, Default)]
pub enum Clock {
    #[default]
    System,
    /// Milliseconds since the epoch, shared so a test can advance a running sandbox's clock.
    Fixed(Arc<AtomicI64>),
}

impl Clock {
    pub fn fixed(at: DateTime<Utc>) -> Self {
        Clock::Fixed(Arc::new(AtomicI64::new(at.timestamp_millis())))
    }

    pub fn now(&self) -> DateTime<Utc> {
        match self {
            Clock::System => Utc::now(),
            Clock::Fixed(ms) => {
                DateTime::from_timestamp_millis(ms.load(Ordering::SeqCst)).unwrap_or_default()
            }
        }
    }

    /// Moves a fixed clock forward (no effect on the system clock).
    pub fn advance(&self, by: chrono::Duration) {
        if let Clock::Fixed(ms) = self {
            ms.fetch_add(by.num_milliseconds(), Ordering::SeqCst);
        }
    }
}
