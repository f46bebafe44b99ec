//! A save shows everywhere: after a checklist tick, a move-in or a tour, the admissions queue,
//! the census forecast, the funnel and My day show it without anyone pressing Refresh.

use std::time::Duration;

use egui_kittest::kittest::Queryable;
use leasedesk::domain::funnel::Stage;

use crate::director::today;
use crate::inventory::{
    choose_unit_and_date, find_in_wizard, first_community, person, unit_with_room,
};
use crate::support::{TestApp, app, direct_client};

const WAIT: Duration = Duration::from_secs(60);

/// The admissions queue with every checklist's progress read.
fn open_admissions(t: &mut TestApp) {
    let today = today(t);
    t.click("Admissions");
    t.step_until("every checklist read", WAIT, |h| {
        let a = &h.state().panes.admissions;
        let queue = a.queue(today);
        !queue.is_empty() && queue.iter().all(|e| a.progress_of(e.contract_id).is_some())
    });
}

fn open_sales(t: &mut TestApp) {
    t.click("Sales");
    t.step_until("the sales figures", WAIT, |h| {
        h.state().panes.sales.derived().is_some()
    });
}

/// The checklist of the first queued move-in with a requirement not met, opened; the move-in,
/// its progress, and its first open requirement that `fits`.
fn open_an_open_requirement(
    t: &mut TestApp,
    fits: impl Fn(&leasedesk::api::model::AdmissionRequirement) -> bool,
) -> (
    leasedesk::domain::admissions::QueueEntry,
    leasedesk::domain::checklist::Progress,
    leasedesk::api::model::AdmissionRequirement,
) {
    t.wait_connected();
    let today = today(t);
    open_admissions(t);
    let admissions = &t.harness.state().panes.admissions;
    let (entry, before) = admissions
        .queue(today)
        .into_iter()
        .find_map(|e| {
            let p = admissions.progress_of(e.contract_id)?;
            (p.met < p.total).then_some((e, p))
        })
        .expect("a queued move-in with a requirement not met");
    t.click(&entry.name);
    t.step_until("the checklist", WAIT, |h| {
        h.state().panes.admissions.requirements().is_some()
    });
    let target = t
        .harness
        .state()
        .panes
        .admissions
        .requirements()
        .unwrap()
        .iter()
        .find(|r| !r.is_met && !r.dismiss && fits(r))
        .expect("an open requirement that fits")
        .clone();
    (entry, before, target)
}

#[test]
fn a_checklist_tick_moves_the_queues_progress_without_refresh() {
    let mut t = app();
    let (entry, before, target) = open_an_open_requirement(&mut t, |_| true);
    let mark = format!("Mark {} met…", target.requirement_name);
    t.until_still(&mark);
    t.click(&mark);
    t.choose("Result", &target.type_select[0].label);
    t.click("Save");
    t.step_until("the tick on the service", WAIT, |h| {
        h.state().panes.admissions.requirements().is_some_and(|l| {
            l.iter()
                .any(|r| r.admission_met_id == target.admission_met_id && r.is_met)
        })
    });
    t.click("Back to move-ins coming up");
    let contract = entry.contract_id;
    t.step_until("the queue's progress to move on", WAIT, |h| {
        h.state()
            .panes
            .admissions
            .progress_of(contract)
            .is_some_and(|p| p.met == before.met + 1)
    });
    assert!(
        t.harness.query_by_label("Refresh").is_some(),
        "the queue is shown (Refresh was there to press, and was not)"
    );
}

#[test]
fn a_pending_result_leaves_the_requirement_in_progress_with_its_note_and_not_met() {
    let mut t = app();
    let (entry, before, target) = open_an_open_requirement(&mut t, |r| {
        r.type_select.iter().any(|o| o.label == "Pending")
    });
    let mark = format!("Mark {} met…", target.requirement_name);
    t.until_still(&mark);
    t.click(&mark);
    t.choose("Result", "Pending");
    t.wait_for_text("This result means not yet");
    t.type_into("Note (shown on this line)", "result due Monday");
    t.click("Save as in progress");
    let id = target.admission_met_id;
    t.step_until(
        "the requirement read back with its result",
        WAIT,
        move |h| {
            h.state().panes.admissions.requirements().is_some_and(|l| {
                l.iter()
                    .any(|r| r.admission_met_id == id && r.activity_result_name == "Pending")
            })
        },
    );
    let saved = t
        .harness
        .state()
        .panes
        .admissions
        .requirements()
        .unwrap()
        .iter()
        .find(|r| r.admission_met_id == id)
        .unwrap()
        .clone();
    assert!(!saved.is_met, "sent as not met: the service holds it open");
    // The line says so, with the note typed (read from its activity).
    t.wait_for_text("In progress");
    t.wait_for_text("Note: result due Monday");
    assert!(
        t.harness
            .query_by_label_contains(&format!("{} of {} met", before.met, before.total))
            .is_some(),
        "the bar counts it as not met"
    );
    t.click("Back to move-ins coming up");
    let contract = entry.contract_id;
    t.step_until("the queue's progress read again", WAIT, move |h| {
        h.state()
            .panes
            .admissions
            .progress_of(contract)
            .is_some_and(|p| p == before)
    });
}

