//! A family written to in their language: the agent writes a letter in Spanish, records Spanish
//! as the family's (an activity on the case: the service keeps no language of a person's), and
//! every message after opens in Spanish by itself, with the dates of the case in Spanish.

use std::time::Duration;

use egui_kittest::kittest::{NodeT, Queryable};

use leasedesk::domain::next_step::is_active_lead_of;
use leasedesk::domain::outreach::Language;
use leasedesk::domain::outreach::merge::gaps_left;
use leasedesk::ui::hand_off;

use crate::agent_day::all_leads;
use crate::outreach::{open_case, open_draft};
use crate::support::{TestApp, activities_of, app, direct_client};

/// A press and release of the pointer's main button at `pos`.
fn pointer_click(t: &mut TestApp, pos: egui::Pos2) {
    t.harness.event(egui::Event::PointerMoved(pos));
    t.harness.run_steps(1);
    for pressed in [true, false] {
        t.harness.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        t.harness.run_steps(2);
    }
}

#[test]
fn a_letter_in_spanish_is_recorded_as_the_familys_language_and_the_next_message_follows_it() {
    hand_off::record_instead();
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let case = all_leads(&client)
        .into_iter()
        .find(|c| is_active_lead_of(c, None))
        .expect("an active lead in the demo");
    let person = case.primary.individual_id;
    open_case(&mut t, &case);

    open_draft(&mut t, "Letter…");
    t.choose("Purpose", "First reply");
    t.wait_at_rest();
    let english = t.field("Message").value().unwrap_or_default();
    assert!(english.starts_with("Dear "), "{english:?}");
    // With the pointer, as a person does: the drop-down opens, the choice is taken.
    let combo = t
        .harness
        .get_by_role_and_label(egui::accesskit::Role::ComboBox, "Written in")
        .rect();
    pointer_click(&mut t, combo.center());
    let option = t
        .harness
        .query_all_by_label("Español")
        .find(|n| n.accesskit_node().role() != egui::accesskit::Role::Label)
        .expect("the list open, with Español in it")
        .rect();
    pointer_click(&mut t, option.center());
    t.wait_at_rest();
    let spanish = t.field("Message").value().unwrap_or_default();
    assert!(
        spanish.starts_with(&format!("Estimado/a {}:", case.primary.individual_name)),
        "{spanish:?}"
    );
    // Written to the person themself: "usted", not their name in the third person.
    assert!(spanish.contains("para usted."), "{spanish:?}");
    t.step_until("the types to log with", Duration::from_secs(60), |h| {
        !h.get_by_label("Record as their language")
            .accesskit_node()
            .is_disabled()
    });
    t.click("Record as their language");
    t.wait_for_text("their language, as recorded on the case");
    let recorded: Vec<String> = activities_of(&client, person)
        .into_iter()
        .map(|a| a.activity_name)
        .filter(|n| n.starts_with("Contact preference"))
        .collect();
    assert_eq!(
        recorded,
        vec!["Contact preference: write in Spanish (es-US)".to_owned()],
        "one activity on the case says it"
    );
    t.click("Close");
    t.wait_at_rest();
    // The case says it beside the family's other words.
    t.wait_for_text(&format!(
        "{}: written to in Español",
        case.primary.individual_name
    ));

    // Read back from the case: an email now starts in Spanish, and English is a pick away.
    open_draft(&mut t, "Email…");
    let email = t.field("Message").value().unwrap_or_default();
    assert!(email.starts_with("Estimado/a "), "{email:?}");
    let written_in = t
        .harness
        .get_by_role_and_label(egui::accesskit::Role::ComboBox, "Written in")
        .accesskit_node()
        .value();
    assert_eq!(written_in.as_deref(), Some("Español"));
    t.choose("Written in", "English");
    t.wait_at_rest();
    let back = t.field("Message").value().unwrap_or_default();
    assert!(back.starts_with("Dear "), "{back:?}");
    // English is not theirs: it can be recorded, and nothing was logged by picking it.
    assert!(
        t.harness
            .query_by_label("Record as their language")
            .is_some()
    );
    assert_eq!(
        activities_of(&client, person)
            .into_iter()
            .filter(|a| a.activity_name.starts_with("Contact preference"))
            .count(),
        1
    );
}

/// A letter in Spanish says what the case lacks in Spanish, in the letter and in the warning
/// beside it, and the gap holds it as an English one does.
#[test]
fn a_spanish_letters_missing_tour_day_is_a_gap_in_spanish_that_holds_it() {
    hand_off::record_instead();
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let case = crate::outreach::lead_whose(&client, "without a tour", |activities| {
        !activities
            .iter()
            .any(|a| a.activity_type.as_deref() == Some("Tour"))
    });
    open_case(&mut t, &case);
    open_draft(&mut t, "Letter…");
    t.choose("Purpose", "After a tour");
    t.choose("Written in", "Español");
    t.wait_at_rest();
    let letter = t.field("Message").value().unwrap_or_default();
    assert!(letter.contains(" el [¿día de la visita?]."), "{letter:?}");
    assert!(!letter.contains("[tour day?]"), "{letter:?}");
    t.wait_for_text("Not on this case: [¿día de la visita?]");
    // Every gap of it in Spanish (a lead without a contract lacks the unit and rate too).
    let gaps = gaps_left(&letter);
    assert!(
        gaps.iter()
            .all(|f| letter.contains(&f.gap_in(Language::Spanish)) && !letter.contains(&f.gap())),
        "{letter:?}"
    );
    let mut written = letter.replace("[¿día de la visita?]", "martes");
    for field in gaps {
        written = written.replace(&field.gap_in(Language::Spanish), "—");
    }
    t.replace_text("Message", &written);
    // The warning goes once the text typed in is read (a frame or more on a busy machine).
    t.step_until("the gap written in", Duration::from_secs(60), |h| {
        h.query_all_by_label_contains("Not on this case").count() == 0
    });
    let now = t.field("Message").value().unwrap_or_default();
    assert!(now.contains(" el martes."), "{now:?}");
}
