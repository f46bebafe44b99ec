//! The waitlist in the window: a lead added from the case (a Deposit activity with the wish in
//! its words), listed in Inventory's Waitlist; a unit coming free offered to the first suited
//! person, as worked out independently from the service's reads: a Call Out is logged and the
//! move-in opens with the person and the unit.

use std::time::Duration;

use egui_kittest::kittest::{NodeT, Queryable};

use leasedesk::api::model::{Activity, SearchCase};
use leasedesk::domain::next_step::is_active_lead_of;
use leasedesk::domain::waitlist::{entries_of, openings, ranked};
use leasedesk::ui::panes::Nav;

use crate::support::{
    TestApp, activities_of, app, block_on, clock, direct_client, wait_for_filled_store,
};

fn open_waitlist(t: &mut TestApp) {
    t.click("Inventory");
    t.step_until("the inventory", Duration::from_secs(60), |h| {
        h.state().panes.inventory.data().is_some()
    });
    t.click("Waitlist");
    t.wait_for_text("Coming free, and who it suits");
    t.wait_at_rest();
}

#[test]
fn a_unit_coming_free_is_offered_to_the_first_suited_and_the_move_in_opens_with_both() {
    let mut t = app();
    t.wait_connected();
    wait_for_filled_store(&mut t);
    // Independently: the entries from the service's activities, the leads still leads, and
    // the first unit coming free at the first community that suits someone.
    let client = direct_client(&t);
    let data = block_on(leasedesk::service::reports::load(
        client,
        Default::default(),
    ))
    .unwrap();
    let leads: std::collections::HashSet<&str> = data
        .cases
        .iter()
        .filter(|c| is_active_lead_of(c, None))
        .map(|c| c.primary.case_number.as_str())
        .collect();
    let entries: Vec<_> = entries_of(&data.activities)
        .into_iter()
        .filter(|e| leads.contains(e.case_number.as_str()))
        .collect();
    assert!(
        entries.len() >= 5,
        "the demo has waitlisters: {}",
        entries.len()
    );
    let today = clock()
        .now()
        .with_timezone(&chrono_tz::America::New_York)
        .date_naive();
    let first_community = data.communities.first().unwrap();
    let priorities = vec!["Urgent", "High", "Normal", "Low"]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>();
    let (opening, first) = openings(&data.units, &data.contracts, today, 90)
        .into_iter()
        .filter(|o| o.community_id == first_community.id)
        .find_map(|o| {
            let first = ranked(&entries, &o, &priorities)
                .first()
                .map(|e| (*e).clone())?;
            Some((o, first))
        })
        .expect("a unit coming free suits someone at the first community");
    drop(data);

    open_waitlist(&mut t);
    t.wait_for_label(&first.name);
    let before = activities_of(&direct_client(&t), first.individual_id).len();
    // The first Offer… on the page is the first unit's first person.
    t.click_first("Offer…");
    t.step_until("the move-in opened", Duration::from_secs(60), |h| {
        h.state().nav == Nav::MoveIn
    });
    t.wait_at_rest();
    let wizard = &t.harness.state().panes.move_in;
    assert_eq!(
        wizard
            .draft
            .movers
            .iter()
            .map(|m| m.individual_id)
            .collect::<Vec<_>>(),
        vec![first.individual_id]
    );
    let unit = wizard.draft.unit.as_ref().expect("the unit is chosen");
    assert_eq!(unit.community_id, opening.community_id);
    assert_eq!(unit.number, opening.unit_number);
    let after = activities_of(&direct_client(&t), first.individual_id);
    assert_eq!(after.len(), before + 1, "one activity logged");
    let offered = after
        .iter()
        .find(|a| {
            a.activity_name
                .starts_with(&format!("Offered unit {}", opening.unit_number))
        })
        .expect("the offer on the case");
    assert_eq!(offered.activity_type.as_deref(), Some("Call Out"));
    assert!(offered.completed);
}

