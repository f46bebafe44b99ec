//! Secrets never reach disk or logs: a session with known secrets, then a search of every file
//! the app wrote (preferences, logs) for them.

use std::path::Path;
use std::time::Duration;

use leasedesk::sandbox::{DEMO_LOGIN, DEMO_PASSWORD};
use leasedesk::ui::backend::Link;

use crate::support::app_in;

const KEY: &str = "sk-7c1e0d2f9b44-leasedesk-secret";

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
    let _guard = leasedesk::logging::init(Some(data.path().join("logs")), true);
    let mut t = app_in(data.path(), KEY);
    t.wait_connected();
    let Link::Sandbox { base_url, .. } = t.harness.state().backend().link() else {
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
    for file in &files {
        let text = String::from_utf8_lossy(&std::fs::read(file).unwrap()).to_string();
        for (what, secret) in [
            ("subscription key", KEY),
            ("password", password),
            ("token", "eyJ"),
            ("authorization header", "Bearer "),
        ] {
            assert!(
                !text.contains(secret),
                "{} holds the {what}",
                file.display()
            );
        }
    }
}
