//! The RSVP board, the admission checklist, users and the plugin endpoint against the sandbox.

use std::time::Duration;

use egui_kittest::kittest::Queryable;
use leasedesk::api::Client;
use leasedesk::api::model::{
    ActivityFilter, ActivityQuery, Campaign, CampaignIndividual, CampaignQuery, CampaignStatus,
    SearchQuery, UserQuery,
};

use crate::faults::{self, Fault};
use crate::support::{TestApp, app, block_on, direct_client};

/// A campaign with an invited member whose name is unique on its board.
pub fn campaign_with_invitee(client: &Client) -> (Campaign, CampaignIndividual) {
    let campaigns = block_on(client.campaigns(&CampaignQuery::default())).unwrap();
    for c in campaigns {
        let members = block_on(client.campaign_individuals(c.id)).unwrap();
        let name = |m: &CampaignIndividual| format!("{} {}", m.first_name, m.last_name);
        if let Some(m) = members.iter().find(|m| {
            m.status() == Some(CampaignStatus::Invited)
                && members.iter().filter(|x| name(x) == name(m)).count() == 1
        }) {
            return (c, m.clone());
        }
    }
    panic!("no campaign with an invited member")
}

pub fn campaign_label(c: &Campaign) -> String {
    if c.is_active {
        c.name.clone()
    } else {
        format!("{} (inactive)", c.name)
    }
}

pub fn open_board(t: &mut TestApp, c: &Campaign, m: &CampaignIndividual) {
    t.click("Campaigns");
    t.wait_for_label(&campaign_label(c));
    t.click(&campaign_label(c));
    t.wait_for_label(&format!("{} {}", m.first_name, m.last_name));
}

fn status_on_board(t: &TestApp, id: i64) -> Option<CampaignStatus> {
    t.harness
        .state()
        .panes
        .campaigns
        .board
        .as_ref()
        .and_then(|b| b.status_of(id))
}

/// Focus the card, Enter opens its menu, Enter on the chosen entry moves it.
pub fn move_by_keyboard(t: &mut TestApp, card: &str, entry: &str) {
    t.harness.get_by_label(card).focus();
    t.harness.step();
    t.harness.key_press(egui::Key::Enter);
    t.harness.step();
    t.harness.step();
    t.harness.get_by_label(entry).focus();
    t.harness.step();
    t.harness.key_press(egui::Key::Enter);
    t.harness.step();
}

#[test]
fn a_member_moved_from_invited_to_rsvp_by_keyboard_stays_there_after_a_reload() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let (campaign, member) = campaign_with_invitee(&client);
    open_board(&mut t, &campaign, &member);
    let name = format!("{} {}", member.first_name, member.last_name);
    t.wait_for_text("Invited (");
    // The list gives each campaign its event's day.
    t.wait_for_label(&leasedesk::domain::format::day(
        member.campaign_start.date_naive(),
    ));
    // Choosing the campaign put the keyboard on the board's first card.
    t.harness.run_steps(2);
    let first = {
        let board = t.harness.state().panes.campaigns.board.as_ref().unwrap();
        let columns = board.columns(|_| true);
        let i = *columns.iter().flatten().next().unwrap();
        format!(
            "{} {}",
            board.members[i].first_name, board.members[i].last_name
        )
    };
    assert!(
        t.harness.get_by_label(&first).is_focused(),
        "{first} has focus"
    );

    move_by_keyboard(&mut t, &name, "Move to RSVP");
    t.harness.run_steps(2);
    assert!(
        t.harness.get_by_label(&name).is_focused(),
        "the moved card keeps the keyboard"
    );
    assert_eq!(
        status_on_board(&t, member.individual_id),
        Some(CampaignStatus::Rsvp),
        "the card moves at once"
    );
    t.step_until("the move to be saved", Duration::from_secs(60), |h| {
        h.state()
            .panes
            .campaigns
            .board
            .as_ref()
            .is_some_and(|b| b.queue.is_empty())
    });
    t.click("Reload");
    t.step_until("the reloaded board", Duration::from_secs(60), |h| {
        h.state().panes.campaigns.board.is_some()
    });
    assert_eq!(
        status_on_board(&t, member.individual_id),
        Some(CampaignStatus::Rsvp)
    );
    let stored = block_on(client.campaign_individuals(campaign.id)).unwrap();
    let saved = stored
        .iter()
        .find(|m| m.individual_id == member.individual_id)
        .unwrap();
    assert_eq!(saved.status(), Some(CampaignStatus::Rsvp));
}

#[test]
fn a_refused_move_goes_back_with_the_services_message() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let (campaign, member) = campaign_with_invitee(&client);
    let faults = faults::connect_through_proxy(&mut t);
    faults.set("POST", "/v3/CampaignIndividual", Fault::Refuse);
    open_board(&mut t, &campaign, &member);
    let name = format!("{} {}", member.first_name, member.last_name);
    move_by_keyboard(&mut t, &name, "Move to Attended");
    t.wait_for_text("could not be moved to Attended");
    t.wait_for_text("CampaignId is not open for changes");
    assert_eq!(
        status_on_board(&t, member.individual_id),
        Some(CampaignStatus::Invited)
    );
}

