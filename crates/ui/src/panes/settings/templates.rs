//! The outreach templates, edited by a director: per community (or for every community),
//! purpose and channel, with the merge fields listed beside the editor and a preview on a real
//! case (the outreach dialog itself, opened on it: nothing goes until someone presses Sent).
//! Each change applies at once and is kept with the portal's other settings.

use crate::api::model::Community;
use crate::commands::{Command, MessageStart};
use crate::context::AppCtx;
use crate::domain::outreach::merge::{Field, merge};
use crate::domain::outreach::templates::TemplateKey as Key;
use crate::domain::outreach::templates::{MAX_BODY, MAX_SUBJECT};
use crate::domain::outreach::{Channel, Language, Purpose, Template};
use crate::widgets::{Choices, labelled, steady_combo, together};
use leasedesk_i18n::tr;

#[derive(Default)]
pub struct TemplateEditor {
    community: Option<i64>,
    purpose: Option<Purpose>,
    channel: Option<Channel>,
    language: Language,
    /// What is being edited, and for which template.
    loaded: Option<Key>,
    subject: String,
    body: String,
    preview_case: String,
}

impl TemplateEditor {
    fn key(&self) -> Key {
        (
            self.community,
            self.purpose.unwrap_or(Purpose::FirstReply),
            self.channel.unwrap_or(Channel::Email),
            self.language,
        )
    }

