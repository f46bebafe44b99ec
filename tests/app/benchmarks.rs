//! Sales' "Beside the industry": the portal's figures beside the published ones, the
//! definitions under them, and a target of the director's own in place of a published figure.

use std::time::Duration;

use egui_kittest::kittest::Queryable;

use crate::support::app;

#[test]
fn the_portals_figures_stand_beside_the_published_ones_and_a_target_replaces_one() {
    let mut t = app();
    t.wait_connected();
    t.click("Sales");
    t.click("Beside the industry");
    t.wait_for_label("Inquiry to tour");
    // The published occupancy, and its definition and source written under the table.
    t.wait_for_label("89.1%");
    t.wait_for_text("Occupancy (units): Occupied units ÷ units, today. Benchmark: NIC MAP");
    // The first contacts are read: the portal's share within two office hours shows.
    t.step_until("the first-contact share", Duration::from_secs(120), |h| {
        h.query_all_by_label("First contact within 2 business hours")
            .count()
            > 0
            && h.state().panes.sales.funnel.times.state.value().is_some()
    });
    // Each of the portal's figures says its verdict by a mark as well as its colour (1.4.1):
    // a row reads "Measure, benchmark, ✔ 89.9%, ≈ 85.5%, …" ("—" where there is nothing to
    // count).
    use egui::accesskit::Role;
    let table = t
        .harness
        .get_by(|n| n.role() == Role::Table && n.label().as_deref() == Some("Benchmarks"));
    let ours = egui_kittest::kittest::NodeT::accesskit_node(&table)
        .data()
        .column_count()
        .unwrap()
        - 2;
    let rows: Vec<String> = table
        .query_all_by(|n| n.role() == Role::Row)
        .filter_map(|n| egui_kittest::kittest::NodeT::accesskit_node(&n).label())
        .collect();
    assert!(rows.len() >= 6, "{rows:?}");
    let mut marked = 0;
    for row in &rows {
        // The portal's figures are the row's last cells (a measure's name may hold a comma).
        for figure in row.rsplitn(ours + 1, ", ").take(ours) {
            assert!(
                figure == "—" || ["✔ ", "≈ ", "✖ "].iter().any(|m| figure.starts_with(m)),
                "{figure:?} in {row:?} has no mark"
            );
            marked += usize::from(figure != "—");
        }
    }
    assert!(marked >= 6, "{marked} figures marked");

    t.click("Settings");
    t.scroll_into_view("Targets beside the industry's");
    t.check("Occupancy (units)");
    t.wait_at_rest();
    assert_eq!(
        t.harness.state().prefs().benchmark_targets,
        vec![("occupancy".to_owned(), 0.891)],
        "ticked, the target starts at the published figure"
    );
    t.click("Sales");
    t.wait_for_text(
        "Occupancy (units): Occupied units ÷ units, today. Benchmark: Your target (Settings)",
    );
    assert_eq!(
        t.harness
            .query_all_by_label_contains("today. Benchmark: NIC MAP")
            .count(),
        0
    );
}
