//! Inventory, occupancy, unit import and the move-in wizard against the sandbox.

use std::collections::HashMap;
use std::time::Duration;

use egui_kittest::kittest::{NodeT, Queryable};
use leasedesk::api::Client;
use leasedesk::api::model::{
    ContractIndividual, HousingContract, HousingContractCreate, HousingContractQuery,
    IndividualType, SearchQuery, TypeList, TypeQuery, Unit, UnitQuery,
};
use leasedesk::domain::move_in::Step;
use leasedesk::domain::occupancy::{UnitState, is_current, unit_occupancy, units_with_room};

use crate::support::{TestApp, app, block_on, direct_client};

struct Portal {
    units: Vec<Unit>,
    contracts: Vec<HousingContract>,
}

fn portal(client: &Client) -> Portal {
    block_on(async {
        Portal {
            units: client
                .units(&UnitQuery::default())
                .await
                .unwrap()
                .into_vec(),
            contracts: client
                .housing_contracts(&HousingContractQuery::default())
                .await
                .unwrap()
                .into_vec(),
        }
    })
}

/// The first community's name as the wizard offers it (communities in the API's order).
pub(crate) fn first_community(client: &Client) -> (i64, String) {
    let c = block_on(client.communities()).unwrap().remove(0);
    (c.id, c.name)
}

/// A unit of the community with room for one, as the wizard lists them.
pub(crate) fn unit_with_room(t: &TestApp, client: &Client, community: i64) -> Unit {
    units_with_room_in(t, client, community)
        .into_iter()
        .next()
        .expect("a unit with room")
}

/// The community's units with room for one, as the wizard lists them.
pub(crate) fn units_with_room_in(t: &TestApp, client: &Client, community: i64) -> Vec<Unit> {
    let p = portal(client);
    let occupancy = unit_occupancy(&p.units, &p.contracts, t.clock.now());
    units_with_room(&p.units, &occupancy, 1)
        .into_iter()
        .map(|i| p.units[i].clone())
        .filter(|u| u.community_id == community)
        .collect()
}

/// Someone whose name is unique in the portal, of the given type, without an active contract
/// (or, for `resident`, with exactly one current contract on a one-bed unit).
pub(crate) fn person(
    t: &TestApp,
    client: &Client,
    resident: bool,
) -> (i64, String, Option<HousingContract>) {
    let all = block_on(client.search(&SearchQuery::default())).unwrap();
    let mut names: HashMap<String, usize> = HashMap::new();
    for case in &all.cases {
        for p in std::iter::once(&case.primary).chain(&case.relationships) {
            *names.entry(p.individual_name.clone()).or_default() += 1;
        }
    }
    let p = portal(client);
    let now = t.clock.now();
    all.cases
        .iter()
        .map(|c| &c.primary)
        .filter(|i| names[&i.individual_name] == 1)
        .find_map(|i| {
            let current: Vec<&HousingContract> = p
                .contracts
                .iter()
                .filter(|c| c.individual_id == i.individual_id && c.active_lease)
                .collect();
            match (resident, current.as_slice()) {
                (false, []) if i.individual_type_id == IndividualType::Prospect => {
                    Some((i.individual_id, i.individual_name.clone(), None))
                }
                (true, [one])
                    if is_current(one, now)
                        && p.units
                            .iter()
                            .any(|u| u.id == one.unit_id && u.capacity == 1)
                        && !p.contracts.iter().any(|c| {
                            c.unit_id == one.unit_id && c.id != one.id && c.active_lease
                        }) =>
                {
                    Some((
                        i.individual_id,
                        i.individual_name.clone(),
                        Some((*one).clone()),
                    ))
                }
                _ => None,
            }
        })
        .expect("a suitable person in the demo portal")
}

pub(crate) fn open_wizard_with(t: &mut TestApp, name: &str) {
    t.click_button("Move-in");
    find_in_wizard(t, name);
}

