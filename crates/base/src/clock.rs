//! "Now", injectable: the system clock in use, a fixed one (that tests can move) in tests. The
//! sandbox uses it for overdue rules and token expiry, the app for overdue highlighting.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use chrono::{DateTime, Utc};

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
