//! The agent's outreach in the window: a message drafted from a template merged with the case,
//! handed to the mail or phone app (a test hook stands in for the operating system), and
//! logged as exactly one activity when the user says it went; a director's template edited in
//! Settings is the one the next message starts from, and a field the case lacks holds the
//! message back until it is written in.

use std::time::Duration;

use egui_kittest::kittest::{NodeT, Queryable};

use leasedesk::api::Client;
use leasedesk::api::model::{Activity, SearchCase, SearchIndividual};
use leasedesk::domain::next_step::is_active_lead_of;
use leasedesk::ui::hand_off;

use crate::agent_day::all_leads;
use crate::support::{TestApp, activities_of, app, block_on, direct_client};

/// A lead with a relative whose email is on the case (the message goes to them).
fn lead_with_emailed_relative(client: &Client) -> (SearchCase, SearchIndividual) {
    all_leads(client)
        .into_iter()
        .filter(|c| is_active_lead_of(c, None))
        .find_map(|c| {
            let relative = c
                .relationships
                .iter()
                .find(|r| r.email.as_deref().is_some_and(|e| e.contains('@')))
                .cloned()?;
            Some((c, relative))
        })
        .expect("a lead with a relative's email in the demo")
}

/// An active lead whose activities pass `fits`.
pub(crate) fn lead_whose(
    client: &Client,
    what: &str,
    fits: impl Fn(&[Activity]) -> bool,
) -> SearchCase {
    all_leads(client)
        .into_iter()
        .filter(|c| is_active_lead_of(c, None))
        .find(|c| fits(&activities_of(client, c.primary.individual_id)))
        .unwrap_or_else(|| panic!("a lead {what} in the demo"))
}

pub(crate) fn open_case(t: &mut TestApp, case: &SearchCase) {
    t.open_found_case(&case.primary.individual_name, &case.primary.case_number);
    t.wait_for_label("Email…");
}

pub(crate) fn open_draft(t: &mut TestApp, button: &str) {
    t.click(button);
    t.step_until("the message drafted", Duration::from_secs(60), |h| {
        h.state().outreach_form().is_some_and(|f| f.drafted())
    });
    t.wait_at_rest();
}

#[test]
fn an_email_and_a_call_are_handed_over_merged_and_each_logged_once() {
    hand_off::record_instead();
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let (case, relative) = lead_with_emailed_relative(&client);
    let lead = case.primary.individual_id;
    let email = relative.email.clone().unwrap();
    let before = activities_of(&client, lead).len();
    open_case(&mut t, &case);

    open_draft(&mut t, "Email…");
    // To the lead themself it says "you"; to a relative it names them.
    let to_them = t.field("Message").value().unwrap_or_default();
    assert!(
        to_them.starts_with(&format!("Dear {},", case.primary.individual_name))
            && to_them.contains("getting in touch about you."),
        "{to_them:?}"
    );
    let role = relative
        .relationship_type
        .clone()
        .unwrap_or_else(|| relative.individual_type.clone());
    t.choose("To", &format!("{} ({role})", relative.individual_name));
    t.wait_at_rest();
    assert_eq!(
        t.field("Email address").value().as_deref(),
        Some(email.as_str())
    );
    let message = t.field("Message").value().unwrap_or_default();
    assert!(
        message.starts_with(&format!("Dear {},", relative.individual_name)),
        "merged with the contact's name: {message:?}"
    );
    assert!(
        message.contains(&case.primary.individual_name),
        "{message:?}"
    );
    assert!(
        message.contains("Dana Whitfield"),
        "the agent signs: {message:?}"
    );
    t.click("Open in mail app");
    t.wait_for_text("Handed to your app");
    let handed: Vec<String> = hand_off::recorded()
        .into_iter()
        .filter(|u| u.starts_with(&format!("mailto:{email}?")))
        .collect();
    assert_eq!(handed.len(), 1, "{handed:?}");
    let first = relative.individual_name.split(' ').next().unwrap();
    assert!(handed[0].contains("subject=Thank%20you%20for%20asking%20about%20"));
    assert!(
        handed[0].contains(&format!("Dear%20{first}")),
        "{}",
        handed[0]
    );
    assert_eq!(
        activities_of(&client, lead).len(),
        before,
        "nothing logged before Sent"
    );

    t.click("Sent");
    t.wait_for_text("✔ Logged on the case as Email Out");
    // Spent: the dialog offers only to correct a slip, and to close.
    t.wait_at_rest();
    assert!(t.harness.query_by_label("Sent").is_none());
    assert!(t.harness.query_by_label("Logged by mistake…").is_some());
    let after = activities_of(&client, lead);
    assert_eq!(after.len(), before + 1, "exactly one activity");
    let logged = after
        .iter()
        .find(|a| a.activity_type.as_deref() == Some("Email Out") && a.completed)
        .filter(|a| {
            a.notes.iter().flatten().any(|n| {
                n.message
                    .contains(&format!("Email to {} ({email})", relative.individual_name))
                    && n.message
                        .contains(&message.lines().next().unwrap().to_owned())
            })
        });
    assert!(logged.is_some(), "the message is the note of an Email Out");
    t.click("Done");
    t.wait_at_rest();

    // A call: dialled through the phone app, its outcome logged once as a Call Out.
    open_draft(&mut t, "Call…");
    let number = t.field("Phone number").value().unwrap_or_default();
    t.click("Call");
    t.wait_for_text("Dialling in your phone app");
    let digits: String = number.chars().filter(char::is_ascii_digit).collect();
    assert!(
        hand_off::recorded()
            .iter()
            .any(|u| u == &format!("tel:+1{}", &digits[digits.len() - 10..])),
        "the number handed to the phone app: {number}"
    );
    t.click("Voicemail");
    t.wait_for_text("✔ Logged on the case as Call Out, result: Left message (activity ");
    t.wait_at_rest();
    assert!(t.harness.query_by_label("No answer").is_none(), "spent");
    let after = activities_of(&client, lead);
    assert_eq!(after.len(), before + 2, "one more: the call");
    assert!(
        after
            .iter()
            .any(|a| a.activity_type.as_deref() == Some("Call Out")
                && a.result_name == "Left message"
                && a.notes
                    .iter()
                    .flatten()
                    .any(|n| n.message.contains(": Voicemail"))),
        "the call's outcome is its result and in its note"
    );
}

