//! Secrets never reach disk or logs: a session with known secrets, then a search of every file
//! the app wrote (preferences, logs) for them.

use std::path::Path;
use std::time::Duration;

use std::sync::{Arc, Mutex};

use leasedesk::api::model::{IndividualType, NewIndividual};
use leasedesk::engine::Link;
use leasedesk::sandbox::{DEMO_LOGIN, DEMO_PASSWORD};

use crate::support::{app_in, block_on};

const KEY: &str = "sk-7c1e0d2f9b44-leasedesk-secret";
const WRONG_PASSWORD: &str = "wrong-8d13f0-not-the-password";

/// What `--verbose` prints to the console, caught for the test.
#[derive(Clone, Default)]
struct Console(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Console {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Console {
    type Writer = Console;
    fn make_writer(&'a self) -> Console {
        self.clone()
    }
}

fn files_under(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(files_under(&path));
        } else {
            out.push(path);
        }
    }
    out
}

#[test]
fn a_session_with_known_secrets_leaves_none_in_files_or_logs() {
    let data = tempfile::tempdir().unwrap();
    let console = Console::default();
    let _guard = leasedesk::logging::init_with_console(
        Some(data.path().join("logs")),
        true,
        console.clone(),
    );
    let mut t = app_in(data.path(), KEY);
    t.wait_connected();
    let Link::Sandbox { base_url, .. } = t.harness.state().backend().connection().link() else {
        unreachable!()
    };
    let (user, password) = (DEMO_LOGIN, DEMO_PASSWORD);

    t.click("Settings");
    t.replace_text("Profile name", "Secret check");
    t.replace_text("Base URL", &base_url);
    t.type_into("PortalId", "4200");
    t.type_into("Subscription key", KEY);
    t.type_into("User name (optional)", user);
    t.type_into("Password (optional)", password);
    t.click("Save and connect");
    // Connecting with a user name and password obtains a token (a JWT) first.
    t.wait_for_text("Connected to Secret check");
    t.click("Search");
    t.wait_for_cases();
    t.click("Calendar");
    t.step_until("activities", Duration::from_secs(60), |h| {
        h.state().panes.calendar.activities().is_some()
    });

    // A name typed into a public web form, exported: it must reach the file as text.
    let hostile = "=HYPERLINK(\"http://evil.example\",\"Click\")";
    let mut person = NewIndividual::new(IndividualType::Prospect, hostile, "Formulaic");
    person.set("email", "formulaic@example.com");
    let direct = leasedesk::api::Client::new(leasedesk::api::Connection {
        base_url: base_url.clone(),
        subscription_key: leasedesk::api::Secret::new(KEY),
        portal_id: 4200,
    })
    .unwrap();
    block_on(direct.create_individuals(vec![person])).unwrap();
    let exports = tempfile::tempdir().unwrap();
    let saving = crate::support::SAVE_FOLDER_LOCK
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    leasedesk::ui::files::save_without_asking_into(Some(exports.path().to_path_buf()));
    t.click("Search");
    t.type_into("Search cases", "Formulaic");
    t.step_until("the hostile case", Duration::from_secs(60), |h| {
        h.state().panes.cases.search.total() == 1
    });
    t.click("Export cases to CSV…");
    let file = exports.path().join("cases.csv");
    t.step_until("the export", Duration::from_secs(30), |_| file.exists());
    let csv = std::fs::read_to_string(&file).unwrap();
    assert!(csv.contains("'=HYPERLINK("), "written as text: {csv}");
    assert!(!csv.contains(",=HYPERLINK(") && !csv.contains("\n=HYPERLINK("));
    leasedesk::ui::files::save_without_asking_into(None);
    drop(saving);

    // A wrong password: refused, said so, and written nowhere.
    t.click("Settings");
    t.click("New profile");
    t.replace_text("Profile name", "Wrong password");
    t.replace_text("Base URL", &base_url);
    t.type_into("PortalId", "4200");
    t.type_into("Subscription key", KEY);
    t.type_into("User name (optional)", user);
    t.type_into("Password (optional)", WRONG_PASSWORD);
    t.click("Save and connect");
    t.wait_for_text("the user name or password is wrong");
    drop(t);
    drop(_guard);

    let files = files_under(data.path());
    let prefs = std::fs::read_to_string(data.path().join("prefs.json")).unwrap();
    assert!(
        prefs.contains("Secret check"),
        "the profile was saved: {prefs}"
    );
    let log: String = files
        .iter()
        .filter(|p| p.to_string_lossy().contains("logs"))
        .map(|p| std::fs::read_to_string(p).unwrap_or_default())
        .collect();
    assert!(
        log.contains("answer"),
        "the session was logged at debug level"
    );
    let stderr = String::from_utf8_lossy(&console.0.lock().unwrap()).to_string();
    assert!(stderr.contains("answer"), "--verbose printed the session");
    let mut outputs: Vec<(String, String)> = files
        .iter()
        .map(|f| {
            (
                f.display().to_string(),
                String::from_utf8_lossy(&std::fs::read(f).unwrap()).to_string(),
            )
        })
        .collect();
    outputs.push(("the console (--verbose)".into(), stderr));
    for (name, text) in &outputs {
        for (what, secret) in [
            ("subscription key", KEY),
            ("password", password),
            ("wrong password", WRONG_PASSWORD),
            // The sandbox's tokens begin with this header ({"typ":"JWT","alg":"HS256"}); the
            // three letters "eyJ" alone turn up by chance in the access log's sealed base64.
            ("token", "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9"),
            ("authorization header", "Bearer "),
        ] {
            assert!(!text.contains(secret), "{name} holds the {what}");
        }
    }
}

