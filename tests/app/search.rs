//! Case search, case view and the new-individual form.

use std::time::Duration;

use egui_kittest::kittest::{NodeT, Queryable};
use leasedesk::ui::panes::Nav;
use leasedesk::ui::prefs::{Prefs, Profile};

use crate::support::{app, app_with};

#[test]
fn the_window_opens_on_demo_data_with_the_sandbox_badge() {
    let mut t = app();
    t.wait_for_label("Sandbox · demo data");
    t.harness.get_by_label("Connect to your portal…");
    t.wait_for_cases();
    let total = t.harness.state().panes.cases.search.total();
    assert!(total > 1000, "{total}");
    t.wait_for_label(&leasedesk::domain::format::count(total as usize, "case"));
}

#[test]
fn search_by_a_demo_name_shows_the_case() {
    let mut t = app();
    t.wait_for_cases();
    let target = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .nth(137)
        .unwrap()
        .clone();
    let last = target.sort_name.split(',').next().unwrap().to_owned();
    t.type_into("Search cases", &target.name);
    // The service's answer (the offline copy may answer first): its count line matches what is
    // shown.
    t.step_until("results for the typed name", Duration::from_secs(60), |h| {
        let s = &h.state().panes.cases.search;
        let count = leasedesk::domain::format::count(s.total().max(0) as usize, "case");
        s.total() > 0
            && s.total() < 50
            && s.rows_in_order().all(|r| r.sort_name.starts_with(&last))
            && h.query_all_by_label(&count).count() > 0
    });
    t.harness.get_by_label(&target.name);
}

#[test]
fn stale_answers_do_not_overwrite_newer_ones() {
    let mut t = app();
    t.wait_for_cases();
    let names: Vec<String> = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .skip(300)
        .take(1)
        .map(|r| r.name.clone())
        .collect();
    // Type quickly: only the last text is searched once typing pauses.
    t.type_into("Search cases", "zz-no-such-person");
    for _ in 0..3 {
        t.harness.get_by_label("Search cases").type_text("");
        t.harness.step();
    }
    t.harness.get_by_label("Search cases").focus();
    t.harness.step();
    t.harness
        .key_combination_modifiers(egui::Modifiers::COMMAND, &[egui::Key::A]);
    t.harness.step();
    t.harness.get_by_label("Search cases").type_text(&names[0]);
    t.step_until("the final search", Duration::from_secs(60), |h| {
        let s = &h.state().panes.cases.search;
        s.rows_in_order().any(|r| r.name == names[0]) && s.total() < 50
    });
}

#[test]
fn open_a_resident_case_and_see_its_contracts() {
    let mut t = app();
    t.wait_for_cases();
    t.choose("Type", "Resident");
    t.step_until("residents only", Duration::from_secs(60), |h| {
        let s = &h.state().panes.cases.search;
        s.total() > 0 && s.rows_in_order().all(|r| r.kind == "Resident")
    });
    // A resident living here now (those who moved out long ago have no payments recorded).
    let nth = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .position(|r| r.status == "Moved In")
        .expect("a resident living here on the first page");
    // Keyboard: ↓ selects the first row and each ↓ the next, Enter opens it.
    for _ in 0..=nth {
        t.harness.key_press(egui::Key::ArrowDown);
        t.harness.step();
    }
    t.harness.key_press(egui::Key::Enter);
    t.step_until("the case view", Duration::from_secs(60), |h| {
        h.state().panes.cases.view.is_some()
    });
    let name = t
        .harness
        .state()
        .panes
        .cases
        .view
        .as_ref()
        .unwrap()
        .reference
        .name
        .clone();
    t.wait_for_label("Housing contracts");
    t.wait_for_text("· unit ");
    t.wait_for_text("Entrance Fee");
    assert!(t.harness.query_all_by_label(&name).count() >= 1);
}

#[test]
fn create_a_prospect_and_find_it_by_search() {
    let mut t = app();
    t.wait_for_cases();
    t.open_new_individual(true);
    t.type_into("First name", "Philippa");
    t.type_into("Last name", "Quarrington");
    t.type_into("Email", "philippa.q@example.org");
    t.check("Maple Grove Senior Living");
    t.click("Create");
    t.wait_for_text("Created, in case");
    t.click("Close");
    t.type_into("Search cases", "Quarrington");
    t.step_until(
        "the new prospect in the results",
        Duration::from_secs(60),
        |h| {
            h.state()
                .panes
                .cases
                .search
                .rows_in_order()
                .any(|r| r.name == "Philippa Quarrington")
        },
    );
    // The row is drawn in the frame after the answer is taken.
    t.wait_for_label("Philippa Quarrington");
}

