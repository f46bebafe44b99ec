//! Sales' "Beside the industry" tab: each measure a row, the published figure (or the
//! portal's own target) beside the portal's and each community's, the gap coloured, and what
//! each figure means and where the benchmark comes from written under the table.

use std::collections::HashMap;
use std::sync::Arc;

use super::Derived;
use crate::context::AppCtx;
use crate::domain::benchmarks::{
    Benchmark, BenchmarkRow, Gap, Inputs, gap, rows, with_targets, written,
};
use crate::domain::response_times::ContactTimes;
use crate::domain::speed_to_lead::LeadRules;
use crate::widgets::text_grid::{GridCell, TextGrid};

/// What the rows were counted from: the figures and times (by address), the rules and targets.
type Key = (usize, usize, LeadRules, Vec<(String, f64)>);

#[derive(Default)]
pub struct BenchmarksView {
    counted: Option<(Key, Arc<Vec<BenchmarkRow>>)>,
}

impl BenchmarksView {
    /// The rows last shown (the figure-agreement tests read them).
    pub fn shown(&self) -> Option<Arc<Vec<BenchmarkRow>>> {
        self.counted.as_ref().map(|(_, rows)| rows.clone())
    }

    fn rows(
        &mut self,
        ctx: &AppCtx,
        derived: &Arc<Derived>,
        times: Option<&Arc<HashMap<String, ContactTimes>>>,
    ) -> Arc<Vec<BenchmarkRow>> {
        let key: Key = (
            Arc::as_ptr(derived) as usize,
            times.map_or(0, |t| Arc::as_ptr(t) as usize),
            ctx.prefs.lead_rules.clone(),
            ctx.prefs.benchmark_targets.clone(),
        );
        if let Some((k, rows)) = &self.counted
            && *k == key
        {
            return rows.clone();
        }
        let counted = Arc::new(rows(&Inputs {
            journeys: &derived.journeys,
            facts: &derived.facts,
            times: times.map(|t| &**t),
            rules: &ctx.prefs.lead_rules,
            zone: ctx.zone,
            forecast: &derived.forecast,
            moves: &derived.moves,
            today: derived.today,
        }));
        self.counted = Some((key, counted.clone()));
        counted
    }

    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut AppCtx,
        derived: &Arc<Derived>,
        times: Option<&Arc<HashMap<String, ContactTimes>>>,
    ) {
        let rows = self.rows(ctx, derived, times);
        let benchmarks = with_targets(&ctx.prefs.benchmark_targets);
        ui.label(leasedesk_i18n::tr!("bench-about"));
        if times.is_none() {
            ui.label(
                egui::RichText::new(leasedesk_i18n::tr!("bench-reading")).color(ctx.tokens.muted),
            );
        }
        egui::ScrollArea::vertical()
            .id_salt("benchmarks")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                let mut grid = TextGrid::new(
                    [
                        leasedesk_i18n::tr!("bench-col-measure"),
                        leasedesk_i18n::tr!("bench-col-benchmark"),
                    ]
                    .into_iter()
                    .chain(rows.iter().map(|row| row.key.clone())),
                );
                for b in &benchmarks {
                    grid.row(measure_row(ctx, b, &rows));
                }
                grid.show(
                    ui,
                    "benchmarks-grid",
                    &leasedesk_i18n::tr!("bench-table"),
                    1,
                );
                ui.label(
                    egui::RichText::new(format!(
                        "{} Point at a dash to see which.",
                        crate::domain::benchmarks::DASH_MEANS
                    ))
                    .color(ctx.tokens.muted),
                );
                ui.add_space(12.0);
                ui.strong(leasedesk_i18n::tr!("bench-meanings"));
                for b in &benchmarks {
                    let from = if b.source.is_empty() {
                        b.benchmark.clone()
                    } else {
                        format!("{}, {} ({})", b.benchmark, b.date, b.source)
                    };
                    ui.label(format!("{}: {} Benchmark: {from}.", b.label, b.definition));
                }
            });
    }
}

fn measure_row(ctx: &AppCtx, b: &Benchmark, rows: &[BenchmarkRow]) -> Vec<GridCell> {
    let mut cells = vec![
        GridCell::text(&b.label).hover(&b.definition),
        GridCell::text(written(&b.measure, b.value)).hover(format!("{}, {}", b.benchmark, b.date)),
    ];
    for row in rows {
        cells.push(match row.figure(&b.measure) {
            Some(ours) => {
                // A mark as well as a colour, so the verdict is not in the colour alone.
                let (mark, colour, verdict) = match gap(b, ours) {
                    Gap::Meets => ("✔", ctx.tokens.success, leasedesk_i18n::tr!("bench-meets")),
                    Gap::Near => ("≈", ctx.tokens.partial, leasedesk_i18n::tr!("bench-near")),
                    Gap::Short => ("✖", ctx.tokens.error, leasedesk_i18n::tr!("bench-short")),
                };
                GridCell::text(format!("{mark} {}", written(&b.measure, ours)))
                    .colour(colour)
                    .hover(format!("{}: {verdict}. {}", row.key, b.definition))
            }
            None => {
                let why = crate::domain::benchmarks::nothing_to_count(&b.measure);
                GridCell::text("—")
                    .colour(ctx.tokens.muted)
                    .hover(format!("{}: {why}", row.key))
            }
        });
    }
    cells
}