/// In the move-in wizard's first step: finds `name`, adds them and goes on.
pub(crate) fn find_in_wizard(t: &mut TestApp, name: &str) {
    t.type_into("Find a person", name);
    t.click("Find");
    t.wait_for_label(&format!("Add {name}"));
    t.click_first(&format!("Add {name}"));
    t.wait_for_text(&format!("✔ {name}"));
    t.click("Next");
    assert_eq!(t.harness.state().panes.move_in.step, Step::Where);
}

pub(crate) fn choose_unit_and_date(t: &mut TestApp, unit: &Unit, day: &str) {
    // The step opens on the mover's community; the unit may be in another.
    t.wait_for_label(&format!("Unit {}", unit.number));
    t.choose("Community", &unit.community_name);
    t.wait_for_label(&format!("Unit {}", unit.number));
    t.click(&format!("Unit {}", unit.number));
    t.click("Next");
    assert_eq!(t.harness.state().panes.move_in.step, Step::When);
    t.type_into("Move-in date", day);
    t.click("Next");
    assert_eq!(t.harness.state().panes.move_in.step, Step::Options);
}

pub(crate) fn submit(t: &mut TestApp) {
    t.click("Next");
    assert_eq!(t.harness.state().panes.move_in.step, Step::Review);
    t.click("Submit move-in");
    t.wait_for_text("Move-in saved");
}

pub(crate) fn wait_for_unit(t: &mut TestApp, community: &str, number: &str, state: UnitState) {
    let (community, number) = (community.to_owned(), number.to_owned());
    t.step_until(
        &format!("unit {number} to show as {state:?}"),
        Duration::from_secs(60),
        move |h| {
            h.state()
                .panes
                .inventory
                .unit_state(&community, &number)
                .is_some_and(|(s, _)| s == state)
        },
    );
}

#[test]
fn a_move_in_through_the_wizard_leaves_the_unit_occupied_in_the_inventory() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let (community_id, community) = first_community(&client);
    let (id, name, _) = person(&t, &client, false);
    let unit = unit_with_room(&t, &client, community_id);

    open_wizard_with(&mut t, &name);
    choose_unit_and_date(&mut t, &unit, "2026-11-20");
    // The monthly fee was pre-filled from the unit's rate.
    let fee = t.harness.state().panes.move_in.draft.monthly_fee.clone();
    assert_eq!(fee, format!("{:.2}", unit.base_monthly.unwrap_or_default()));
    submit(&mut t);

    t.click("See the unit in the inventory");
    t.click("Table");
    let expected = if unit.capacity == 1 {
        UnitState::Full
    } else {
        UnitState::Partial
    };
    wait_for_unit(&mut t, &community, &unit.number, expected);
    let (_, residents) = t
        .harness
        .state()
        .panes
        .inventory
        .unit_state(&community, &unit.number)
        .unwrap();
    assert!(residents.contains(&name), "{residents:?}");
    let contracts = block_on(client.housing_contracts(&HousingContractQuery {
        individual_id: Some(id),
        ..Default::default()
    }))
    .unwrap();
    assert_eq!(contracts.len(), 1);
    assert_eq!(contracts[0].unit_id, unit.id);
    assert_eq!(contracts[0].monthly_fee, unit.base_monthly);
}

#[test]
fn a_missing_move_in_date_is_blocked_on_step_three() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let (community_id, _) = first_community(&client);
    let (_, name, _) = person(&t, &client, false);
    let unit = unit_with_room(&t, &client, community_id);
    open_wizard_with(&mut t, &name);
    t.wait_for_label(&format!("Unit {}", unit.number));
    t.choose("Community", &unit.community_name);
    t.wait_for_label(&format!("Unit {}", unit.number));
    t.click(&format!("Unit {}", unit.number));
    t.click("Next");
    // A new move-in asks no move-out date.
    assert!(t.harness.query_by_label("Move-out date").is_none());
    t.type_into("Entrance fee", "1500");
    t.click("Next");
    t.wait_for_text("The move-in date is required");
    assert_eq!(t.harness.state().panes.move_in.step, Step::When);
    // Back and forth keeps what was typed.
    t.click("Back");
    t.click("Next");
    assert_eq!(t.harness.state().panes.move_in.draft.entrance_fee, "1500");
    assert_eq!(t.harness.state().panes.move_in.step, Step::When);
    t.type_into("Move-in date", "2026-12-01");
    t.click("Next");
    assert_eq!(t.harness.state().panes.move_in.step, Step::Options);
}