#[test]
fn a_template_edited_in_settings_is_merged_and_a_missing_field_holds_the_message() {
    hand_off::record_instead();
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    // A lead with no tour: the subject's {tour_day} has nothing to fill it.
    let case = lead_whose(&client, "without a tour", |activities| {
        !activities
            .iter()
            .any(|a| a.activity_type.as_deref() == Some("Tour"))
    });
    t.click("Settings");
    t.scroll_into_view("Outreach templates");
    t.replace_text("Subject", "Visit {community}, {person_first}: {tour_day}?");
    t.wait_at_rest();
    let kept = t
        .harness
        .state()
        .prefs()
        .templates
        .find(
            None,
            leasedesk::domain::outreach::Purpose::FirstReply,
            leasedesk::domain::outreach::Channel::Email,
            leasedesk::domain::outreach::Language::English,
        )
        .map(|t| t.subject.clone());
    assert_eq!(
        kept.as_deref(),
        Some("Visit {community}, {person_first}: {tour_day}?")
    );

    t.click("Search");
    open_case(&mut t, &case);
    open_draft(&mut t, "Email…");
    let first = case.primary.individual_name.split(' ').next().unwrap();
    let subject = t.field("Subject").value().unwrap_or_default();
    assert!(subject.contains(&format!(", {first}: ")), "{subject:?}");
    {
        assert!(subject.ends_with("[tour day?]?"), "{subject:?}");
        t.wait_for_text("Not on this case: [tour day?]");
        t.click_button("Sent");
        t.wait_at_rest();
        assert!(
            !t.harness.state().outreach_form().unwrap().logged(),
            "a message with a gap is not logged"
        );
        t.replace_text("Subject", &subject.replace("[tour day?]", "this week"));
        t.wait_at_rest();
        assert_eq!(
            t.harness
                .query_all_by_label_contains("Not on this case")
                .count(),
            0,
            "the gap is written in"
        );
    }
}

#[test]
fn a_plan_started_on_a_case_shows_its_steps_and_skips_them_once_the_family_answers() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    // An active lead with no plan and no lost record.
    let case = lead_whose(&client, "without a plan", |activities| {
        activities.iter().all(|a| {
            !a.activity_name.starts_with("Follow-up plan")
                && !a.activity_name.starts_with("Lost lead")
        })
    });
    let lead = case.primary.individual_id;
    open_case(&mut t, &case);
    t.wait_for_label("Start the plan");
    t.step_until(
        "the type lists for the plan",
        Duration::from_secs(60),
        |h| {
            h.query_all_by_label("Start the plan")
                .any(|n| !n.accesskit_node().is_disabled())
        },
    );
    t.click("Start the plan");
    // Saturday Nov 21 is a business day (Monday to Saturday): the first steps are due today.
    t.wait_for_text("New lead, started Sat Nov 21");
    t.wait_for_text("Call · First reply · due today");
    t.wait_for_text("Email · First reply · due today");
    t.wait_for_text("Call · No answer · Mon Nov 23");
    let markers: Vec<Activity> = activities_of(&client, lead)
        .into_iter()
        .filter(|a| a.activity_name == "Follow-up plan started: New lead")
        .collect();
    assert_eq!(markers.len(), 1, "the start is one activity on the service");
    assert!(markers[0].completed);

    // The daughter writes back: every step left is skipped.
    let types = block_on(client.types(&leasedesk::api::model::TypeQuery::list(
        leasedesk::api::model::TypeList::ACTIVITY_TYPE,
    )))
    .unwrap();
    let email_in = types
        .iter()
        .find(|t| t.master_id == leasedesk::api::model::ActivityTypeMaster::EmailIn.code())
        .unwrap()
        .id;
    let at = (t.clock.now() + chrono::Duration::minutes(1)).fixed_offset();
    block_on(
        client.create_activities(vec![leasedesk::api::model::NewActivity {
            individual_id: Some(lead),
            description: Some("Re: your inquiry".into()),
            date_completed: Some(at),
            ..leasedesk::api::model::NewActivity::new(email_in, at)
        }]),
    )
    .unwrap();
    t.click("Refresh");
    t.wait_for_text("Call · First reply · skipped: Email In");
    assert_eq!(
        t.harness.query_all_by_label_contains("due today").count(),
        0,
        "nothing is due once the family answered"
    );

    t.click("Stop the plan");
    t.wait_for_label("Start the plan");
    assert!(
        activities_of(&client, lead)
            .iter()
            .any(|a| a.activity_name == "Follow-up plan stopped: New lead"),
        "the stop is an activity on the service"
    );
}