#[test]
fn the_form_checks_fields_before_sending() {
    let mut t = app();
    t.wait_for_cases();
    // The lists change the form's height when they arrive; a click waits for them as a
    // person's eye would.
    t.open_new_individual(true);
    t.type_into("Email", "not-an-email");
    t.click("Create");
    t.wait_for_label("First name is required");
    t.harness.get_by_label("Last name is required");
    t.harness.get_by_label_contains("is not an email address");
    // Each problem is said aloud where it appears, the focus left where it was.
    for problem in ["First name is required", "is not an email address"] {
        assert!(
            crate::support::said_aloud(&t.harness, problem),
            "{problem} is not announced"
        );
    }
    assert_eq!(
        t.field("Email").value().as_deref(),
        Some("not-an-email"),
        "what was typed stays"
    );
}

#[test]
fn a_server_that_is_down_shows_the_error_and_keeps_the_form() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let profile = Profile {
        name: "Down".into(),
        base_url: format!("http://127.0.0.1:{port}"),
        portal_id: "4200".into(),
        ..Profile::default()
    };
    let mut t = app_with(Prefs {
        profiles: vec![profile],
        active_profile: Some("Down".into()),
        ..Prefs::default()
    });
    // The profile has no key stored, so the app sends the user to Settings to enter it.
    t.step_until("Settings, to enter the key", Duration::from_secs(30), |h| {
        h.state().nav == Nav::Settings
    });
    t.click("Edit Down");
    t.type_into("Subscription key", "some-key");
    t.click("Save and connect");
    t.click("Search");
    // The search says the service cannot be reached (as an error, or calmly when the copy
    // has answered first).
    t.step_until("the connection error", Duration::from_secs(60), |h| {
        h.query_all_by_label_contains("Could not reach the service")
            .count()
            + h.query_all_by_label_contains("cannot be reached").count()
            > 0
    });
    t.open_new_individual(false);
    t.type_into("First name", "Keep");
    t.type_into("Last name", "Mytyping");
    t.click("Create");
    // Nothing is lost: it waits in the outbox (in memory: this profile keeps no offline copy,
    // and the form says so), with what was typed still in the form.
    t.wait_for_text("Saved offline: they are created");
    t.wait_for_text("lost if LeaseDesk is closed before it is sent");
    t.wait_for_text("Outbox: 1 waiting");
    assert_eq!(t.field("First name").value().as_deref(), Some("Keep"));
    assert_eq!(t.field("Last name").value().as_deref(), Some("Mytyping"));
    let queued = t.harness.state().backend().outbox().entries();
    assert_eq!(queued[0].write.summary(), "New prospect Keep Mytyping");
}

#[test]
fn clicking_a_row_opens_its_case() {
    let mut t = app();
    t.wait_for_cases();
    let third = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .nth(2)
        .unwrap()
        .name
        .clone();
    t.click(&third);
    t.step_until("the clicked case", Duration::from_secs(60), |h| {
        h.state()
            .panes
            .cases
            .view
            .as_ref()
            .is_some_and(|v| v.reference.name == third)
    });
    t.wait_for_label("People");
    t.click("✖ Close case");
    assert!(t.harness.state().panes.cases.view.is_none());
}

#[test]
fn cases_arrive_even_when_another_pane_is_opened_first() {
    let mut t = app();
    t.click("Calendar");
    t.step_until("the calendar", Duration::from_secs(60), |h| {
        h.state().panes.calendar.activities().is_some()
    });
    t.click("Search");
    t.wait_for_cases();
    let first = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .next()
        .unwrap()
        .name
        .clone();
    t.wait_for_label(&first);
}

#[test]
fn the_case_view_shows_the_persons_agent_communities_and_activity_times() {
    use leasedesk::api::model::ActivityQuery;
    let mut t = app();
    t.wait_for_cases();
    let rows: Vec<_> = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .take(20)
        .cloned()
        .collect();
    // What the service says, read here on its own: the first person on the page with an
    // activity at a time of day (not an all-day one).
    let client = crate::support::direct_client(&t);
    let (row, timed) = rows
        .into_iter()
        .find_map(|row| {
            let activities = crate::support::block_on(client.activities(&ActivityQuery {
                individual_id: Some(row.individual_id),
                page_size: Some(500),
                ..Default::default()
            }))
            .unwrap()
            .into_vec();
            let timed = activities.into_iter().find(|a| !a.all_day)?;
            Some((row, timed))
        })
        .expect("a person with a timed activity");
    let found = crate::support::block_on(client.search(&leasedesk::api::model::SearchQuery {
        q: Some(row.name.clone()),
        page_size: Some(50),
        ..Default::default()
    }))
    .unwrap()
    .cases
    .into_vec()
    .into_iter()
    .find(|c| c.primary.case_number == row.case_number)
    .unwrap();
    let zone = chrono_tz::America::New_York;
    let at = timed
        .due_date
        .with_timezone(&zone)
        .format("%b %-d, %Y %-I:%M %P")
        .to_string();

    t.click(&row.name);
    t.wait_for_label("People");
    t.wait_for_label(&format!("Assigned to: {}", found.primary.assigned_user));
    let communities: Vec<&str> = found
        .primary
        .communities
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    t.wait_for_label(&format!("Communities: {}", communities.join(", ")));
    t.wait_for_label(&format!(
        "Created {}",
        found.primary.date_created.format("%b %-d, %Y")
    ));
    t.wait_for_label(&at);
}