#[test]
fn a_transfer_ends_the_old_contract_and_frees_the_old_unit() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let (_, name, old) = person(&t, &client, true);
    let old = old.unwrap();
    // Move within the resident's own community.
    let new_unit = unit_with_room(&t, &client, old.community_id);
    let community = old.community_name.clone();

    open_wizard_with(&mut t, &name);
    t.wait_for_text("Units with room");
    t.choose("Community", &community);
    choose_unit_and_date(&mut t, &new_unit, "2026-11-20");
    t.wait_for_text(&format!("{name} lives in unit {}", old.unit_number));
    t.check("Transfer from their current unit (their current contract ends on the move-in date)");
    submit(&mut t);

    t.click("See the unit in the inventory");
    t.step_until("the inventory", Duration::from_secs(60), |h| {
        h.state().panes.inventory.data().is_some()
    });
    t.choose("Community", &community);
    wait_for_unit(&mut t, &community, &old.unit_number, UnitState::Vacant);
    let (state, residents) = t
        .harness
        .state()
        .panes
        .inventory
        .unit_state(&community, &new_unit.number)
        .unwrap();
    assert_ne!(state, UnitState::Vacant);
    assert!(residents.contains(&name));
    let ended = block_on(client.housing_contracts(&HousingContractQuery {
        id: Some(old.id),
        ..Default::default()
    }))
    .unwrap()
    .remove(0);
    assert!(!ended.active_lease, "the old contract is ended");
    assert!(ended.move_out_date.is_some());
}

#[test]
fn a_unit_csv_import_with_one_bad_row_creates_the_rest_and_returns_the_bad_one() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let community = block_on(client.communities()).unwrap().remove(0);
    let care = block_on(client.types(&TypeQuery::list(TypeList::CareGroupType)))
        .unwrap()
        .remove(0);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("new-units.csv");
    let u = &community.name_unique;
    std::fs::write(
        &file,
        format!(
            "CommunityUnique,CareGroupId,Name,Number,Capacity,BaseMonthly\n\
             {u},{},Garden suite,T901,2,5100\n\
             {u},999999,Broken,T902,1,4000\n\
             {u},{},Corner,T903,1,4300\n",
            care.id, care.id
        ),
    )
    .unwrap();

    t.click("Inventory");
    t.step_until("the inventory", Duration::from_secs(60), |h| {
        h.state().panes.inventory.data().is_some()
    });
    t.click("Import units from CSV…");
    t.type_into("CSV file", &file.display().to_string());
    t.click("Open");
    t.wait_for_text("2 ready");
    t.wait_for_text("CareGroupId 999999 is not in the list");
    t.click("Import 2 units");
    t.wait_for_text("2 created");
    t.wait_for_text("Saved 1 failed row");

    let units = block_on(client.units(&UnitQuery::default())).unwrap();
    let numbers: Vec<&str> = units
        .iter()
        .filter(|u| u.community_id == community.id)
        .map(|u| u.number.as_str())
        .collect();
    assert!(numbers.contains(&"T901") && numbers.contains(&"T903"));
    assert!(!numbers.contains(&"T902"));
    let failed = std::fs::read_to_string(dir.path().join("new-units-failed.csv")).unwrap();
    let lines: Vec<&str> = failed.lines().collect();
    assert_eq!(lines.len(), 2, "{failed}");
    assert!(lines[0].ends_with(",Error"));
    assert!(lines[1].contains("T902") && lines[1].contains("999999"));

    // Importing the same file again sends nothing twice.
    t.step_until("the inventory to reload", Duration::from_secs(60), |h| {
        h.state()
            .panes
            .inventory
            .data()
            .is_some_and(|d| d.units.iter().any(|u| u.number == "T903"))
    });
    t.click("Open");
    t.wait_for_text("0 ready");
    t.step_until(
        "both rows marked as existing",
        Duration::from_secs(10),
        |h| h.query_all_by_label_contains("Already exists").count() >= 2,
    );
    let again = block_on(client.units(&UnitQuery::default())).unwrap();
    assert_eq!(again.len(), units.len());
}

