//! Referral sources that pay for themselves: Sales' "Referral sources" tab against the funnel
//! and the fees worked out by hand from the service's raw reads.

use std::collections::HashMap;

use egui_kittest::kittest::Queryable;
use leasedesk::api::model::{
    ActivityFilter, HousingContract, HousingContractQuery, SearchCase, SearchQuery,
};
use leasedesk::domain::format::money;
use leasedesk::domain::source_returns::source_returns;

use crate::director::{open_sales, today};
use crate::support::{app, block_on, direct_client};

/// Every case of the portal, page by page.
pub(crate) fn all_cases(client: &leasedesk::api::Client) -> Vec<SearchCase> {
    let mut all = Vec::new();
    for page in 1.. {
        let answer = block_on(client.search(&SearchQuery {
            page_size: Some(500),
            page_number: Some(page),
            ..SearchQuery::default()
        }))
        .unwrap();
        let got = answer.cases.len();
        all.extend(answer.cases.into_vec());
        if got < 500 {
            break;
        }
    }
    all
}

#[test]
fn each_source_shows_its_move_ins_and_what_a_paid_one_costs() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let today = today(&t);
    open_sales(&mut t);
    t.click("Referral sources");
    t.wait_for_text("the Funnel tab's period");

    // By hand: the last 90 days' cases, each case's source (the case's, else the earliest
    // activity naming one), and each move-in's first month.
    let activities = block_on(leasedesk::service::activities::load_all(
        client.clone(),
        ActivityFilter::AllUsers,
        Default::default(),
    ))
    .unwrap();
    let contracts: Vec<HousingContract> =
        block_on(client.housing_contracts(&HousingContractQuery::default()))
            .unwrap()
            .into_vec();
    let cohort = crate::funnel_by_hand::furthest_in_cohort(&activities, &contracts, today, 90);
    let mut source: HashMap<String, String> = HashMap::new();
    for case in all_cases(&client) {
        if let Some(s) = case.primary.market_source.filter(|s| !s.is_empty()) {
            source.insert(case.primary.case_number, s);
        }
    }
    let mut earliest: HashMap<&str, (chrono::DateTime<chrono::FixedOffset>, &str)> = HashMap::new();
    for a in activities.iter() {
        if let Some(s) = a.market_source.as_deref().filter(|s| !s.is_empty()) {
            let e = earliest.entry(&a.case_number).or_insert((a.due_date, s));
            if a.due_date < e.0 {
                *e = (a.due_date, s);
            }
        }
    }
    let source_of = |case: &str| {
        source
            .get(case)
            .cloned()
            .or_else(|| earliest.get(case).map(|(_, s)| (*s).to_owned()))
            .unwrap_or_else(|| "Not known".to_owned())
    };
    let mut rent: HashMap<&str, (chrono::DateTime<chrono::FixedOffset>, f64)> = HashMap::new();
    for c in &contracts {
        let monthly = c.monthly_fee.filter(|f| *f > 0.0).unwrap_or(c.base_monthly);
        let e = rent
            .entry(&c.case_number)
            .or_insert((c.move_in_date, monthly));
        if c.move_in_date < e.0 {
            *e = (c.move_in_date, monthly);
        }
    }
    // Per source: inquiries, move-ins, and what the agency's move-ins owe (a month's rent).
    let mut by_hand: HashMap<String, (usize, usize, f64)> = HashMap::new();
    for (case, furthest) in &cohort {
        let line = by_hand.entry(source_of(case)).or_default();
        line.0 += 1;
        if *furthest == 3 {
            line.1 += 1;
            line.2 += rent.get(case.as_str()).map_or(0.0, |(_, r)| *r);
        }
    }

    let derived = t.harness.state().panes.sales.derived().unwrap();
    let paid = t.harness.state().prefs().lead_rules.paid_sources.clone();
    let cases = leasedesk::domain::funnel::cohort(
        &derived.journeys,
        t.harness.state().panes.sales.funnel.period(today).unwrap(),
    );
    let lines = source_returns(
        &derived.journeys,
        &derived.facts,
        &cases,
        &derived.first_month,
        &paid,
    );
    let shown: HashMap<String, (usize, usize)> = lines
        .iter()
        .map(|l| (l.source.clone(), (l.inquiries, l.move_ins)))
        .collect();
    let expected: HashMap<String, (usize, usize)> = by_hand
        .iter()
        .map(|(s, (n, m, _))| (s.clone(), (*n, *m)))
        .collect();
    assert_eq!(shown, expected, "inquiries and move-ins by source");
    assert!(
        lines.iter().any(|l| l.move_ins > 0),
        "the demo has move-ins in the period"
    );

    let agency = lines
        .iter()
        .find(|l| l.source == "Placement agency")
        .expect("the paid agency's line");
    let owed = by_hand["Placement agency"].2;
    assert_eq!(agency.fees_owed.map(|f| f.round()), Some(owed.round()));
    assert_eq!(agency.fee.as_deref(), Some("100% of the first month"));
    if agency.move_ins > 0 {
        t.wait_for_label(&money(owed));
        assert_eq!(
            agency.cost_per_move_in.map(|c| c.round()),
            Some((owed / agency.move_ins as f64).round())
        );
    }
    // A source nobody pays for says so.
    t.wait_for_label("not paid");
}

#[test]
fn a_source_marked_paid_in_settings_is_priced_at_once() {
    let mut t = app();
    t.wait_connected();
    t.click("Settings");
    // At the foot of Settings: scrolled to, as a person would.
    t.click_until("Add a paid source", "a second paid source", |h| {
        h.state().prefs().lead_rules.paid_sources.len() == 2
    });
    t.wait_for_label("Paid source 2");
    t.type_into("Paid source 2", "Website");
    t.step_until(
        "the paid source kept",
        std::time::Duration::from_secs(10),
        |h| {
            h.state()
                .prefs()
                .lead_rules
                .paid_sources
                .iter()
                .any(|p| p.name == "Website")
        },
    );
    open_sales(&mut t);
    t.click("Referral sources");
    t.wait_for_text("the Funnel tab's period");
    let derived = t.harness.state().panes.sales.derived().unwrap();
    let today = today(&t);
    let cases = leasedesk::domain::funnel::cohort(
        &derived.journeys,
        t.harness.state().panes.sales.funnel.period(today).unwrap(),
    );
    let paid = t.harness.state().prefs().lead_rules.paid_sources.clone();
    let lines = source_returns(
        &derived.journeys,
        &derived.facts,
        &cases,
        &derived.first_month,
        &paid,
    );
    let website = lines.iter().find(|l| l.source == "Website").unwrap();
    assert_eq!(website.fee.as_deref(), Some("100% of the first month"));
    let priced = t
        .harness
        .query_all_by_label("100% of the first month")
        .count();
    assert_eq!(priced, 2, "the agency and the website");
}
