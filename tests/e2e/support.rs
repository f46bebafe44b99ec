//! The server under test: an embedded sandbox started once for the whole binary (on its own
//! runtime, so it outlives each test's runtime), or the server named by `LEASEDESK_TEST_API`.

use std::sync::OnceLock;

use chrono::{DateTime, TimeZone, Utc};
use leasedesk::api::{Client, Connection, Secret};
use leasedesk::sandbox::{Clock, RunningSandbox, Sandbox, SandboxConfig};

/// The fixed "now" of the embedded sandbox: 10:00 Eastern on a Saturday.
pub fn reference() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 21, 15, 0, 0).unwrap()
}

pub struct Target {
    pub base_url: String,
    pub key: String,
    pub portal: i64,
    /// Present only for the embedded sandbox: what tests of isolation and time need.
    pub local: Option<Local>,
}

pub struct Local {
    pub second_portal: i64,
    pub login: (String, String),
}

static SHARED: OnceLock<Target> = OnceLock::new();

pub fn target() -> &'static Target {
    SHARED.get_or_init(|| {
        if let Ok(base_url) = std::env::var("LEASEDESK_TEST_API") {
            return Target {
                base_url,
                key: std::env::var("LEASEDESK_TEST_KEY")
                    .expect("LEASEDESK_TEST_KEY with LEASEDESK_TEST_API"),
                portal: std::env::var("LEASEDESK_TEST_PORTAL")
                    .expect("LEASEDESK_TEST_PORTAL with LEASEDESK_TEST_API")
                    .parse()
                    .expect("LEASEDESK_TEST_PORTAL is a number"),
                local: None,
            };
        }
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Runtime::new().unwrap();
            runtime.block_on(async move {
                let running = start_local().await;
                tx.send(Target {
                    base_url: running.base_url.clone(),
                    key: running.key.clone(),
                    portal: running.portal_id,
                    local: Some(Local {
                        second_portal: running.second_portal_id,
                        login: running.login.clone(),
                    }),
                })
                .unwrap();
                // Serve until the test binary exits.
                std::future::pending::<()>().await;
                drop(running);
            });
        });
        rx.recv().unwrap()
    })
}

/// A sandbox of a test's own, on the test's runtime: for tests that move the clock.
pub async fn start_local() -> RunningSandbox {
    Sandbox::start(SandboxConfig {
        clock: Clock::fixed(reference()),
        ..SandboxConfig::default()
    })
    .await
    .expect("sandbox starts")
}

pub fn client() -> Client {
    let t = target();
    client_for(&t.base_url, &t.key, t.portal)
}

pub fn client_for(base_url: &str, key: &str, portal: i64) -> Client {
    Client::new(Connection {
        base_url: base_url.into(),
        subscription_key: Secret::new(key),
        portal_id: portal,
    })
    .unwrap()
}

/// For requests the typed client cannot make (no key, malformed bodies).
pub fn raw() -> reqwest::Client {
    reqwest::Client::new()
}

pub fn url(path_and_query: &str) -> String {
    format!("{}{path_and_query}", target().base_url)
}

/// A name no seed uses, so tests that write do not see each other's records.
pub fn unique(prefix: &str) -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    format!(
        "{prefix}{}x{}",
        std::process::id() % 100_000,
        N.fetch_add(1, Ordering::SeqCst)
    )
}

/// Skips a test that needs the embedded sandbox when the suite runs against another server.
macro_rules! local_only {
    () => {
        match &crate::support::target().local {
            Some(local) => local,
            None => {
                eprintln!("skipped: needs the embedded sandbox");
                return;
            }
        }
    };
}
pub(crate) use local_only;

/// The error's status, for asserting the spec's error rows.
pub fn status(e: &leasedesk::api::ApiError) -> u16 {
    e.status()
        .unwrap_or_else(|| panic!("expected an HTTP status, got {e:?}"))
}

/// The `leasedesk` binary run with `args`, the subscription key in its environment and a home
/// of its own (no saved profile, no keyring), off the test's runtime.
pub async fn run_leasedesk(key: &str, args: Vec<String>) -> std::process::Output {
    let key = key.to_owned();
    tokio::task::spawn_blocking(move || {
        let home = tempfile::tempdir().unwrap();
        std::process::Command::new(env!("CARGO_BIN_EXE_leasedesk"))
            .args(args)
            .env("HOME", home.path())
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("LEASEDESK_SUBSCRIPTION_KEY", key)
            .output()
            .expect("the binary runs")
    })
    .await
    .unwrap()
}

/// `--base-url … --portal …` for `sandbox`, followed by `command`.
pub fn connecting_to(sandbox: &RunningSandbox, command: &[&str]) -> Vec<String> {
    let mut args = vec![
        "--base-url".to_owned(),
        sandbox.base_url.clone(),
        "--portal".into(),
        sandbox.portal_id.to_string(),
    ];
    args.extend(command.iter().map(|a| a.to_string()));
    args
}
