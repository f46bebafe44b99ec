//! Keys typed right after a shortcut or a click go where it leads: the letters that follow
//! Ctrl+N go into the new dialog's first field, those that follow Ctrl+K into the palette,
//! whether they arrive in the same frame as the shortcut or in the frames after it.

use egui::{Event, Key, Modifiers};
use egui_kittest::kittest::Queryable;

use crate::support::{TestApp, app, key_events as key};

fn text(s: &str) -> Event {
    Event::Text(s.to_owned())
}

/// The app on Search, its box focused and holding "Aber".
fn searching() -> TestApp {
    let mut t = app();
    t.wait_for_cases();
    t.type_into("Search cases", "Aber");
    t
}

fn search_text(t: &TestApp) -> String {
    t.field("Search cases").value().unwrap_or_default()
}

fn first_name(t: &TestApp) -> Option<String> {
    t.harness.state().new_individual_form()?;
    t.field("First name").value()
}

#[test]
fn letters_in_the_same_frame_as_ctrl_n_go_to_the_new_dialogs_first_name() {
    let mut t = searching();
    let mut frame = key(Key::N, Modifiers::COMMAND);
    frame.push(text("Zelda"));
    t.send_in_one_frame(frame);
    assert_eq!(first_name(&t).as_deref(), Some("Zelda"));
    assert_eq!(search_text(&t), "Aber", "the search box got nothing");
}

#[test]
fn letters_in_the_frames_after_ctrl_n_go_to_the_new_dialogs_first_name() {
    let mut t = searching();
    t.send_in_frames(vec![
        key(Key::N, Modifiers::COMMAND),
        vec![text("Z")],
        vec![text("e")],
        vec![text("l"), text("da")],
    ]);
    assert_eq!(first_name(&t).as_deref(), Some("Zelda"));
    assert_eq!(search_text(&t), "Aber", "the search box got nothing");
}

#[test]
fn ctrl_k_then_a_command_and_enter_typed_at_once_runs_that_command() {
    for split in [false, true] {
        let mut t = searching();
        let mut frames = vec![key(Key::K, Modifiers::COMMAND)];
        let mut rest = vec![text("inv")];
        rest.extend(key(Key::Enter, Modifiers::NONE));
        if split {
            frames.push(rest);
        } else {
            frames[0].extend(rest);
        }
        t.send_in_frames(frames);
        assert_eq!(
            t.harness.state().nav,
            leasedesk::ui::panes::Nav::Inventory,
            "\"inv\" and Enter ran Inventory (split over frames: {split})"
        );
        assert!(
            t.harness.query_by_label("Command").is_none(),
            "the palette closed"
        );
        t.click("Search");
        assert_eq!(search_text(&t), "Aber", "the search box got nothing");
    }
}

#[test]
fn letters_typed_as_a_click_opens_a_dialog_go_into_the_dialog() {
    let mut t = searching();
    // The service's answer for "Aber" is in (the store's comes first, marked as the copy's,
    // and the line saying so moves the button when it goes).
    t.step_until(
        "the service's answer for Aber",
        std::time::Duration::from_secs(60),
        |h| {
            h.state().panes.cases.search.total() < 1000
                && h.query_all_by_label_contains("from the offline copy")
                    .count()
                    == 0
        },
    );
    t.until_still("New individual…");
    let at = t.harness.get_by_label("New individual…").rect().center();
    let pos = egui::pos2(at.x, at.y);
    let button = |pressed| Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    };
    t.send_in_frames(vec![
        vec![Event::PointerMoved(pos)],
        vec![button(true)],
        vec![button(false), text("Ot")],
        vec![text("tilie")],
    ]);
    assert_eq!(first_name(&t).as_deref(), Some("Ottilie"));
    assert_eq!(search_text(&t), "Aber", "the search box got nothing");
}

#[test]
fn escape_then_letters_go_back_where_the_work_was_not_into_the_closed_dialog() {
    let mut t = searching();
    t.send_in_frames(vec![key(Key::N, Modifiers::COMMAND)]);
    assert!(t.harness.state().new_individual_form().is_some());
    // Nothing typed: Escape closes at once, then Ctrl+F and the letters go to the search.
    let mut frame = key(Key::Escape, Modifiers::NONE);
    frame.extend(key(Key::F, Modifiers::COMMAND));
    frame.push(text("nathy"));
    t.send_in_frames(vec![frame]);
    assert!(t.harness.state().has_no_dialog());
    assert_eq!(search_text(&t), "Abernathy");
}

#[test]
fn escape_after_a_save_closes_the_dialog_without_asking_to_discard() {
    use crate::agent_day::{open_my_day, wait_for_outcome_form};
    let mut t = app();
    open_my_day(&mut t);
    t.click_first("Log outcome…");
    wait_for_outcome_form(&mut t);
    t.type_into("What was said", "Left a message about the open house");
    t.click("Save outcome and next step");
    t.step_until(
        "both parts saved",
        std::time::Duration::from_secs(60),
        |h| h.state().log_outcome_form().is_some_and(|f| f.done()),
    );
    t.send_in_frames(vec![key(Key::Escape, Modifiers::NONE)]);
    assert!(
        t.harness
            .query_by_label("Close and lose what you typed?")
            .is_none(),
        "nothing typed is lost: it was saved"
    );
    assert!(t.harness.state().has_no_dialog(), "closed at once");
}

#[test]
fn return_on_a_focused_button_of_the_discard_question_presses_it() {
    let mut t = searching();
    t.send_in_frames(vec![key(Key::N, Modifiers::COMMAND)]);
    assert!(t.harness.state().new_individual_form().is_some());
    t.type_into("Last name", "Keepme");
    t.send_in_frames(vec![key(Key::Escape, Modifiers::NONE)]);
    t.wait_for_label("Close and lose what you typed?");
    // Tab to the first button, Keep editing, and press Return on it.
    t.send_in_frames(vec![key(Key::Tab, Modifiers::NONE)]);
    t.send_in_frames(vec![key(Key::Enter, Modifiers::NONE)]);
    assert!(
        t.harness
            .query_by_label("Close and lose what you typed?")
            .is_none(),
        "Return pressed Keep editing"
    );
    assert_eq!(t.field("Last name").value().as_deref(), Some("Keepme"));
    // Again, to Discard (the second button).
    t.send_in_frames(vec![key(Key::Escape, Modifiers::NONE)]);
    t.wait_for_label("Close and lose what you typed?");
    t.send_in_frames(vec![key(Key::Tab, Modifiers::NONE)]);
    t.send_in_frames(vec![key(Key::Tab, Modifiers::NONE)]);
    t.send_in_frames(vec![key(Key::Enter, Modifiers::NONE)]);
    assert!(t.harness.state().has_no_dialog(), "Return pressed Discard");
}

#[test]
fn the_move_in_wizard_opens_with_find_a_person_focused_and_takes_what_is_typed() {
    let mut t = searching();
    t.click_button("Move-in");
    t.send_in_frames(vec![vec![text("Whit")], vec![text("aker")]]);
    assert_eq!(
        t.field("Find a person").value().as_deref(),
        Some("Whitaker")
    );
    assert!(t.field("Find a person").is_focused());
    t.click("Search");
    assert_eq!(search_text(&t), "Aber", "the search box got nothing");
}
