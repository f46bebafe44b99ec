//! Sales → Region: a row per community of each portal this desk keeps a store of (the
//! sandbox's two demo portals), each equal to what that portal's own Sales pane shows, and a
//! row's "Open" switching to its portal.

use std::collections::HashMap;
use std::time::Duration;

use egui_kittest::kittest::Queryable;
use leasedesk::domain::funnel::{Dimension, Period, Stage, breakdown, cohort};
use leasedesk::domain::region::RegionRow;
use leasedesk::engine::Link;

use crate::director::open_sales;
use crate::support::{Setup, TestApp, wait_for_filled_store};

const WAIT: Duration = Duration::from_secs(120);

/// Per community: beds occupied now and in 90 days (shares), inquiries and move-ins.
type OwnFigures = HashMap<String, (Option<f64>, Option<f64>, usize, usize)>;

/// What the portal's own Sales pane shows per community: beds occupied now and in 90 days
/// (the census forecast), and the last 90 days' inquiries and move-ins (the funnel).
fn own_figures(t: &TestApp) -> OwnFigures {
    let derived = t.harness.state().panes.sales.derived().unwrap();
    let period = Period {
        from: derived.today - chrono::Days::new(89),
        to: derived.today,
    };
    let cases = cohort(&derived.journeys, period);
    let funnel: HashMap<String, [usize; 4]> = breakdown(
        &derived.journeys,
        &derived.facts,
        &cases,
        Dimension::Community,
    )
    .into_iter()
    .map(|r| (r.key, r.figures.reached))
    .collect();
    let mut out = HashMap::new();
    for line in &derived.forecast.lines {
        let e = out
            .entry(line.community.clone())
            .or_insert((0i64, 0u32, 0u32));
        e.0 += line.beds;
        e.1 += line.beds_on(0);
        e.2 += line.beds_on(90);
    }
    out.into_iter()
        .map(|(community, (beds, now, later))| {
            let reached = funnel.get(&community).copied().unwrap_or_default();
            let share = |n: u32| (beds > 0).then(|| f64::from(n) / beds as f64);
            (
                community,
                (
                    share(now),
                    share(later),
                    reached[Stage::Inquiry.index()],
                    reached[Stage::MoveIn.index()],
                ),
            )
        })
        .collect()
}

fn region_rows(t: &mut TestApp, portals: usize) -> Vec<RegionRow> {
    t.click("Region");
    t.step_until("every portal's rows", WAIT, |h| {
        let region = &h.state().panes.sales.region;
        region.answer().is_some_and(|a| {
            a.portals.len() >= 2 && a.portals.iter().filter(|(_, r)| r.is_ok()).count() == portals
        })
    });
    t.harness.run_steps(3);
    t.harness.state().panes.sales.region.rows().to_vec()
}

fn assert_rows_equal(rows: &[RegionRow], portal: &str, own: &OwnFigures) {
    let mine: Vec<&RegionRow> = rows.iter().filter(|r| r.portal == portal).collect();
    assert_eq!(mine.len(), own.len(), "{portal}: a row a community");
    for r in mine {
        let (now, later, inquiries, move_ins) = own[&r.community];
        assert_eq!(r.occupancy[0], now, "{} now", r.community);
        assert_eq!(r.occupancy[3], later, "{} in 90 days", r.community);
        assert_eq!(
            (r.inquiries, r.move_ins),
            (inquiries, move_ins),
            "{}",
            r.community
        );
        // "Short of" names its base: each benchmark is either measured or said not to be.
        assert_eq!(r.short_of, r.short_of_names.len(), "{}", r.community);
        assert_eq!(
            r.measured + r.not_measured.len(),
            leasedesk::domain::benchmarks::published().len(),
            "{}",
            r.community
        );
        let said = leasedesk_i18n::in_language(leasedesk_i18n::Language::English, || {
            leasedesk::ui::words::short_of(r)
        });
        assert!(
            said.starts_with(&format!("Short of {} of the {} ", r.short_of, r.measured))
                && r.not_measured.iter().all(|n| said.contains(n.as_str())),
            "{said}"
        );
    }
}

