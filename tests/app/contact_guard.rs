//! The contact guard in the window: a family that asked to stop texts is held on this desk at
//! once (the opt-out is an activity on the case, as the service can keep it), and a call at
//! night in the family's own zone is not offered, with when it will be; at night My day offers
//! no call and a plan's step moves to the morning.

use std::time::Duration;

use egui_kittest::kittest::{NodeT, Queryable};

use leasedesk::api::model::SearchCase;
use leasedesk::domain::next_step::is_active_lead_of;
use leasedesk::ui::hand_off;

use crate::agent_day::all_leads;
use crate::outreach::{open_case, open_draft};
use crate::support::{TestApp, activities_of, app, block_on, direct_client};

fn disabled(t: &TestApp, label: &str) -> bool {
    t.harness.get_by_label(label).accesskit_node().is_disabled()
}

/// Whether each "Call…" on screen is disabled.
fn calls_disabled(t: &TestApp) -> Vec<bool> {
    t.harness
        .query_all_by_label("Call…")
        .map(|n| n.accesskit_node().is_disabled())
        .collect()
}

/// The family's words on the service for `person`, as logged.
fn words_on(client: &leasedesk::api::Client, person: i64) -> Vec<String> {
    activities_of(client, person)
        .into_iter()
        .map(|a| a.activity_name)
        .filter(|n| n.starts_with("Contact preference"))
        .collect()
}

/// Presses "Log their word" once the form can log, and waits for it to be logged.
fn log_their_word(t: &mut TestApp) {
    t.step_until("the types to log with", Duration::from_secs(60), |h| {
        !h.get_by_label("Log their word")
            .accesskit_node()
            .is_disabled()
    });
    t.click("Log their word");
    t.wait_for_text("✔ Logged on the case");
}

/// A text drafted to an active lead with a phone, on Monday at 2 pm in New York (9 am in
/// Honolulu: inside every state's window), once the guard has allowed it.
fn a_text_to_a_lead_in_the_daytime() -> (TestApp, leasedesk::api::Client, SearchCase) {
    hand_off::record_instead();
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let case: SearchCase = all_leads(&client)
        .into_iter()
        .filter(|c| is_active_lead_of(c, None))
        .find(|c| !c.primary.best_phone().trim().is_empty())
        .expect("a lead with a phone in the demo");
    t.clock.advance(chrono::Duration::hours(2 * 24 + 4));
    open_case(&mut t, &case);
    open_draft(&mut t, "Text…");
    t.step_until("the guard's answer", Duration::from_secs(60), |h| {
        !h.get_by_label("Open in messaging app")
            .accesskit_node()
            .is_disabled()
    });
    (t, client, case)
}

#[test]
fn a_family_that_asked_to_stop_texts_is_held_at_once_and_a_night_call_waits_for_their_morning() {
    let (mut t, client, case) = a_text_to_a_lead_in_the_daytime();
    let person = case.primary.individual_id;
    t.click("Asked to stop…");
    t.click("texts");
    t.type_into("How they said it:", "replied STOP");
    t.click("Log the opt-out");
    t.wait_for_text("⛔ Held: They asked: stop texting (replied STOP)");
    assert!(disabled(&t, "Open in messaging app"));
    assert!(disabled(&t, "Copy"));
    let logged = words_on(&client, person);
    assert_eq!(
        logged,
        vec!["Contact preference: stop texting — how: replied STOP".to_owned()],
        "one activity on the case says it"
    );
    t.click("Close");
    t.wait_at_rest();
    // The case says it, read back from its activities.
    t.wait_for_text(&format!("{}: no text", case.primary.individual_name));
    t.wait_for_text("⛔ stop texting (replied STOP)");
    // Search says it (the Contact column), and its filter keeps only such cases.
    t.harness
        .state_mut()
        .panes
        .cases
        .search
        .search_for(&case.primary.individual_name);
    t.click("Asked not to be contacted");
    let number = case.primary.case_number.clone();
    t.step_until(
        "the case's word in Search",
        Duration::from_secs(60),
        move |h| {
            let rows: Vec<(String, String)> = h
                .state()
                .panes
                .cases
                .search
                .rows_in_order()
                .map(|r| (r.case_number.clone(), r.contact.clone()))
                .collect();
            rows == [(number.clone(), "No texts".to_owned())]
        },
    );
    t.click("Asked not to be contacted");

    // Read back from the case in a new dialog; calls are still open in the daytime.
    open_draft(&mut t, "Text…");
    t.wait_for_text("⛔ Held: They asked: stop texting");
    assert!(disabled(&t, "Open in messaging app"));
    t.click("Close");
    t.wait_at_rest();
    open_draft(&mut t, "Call…");
    t.step_until("the call allowed", Duration::from_secs(60), |h| {
        !h.get_by_label("Call").accesskit_node().is_disabled()
    });
    t.click("Close");
    t.wait_at_rest();

    // Tuesday 3 am in New York, 10 pm in Honolulu: no state's window is open.
    t.clock.advance(chrono::Duration::hours(13));
    open_draft(&mut t, "Call…");
    t.wait_for_text("⛔ Held: It is ");
    t.wait_for_text("Allowed from Tue");
    assert!(disabled(&t, "Call"));
    assert!(disabled(&t, "Copy number"));
    // Other tests record hand-offs at the same time: this number's is looked for.
    let number = t.field("Phone number").value().unwrap_or_default();
    let digits: String = number.chars().filter(char::is_ascii_digit).collect();
    assert!(digits.len() >= 10, "{number}");
    assert!(
        !hand_off::recorded()
            .iter()
            .any(|u| u.starts_with("tel:") && u.ends_with(&digits[digits.len() - 10..])),
        "nothing was handed to the phone app"
    );
}

