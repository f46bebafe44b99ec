//! What every request handler shares.

use std::collections::HashMap;
use std::sync::Arc;

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

/// "Now" for overdue and due-today rules; fixed in tests so results do not depend on the day.
#[derive(Clone, Copy, Debug)]
pub enum Clock {
    System,
    Fixed(DateTime<Utc>),
}

impl Clock {
    pub fn now(self) -> DateTime<Utc> {
        match self {
            Clock::System => Utc::now(),
            Clock::Fixed(t) => t,
        }
    }
}
