//! Two desks on one portal: what a colleague does on desk A reaches desk B's open panes after
//! B's next sync, without Refresh. Desk A is a LeaseDesk on its embedded sandbox; desk B a
//! second LeaseDesk (its own engine and store) connected to the same sandbox as a portal.

use std::time::Duration;

use chrono::{DateTime, Utc};
use leasedesk::api::model::{
    ActivityTypeMaster, AdmissionUpdate, CampaignIndividualAdd, CampaignMember, CampaignStatus,
    CommunityId, IndividualType, NewIndividual, NewIndividualActivity, NewUser,
};
use leasedesk::domain::occupancy::UnitState;
use leasedesk::engine::Link;

use crate::campaigns::{campaign_with_invitee, open_board};
use crate::inventory::{
    choose_unit_and_date, first_community, open_wizard_with, person, submit, unit_with_room,
    wait_for_unit,
};
use crate::support::{Setup, TestApp, app, block_on, direct_client, sandbox_connection};

const WAIT: Duration = Duration::from_secs(60);

/// Desk B on desk A's portal, its own sync an hour apart (the test says when it syncs), with
/// its first sync done.
fn colleague_of(a: &TestApp) -> TestApp {
    colleague_at(sandbox_connection(a))
}

/// Desk B on the portal at `portal` (desk A's sandbox, or a proxy in front of it), as
/// [`colleague_of`].
pub fn colleague_at(portal: leasedesk::api::Connection) -> TestApp {
    let mut b = Setup::default().start();
    b.wait_connected();
    b.harness
        .state()
        .backend()
        .sync()
        .set_every(Duration::from_secs(3600));
    b.harness
        .state()
        .backend()
        .connection()
        .connect_portal("Team desk", portal, None);
    b.step_until("desk B on desk A's portal", WAIT, |h| {
        matches!(h.state().backend().connection().link(), Link::Portal { .. })
    });
    b.step_until("desk B's first sync", WAIT, |h| {
        synced_at(h.state()).is_some()
    });
    b
}

fn synced_at(app: &leasedesk::ui::LeaseDeskApp) -> Option<DateTime<Utc>> {
    let status = app.backend().offline_copy().status();
    status
        .as_of
        .filter(|_| status.syncing.is_none() && status.cases > 0)
}

/// Desk B syncs once more (as its timer would), and waits until that sync is done.
pub fn next_sync(b: &mut TestApp) {
    let before = synced_at(b.harness.state());
    b.harness.state().backend().sync().now();
    b.step_until("desk B's next sync", WAIT, move |h| {
        synced_at(h.state()).is_some_and(|at| Some(at) > before)
    });
}

#[test]
fn a_colleagues_move_in_reaches_the_open_inventory_and_admissions_queue_after_one_sync() {
    let mut a = app();
    a.wait_connected();
    let client = direct_client(&a);
    let (community_id, community) = first_community(&client);
    let (_, name, _) = person(&a, &client, false);
    let unit = unit_with_room(&a, &client, community_id);
    let mut b = colleague_of(&a);

    // Desk B has the inventory open on the unit, then the admissions queue.
    b.click("Inventory");
    b.click("Table");
    b.step_until("the unit on desk B", WAIT, |h| {
        h.state()
            .panes
            .inventory
            .unit_state(&community, &unit.number)
            .is_some()
    });
    let before = b
        .harness
        .state()
        .panes
        .inventory
        .unit_state(&community, &unit.number)
        .unwrap();
    assert!(!before.1.contains(&name), "{before:?}");
    b.click("Admissions");
    let today = b.clock.now().date_naive();
    b.step_until("desk B's queue", WAIT, move |h| {
        !h.state().panes.admissions.queue(today).is_empty()
    });
    let named = |h: &egui_kittest::Harness<'static, leasedesk::ui::LeaseDeskApp>, name: &str| {
        h.state()
            .panes
            .admissions
            .queue(today)
            .iter()
            .any(|e| e.name.contains(name))
    };
    assert!(!named(&b.harness, &name));
    // Something half typed on desk B when the sync lands.
    b.type_into("Case number", "C-10");

    // Desk A moves the person in today through the wizard.
    open_wizard_with(&mut a, &name);
    choose_unit_and_date(&mut a, &unit, "2026-11-21");
    submit(&mut a);

    // Desk B's next sync brings it to the queue on screen and to the inventory, no Refresh.
    next_sync(&mut b);
    let wanted = name.clone();
    b.step_until("the move-in in desk B's open queue", WAIT, move |h| {
        named(h, &wanted)
    });
    assert_eq!(
        b.field("Case number").value().as_deref(),
        Some("C-10"),
        "what desk B was typing is kept"
    );
    b.click("Inventory");
    let expected = if unit.capacity == 1 {
        UnitState::Full
    } else {
        UnitState::Partial
    };
    wait_for_unit(&mut b, &community, &unit.number, expected);
}

