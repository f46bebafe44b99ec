//! A store damaged inside its pages on disk (a failing disk, a half-copied file) is found by
//! the next sync, set aside, said once, and filled again from the service.

use std::time::Duration;

use egui_kittest::kittest::Queryable;
use leasedesk::engine::Link;
use leasedesk::engine::store::Store;

use crate::support::{Setup, TestApp, wait_for_filled_store};

const WAIT: Duration = Duration::from_secs(120);

fn desk_in(dir: &std::path::Path) -> TestApp {
    let mut t = Setup {
        data_dir: Some(dir.to_path_buf()),
        keyring: true,
        ..Setup::default()
    }
    .start();
    t.wait_connected();
    t
}

/// A desk in `dir` with its first sync done: how many cases it kept, and its store's file.
fn synced_desk_in(dir: &std::path::Path) -> (TestApp, usize, std::path::PathBuf) {
    let mut t = desk_in(dir);
    wait_for_filled_store(&mut t);
    t.step_until("the first sync", WAIT, |h| {
        let status = h.state().backend().offline_copy().status();
        status.as_of.is_some() && status.syncing.is_none() && status.cases > 0
    });
    let cases = t.harness.state().backend().offline_copy().status().cases;
    let Link::Sandbox { portal_id, .. } = t.harness.state().backend().connection().link() else {
        panic!("not on the sandbox");
    };
    (
        t,
        cases,
        Store::path_for(dir, &format!("sandbox-{portal_id}")),
    )
}

#[test]
fn a_store_cut_in_half_on_disk_is_set_aside_and_filled_again_from_the_service() {
    let dir = tempfile::tempdir().unwrap();
    let (t, cases, path) = synced_desk_in(dir.path());
    drop(t);

    // Half the file gone, its WAL kept (as the security review did with `truncate -s 50%`).
    let size = std::fs::metadata(&path).unwrap().len();
    let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    file.set_len(size / 2).unwrap();
    drop(file);

    let mut again = desk_in(dir.path());
    again.step_until("the store set aside and filled again", WAIT, |h| {
        let status = h.state().backend().offline_copy().status();
        status.set_aside.is_some()
            && status.syncing.is_none()
            && status.cases == cases
            && h.state()
                .backend()
                .offline_copy()
                .store()
                .is_some_and(|r| r.activities_kept_at().is_some())
    });
    let status = again.harness.state().backend().offline_copy().status();
    assert_eq!(status.problem, None, "the sync after it succeeded");
    let aside: Vec<String> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".damaged-"))
        .collect();
    assert!(
        aside.iter().any(|n| n.starts_with(&format!(
            "{}.damaged-",
            path.file_name().unwrap().to_string_lossy()
        ))),
        "the damaged file is kept aside: {aside:?}"
    );
    // Said where the user looks for the copy's state.
    again.click("Settings");
    again.wait_for_text("was damaged, so it was set aside");
    again.click("Search");
    again.wait_for_cases();
}

#[test]
fn pages_damaged_under_a_running_desk_are_found_by_the_next_sync_and_filled_again() {
    let dir = tempfile::tempdir().unwrap();
    let (mut t, cases, path) = synced_desk_in(dir.path());
    // The middle half of the file written over, as a failing disk does, while it is open.
    let mut bytes = std::fs::read(&path).unwrap();
    let (from, to) = (bytes.len() / 4, bytes.len() * 3 / 4);
    bytes[from..to].fill(0x5A);
    std::fs::write(&path, &bytes).unwrap();

    // The next sync reads every case (a sweep) and meets the damage.
    let backend = t.harness.state().backend().clone();
    backend.sync().set_case_sweep_every(Duration::ZERO);
    backend.sync().now();
    t.step_until("the store set aside and filled again", WAIT, |h| {
        let status = h.state().backend().offline_copy().status();
        status.set_aside.is_some() && status.syncing.is_none() && status.cases == cases
    });
    assert_eq!(
        t.harness.state().backend().offline_copy().status().problem,
        None
    );
    assert!(
        t.harness
            .state()
            .backend()
            .offline_copy()
            .store()
            .is_some_and(|r| !r.is_damaged()),
        "the store in use is whole"
    );
    t.step_until("the status bar says so", WAIT, |h| {
        h.query_by_label("⚠ offline copy started again").is_some()
    });
}
