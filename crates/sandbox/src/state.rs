//! What every request handler shares.

use std::collections::HashMap;
use std::sync::Arc;

use super::db::Db;
pub use crate::clock::Clock;

#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    /// Subscription key → the portals it may use. Loaded once at start.
    pub keys: Arc<HashMap<String, Vec<i64>>>,
    pub jwt_secret: Arc<Vec<u8>>,
    pub clock: Clock,
    pub logins: Arc<super::logins::LoginGuard>,
    pub key_guesses: Arc<super::logins::KeyGuesses>,
}
