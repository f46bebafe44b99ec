//! The admission checklist of a case in a community: each requirement met or not, who and
//! when, its activity and result, progress as a bar. Marking one met or unmet asks for the
//! activity result (the update requires it) and an optional note; the list is read again after.

use crate::api::model::Records;
use crate::api::model::{
    Acknowledgement, AdmissionRequirement, AdmissionUpdate, Community, TypeSelectOption,
};
use crate::context::AppCtx;
use crate::domain::checklist::{Progress, RequirementState, means_not_yet};
use crate::engine::AdmissionWrite;
use crate::engine::{QueueState, QueuedWrite};
use crate::engine::{SentOrQueued, asks};
use crate::remote::{Remote, Slot};
use crate::widgets::{community_combo, entered, labelled, steady_combo};
use leasedesk_i18n::tr;

/// Marking one requirement: what the user is choosing, kept if the save fails.
#[derive(Debug, Clone, PartialEq)]
struct Edit {
    admission_met_id: i64,
    activity_id: i64,
    make_met: bool,
    result: Option<i64>,
    note: String,
    problem: Option<String>,
}

#[derive(Default)]
pub struct Checklist {
    case_text: String,
    community: Option<i64>,
    communities: Slot<Records<Community>>,
    requirements: Slot<Records<AdmissionRequirement>>,
    shown_for: Option<(i64, i64)>,
    show_dismissed: bool,
    edit: Option<Edit>,
    saving: Slot<SentOrQueued<Acknowledgement>>,
    /// The activity result list, when the requirements carry no options of their own.
    results: Slot<Vec<TypeSelectOption>>,
    saved: Option<String>,
    problem: Option<String>,
    /// The move-in the shown checklist is for, when the case has one (its header says whose).
    pub about: Option<crate::domain::admissions::QueueEntry>,
    /// A requirement changed (here or at another desk): the checklist shown is read again.
    stale: bool,
    /// The latest note of each requirement's activity, from the store, by activity id.
    notes: Slot<std::collections::HashMap<i64, String>>,
    /// Activities changed: the notes are read again.
    notes_stale: bool,
}

impl Checklist {
    /// Opens the checklist of a case, in a community when one is known.
    pub fn open(&mut self, case_number: &str, community: Option<i64>) {
        self.case_text = case_number.to_owned();
        if community.is_some() {
            self.community = community;
        }
        self.shown_for = None;
        self.edit = None;
        self.saved = None;
    }

    /// The case and community of the checklist shown.
    pub fn shown_case(&self) -> Option<(String, i64)> {
        let (case, community) = self.shown_for?;
        Some((case.to_string(), community))
    }

    pub fn requirements(&self) -> Option<&Vec<AdmissionRequirement>> {
        self.requirements.state.value().map(|r| &**r)
    }

    fn load(&mut self, ctx: &AppCtx) {
        let Ok(case) = self.case_text.trim().parse::<i64>() else {
            self.problem = Some(tr!(
                "checklist-not-a-case",
                typed = crate::typed::quoted(&self.case_text)
            ));
            return;
        };
        let Some(community) = self.community else {
            self.problem = Some(tr!("checklist-choose-community"));
            return;
        };
        self.problem = None;
        self.shown_for = Some((case, community));
        self.read_shown(ctx);
    }

    /// Reads the checklist shown, whatever the case number field says meanwhile.
    fn read_shown(&mut self, ctx: &AppCtx) {
        let Some((case, community)) = self.shown_for else {
            return;
        };
        self.requirements
            .ask(ctx.backend, asks::admissions::checklist(case, community));
    }

    /// Requirements changed: the checklist shown is read again; what it shows, and a choice
    /// being made, stay until the answer comes.
    pub fn mark_stale(&mut self) {
        self.stale = true;
    }

    /// Activities changed (a note saved with a requirement lands in its activity).
    pub fn mark_notes_stale(&mut self) {
        self.notes_stale = true;
    }

    /// The note shown under a requirement, once read.
    pub fn note_of(&self, r: &AdmissionRequirement) -> Option<&str> {
        let notes = self.notes.state.value()?;
        notes.get(&r.activity_id).map(String::as_str)
    }

