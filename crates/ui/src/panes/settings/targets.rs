//! The portal's own targets in place of the published benchmarks (Sales' "Beside the
//! industry" tab and the weekly report): each measure with the published figure, and a target
//! of the director's own where they set one. Each change applies at once.

use crate::commands::Command;
use crate::context::AppCtx;
use crate::domain::benchmarks::published;
use crate::report::words::{benchmark_definition, benchmark_label, written};
use leasedesk_i18n::tr;

pub fn targets_ui(ui: &mut egui::Ui, ctx: &mut AppCtx) {
    ui.heading(tr!("targets"));
    ui.label(egui::RichText::new(tr!("targets-about")).color(ctx.tokens.muted));
    let mut targets = ctx.prefs.benchmark_targets.clone();
    egui::Grid::new("benchmark-targets")
        .num_columns(3)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            for b in published() {
                let at = targets.iter().position(|(m, _)| *m == b.measure);
                let mut own = at.is_some();
                ui.checkbox(&mut own, benchmark_label(b))
                    .on_hover_text(benchmark_definition(b));
                ui.label(
                    egui::RichText::new(tr!(
                        "targets-published",
                        value = written(&b.measure, b.value),
                        source = crate::report::words::benchmark_by(b),
                        date = crate::report::words::benchmark_when(b)
                    ))
                    .color(ctx.tokens.muted),
                );
                match (own, at) {
                    (true, None) => targets.push((b.measure.clone(), b.value)),
                    (false, Some(i)) => {
                        targets.remove(i);
                    }
                    _ => {}
                }
                if let Some((_, value)) = targets.iter_mut().find(|(m, _)| *m == b.measure) {
                    let percent = !(b.measure == "days_to_move_in"
                        || b.measure.starts_with("move_ins_per_move_out"));
                    let label = tr!("targets-yours", measure = benchmark_label(b));
                    if percent {
                        let mut shown = *value * 100.0;
                        let dragged = ui
                            .add(
                                egui::DragValue::new(&mut shown)
                                    .range(0.0..=100.0)
                                    .speed(0.1)
                                    .suffix("%"),
                            )
                            .on_hover_text(label);
                        // Written back only when moved: a round trip through percent would
                        // change the figure a little every frame.
                        if dragged.changed() {
                            *value = shown / 100.0;
                        }
                    } else {
                        ui.add(egui::DragValue::new(value).range(0.0..=1000.0).speed(0.05))
                            .on_hover_text(label);
                    }
                } else {
                    ui.label("");
                }
                ui.end_row();
            }
        });
    if targets != ctx.prefs.benchmark_targets {
        ctx.send(Command::SetBenchmarkTargets(targets));
    }
}
