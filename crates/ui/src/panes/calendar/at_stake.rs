//! "Needs a next step" ordered by what is at stake: each lead's move-in likelihood times the
//! first month at its community's typical rate, less the referral fee its source would be owed
//! (`domain::move_in_score`). Chosen by the agent; the list never reorders by itself otherwise.

use crate::context::AppCtx;
use crate::domain::format;
use crate::domain::next_step::NeedsNextStep;
use crate::scores::{KeptScores, Shown};

#[derive(Default)]
pub struct StakeOrder {
    pub on: bool,
    /// The last scores in are kept while newer ones are read, so the rows do not jump back
    /// to the colour order and forth again.
    scores: KeptScores,
}

impl StakeOrder {
    /// Asks for the scores while the order is on: once a day, and again when `stale`.
    pub fn keep_loaded(&mut self, ctx: &AppCtx, stale: bool) {
        if stale {
            self.scores.stale();
        }
        if self.on {
            self.scores.keep_loaded(ctx);
        }
    }

    pub fn choice_ui(&mut self, ui: &mut egui::Ui) {
        ui.selectable_value(&mut self.on, false, leasedesk_i18n::tr!("myday-by-colour"))
            .on_hover_text(leasedesk_i18n::tr!("stake-by-colour-hint"));
        ui.selectable_value(
            &mut self.on,
            true,
            leasedesk_i18n::tr!("myday-most-at-stake"),
        )
        .on_hover_text(leasedesk_i18n::tr!("stake-tip"));
    }

    fn scores(&self) -> Option<&crate::domain::move_in_score::Scores> {
        self.scores.scores()
    }

    /// Why the order cannot be had, while it is on.
    pub fn problem(&self) -> Option<String> {
        if !self.on {
            return None;
        }
        match self.scores.shown() {
            Shown::Scores(_) => None,
            Shown::NoScore(why) => Some(crate::scores::no_score(why)),
            Shown::Failed(error) => Some(leasedesk_i18n::tr!(
                "stake-no-scores",
                error = error.to_string()
            )),
            Shown::Reading => Some(leasedesk_i18n::tr!("stake-working")),
        }
    }

    /// The rows, the most at stake first when the order is on (else as they came).
    pub fn order(&self, ctx: &AppCtx, mut rows: Vec<NeedsNextStep>) -> Vec<NeedsNextStep> {
        let Some(scores) = self.scores().filter(|_| self.on) else {
            return rows;
        };
        let paid = &ctx.prefs.lead_rules.paid_sources;
        // Stable: equal stakes (and unscored leads) keep the waiting order.
        rows.sort_by(|a, b| {
            let (x, y) = (
                scores.stake(&a.case_number, paid),
                scores.stake(&b.case_number, paid),
            );
            y.unwrap_or(f64::MIN).total_cmp(&x.unwrap_or(f64::MIN))
        });
        rows
    }

    /// "Hot · $2,140": the lead's band and stake, when the order is on.
    pub fn label_ui(&self, ui: &mut egui::Ui, ctx: &AppCtx, case_number: &str) {
        let Some(scores) = self.scores().filter(|_| self.on) else {
            return;
        };
        let Some(score) = scores.by_case.get(case_number) else {
            ui.label(
                egui::RichText::new(leasedesk_i18n::tr!("stake-not-scored"))
                    .color(ctx.tokens.muted),
            );
            return;
        };
        let stake = scores
            .stake(case_number, &ctx.prefs.lead_rules.paid_sources)
            .map(|s| format!(" · {}", format::money(s.round()).trim_end_matches(".00")))
            .unwrap_or_default();
        ui.label(
            egui::RichText::new(format!("{}{stake}", crate::words::band(score.band)))
                .color(ctx.tokens.band(score.band)),
        )
        .on_hover_text(leasedesk_i18n::tr!(
            "stake-likely",
            likely = crate::words::likelihood(score.likelihood),
            why = crate::lead_words::score_reasons(score).join("; ")
        ));
    }
}
