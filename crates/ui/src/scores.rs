//! The move-in scores as a pane keeps them: asked once a day (and again when told they may have
//! changed); the slot shows the last answer while a newer one is read, so nothing flickers or
//! reorders after a save. The engine keeps the fitted answer; asking again is cheap.

use std::sync::Arc;

use chrono::NaiveDate;

use crate::context::AppCtx;
use crate::domain::move_in_score::{NoScore, Scores};
use crate::engine::asks::{self, ScoreAnswer};
use crate::remote::Slot;

#[derive(Default)]
pub struct KeptScores {
    slot: Slot<Arc<ScoreAnswer>>,
    asked_on: Option<NaiveDate>,
}

/// What a pane can show.
pub enum Shown<'a> {
    Scores(&'a Scores),
    NoScore(&'a NoScore),
    Failed(String),
    Reading,
}

impl KeptScores {
    /// Read again when next kept loaded.
    pub fn stale(&mut self) {
        self.asked_on = None;
    }

    pub fn keep_loaded(&mut self, ctx: &AppCtx) {
        let today = ctx.today();
        if self.asked_on != Some(today) && !self.slot.state.is_pending() {
            self.asked_on = Some(today);
            self.slot
                .ask(ctx.backend, asks::sales::move_in_scores(today));
        }
        self.slot.poll_read(ctx.backend);
    }

    pub fn shown(&self) -> Shown<'_> {
        match (
            self.slot.state.value().map(|a| a.as_ref()),
            self.slot.state.error(),
        ) {
            (Some(Ok(scores)), _) => Shown::Scores(scores),
            (Some(Err(why)), _) => Shown::NoScore(why),
            (None, Some(error)) => Shown::Failed(crate::error_words::api_error(error)),
            (None, None) => Shown::Reading,
        }
    }

    pub fn scores(&self) -> Option<&Scores> {
        match self.shown() {
            Shown::Scores(scores) => Some(scores),
            _ => None,
        }
    }
}

/// Why there is no score, in the window's language.
pub fn no_score(why: &NoScore) -> String {
    use crate::domain::move_in_score::fit::{MIN_LEADS, MIN_MOVE_INS};
    match why {
        NoScore::NotKept => leasedesk_i18n::tr!("score-not-kept"),
        NoScore::TooLittleHistory { leads, move_ins } => leasedesk_i18n::tr!(
            "score-too-little-history",
            leads = *leads,
            move_ins = *move_ins,
            min_leads = MIN_LEADS,
            min_move_ins = MIN_MOVE_INS
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leasedesk_i18n::{Language, in_language};

    #[test]
    fn why_there_is_no_score_is_said_in_each_language() {
        for why in [
            NoScore::NotKept,
            NoScore::TooLittleHistory {
                leads: 12,
                move_ins: 3,
            },
        ] {
            let english = in_language(Language::English, || no_score(&why));
            let spanish = in_language(Language::Spanish, || no_score(&why));
            assert_eq!(english, why.to_string());
            assert_ne!(spanish, english);
        }
    }
}
