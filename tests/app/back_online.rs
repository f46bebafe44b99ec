//! Back online within seconds of the network returning, without waiting for a sync; Retry asks
//! the service now and says it is trying; and work saved while offline counts at once on this
//! desk. The app is behind the fault proxy, which drops every connection while cut.

use std::time::{Duration, Instant};

use egui_kittest::kittest::Queryable;
use leasedesk::api::Client;
use leasedesk::api::model::ActivityQuery;
use leasedesk::engine::Reach;

use crate::agent_day::{open_my_day, wait_for_outcome_form};
use crate::faults::{self, Fault, Faults};
use crate::support::{Setup, TestApp, block_on, fault_options};

const WAIT: Duration = Duration::from_secs(60);

/// The app behind the proxy, synced, its sync tick an hour away (so nothing but the probe or
/// Retry can find the service back), on Search.
fn behind_the_proxy() -> (TestApp, std::sync::Arc<Faults>, Client) {
    let mut t = Setup {
        options: fault_options(),
        ..Setup::default()
    }
    .start();
    t.wait_connected();
    t.harness
        .state()
        .backend()
        .sync()
        .set_every(Duration::from_secs(3600));
    let direct = crate::support::direct_client(&t);
    let faults = faults::connect_through_proxy(&mut t);
    t.step_until("the offline copy's sync", WAIT, |h| {
        let status = h.state().backend().offline_copy().status();
        status.as_of.is_some() && status.syncing.is_none() && status.cases > 0
    });
    t.wait_for_cases();
    (t, faults, direct)
}

/// Cuts the network and searches, so the app finds the service out of reach.
fn cut(t: &mut TestApp, faults: &Faults, search: &str) {
    // Nothing in flight first: a read the proxy took before the cut is still answered after
    // it (on a busy machine, after the app found the service out of reach), and that answer
    // rightly says the service is back.
    t.wait_at_rest();
    faults.set("*", "/", Fault::Drop);
    t.replace_text("Search cases", search);
    t.step_until("the service found out of reach", WAIT, |h| {
        matches!(
            h.state().backend().connection().reach(),
            Reach::Offline { .. }
        )
    });
    t.wait_for_text("Offline since");
}

fn off_new_leads(t: &TestApp, case_number: &str) -> bool {
    let my_day = &t.harness.state().panes.calendar.next_step;
    my_day
        .new_leads()
        .iter()
        .all(|l| l.case_number != case_number)
}

fn online(t: &TestApp) -> bool {
    t.harness.state().backend().connection().reach() == Reach::Online
}

#[test]
fn the_app_is_connected_again_within_seconds_of_the_service_answering_without_a_sync() {
    let (mut t, faults, _) = behind_the_proxy();
    cut(&mut t, &faults, "Abernathy");
    // Offline for a while: the probe backs off (2, 4, 8 s…) while the network stays cut.
    let seen = faults.seen.load(std::sync::atomic::Ordering::SeqCst);
    t.step_until("a probe of the cut network", WAIT, |h| {
        let _ = h;
        faults.seen.load(std::sync::atomic::Ordering::SeqCst) > seen + 1
    });
    assert!(!online(&t), "still cut");

    faults.clear();
    let seen_at_clear = faults.seen.load(std::sync::atomic::Ordering::SeqCst);
    let back = Instant::now();
    t.step_until("connected again", WAIT, |h| {
        h.state().backend().connection().reach() == Reach::Online
    });
    let took = back.elapsed();
    assert!(
        took <= Duration::from_secs(35),
        "back to Connected {took:?} after the service answered (the probe waits 30 s at most)"
    );
    // By the probe, or by a screen's own retry when that came first (on a busy machine it
    // may); not by a sync, whose tick is an hour away.
    assert!(
        faults.seen.load(std::sync::atomic::Ordering::SeqCst) > seen_at_clear,
        "the service was asked again"
    );
    t.step_until("the offline badge gone", WAIT, |h| {
        h.query_all_by_label_contains("Offline since").count() == 0
    });
}

