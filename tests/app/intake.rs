//! Intake: a walk-in typed with the name and phone of a person already known in another
//! community is shown as known, with how their case first came, and their case opens instead.

use std::time::Duration;

use leasedesk::api::model::{ActivityQuery, IndividualType, SearchQuery};

use crate::support::{app, block_on, direct_client};

const WAIT: Duration = Duration::from_secs(120);

#[test]
fn a_walk_in_already_known_elsewhere_shows_the_match_and_its_earliest_source() {
    let mut t = app();
    t.wait_for_cases();
    let client = direct_client(&t);
    let (known, first, source) = known_prospect(&client);
    let p = &known.primary;

    t.open_new_individual(true);
    t.type_into("First name", &p.first_name);
    t.type_into("Last name", &p.last_name);
    // Typed the way a person reads it out, not as the service writes it.
    let digits: String = p
        .home_phone_format
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    t.type_into("Home phone", &digits);
    t.wait_for_text("Possibly known already");
    let day = first.due_date.format("%b %-d, %Y").to_string();
    t.wait_for_text(&format!(
        "known since {day} via {source} at {}",
        first.community.name
    ));
    t.wait_for_text("same phone");
    // Now they come through the placement agency, a paid source (the default in Settings).
    t.choose("Market source", "Placement agency");
    let warning = format!(
        "Known since {day} via {source} at {}: a referral fee may not be owed",
        first.community.name
    );
    t.wait_for_text(&warning);
    t.click(&format!("Open case {}", p.case_number));
    t.step_until("their case open instead", WAIT, |h| {
        h.state()
            .panes
            .cases
            .view
            .as_ref()
            .is_some_and(|v| v.case_number() == p.case_number)
    });
}

/// A known prospect with a phone and a source other than the placement agency, their first
/// completed activity and their source, from the service's reads.
fn known_prospect(
    client: &leasedesk::api::Client,
) -> (
    leasedesk::api::model::SearchCase,
    leasedesk::api::model::Activity,
    String,
) {
    let prospects = block_on(client.search(&SearchQuery {
        individual_type_id: Some(IndividualType::Prospect),
        page_size: Some(300),
        ..Default::default()
    }))
    .unwrap()
    .cases
    .into_vec();
    prospects
        .iter()
        .filter(|c| !c.primary.home_phone_format.is_empty() && !c.primary.communities.is_empty())
        .find_map(|c| {
            let mut theirs = block_on(client.activities(&ActivityQuery {
                individual_id: Some(c.primary.individual_id),
                page_size: Some(500),
                ..Default::default()
            }))
            .unwrap()
            .into_vec();
            theirs.sort_by_key(|a| a.due_date);
            let first = theirs.iter().find(|a| a.completed)?.clone();
            let source = theirs
                .iter()
                .find_map(|a| a.market_source.clone().filter(|s| !s.is_empty()))
                .filter(|s| s != "Placement agency")?;
            Some((c.clone(), first, source))
        })
        .expect("a known prospect with a phone and a source")
}

#[test]
fn the_store_finds_a_known_person_with_names_swapped_and_how_their_case_first_came() {
    use leasedesk::domain::duplicates::{Probe, Why};
    let mut t = crate::support::Setup::default().start();
    t.wait_connected();
    crate::support::wait_for_filled_store(&mut t);
    let client = direct_client(&t);
    let case = block_on(client.search(&SearchQuery {
        individual_type_id: Some(IndividualType::Prospect),
        page_size: Some(50),
        ..Default::default()
    }))
    .unwrap()
    .cases
    .into_vec()
    .into_iter()
    .nth(7)
    .unwrap();
    let p = &case.primary;
    let backend = t.harness.state().backend().clone();
    let probe = Probe {
        first_name: p.last_name.clone(),
        last_name: p.first_name.clone(),
        ..Probe::default()
    };
    let found = block_on(backend.possible_duplicates(client.clone(), probe)).unwrap();
    let known = found
        .iter()
        .find(|k| k.matched.individual_id == p.individual_id)
        .expect("found with first and last name swapped");
    assert_eq!(known.matched.why, vec![Why::SwappedName]);
    let mut theirs = block_on(client.activities(&ActivityQuery {
        individual_id: Some(p.individual_id),
        page_size: Some(500),
        ..Default::default()
    }))
    .unwrap()
    .into_vec();
    theirs.sort_by_key(|a| a.due_date);
    let first = theirs.iter().find(|a| a.completed).unwrap();
    let contact = known.first.as_ref().expect("their first contact");
    assert_eq!(contact.at, first.due_date);
    assert_eq!(contact.community, first.community.name);
}

#[test]
fn a_paid_referral_of_someone_known_before_is_saved_with_the_evidence_in_its_inquiry() {
    let mut t = app();
    t.wait_for_cases();
    let client = direct_client(&t);
    let (case, _, _) = known_prospect(&client);
    let p = &case.primary;
    t.open_new_individual(true);
    t.type_into("First name", &p.first_name);
    t.type_into("Last name", &p.last_name);
    t.type_into("Home phone", &p.home_phone_format);
    t.choose("Market source", "Placement agency");
    t.wait_for_text("a referral fee may not be owed");
    t.click("Create");
    t.step_until("created, with its inquiry", WAIT, |h| {
        h.state()
            .new_individual_form()
            .is_some_and(|f| f.created().is_some())
    });
    let created = t
        .harness
        .state()
        .new_individual_form()
        .unwrap()
        .created()
        .unwrap()
        .individuals[0]
        .clone();
    // The inquiry on the service carries both dates and sources.
    t.step_until("the inquiry logged", WAIT, |_| {
        block_on(client.activities(&ActivityQuery {
            individual_id: Some(created.individual_id),
            ..Default::default()
        }))
        .unwrap()
        .into_vec()
        .iter()
        .any(|a| a.activity_name.contains("Referral check:"))
    });
    let inquiry = block_on(client.activities(&ActivityQuery {
        individual_id: Some(created.individual_id),
        ..Default::default()
    }))
    .unwrap()
    .into_vec()
    .into_iter()
    .find(|a| a.activity_name.contains("Referral check:"))
    .unwrap();
    assert!(
        inquiry.activity_name.contains("via Placement agency"),
        "{}",
        inquiry.activity_name
    );
    assert!(
        inquiry
            .activity_name
            .contains(&format!("(case {})", p.case_number)),
        "{}",
        inquiry.activity_name
    );
}

#[test]
fn letters_typed_in_the_same_frame_as_tab_go_to_the_next_field() {
    let mut t = app();
    t.wait_for_cases();
    t.open_new_individual(false);
    t.type_into("First name", "Hortensia");
    let tab = |pressed| egui::Event::Key {
        key: egui::Key::Tab,
        physical_key: None,
        pressed,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    };
    // A fast typist on a busy frame: Tab and the next name arrive together, then Tab and the
    // email.
    t.send_in_one_frame(vec![
        tab(true),
        tab(false),
        egui::Event::Text("Quillfeather".into()),
        tab(true),
        tab(false),
        egui::Event::Text("hortensia.q@example.com".into()),
    ]);
    assert_eq!(t.field("First name").value().as_deref(), Some("Hortensia"));
    assert_eq!(
        t.field("Last name").value().as_deref(),
        Some("Quillfeather")
    );
    assert_eq!(
        t.field("Email").value().as_deref(),
        Some("hortensia.q@example.com")
    );
}