#[test]
fn at_night_my_day_offers_no_call_and_a_plan_step_moves_to_the_morning() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    t.step_until("who I am", Duration::from_secs(60), |h| {
        h.state().backend().connection().me().is_some()
    });
    let me = t
        .harness
        .state()
        .backend()
        .connection()
        .me()
        .unwrap()
        .user_id;
    // One of my leads with no plan and no lost record: its plan's steps are on My day.
    let case = all_leads(&client)
        .into_iter()
        .filter(|c| is_active_lead_of(c, Some(me)))
        .find(|c| {
            activities_of(&client, c.primary.individual_id)
                .iter()
                .all(|a| {
                    !a.activity_name.starts_with("Follow-up plan")
                        && !a.activity_name.starts_with("Lost lead")
                })
        })
        .expect("a lead of mine without a plan");
    open_case(&mut t, &case);
    t.step_until("the plan can start", Duration::from_secs(60), |h| {
        h.query_all_by_label("Start the plan")
            .any(|n| !n.accesskit_node().is_disabled())
    });
    t.click("Start the plan");
    // Saturday 10 am Eastern: the first call is due and offered.
    t.wait_for_text("Call · First reply · due today");

    // Sunday 2 am Eastern (11 pm on the Pacific, 9 pm in Hawaii): no window is open anywhere.
    t.clock.advance(chrono::Duration::hours(16));
    t.wait_for_text("⏸ Call · First reply · moved to Sun Nov 22");
    t.wait_for_text("⛔ It is ");
    let plan_calls = calls_disabled(&t);
    assert!(
        plan_calls.iter().any(|d| *d),
        "the step's Call… is disabled: {plan_calls:?}"
    );

    crate::agent_day::open_my_day(&mut t);
    let number = case.primary.case_number.clone();
    t.step_until(
        "the step held on My day",
        Duration::from_secs(60),
        move |h| {
            h.state()
                .panes
                .calendar
                .next_step
                .rows
                .state
                .value()
                .is_some_and(|w| {
                    w.plan_steps
                        .iter()
                        .any(|s| s.case_number == number && !s.holds.is_empty())
                })
        },
    );
    t.wait_for_text("moved to Sun Nov 22, 8:00 am (your time)");
    // Not one call is offered on My day at this hour; each says until when.
    let calls = calls_disabled(&t);
    assert!(!calls.is_empty());
    assert!(calls.iter().all(|d| *d), "{calls:?}");
    // Said once above the lists, for every row alike.
    t.wait_for_text("⛔ Calls and texts wait until Sun Nov 22, 8:00 am (your time): It is");
    // Email is not held by the clock.
    assert!(
        t.harness
            .query_all_by_label("Email…")
            .any(|n| !n.accesskit_node().is_disabled())
    );
}