#[test]
fn a_new_individual_is_assigned_to_the_chosen_agent_with_its_phone_written_out_and_opens() {
    use egui_kittest::kittest::NodeT;
    use leasedesk::api::model::UserQuery;
    let mut t = app();
    t.wait_for_cases();
    let client = crate::support::direct_client(&t);
    let users = crate::support::block_on(client.users(&UserQuery::default()))
        .unwrap()
        .into_vec();
    let me = users
        .iter()
        .find(|u| u.email == leasedesk::sandbox::DEMO_LOGIN)
        .map(|u| u.name.clone())
        .unwrap();
    let colleague = users.iter().find(|u| u.name != me).unwrap().name.clone();
    t.open_new_individual(true);
    // The agent is the user until someone else is chosen.
    t.step_until("the user as the agent", Duration::from_secs(30), |h| {
        h.query_all_by_role_and_label(egui::accesskit::Role::ComboBox, "Assigned to")
            .last()
            .and_then(|n| n.accesskit_node().value())
            .is_some_and(|v| v == me)
    });
    t.choose("Assigned to", &colleague);
    t.type_into("First name", "Ottoline");
    t.type_into("Last name", "Vandersteen");
    t.type_into("Mobile phone", "614.555.0199");
    t.type_into("Street", "");
    t.harness.run_steps(2);
    t.step_until("the phone written out", Duration::from_secs(5), |h| {
        h.state()
            .new_individual_form()
            .is_some_and(|f| f.draft.mobile_phone == "(614) 555-0199")
    });
    t.check("Maple Grove Senior Living");
    t.click("Create");
    t.wait_for_text("Created, in case");
    // The inquiry is logged next; the dialog keeps its place meanwhile.
    t.wait_for_text("Inquiry logged");
    t.until_still("Open case");
    t.click("Open case");
    t.wait_for_label("People");
    t.wait_for_label(&format!("Assigned to: {colleague}"));
    t.wait_for_label("Mobile: (614) 555-0199");
}

#[test]
fn the_stage_column_fills_from_the_store_without_opening_sales() {
    let mut t = app();
    t.wait_for_cases();
    crate::support::wait_for_filled_store(&mut t);
    t.step_until("stages in the Search table", Duration::from_secs(60), |h| {
        h.state()
            .panes
            .cases
            .search
            .rows_in_order()
            .any(|r| r.stage.is_some())
    });
    assert_eq!(t.harness.state().nav, Nav::Search, "Sales was never opened");
    // The same stages Sales works out.
    let stages = t.harness.state().panes.sales.stages().unwrap();
    for row in t.harness.state().panes.cases.search.rows_in_order() {
        assert_eq!(
            row.stage,
            stages.get(&row.case_number).copied(),
            "{}",
            row.case_number
        );
    }
}

