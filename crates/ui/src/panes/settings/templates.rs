//! The outreach templates, edited by a director: per community (or for every community),
//! purpose and channel, with the merge fields listed beside the editor and a preview on a real
//! case (the outreach dialog itself, opened on it: nothing goes until someone presses Sent).
//! Each change applies at once and is kept with the portal's other settings.

use crate::api::model::Community;
use crate::commands::{Command, MessageStart};
use crate::context::AppCtx;
use crate::domain::outreach::merge::{Field, merge};
use crate::domain::outreach::templates::{MAX_BODY, MAX_SUBJECT};
use crate::domain::outreach::{Channel, Purpose, Template};
use crate::widgets::{labelled, steady_combo};

type Key = (Option<i64>, Purpose, Channel);

#[derive(Default)]
pub struct TemplateEditor {
    community: Option<i64>,
    purpose: Option<Purpose>,
    channel: Option<Channel>,
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
        )
    }

    pub fn templates_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, communities: &[Community]) {
        ui.heading("Outreach templates");
        ui.label(
            egui::RichText::new(
                "What Email…, Text…, Call… and Letter… start from on a case. A community's own \
                 template comes before the one for every community.",
            )
            .color(ctx.tokens.muted),
        );
        let (community, purpose, channel) = self.key();
        let community_name = |id: Option<i64>| match id {
            None => "Every community".to_owned(),
            Some(id) => communities
                .iter()
                .find(|c| c.id == id)
                .map_or_else(|| format!("Community {id}"), |c| c.name.clone()),
        };
        let (mut c, mut p, mut ch) = (community, purpose, channel);
        ui.horizontal_wrapped(|ui| {
            labelled(ui, "Community", |ui| {
                steady_combo(
                    ui,
                    240.0,
                    egui::ComboBox::from_id_salt("template-community")
                        .selected_text(community_name(c)),
                    |ui| {
                        ui.selectable_value(&mut c, None, "Every community");
                        for community in communities {
                            ui.selectable_value(&mut c, Some(community.id), &community.name);
                        }
                    },
                )
            });
            labelled(ui, "Purpose", |ui| {
                steady_combo(
                    ui,
                    170.0,
                    egui::ComboBox::from_id_salt("template-purpose").selected_text(p.name()),
                    |ui| {
                        for option in Purpose::ALL {
                            ui.selectable_value(&mut p, option, option.name());
                        }
                    },
                )
            });
            labelled(ui, "Channel", |ui| {
                steady_combo(
                    ui,
                    100.0,
                    egui::ComboBox::from_id_salt("template-channel").selected_text(ch.name()),
                    |ui| {
                        for option in Channel::ALL {
                            ui.selectable_value(&mut ch, option, option.name());
                        }
                    },
                )
            });
        });
        (self.community, self.purpose, self.channel) = (c, Some(p), Some(ch));
        let key = self.key();
        let templates = &ctx.prefs.templates;
        if self.loaded != Some(key) {
            let found = templates.find(key.0, key.1, key.2);
            self.subject = found.map(|t| t.subject.clone()).unwrap_or_default();
            self.body = found.map(|t| t.body.clone()).unwrap_or_default();
            self.loaded = Some(key);
        }
        let own = key.0.is_some_and(|id| templates.has_own(id, key.1, key.2));
        ui.horizontal(|ui| {
            let whose = match key.0 {
                None => "Used by every community without its own.".to_owned(),
                Some(_) if own => format!("{}'s own template.", community_name(key.0)),
                Some(_) => format!(
                    "{} uses the template for every community; a change here makes its own.",
                    community_name(key.0)
                ),
            };
            ui.label(egui::RichText::new(whose).color(ctx.tokens.muted));
            if let (Some(id), true) = (key.0, own)
                && ui.button("Use the one for every community again").clicked()
            {
                let mut all = templates.clone();
                all.remove_own(id, key.1, key.2);
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
                    changed |= labelled(ui, "Subject", |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut self.subject)
                                .char_limit(MAX_SUBJECT)
                                .desired_width(f32::INFINITY),
                        )
                    })
                    .changed();
                }
                let label = ui.label("Text");
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
                        format!("⚠ Not merge fields: {{{}}}", unknown.join("}, {")),
                    );
                }
            });
            ui.vertical(|ui| {
                ui.set_max_width(ui.available_width());
                ui.strong("Merge fields");
                egui::Grid::new("merge-fields")
                    .num_columns(2)
                    .show(ui, |ui| {
                        for field in Field::ALL {
                            ui.monospace(format!("{{{}}}", field.token()));
                            ui.add(
                                egui::Label::new(
                                    egui::RichText::new(field.meaning()).color(ctx.tokens.muted),
                                )
                                .wrap(),
                            );
                            ui.end_row();
                        }
                    });
                ui.label(
                    egui::RichText::new("A field the case lacks shows as [field?].")
                        .color(ctx.tokens.muted),
                );
            });
        });
        if changed {
            let mut all = templates.clone();
            let kept = all.set(Template {
                community_id: key.0,
                purpose: key.1,
                channel: key.2,
                subject: self.subject.clone(),
                body: self.body.clone(),
            });
            if kept {
                ctx.send(Command::SetTemplates(Box::new(all)));
            }
        }
        ui.horizontal(|ui| {
            labelled(ui, "Preview on case", |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut self.preview_case)
                        .hint_text("case number")
                        .char_limit(20)
                        .desired_width(110.0),
                )
            });
            let number = self.preview_case.trim().to_owned();
            let fine = !number.is_empty() && number.chars().all(|c| c.is_ascii_digit());
            if ui
                .add_enabled(fine, egui::Button::new("Preview…"))
                .on_hover_text("Opens the message on that case; nothing goes unless you send it")
                .clicked()
            {
                ctx.send(Command::DraftMessage(Box::new(MessageStart {
                    name: format!("case {number}"),
                    case_number: number,
                    channel: key.2,
                    purpose: key.1,
                })));
            }
        });
    }
}