#[test]
fn a_director_narrows_the_calling_hours_and_the_guard_keeps_to_them() {
    let mut t = app();
    t.wait_connected();
    t.click("Settings");
    t.scroll_into_view("Set the hours");
    // At 1000 wide the states' table keeps to the window: each source is cut to the room left
    // (whole on hover), Rhode Island's Saturday hours said.
    t.harness.set_size(egui::vec2(1000.0, 650.0));
    t.scroll_into_view("Edit the table…");
    t.wait_for_text("Sat 10:00 am–5:00 pm");
    let sources: Vec<egui::Rect> = t
        .harness
        .query_all_by_label_contains("dropcowboy.com")
        .map(|n| n.rect())
        .collect();
    assert!(!sources.is_empty());
    assert!(
        sources.iter().all(|r| r.right() <= 1000.0),
        "a source runs off the window: {sources:?}"
    );
    t.harness.set_size(egui::vec2(1360.0, 840.0));
    t.scroll_into_view("Set the hours");
    // Wider than the law: refused beside the form, the typing kept.
    t.replace_text("Calls and texts start at", "07:00");
    t.click("Set the hours");
    t.wait_for_text("never widen it");
    assert_eq!(
        t.field("Calls and texts start at").value().as_deref(),
        Some("07:00")
    );
    assert_eq!(t.harness.state().prefs().lead_rules.calling.narrowed, None);
    t.replace_text("Calls and texts start at", "09:00");
    t.replace_text("and end by", "13:00");
    t.click("Set the hours");
    t.step_until("the hours set", Duration::from_secs(10), |h| {
        h.state().prefs().lead_rules.calling.narrowed == Some((9 * 60, 13 * 60))
    });
    // A table row wider than the law is not applied; the text stays.
    t.click("Edit the table…");
    let text = t.field("The states' table:").value().unwrap_or_default();
    assert!(text.starts_with("state,opens,closes"), "{text}");
    let bad = format!("{text}TX,06:00,21:00,,,,a blog,2026-11-28\n");
    t.replace_text("The states' table:", &bad);
    t.scroll_into_view("Apply the table");
    t.click("Apply the table");
    t.wait_for_text("Not applied: line");
    assert_eq!(
        t.field("The states' table:").value().as_deref(),
        Some(bad.as_str())
    );
    assert_eq!(t.harness.state().prefs().lead_rules.calling.table, None);
    t.click("Cancel");

    // Monday 2 pm in New York: inside the law's hours everywhere, past the director's.
    let client = direct_client(&t);
    let case: SearchCase = all_leads(&client)
        .into_iter()
        .filter(|c| is_active_lead_of(c, None))
        .find(|c| !c.primary.best_phone().trim().is_empty())
        .expect("a lead with a phone in the demo");
    t.clock.advance(chrono::Duration::hours(2 * 24 + 4));
    t.click("Search");
    open_case(&mut t, &case);
    open_draft(&mut t, "Call…");
    t.wait_for_text("calls are allowed 9:00 am–1:00 pm there");
    assert!(disabled(&t, "Call"));
}

#[test]
fn a_director_gives_one_community_its_state_and_hours_and_only_its_calls_keep_to_them() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let leads: Vec<SearchCase> = all_leads(&client)
        .into_iter()
        .filter(|c| is_active_lead_of(c, None))
        .filter(|c| !c.primary.best_phone().trim().is_empty())
        .collect();
    let community = |c: &SearchCase| {
        c.primary
            .communities
            .first()
            .map(|c| (c.id, c.name.clone()))
    };
    let here = leads
        .iter()
        .find(|c| community(c).is_some())
        .expect("a lead with a community");
    let (id, name) = community(here).unwrap();
    let elsewhere = leads
        .iter()
        .find(|c| community(c).is_some_and(|(other, _)| other != id))
        .expect("a lead of another community in the demo");
    t.click("Settings");
    t.scroll_into_view("Set for this community");
    t.choose("For the community", &name);
    // A state that is none: refused beside the form, the typing kept, nothing set.
    t.replace_text("State", "ZZ");
    t.replace_text("Its calls start at", "10:00");
    t.replace_text("its calls end by", "12:00");
    t.click("Set for this community");
    t.wait_for_text("State must be a two-letter postal code");
    assert_eq!(t.field("State").value().as_deref(), Some("ZZ"));
    assert!(
        t.harness
            .state()
            .prefs()
            .lead_rules
            .calling
            .communities
            .is_empty()
    );
    t.replace_text("State", "fl");
    t.click("Set for this community");
    t.step_until("the community's rules set", Duration::from_secs(10), |h| {
        h.state()
            .prefs()
            .lead_rules
            .calling
            .communities
            .get(&id)
            .is_some_and(|c| c.state.as_deref() == Some("FL") && c.hours == Some((600, 720)))
    });
    t.wait_for_text("10:00 am–12:00 pm");

    // Monday 2 pm in New York: past this community's noon, inside every other's hours.
    t.clock.advance(chrono::Duration::hours(2 * 24 + 4));
    t.click("Search");
    open_case(&mut t, here);
    open_draft(&mut t, "Call…");
    t.wait_for_text("calls are allowed 10:00 am–12:00 pm there");
    assert!(disabled(&t, "Call"));
    t.click("Close");
    t.click("Search");
    open_case(&mut t, elsewhere);
    open_draft(&mut t, "Call…");
    t.step_until(
        "the other community's call allowed",
        Duration::from_secs(60),
        |h| !h.get_by_label("Call").accesskit_node().is_disabled(),
    );
}