/// The same words find the same cases online (the service's search) and from the store, also
/// where a case's people together hold the words but no one of them does.
#[test]
fn the_same_words_find_the_same_cases_online_and_offline() {
    use leasedesk::api::model::SearchQuery;
    use leasedesk::engine::StoreQuery;
    let mut t = crate::support::app();
    t.wait_connected();
    crate::support::wait_for_filled_store(&mut t);
    let client = crate::support::direct_client(&t);
    let everyone = crate::support::block_on(client.search(&SearchQuery {
        page_size: Some(4000),
        ..Default::default()
    }))
    .unwrap()
    .cases
    .into_vec();
    // A resident's first name with a relative's last name: words of two people.
    let mixed: Vec<String> = everyone
        .iter()
        .filter_map(|c| {
            let relative = c
                .relationships
                .iter()
                .find(|r| r.last_name != c.primary.last_name)?;
            Some(format!("{} {}", c.primary.first_name, relative.last_name))
        })
        .take(5)
        .collect();
    assert_eq!(mixed.len(), 5, "the demo has relatives of other names");
    let mut queries = mixed;
    queries.extend(["walter hoff", "abernathy", "mar", "614", "ruth ab"].map(String::from));
    let store = t
        .harness
        .state()
        .backend()
        .offline_copy()
        .store()
        .expect("the store is open");
    for q in &queries {
        let online: std::collections::BTreeSet<String> =
            crate::support::block_on(client.search(&SearchQuery {
                q: Some(q.clone()),
                page_size: Some(4000),
                ..Default::default()
            }))
            .unwrap()
            .cases
            .iter()
            .map(|c| c.primary.case_number.clone())
            .collect();
        let offline: std::collections::BTreeSet<String> = store
            .search(
                &StoreQuery {
                    text: q.clone(),
                    ..Default::default()
                },
                4000,
            )
            .unwrap()
            .cases
            .iter()
            .map(|c| c.primary.case_number.clone())
            .collect();
        assert_eq!(
            online, offline,
            "{q:?}: online and offline find the same cases"
        );
    }
}

/// While the service is still being asked, the offline copy's rows are a first look, said
/// calmly ("asking the service…"), not in warning colour as if the service were gone.
#[test]
fn the_copys_rows_say_the_service_is_being_asked_while_it_is() {
    use crate::faults::{self, Fault};
    let mut t = crate::support::app_with_client(crate::support::fault_options());
    t.wait_connected();
    let faults = faults::connect_through_proxy(&mut t);
    crate::support::wait_for_filled_store(&mut t);
    faults.set("GET", "/v3/Search/", Fault::Stall);
    t.type_into("Search cases", "abernathy");
    t.step_until("the copy's rows", Duration::from_secs(30), |h| {
        h.query_all_by_label_contains("from the offline copy")
            .count()
            > 0
    });
    for _ in 0..10 {
        t.harness.step();
    }
    let line = t
        .harness
        .get_by_label_contains("from the offline copy")
        .accesskit_node()
        .value()
        .or(t
            .harness
            .get_by_label_contains("from the offline copy")
            .accesskit_node()
            .label())
        .unwrap_or_default();
    assert!(line.ends_with("asking the service…"), "{line:?}");
    assert!(
        faults.asked("GET", "/v3/Search/") > 0,
        "the service was asked"
    );
}

/// The results are a table to a screen reader: its whole count (not the rows drawn), column
/// headers with the sort, and each row's place in the whole list.
#[test]
fn the_results_are_a_table_with_counts_headers_and_each_rows_place() {
    use egui::accesskit::{Role, SortDirection};
    let mut t = app();
    t.wait_for_cases();
    let total = t.harness.state().panes.cases.search.rows_in_order().count();
    assert!(total > 100, "more rows than are drawn: {total}");
    let table = t
        .harness
        .get_by(|n| n.role() == Role::Table && n.label().as_deref() == Some("Cases"));
    let data = table.accesskit_node().data();
    assert_eq!(
        data.row_count(),
        Some(total + 1),
        "the rows and the header row"
    );
    assert!(data.column_count().is_some_and(|c| c >= 4));

    let headers: Vec<_> = t
        .harness
        .query_all_by(|n| n.role() == Role::ColumnHeader)
        .map(|n| {
            let d = n.accesskit_node().data();
            (d.column_index(), d.sort_direction())
        })
        .collect();
    assert!(headers.len() >= 4, "{headers:?}");
    assert_eq!(headers[0], (Some(0), Some(SortDirection::Ascending)));
    assert!(headers[1..].iter().all(|(_, sort)| sort.is_none()));

    let rows: Vec<_> = t
        .harness
        .query_all_by(|n| n.role() == Role::Row)
        .map(|n| {
            let d = n.accesskit_node().data();
            (d.row_index(), d.position_in_set())
        })
        .collect();
    assert!(
        !rows.is_empty() && rows.len() < total,
        "a virtual list draws a few"
    );
    assert_eq!(rows[0], (Some(1), Some(0)));
    assert_eq!(rows[1], (Some(2), Some(1)));
    // The size of the set its rows are in: the whole list (AccessKit keeps it on the table).
    assert_eq!(data.size_of_set(), Some(total));

    // Sorting by a column says so on its header.
    t.click("Name ⏶");
    t.step_until(
        "sorted the other way",
        std::time::Duration::from_secs(10),
        |h| {
            h.query_all_by(|n| n.role() == Role::ColumnHeader).any(|n| {
                n.accesskit_node().data().sort_direction() == Some(SortDirection::Descending)
            })
        },
    );
}