#[test]
fn the_summary_matches_the_sandboxs_contracts() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let p = portal(&client);
    t.click("Inventory");
    t.click("Occupancy summary");
    t.step_until("the summary", Duration::from_secs(60), |h| {
        h.state().panes.inventory.summary().total.units > 0
    });
    let total = t.harness.state().panes.inventory.summary().total.clone();
    let now = t.clock.now();
    let occupied: std::collections::HashSet<i64> = p
        .contracts
        .iter()
        .filter(|c| is_current(c, now))
        .map(|c| c.unit_id)
        .collect();
    assert_eq!(total.units as usize, p.units.len());
    assert_eq!(total.occupied_units as usize, occupied.len());
    assert_eq!(total.beds, p.units.iter().map(|u| u.capacity).sum::<i64>());
    t.wait_for_text(&format!("{} units, {} beds", total.units, total.beds));
}

/// The charts are images named by what they show: each community's share of occupied units
/// (worked out here from the service's units and contracts), each month's moves.
#[test]
fn the_occupancy_charts_say_in_words_what_they_show() {
    let mut t = app();
    t.wait_connected();
    let p = portal(&direct_client(&t));
    t.click("Inventory");
    t.click("Occupancy summary");
    let said = |h: &egui_kittest::Harness<'_, leasedesk::ui::LeaseDeskApp>, start: &str| {
        h.query_all_by_role(egui::accesskit::Role::Image)
            .filter_map(|n| n.accesskit_node().label())
            .find(|l| l.starts_with(start))
    };
    t.step_until("the charts", Duration::from_secs(60), move |h| {
        said(h, "Bar chart, occupancy by community:").is_some()
            && said(h, "Bar chart, move-ins and move-outs by month:").is_some()
    });
    let occupancy = said(&t.harness, "Bar chart, occupancy by community:").unwrap();
    let now = t.clock.now();
    let mut communities: Vec<&str> = p.units.iter().map(|u| u.community_name.as_str()).collect();
    communities.sort();
    communities.dedup();
    assert!(communities.len() >= 3);
    for community in communities {
        let units: Vec<i64> = p
            .units
            .iter()
            .filter(|u| u.community_name == community)
            .map(|u| u.id)
            .collect();
        let occupied = units
            .iter()
            .filter(|u| {
                p.contracts
                    .iter()
                    .any(|c| c.unit_id == **u && is_current(c, now))
            })
            .count();
        let share = 100.0 * occupied as f64 / units.len() as f64;
        let words = format!("{community} {share:.1}% of units");
        assert!(occupancy.contains(&words), "{words} in {occupancy}");
    }
    let moves = said(&t.harness, "Bar chart, move-ins and move-outs by month:").unwrap();
    assert_eq!(moves.matches(" in, ").count(), 12, "twelve months: {moves}");
    assert!(
        moves.contains("November 2026 "),
        "the month of today: {moves}"
    );
}

