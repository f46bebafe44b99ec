//! What a sync costs the team's service: with nothing changed, a sync reads again only what
//! may have changed (forty desks sync every few minutes against one rate-limited service).

use std::sync::Arc;

use egui_kittest::kittest::{NodeT, Queryable};

use crate::faults::{self, Fault, Faults};
use crate::support::{TestApp, app, block_on, sandbox_connection};

const WAIT: std::time::Duration = std::time::Duration::from_secs(60);
use crate::team::{colleague_at, next_sync};

/// What a no-change sync of the demo portal may read at most: the type lists, users,
/// campaigns and their members (read whole each sync), and a page of activities: about
/// 110 KB in 20 requests, where it read 880 KB in 42 before units, contracts, checklists and
/// the day's activities were read only when they may have changed.
const NO_CHANGE_BUDGET: usize = 200_000;
/// What the demo's first sync may read on the wire: its answers are asked gzipped (22.6 MB
/// of JSON came as 1.4 MB; a desk that stops asking reads the whole 22.6 MB).
const FIRST_SYNC_BUDGET: usize = 4_000_000;

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
        first < FIRST_SYNC_BUDGET,
        "the first sync read {first} bytes on the wire: are answers still asked gzipped?"
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
        b.harness
            .state()
            .backend()
            .offline_copy()
            .status()
            .problem
            .is_none(),
        "the sync finished"
    );
}

/// A client of the sandbox's second portal (its cases share the service's case numbers).
fn second_portal(a: &TestApp) -> leasedesk::api::Client {
    use leasedesk::sandbox::{SECOND_KEY, SECOND_PORTAL};
    leasedesk::api::Client::new(leasedesk::api::Connection {
        subscription_key: leasedesk::api::Secret::new(SECOND_KEY),
        portal_id: SECOND_PORTAL,
        ..sandbox_connection(a)
    })
    .unwrap()
}

/// Creates `count` prospects named `last` on `client`'s portal, with nothing logged.
fn prospects(client: &leasedesk::api::Client, last: &str, count: usize) {
    use leasedesk::api::model::{IndividualType, NewIndividual};
    for n in 0..count {
        let person = NewIndividual::new(IndividualType::Prospect, &format!("Nell{n}"), last);
        block_on(client.create_individuals(vec![person])).unwrap();
    }
}

#[test]
fn a_colleagues_new_lead_arrives_in_one_sync_though_other_portals_take_the_numbers_between() {
    let mut a = app();
    a.wait_connected();
    let faults = Arc::new(Faults::default());
    let mut b = desk_behind_a_counter(&a, faults.clone());
    let demo = crate::support::direct_client(&a);
    let other = second_portal(&a);
    crate::agent_day::open_my_day(&mut b);
    b.click("Search");
    let waiting_before = b.harness.state().panes.calendar.next_step.new_leads().len();
    let cases_before = b.harness.state().backend().offline_copy().status().cases;
    // Another portal takes the numbers right after this portal's highest (and more after), so
    // the new lead's number is far from the numbers desk B knows.
    prospects(&other, "Elsewhere", 12);
    prospects(&demo, "Quillon", 1);
    prospects(&other, "Elsewhere-Later", 3);
    // And one that Search lists first (by name, on the sandbox).
    prospects(&demo, "Aaberg", 1);

    let read = one_sync(&mut b, &faults);
    assert_eq!(
        b.harness.state().backend().offline_copy().status().cases,
        cases_before + 2,
        "the new leads, with nothing logged, are in desk B's store after one sync"
    );
    // In "N new leads waiting" on the status bar (Search is open) and in My day's list.
    let waiting = waiting_before + 2;
    b.step_until("the status bar's count of new leads", WAIT, move |h| {
        h.state().panes.calendar.next_step.new_leads().len() == waiting
    });
    let leads = b.harness.state().panes.calendar.next_step.new_leads();
    for name in ["Nell0 Quillon", "Nell0 Aaberg"] {
        assert!(
            leads.iter().any(|l| l.name == name),
            "{name} waits on My day"
        );
    }
    let count = format!("{waiting} new leads waiting");
    b.step_until("the count on the status bar", WAIT, move |h| {
        h.query_by_label_contains(&count).is_some()
    });
    // Found by where it stands in Search's order, not by reading every case again.
    let searches = asked(&read, "/v3/Search/");
    eprintln!(
        "a sync with two new leads read {} Search pages",
        searches.len()
    );
    assert!(!searches.is_empty(), "the count was read: {read:#?}");
    assert!(
        searches.iter().all(|q| {
            q.split(['?', '&'])
                .any(|p| p.eq_ignore_ascii_case("PageSize=1"))
        }),
        "only pages of one case were read: {searches:#?}"
    );
    assert!(
        searches.len() <= 1 + 2 * 12,
        "a count and a halving over the portal's 1,600 cases for each: {searches:#?}"
    );
}

#[test]
fn the_admissions_queue_opens_on_the_checklists_the_sync_kept_without_reading_them_again() {
    let mut a = app();
    a.wait_connected();
    let faults = Arc::new(Faults::default());
    let mut b = desk_behind_a_counter(&a, faults.clone());
    let synced = asked(&faults.bytes_read(), "/v3/admission").len();
    assert!(synced > 0, "the first sync keeps the queue's checklists");
    b.step_until("desk B's reads done", WAIT, |h| {
        h.state().backend().in_flight() == 0
    });
    faults.forget_bytes();

    let today = crate::director::today(&b);
    b.click("Admissions");
    b.step_until("every checklist's progress", WAIT, |h| {
        let pane = &h.state().panes.admissions;
        let queue = pane.queue(today);
        !queue.is_empty()
            && queue
                .iter()
                .all(|e| pane.progress_of(e.contract_id).is_some())
    });
    let shown = b.harness.state().panes.admissions.queue(today).len();
    // A table to a screen reader, of every move-in queued.
    let table = b.harness.get_by(|n| {
        n.role() == egui::accesskit::Role::Table && n.label().as_deref() == Some("Admissions queue")
    });
    assert_eq!(table.accesskit_node().data().row_count(), Some(shown + 1));
    b.harness.run_steps(5);
    b.step_until("desk B's reads done", WAIT, |h| {
        h.state().backend().in_flight() == 0
    });
    let read_again = asked(&faults.bytes_read(), "/v3/admission");
    assert!(
        read_again.is_empty(),
        "{} of {shown} checklists read again on opening: {read_again:?}",
        read_again.len()
    );
    // The syncs' changes told before the pane first opened are in its first read: the
    // contracts are read once (they were read twice, and every unkept checklist with them).
    let contracts = asked(&faults.bytes_read(), "/v3/HousingContract");
    assert!(
        contracts.len() <= 1,
        "the contracts read {} times on opening",
        contracts.len()
    );
    // What the queue shows is what the service holds.
    let pane = &b.harness.state().panes.admissions;
    let first = &pane.queue(today)[0];
    let client = crate::support::direct_client(&a);
    let list = block_on(client.admission_requirements(
        first.case_number.trim().parse().unwrap(),
        first.community_id,
    ))
    .unwrap();
    assert_eq!(
        pane.progress_of(first.contract_id),
        Some(leasedesk::domain::checklist::Progress::of(&list))
    );
}
