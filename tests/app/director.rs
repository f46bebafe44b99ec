//! The director's desk against the sandbox: the admissions queue (in date order, with each
//! checklist's progress, a row opening its checklist), the funnel (a bar lists its cases, a case
//! opens), the census forecast, and the Search table's Stage filter.

use std::collections::HashSet;
use std::time::Duration;

use chrono::Days;
use egui_kittest::kittest::{NodeT, Queryable};
use leasedesk::api::model::{ActivityFilter, HousingContractQuery};
use leasedesk::domain::checklist::Progress;
use leasedesk::domain::funnel::Stage;
use leasedesk::ui::panes::sales::Tab;

use crate::support::{TestApp, app, block_on, direct_client};

const ZONE: chrono_tz::Tz = chrono_tz::America::New_York;

pub(crate) fn today(t: &TestApp) -> chrono::NaiveDate {
    t.clock.now().with_timezone(&ZONE).date_naive()
}

#[test]
fn the_admissions_queue_lists_coming_move_ins_by_date_and_opens_their_checklists() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let today = today(&t);
    t.click("Admissions");
    t.step_until("every checklist read", Duration::from_secs(60), |h| {
        let a = &h.state().panes.admissions;
        let queue = a.queue(today);
        !queue.is_empty() && queue.iter().all(|e| a.progress_of(e.contract_id).is_some())
    });
    let queue = t.harness.state().panes.admissions.queue(today);

    // The move-ins of the next 30 days, as the contracts say, in date order.
    let contracts = block_on(client.housing_contracts(&HousingContractQuery::default())).unwrap();
    let expected: HashSet<String> = contracts
        .iter()
        .filter(|c| c.active_lease)
        .filter(|c| {
            let day = c.move_in_date.date_naive();
            day >= today && day <= today + Days::new(30)
        })
        .map(|c| c.case_number.clone())
        .collect();
    let upcoming: HashSet<String> = queue
        .iter()
        .filter(|e| e.move_in >= today)
        .map(|e| e.case_number.clone())
        .collect();
    assert!(upcoming.len() >= 3, "the demo portal has move-ins ahead");
    assert_eq!(upcoming, expected);
    assert!(queue.windows(2).all(|w| w[0].move_in <= w[1].move_in));

    // Each row's progress is its checklist's, as the service has it.
    let first = queue.iter().find(|e| e.move_in >= today).unwrap().clone();
    let requirements = block_on(
        client.admission_requirements(first.case_number.parse().unwrap(), first.community_id),
    )
    .unwrap();
    let progress = Progress::of(&requirements);
    assert_eq!(
        t.harness
            .state()
            .panes
            .admissions
            .progress_of(first.contract_id),
        Some(progress)
    );
    t.wait_for_text(&progress.text());
    // A table to a screen reader: every move-in queued a row, each row its place and words.
    t.harness.run_steps(2);
    assert_table(&t, "Admissions queue", queue.len(), 6);
    let row = t
        .harness
        .query_all_by(|n| {
            n.role() == egui::accesskit::Role::Row
                && n.label().is_some_and(|l| l.contains(&first.name))
        })
        .next()
        .expect("the first move-in's row");
    let row = row.accesskit_node();
    let position = queue
        .iter()
        .position(|e| e.contract_id == first.contract_id);
    assert_eq!(row.data().position_in_set(), position);
    assert!(
        row.label().unwrap().contains(&progress.text()),
        "{:?} reads its progress",
        row.label()
    );

    // A row opens its checklist.
    t.click(&first.name);
    t.wait_for_label("Back to move-ins coming up");
    t.step_until("the checklist", Duration::from_secs(30), |h| {
        h.state().panes.admissions.requirements().is_some()
    });
    let shown = t
        .harness
        .state()
        .panes
        .admissions
        .requirements()
        .unwrap()
        .clone();
    // Its header says whose move-in it is: resident, unit, community and day.
    t.wait_for_label(&format!(
        "{} · unit {} at {} · moving in {}",
        first.name,
        first.unit_number,
        first.community,
        leasedesk::domain::format::day(first.move_in)
    ));
    // A requirement offers the results that fit a document, not a sales call's.
    let requirements = requirements.into_vec();
    assert_eq!(shown, requirements);
    for r in &requirements {
        let offered: Vec<&str> = r.type_select.iter().map(|o| o.label.as_str()).collect();
        assert!(!offered.contains(&"Spoke with prospect"), "{offered:?}");
        assert!(offered.contains(&"Received"), "{offered:?}");
    }
    // Who updated each requirement, and when, come from the data (not one name for all).
    let met: Vec<_> = requirements.iter().filter(|r| r.activity_id != 0).collect();
    if let Some(r) = met.first() {
        t.wait_for_text(&format!(
            " · by {} on {}",
            r.user_name,
            r.date_updated.format("%b %-d, %Y %-I:%M %P")
        ));
    }
    t.click("Back to move-ins coming up");
    t.wait_for_label("Move-ins coming up");
    // Someone who has moved in is never "Not ready".
    let moved_in_at_risk = queue
        .iter()
        .filter(|e| e.move_in < today)
        .filter(|e| {
            let p = t
                .harness
                .state()
                .panes
                .admissions
                .progress_of(e.contract_id);
            p.is_some_and(|p| p.met < p.total)
        })
        .count();
    let not_ready = t.harness.query_all_by_label("⚠ Not ready").count();
    let upcoming_at_risk = queue
        .iter()
        .filter(|e| {
            e.at_risk(
                t.harness
                    .state()
                    .panes
                    .admissions
                    .progress_of(e.contract_id),
                today,
            )
        })
        .count();
    assert_eq!(not_ready, upcoming_at_risk);
    assert_eq!(
        t.harness.query_all_by_label("Paperwork still open").count(),
        moved_in_at_risk
    );
}