/// A new lead nobody has reached out to, with no email address on the case.
fn waiting_lead_without_email(t: &TestApp) -> leasedesk::domain::next_step::NewLead {
    let client = direct_client(t);
    t.harness
        .state()
        .panes
        .calendar
        .next_step
        .new_leads()
        .iter()
        .find(|l| {
            all_leads(&client).iter().any(|c| {
                c.primary.case_number == l.case_number
                    && c.primary
                        .email
                        .as_deref()
                        .is_none_or(|e| e.trim().is_empty())
                    && c.relationships.is_empty()
            })
        })
        .cloned()
        .expect("a new lead waiting, with no email on the case")
}

#[test]
fn sent_waits_for_a_hand_off_a_typed_address_is_kept_and_a_slip_is_corrected() {
    hand_off::record_instead();
    let mut t = app();
    t.wait_connected();
    crate::agent_day::open_my_day(&mut t);
    t.step_until("the new leads", Duration::from_secs(60), |h| {
        !h.state().panes.calendar.next_step.new_leads().is_empty()
    });
    let lead = waiting_lead_without_email(&t);
    let client = direct_client(&t);
    let before = activities_of(&client, lead.individual_id).len();
    t.click("Search");
    t.search_and_open(&lead.name, &lead.case_number);
    open_draft(&mut t, "Email…");
    let form = |t: &TestApp| t.harness.state().outreach_form().unwrap().handed_now();
    // No address, nothing handed: Sent is not offered, and says why.
    assert!(
        t.harness
            .get_by_label("Sent")
            .accesskit_node()
            .is_disabled()
    );
    t.type_into("Email address", "not an address");
    t.click("Copy");
    t.wait_for_text("Copied, but");
    assert!(
        t.harness
            .get_by_label("Sent")
            .accesskit_node()
            .is_disabled(),
        "no valid address"
    );
    t.replace_text("Email address", "family.new@example.org");
    t.wait_at_rest();
    assert!(
        t.harness
            .get_by_label("Sent")
            .accesskit_node()
            .is_disabled(),
        "typed, not handed yet"
    );
    t.click("Open in mail app");
    t.wait_for_text("Handed to your app");
    assert!(form(&t));
    assert!(
        !t.harness
            .get_by_label("Sent")
            .accesskit_node()
            .is_disabled()
    );
    // A change after the hand-off: handed again before it can be logged.
    let message = t.field("Message").value().unwrap_or_default();
    t.replace_text("Message", &format!("{message} PS."));
    t.wait_at_rest();
    assert!(
        t.harness
            .get_by_label("Sent")
            .accesskit_node()
            .is_disabled(),
        "changed since handed"
    );
    t.click("Copy");
    t.wait_for_text("Copied: paste it");
    t.click("Sent");
    t.wait_for_text("✔ Logged on the case as Email Out");
    assert_eq!(activities_of(&client, lead.individual_id).len(), before + 1);
    let case = lead.case_number.clone();
    t.step_until("the lead reached", Duration::from_secs(60), move |h| {
        !h.state()
            .panes
            .calendar
            .next_step
            .new_leads()
            .iter()
            .any(|l| l.case_number == case)
    });

    // It did not go after all: a correction, and the lead waits for its first contact again.
    t.click("Logged by mistake…");
    t.click("Log the correction");
    t.wait_for_text("✔ Correction logged");
    let after = activities_of(&client, lead.individual_id);
    assert_eq!(
        after.len(),
        before + 2,
        "the Email Out stays; a note says it did not go"
    );
    assert!(
        after
            .iter()
            .any(|a| a.activity_name.starts_with("Logged by mistake"))
    );
    let case = lead.case_number.clone();
    t.step_until(
        "the lead waiting again",
        Duration::from_secs(60),
        move |h| crate::support::a_new_lead(h, |l| l.case_number == case),
    );
    t.click("Done");
    t.wait_at_rest();
    // The case still lists the Email Out (the service keeps it), marked as the slip it was.
    t.wait_for_text("✖ Logged by mistake");

    // The address typed is kept on this desk: said on the case, offered in the next message.
    t.wait_for_text("Typed on this desk");
    t.wait_for_text("family.new@example.org (typed in a message on");
    open_draft(&mut t, "Email…");
    assert_eq!(
        t.field("Email address").value().as_deref(),
        Some("family.new@example.org")
    );
    t.wait_for_text("kept on this desk only");
}