/// A service of its own with an empty portal 4200 (as a live portal's number may be), serving
/// until the test binary ends; its base URL.
fn empty_service_on_4200() -> String {
    use leasedesk::sandbox::{Sandbox, SandboxConfig, SeedSize};
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        runtime.block_on(async move {
            let running = Sandbox::start(SandboxConfig {
                seed: SeedSize::Empty,
                ..SandboxConfig::default()
            })
            .await
            .unwrap();
            tx.send(running.base_url.clone()).unwrap();
            std::future::pending::<()>().await;
            drop(running);
        });
    });
    rx.recv().unwrap()
}

fn connect(t: &mut crate::support::TestApp, profile: &str, base_url: &str) {
    let before = t.harness.state().backend().connection().epoch();
    t.harness.state().backend().connection().connect_portal(
        profile,
        leasedesk::api::Connection {
            base_url: base_url.to_owned(),
            subscription_key: leasedesk::api::Secret::new(leasedesk::sandbox::DEMO_KEY),
            portal_id: 4200,
        },
        None,
    );
    t.step_until(
        "the new connection synced",
        Duration::from_secs(60),
        move |h| {
            let b = h.state().backend();
            b.connection().epoch() != before
                && matches!(b.connection().link(), Link::Portal { .. })
                && b.offline_copy().status().as_of.is_some()
                && b.offline_copy().status().syncing.is_none()
        },
    );
}

#[test]
fn a_live_profile_named_sandbox_on_4200_never_opens_the_demos_store_nor_one_of_another_origin() {
    use leasedesk::engine::store::StoreQuery;
    use leasedesk::ui::prefs::{Prefs, Profile};
    let dir = tempfile::tempdir().unwrap();
    let live = empty_service_on_4200();
    let client = leasedesk::api::Client::new(leasedesk::api::Connection {
        base_url: live.clone(),
        subscription_key: leasedesk::api::Secret::new(leasedesk::sandbox::DEMO_KEY),
        portal_id: 4200,
    })
    .unwrap();
    block_on(client.create_individuals(vec![NewIndividual::new(
        IndividualType::Prospect,
        "Lone",
        "Livecase",
    )]))
    .unwrap();
    let mut t = crate::support::Setup {
        keyring: true,
        data_dir: Some(dir.path().to_path_buf()),
        prefs: Prefs {
            profiles: vec![Profile {
                name: "sandbox".into(),
                keep_offline_copy: true,
                ..Profile::default()
            }],
            ..Prefs::default()
        },
        ..crate::support::Setup::default()
    }
    .start();
    t.wait_connected();
    crate::support::wait_for_filled_store(&mut t);
    t.step_until("the demo's store filled", Duration::from_secs(60), |h| {
        h.state().backend().offline_copy().status().cases > 1000
    });

    connect(&mut t, "sandbox", &live);
    let status = t.harness.state().backend().offline_copy().status();
    assert_eq!(
        status.cases, 1,
        "the live portal's one case, not the demo's"
    );
    let store = t.harness.state().backend().offline_copy().store().unwrap();
    let found = |text: &str| {
        store
            .search(
                &StoreQuery {
                    text: text.into(),
                    ..StoreQuery::default()
                },
                50,
            )
            .unwrap()
            .cases
            .len()
    };
    assert_eq!(found("Abernathy"), 0, "no demo resident in the live window");
    assert_eq!(found("Livecase"), 1);
    let offline = dir.path().join("offline");
    let named = |stem: &str| offline.join(format!("{stem}.store")).exists();
    assert!(named("sandbox-4200"), "the demo's store stays the demo's");
    assert!(named(&leasedesk::engine::store_id::profile(
        "sandbox", 4200
    )));

    // The same profile pointed at another service: the copy filled from the first is set
    // aside, never shown or sent to the second.
    drop(store);
    // Another host (a port of the same host is the same service).
    let other = empty_service_on_4200().replace("127.0.0.1", "localhost");
    connect(&mut t, "sandbox", &other);
    assert_eq!(t.harness.state().backend().offline_copy().status().cases, 0);
    let aside = std::fs::read_dir(&offline)
        .unwrap()
        .filter_map(Result::ok)
        .any(|e| e.file_name().to_string_lossy().contains(".other-origin-"));
    assert!(aside, "the first origin's copy was set aside");
    let told = t
        .harness
        .state()
        .backend()
        .offline_copy()
        .status()
        .set_aside;
    assert_eq!(told, Some(leasedesk::engine::SetAside::OtherOrigin));
    let said = leasedesk::ui::copy_words::set_aside(&leasedesk::engine::SetAside::OtherOrigin);
    assert!(said.contains("another service or portal"), "{said}");
}
