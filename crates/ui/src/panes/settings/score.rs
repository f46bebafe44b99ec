//! How well the move-in score predicts: its calibration on the portal's last six months,
//! fitted only on what was known before them, tenth by tenth (predicted beside what happened).

use crate::context::AppCtx;
use crate::scores::{KeptScores, Shown};
use leasedesk_i18n::tr;

#[derive(Default)]
pub struct ScoreCheck {
    scores: KeptScores,
}

impl ScoreCheck {
    pub fn calibration_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.heading(tr!("score"));
        self.scores.keep_loaded(ctx);
        ui.label(egui::RichText::new(tr!("score-about")).color(ctx.tokens.muted));
        let scores = match self.scores.shown() {
            Shown::Scores(scores) => scores,
            Shown::NoScore(why) => {
                ui.label(crate::scores::no_score(why));
                return;
            }
            Shown::Failed(error) => {
                crate::widgets::problem_ui(
                    ui,
                    ctx.tokens.error,
                    tr!("score-failed", error = error.to_string()),
                );
                return;
            }
            Shown::Reading => {
                ui.label(tr!("score-working"));
                return;
            }
        };
        ui.label(tr!(
            "score-fitted",
            scored = scores.by_case.len(),
            fitted = scores.fitted_on,
            rate = crate::words::likelihood(scores.base_rate)
        ));
        let Some(check) = &scores.calibration else {
            ui.label(tr!("score-no-check"));
            return;
        };
        ui.label(tr!(
            "score-check",
            from = crate::dates::day(check.from),
            to = crate::dates::day(check.to),
            fitted = check.fitted_on,
            rate = crate::words::likelihood(check.rate)
        ));
        if let Some(lift) = check.top_lift() {
            ui.label(tr!("score-lift", lift = format!("{lift:.1}")));
        }
        egui::Grid::new("score-calibration")
            .num_columns(4)
            .striped(true)
            .spacing([16.0, 2.0])
            .show(ui, |ui| {
                for title in [
                    tr!("score-col-tenth"),
                    tr!("score-col-leads"),
                    tr!("score-col-predicted"),
                    tr!("score-col-moved-in"),
                ] {
                    ui.strong(title);
                }
                ui.end_row();
                for (k, d) in check.deciles.iter().enumerate() {
                    ui.label(format!("{}", k + 1));
                    ui.label(d.leads.to_string());
                    ui.label(crate::words::likelihood(d.predicted));
                    ui.label(crate::words::likelihood(d.moved_in));
                    ui.end_row();
                }
            });
    }
}
