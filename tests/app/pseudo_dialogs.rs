//! The main dialogs under the pseudo-locale at 1000×650: no button's words cut, and no words of
//! the dialog from code rather than the Fluent files (the service's names, the case's people
//! and the portal's users aside: data, not the window's words).

use std::time::Duration;

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use leasedesk::api::model::{TypeList, TypeQuery, UserQuery};
use leasedesk::i18n::{Language, text_in};

use crate::pseudo::{cut_where, from_code_where, nothing_found, pseudo_app};
use crate::support::{TestApp, block_on, direct_client};

fn words(id: &str) -> String {
    text_in(Language::Pseudo, id, None)
}

/// Waits for the dialog to open, be drawn and be still.
fn wait_for_dialog(t: &mut TestApp, place: &str) {
    t.step_until(
        &format!("the {place} dialog"),
        Duration::from_secs(60),
        |h| h.query_all_by_role(Role::Dialog).count() > 0,
    );
    t.wait_at_rest();
    t.harness.run_steps(5);
}

/// Closes the untouched dialog with Escape, as a person would.
fn close(t: &mut TestApp, place: &str) {
    t.harness.key_press(egui::Key::Escape);
    t.step_until(
        &format!("the {place} dialog closed"),
        Duration::from_secs(10),
        |h| h.query_all_by_role(Role::Dialog).count() == 0,
    );
}

/// What the service and the portal name (its value lists, its users, its campaigns): data in
/// a dialog's lists, not the window's words.
fn service_names(t: &TestApp) -> Vec<String> {
    let client = direct_client(t);
    let mut names = Vec::new();
    for &list in TypeList::ALL {
        if let Ok(records) = block_on(client.types(&TypeQuery::list(list))) {
            names.extend(records.iter().map(|r| r.name.clone()));
        }
    }
    if let Ok(users) = block_on(client.users(&UserQuery::default())) {
        names.extend(users.iter().map(|u| u.name.clone()));
    }
    if let Ok(campaigns) = block_on(client.campaigns(&Default::default())) {
        names.extend(campaigns.iter().map(|c| c.name.clone()));
    }
    if let Ok(communities) = block_on(client.communities()) {
        names.extend(communities.iter().map(|c| c.name.clone()));
    }
    // A language's own name is the same in every window.
    names.extend(Language::ALL.iter().map(|l| l.own_name().to_owned()));
    names.extend(
        leasedesk::api::model::TIME_ZONES
            .iter()
            .map(|z| z.name.to_owned()),
    );
    names
}

#[test]
fn under_the_pseudo_locale_the_main_dialogs_words_come_from_the_files_and_none_is_cut() {
    let mut t = pseudo_app();
    // A new lead, to open: its case offers every dialog.
    t.click(&words("nav-calendar"));
    t.step_until("the new leads", Duration::from_secs(60), |h| {
        !h.state().panes.calendar.next_step.new_leads().is_empty()
    });
    let lead = t.harness.state().panes.calendar.next_step.new_leads()[0].clone();
    let mut data = service_names(&t);
    data.push(lead.name.clone());
    data.push(lead.case_number.clone());
    let mut found = Vec::new();
    let mut clipped = Vec::new();
    let mut seen = Vec::new();
    let mut look_at = |t: &mut TestApp, opens: &str, place: &'static str, data: &[String]| {
        t.click_first(&words(opens));
        wait_for_dialog(t, place);
        seen.push(place);
        found.extend(from_code_where(t, place, |s| s.in_dialog, data));
        clipped.extend(cut_where(t, place, |s| s.in_dialog));
        close(t, place);
    };
    // The Calendar's own: an activity for anyone, a phone system's calls, and the outcome of
    // the first item due.
    look_at(&mut t, "command-log-activity", "Log activity", &data);
    look_at(&mut t, "command-import-calls", "Import calls", &data);
    look_at(&mut t, "myday-log-outcome", "Log outcome", &data);
    t.click(&words("nav-search"));
    t.open_found_case(&lead.name, &lead.case_number);
    t.wait_for_label(&words("command-close-lost"));
    t.wait_at_rest();
    let client = direct_client(&t);
    // The case's people, as the service names them and their kind ("Prospect", "Daughter").
    let people: Vec<String> = block_on(client.case(&leasedesk::api::model::CaseQuery {
        case_number: Some(lead.case_number.clone()),
        individual_id: None,
    }))
    .map(|case| {
        case.individuals
            .iter()
            .flat_map(|i| {
                let role = i
                    .relationship_type
                    .clone()
                    .unwrap_or_else(|| i.individual_type.clone());
                [
                    i.individual_name.clone(),
                    i.individual_type.clone(),
                    role.clone(),
                    format!("{} ({role})", i.individual_name),
                ]
            })
            .collect()
    })
    .unwrap_or_default();
    data.extend(people);
    // The case's: a tour, a contact, closing it, a message on each channel, and a call (last:
    // logging a call goes to the Calendar).
    for (opens, place) in [
        ("command-schedule-tour", "Schedule a tour"),
        ("command-add-contact", "Add a contact"),
        ("command-close-lost", "Close as lost"),
        ("channel-draft-text", "Text"),
        ("channel-draft-email", "Email"),
        ("channel-draft-call", "Call"),
        ("command-log-call", "Log a call"),
    ] {
        look_at(&mut t, opens, place, &data);
    }
    // The guide (F1): its buttons only. Its text is a document (`docs/guide.md`, and
    // `docs/guide.es.md` in Spanish), shown in English under the pseudo-locale.
    t.harness.key_press(egui::Key::F1);
    wait_for_dialog(&mut t, "Guide");
    seen.push("Guide");
    clipped.extend(cut_where(&t, "Guide", |s| s.in_dialog));
    close(&mut t, "Guide");

    eprintln!(
        "pseudo-locale dialogs at 1000×650 ({}): {} words from code, {} buttons cut",
        seen.join(", "),
        found.len(),
        clipped.len()
    );
    nothing_found(&found, &clipped);
}
