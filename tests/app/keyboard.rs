//! The keyboard as a way in: a list is one Tab stop with the arrow keys inside it, what has the
//! keyboard shows a ring, and the main jobs are a few keys away (their counts are pinned here).

use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};

use crate::agent_day::open_my_day;
use crate::support::{TestApp, app, key_events};

const WAIT: Duration = Duration::from_secs(60);

fn press(t: &mut TestApp, key: Key) {
    t.send_in_one_frame(key_events(key, Modifiers::NONE));
}

/// The name of what has the keyboard, if anything has.
fn focused(t: &TestApp) -> Option<String> {
    t.harness
        .query_by(|n| n.is_focused())
        .map(|n| n.accesskit_node().label().unwrap_or_default())
}

/// Tabs until `label` has the keyboard, and the stops passed on the way; none found in 200
/// is a failure.
fn tabs_to(t: &mut TestApp, label: &str) -> (usize, Vec<String>) {
    let mut seen = Vec::new();
    for tabs in 1..=200 {
        press(t, Key::Tab);
        let now = focused(t);
        if now.as_deref() == Some(label) {
            return (tabs, seen);
        }
        seen.push(now.unwrap_or_default());
    }
    panic!("{label:?} never had the keyboard; the Tab stops were {seen:?}");
}

/// Nothing has the keyboard: the top of the window.
fn from_the_top(t: &mut TestApp) {
    let ctx = t.harness.ctx.clone();
    ctx.memory_mut(|m| {
        if let Some(id) = m.focused() {
            m.surrender_focus(id);
        }
    });
    t.harness.step();
}

#[test]
fn my_days_new_leads_are_one_tab_stop_and_the_arrows_lead_to_log_first_contact() {
    let mut t = app();
    open_my_day(&mut t);
    t.step_until("two new leads worked out", WAIT, |h| {
        h.state().panes.calendar.next_step.new_leads().len() >= 2
    });
    t.wait_at_rest();
    let leads = t
        .harness
        .state()
        .panes
        .calendar
        .next_step
        .new_leads()
        .to_vec();
    let (first, second) = (leads[0].name.clone(), leads[1].name.clone());

    // Tab reaches the list at its first lead; the next Tab leaves it, past every other lead.
    // The count is pinned: the walk before lists were one stop took 83.
    from_the_top(&mut t);
    let (tabs, passed) = tabs_to(&mut t, &first);
    eprintln!("Tabs from the top of My day to the first new lead: {tabs}");
    assert!(
        tabs <= 19,
        "{tabs} Tabs from the top of My day to the first new lead, past {passed:?}"
    );
    assert!(
        t.harness.state().focus_ring.drawn.is_some(),
        "what the Tab reached has a ring"
    );
    press(&mut t, Key::Tab);
    let after = focused(&t).unwrap_or_default();
    assert!(
        !leads.iter().any(|l| l.name == after)
            && !["Call…", "Email…", "Text…", "Log first contact…", "Lost…"]
                .contains(&after.as_str()),
        "one Tab left the list, not to {after:?}"
    );
    press(&mut t, Key::Tab);
    // Back into the list (Shift+Tab twice) lands where it was left.
    for _ in 0..2 {
        t.send_in_one_frame(key_events(Key::Tab, Modifiers::SHIFT));
    }
    assert_eq!(focused(&t).as_deref(), Some(first.as_str()));

    // ↓ to the second lead, → along its buttons to Log first contact, Enter opens it for them.
    press(&mut t, Key::ArrowDown);
    assert_eq!(focused(&t).as_deref(), Some(second.as_str()));
    let mut along = Vec::new();
    for _ in 0..4 {
        press(&mut t, Key::ArrowRight);
        along.push(focused(&t).unwrap_or_default());
    }
    assert_eq!(along, ["Call…", "Email…", "Text…", "Log first contact…"]);
    // Quick keys, several in one frame, each count.
    let four = |key| {
        (0..4)
            .flat_map(|_| key_events(key, Modifiers::NONE))
            .collect()
    };
    t.send_in_one_frame(four(Key::ArrowLeft));
    assert_eq!(focused(&t).as_deref(), Some(second.as_str()));
    t.send_in_one_frame(four(Key::ArrowRight));
    assert_eq!(focused(&t).as_deref(), Some("Log first contact…"));
    press(&mut t, Key::Enter);
    t.wait_for_text(&format!("Log outcome · {second}"));
    t.wait_at_rest();

    // The dialog opens in its first field; saving is a few Tabs on.
    let (tabs, passed) = tabs_to(&mut t, "Save outcome and next step");
    eprintln!("Tabs in Log outcome to Save: {tabs}, past {passed:?}");
    assert!(
        tabs <= 16,
        "{tabs} Tabs from the dialog's first field to Save, past {passed:?}"
    );

    // A click hides the ring: it is for the keyboard.
    press(&mut t, Key::Escape);
    t.step_until("the dialog closed", WAIT, |h| h.state().has_no_dialog());
    t.click("Calendar");
    assert!(t.harness.state().focus_ring.drawn.is_none());
}