#[test]
fn a_word_recorded_on_the_case_holds_at_once_and_a_later_consent_lifts_one_channel() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let case: SearchCase = all_leads(&client)
        .into_iter()
        .filter(|c| is_active_lead_of(c, None))
        .filter(|c| c.relationships.is_empty())
        .find(|c| {
            activities_of(&client, c.primary.individual_id)
                .iter()
                .all(|a| !a.activity_name.starts_with("Contact preference"))
        })
        .expect("a lead on their own with no word recorded");
    let person = case.primary.individual_id;
    let name = case.primary.individual_name.clone();
    // Monday 2 pm in New York: only their word can hold an email.
    t.clock.advance(chrono::Duration::hours(2 * 24 + 4));
    open_case(&mut t, &case);
    t.wait_for_text("None recorded.");
    t.click("Record their word…");
    t.choose("Channel", "all contact");
    t.type_into("How they said it", "asked on a call");
    t.wait_for_text(
        "Logs “Contact preference: stop all contact — how: asked on a call” on the case.",
    );
    log_their_word(&mut t);
    t.wait_for_text(&format!("{name}: no email, text, call, letter"));
    let logged = words_on(&client, person);
    assert_eq!(
        logged,
        ["Contact preference: stop all contact — how: asked on a call"]
    );
    open_draft(&mut t, "Email…");
    t.wait_for_text("⛔ Held: They asked: stop all contact (asked on a call)");
    t.click("Close");
    t.wait_at_rest();

    // A minute later they agree to emails again: only emails are lifted.
    t.clock.advance(chrono::Duration::minutes(1));
    t.click("Record their word…");
    t.click("agreed to");
    t.choose("Channel", "emails");
    t.type_into("How they said it", "by email");
    log_their_word(&mut t);
    t.wait_for_text(&format!("{name}: no text, call, letter"));
    // The email is not held (the person's address is typed in the dialog: Search does not give
    // it); a text still is.
    open_draft(&mut t, "Email…");
    t.step_until("the guard's answer", Duration::from_secs(60), |h| {
        h.query_all_by_label_contains("Checking the family's wishes")
            .count()
            == 0
    });
    t.wait_at_rest();
    assert_eq!(t.harness.query_all_by_label_contains("⛔ Held").count(), 0);
    t.click("Close");
    t.wait_at_rest();
    open_draft(&mut t, "Text…");
    t.wait_for_text("⛔ Held: They asked: stop all contact (asked on a call)");
}

#[test]
fn a_call_s_outcome_can_record_that_they_asked_to_stop_calls() {
    let mut t = app();
    t.wait_connected();
    crate::agent_day::open_my_day(&mut t);
    t.step_until("the new leads", Duration::from_secs(60), |h| {
        !h.state().panes.calendar.next_step.new_leads().is_empty()
    });
    let lead = t.harness.state().panes.calendar.next_step.new_leads()[0].clone();
    t.click_first("Log first contact…");
    t.wait_for_text(&format!("Log outcome · {}", lead.name));
    t.click("Record their word…");
    t.type_into("How they said it", "on the call");
    t.wait_for_text("Logs “Contact preference: stop calling — how: on the call” on the case.");
    log_their_word(&mut t);
    let client = direct_client(&t);
    let words = words_on(&client, lead.individual_id);
    assert_eq!(
        words,
        ["Contact preference: stop calling — how: on the call"]
    );
    // The outcome itself is still to be saved: nothing else was written.
    assert!(
        !t.harness
            .query_all_by_label("Save outcome and next step")
            .chain(t.harness.query_all_by_label("Save outcome"))
            .all(|n| n.accesskit_node().is_disabled())
    );
}

