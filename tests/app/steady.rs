//! Nothing moves under the user's hands: while a read flaps between "Refreshing" and "Offline"
//! (the service stalls, the client gives up, the read asks again by itself), what is typed
//! lands whole in the field being typed in, and a click aimed at a row opens that row.

use std::time::{Duration, Instant};

use egui_kittest::kittest::Queryable;

use crate::agent_day::{open_my_day, wait_for_outcome_form};
use crate::campaigns::campaign_label;
use crate::faults::{self, Fault};
use crate::support::{TestApp, app_with_client, block_on, direct_client, fault_options};

/// Which of the two faces of a flapping status line is on screen: `Some(true)` while it asks
/// again, `Some(false)` while it says it cannot reach the service.
fn face(t: &TestApp) -> Option<bool> {
    let asking = t.harness.query_all_by_label_contains("Refreshing ").count() > 0
        || t.harness.query_all_by_label_contains("Loading ").count() > 0;
    let failed = t
        .harness
        .query_all_by_label_contains("Trying again by itself")
        .count()
        > 0;
    match (asking, failed) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

/// Steps frames for `how_long` of real time, counting the status line's changes of face.
fn step_for(t: &mut TestApp, how_long: Duration, last: &mut Option<bool>, flips: &mut usize) {
    let until = Instant::now() + how_long;
    loop {
        t.harness.step();
        let now = face(t);
        if now.is_some() {
            if last.is_some() && now != *last {
                *flips += 1;
            }
            *last = now;
        }
        if Instant::now() >= until {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_note_typed_while_the_connection_flaps_keeps_every_character() {
    let mut t = app_with_client(fault_options());
    t.wait_connected();
    let faults = faults::connect_through_proxy(&mut t);
    open_my_day(&mut t);
    // Once with the service there, so the dialog's lists are kept in the offline copy.
    t.click_first("Log outcome…");
    wait_for_outcome_form(&mut t);
    t.click("Close");
    // Then the lists' read hangs until the client gives up, and asks again, and again.
    faults.set("GET", "/v3/Community", Fault::Stall);
    t.rest_before_clicks = false;
    t.click_first("Log outcome…");
    wait_for_outcome_form(&mut t);
    t.wait_for_text("Refreshing");

    let field = "What was said";
    t.harness.get_by_label(field).focus();
    t.harness.step();
    assert!(t.harness.get_by_label(field).is_focused());
    let note = "Called Mrs Lawrence; her daughter asked about the two-bedroom units on the \
                garden side and wants to visit with her brother next week";
    let (mut last, mut flips) = (face(&t), 0);
    // Typed as a person types, a key at a time, never clicking back into the field.
    for c in note.chars() {
        t.harness.event(egui::Event::Text(c.to_string()));
        step_for(&mut t, Duration::from_millis(90), &mut last, &mut flips);
    }
    assert!(
        flips >= 2,
        "the lists' status should have flapped while typing; it changed {flips} times"
    );
    assert_eq!(
        t.harness.get_by_label(field).value().as_deref(),
        Some(note),
        "every character typed is in the note"
    );
    assert!(t.harness.get_by_label(field).is_focused());
}

#[test]
fn a_click_on_a_campaign_while_the_list_flaps_opens_that_campaign() {
    let mut t = app_with_client(fault_options());
    t.wait_connected();
    let client = direct_client(&t);
    let campaigns =
        block_on(client.campaigns(&leasedesk::api::model::CampaignQuery::default())).unwrap();
    assert!(
        campaigns.len() >= 4,
        "the demo has campaigns to choose from"
    );
    let faults = faults::connect_through_proxy(&mut t);
    t.click("Campaigns");
    let labels: Vec<String> = campaigns.iter().take(4).map(campaign_label).collect();
    t.wait_for_label(&labels[0]);

    // The list's refresh hangs until the client gives up, then asks again by itself.
    faults.set("GET", "/v3/Campaign/", Fault::Stall);
    t.rest_before_clicks = false;
    t.click("Go");
    t.wait_for_text("Refreshing");
    let (mut last, mut flips) = (face(&t), 0);
    let started = Instant::now();
    let mut clicks = 0;
    while flips < 3 || clicks < 8 {
        assert!(
            started.elapsed() < Duration::from_secs(90),
            "the list did not flap ({flips} changes)"
        );
        let (target, wanted) = {
            let i = clicks % labels.len();
            (&labels[i], campaigns[i].id)
        };
        // Where the row is now; the hand gets there a moment later.
        let aim = t.harness.get_by_label(target).rect().center();
        step_for(&mut t, Duration::from_millis(400), &mut last, &mut flips);
        t.harness.event(egui::Event::PointerMoved(aim));
        for pressed in [true, false] {
            t.harness.event(egui::Event::PointerButton {
                pos: aim,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::default(),
            });
        }
        t.harness.step();
        t.harness.step();
        assert_eq!(
            t.harness.state().panes.campaigns.chosen_id(),
            Some(wanted),
            "click {clicks} was aimed at {target:?} ({flips} changes of the status line so far)"
        );
        clicks += 1;
    }
}

#[test]
fn a_search_on_an_offline_copy_not_filled_yet_says_so_instead_of_no_match() {
    use std::sync::Arc;
    let mut t = app_with_client(fault_options());
    t.wait_connected();
    // A portal never reached from this computer: its copy is empty, and stays so.
    let faults = Arc::new(faults::Faults::default());
    faults.set("*", "/", Fault::Drop);
    faults::connect_as(&mut t, "Never reached", faults);
    t.replace_text("Search cases", "Lawrence");
    t.wait_for_text("The offline copy holds no cases yet");
    assert_eq!(
        t.harness
            .query_all_by_label_contains("Check the spelling")
            .count(),
        0,
        "an empty copy is no proof that nothing matches"
    );
}