pub(crate) fn open_sales(t: &mut TestApp) {
    t.click("Sales");
    t.step_until("the sales figures", Duration::from_secs(60), |h| {
        h.state().panes.sales.derived().is_some()
    });
}

#[test]
fn a_funnel_bar_lists_the_cases_that_reached_its_stage_and_a_case_opens() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let today = today(&t);
    open_sales(&mut t);

    let activities = block_on(leasedesk::service::activities::load_all(
        client.clone(),
        ActivityFilter::AllUsers,
        Default::default(),
    ))
    .unwrap();
    let contracts = block_on(client.housing_contracts(&HousingContractQuery::default())).unwrap();
    let cohort = crate::funnel_by_hand::furthest_in_cohort(&activities, &contracts, today, 90);
    let toured: HashSet<String> = cohort
        .iter()
        .filter(|&(_, &f)| f >= 1)
        .map(|(case, _)| case.clone())
        .collect();
    assert!(!toured.is_empty());

    let bar = format!(
        "Tour: {}",
        leasedesk::domain::format::count(toured.len(), "case")
    );
    t.click(&bar);
    t.step_until("the listed cases", Duration::from_secs(10), |h| {
        h.state().panes.sales.funnel.selection.is_some()
    });
    let derived = t.harness.state().panes.sales.derived().unwrap();
    let selection = t
        .harness
        .state()
        .panes
        .sales
        .funnel
        .selection
        .clone()
        .unwrap();
    let listed: HashSet<String> = selection
        .cases
        .iter()
        .map(|&i| derived.journeys[i].case_number.clone())
        .collect();
    assert_eq!(listed, toured);
    t.wait_for_text(&format!(
        "Reached Tour: {}",
        leasedesk::domain::format::count(toured.len(), "case")
    ));

    // A listed case opens in the case view, by its number.
    let journey = &derived.journeys[selection.cases[0]];
    let (name, number) = (journey.name.clone(), journey.case_number.clone());
    t.click_first(&name);
    t.step_until("the case", Duration::from_secs(30), |h| {
        h.state()
            .panes
            .cases
            .view
            .as_ref()
            .is_some_and(|v| v.case_number() == number)
    });
}

