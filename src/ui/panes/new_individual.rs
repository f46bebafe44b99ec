//! The individual create form: type, names, contact details, communities, relationship (for a
//! contact of a case), address, a note, an initial inquiry and the "do not merge" choice.
//! Checked before sending; on error everything typed stays.

use super::{AppCtx, error_line, labelled, steady_combo};
use crate::api::model::*;
use crate::ui::remote::{Remote, Slot};

#[derive(Debug, Clone, Default)]
pub struct Draft {
    pub kind: Option<IndividualType>,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub home_phone: String,
    pub mobile_phone: String,
    pub communities: Vec<String>,
    pub relationship: String,
    pub address_line1: String,
    pub address_line2: String,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    pub note: String,
    pub log_inquiry: bool,
    pub inquiry_description: String,
    pub do_not_merge: bool,
}

/// Problems found before sending, each naming its field.
pub fn validate(draft: &Draft) -> Vec<(&'static str, String)> {
    let mut problems = Vec::new();
    if draft.first_name.trim().is_empty() {
        problems.push(("First name", "First name is required".to_owned()));
    }
    if draft.last_name.trim().is_empty() {
        problems.push(("Last name", "Last name is required".to_owned()));
    }
    let email = draft.email.trim();
    let looks_valid =
        email.contains('@') && email.rsplit('@').next().is_some_and(|d| d.contains('.'));
    if !email.is_empty() && !looks_valid {
        problems.push(("Email", format!("{email:?} is not an email address")));
    }
    let address_started = [
        &draft.address_line1,
        &draft.city,
        &draft.state,
        &draft.postal_code,
    ]
    .iter()
    .any(|f| !f.trim().is_empty());
    if address_started && (draft.address_line1.trim().is_empty() || draft.city.trim().is_empty()) {
        problems.push((
            "Address",
            "An address needs at least a street line and a city".to_owned(),
        ));
    }
    problems
}

/// The request body for a valid draft.
pub fn to_request(draft: &Draft, case_number: Option<&str>) -> NewIndividual {
    let kind = draft.kind.unwrap_or(if case_number.is_some() {
        IndividualType::Contact
    } else {
        IndividualType::Prospect
    });
    let mut person = NewIndividual::new(kind, draft.first_name.trim(), draft.last_name.trim());
    for (name, value) in [
        ("email", &draft.email),
        ("homephone", &draft.home_phone),
        ("mobilephone", &draft.mobile_phone),
    ] {
        if !value.trim().is_empty() {
            person.set(name, value.trim());
        }
    }
    if let Some(case) = case_number {
        person.set("casenumber", case);
    }
    let text = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
    person.relationship = text(&draft.relationship);
    if !draft.communities.is_empty() {
        person.communities = Some(
            draft
                .communities
                .iter()
                .map(|c| CommunityRef {
                    name_unique: c.clone(),
                })
                .collect(),
        );
    }
    if !draft.address_line1.trim().is_empty() {
        person.addresses = Some(vec![NewAddress {
            address_line1: draft.address_line1.trim().to_owned(),
            address_line2: text(&draft.address_line2),
            city: draft.city.trim().to_owned(),
            state: draft.state.trim().to_owned(),
            postal_code: draft.postal_code.trim().to_owned(),
        }]);
    }
    if let Some(note) = text(&draft.note) {
        person.notes = Some(vec![Note { message: note }]);
    }
    if draft.log_inquiry {
        person.activities = Some(vec![NewIndividualActivity {
            description: text(&draft.inquiry_description).or(Some("Inquiry".into())),
            activity_type_master_id: Some(ActivityTypeMaster::Inquiry.code()),
            ..Default::default()
        }]);
    }
    person.communitymerge = draft.do_not_merge.then_some(true);
    person
}

pub struct NewIndividualForm {
    pub draft: Draft,
    /// Set when adding a contact to an existing case.
    pub case_number: Option<String>,
    problems: Vec<(&'static str, String)>,
    communities: Slot<Vec<Community>>,
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
        self.communities.poll();
        self.saving.poll();
        if matches!(self.communities.state, Remote::Idle) {
            self.communities.request(
                ctx.backend,
                |client| async move { client.communities().await },
            );
        }
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
                ui.add_enabled_ui(!saving, |ui| self.fields(ui, ctx));
            });
        ui.separator();
        for (_, problem) in &self.problems {
            ui.colored_label(ctx.tokens.error, format!("⚠ {problem}"));
        }
        if let Some(error) = self.saving.state.error().cloned() {
            error_line(ui, &ctx.tokens, &error, false);
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

    fn fields(&mut self, ui: &mut egui::Ui, _ctx: &mut AppCtx) {
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
                    Some(list) => super::community_checkboxes(ui, list, &mut d.communities),
                    None => {
                        ui.spinner();
                    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation_names_each_field() {
        let problems = validate(&Draft {
            email: "nope".into(),
            city: "Columbus".into(),
            ..Draft::default()
        });
        let fields: Vec<&str> = problems.iter().map(|(f, _)| *f).collect();
        assert_eq!(fields, ["First name", "Last name", "Email", "Address"]);
        assert!(
            validate(&Draft {
                first_name: "A".into(),
                last_name: "B".into(),
                ..Draft::default()
            })
            .is_empty()
        );
    }

    #[test]
    fn request_carries_what_was_typed() {
        let draft = Draft {
            first_name: " Ada ".into(),
            last_name: "Lovelace".into(),
            email: "ada@example.com".into(),
            communities: vec!["maplegrove".into()],
            relationship: "Daughter".into(),
            address_line1: "1 Main St".into(),
            city: "Columbus".into(),
            note: "Call after 5".into(),
            log_inquiry: true,
            do_not_merge: true,
            ..Draft::default()
        };
        let person = to_request(&draft, Some("1234"));
        assert_eq!(
            person.get("type"),
            Some("Contact"),
            "a contact of a case by default"
        );
        assert_eq!(person.get("firstname"), Some("Ada"));
        assert_eq!(person.get("casenumber"), Some("1234"));
        assert_eq!(person.relationship.as_deref(), Some("Daughter"));
        assert_eq!(person.communitymerge, Some(true));
        assert_eq!(person.addresses.as_ref().unwrap()[0].city, "Columbus");
        assert_eq!(person.notes.as_ref().unwrap()[0].message, "Call after 5");
        assert_eq!(
            person.activities.as_ref().unwrap()[0].activity_type_master_id,
            Some(1)
        );
        assert_eq!(to_request(&draft, None).get("type"), Some("Prospect"));
    }
}