#[test]
fn a_move_in_joins_the_queue_the_forecast_and_the_funnel_without_refresh() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let today = today(&t);
    // Each pane read once before the move-in.
    open_sales(&mut t);
    open_admissions(&mut t);
    let (community_id, community) = first_community(&client);
    let (_, name, _) = person(&t, &client, false);
    let unit = unit_with_room(&t, &client, community_id);
    assert!(
        !t.harness
            .state()
            .panes
            .admissions
            .queue(today)
            .iter()
            .any(|e| e.name == name),
        "{name} is not queued before"
    );
    let beds_today = |h: &egui_kittest::Harness<'_, leasedesk::ui::app::LeaseDeskApp>| {
        h.state()
            .panes
            .sales
            .derived()
            .map(|d| d.forecast.total.occupied_beds.first().copied().unwrap_or(0))
    };
    let beds_before = beds_today(&t.harness).expect("the forecast read");

    // Search's Stage column says "Move-in" too once the figures are in: go by the shortcut.
    t.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num4);
    t.wait_for_label("Find a person");
    find_in_wizard(&mut t, &name);
    choose_unit_and_date(&mut t, &unit, &today.format("%Y-%m-%d").to_string());
    t.click("Next");
    t.click("Submit move-in");
    t.wait_for_text("Move-in saved");

    open_admissions(&mut t);
    let queued = t
        .harness
        .state()
        .panes
        .admissions
        .queue(today)
        .into_iter()
        .find(|e| e.name == name);
    let queued = queued.unwrap_or_else(|| {
        t.step_until("the move-in in the queue", WAIT, |h| {
            h.state()
                .panes
                .admissions
                .queue(today)
                .iter()
                .any(|e| e.name == name)
        });
        t.harness
            .state()
            .panes
            .admissions
            .queue(today)
            .into_iter()
            .find(|e| e.name == name)
            .unwrap()
    });
    assert_eq!(queued.community, community);
    assert_eq!(queued.unit_number, unit.number);

    t.click("Sales");
    let case = queued.case_number.clone();
    // Moving in today: a bed in use from today, not also a signed move-in ahead.
    t.step_until("the move-in in the forecast and the funnel", WAIT, |h| {
        h.state().panes.sales.derived().is_some_and(|d| {
            d.stages.get(&case) == Some(&Stage::MoveIn)
                && d.forecast.total.occupied_beds.first().copied() == Some(beds_before + 1)
        })
    });
    let derived = t.harness.state().panes.sales.derived().unwrap();
    assert!(
        !derived
            .forecast
            .pending
            .iter()
            .any(|m| m.case_number == case),
        "a move-in today is not pending"
    );
}

#[test]
fn a_tour_booked_from_a_case_is_in_my_day_without_refresh() {
    let mut t = app();
    t.wait_connected();
    t.click("Calendar");
    t.step_until("My day", WAIT, |h| {
        h.state().panes.calendar.activities().is_some()
    });
    t.click("Search");
    t.wait_for_cases();
    let row = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .next()
        .unwrap()
        .clone();
    t.click(&row.name);
    let day = book_the_proposed_tour(&mut t);

    t.click("Calendar");
    let name = row.name.clone();
    t.step_until("the tour in My day's list", WAIT, |h| {
        h.query_all_by_label_contains(&name).next().is_some()
            && h.state().panes.calendar.activities().is_some_and(|list| {
                list.iter().any(|a| {
                    a.individual_full_name == name
                        && a.activity_type.as_deref() == Some("Tour")
                        && a.due_date
                            .with_timezone(&chrono_tz::America::New_York)
                            .date_naive()
                            == day
                })
            })
    });
}

#[test]
fn a_lead_whose_tour_is_booked_leaves_needs_a_next_step_without_refresh() {
    let mut t = app();
    crate::agent_day::open_my_day(&mut t);
    t.step_until("Needs a next step worked out", WAIT, |h| {
        !h.state().panes.calendar.next_step.shown().is_empty()
    });
    let lead = t.harness.state().panes.calendar.next_step.shown()[0].clone();
    // Its row opens the case, where the tour is booked.
    t.click(&lead.name);
    book_the_proposed_tour(&mut t);
    t.click("Calendar");
    let case = lead.case_number.clone();
    t.step_until("the lead gone from Needs a next step", WAIT, |h| {
        let rows = h.state().panes.calendar.next_step.shown();
        !rows.is_empty() && rows.iter().all(|r| r.case_number != case)
    });
}

/// From an open case: books a tour on the day and time the form proposes; returns the day.
fn book_the_proposed_tour(t: &mut TestApp) -> chrono::NaiveDate {
    t.wait_for_label("Schedule a tour…");
    t.click("Schedule a tour…");
    t.step_until("the tour form with its lists", WAIT, |h| {
        h.state()
            .schedule_tour_form()
            .is_some_and(|f| f.lists_loaded())
    });
    t.until_still("Schedule tour");
    let day = t
        .harness
        .state()
        .schedule_tour_form()
        .unwrap()
        .draft
        .date
        .expect("a proposed day");
    t.click("Schedule tour");
    t.wait_for_text("✔ Tour scheduled");
    t.click("Close");
    day
}
