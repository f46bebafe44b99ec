//! Sales' "Beside the industry" tab: each measure a row, the published figure (or the
//! portal's own target) beside the portal's and each community's, the gap coloured, and what
//! each figure means and where the benchmark comes from written under the table.

use std::collections::HashMap;
use std::sync::Arc;

use super::Derived;
use crate::context::AppCtx;
use crate::domain::benchmarks::{Benchmark, BenchmarkRow, Gap, Inputs, gap, rows, with_targets};
use crate::domain::response_times::ContactTimes;
use crate::domain::speed_to_lead::LeadRules;
use crate::report::words::{
    all_communities, benchmark_definition, benchmark_from, benchmark_label, nothing_to_count,
    written,
};
use crate::widgets::text_grid::{GridCell, TextGrid};
use leasedesk_i18n::tr;

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
        ui.label(tr!("bench-about"));
        if times.is_none() {
            ui.label(egui::RichText::new(tr!("bench-reading")).color(ctx.tokens.muted));
        }
        egui::ScrollArea::vertical()
            .id_salt("benchmarks")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                let mut grid = TextGrid::new(
                    [tr!("bench-col-measure"), tr!("bench-col-benchmark")]
                        .into_iter()
                        .chain(rows.iter().enumerate().map(|(i, row)| row_name(i, row))),
                );
                for b in &benchmarks {
                    grid.row(measure_row(ctx, b, &rows));
                }
                grid.show(ui, "benchmarks-grid", &tr!("bench-table"), 1);
                ui.label(egui::RichText::new(tr!("bench-dash-means")).color(ctx.tokens.muted));
                ui.add_space(12.0);
                ui.strong(tr!("bench-meanings"));
                for b in &benchmarks {
                    // The source is a web address, the same in every language.
                    let from = if b.source.is_empty() {
                        benchmark_from(b)
                    } else {
                        format!("{} ({})", benchmark_from(b), b.source)
                    };
                    ui.label(tr!(
                        "bench-meaning",
                        measure = benchmark_label(b),
                        means = benchmark_definition(b),
                        from = from
                    ));
                }
            });
    }
}

/// A row's name: the portal's (the first; the domain names it in English), or a community's.
fn row_name(i: usize, row: &BenchmarkRow) -> String {
    if i == 0 {
        all_communities()
    } else {
        crate::report::words::row_key(&row.key)
    }
}

fn measure_row(ctx: &AppCtx, b: &Benchmark, rows: &[BenchmarkRow]) -> Vec<GridCell> {
    let definition = benchmark_definition(b);
    let by = benchmark_from(b);
    let mut cells = vec![
        GridCell::text(benchmark_label(b)).hover(&definition),
        GridCell::text(written(&b.measure, b.value)).hover(by),
    ];
    for (i, row) in rows.iter().enumerate() {
        let key = row_name(i, row);
        cells.push(match row.figure(&b.measure) {
            Some(ours) => {
                // A mark as well as a colour, so the verdict is not in the colour alone.
                let (mark, colour, verdict) = match gap(b, ours) {
                    Gap::Meets => ("✔", ctx.tokens.success, tr!("bench-meets")),
                    Gap::Near => ("≈", ctx.tokens.partial, tr!("bench-near")),
                    Gap::Short => ("✖", ctx.tokens.error, tr!("bench-short")),
                };
                GridCell::text(format!("{mark} {}", written(&b.measure, ours)))
                    .colour(colour)
                    .hover(format!("{key}: {verdict}. {definition}"))
            }
            None => {
                let why = nothing_to_count(&b.measure);
                GridCell::text("—")
                    .colour(ctx.tokens.muted)
                    .hover(format!("{key}: {why}"))
            }
        });
    }
    cells
}
