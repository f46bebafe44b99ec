//! An active lead's move-in score: hot, warm or cold, how likely within 90 days, and the three
//! things that moved it most from the portal's average lead. An agent who sees it otherwise
//! says why, and that is logged on the case as an Update activity (the service cannot hold a
//! score, and the score is never written as a field); the score itself is not changed by it.

use crate::context::AppCtx;
use crate::domain::activity_draft::Who;
use crate::domain::contact::plan_marker::score_disputed;
use crate::domain::move_in_score::Score;
use crate::engine::asks::{self, Lookups};
use crate::modals::log_activity::{LogSaved, log_record_now};
use crate::remote::{Remote, Slot};
use crate::scores::{KeptScores, Shown};
use leasedesk_i18n::tr;

/// Characters of an agent's reason kept.
const MAX_WHY: usize = 300;

#[derive(Default)]
pub struct ScoreSection {
    scores: KeptScores,
    disputing: bool,
    why: String,
    lookups: Slot<Lookups>,
    saving: Slot<LogSaved>,
}

impl ScoreSection {
    /// The case's activities changed: the scores may have too.
    pub fn stale(&mut self) {
        self.scores.stale();
    }

    pub fn score_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, who: &Who) {
        self.scores.keep_loaded(ctx);
        self.saving.poll();
        ui.horizontal(|ui| {
            ui.strong(tr!("score")).on_hover_text(tr!("case-score-tip"));
        });
        let scores = match self.scores.shown() {
            Shown::Scores(scores) => scores,
            Shown::NoScore(why) => {
                ui.label(egui::RichText::new(crate::scores::no_score(why)).color(ctx.tokens.muted));
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
                ui.label(egui::RichText::new(tr!("score-working")).color(ctx.tokens.muted));
                return;
            }
        };
        let Some(score) = scores.by_case.get(&who.case_number).cloned() else {
            ui.label(egui::RichText::new(tr!("case-not-scored")).color(ctx.tokens.muted));
            return;
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(
                egui::RichText::new(crate::lead_words::score_summary(&score))
                    .color(ctx.tokens.band(score.band)),
            );
            // Beside the portal's own rate, so "12%" reads as high or low.
            ui.label(
                egui::RichText::new(tr!(
                    "case-portal-rate",
                    rate = crate::words::likelihood(scores.base_rate)
                ))
                .color(ctx.tokens.muted),
            );
        });
        for reason in crate::lead_words::score_reasons(&score) {
            ui.label(format!("• {reason}"));
        }
        self.dispute_ui(ui, ctx, who, &score);
    }

    fn dispute_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, who: &Who, score: &Score) {
        match &self.saving.state {
            Remote::Ready(_) => {
                crate::widgets::said_ui(ui, ctx.tokens.success, tr!("case-view-logged"));
                return;
            }
            Remote::Failed { error, .. } => {
                crate::widgets::problem_ui(
                    ui,
                    ctx.tokens.error,
                    tr!(
                        "outreach-correction-failed",
                        error = crate::error_words::api_error(error)
                    ),
                );
            }
            _ => {}
        }
        let mut opened = false;
        if !self.disputing {
            if !ui
                .button(tr!("case-see-otherwise"))
                .on_hover_text(tr!("case-see-otherwise-hint"))
                .clicked()
            {
                return;
            }
            // The field is drawn in the click's own frame and takes the focus, so what is
            // typed right after the click lands in it.
            self.disputing = true;
            opened = true;
        }
        self.lookups.ask_once(ctx.backend, asks::lists::lookups);
        self.lookups.poll_read(ctx.backend);
        let response = crate::widgets::labelled(ui, &tr!("case-why"), |ui| {
            ui.add(
                egui::TextEdit::singleline(&mut self.why)
                    // Its own id: the frame that opens it draws the button before it, the next
                    // does not, and the focus must stay with it.
                    .id_salt("score-why")
                    .char_limit(MAX_WHY)
                    .desired_width(360.0)
                    .hint_text(tr!("case-why-hint")),
            )
        });
        if opened {
            response.request_focus();
        }
        let ready = !self.why.trim().is_empty()
            && self.lookups.state.value().is_some()
            && !self.saving.state.is_pending();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(ready, egui::Button::new(tr!("case-log-view")))
                .clicked()
                || (ready && response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)))
            {
                self.log(ctx, who, score);
            }
            if ui.button(tr!("settings-cancel")).clicked() {
                self.disputing = false;
            }
        });
    }

    fn log(&mut self, ctx: &mut AppCtx, who: &Who, score: &Score) {
        let why = score_disputed(&score.summary(), &self.why);
        let lookups = self.lookups.state.value();
        let _ = log_record_now(ctx, &mut self.saving, lookups, who, Vec::new(), why);
    }
}