#[test]
fn search_takes_a_few_tab_stops_each_with_a_name_and_its_headings_are_one() {
    let mut t = app();
    t.wait_for_cases();
    t.wait_at_rest();
    from_the_top(&mut t);
    let (tabs, passed) = tabs_to(&mut t, "Name ⏶");
    eprintln!("Tabs from the top of Search to the table's headings: {tabs}, past {passed:?}");
    assert!(
        passed.iter().all(|name| !name.is_empty()),
        "every stop has a name: {passed:?}"
    );
    // 18 since the "Asked not to be contacted" filter joined the figure filters.
    assert!(tabs <= 18, "{tabs} Tabs to the headings, past {passed:?}");
    // Along the headings by arrow; Enter sorts by the one reached.
    press(&mut t, Key::ArrowRight);
    let second = focused(&t).unwrap_or_default();
    assert!(second.starts_with("Follow-up"), "→ reached {second:?}");
    press(&mut t, Key::Enter);
    t.wait_for_label("Follow-up ⏶");
    // The next Tab leaves the table: no result row is a stop of its own.
    press(&mut t, Key::Tab);
    let after = focused(&t);
    let rows: Vec<String> = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .map(|r| r.name.clone())
        .collect();
    assert!(
        after
            .as_ref()
            .is_none_or(|a| !rows.contains(a) && !a.is_empty()),
        "after the headings, {after:?}"
    );
}

/// From My day, the first new lead's first contact is logged with the keyboard alone: the
/// palette finds it by "first contact", the dialog opens on its first field, and Ctrl+Enter
/// saves. The keys besides the note are counted and pinned.
#[test]
fn the_first_new_leads_outcome_is_logged_in_a_few_keys_from_the_palette() {
    let mut t = app();
    open_my_day(&mut t);
    t.step_until("the new leads worked out", WAIT, |h| {
        !h.state().panes.calendar.next_step.new_leads().is_empty()
    });
    t.wait_at_rest();
    let lead = t.harness.state().panes.calendar.next_step.new_leads()[0].clone();
    let client = crate::support::direct_client(&t);
    let logged = || {
        crate::support::block_on(client.activities(&leasedesk::api::model::ActivityQuery {
            individual_id: Some(lead.individual_id),
            page_size: Some(500),
            ..Default::default()
        }))
        .unwrap()
        .len()
    };
    let before = logged();
    let mut keys = 0;
    t.harness.key_press_modifiers(Modifiers::COMMAND, Key::K);
    keys += 1;
    t.harness.step();
    let words = "first contact";
    t.harness.get_by_label("Command").type_text(words);
    keys += words.chars().count();
    t.harness.step();
    press(&mut t, Key::Enter);
    keys += 1;
    t.wait_for_text(&format!("Log outcome · {}", lead.name));
    t.wait_at_rest();
    // Tab to the note, if the dialog did not open on it.
    let mut tabs = 0;
    while focused(&t).as_deref() != Some("What was said") {
        press(&mut t, Key::Tab);
        tabs += 1;
        assert!(tabs < 30, "the note never had the keyboard");
    }
    keys += tabs;
    let note = "Spoke with her daughter; a tour on Tuesday suits them";
    t.harness.get_by_label("What was said").type_text(note);
    t.harness.step();
    t.harness
        .key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    keys += 1;
    t.step_until("the outcome saved", WAIT, |h| {
        h.state().has_no_dialog() || { h.query_all_by_label_contains("Saved").count() > 0 }
    });
    t.step_until("the outcome on the service", WAIT, |_| logged() > before);
    eprintln!("keys to log the first new lead's outcome, besides the note: {keys} ({tabs} Tabs)");
    assert!(keys <= 25, "{keys} keys besides the note ({tabs} Tabs)");
}