/// A message already open when a colleague logs the family's "stop" at their desk: the sync
/// that brings the colleague's activity tells the open dialog (as it tells a pane), which
/// holds the message from then on; what was typed stays.
#[test]
fn a_colleagues_opt_out_holds_a_message_already_open_once_the_sync_brings_it() {
    use leasedesk::api::model::{NewActivity, TypeList, TypeQuery};
    use leasedesk::domain::contact::{Action, Scope, preference};
    use leasedesk::domain::outreach::Channel;

    let (mut t, client, case) = a_text_to_a_lead_in_the_daytime();
    let person = case.primary.individual_id;
    t.type_into("Message", " See you Thursday.");
    let typed = t.field("Message").value().unwrap_or_default();

    // At another desk, a colleague logs that the family asked to stop texts.
    let types = block_on(client.types(&TypeQuery::list(TypeList::ACTIVITY_TYPE))).unwrap();
    let at = t.clock.now().fixed_offset();
    let said = preference::description(
        Action::OptOut,
        Scope::Only(Channel::Text),
        "told Sam at the front desk",
    );
    block_on(client.create_activities(vec![NewActivity {
        individual_id: Some(person),
        description: Some(said),
        date_completed: Some(at),
        ..NewActivity::new(types[0].id, at)
    }]))
    .unwrap();
    assert!(
        !disabled(&t, "Open in messaging app"),
        "before the sync this desk does not know"
    );

    crate::team::next_sync(&mut t);
    t.wait_for_text("⛔ Held: They asked: stop texting (told Sam at the front desk)");
    assert!(disabled(&t, "Open in messaging app"));
    assert!(disabled(&t, "Copy"));
    assert_eq!(
        t.field("Message").value().unwrap_or_default(),
        typed,
        "what was typed stays"
    );
}

/// `outreach due` on a second desk answers from that desk's offline copy once one sync has
/// filled it, and holds a person whose opt-out another desk logged before that sync; its rows
/// are the service's read, row for row.
#[test]
fn outreach_due_answers_from_another_desks_copy_after_one_sync_with_the_opt_out_held() {
    use leasedesk::cli::outreach::{DueArgs, FromCopy, due_from_copy};
    use leasedesk::domain::contact::{Action, Scope};
    use leasedesk::domain::contact_story::ContactRule;
    use leasedesk::domain::outreach::Channel;

    let mut t = crate::support::Setup {
        keyring: true,
        ..crate::support::Setup::default()
    }
    .start();
    t.wait_connected();
    let direct = direct_client(&t);
    let connection = crate::support::sandbox_connection(&t);
    let at = t.clock.now();
    let rule = ContactRule {
        rules: Default::default(),
        zone: chrono_tz::America::New_York,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    // Desk A: a family due a first call says to stop calling.
    let before = runtime
        .block_on(leasedesk::service::outreach::due_at(&direct, at, &rule))
        .unwrap();
    let chosen = before
        .iter()
        .find(|r| r.allowed && r.what == "first reply")
        .expect("a first call due and allowed in the demo")
        .clone();
    runtime
        .block_on(leasedesk::cli::contact::opt_out(
            leasedesk::cli::Connected {
                client: direct.clone(),
                label: "desk A".into(),
                _sandbox: None,
            },
            leasedesk::cli::contact::OptOutArgs {
                action: Action::OptOut,
                case: chosen.case_number.clone(),
                scope: Scope::Only(Channel::Call),
                how: "asked on the phone".into(),
                at,
                person: Some(chosen.individual_id),
                zone: rule.zone,
            },
        ))
        .unwrap();

    // Desk B: its own data folder and copy, filled by one sync.
    let desk_b = tempfile::tempdir().unwrap();
    let args = DueArgs {
        at,
        rule: rule.clone(),
    };
    let copy = FromCopy {
        data_dir: desk_b.path().to_path_buf(),
        profile: "Desk B".into(),
        connection,
        login: None,
        secrets: std::sync::Arc::new(leasedesk::engine::secrets::SecretStore::detect()),
    };
    let answer = runtime
        .block_on(due_from_copy(copy, &args))
        .unwrap()
        .expect("the copy answers once filled");
    let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
    assert!(
        answer["source"]
            .as_str()
            .unwrap()
            .starts_with("offline copy of Desk B"),
        "{}",
        answer["source"]
    );
    let row = answer["due"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["case_number"] == chosen.case_number.as_str() && r["what"] == "first reply")
        .expect("the lead is still due a first reply");
    assert_eq!(row["allowed"], false, "{row}");
    assert!(
        row["reason"].as_str().unwrap().contains("stop calling"),
        "{row}"
    );
    // Row for row what the service's read says now.
    let after = runtime
        .block_on(leasedesk::service::outreach::due_at(&direct, at, &rule))
        .unwrap();
    assert_eq!(
        answer["due"],
        serde_json::to_value(&after).unwrap(),
        "the copy and the service disagree"
    );
    assert_eq!(answer["held"], after.iter().filter(|r| !r.allowed).count());
}