    fn read_notes(&mut self, ctx: &AppCtx) {
        let Some(list) = self.requirements.state.value() else {
            return;
        };
        let ids: Vec<i64> = list
            .iter()
            .map(|r| r.activity_id)
            .filter(|id| *id != 0)
            .collect();
        self.notes_stale = false;
        self.notes
            .ask(ctx.backend, asks::admissions::activity_notes(ids));
    }
}

impl Checklist {
    /// Reads what the checklist and its chooser need; call every frame, whatever is shown.
    pub fn poll(&mut self, ctx: &AppCtx) {
        self.communities
            .ask_once(ctx.backend, asks::people::communities);
        if self.communities.poll_read(ctx.backend)
            && self.community.is_none()
            && let Some(first) = self.communities.state.value().and_then(|l| l.first())
        {
            self.community = Some(first.id);
        }
        if self.requirements.poll_read(ctx.backend)
            || (self.notes_stale && !self.notes.state.is_pending())
        {
            self.read_notes(ctx);
        }
        self.notes.poll_read(ctx.backend);
        if self.stale && !self.requirements.state.is_pending() && !self.saving.state.is_pending() {
            self.stale = false;
            self.read_shown(ctx);
        }
        self.results.poll_read(ctx.backend);
        if self.saving.poll() {
            match &self.saving.state {
                Remote::Ready(answer) => {
                    self.saved = Some(match answer {
                        SentOrQueued::Sent(ack) => ack
                            .message
                            .clone()
                            .unwrap_or_else(|| tr!("checklist-updated")),
                        SentOrQueued::Queued(_) => tr!("checklist-saved-offline"),
                    });
                    self.edit = None;
                    self.load(ctx);
                }
                Remote::Failed { error, .. } => {
                    if let Some(edit) = &mut self.edit {
                        edit.problem = Some(crate::error_words::api_error(error));
                    }
                }
                _ => {}
            }
        }
        if self.shown_for.is_none() && !self.case_text.trim().is_empty() && self.community.is_some()
        {
            self.load(ctx);
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.heading(tr!("checklist-title"));
        self.chooser_ui(ui, ctx);
        if let Some(p) = &self.problem {
            crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {p}"));
        }
        self.communities
            .status_ui(ui, ctx, &tr!("noun-communities"));
        self.requirements.status_ui(ui, ctx, &tr!("noun-checklist"));
        let Some(list) = self.requirements.state.value().cloned() else {
            return;
        };
        if let Some(about) = &self.about {
            ui.label(
                egui::RichText::new(tr!(
                    "checklist-about",
                    name = about.name.as_str(),
                    unit = about.unit_number.as_str(),
                    community = about.community.as_str(),
                    day = crate::dates::day(about.move_in)
                ))
                .strong(),
            );
        } else if let Some((case, _)) = self.shown_for {
            let community = list.first().map(|r| r.community_name.clone());
            ui.label(
                egui::RichText::new(match community {
                    Some(c) => tr!("checklist-no-contract-at", case = case, community = c),
                    None => tr!("checklist-no-contract", case = case),
                })
                .strong(),
            );
        }
        let progress = Progress::of(&list);
        ui.add(
            egui::ProgressBar::new(progress.fraction())
                .text(tr!(
                    "admissions-progress",
                    met = progress.met,
                    total = progress.total
                ))
                .desired_width(420.0),
        );
        let dismissed = list.iter().filter(|r| r.dismiss).count();
        ui.horizontal(|ui| {
            ui.checkbox(
                &mut self.show_dismissed,
                tr!("checklist-show-dismissed", count = dismissed),
            );
            if let Some(s) = &self.saved {
                crate::widgets::said_ui(ui, ctx.tokens.success, format!("✔ {s}"));
            }
        });
        ui.separator();
        if list.is_empty() {
            ui.label(tr!("checklist-none"));
        }
        egui::ScrollArea::vertical()
            .id_salt("admission-list")
            .auto_shrink(false)
            .show(ui, |ui| {
                let show_dismissed = self.show_dismissed;
                for r in list.iter().filter(|r| show_dismissed || !r.dismiss) {
                    self.requirement_ui(ui, ctx, r);
                    ui.separator();
                }
            });
    }
}

impl Checklist {
    /// Case number and community; true when a checklist was asked for.
    pub fn chooser_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) -> bool {
        let mut asked = false;
        let communities = self.communities.state.value().cloned().unwrap_or_default();
        ui.horizontal_wrapped(|ui| {
            let field = labelled(ui, &tr!("admissions-case-number"), |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut self.case_text)
                        .id_salt("checklist-case-text")
                        .desired_width(90.0),
                )
            });
            let enter = entered(ui, &field);
            let before = self.community;
            community_combo(
                ui,
                &tr!("admissions-community"),
                &communities,
                &mut self.community,
                None,
            );
            if ui.button(tr!("admissions-show-checklist")).clicked()
                || enter
                || before != self.community
            {
                self.edit = None;
                self.saved = None;
                self.load(ctx);
                asked = true;
            }
        });
        asked
    }

    pub fn communities(&self) -> Option<&Records<Community>> {
        self.communities.state.value()
    }

    fn requirement_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, r: &AdmissionRequirement) {
        let state = RequirementState::of(r);
        ui.horizontal(|ui| {
            let (mark, colour) = match state {
                RequirementState::Met => ("✔", ctx.tokens.success),
                RequirementState::InProgress => ("⏳", ctx.tokens.warning),
                RequirementState::Open => ("○", ctx.tokens.muted),
            };
            ui.colored_label(
                colour,
                egui::RichText::new(format!("{mark} {}", state_name(state))).strong(),
            );
            ui.strong(&r.requirement_name);
            if r.dismiss {
                ui.label(egui::RichText::new(tr!("checklist-dismissed")).color(ctx.tokens.muted));
            }
            if let Some(state) = queued_change(ctx, r.admission_met_id) {
                let text = match state {
                    QueueState::Refused(_) => tr!("checklist-offline-refused"),
                    _ => tr!("checklist-offline-waiting"),
                };
                ui.colored_label(ctx.tokens.warning, text);
            }
            let editing = self
                .edit
                .as_ref()
                .is_some_and(|e| e.admission_met_id == r.admission_met_id);
            let name = r.requirement_name.as_str();
            let action = if state.is_met() {
                tr!("checklist-mark-not-met-more", name = name)
            } else {
                tr!("checklist-mark-met-more", name = name)
            };
            if !editing && ui.button(action).clicked() {
                self.edit = Some(Edit {
                    admission_met_id: r.admission_met_id,
                    activity_id: r.activity_id,
                    make_met: !state.is_met(),
                    result: None,
                    note: String::new(),
                    problem: None,
                });
                self.saved = None;
                if r.type_select.is_empty() && self.results.state.value().is_none() {
                    self.results
                        .ask(ctx.backend, asks::admissions::activity_results());
                }
            }
        });
        if !r.requirement_description.is_empty() {
            ui.label(&r.requirement_description);
        }
        let muted = ctx.tokens.muted;
        let result = r.activity_result_name.trim();
        let recorded = match state {
            _ if r.activity_id == 0 && result.is_empty() => tr!("checklist-nothing-yet"),
            _ if result.is_empty() => tr!("checklist-no-result"),
            RequirementState::Met => tr!("checklist-result", result = result),
            RequirementState::InProgress => tr!("checklist-result-not-yet", result = result),
            RequirementState::Open => tr!("checklist-marked-not-met", result = result),
        };
        // Who changed it and when, as the service says; nothing when nobody has yet.
        let touched = r.is_met || r.activity_id != 0 || r.date_updated != r.date_created;
        let line = if touched {
            tr!(
                "checklist-by",
                recorded = recorded,
                user = r.user_name.as_str(),
                when = crate::dates::due(r.date_updated.naive_local(), false)
            )
        } else {
            recorded
        };
        ui.label(egui::RichText::new(line).color(muted));
        if let Some(note) = self.note_of(r) {
            ui.label(egui::RichText::new(tr!("checklist-note", note = note)).color(muted));
        }
        if self
            .edit
            .as_ref()
            .is_some_and(|e| e.admission_met_id == r.admission_met_id)
        {
            self.editor_ui(ui, ctx, r);
        }
    }

    fn editor_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, r: &AdmissionRequirement) {
        let options = if r.type_select.is_empty() {
            self.results.state.value().cloned().unwrap_or_default()
        } else {
            r.type_select.clone()
        };
        let saving = self.saving.state.is_pending();
        let Some(edit) = &mut self.edit else { return };
        let mut send = false;
        let mut cancel = false;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            let name = r.requirement_name.as_str();
            ui.strong(if edit.make_met {
                tr!("checklist-mark-met", name = name)
            } else {
                tr!("checklist-mark-not-met", name = name)
            });
            ui.horizontal(|ui| {
                let label = ui.label(tr!("checklist-result-label"));
                steady_combo(
                    ui,
                    220.0,
                    egui::ComboBox::from_id_salt(("admission-result", r.admission_met_id))
                        .selected_text(
                            options
                                .iter()
                                .find(|o| Some(o.value) == edit.result)
                                .map_or(tr!("checklist-choose"), |o| o.label.clone()),
                        ),
                    |ui| {
                        for o in &options {
                            ui.selectable_value(&mut edit.result, Some(o.value), &o.label);
                        }
                    },
                )
                .labelled_by(label.id);
            });
            let not_yet = edit.make_met
                && options
                    .iter()
                    .find(|o| Some(o.value) == edit.result)
                    .is_some_and(|o| means_not_yet(&o.label));
            if not_yet {
                ui.colored_label(ctx.tokens.warning, tr!("checklist-not-yet"));
            }
            labelled(ui, &tr!("checklist-note-label"), |ui| {
                ui.add(
                    egui::TextEdit::multiline(&mut edit.note)
                        .id_salt("checklist-note")
                        .desired_rows(2)
                        .desired_width(420.0),
                )
            });
            ui.horizontal(|ui| {
                let save = if not_yet {
                    tr!("checklist-save-in-progress")
                } else {
                    tr!("checklist-save")
                };
                send = ui.add_enabled(!saving, egui::Button::new(save)).clicked();
                cancel = ui.button(tr!("checklist-cancel")).clicked();
                if saving {
                    crate::widgets::spinner_ui(ui);
                }
            });
            if let Some(p) = &edit.problem {
                crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {p}"));
            }
        });
        if cancel {
            self.edit = None;
            return;
        }
        if !send {
            return;
        }
        let Some(result) = edit.result else {
            edit.problem = Some(tr!("checklist-choose-result"));
            return;
        };
        // A result that means not yet leaves the requirement open, whatever was asked.
        let make_met = edit.make_met
            && !options
                .iter()
                .find(|o| o.value == result)
                .is_some_and(|o| means_not_yet(&o.label));
        edit.problem = None;
        let note = Some(edit.note.trim().to_owned()).filter(|n| !n.is_empty());
        let body = AdmissionUpdate {
            admission_met_id: Some(edit.admission_met_id),
            case_id: Some(r.case_id),
            activity_result_id: Some(result),
            is_met: Some(make_met),
            note,
            activity_id: (edit.activity_id != 0).then_some(edit.activity_id),
        };
        let state = match (edit.make_met, make_met) {
            (_, true) => "met",
            (true, false) => "progress",
            (false, _) => "not",
        };
        let write = AdmissionWrite {
            body: body.clone(),
            community_id: r.community_id,
            summary: leasedesk_i18n::tr!(
                "outbox-admission",
                requirement = r.requirement_name.as_str(),
                state = state,
                case = self.case_text.as_str(),
                community = r.community_name.as_str()
            ),
        };
        self.saving
            .ask(ctx.backend, asks::writes::admission_update(write));
    }
}

/// A requirement's state in the window's words: "Met", "Cumplido".
fn state_name(state: RequirementState) -> String {
    match state {
        RequirementState::Met => tr!("checklist-state-met"),
        RequirementState::InProgress => tr!("checklist-state-in-progress"),
        RequirementState::Open => tr!("checklist-state-not-met"),
    }
}

/// The state of a change to this requirement waiting in the outbox, if there is one.
fn queued_change(ctx: &AppCtx, admission_met_id: i64) -> Option<QueueState> {
    ctx.backend
        .outbox()
        .entries()
        .iter()
        .find_map(|e| match &e.write {
            QueuedWrite::AdmissionUpdate(AdmissionWrite { body, .. })
                if body.admission_met_id == Some(admission_met_id) =>
            {
                Some(e.state.clone())
            }
            _ => None,
        })
}
