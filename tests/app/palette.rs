//! The palette (Ctrl+K) offers what can be done to what is selected, found by the words people
//! use ("lost", "outcome", "report"), and runs it on that case.

use std::time::Duration;

use egui::{Event, Key, Modifiers};
use egui_kittest::kittest::Queryable;
use leasedesk::api::model::SearchQuery;

use crate::support::{app, block_on, direct_client, key_events};

fn ctrl_k_then(words: &str) -> Vec<Vec<Event>> {
    vec![
        key_events(Key::K, Modifiers::COMMAND),
        vec![Event::Text(words.to_owned())],
    ]
}

fn enter() -> Vec<Vec<Event>> {
    vec![key_events(Key::Enter, Modifiers::NONE)]
}

#[test]
fn the_palette_offers_what_can_be_done_to_the_open_case_by_the_words_people_use() {
    let mut t = app();
    t.wait_for_cases();
    // An active lead: the one kind of case that can be closed as lost.
    let found = block_on(direct_client(&t).search(&SearchQuery {
        page_size: Some(200),
        ..SearchQuery::default()
    }))
    .unwrap();
    let lead = found
        .cases
        .iter()
        .map(|c| &c.primary)
        .find(|p| p.individual_type == "Prospect" && p.individual_status_name == "Active")
        .expect("an active prospect in the demo")
        .clone();
    let name = lead.individual_name.clone();

    // Nothing selected: the palette has no case's actions.
    t.send_in_frames(ctrl_k_then("lost"));
    t.harness.run_steps(2);
    assert_eq!(
        t.harness
            .query_all_by_label_contains("Close as lost…")
            .count(),
        0,
        "no case is open"
    );
    t.harness.key_press(Key::Escape);
    t.harness.run_steps(2);

    t.search_and_open(&name, &lead.case_number);
    t.wait_for_label("Close as lost…");

    // "lost" finds closing this case as lost; Enter opens it for this person.
    t.send_in_frames(ctrl_k_then("lost"));
    t.wait_for_label(&format!("Close as lost… · {name}"));
    t.send_in_frames(enter());
    t.step_until("the close-as-lost dialog", Duration::from_secs(10), |h| {
        h.state().close_lost_form().is_some()
    });
    let target = &t.harness.state().close_lost_form().unwrap().target;
    assert_eq!(
        (target.who.case_number.as_str(), target.who.name.as_str()),
        (lead.case_number.as_str(), name.as_str())
    );
    t.click("Cancel");
    t.step_until("the dialog closed", Duration::from_secs(10), |h| {
        h.state().has_no_dialog()
    });

    // "outcome": the case's outcome and next step.
    t.send_in_frames(ctrl_k_then("outcome"));
    t.wait_for_label(&format!("Log outcome… · {name}"));
    t.send_in_frames(enter());
    t.step_until("the outcome dialog", Duration::from_secs(10), |h| {
        h.state().log_outcome_form().is_some()
    });
    let target = &t.harness.state().log_outcome_form().unwrap().target;
    assert_eq!(target.who.case_number, lead.case_number);
    assert!(target.activity.is_none(), "the case's, not an item's");
    t.click("Close");
    t.step_until("the dialog closed", Duration::from_secs(10), |h| {
        h.state().has_no_dialog()
    });

    // "report": the weekly report, built and saved as Sales' button does.
    let folder = tempfile::tempdir().unwrap();
    let saving = crate::support::saving_into(folder.path());
    t.send_in_frames(ctrl_k_then("report"));
    t.wait_for_label("Export the weekly report (PDF)…");
    t.send_in_frames(enter());
    t.step_until("the report saved", Duration::from_secs(60), |_| {
        std::fs::read_dir(folder.path()).unwrap().count() == 1
    });
    drop(saving);
    assert_eq!(t.harness.state().nav, leasedesk::ui::panes::Nav::Sales);
    t.wait_for_text("Saved the weekly report to");
}

#[test]
fn every_sales_view_is_found_by_its_name() {
    use leasedesk::ui::panes::sales::Tab;
    let mut t = app();
    t.wait_for_cases();
    for (words, view, tab) in [
        ("partner", "Sales: Partner packs", Tab::Partners),
        ("region", "Sales: Region", Tab::Region),
        (
            "industry",
            "Sales: our figures beside the industry's",
            Tab::Benchmarks,
        ),
        ("team board", "Sales: Team board", Tab::TeamBoard),
    ] {
        t.send_in_frames(ctrl_k_then(words));
        t.wait_for_label(view);
        t.send_in_frames(enter());
        t.step_until(view, Duration::from_secs(10), |h| h.state().has_no_dialog());
        assert_eq!(t.harness.state().nav, leasedesk::ui::panes::Nav::Sales);
        assert_eq!(t.harness.state().panes.sales.tab, tab, "{words}");
    }
}
