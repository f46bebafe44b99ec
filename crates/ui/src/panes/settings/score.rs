//! How well the move-in score predicts: its calibration on the portal's last six months,
//! fitted only on what was known before them, tenth by tenth (predicted beside what happened).

use crate::context::AppCtx;
use crate::domain::format;
use crate::domain::move_in_score::written;
use crate::scores::{KeptScores, Shown};

#[derive(Default)]
pub struct ScoreCheck {
    scores: KeptScores,
}

impl ScoreCheck {
    pub fn calibration_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.heading("Move-in score");
        self.scores.keep_loaded(ctx);
        ui.label(
            egui::RichText::new(
                "Each active lead's likelihood of moving in within 90 days, fitted on this \
                 portal's own past (see the guide). Below, the check: a score fitted without \
                 the last six months, tried on them. Leads are split into tenths by what it \
                 predicted; beside each, how many did move in.",
            )
            .color(ctx.tokens.muted),
        );
        let scores = match self.scores.shown() {
            Shown::Scores(scores) => scores,
            Shown::NoScore(why) => {
                ui.label(why.to_string());
                return;
            }
            Shown::Failed(error) => {
                crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ No score: {error}"));
                return;
            }
            Shown::Reading => {
                ui.label("Working out the score…");
                return;
            }
        };
        ui.label(format!(
            "{} active leads scored. Fitted on the portal's past: {} leads as they stood on days \
             two weeks apart, {} of whom moved in within the next 90 days.",
            format::thousands(scores.by_case.len() as u64),
            format::thousands(scores.fitted_on as u64),
            written(scores.base_rate)
        ));
        let Some(check) = &scores.calibration else {
            ui.label("No check yet: the past before the last six months is too short to fit on.");
            return;
        };
        ui.label(format!(
            "The check: leads as they stood from {} to {}, scored by a fit on the {} before \
             them; {} of them moved in within the next 90 days.",
            format::day(check.from),
            format::day(check.to),
            format::thousands(check.fitted_on as u64),
            written(check.rate)
        ));
        if let Some(lift) = check.top_lift() {
            ui.label(format!(
                "The top tenth moved in {lift:.1} times as often as the average lead."
            ));
        }
        egui::Grid::new("score-calibration")
            .num_columns(4)
            .striped(true)
            .spacing([16.0, 2.0])
            .show(ui, |ui| {
                for title in ["Tenth", "Leads", "Predicted", "Moved in"] {
                    ui.strong(title);
                }
                ui.end_row();
                for (k, d) in check.deciles.iter().enumerate() {
                    ui.label(format!("{}", k + 1));
                    ui.label(d.leads.to_string());
                    ui.label(written(d.predicted));
                    ui.label(written(d.moved_in));
                    ui.end_row();
                }
            });
    }
}