#[test]
fn a_colleagues_rsvp_move_reaches_the_open_campaign_board_after_one_sync() {
    let mut a = app();
    a.wait_connected();
    let client = direct_client(&a);
    let (campaign, member) = campaign_with_invitee(&client);
    let mut b = colleague_of(&a);
    open_board(&mut b, &campaign, &member);
    let status_on_b = |b: &TestApp| {
        b.harness
            .state()
            .panes
            .campaigns
            .board
            .as_ref()
            .and_then(|board| {
                board
                    .members
                    .iter()
                    .find(|m| m.individual_id == member.individual_id)
                    .and_then(|m| m.status())
            })
    };
    assert_eq!(status_on_b(&b), Some(CampaignStatus::Invited));

    // A colleague records their RSVP.
    block_on(client.add_campaign_individuals(&CampaignIndividualAdd {
        campaign_id: campaign.id,
        individuals: vec![CampaignMember {
            individual_id: member.individual_id,
            campaign_status_id: CampaignStatus::Rsvp,
        }],
    }))
    .unwrap();

    next_sync(&mut b);
    b.step_until("the card moved on desk B's open board", WAIT, |h| {
        h.state()
            .panes
            .campaigns
            .board
            .as_ref()
            .is_some_and(|board| {
                board.members.iter().any(|m| {
                    m.individual_id == member.individual_id
                        && m.status() == Some(CampaignStatus::Rsvp)
                })
            })
    });
}

#[test]
fn a_colleagues_checklist_tick_reaches_the_open_queue_and_checklist_after_one_sync() {
    let mut a = app();
    a.wait_connected();
    let client = direct_client(&a);
    let mut b = colleague_of(&a);
    b.click("Admissions");
    let today = b.clock.now().date_naive();
    b.step_until("desk B's queue and its counts", WAIT, move |h| {
        let admissions = &h.state().panes.admissions;
        let queue = admissions.queue(today);
        !queue.is_empty()
            && queue
                .iter()
                .all(|e| admissions.progress_of(e.contract_id).is_some())
    });
    // A move-in of the queue with a requirement still open.
    let (entry, open) = b
        .harness
        .state()
        .panes
        .admissions
        .queue(today)
        .into_iter()
        .find_map(|e| {
            let case: i64 = e.case_number.parse().ok()?;
            let list = block_on(client.admission_requirements(case, e.community_id)).ok()?;
            let open = list.iter().find(|r| !r.is_met && !r.dismiss)?.clone();
            Some((e, open))
        })
        .expect("a queued move-in with an open requirement");
    let before = b
        .harness
        .state()
        .panes
        .admissions
        .progress_of(entry.contract_id)
        .unwrap();
    // Desk B also has that checklist open, a case number half typed for the next one.
    b.harness
        .state_mut()
        .panes
        .admissions
        .open(&entry.case_number, Some(entry.community_id));
    let wanted = open.admission_met_id;
    let met_on_b = move |h: &egui_kittest::Harness<'static, leasedesk::ui::LeaseDeskApp>| {
        h.state().panes.admissions.requirements().and_then(|l| {
            l.iter()
                .find(|r| r.admission_met_id == wanted)
                .map(|r| r.is_met)
        })
    };
    b.step_until("the checklist on desk B", WAIT, move |h| {
        met_on_b(h) == Some(false)
    });
    b.replace_text("Case number", "10");

    // The nurse marks it met at her desk.
    block_on(client.update_admission(&AdmissionUpdate {
        admission_met_id: Some(open.admission_met_id),
        case_id: Some(open.case_id),
        activity_result_id: Some(open.type_select[0].value),
        is_met: Some(true),
        note: Some("Physician form received".into()),
        activity_id: Some(open.activity_id),
    }))
    .unwrap();

    next_sync(&mut b);
    b.step_until(
        "the requirement met on desk B's open checklist",
        WAIT,
        move |h| met_on_b(h) == Some(true),
    );
    assert_eq!(
        b.field("Case number").value().as_deref(),
        Some("10"),
        "what desk B was typing is kept"
    );
    b.click("Back to move-ins coming up");
    let contract = entry.contract_id;
    b.step_until("one more met in desk B's queue", WAIT, move |h| {
        h.state()
            .panes
            .admissions
            .progress_of(contract)
            .is_some_and(|p| p.met == before.met + 1 && p.total == before.total)
    });
}

/// A prospect who walked in, with their inquiry logged.
fn walk_in(first: &str, last: &str) -> NewIndividual {
    let mut walk_in = NewIndividual::new(IndividualType::Prospect, first, last);
    walk_in.activities = Some(vec![NewIndividualActivity {
        description: Some("Walked in asking about assisted living".into()),
        activity_type_master_id: Some(ActivityTypeMaster::Inquiry.code()),
        ..Default::default()
    }]);
    walk_in
}

/// Whether `name` waits for a first call among the desk's new leads.
fn among_new_leads(
    name: &'static str,
) -> impl Fn(&egui_kittest::Harness<'static, leasedesk::ui::LeaseDeskApp>) -> bool {
    move |h| crate::support::a_new_lead(h, |l| l.name == name)
}