#[test]
fn the_forecast_shows_30_60_90_days_and_who_moves_in() {
    let mut t = app();
    t.wait_connected();
    open_sales(&mut t);
    t.click("Census forecast");
    t.step_until("the forecast tab", Duration::from_secs(5), |h| {
        h.state().panes.sales.tab == Tab::Forecast
    });
    let derived = t.harness.state().panes.sales.derived().unwrap();
    let f = &derived.forecast;
    assert_eq!(f.days, 90);
    t.wait_for_text(&format!(
        "Occupied beds: {} today, {} in 30 days, {} in 60 days, {} in 90 days",
        f.total.beds_on(0),
        f.total.beds_on(30),
        f.total.beds_on(60),
        f.total.beds_on(90)
    ));
    // The chart, to a screen reader: an image that says the same figures.
    let chart = t
        .harness
        .query_all_by_role(egui::accesskit::Role::Image)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.starts_with("Line chart, occupied beds over the next 90 days: "))
        .expect("the forecast chart is named by what it shows");
    let all = format!(
        "All communities {} today, {} in 30 days, {} in 60 days, {} in 90 days; ",
        f.total.beds_on(0),
        f.total.beds_on(30),
        f.total.beds_on(60),
        f.total.beds_on(90)
    );
    assert!(chart.contains(&all), "{all} in {chart}");
    assert!(chart.contains("Maple Grove Senior Living "), "{chart}");
    assert!(!f.pending.is_empty(), "the demo portal has move-ins ahead");
    t.wait_for_text(&format!(
        "Pending move-ins: {}",
        leasedesk::domain::format::count(f.pending.len(), "signed contract")
    ));
    t.wait_for_label(&f.pending[0].name);
    t.wait_for_text(&format!(
        "Vacant: {}",
        leasedesk::domain::format::count(f.vacant.len(), "unit")
    ));

    // The weekly report from the app: a whole PDF where the person chose.
    let folder = tempfile::tempdir().unwrap();
    let saving = crate::support::saving_into(folder.path());
    t.click("Export weekly report (PDF)…");
    let file = folder
        .path()
        .join(format!("weekly-report-{}.pdf", today(&t)));
    t.step_until("the report saved", Duration::from_secs(60), |_| {
        file.exists()
    });
    drop(saving);
    t.wait_for_text("Saved the weekly report to");
    let pdf = std::fs::read(&file).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let text = String::from_utf8_lossy(&pdf);
    assert!(
        text.contains(&f.pending[0].name),
        "the pending move-ins are in the report"
    );
    assert_eq!(
        std::fs::read_dir(folder.path()).unwrap().count(),
        1,
        "no partial file left"
    );
}

#[test]
fn the_search_stage_filter_keeps_only_cases_at_that_stage() {
    let mut t = app();
    t.wait_for_cases();
    t.choose("Stage", "Deposit");
    t.step_until("stages worked out", Duration::from_secs(60), |h| {
        let search = &h.state().panes.cases.search;
        h.state().panes.sales.stages().is_some() && search.rows_in_order().count() > 0
    });
    let stages = t.harness.state().panes.sales.stages().unwrap();
    let rows: Vec<_> = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .cloned()
        .collect();
    for row in &rows {
        assert_eq!(row.stage, Some(Stage::Deposit), "{}", row.case_number);
        assert_eq!(stages.get(&row.case_number), Some(&Stage::Deposit));
    }
    let first = &rows[0];
    assert!(
        t.harness.query_all_by_label("Deposit").count() > 1,
        "the Stage column says Deposit for {}",
        first.case_number
    );
}

