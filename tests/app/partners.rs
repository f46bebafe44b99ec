//! Referral partners' packs on Sales: only the partner's own families (their source worked out
//! here from the service's raw reads), and a call about the pack logged on the partner's person.

use std::collections::HashMap;
use std::time::Duration;

use egui_kittest::kittest::Queryable;
use leasedesk::api::model::ActivityFilter;

use crate::director::open_sales;
use crate::sources::all_cases;
use crate::support::{activities_of, app, block_on, direct_client};

const WAIT: Duration = Duration::from_secs(60);

#[test]
fn a_partners_pack_shows_only_their_families_and_logs_the_call_on_their_person() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    open_sales(&mut t);
    t.click("Partner packs");
    t.wait_for_label("Save pack PDF…");
    t.choose("Partner", "St. Mary's Hospital");
    t.step_until("St. Mary's Hospital's pack", WAIT, |h| {
        h.state()
            .panes
            .sales
            .partners
            .shown()
            .is_some_and(|p| p.partner == "St. Mary's Hospital")
    });
    let pack = t
        .harness
        .state()
        .panes
        .sales
        .partners
        .shown()
        .unwrap()
        .clone();

    // By hand: each case's source, the case's own or else its earliest activity's.
    let activities = block_on(leasedesk::service::activities::load_all(
        client.clone(),
        ActivityFilter::AllUsers,
        Default::default(),
    ))
    .unwrap();
    let mut source: HashMap<String, String> = HashMap::new();
    let mut earliest: HashMap<&str, (chrono::DateTime<chrono::FixedOffset>, &str)> = HashMap::new();
    for a in activities.iter() {
        if let Some(s) = a.market_source.as_deref().filter(|s| !s.is_empty()) {
            let e = earliest.entry(&a.case_number).or_insert((a.due_date, s));
            if a.due_date < e.0 {
                *e = (a.due_date, s);
            }
        }
    }
    for case in all_cases(&client) {
        let own = case.primary.market_source.filter(|s| !s.is_empty());
        let number = case.primary.case_number;
        if let Some(s) = own.or_else(|| earliest.get(number.as_str()).map(|e| e.1.to_owned())) {
            source.insert(number, s);
        }
    }
    assert!(
        !pack.families.is_empty(),
        "the demo's hospital referred families"
    );
    // The families' table, under the pack's availability: scrolled to, as a person scrolls.
    t.scroll_into_view("The families St. Mary's Hospital referred");
    for f in &pack.families {
        assert_eq!(
            source.get(&f.case_number).map(String::as_str),
            Some("St. Mary's Hospital"),
            "{} ({}) came through the hospital",
            f.name,
            f.case_number
        );
    }
    // On screen: a table of every family of the pack, the rows in view each one of them.
    use egui::accesskit::Role;
    use egui_kittest::kittest::NodeT;
    let table = t.harness.get_by(|n| {
        n.role() == Role::Table && n.label().as_deref() == Some("The families referred")
    });
    assert_eq!(
        table.accesskit_node().data().size_of_set(),
        Some(pack.families.len())
    );
    let shown: Vec<String> = table
        .query_all_by(|n| n.role() == Role::Row)
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    assert!(!shown.is_empty(), "no family's row in view");
    for row in &shown {
        assert!(
            pack.families
                .iter()
                .any(|f| row.starts_with(&format!("{}, {}, ", f.name, f.community))),
            "{row} is not one of the hospital's families"
        );
    }
    let theirs = source
        .values()
        .filter(|s| s.as_str() == "St. Mary's Hospital")
        .count();
    assert!(pack.families.len() + pack.more_families <= theirs);

    // The call about the pack, logged on the hospital's person.
    let contact = pack
        .contact
        .clone()
        .expect("the demo's hospital has a person");
    t.click("Log the pack call");
    t.wait_for_text("✔ The call is logged as an Outreach Call Out on the partner's person");
    t.step_until("the call on the service", WAIT, |_| {
        activities_of(&client, contact.individual_id)
            .iter()
            .any(|a| {
                a.activity_type.as_deref() == Some("Outreach Call Out")
                    && a.activity_name
                        .contains("Partner pack gone through by phone to St. Mary's")
            })
    });
    let button = t.harness.get_by_label("Log the pack call");
    assert!(
        button.accesskit_node().is_disabled(),
        "a second press logs nothing"
    );
}