    pub fn templates_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, communities: &[Community]) {
        ui.heading(tr!("templates"));
        ui.label(egui::RichText::new(tr!("templates-about")).color(ctx.tokens.muted));
        let (community, purpose, channel, language) = self.key();
        let community_name = |id: Option<i64>| match id {
            None => tr!("templates-every-community"),
            Some(id) => communities
                .iter()
                .find(|c| c.id == id)
                .map_or_else(|| tr!("lead-rules-community", id = id), |c| c.name.clone()),
        };
        let (mut c, mut p, mut ch, mut lang) = (community, purpose, channel, language);
        // Each choice whole in the window's language ("Recordatorio de la lista…" is long).
        let purposes = Choices::new(
            ui,
            "template-purpose",
            Purpose::ALL,
            crate::words::purpose,
            170.0,
        );
        let channels = Choices::new(
            ui,
            "template-channel",
            Channel::ALL,
            crate::words::channel,
            100.0,
        );
        ui.horizontal_wrapped(|ui| {
            together(ui, &tr!("calling-col-community"), 240.0, |ui, caption| {
                steady_combo(
                    ui,
                    240.0,
                    egui::ComboBox::from_id_salt("template-community")
                        .selected_text(community_name(c)),
                    |ui| {
                        ui.selectable_value(&mut c, None, tr!("templates-every-community"));
                        for community in communities {
                            ui.selectable_value(&mut c, Some(community.id), &community.name);
                        }
                    },
                )
                .labelled_by(caption)
            });
            together(
                ui,
                &tr!("templates-purpose"),
                purposes.width(),
                |ui, caption| purposes.show(ui, &mut p).labelled_by(caption),
            );
            together(
                ui,
                &tr!("templates-channel"),
                channels.width(),
                |ui, caption| channels.show(ui, &mut ch).labelled_by(caption),
            );
            together(ui, &tr!("templates-language"), 100.0, |ui, caption| {
                steady_combo(
                    ui,
                    100.0,
                    egui::ComboBox::from_id_salt("template-language")
                        .selected_text(lang.own_name()),
                    |ui| {
                        for option in Language::ALL {
                            let choice = ui.selectable_value(&mut lang, option, option.own_name());
                            // The name is a word of its language (WCAG 3.1.2).
                            ui.ctx().accesskit_node_builder(choice.id, |node| {
                                node.set_language(option.tag());
                            });
                        }
                    },
                )
                .labelled_by(caption)
            });
        });
        (self.community, self.purpose, self.channel, self.language) = (c, Some(p), Some(ch), lang);
        let key = self.key();
        let templates = &ctx.prefs.templates;
        if self.loaded != Some(key) {
            // This language's, else the English text to translate from.
            let found = templates.find(key.0, key.1, key.2, key.3);
            self.subject = found.map(|t| t.subject.clone()).unwrap_or_default();
            self.body = found.map(|t| t.body.clone()).unwrap_or_default();
            self.loaded = Some(key);
        }
        let own = key
            .0
            .is_some_and(|id| templates.has_own(id, key.1, key.2, key.3));
        ui.horizontal(|ui| {
            let whose = match key.0 {
                None => tr!("templates-for-every"),
                Some(_) if own => tr!("templates-own", community = community_name(key.0)),
                Some(_) => tr!("templates-uses-shared", community = community_name(key.0)),
            };
            ui.label(egui::RichText::new(whose).color(ctx.tokens.muted));
            if let (Some(id), true) = (key.0, own)
                && ui.button(tr!("templates-use-shared-again")).clicked()
            {
                let mut all = templates.clone();
                all.remove_own(id, key.1, key.2, key.3);
                ctx.send(Command::SetTemplates(Box::new(all)));
                self.loaded = None;
            }
        });
        let mut changed = false;
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                // The merge fields keep 340 px beside the text; at a narrow window their words wrap.
                ui.set_width((ui.available_width() - 340.0).max(300.0));
                if key.2.has_subject() {
                    changed |= labelled(ui, &tr!("templates-subject"), |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut self.subject)
                                .char_limit(MAX_SUBJECT)
                                .desired_width(f32::INFINITY),
                        )
                    })
                    .changed();
                }
                let label = ui.label(tr!("templates-text"));
                changed |= ui
                    .add(
                        egui::TextEdit::multiline(&mut self.body)
                            .char_limit(MAX_BODY)
                            .desired_rows(9)
                            .desired_width(f32::INFINITY),
                    )
                    .labelled_by(label.id)
                    .changed();
                let unknown = merge(
                    &format!("{} {}", self.subject, self.body),
                    &Default::default(),
                )
                .unknown;
                if !unknown.is_empty() {
                    ui.colored_label(
                        ctx.tokens.warning,
                        tr!(
                            "templates-not-fields",
                            fields = format!("{{{}}}", unknown.join("}, {"))
                        ),
                    );
                }
            });
            ui.vertical(|ui| {
                ui.set_max_width(ui.available_width());
                ui.strong(tr!("templates-merge-fields"));
                egui::Grid::new("merge-fields")
                    .num_columns(2)
                    .show(ui, |ui| {
                        for field in Field::ALL {
                            ui.monospace(format!("{{{}}}", field.token()));
                            ui.add(
                                egui::Label::new(
                                    egui::RichText::new(crate::words::field_meaning(field))
                                        .color(ctx.tokens.muted),
                                )
                                .wrap(),
                            );
                            ui.end_row();
                        }
                    });
                ui.label(egui::RichText::new(tr!("templates-gap")).color(ctx.tokens.muted));
            });
        });
        if changed {
            let mut all = templates.clone();
            let kept = all.set(Template {
                community_id: key.0,
                purpose: key.1,
                channel: key.2,
                language: key.3,
                subject: self.subject.clone(),
                body: self.body.clone(),
            });
            if kept {
                ctx.send(Command::SetTemplates(Box::new(all)));
            }
        }
        ui.horizontal(|ui| {
            labelled(ui, &tr!("templates-preview-on"), |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut self.preview_case)
                        .hint_text(tr!("templates-case-number"))
                        .char_limit(20)
                        .desired_width(110.0),
                )
            });
            let number = self.preview_case.trim().to_owned();
            let fine = !number.is_empty() && number.chars().all(|c| c.is_ascii_digit());
            if ui
                .add_enabled(fine, egui::Button::new(tr!("templates-preview")))
                .on_hover_text(tr!("templates-preview-hint"))
                .clicked()
            {
                ctx.send(Command::DraftMessage(Box::new(MessageStart {
                    name: tr!("templates-case", number = number.as_str()),
                    case_number: number,
                    channel: key.2,
                    purpose: key.1,
                    language: Some(key.3),
                })));
            }
        });
    }
}
