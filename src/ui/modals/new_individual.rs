//! The individual create form: type, names, contact details, communities, relationship (for a
//! contact of a case), address, a note, an initial inquiry and the "do not merge" choice.
//! Checked before sending; on error everything typed stays.

use crate::api::model::Records;
use crate::api::model::*;
use crate::domain::individual_draft::{Draft, to_request, validate};
use crate::ui::context::AppCtx;
use crate::ui::remote::{Remote, Slot};
use crate::ui::widgets::{community_checkboxes, labelled, steady_combo};

pub struct NewIndividualForm {
    pub draft: Draft,
    /// Set when adding a contact to an existing case.
    pub case_number: Option<String>,
    problems: Vec<(&'static str, String)>,
    communities: Slot<Records<Community>>,
    saving: Slot<IndividualsCreated>,
    pub open: bool,
}

impl NewIndividualForm {
    pub fn new(case_number: Option<String>) -> Self {
        let draft = Draft {
            log_inquiry: case_number.is_none(),
            ..Draft::default()
        };
        NewIndividualForm {
            draft,
            case_number,
            problems: Vec::new(),
            communities: Slot::default(),
            saving: Slot::default(),
            open: true,
        }
    }

    /// The individual just created, if any.
    pub fn created(&self) -> Option<&IndividualsCreated> {
        match &self.saving.state {
            Remote::Ready(created) => Some(created),
            _ => None,
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.communities.poll_read(ctx.backend);
        self.saving.poll();
        self.communities.read_once(
            ctx.backend,
            |client| async move { client.communities().await },
        );
        ui.heading(match &self.case_number {
            Some(case) => format!("New contact for case {case}"),
            None => "New individual".to_owned(),
        });
        let saving = self.saving.state.is_pending();
        // The fields scroll so the buttons stay inside a small window.
        let height = (ui.ctx().content_rect().height() - 260.0).max(160.0);
        egui::ScrollArea::vertical()
            .id_salt("new-individual-fields")
            .max_height(height)
            .show(ui, |ui| {
                ui.add_enabled_ui(!saving, |ui| self.fields_ui(ui, ctx));
            });
        ui.separator();
        for (_, problem) in &self.problems {
            ui.colored_label(ctx.tokens.error, format!("⚠ {problem}"));
        }
        if self.saving.state.error().is_some() {
            self.saving.status_ui(ui, ctx, "the new individual");
            ui.label(
                egui::RichText::new("Nothing was lost: correct the form and create again.")
                    .color(ctx.tokens.muted),
            );
        }
        if let Some(created) = self.created() {
            let who = created.individuals.first();
            let text = match who {
                Some(c) if c.merged => format!(
                    "Matched an existing individual (id {}, case {}) and updated it",
                    c.individual_id, c.case_number
                ),
                Some(c) => format!(
                    "Created individual {} in case {}",
                    c.individual_id, c.case_number
                ),
                None => created.message.clone().unwrap_or_else(|| "Saved".into()),
            };
            ui.colored_label(ctx.tokens.success, format!("✔ {text}"));
        }
        ui.horizontal(|ui| {
            let create = ui.add_enabled(
                !saving,
                egui::Button::new(if saving { "Creating…" } else { "Create" }),
            );
            if create.clicked()
                || (ui.input(|i| i.key_pressed(egui::Key::Enter) && i.modifiers.command))
            {
                self.submit(ctx);
            }
            if ui.button("Close").clicked() {
                self.open = false;
            }
        });
    }

    fn submit(&mut self, ctx: &AppCtx) {
        self.problems = validate(&self.draft);
        if !self.problems.is_empty() {
            return;
        }
        let body = to_request(&self.draft, self.case_number.as_deref());
        self.saving.request(ctx.backend, move |client| async move {
            client.create_individuals(vec![body]).await
        });
    }

    fn fields_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let d = &mut self.draft;
        egui::Grid::new("new-individual-grid")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                let kind_label = ui.label("Type");
                let default_kind = if self.case_number.is_some() {
                    IndividualType::Contact
                } else {
                    IndividualType::Prospect
                };
                steady_combo(
                    ui,
                    150.0,
                    egui::ComboBox::from_id_salt("new-individual-type")
                        .selected_text(d.kind.unwrap_or(default_kind).to_string()),
                    |ui| {
                        for kind in IndividualType::ALL {
                            ui.selectable_value(&mut d.kind, Some(*kind), kind.to_string());
                        }
                    },
                )
                .labelled_by(kind_label.id);
                ui.end_row();
                for (label, value) in [
                    ("First name", &mut d.first_name),
                    ("Last name", &mut d.last_name),
                    ("Email", &mut d.email),
                    ("Home phone", &mut d.home_phone),
                    ("Mobile phone", &mut d.mobile_phone),
                ] {
                    labelled(ui, label, |ui| {
                        ui.add(egui::TextEdit::singleline(value).desired_width(260.0))
                    });
                    ui.end_row();
                }
                if self.case_number.is_some() {
                    labelled(ui, "Relationship", |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut d.relationship)
                                .hint_text("Son, Daughter, Spouse…")
                                .desired_width(260.0),
                        )
                    });
                    ui.end_row();
                }
                ui.label("Communities");
                match self.communities.state.value() {
                    Some(list) => community_checkboxes(ui, list, &mut d.communities),
                    None => self.communities.status_ui(ui, ctx, "communities"),
                }
                ui.end_row();
                for (label, value) in [
                    ("Street", &mut d.address_line1),
                    ("Street, line 2", &mut d.address_line2),
                    ("City", &mut d.city),
                    ("State", &mut d.state),
                    ("Postal code", &mut d.postal_code),
                ] {
                    labelled(ui, label, |ui| {
                        ui.add(egui::TextEdit::singleline(value).desired_width(260.0))
                    });
                    ui.end_row();
                }
                labelled(ui, "Note", |ui| {
                    ui.add(
                        egui::TextEdit::multiline(&mut d.note)
                            .desired_rows(2)
                            .desired_width(260.0),
                    )
                });
                ui.end_row();
                ui.label("");
                ui.checkbox(&mut d.log_inquiry, "Log an initial inquiry");
                ui.end_row();
                if d.log_inquiry {
                    labelled(ui, "Inquiry", |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut d.inquiry_description)
                                .hint_text("What they asked about")
                                .desired_width(260.0),
                        )
                    });
                    ui.end_row();
                }
                ui.label("");
                ui.checkbox(&mut d.do_not_merge, "Do not merge with an existing match");
                ui.end_row();
            });
    }
}