#[test]
fn a_refusal_from_the_service_is_shown_on_the_step_it_belongs_to() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let (community_id, _) = first_community(&client);
    let (mover, name, _) = person(&t, &client, false);
    let p = portal(&client);
    let occupancy = unit_occupancy(&p.units, &p.contracts, t.clock.now());
    let unit = units_with_room(&p.units, &occupancy, 1)
        .into_iter()
        .map(|i| p.units[i].clone())
        .find(|u| u.community_id == community_id && u.capacity == 1)
        .expect("a vacant one-bed unit");
    open_wizard_with(&mut t, &name);
    choose_unit_and_date(&mut t, &unit, "2026-11-20");

    // Someone else takes the unit while the agent is on the options step.
    let prospects = block_on(client.search(&SearchQuery {
        individual_type_id: Some(IndividualType::Prospect),
        ..Default::default()
    }))
    .unwrap();
    let other = prospects
        .cases
        .iter()
        .map(|c| c.primary.individual_id)
        .find(|&id| id != mover)
        .unwrap();
    let unique = block_on(client.communities())
        .unwrap()
        .into_iter()
        .find(|c| c.id == community_id)
        .unwrap()
        .name_unique;
    block_on(client.create_housing_contract(&HousingContractCreate {
        community_name_unique: unique,
        individuals: vec![ContractIndividual {
            individual_id: other,
        }],
        unit_id: Some(unit.id),
        unit_number: None,
        move_out_resident: None,
        is_transfer: None,
        create_move_in_activity: Some(false),
        is_waitlist: None,
        is_repayable: None,
        move_in_date: Some(t.clock.now().fixed_offset()),
        move_out_date: None,
        entrance_fee: None,
        deposit: None,
        monthly_fee: None,
    }))
    .unwrap();

    t.click("Next");
    t.click("Submit move-in");
    t.wait_for_text("The service refused the move-in");
    assert_eq!(t.harness.state().panes.move_in.step, Step::Where);
    // What was typed is still there (the day written the app's way), and nothing was saved
    // for the mover.
    assert_eq!(
        leasedesk::domain::move_in::parse_day(&t.harness.state().panes.move_in.draft.move_in),
        Ok(chrono::NaiveDate::from_ymd_opt(2026, 11, 20))
    );
    let theirs = block_on(client.housing_contracts(&HousingContractQuery {
        individual_id: Some(mover),
        ..Default::default()
    }))
    .unwrap();
    assert!(theirs.is_empty());
}

#[test]
fn the_wizard_starts_on_the_movers_community_tells_namesakes_apart_and_says_what_it_did() {
    use egui_kittest::kittest::NodeT;
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let (id, name, _) = person(&t, &client, false);
    let found = block_on(client.search(&SearchQuery {
        q: Some(name.clone()),
        ..Default::default()
    }))
    .unwrap()
    .cases
    .into_vec()
    .into_iter()
    .map(|c| c.primary)
    .find(|p| p.individual_id == id)
    .unwrap();
    let home = found.communities.first().cloned().expect("a community");

    t.click_button("Move-in");
    t.type_into("Find a person", &name);
    t.click("Find");
    // Each person found says where they are, how to reach them and since when.
    t.wait_for_text(&format!(
        "case {} · {} · {}",
        found.case_number,
        home.name,
        found.best_phone()
    ));
    t.wait_for_text(&format!(
        "since {}",
        leasedesk::domain::format::day(found.date_created.date_naive())
    ));
    t.click_first(&format!("Add {name}"));
    t.click("Next");
    assert_eq!(t.harness.state().panes.move_in.community(), Some(home.id));

    let unit = unit_with_room(&t, &client, home.id);
    t.wait_for_label(&format!("Unit {}", unit.number));
    t.click(&format!("Unit {}", unit.number));
    t.click("Next");
    t.type_into("Move-in date", "12/3/2026");
    t.click("Next");
    assert_eq!(t.harness.state().panes.move_in.step, Step::Options);
    // Nobody moving in has a contract: there is nothing to transfer from, and it says so.
    t.wait_for_text("nobody moving in has a current contract");
    let transfer = t.harness.get_by_label(
        "Transfer from their current unit (their current contract ends on the move-in date)",
    );
    assert!(transfer.accesskit_node().is_disabled());
    submit(&mut t);
    t.wait_for_text(&format!(
        "{name}: a move-in to unit {} at {} on Dec 3, 2026 was saved.",
        unit.number, unit.community_name
    ));
    assert!(
        t.harness
            .query_by_label_contains("will be logged")
            .is_none()
    );
}