/// Focuses the drop-down `label` and opens its list with Space.
fn open_list_by_keyboard(t: &mut TestApp, label: &str) {
    t.harness.get_by_label(label).focus();
    t.harness.step();
    press(t, Key::Space);
    t.harness.step();
    assert!(
        egui::Popup::is_any_open(&t.harness.ctx),
        "Space opens the list"
    );
}

/// The drop-down's list is closed and the keyboard is back on the drop-down `label`.
fn list_closed_back_on(t: &TestApp, label: &str, why: &str) {
    assert!(!egui::Popup::is_any_open(&t.harness.ctx), "{why}");
    assert_eq!(
        focused(t).as_deref(),
        Some(label),
        "{why}: back on the drop-down"
    );
}

/// A drop-down by keyboard: Space opens its list, the arrows choose, Enter takes the choice and
/// closes the list; Escape closes it. Either way the keyboard is back on the drop-down.
#[test]
fn enter_takes_a_drop_downs_choice_and_escape_closes_its_list_on_the_drop_down() {
    let mut t = app();
    open_my_day(&mut t);
    t.wait_at_rest();
    let before = t.harness.state().panes.calendar.filter;
    open_list_by_keyboard(&mut t, "Show");
    // The first choice is the one in force; the next is another.
    press(&mut t, Key::ArrowDown);
    press(&mut t, Key::ArrowDown);
    let chosen = focused(&t).expect("a choice has the keyboard");
    assert_ne!(chosen, "Show");
    press(&mut t, Key::Enter);
    t.harness.step();
    list_closed_back_on(&t, "Show", "Enter closes the list");
    let after = t.harness.state().panes.calendar.filter;
    assert_ne!(after, before, "Enter took {chosen:?}");

    press(&mut t, Key::Space);
    t.harness.step();
    assert!(egui::Popup::is_any_open(&t.harness.ctx));
    press(&mut t, Key::ArrowDown);
    press(&mut t, Key::Escape);
    t.harness.step();
    list_closed_back_on(&t, "Show", "Escape closes the list");
    assert_eq!(
        t.harness.state().panes.calendar.filter,
        after,
        "Escape chose nothing"
    );
}

/// The drop-downs shown at their own size (Settings' "Sync every", the funnel's, the partner
/// picker, the lead rules') take the keyboard as the others do: Enter takes the choice and
/// closes the list, back on the drop-down.
#[test]
fn a_drop_down_at_its_own_size_closes_on_enter_with_the_choice() {
    let mut t = app();
    t.wait_connected();
    t.click("Settings");
    t.wait_for_label("Sync every");
    let before = t.harness.state().prefs().sync_minutes;
    open_list_by_keyboard(&mut t, "Sync every");
    // Down the list to a choice other than the one in force.
    let current = format!("{before} minutes");
    for _ in 0..4 {
        press(&mut t, Key::ArrowDown);
        if focused(&t).is_some_and(|f| f.ends_with("minutes") && f != current) {
            break;
        }
    }
    let chosen = focused(&t).expect("a choice has the keyboard");
    assert_ne!(chosen, current);
    press(&mut t, Key::Enter);
    t.harness.step();
    t.harness.step();
    list_closed_back_on(&t, "Sync every", "Enter closes the list");
    assert_eq!(
        format!("{} minutes", t.harness.state().prefs().sync_minutes),
        chosen,
        "Enter took the choice"
    );
}