#[test]
fn retry_asks_the_service_now_and_says_it_is_trying() {
    let (mut t, faults, _) = behind_the_proxy();
    // The probe's own turn is an hour away: only Retry asks.
    t.harness
        .state()
        .backend()
        .connection()
        .set_probe_waits(Duration::from_secs(3600), Duration::from_secs(3600));
    cut(&mut t, &faults, "Abernathy");
    // Still cut: Retry says it is trying, asks, and is offered again when that failed.
    let probes = faults.asked("GET", "/v3/Community");
    t.click("Retry now");
    t.wait_for_label("Trying to reach it…");
    t.step_until("the probe asked the service", WAIT, |_| {
        faults.asked("GET", "/v3/Community") > probes
    });
    t.wait_for_label("Retry now");
    assert!(!online(&t), "still cut");

    // A screen's own Retry asks the service too (the same probe).
    t.click("Inventory");
    t.wait_for_text("Showing the offline copy of the");
    let probes = faults.asked("GET", "/v3/Community");
    t.click_first("Retry");
    t.step_until("the probe asked from the screen's Retry", WAIT, |_| {
        faults.asked("GET", "/v3/Community") > probes
    });

    // The network is back: Retry (unless something else got there first) brings the app
    // back, and the status bar says so.
    faults.clear();
    if let Some(retry) = t.harness.query_by_label("Retry now") {
        retry.click();
    }
    t.step_until("connected again", WAIT, |h| {
        h.state().backend().connection().reach() == Reach::Online
    });
    t.step_until("the status bar back to normal", WAIT, |h| {
        h.query_by_label("Trying to reach it…").is_none()
            && h.query_all_by_label_contains("Offline since").count() == 0
    });
}

#[test]
fn a_first_contact_saved_offline_takes_the_lead_off_new_leads_at_once() {
    let (mut t, faults, direct) = behind_the_proxy();
    open_my_day(&mut t);
    t.step_until("the lead lists worked out", WAIT, |h| {
        !h.state().panes.calendar.next_step.new_leads().is_empty()
    });
    let leads = t
        .harness
        .state()
        .panes
        .calendar
        .next_step
        .new_leads()
        .to_vec();
    let newest = leads.last().unwrap().clone();
    t.wait_for_label(&format!("New leads ({})", leads.len()));

    faults.set("*", "/", Fault::Drop);
    t.harness
        .query_all_by_label("Log first contact…")
        .last()
        .expect("a first contact to log")
        .click();
    t.harness.step();
    wait_for_outcome_form(&mut t);
    t.type_into("What was said", "Called back from the car; no signal");
    t.click("Save outcome and next step");
    t.step_until("the outcome kept in the outbox", WAIT, |h| {
        !h.state().backend().outbox().entries().is_empty()
            && h.state().log_outcome_form().is_some_and(|f| f.done())
    });
    t.click("Close");
    // Counted as done on this desk at once, and marked as not sent.
    t.wait_for_label(&format!("New leads ({})", leads.len() - 1));
    assert!(off_new_leads(&t, &newest.case_number));
    // Marked as not sent yet where the day's work is listed.
    t.wait_for_text("Waiting to be sent (2)");
    t.wait_for_text(&format!("for {}", newest.name));

    // The network returns: the probe finds it, and the outbox sends by itself, once.
    faults.clear();
    t.step_until("the outbox sent", WAIT, |h| {
        h.state().backend().outbox().entries().is_empty()
    });
    let sent = block_on(direct.activities(&ActivityQuery {
        individual_id: Some(newest.individual_id),
        page_size: Some(500),
        ..ActivityQuery::default()
    }))
    .unwrap()
    .into_vec()
    .into_iter()
    .filter(|a| {
        a.notes
            .iter()
            .flatten()
            .any(|n| n.message.contains("Called back from the car"))
    })
    .count();
    assert_eq!(sent, 1, "the first contact arrived once");
    t.step_until("the pending list gone", WAIT, |h| {
        h.query_all_by_label_contains("Waiting to be sent").count() == 0
    });
    assert!(
        off_new_leads(&t, &newest.case_number),
        "and the lead stays off New leads once the service has it"
    );
}