#[test]
fn a_move_in_day_typed_without_its_year_passes_step_three_on_the_first_next() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let (community_id, _) = first_community(&client);
    let (_, name, _) = person(&t, &client, false);
    let unit = unit_with_room(&t, &client, community_id);
    open_wizard_with(&mut t, &name);
    t.wait_for_label(&format!("Unit {}", unit.number));
    t.choose("Community", &unit.community_name);
    t.wait_for_label(&format!("Unit {}", unit.number));
    t.click(&format!("Unit {}", unit.number));
    t.click("Next");
    // As people write it; the field says which day it understood.
    t.type_into("Move-in date", "Dec 3");
    t.wait_for_text("means Thu Dec 3, 2026");
    t.click("Next");
    assert_eq!(
        t.harness.state().panes.move_in.step,
        Step::Options,
        "one Next, no \"not a date\""
    );
    assert_eq!(t.harness.state().panes.move_in.draft.move_in, "Dec 3, 2026");
    assert!(
        t.harness
            .query_all_by_label_contains("is not a date")
            .count()
            == 0
    );
}

/// The units table is a table to a screen reader: the count of every unit shown (not the rows
/// drawn), its column headers, and each row's place and what it holds.
#[test]
fn the_units_table_is_a_table_with_its_counts_and_headers() {
    use egui::accesskit::Role;
    use egui_kittest::kittest::NodeT;
    let mut t = app();
    t.wait_connected();
    t.click("Inventory");
    t.step_until("the inventory", Duration::from_secs(60), |h| {
        h.state().panes.inventory.data().is_some()
    });
    t.click("Table");
    t.step_until("the units table", Duration::from_secs(30), |h| {
        h.query_by(|n| n.role() == Role::Table && n.label().as_deref() == Some("Units"))
            .is_some()
    });
    let units = t
        .harness
        .state()
        .panes
        .inventory
        .data()
        .unwrap()
        .units
        .len();
    let table = t
        .harness
        .get_by(|n| n.role() == Role::Table && n.label().as_deref() == Some("Units"));
    let data = table.accesskit_node().data();
    let rows = data.row_count().unwrap() - 1;
    assert!(rows > 0 && rows <= units, "{rows} of {units}");
    assert_eq!(data.column_count(), Some(9));
    let headers = t
        .harness
        .query_all_by(|n| n.role() == Role::ColumnHeader)
        .count();
    assert!(headers >= 9, "{headers} column headers");
    let first = t
        .harness
        .query_all_by(|n| n.role() == Role::Row)
        .next()
        .expect("a row")
        .accesskit_node()
        .data()
        .clone();
    assert_eq!(first.row_index(), Some(1));
    assert_eq!(first.position_in_set(), Some(0));
    assert_eq!(data.size_of_set(), Some(rows));
    assert!(
        first.label().is_some_and(|l| l.contains(", ")),
        "{:?}",
        first.label()
    );
}

/// A saved export's sentence, however long its folder's path, stays on the toolbar's row (cut,
/// whole on hover): the filters and the table below it do not move when it appears.
#[test]
fn an_exports_long_sentence_moves_nothing_below_the_toolbar() {
    let mut t = app();
    t.wait_connected();
    t.click("Inventory");
    t.click("Table");
    t.step_until("the units loaded", Duration::from_secs(60), |h| {
        h.query_by_label("Export units CSV…")
            .is_some_and(|b| !b.accesskit_node().is_disabled())
    });
    let root = tempfile::tempdir().unwrap();
    let folder = root
        .path()
        .join("a folder with a long name for the exports of the week".repeat(2));
    std::fs::create_dir_all(&folder).unwrap();
    let before = t.harness.get_by_label("Community").rect();
    let saving = crate::support::saving_into(&folder);
    t.click("Export units CSV…");
    t.step_until("the export saved", Duration::from_secs(60), |_| {
        folder.join("units.csv").exists()
    });
    drop(saving);
    t.wait_for_text("Saved ");
    t.harness.step();
    assert_eq!(t.harness.get_by_label("Community").rect(), before);
}