/// WCAG 2.2's 2.4.11 (Focus Not Obscured): what Tab reaches is never hidden under the top bar
/// or the status bar, nor left out of its scrolled view, in panes taller than the window at
/// 1000×650; controls below the fold at the start come into view as Tab reaches them.
#[test]
fn what_tab_reaches_is_never_hidden_under_a_bar_or_out_of_view() {
    let mut t = app();
    t.wait_connected();
    t.harness.set_size(egui::vec2(1000.0, 650.0));
    for pane in ["Settings", "Calendar"] {
        t.click(pane);
        t.harness.run_steps(5);
        let rect_of = |t: &TestApp, label: &str| {
            t.harness
                .query_by_label(label)
                .unwrap_or_else(|| panic!("{label} is shown"))
                .rect()
        };
        let top = rect_of(&t, "Commands (Ctrl+K)").max.y;
        let bottom = rect_of(&t, "Work offline").min.y;
        let height = t.harness.ctx.content_rect().height();
        // The pane's controls (and the navigation's), not the bars' own, which are always in view.
        let in_the_pane: Vec<String> = t
            .harness
            .query_all(
                egui_kittest::kittest::by()
                    .predicate(|n| n.data().supports_action(egui::accesskit::Action::Focus)),
            )
            .filter(|n| {
                let r = n.rect();
                r.min.y >= top - 1.0 && !(r.min.y >= bottom - 1.0 && r.max.y <= height)
            })
            .filter_map(|n| n.accesskit_node().label())
            .collect();
        let below_the_fold: Vec<String> = t
            .harness
            .query_all(
                egui_kittest::kittest::by()
                    .predicate(|n| n.data().supports_action(egui::accesskit::Action::Focus)),
            )
            .filter(|n| n.rect().min.y > bottom)
            .filter_map(|n| n.accesskit_node().label())
            .collect();
        assert!(
            !below_the_fold.is_empty(),
            "{pane} is taller than the window at 1000×650"
        );
        let mut reached_below = 0;
        let mut stops = 0;
        let place = format!("{:?}", t.harness.state().nav);
        for _ in 0..120 {
            press(&mut t, Key::Tab);
            // Frames for a scroll to the focused control to end (the clock of the frames).
            t.harness.run_steps(12);
            // A control reached by the keyboard changes nothing by being reached (WCAG 3.2.1):
            // the same pane, no dialog opened.
            assert_eq!(format!("{:?}", t.harness.state().nav), place, "{pane}");
            assert!(
                t.harness.state().has_no_dialog(),
                "{pane}: Tab opened a dialog"
            );
            let Some(node) = t.harness.query_by(|n| n.is_focused()) else {
                continue;
            };
            stops += 1;
            let rect = node.rect();
            let name = node.accesskit_node().label().unwrap_or_default();
            if !in_the_pane.contains(&name) {
                continue;
            }
            assert!(
                rect.max.y > top + 1.0 && rect.min.y < bottom - 1.0,
                "{pane}: {name:?} has the keyboard at {rect:?}, hidden outside {top}..{bottom}"
            );
            if below_the_fold.contains(&name) {
                reached_below += 1;
            }
        }
        assert!(stops >= 30, "{pane}: {stops} stops");
        assert!(
            reached_below > 0,
            "{pane}: Tab reached none of {below_the_fold:?}"
        );
    }
}

/// ↓ from the search box moves through the results, a row at a time, each read with its name
/// while the keyboard stays in the box (the row is the box's active descendant, which a screen
/// reader reads as the focus; the rows are not Tab stops of their own).
#[test]
fn the_arrows_in_the_search_box_move_through_the_results_each_read_by_its_name() {
    let mut t = app();
    t.wait_for_cases();
    t.wait_at_rest();
    // Focused, nothing typed.
    t.type_into("Search cases", "");
    let names: Vec<String> = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .take(3)
        .map(|r| r.name.clone())
        .collect();
    for name in &names {
        press(&mut t, Key::ArrowDown);
        t.harness.run_steps(3);
        let read = focused(&t).unwrap_or_default();
        assert!(
            read.starts_with(&format!("{name}, ")),
            "{name} is read: {read:?}"
        );
        let field = t.field("Search cases");
        assert!(
            field.accesskit_node().active_descendant().is_some(),
            "the box keeps the keyboard, its active descendant the row"
        );
    }
}
