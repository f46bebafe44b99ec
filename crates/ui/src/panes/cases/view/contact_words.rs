//! The family's word on being contacted, on the case: each person's opt-outs and consents as
//! read back from the case's activities (the service cannot change a person), with what stands
//! now, so whoever opens the case sees it before reaching out.

use super::CaseView;
use crate::context::AppCtx;
use crate::domain::contact::preference::{self, Action, Preference};
use crate::domain::outreach::Channel;
use crate::engine::asks::WholeCase;
use leasedesk_i18n::tr;

/// Words listed per person at most (the latest).
const SHOWN: usize = 5;

impl CaseView {
    pub(super) fn contact_words_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut AppCtx,
        whole: &WholeCase,
    ) {
        ui.add_space(4.0);
        ui.label(egui::RichText::new(tr!("words-title")).strong());
        let people: Vec<(i64, String)> = whole
            .case
            .individuals
            .iter()
            .map(|p| (p.individual_id, p.individual_name.clone()))
            .collect();
        self.word_form
            .form_ui(ui, ctx, &whole.case.case_number, &people);
        let Some(activities) = self.activities.state.value() else {
            return;
        };
        // Each person's language for letters and messages, as recorded.
        for person in &whole.case.individuals {
            if let Some((language, _)) =
                crate::domain::outreach::language::family_language(activities, person.individual_id)
            {
                ui.label(
                    egui::RichText::new(tr!(
                        "words-language",
                        name = person.individual_name.as_str(),
                        language = language.own_name()
                    ))
                    .color(ctx.tokens.muted),
                );
            }
        }
        // Words logged here that the case's activities as read do not hold yet count too.
        let mut words = preference::preferences(activities);
        for word in ctx
            .backend
            .remembered()
            .words_logged_here(&whole.case.case_number)
        {
            if !words.contains(&word) {
                words.push(word);
            }
        }
        if words.is_empty() {
            ui.label(egui::RichText::new(tr!("words-none")).color(ctx.tokens.muted));
            return;
        }
        for person in &whole.case.individuals {
            let theirs: Vec<&Preference> = words
                .iter()
                .filter(|w| w.individual_id == person.individual_id)
                .collect();
            if theirs.is_empty() {
                continue;
            }
            let held: Vec<String> = Channel::ALL
                .into_iter()
                .filter(|c| {
                    preference::standing_opt_out(&words, person.individual_id, *c, ctx.now)
                        .is_some()
                })
                .map(crate::words::channel)
                .collect();
            let standing = if held.is_empty() {
                tr!("words-may-contact")
            } else {
                tr!("words-no", channels = held.join(", ").to_lowercase())
            };
            ui.label(
                egui::RichText::new(format!("{}: {standing}", person.individual_name)).color(
                    if held.is_empty() {
                        ctx.tokens.muted
                    } else {
                        ctx.tokens.error
                    },
                ),
            );
            for word in theirs.iter().rev().take(SHOWN) {
                let how = if word.how.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", word.how)
                };
                let by = if word.by.is_empty() {
                    String::new()
                } else {
                    tr!("words-logged-by", name = word.by.as_str())
                };
                let mark = match word.action {
                    Action::OptOut => "⛔",
                    Action::Consent => "✔",
                };
                ui.label(format!(
                    "   {mark} {}{how}, {}{by}",
                    crate::guard_words::phrase(word.action, word.scope),
                    crate::dates::day(word.at.with_timezone(&ctx.zone).date_naive()),
                ));
            }
        }
        ui.label(egui::RichText::new(tr!("words-kept-as")).color(ctx.tokens.muted));
    }
}