/// The service calls a person "Moved In" from the day their contract is signed; Search says
/// "Moving in Dec 3" while that day is still ahead.
#[test]
fn a_move_in_signed_for_a_day_ahead_reads_moving_in_in_search() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let (community_id, _) = first_community(&client);
    let (_, name, _) = person(&t, &client, false);
    let unit = unit_with_room(&t, &client, community_id);
    let ahead = (t.clock.now() + chrono::Duration::days(10)).date_naive();
    open_wizard_with(&mut t, &name);
    choose_unit_and_date(&mut t, &unit, &ahead.format("%Y-%m-%d").to_string());
    submit(&mut t);

    t.click_button("Search");
    t.type_into("Search cases", &name);
    // A day in another year says its year (near New Year's Eve the ten days cross it).
    let another_year =
        chrono::Datelike::year(&ahead) != chrono::Datelike::year(&t.clock.now().date_naive());
    let format = if another_year {
        leasedesk::domain::format::DAY
    } else {
        leasedesk::domain::format::MONTH_DAY
    };
    let said = format!("Moving in {}", ahead.format(format));
    let wanted = (name.clone(), said.clone());
    t.step_until("the row's status", Duration::from_secs(60), move |h| {
        h.state().panes.cases.search.rows_in_order().any(|r| {
            r.name == wanted.0 && leasedesk::domain::cases::CaseColumn::Status.text(r) == wanted.1
        })
    });
    t.wait_for_text(&said);
    assert!(
        t.harness
            .query_all_by_label_contains("Moved In")
            .next()
            .is_none(),
        "the service's word is not shown for a move-in still ahead"
    );
}

/// Opens an Inventory view at 1000×650 and gives its table's column headings, left to right.
fn headings_at_1000(view: &str, columns: usize) -> (TestApp, Vec<egui::Rect>) {
    let mut t = app();
    t.wait_connected();
    t.harness.set_size(egui::vec2(1000.0, 650.0));
    t.click("Inventory");
    t.click(view);
    t.step_until("the table's headings", Duration::from_secs(60), move |h| {
        h.query_all_by_role(egui::accesskit::Role::ColumnHeader)
            .count()
            >= columns
    });
    t.harness.run_steps(5);
    let mut headings: Vec<egui::Rect> = t
        .harness
        .query_all_by_role(egui::accesskit::Role::ColumnHeader)
        .map(|n| n.rect())
        .collect();
    headings.sort_by(|a, b| a.left().total_cmp(&b.left()));
    (t, headings)
}

/// At 1000×650 the occupancy summary's every column, the last ones included, is in view
/// without scrolling sideways.
#[test]
fn the_occupancy_summary_keeps_every_column_in_view_at_1000_wide() {
    let (mut t, headers) = headings_at_1000("Occupancy summary", 11);
    assert_eq!(headers.len(), 11, "{headers:?}");
    for rect in &headers {
        assert!(
            rect.right() <= 1000.0,
            "a column runs off the edge: {headers:?}"
        );
    }
    t.wait_for_label("All communities");
}

/// At 1000×650 the units table keeps its residents' column in view.
#[test]
fn the_units_table_keeps_its_residents_in_view_at_1000_wide() {
    let (_t, headers) = headings_at_1000("Table", 9);
    let last = headers.last().unwrap();
    // The residents' column starts in view with room for a name.
    assert!(
        last.left() + 100.0 <= 1000.0,
        "Residents (since) at {last:?}"
    );
}
