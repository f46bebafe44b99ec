//! The API client against hand-written fixtures and a scripted stub server.

mod bodies;
mod errors;
mod hostile;
mod operations;
mod records;
mod stub;
mod updates;

use leasedesk::api::{Client, ClientOptions, Connection, RetryPolicy, Secret};

pub const KEY: &str = "test-subscription-key-0123";
pub const PORTAL: i64 = 4200;

pub fn fixture_text(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

pub fn fixture_value(name: &str) -> serde_json::Value {
    serde_json::from_str(&fixture_text(name)).unwrap()
}

pub fn connection(base_url: &str) -> Connection {
    Connection {
        base_url: base_url.to_owned(),
        subscription_key: Secret::new(KEY),
        portal_id: PORTAL,
    }
}

/// A client with quick retries, so retry tests do not wait.
pub fn fast_client(base_url: &str) -> Client {
    let options = ClientOptions {
        retry: RetryPolicy {
            base_delay: std::time::Duration::from_millis(5),
            max_delay: std::time::Duration::from_millis(20),
            ..RetryPolicy::default()
        },
        request_timeout: std::time::Duration::from_millis(1500),
        ..ClientOptions::default()
    };
    Client::with_options(connection(base_url), options).unwrap()
}