#[test]
fn the_funnel_from_the_store_agrees_with_the_services_reads_and_opens_few_rows() {
    use leasedesk::domain::funnel::{Period, cohort};
    let mut t = app();
    t.wait_connected();
    crate::support::wait_for_filled_store(&mut t);
    let client = direct_client(&t);
    let today = today(&t);
    let every = block_on(leasedesk::service::activities::load_all(
        client.clone(),
        ActivityFilter::AllUsers,
        Default::default(),
    ))
    .unwrap();
    let contracts = block_on(client.housing_contracts(&HousingContractQuery::default())).unwrap();
    let backend = t.harness.state().backend().clone();
    let loading = std::sync::Arc::new(leasedesk::service::activities::Loading::default());
    let data = block_on(backend.sales_data(client, loading.clone(), today)).unwrap();
    let opened = loading.loaded.load(std::sync::atomic::Ordering::SeqCst);
    assert!(
        opened * 2 < every.len(),
        "the store opened {opened} of {} activities",
        every.len()
    );
    assert!(
        data.activities.is_empty() && data.cases.is_empty(),
        "the pane keeps the worked-out figures, not the rows"
    );
    let done = data.worked_out.clone().expect("worked out from the store");
    assert_eq!(done.as_of, today);
    let list = done.journeys.as_ref().clone();
    let period = Period {
        from: today.checked_sub_days(Days::new(89)).unwrap(),
        to: today,
    };
    let from_store: std::collections::HashMap<String, usize> = cohort(&list, period)
        .into_iter()
        .filter_map(|i| Some((list[i].case_number.clone(), list[i].furthest()?.index())))
        .collect();
    let by_hand = crate::funnel_by_hand::furthest_in_cohort(&every, &contracts, today, 90);
    assert_eq!(from_store, by_hand);
    assert!(!by_hand.is_empty());

    // The census forecast and each case's first month, from the store's units and contracts
    // (the data holds neither), equal those worked out from the service's lists.
    assert!(
        data.units.is_empty() && data.contracts.is_empty(),
        "the pane keeps no unit or contract"
    );
    let mut units = block_on(direct_client(&t).units(&leasedesk::api::model::UnitQuery::default()))
        .unwrap()
        .into_vec();
    units.sort_by_key(|u| u.id);
    let from_lists = leasedesk::domain::census::forecast(
        &units,
        &contracts,
        today,
        leasedesk::domain::report::FORECAST_DAYS,
    );
    assert!(!from_lists.pending.is_empty() || !from_lists.on_notice.is_empty());
    let shown = |f: &leasedesk::domain::census::Forecast| serde_json::to_value(f).unwrap();
    assert_eq!(
        shown(
            done.forecast
                .as_deref()
                .expect("the forecast from the store")
        ),
        shown(&from_lists)
    );
    assert_eq!(
        done.first_month.as_deref(),
        Some(&leasedesk::domain::source_returns::first_months(&contracts))
    );
}

#[test]
fn the_funnel_sets_speed_to_lead_beside_conversion_from_the_services_times() {
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    open_sales(&mut t);
    t.step_until("the contact times", Duration::from_secs(120), |h| {
        h.state().panes.sales.funnel.times.state.value().is_some()
    });
    for heading in ["Median first contact", "In 1 h", "In 24 h"] {
        t.step_until(heading, Duration::from_secs(60), |h| {
            crate::support::heading_rect(h, heading).is_some()
        });
    }
    let now = t.clock.now();
    // By hand: each case's creation, and its first completed call, email or visit out.
    let activities = block_on(leasedesk::service::activities::load_all(
        client.clone(),
        ActivityFilter::AllUsers,
        Default::default(),
    ))
    .unwrap();
    let mut first: std::collections::HashMap<&str, chrono::DateTime<chrono::Utc>> =
        Default::default();
    // The store keeps the last SYNC_MONTHS calendar months of activities up to the wall
    // clock's month (the desk's clock here is a fixed day): a contact before them is not in
    // it. A case with a contact within days of that edge is left out of the comparison (the
    // edge's hours are the service's to cut).
    let kept_from = leasedesk::service::activities::month_windows(
        chrono::Utc::now().date_naive(),
        leasedesk::service::activities::SYNC_MONTHS,
    )[0]
    .0;
    let mut near_the_edge = std::collections::HashSet::new();
    for a in activities.iter().filter(|a| {
        a.completed
            && a.due_date <= now
            && leasedesk::domain::speed_to_lead::OUTBOUND_TYPES
                .contains(&a.activity_type.as_deref().unwrap_or(""))
    }) {
        let day = a.due_date.date_naive();
        if (day - kept_from).num_days().abs() <= 2 {
            near_the_edge.insert(a.case_number.as_str());
        }
        if day < kept_from {
            continue;
        }
        let at = a.due_date.with_timezone(&chrono::Utc);
        let slot = first.entry(a.case_number.as_str()).or_insert(at);
        *slot = (*slot).min(at);
    }
    let times = t
        .harness
        .state()
        .panes
        .sales
        .funnel
        .times
        .state
        .value()
        .unwrap()
        .clone();
    let cases = crate::sources::all_cases(&client);
    assert_eq!(times.len(), cases.len(), "every case has its times");
    let mut reached = 0;
    for case in &cases {
        let p = &case.primary;
        let kept = &times[&p.case_number];
        assert_eq!(kept.inquired, p.date_created, "{}", p.case_number);
        if near_the_edge.contains(p.case_number.as_str()) {
            continue;
        }
        assert_eq!(
            kept.first_contact,
            first.get(p.case_number.as_str()).copied(),
            "{}",
            p.case_number
        );
        reached += usize::from(kept.first_contact.is_some());
    }
    assert!(reached > 100, "most cases were reached: {reached}");
}

