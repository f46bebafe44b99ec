//! After a crash, the next start says so and offers the report; dismissed, it is not said again.

use std::time::Duration;

use egui_kittest::kittest::Queryable;

use crate::support::{SAVE_FOLDER_LOCK, Setup, TestApp};

const NOTICE: &str = "LeaseDesk stopped unexpectedly last time";

fn desk_in(dir: &std::path::Path) -> TestApp {
    let mut t = Setup {
        data_dir: Some(dir.to_path_buf()),
        ..Setup::default()
    }
    .start();
    t.wait_connected();
    t
}

#[test]
fn the_start_after_a_crash_offers_the_report_and_dismissed_it_stays_quiet() {
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().join("logs");
    std::fs::create_dir_all(&logs).unwrap();
    let report = logs.join("crash-20261126-101010.txt");
    std::fs::write(
        &report,
        "LeaseDesk stopped on an error it did not expect (a panic).\n",
    )
    .unwrap();

    let mut t = desk_in(dir.path());
    t.wait_for_text(NOTICE);
    t.wait_for_text("crash-20261126-101010.txt");
    // Saved where the user chooses (tests: a folder, without the dialog).
    let saved = tempfile::tempdir().unwrap();
    let _saving = SAVE_FOLDER_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    leasedesk::ui::files::save_without_asking_into(Some(saved.path().to_path_buf()));
    t.click("Save report…");
    let copy = saved.path().join("crash-20261126-101010.txt");
    t.step_until("the report saved", Duration::from_secs(30), |_| {
        copy.exists()
    });
    leasedesk::ui::files::save_without_asking_into(None);
    assert_eq!(
        std::fs::read(&copy).unwrap(),
        std::fs::read(&report).unwrap()
    );
    t.click("Dismiss");
    t.step_until("the notice gone", Duration::from_secs(5), |h| {
        h.query_by_label_contains(NOTICE).is_none()
    });
    assert!(!report.exists() && logs.join("crash-20261126-101010.txt.seen").exists());
    drop(t);

    let mut again = desk_in(dir.path());
    again.wait_for_cases();
    assert!(again.harness.query_by_label_contains(NOTICE).is_none());
}
