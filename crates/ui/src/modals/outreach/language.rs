//! The language a message is written in: the recipient's, as recorded on the case (the service
//! shows none of its own: an activity records it, read back by every desk), with the agent free
//! to write in another and to record that one as the family's.

use super::OutreachForm;
use crate::context::AppCtx;
use crate::domain::outreach::Language;
use crate::domain::outreach::language::{description, family_language};
use crate::modals::log_activity::log_record_now;
use crate::remote::Remote;
use crate::widgets::steady_combo;
use leasedesk_i18n::tr;

impl OutreachForm {
    /// The recipient's language as recorded here or on the case.
    pub(super) fn recorded_language(&self) -> Option<Language> {
        let id = self.recipient?;
        if let Some((_, language)) = self.languages_here.iter().rev().find(|(i, _)| *i == id) {
            return Some(*language);
        }
        let activities = self.activities.state.value()?;
        family_language(activities, id).map(|(language, _)| language)
    }

    /// "Written in": the language picked, and recording it as the family's when it is not.
    /// A cell of the dialog's grid, beside its label.
    pub(super) fn language_row_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.language_saving.poll();
        if let Remote::Ready(_) = self.language_saving.state
            && let Some(recorded) = self.language_pending.take()
        {
            self.languages_here.push(recorded);
        }
        let label = ui.label(tr!("outreach-written-in"));
        ui.horizontal(|ui| {
            let mut language = self.language;
            steady_combo(
                ui,
                140.0,
                egui::ComboBox::from_id_salt("outreach-language")
                    .selected_text(language.own_name()),
                |ui| {
                    for choice in Language::ALL {
                        let option = ui.selectable_value(&mut language, choice, choice.own_name());
                        // The name is a word of its language (WCAG 3.1.2).
                        ui.ctx().accesskit_node_builder(option.id, |node| {
                            node.set_language(choice.tag());
                        });
                    }
                },
            )
            .labelled_by(label.id);
            if language != self.language {
                self.language = language;
                self.language_picked = true;
            }
            let recorded = self.recorded_language();
            let saving = self.language_saving.state.is_pending();
            if recorded == Some(self.language) {
                ui.label(
                    egui::RichText::new(tr!("outreach-language-theirs")).color(ctx.tokens.muted),
                );
            } else if recorded.is_none() && self.language == Language::default() {
                // Nothing to record: English is what a family with none recorded is written in.
                ui.label(
                    egui::RichText::new(tr!("outreach-language-none")).color(ctx.tokens.muted),
                );
            } else if saving {
                crate::widgets::spinner_ui(ui);
            } else if self.recipient.is_some()
                && ui
                    .add_enabled(
                        self.can_log_records(),
                        egui::Button::new(tr!("outreach-keep-language")),
                    )
                    .on_hover_text(tr!("outreach-keep-language-hint"))
                    .clicked()
            {
                self.log_language(ctx);
            }
        });
        ui.end_row();
        if let Remote::Failed { error, .. } = &self.language_saving.state {
            ui.label("");
            crate::widgets::problem_ui(
                ui,
                ctx.tokens.error,
                tr!(
                    "outreach-language-not-kept",
                    error = crate::error_words::api_error(error)
                ),
            );
            ui.end_row();
        }
    }

    /// Whether the portal's types are read, with the one a record on the case is logged as.
    fn can_log_records(&self) -> bool {
        self.lookups
            .state
            .value()
            .is_some_and(|l| l.record_type().is_some())
    }

    fn log_language(&mut self, ctx: &mut AppCtx) {
        let Some(who) = self.recipient_who() else {
            return;
        };
        let individual_id = who.individual_id;
        let lookups = self.lookups.state.value();
        let logged = log_record_now(
            ctx,
            &mut self.language_saving,
            lookups,
            &who,
            Vec::new(),
            description(self.language),
        );
        if let Some(Ok(())) = logged {
            self.language_pending = Some((individual_id, self.language));
        }
    }
}
