//! Two desks on one portal: what a colleague does on desk A reaches desk B's open panes after
//! B's next sync, without Refresh. Desk A is a LeaseDesk on its embedded sandbox; desk B a
//! second LeaseDesk (its own engine and store) connected to the same sandbox as a portal.

use std::time::Duration;

use chrono::{DateTime, Utc};
use leasedesk::api::model::{CampaignIndividualAdd, CampaignMember, CampaignStatus};
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
    let mut b = Setup::default().start();
    b.wait_connected();
    b.harness
        .state()
        .backend()
        .set_sync_every(Duration::from_secs(3600));
    b.harness
        .state()
        .backend()
        .connect_portal("Team desk", sandbox_connection(a), None);
    b.step_until("desk B on desk A's portal", WAIT, |h| {
        matches!(h.state().backend().link(), Link::Portal { .. })
    });
    b.step_until("desk B's first sync", WAIT, |h| {
        synced_at(h.state()).is_some()
    });
    b
}

fn synced_at(app: &leasedesk::ui::LeaseDeskApp) -> Option<DateTime<Utc>> {
    let status = app.backend().copy_status();
    status
        .as_of
        .filter(|_| status.syncing.is_none() && status.cases > 0)
}

/// Desk B syncs once more (as its timer would), and waits until that sync is done.
fn next_sync(b: &mut TestApp) {
    let before = synced_at(b.harness.state());
    b.harness.state().backend().sync_now();
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
