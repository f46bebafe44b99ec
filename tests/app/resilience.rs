//! The real app, headless, behind a proxy that injects faults: reads fail with a message and
//! recover by themselves when the service comes back, the UI keeps drawing while requests hang,
//! a write whose answer is lost is settled without being sent twice, and nothing typed is lost.

use std::sync::Arc;
use std::time::Duration;

use egui_kittest::kittest::Queryable;
use leasedesk::api::model::HousingContractQuery;
use leasedesk::api::{Client, Connection, Secret};
use leasedesk::engine::Link;
use leasedesk::sandbox::{DEMO_KEY, DEMO_LOGIN, DEMO_PASSWORD};

use crate::faults::{self, Fault, Faults};
use crate::inventory::{
    choose_unit_and_date, first_community, open_wizard_with, person, unit_with_room,
};
use crate::support::{TestApp, app_with_client, block_on, direct_client, fault_options as options};

/// The app connected to the sandbox through the fault proxy.
fn behind_proxy() -> (TestApp, Arc<Faults>, Client) {
    let mut t = app_with_client(options());
    t.wait_connected();
    let direct = direct_client(&t);
    let faults = faults::connect_through_proxy(&mut t);
    (t, faults, direct)
}

fn open_inventory(t: &mut TestApp) {
    t.click("Inventory");
    t.step_until("the inventory", Duration::from_secs(60), |h| {
        let inv = &h.state().panes.inventory;
        inv.data().is_some() && !inv.loading() && !inv.failed()
    });
}

#[test]
fn reads_fail_with_a_message_and_recover_by_themselves() {
    let (mut t, faults, _) = behind_proxy();
    open_inventory(&mut t);
    for fault in [
        Fault::Drop,
        Fault::Unavailable,
        Fault::RateLimit,
        Fault::Truncated,
        Fault::Malformed,
    ] {
        faults.set("GET", "/v3/Unit", fault);
        t.click("Refresh");
        t.wait_for_text("Trying again by itself");
        assert!(t.harness.state().panes.inventory.failed(), "{fault:?}");
        // The previous units stay on screen while the error shows.
        assert!(t.harness.state().panes.inventory.data().is_some());
        faults.clear();
        // No click: the automatic retry brings the inventory back.
        t.step_until(
            &format!("recovery after {fault:?}"),
            Duration::from_secs(60),
            |h| {
                let inv = &h.state().panes.inventory;
                !inv.failed() && !inv.loading()
            },
        );
    }
}

#[test]
fn the_ui_keeps_drawing_and_keeps_input_while_a_read_hangs() {
    let (mut t, faults, _) = behind_proxy();
    open_inventory(&mut t);
    faults.set("GET", "/v3/Unit", Fault::Stall);
    // The clicks are made while the read hangs: that is the point.
    t.rest_before_clicks = false;
    t.click("Refresh");
    assert!(t.harness.state().panes.inventory.loading());
    // While the read hangs, frames keep coming and typing works.
    t.click("Import units from CSV…");
    t.type_into("CSV file", "/tmp/units-to-import.csv");
    t.wait_for_text("request in flight");
    assert!(t.harness.state().panes.inventory.loading(), "still waiting");
    // The client gives up (3 s here) and says so; the units loaded before stay, with the
    // retry note.
    t.wait_for_text("Offline: the service cannot be reached");
    t.wait_for_text("Trying again by itself");
    faults.clear();
    t.step_until("recovery after the stall", Duration::from_secs(60), |h| {
        let inv = &h.state().panes.inventory;
        !inv.failed() && !inv.loading()
    });
    assert_eq!(
        t.field("CSV file").value().as_deref(),
        Some("/tmp/units-to-import.csv"),
        "what was typed is kept"
    );
}

/// A prospect's move-in driven to Submit while `fault` hits the contract create; returns the
/// mover's id with the app.
fn submit_move_in_with(fault: Fault) -> (TestApp, Arc<Faults>, Client, i64) {
    let (mut t, faults, client) = behind_proxy();
    let (community_id, _) = first_community(&client);
    let (mover, name, _) = person(&t, &client, false);
    let unit = unit_with_room(&t, &client, community_id);
    faults.set("POST", "/v3/HousingContract", fault);
    open_wizard_with(&mut t, &name);
    choose_unit_and_date(&mut t, &unit, "2026-11-20");
    t.click("Next");
    t.click("Submit move-in");
    (t, faults, client, mover)
}