#[test]
fn the_region_sets_each_portals_own_figures_side_by_side_and_a_row_opens_its_portal() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = Setup {
        data_dir: Some(dir.path().to_path_buf()),
        keyring: true,
        ..Setup::default()
    }
    .start();
    t.wait_connected();
    wait_for_filled_store(&mut t);
    open_sales(&mut t);
    let demo = own_figures(&t);
    let demo_name = leasedesk::domain::report::SANDBOX_PORTAL;

    // Only the demo portal has a store yet: the second says how to get one.
    let rows = region_rows(&mut t, 1);
    assert_rows_equal(&rows, demo_name, &demo);
    t.wait_for_text("no offline copy of it on this desk");

    // The second portal, visited once: its store fills, its own panes show its figures.
    t.click("Settings");
    t.click("Use the second demo portal");
    t.step_until("the second portal", WAIT, |h| {
        h.state().backend().connection().link().is_second_sandbox()
    });
    wait_for_filled_store(&mut t);
    open_sales(&mut t);
    t.step_until("the second portal's figures", WAIT, |h| {
        h.state().panes.sales.derived().is_some_and(|d| {
            d.forecast
                .lines
                .iter()
                .all(|l| !demo.contains_key(&l.community))
        })
    });
    let second = own_figures(&t);
    assert!(!second.is_empty());
    let second_name = leasedesk::domain::report::SECOND_SANDBOX_PORTAL;
    let rows = region_rows(&mut t, 2);
    assert_rows_equal(&rows, second_name, &second);
    assert_rows_equal(&rows, demo_name, &demo);

    // Sorted by occupancy now, highest first, across both portals.
    t.click("Occupied\nnow");
    t.harness.run_steps(3);
    let shown: Vec<Option<f64>> = t
        .harness
        .state()
        .panes
        .sales
        .region
        .rows()
        .iter()
        .map(|r| r.occupancy[0])
        .collect();
    let mut expected = shown.clone();
    expected.sort_by(|a, b| b.unwrap_or(-1.0).total_cmp(&a.unwrap_or(-1.0)));
    assert_eq!(shown, expected);

    // At 1000×650 every row's Open is in view (the first column).
    t.harness.set_size(egui::vec2(1000.0, 650.0));
    t.harness.run_steps(5);
    for open in t.harness.query_all_by_label("Open") {
        assert!(open.rect().right() <= 1000.0, "Open at {:?}", open.rect());
    }
    // Narrower still, the table scrolls sideways: its last column comes into view while each
    // row's Open and community stay where they were.
    t.harness.set_size(egui::vec2(760.0, 650.0));
    t.harness.run_steps(5);
    let first_community = t.harness.state().panes.sales.region.rows()[0]
        .community
        .clone();
    let before = t
        .harness
        .query_all_by_label(&first_community)
        .next()
        .unwrap()
        .rect();
    // The portal's heading, the last column (sorted by occupancy, so no arrow on it).
    assert!(
        t.harness
            .query_all_by_label("Portal")
            .all(|n| n.rect().left() >= 760.0),
        "at 760 wide the last column is off to the right before scrolling: {:?}",
        t.harness
            .query_all_by_label("Portal")
            .map(|n| n.rect())
            .collect::<Vec<_>>()
    );
    let over_the_table = egui::pos2(600.0, before.center().y);
    t.harness.event(egui::Event::PointerMoved(over_the_table));
    for _ in 0..4 {
        t.harness.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(-400.0, 0.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: egui::Modifiers::NONE,
        });
        t.harness.run_steps(3);
    }
    t.harness.run_steps(10);
    let last = t
        .harness
        .query_all_by_label("Portal")
        .next()
        .expect("the last heading drawn once scrolled to")
        .rect();
    assert!(
        last.right() <= 760.0 && last.left() > before.right(),
        "the last heading scrolled into view at {last:?}"
    );
    let after = t
        .harness
        .query_all_by_label(&first_community)
        .next()
        .unwrap()
        .rect();
    assert_eq!(after, before, "the community stays in view, in its place");
    for open in t.harness.query_all_by_label("Open") {
        assert!(
            open.rect().left() >= 0.0 && open.rect().right() <= before.left(),
            "Open at {:?}, the community at {before:?}",
            open.rect()
        );
    }
    t.harness.set_size(egui::vec2(1000.0, 650.0));
    t.harness.run_steps(5);

    // A demo portal's row opens the demo portal's figures beside the industry's.
    let first_demo = t
        .harness
        .state()
        .panes
        .sales
        .region
        .rows()
        .iter()
        .position(|r| r.portal == demo_name)
        .unwrap();
    t.harness
        .query_all_by_label("Open")
        .nth(first_demo)
        .unwrap()
        .click();
    let clicked = std::time::Instant::now();
    t.step_until("the demo portal again, its figures shown", WAIT, |h| {
        matches!(
            h.state().backend().connection().link(),
            Link::Sandbox { .. }
        ) && !h.state().backend().connection().link().is_second_sandbox()
            && h.state().panes.sales.derived().is_some_and(|d| {
                d.forecast
                    .lines
                    .iter()
                    .all(|l| demo.contains_key(&l.community))
            })
    });
    // Measured, not asserted (the closing note's "switching between portals").
    eprintln!(
        "switched to the demo portal, its figures on screen, in {} ms",
        clicked.elapsed().as_millis()
    );
    assert_eq!(
        t.harness.state().panes.sales.tab,
        leasedesk::ui::panes::sales::Tab::Benchmarks
    );
}