#[test]
fn a_person_new_at_a_colleagues_desk_reaches_search_and_the_store_after_one_sync() {
    let mut a = app();
    a.wait_connected();
    let client = direct_client(&a);
    let mut b = colleague_of(&a);
    b.click("Search");
    b.wait_for_cases();
    let cases_before = b.harness.state().backend().offline_copy().status().cases;
    let shown = |h: &egui_kittest::Harness<'static, leasedesk::ui::LeaseDeskApp>, last: &str| {
        h.state()
            .panes
            .cases
            .search
            .rows_in_order()
            .any(|r| r.name.contains(last))
    };
    assert!(!shown(&b.harness, "Quillfeather"));
    // My day is on screen when the sync lands; Search stays open behind it.
    crate::agent_day::open_my_day(&mut b);
    let waiting = among_new_leads("Odile Quillfeather");
    assert!(!waiting(&b.harness));

    // A walk-in with an inquiry, and a referral source with nothing logged yet.
    let walk_in = walk_in("Odile", "Quillfeather");
    let quiet = NewIndividual::new(IndividualType::Prospect, "Piet", "Quillfeather-Vos");
    block_on(client.create_individuals(vec![walk_in])).unwrap();
    block_on(client.create_individuals(vec![quiet])).unwrap();

    next_sync(&mut b);
    assert_eq!(
        b.harness.state().backend().offline_copy().status().cases,
        cases_before + 2,
        "both are in desk B's store, the one without an activity too"
    );
    // The walk-in waits for a first call on desk B's My day.
    b.step_until("the walk-in among desk B's new leads", WAIT, waiting);
    b.click("Search");
    b.step_until("both in desk B's open search", WAIT, |h| {
        shown(h, "Quillfeather") && shown(h, "Quillfeather-Vos")
    });
}

/// My day's Refresh brings a colleague's walk-in among the new leads at once, not at the
/// offline copy's next timed sync (desk B's is an hour away).
#[test]
fn my_days_refresh_brings_a_colleagues_walk_in_without_waiting_for_the_timer() {
    let mut a = app();
    a.wait_connected();
    let client = direct_client(&a);
    let mut b = colleague_of(&a);
    crate::agent_day::open_my_day(&mut b);
    let waiting = among_new_leads("Ysolde Brightwater");
    block_on(client.create_individuals(vec![walk_in("Ysolde", "Brightwater")])).unwrap();
    assert!(!waiting(&b.harness), "not before desk B asks");
    b.click("Refresh");
    b.step_until("the walk-in among desk B's new leads", WAIT, waiting);
    b.wait_for_text("Ysolde Brightwater");
}

#[test]
fn a_lead_a_colleague_closed_as_lost_reaches_the_open_lost_leads_after_one_sync() {
    let mut a = app();
    crate::agent_day::open_my_day(&mut a);
    let mut b = colleague_of(&a);
    b.click("Sales");
    b.click("Lost leads");
    let count = |h: &egui_kittest::Harness<'static, leasedesk::ui::LeaseDeskApp>| {
        h.state()
            .panes
            .sales
            .lost
            .records
            .state
            .value()
            .map(|r| r.len())
    };
    b.step_until("desk B's lost leads", WAIT, move |h| count(h).is_some());
    let before = count(&b.harness).unwrap();

    // Desk A closes the first lead of My day as lost.
    crate::lost_leads::wait_for_lead_lists(&mut a);
    crate::lost_leads::open_first_close_as_lost(&mut a);
    a.choose("Reason", "Cost");
    a.choose("Went to", "Home care");
    a.click_button("Close as lost");
    a.wait_for_text("closed as lost: recorded on the case");

    next_sync(&mut b);
    b.step_until("one more lost lead on desk B", WAIT, move |h| {
        count(h) == Some(before + 1)
    });
}

#[test]
fn a_user_a_colleague_created_reaches_the_open_users_list_after_one_sync() {
    let mut a = app();
    a.wait_connected();
    let client = direct_client(&a);
    let mut b = colleague_of(&a);
    b.click("Users");
    let listed = |h: &egui_kittest::Harness<'static, leasedesk::ui::LeaseDeskApp>| {
        h.state()
            .panes
            .users
            .users()
            .map(|l| l.iter().any(|u| u.email == "ines.marlowe@example.com"))
    };
    b.step_until("desk B's users", WAIT, move |h| listed(h).is_some());
    assert_eq!(listed(&b.harness), Some(false));
    b.type_into("Find users", "ines");

    let community = block_on(client.communities()).unwrap()[0].id;
    block_on(client.create_users(&[NewUser {
        community: vec![CommunityId { id: community }],
        first_name: "Ines".into(),
        last_name: "Marlowe".into(),
        email: "ines.marlowe@example.com".into(),
        time_zone_id: 1,
        send_activation_email: false,
    }]))
    .unwrap();

    next_sync(&mut b);
    b.step_until("the new user on desk B's open list", WAIT, move |h| {
        listed(h) == Some(true)
    });
    assert_eq!(
        b.field("Find users").value().as_deref(),
        Some("ines"),
        "what desk B was typing is kept"
    );
}