#[test]
fn a_lost_answer_to_a_move_in_is_settled_without_sending_it_twice() {
    let (mut t, faults, client, mover) = submit_move_in_with(Fault::ForwardThenDrop);
    // The answer is lost; the wizard reads the contracts and finds the move-in saved.
    t.wait_for_text("Move-in saved");
    assert_eq!(faults.forwarded("POST", "/v3/HousingContract"), 1);
    assert_eq!(
        contract_count(&client, mover),
        1,
        "exactly one contract: the write was not repeated"
    );
}

#[test]
fn a_write_that_never_arrived_keeps_the_form_and_can_be_sent_again() {
    let (mut t, faults, client, mover) = submit_move_in_with(Fault::Drop);
    t.wait_for_text("The move-in was not saved");
    assert_eq!(faults.forwarded("POST", "/v3/HousingContract"), 0);
    // The day typed, written the app's way.
    assert_eq!(
        leasedesk::domain::move_in::parse_day(&t.harness.state().panes.move_in.draft.move_in),
        Ok(chrono::NaiveDate::from_ymd_opt(2026, 11, 20))
    );
    faults.clear();
    t.click("Submit again");
    t.wait_for_text("Move-in saved");
    assert_eq!(faults.forwarded("POST", "/v3/HousingContract"), 1);
    assert_eq!(contract_count(&client, mover), 1);
}

#[test]
fn a_token_that_expires_mid_session_is_renewed_without_a_message() {
    let mut t = app_with_client(options());
    t.wait_connected();
    let Link::Sandbox {
        base_url,
        portal_id,
    } = t.harness.state().backend().connection().link()
    else {
        unreachable!()
    };
    t.harness.state().backend().connection().connect_portal(
        "With login",
        Connection {
            base_url,
            subscription_key: Secret::new(DEMO_KEY),
            portal_id,
        },
        Some((DEMO_LOGIN.to_owned(), Secret::new(DEMO_PASSWORD))),
    );
    t.step_until("the token connection", Duration::from_secs(30), |h| {
        matches!(h.state().backend().connection().link(), Link::Portal { .. })
    });
    open_inventory(&mut t);
    // Three hours later the token (7,200 s) has expired on the service.
    t.clock.advance(chrono::Duration::hours(3));
    t.click("Refresh");
    t.step_until("the reload", Duration::from_secs(60), |h| {
        !h.state().panes.inventory.loading()
    });
    assert!(
        !t.harness.state().panes.inventory.failed(),
        "renewed and repeated once"
    );
    t.click("Calendar");
    t.step_until("activities", Duration::from_secs(60), |h| {
        h.state().panes.calendar.activities().is_some()
    });
    assert!(
        t.harness
            .state()
            .backend()
            .connection()
            .last_error()
            .is_none()
    );
}

fn contract_count(client: &leasedesk::api::Client, mover: i64) -> usize {
    block_on(client.housing_contracts(&HousingContractQuery {
        individual_id: Some(mover),
        ..Default::default()
    }))
    .unwrap()
    .len()
}

#[test]
fn a_page_with_one_unreadable_case_shows_the_others_and_says_so() {
    let (mut t, faults, direct) = behind_proxy();
    faults.set("GET", "/v3/Search", Fault::BreakFirstCase);
    t.click("Search");
    t.harness.state_mut().panes.cases.search.reset();
    let total = block_on(direct.search(&Default::default())).unwrap().total;
    t.step_until(
        "the page without the broken case",
        Duration::from_secs(60),
        |h| h.state().panes.cases.search.rows_in_order().count() as i64 == total - 1,
    );
    t.wait_for_label("⚠ 1 record could not be read");
    t.harness
        .get_by_label(&leasedesk::domain::format::count(total as usize, "case"));
}