/// A Sales table as a screen reader meets it: a table named `name` of `rows` data rows and
/// `columns` columns (the whole list's counts), its column headers in view the columns', and
/// each row in view its own place among the rows.
fn assert_table(t: &TestApp, name: &str, rows: usize, columns: usize) {
    use egui::accesskit::Role;
    let table = t
        .harness
        .query_by(|n| n.role() == Role::Table && n.label().as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no table named {name:?}"));
    let data = table.accesskit_node().data().clone();
    assert_eq!(data.size_of_set(), Some(rows), "{name}: rows");
    assert_eq!(
        data.row_count(),
        Some(rows + 1),
        "{name}: rows and its header row"
    );
    assert_eq!(data.column_count(), Some(columns), "{name}: columns");
    let headers: Vec<usize> = table
        .query_all_by(|n| n.role() == Role::ColumnHeader)
        .filter_map(|n| n.accesskit_node().data().column_index())
        .collect();
    assert!(
        headers.iter().all(|&c| c < columns),
        "{name}: headers at {headers:?}"
    );
    let places: Vec<usize> = table
        .query_all_by(|n| n.role() == Role::Row)
        .filter_map(|n| n.accesskit_node().data().row_index())
        .collect();
    assert!(
        places.iter().all(|&p| (1..=rows).contains(&p)),
        "{name}: rows at {places:?} of {rows}"
    );
}

/// The forecast's figures, the funnel's breakdown and the benchmarks are tables to a screen
/// reader (egui's Grid drew them as loose words): each with the forecast's own counts.
#[test]
fn sales_small_tables_are_tables_with_their_counts_headers_and_places() {
    use egui::accesskit::Role;
    let mut t = app();
    t.wait_connected();
    open_sales(&mut t);
    t.step_until("the funnel's breakdown", Duration::from_secs(60), |h| {
        h.query_by(|n| n.role() == Role::Table && n.label().as_deref() == Some("By community"))
            .is_some()
    });
    let communities = t
        .harness
        .get_by(|n| n.role() == Role::Table && n.label().as_deref() == Some("By community"))
        .accesskit_node()
        .data()
        .size_of_set()
        .unwrap();
    assert!(communities >= 3, "{communities} communities");
    assert_table(&t, "By community", communities, 11);
    let speed = crate::support::heading_rect(&t.harness, "Median first contact");
    assert!(speed.is_some(), "the speed columns' header");

    t.click("Census forecast");
    t.step_until("the forecast tab", Duration::from_secs(5), |h| {
        h.state().panes.sales.tab == Tab::Forecast
    });
    t.harness.run_steps(3);
    let derived = t.harness.state().panes.sales.derived().unwrap();
    let f = &derived.forecast;
    let (lines, notice, pending, vacant) = (
        f.lines.len() + 1,
        f.on_notice.len(),
        f.pending.len(),
        f.vacant.len(),
    );
    assert_table(&t, "Occupied beds by community", lines, 8);
    let first = t
        .harness
        .get_by(|n| {
            n.role() == Role::Table && n.label().as_deref() == Some("Occupied beds by community")
        })
        .query_all_by(|n| n.role() == Role::ColumnHeader)
        .count();
    assert_eq!(first, 8, "the forecast's 8 headers");
    if notice > 0 {
        assert_table(&t, "On notice", notice, 4);
    }
    assert!(pending > 0, "the demo has move-ins ahead");
    assert_table(&t, "Pending move-ins", pending, 4);
    if vacant > 0 {
        assert_table(&t, "Vacant units", vacant, 5);
    }

    t.click("Beside the industry");
    t.step_until("the benchmarks", Duration::from_secs(60), |h| {
        h.query_by(|n| n.role() == Role::Table && n.label().as_deref() == Some("Benchmarks"))
            .is_some()
    });
    let measures = leasedesk::domain::benchmarks::published().len();
    let table = t
        .harness
        .get_by(|n| n.role() == Role::Table && n.label().as_deref() == Some("Benchmarks"));
    let columns = table.accesskit_node().data().column_count().unwrap();
    assert!(columns >= 3, "measure, benchmark and at least one of ours");
    assert_table(&t, "Benchmarks", measures, columns);
}