#[test]
fn marking_a_requirement_met_adds_the_note_to_its_activity() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let case = block_on(client.search(&SearchQuery::default()))
        .unwrap()
        .cases
        .remove(0);
    let community = block_on(client.communities()).unwrap().remove(0);
    t.click("Admissions");
    t.type_into("Case number", &case.primary.case_number);
    // The first community is chosen by default; the checklist loads once both are known.
    // The queue above fills in its counts as they come and moves the button down: a person
    // clicks again if the first click missed.
    t.click_until("Show checklist", "the checklist view", |h| {
        h.query_by_label("Back to move-ins coming up").is_some()
    });
    t.step_until("the checklist", Duration::from_secs(60), |h| {
        h.state()
            .panes
            .admissions
            .requirements()
            .is_some_and(|l| !l.is_empty())
    });
    let list = t
        .harness
        .state()
        .panes
        .admissions
        .requirements()
        .unwrap()
        .clone();
    assert!(list.iter().all(|r| r.community_id == community.id));
    let target = list
        .iter()
        .find(|r| !r.is_met && !r.dismiss)
        .unwrap()
        .clone();
    let result = target.type_select[0].clone();
    t.click(&format!("Mark {} met…", target.requirement_name));
    t.choose("Result", &result.label);
    t.type_into(
        "Note (shown on this line)",
        "Physician form received by fax",
    );
    t.click("Save");
    let wanted = target.admission_met_id;
    t.step_until(
        "the requirement to read as met",
        Duration::from_secs(60),
        move |h| {
            h.state()
                .panes
                .admissions
                .requirements()
                .is_some_and(|l| l.iter().any(|r| r.admission_met_id == wanted && r.is_met))
        },
    );
    let updated = t
        .harness
        .state()
        .panes
        .admissions
        .requirements()
        .unwrap()
        .iter()
        .find(|r| r.admission_met_id == wanted)
        .unwrap()
        .clone();
    assert_eq!(updated.activity_result_id, result.value);
    t.wait_for_text(&format!(
        "{} of {} met",
        list.iter().filter(|r| r.is_met && !r.dismiss).count() + 1,
        list.iter().filter(|r| !r.dismiss).count()
    ));
    let activities = block_on(client.activities(&ActivityQuery {
        individual_id: Some(case.primary.individual_id),
        filter: Some(ActivityFilter::All),
        page_size: Some(5000),
        ..Default::default()
    }))
    .unwrap();
    let activity = activities
        .iter()
        .find(|a| a.id == updated.activity_id)
        .expect("the requirement's activity");
    let notes: Vec<String> = activity
        .notes
        .iter()
        .flatten()
        .map(|n| n.message.clone())
        .collect();
    assert!(
        notes.iter().any(|n| n == "Physician form received by fax"),
        "{notes:?}"
    );
}

#[test]
fn a_user_created_in_the_form_can_be_found() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let community = block_on(client.communities()).unwrap().remove(0);
    t.click("Users");
    t.wait_for_label(&community.name);
    t.type_into("First name", "Priya");
    t.type_into("Last name", "Castellanos");
    t.type_into("Email", "not-an-email");
    t.click("Create 1 user");
    t.wait_for_text("is not an email address");
    t.type_into("Email", "@maplegrove.example");
    t.check(&community.name);
    // The email now reads "not-an-email@maplegrove.example".
    t.click("Create 1 user");
    t.wait_for_text("Created user");
    let found = block_on(client.users(&UserQuery {
        q: Some("Castellanos".into()),
        id: None,
    }))
    .unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].email, "not-an-email@maplegrove.example");
    t.type_into("Find users", "Castellanos");
    t.click("Find");
    t.wait_for_label("not-an-email@maplegrove.example");
}

#[test]
fn an_http_plugin_address_is_refused_in_the_form() {
    let mut t = app();
    t.wait_connected();
    t.click("Plugin endpoint");
    t.type_into("Endpoint address", "http://hooks.maplegrove.example/events");
    t.click("Save endpoint");
    t.wait_for_text("Only https:// addresses are accepted");
    // Nothing was sent; what was typed is kept for correcting.
    assert!(
        t.harness
            .query_all_by_label_contains("Plugin endpoint set")
            .next()
            .is_none()
    );
    t.field("Endpoint address").focus();
    t.harness.step();
    t.harness.key_press(egui::Key::Home);
    t.harness.step();
    for _ in 0..4 {
        t.harness.key_press(egui::Key::Delete);
    }
    t.harness.step();
    t.field("Endpoint address").type_text("https");
    t.harness.step();
    t.click("Save endpoint");
    t.wait_for_text("Plugin endpoint set for");
}

#[test]
fn a_card_dragged_by_its_name_moves_to_the_column_it_is_dropped_on() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let (campaign, member) = campaign_with_invitee(&client);
    open_board(&mut t, &campaign, &member);
    let name = format!("{} {}", member.first_name, member.last_name);
    t.wait_for_text("RSVP (");
    t.harness.run_steps(3);
    // Picked up by its name (the whole card is the handle), dropped on the RSVP column.
    let from = t.harness.get_by_label(&name).rect().center();
    let to = t.harness.get_by_label_contains("RSVP (").rect().center() + egui::vec2(0.0, 60.0);
    t.harness.hover_at(from);
    t.harness.step();
    t.harness.drag_at(from);
    t.harness.step();
    for k in 1..=10 {
        t.harness.hover_at(from + (to - from) * (k as f32 / 10.0));
        t.harness.step();
    }
    t.harness.drop_at(to);
    t.harness.run_steps(3);
    assert_eq!(
        status_on_board(&t, member.individual_id),
        Some(CampaignStatus::Rsvp),
        "the card moved where it was dropped"
    );
    assert!(
        t.harness.query_by_label("Move to RSVP").is_none(),
        "a drag is not a click: the menu stayed shut"
    );
}
