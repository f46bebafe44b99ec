//! What a sync costs the team's service: with nothing changed, a sync reads again only what
//! may have changed (forty desks sync every few minutes against one rate-limited service).

use std::sync::Arc;

use crate::faults::{self, Fault, Faults};
use crate::support::{TestApp, app, sandbox_connection};
use crate::team::{colleague_at, next_sync};

/// What a no-change sync of the demo portal may read at most: the type lists, users,
/// campaigns and their members (read whole each sync), and a page of activities: about
/// 110 KB in 20 requests, where it read 880 KB in 42 before units, contracts, checklists and
/// the day's activities were read only when they may have changed.
const NO_CHANGE_BUDGET: usize = 200_000;

/// Desk B behind a proxy that counts what the sandbox answers, its first sync done.
fn desk_behind_a_counter(a: &TestApp, faults: Arc<Faults>) -> TestApp {
    let sandbox = sandbox_connection(a);
    let proxy = faults::start(sandbox.base_url.clone(), faults);
    colleague_at(leasedesk::api::Connection {
        base_url: proxy,
        ..sandbox
    })
}

/// What one sync of `b` read: `(path and query, bytes)` of each request.
fn one_sync(b: &mut TestApp, faults: &Faults) -> Vec<(String, usize)> {
    // The open pane's own first reads are not the sync's.
    b.step_until(
        "desk B's reads done",
        std::time::Duration::from_secs(60),
        |h| h.state().backend().in_flight() == 0,
    );
    faults.forget_bytes();
    next_sync(b);
    faults.bytes_read()
}

fn total(read: &[(String, usize)]) -> usize {
    read.iter().map(|(_, n)| n).sum()
}

fn asked(read: &[(String, usize)], path: &str) -> Vec<String> {
    read.iter()
        .filter(|(q, _)| q.split('?').next() == Some(path))
        .map(|(q, _)| q.clone())
        .collect()
}

#[test]
fn a_sync_with_nothing_changed_reads_only_what_may_have_changed() {
    let mut a = app();
    a.wait_connected();
    let faults = Arc::new(Faults::default());
    let mut b = desk_behind_a_counter(&a, faults.clone());
    let first = total(&faults.bytes_read());

    let read = one_sync(&mut b, &faults);
    let bytes = total(&read);
    eprintln!(
        "first sync {first} bytes; a sync with nothing changed {bytes} bytes in {} requests",
        read.len()
    );
    assert!(
        bytes < NO_CHANGE_BUDGET,
        "a sync with nothing changed read {bytes} bytes: {read:#?}"
    );
    for whole in ["/v3/Unit", "/v3/HousingContract", "/v3/admission"] {
        assert_eq!(
            asked(&read, whole),
            Vec::<String>::new(),
            "{whole} read again"
        );
    }
    let activities = asked(&read, "/v3/Activity");
    assert_eq!(activities.len(), 1, "{activities:?}");
    assert!(
        activities[0].contains("DateUpdatedStart=") && activities[0].contains('T'),
        "changes are read from a moment, not a whole day: {}",
        activities[0]
    );
}

#[test]
fn a_service_that_takes_dates_only_is_read_by_whole_days_and_the_sync_still_finishes() {
    let mut a = app();
    a.wait_connected();
    let faults = Arc::new(Faults::default());
    faults.set("GET", "/v3/Activity", Fault::RefuseMoments);
    let mut b = desk_behind_a_counter(&a, faults.clone());

    let read = one_sync(&mut b, &faults);
    let activities = asked(&read, "/v3/Activity");
    assert_eq!(activities.len(), 1, "one read by day: {activities:?}");
    let day = activities[0]
        .split('&')
        .find_map(|p| p.strip_prefix("DateUpdatedStart="))
        .unwrap();
    assert!(
        day.len() == 10 && !day.contains('T'),
        "after a refusal, a whole day: {day}"
    );
    assert_eq!(
        faults.asked("GET", "/v3/Activity"),
        faults.forwarded("GET", "/v3/Activity") + 1,
        "the moment was asked once, refused, and not asked again"
    );
    assert!(
        b.harness.state().backend().copy_status().problem.is_none(),
        "the sync finished"
    );
}