#[test]
fn a_lead_added_from_the_case_is_on_the_waitlist() {
    let mut t = app();
    t.wait_connected();
    wait_for_filled_store(&mut t);
    let client = direct_client(&t);
    let on_list: std::collections::HashSet<String> = {
        let data = block_on(leasedesk::service::reports::load(
            client.clone(),
            Default::default(),
        ))
        .unwrap();
        entries_of(&data.activities)
            .into_iter()
            .map(|e| e.case_number)
            .collect()
    };
    let lead: SearchCase = crate::agent_day::all_leads(&client)
        .into_iter()
        .filter(|c| is_active_lead_of(c, None) && !on_list.contains(&c.primary.case_number))
        .find(|c| !c.primary.communities.is_empty())
        .unwrap();
    t.open_found_case(&lead.primary.individual_name, &lead.primary.case_number);
    t.scroll_into_view("Add to waitlist…");
    t.click("Add to waitlist…");
    t.wait_for_label("Deposit paid");
    t.choose("Care group", "Memory Care");
    t.type_into("Wanted by", "2027-03-01");
    t.check("Deposit paid");
    // Nobody is urgent because nobody chose: Add waits for a priority.
    assert!(t.harness.get_by_label("Add").accesskit_node().is_disabled());
    t.choose("Priority", "Normal");
    t.click("Add");
    t.wait_for_text("Added to the waitlist");
    let logged: Vec<Activity> = activities_of(&direct_client(&t), lead.primary.individual_id)
        .into_iter()
        .filter(|a| a.activity_name.starts_with("Waitlist: "))
        .collect();
    assert_eq!(logged.len(), 1);
    assert_eq!(logged[0].activity_type.as_deref(), Some("Deposit"));
    assert!(
        logged[0].activity_name.starts_with(
            "Waitlist: Memory Care; floor plan: any; wanted by: 2027-03-01; priority: Normal"
        ),
        "{}",
        logged[0].activity_name
    );

    t.click("Inventory");
    t.step_until("the inventory", Duration::from_secs(60), |h| {
        h.state().panes.inventory.data().is_some()
    });
    t.choose("Community", "All communities");
    t.click("Waitlist");
    t.wait_for_text("Everyone on the list");
    t.step_until("the new entry listed", Duration::from_secs(60), |h| {
        h.query_all_by_label(&lead.primary.individual_name).count() > 0
    });
}

/// The sentence over the list says how many units come free and how many of them are listed
/// below (those that suit someone), and the headings below hold exactly that many.
#[test]
fn the_waitlists_count_of_units_is_what_it_lists_below() {
    use egui_kittest::kittest::{NodeT, Queryable};
    let mut t = app();
    t.wait_connected();
    wait_for_filled_store(&mut t);
    open_waitlist(&mut t);
    let summary = t
        .harness
        .query_all_by_label_contains("on the waitlist")
        .find_map(|n| n.accesskit_node().value())
        .expect("the waitlist's summary");
    let labels: Vec<String> = t
        .harness
        .query_all_by_label_contains(" · ")
        .filter_map(|n| n.accesskit_node().value())
        .collect();
    let suiting: usize = summary
        .split(", ")
        .find_map(|part| {
            part.split(" of them suiting")
                .next()
                .filter(|_| part.contains(" of them suiting"))
        })
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no count of units listed in {summary:?}"));
    // "Unit 12 · …", "Units 12, 14 · …", "Units 1, 2, 3 and 4 more · …".
    let listed: usize = labels
        .iter()
        .filter(|l| (l.starts_with("Unit ") || l.starts_with("Units ")) && l.contains(" · "))
        .map(|l| {
            let units = l.split(" · ").next().unwrap();
            match units.split_once(" and ") {
                Some((named, more)) => {
                    named.split(", ").count()
                        + more.trim_end_matches(" more").parse::<usize>().unwrap()
                }
                None => units.split(", ").count(),
            }
        })
        .sum();
    assert!(suiting > 0, "{summary}");
    assert_eq!(listed, suiting, "{summary}");
}
