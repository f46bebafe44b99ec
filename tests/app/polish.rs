//! Forms that behave: the focus starts in the first field, a message sits beside its field
//! without moving the dialog, Escape never drops typed work; a search row says why it is
//! listed; the move-in wizard opens on the case's community.

use std::time::Duration;

use egui_kittest::kittest::Queryable;
use leasedesk::api::model::SearchQuery;

use crate::support::{app, block_on, direct_client};

#[test]
fn a_dialog_opens_in_its_first_field_and_says_what_is_wrong_beside_the_field() {
    let mut t = app();
    t.wait_for_cases();
    t.open_new_individual(true);
    t.step_until("the focus in First name", Duration::from_secs(5), |h| {
        h.query_all_by_role_and_label(egui::accesskit::Role::TextInput, "First name")
            .any(|n| n.is_focused())
    });
    // Typing at once goes into First name.
    t.field("First name").type_text("Zelda");
    t.harness.step();
    assert_eq!(t.field("First name").value().as_deref(), Some("Zelda"));

    t.type_into("Email", "not-an-email");
    let create_before = t.harness.get_by_label("Create").rect();
    t.click("Create");
    t.wait_for_label("Last name is required");
    let message = t
        .harness
        .get_by_label_contains("is not an email address")
        .rect();
    let email = t.field("Email").rect();
    assert!(
        message.left() >= email.right()
            && message.center().y > email.top()
            && message.center().y < email.bottom(),
        "the email message {message:?} sits beside the field {email:?}"
    );
    assert_eq!(
        t.harness.get_by_label("Create").rect(),
        create_before,
        "the dialog did not move"
    );
    assert_eq!(t.field("Email").value().as_deref(), Some("not-an-email"));
}

#[test]
fn escape_closes_an_untouched_dialog_and_asks_before_dropping_typed_work() {
    let mut t = app();
    t.wait_for_cases();
    t.open_new_individual(false);
    t.harness.key_press(egui::Key::Escape);
    t.step_until("the dialog closed", Duration::from_secs(2), |h| {
        h.query_by_label("Street, line 2").is_none()
    });
    assert!(t.harness.state().has_no_dialog(), "closed at once");

    t.open_new_individual(true);
    t.type_into("Last name", "Keepme");
    t.harness.key_press(egui::Key::Escape);
    t.harness.step();
    t.wait_for_label("Close and lose what you typed?");
    t.click("Keep editing");
    assert!(
        t.harness
            .query_by_label("Close and lose what you typed?")
            .is_none()
    );
    assert_eq!(t.field("Last name").value().as_deref(), Some("Keepme"));

    t.harness.key_press(egui::Key::Escape);
    t.harness.step();
    t.click("Discard");
    t.step_until("the dialog closed", Duration::from_secs(2), |h| {
        h.query_by_label("Street, line 2").is_none()
    });
    assert!(t.harness.state().has_no_dialog(), "discarded");
}

#[test]
fn a_case_found_through_a_relative_says_through_whom() {
    let mut t = app();
    t.wait_for_cases();
    let client = direct_client(&t);
    let cases = block_on(client.search(&SearchQuery {
        page_size: Some(500),
        ..Default::default()
    }))
    .unwrap();
    let (case, relative) = cases
        .cases
        .iter()
        .find_map(|c| {
            let r = c.relationships.iter().find(|r| {
                !r.last_name.eq_ignore_ascii_case(&c.primary.last_name)
                    && !r.first_name.eq_ignore_ascii_case(&c.primary.first_name)
            })?;
            Some((c.clone(), r.clone()))
        })
        .expect("a demo case with a relative of another name");
    t.type_into("Search cases", &relative.individual_name);
    // The unfiltered first page may hold the case too: wait for the answer to this search.
    t.step_until(
        "the case found by the relative's name",
        Duration::from_secs(60),
        |h| {
            h.state()
                .panes
                .cases
                .search
                .rows_in_order()
                .any(|r| r.case_number == case.primary.case_number && r.matched_via.is_some())
        },
    );
    let row = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .find(|r| r.case_number == case.primary.case_number)
        .cloned()
        .unwrap();
    let via = row.matched_via.expect("the row says why it is listed");
    assert!(
        via.starts_with(&format!("via {},", relative.individual_name)),
        "{via}"
    );
    t.wait_for_label(&via);
}

#[test]
fn the_move_in_wizard_from_a_case_opens_on_the_case_community() {
    let mut t = app();
    t.wait_for_cases();
    let client = direct_client(&t);
    let cases = block_on(client.search(&SearchQuery {
        page_size: Some(500),
        ..Default::default()
    }))
    .unwrap();
    // Not the first community in the list, which a careless default would pick.
    let case = cases
        .cases
        .iter()
        .find(|c| {
            c.primary.communities.len() == 1
                && c.primary.communities[0].name == "Riverside Memory Care"
                && c.primary.individual_type == "Prospect"
        })
        .expect("a Riverside prospect")
        .clone();
    let riverside = case.primary.communities[0].id;
    t.type_into("Search cases", &case.primary.individual_name);
    t.step_until("the case in the results", Duration::from_secs(60), |h| {
        h.state()
            .panes
            .cases
            .search
            .rows_in_order()
            .any(|r| r.case_number == case.primary.case_number)
    });
    t.harness
        .state_mut()
        .panes
        .cases
        .search
        .open_case_of(&case.primary.individual_name, &case.primary.case_number);
    t.wait_for_label("Start move-in…");
    t.click("Start move-in…");
    t.step_until("the wizard", Duration::from_secs(10), |h| {
        h.state().nav == leasedesk::ui::panes::Nav::MoveIn
    });
    assert_eq!(t.harness.state().panes.move_in.community(), Some(riverside));
}
