//! Closing a lead as lost: a reason and, where known, where they went, from the portal's own
//! lists. The service cannot change a person's status, so the closing is a completed activity
//! on the case ("Lost lead: …"); the lead leaves My day and the counts, and a later inquiry
//! reopens it. Sent, or kept in the outbox when the service cannot be reached.

use crate::context::AppCtx;
use crate::domain::activity_draft::{ActivityDraft, build};
use crate::domain::lost_leads::LostLead;
use crate::engine::ActivityWrite;
use crate::engine::asks::LostLists;
use crate::engine::{SentOrQueued, asks};
use crate::remote::{Remote, Slot};
use crate::widgets::list_combo;
use leasedesk_i18n::tr;

/// What the dialog says the service does not do.
/// What the service cannot do, said beside a lost lead: why they stay a prospect there.
pub fn no_status_update() -> String {
    tr!("lost-no-status-update")
}

pub use crate::commands::LostTarget;

/// The name of the list's entry `id`.
fn name(list: &[crate::api::model::TypeRecord], id: Option<i64>) -> Option<String> {
    id.and_then(|id| list.iter().find(|t| t.id == id))
        .map(|t| t.name.clone())
}

/// A competitor's name, at most (the record's parts are cut at their own budget too).
const MAX_COMPETITOR_CHARS: usize = 80;

pub struct CloseLostForm {
    pub target: LostTarget,
    lists: Slot<LostLists>,
    reason: Option<i64>,
    destination: Option<i64>,
    /// Which community, when they went to a competitor.
    competitor: String,
    problems: Vec<String>,
    saving: Slot<crate::modals::log_activity::LogSaved>,
    pub open: bool,
}

impl CloseLostForm {
    pub fn new(target: LostTarget) -> Self {
        CloseLostForm {
            target,
            lists: Slot::default(),
            reason: None,
            destination: None,
            competitor: String::new(),
            problems: Vec::new(),
            saving: Slot::default(),
            open: true,
        }
    }

    pub fn saved(&self) -> bool {
        matches!(self.saving.state, Remote::Ready(_))
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.lists.poll_read(ctx.backend);
        self.saving.poll();
        self.lists.ask_once(ctx.backend, asks::lists::lost_lists);
        ui.heading(crate::modals::Dialog::title(self));
        self.lists.status_ui(ui, ctx, &tr!("lost-the-reasons"));
        let lists = self.lists.state.value().cloned().unwrap_or_default();
        let saving = self.saving.state.is_pending();
        ui.add_enabled_ui(!saving && !self.saved(), |ui| {
            egui::Grid::new("close-lost-grid")
                .num_columns(2)
                .spacing([12.0, 6.0])
                .show(ui, |ui| {
                    list_combo(
                        ui,
                        &tr!("lost-reason"),
                        "lost-reason",
                        &mut self.reason,
                        &lists.reasons,
                        None,
                    );
                    ui.end_row();
                    list_combo(
                        ui,
                        &tr!("lost-went-to"),
                        "lost-destination",
                        &mut self.destination,
                        &lists.destinations,
                        Some(&tr!("lost-not-known")),
                    );
                    ui.end_row();
                    let went = name(&lists.destinations, self.destination).unwrap_or_default();
                    if went.to_lowercase().contains("competitor") {
                        let label = ui.label(tr!("lost-which-community"));
                        ui.add(
                            egui::TextEdit::singleline(&mut self.competitor)
                                .hint_text(tr!("lost-which-hint"))
                                .char_limit(MAX_COMPETITOR_CHARS),
                        )
                        .labelled_by(label.id);
                        ui.end_row();
                    }
                });
        });
        ui.label(egui::RichText::new(no_status_update()).color(ctx.tokens.muted));
        ui.separator();
        for p in &self.problems {
            crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {p}"));
        }
        if self.saving.state.error().is_some() {
            self.saving.status_ui(ui, ctx, &tr!("lost-the-lead"));
            ui.label(egui::RichText::new(tr!("lost-nothing-lost")).color(ctx.tokens.muted));
        }
        match &self.saving.state {
            Remote::Ready(SentOrQueued::Sent(_)) => {
                crate::widgets::said_ui(
                    ui,
                    ctx.tokens.success,
                    tr!("lost-closed", name = self.target.who.name.as_str()),
                );
            }
            Remote::Ready(SentOrQueued::Queued(_)) => {
                ui.colored_label(ctx.tokens.warning, tr!("log-saved-offline"));
            }
            _ => crate::widgets::saved_line_room(ui),
        }
        crate::widgets::buttons_row(ui, "close-lost", |ui| {
            if ui
                .add_enabled(
                    !saving && !self.saved(),
                    egui::Button::new(if saving {
                        tr!("log-saving")
                    } else {
                        tr!("lost-close")
                    }),
                )
                .clicked()
            {
                self.save(ctx, &lists);
            }
            if ui
                .button(if self.saved() {
                    tr!("outreach-done")
                } else {
                    tr!("settings-cancel")
                })
                .clicked()
            {
                self.open = false;
            }
        });
    }

    fn save(&mut self, ctx: &mut AppCtx, lists: &LostLists) {
        let Some(reason) = name(&lists.reasons, self.reason) else {
            self.problems = vec![tr!("lost-choose-reason")];
            return;
        };
        let Some(kind) = lists.record_type() else {
            self.problems = vec![tr!("outreach-no-record-type")];
            return;
        };
        let went = name(&lists.destinations, self.destination);
        let competitor = self.competitor.trim();
        let destination = match went {
            Some(went) if went.to_lowercase().contains("competitor") && !competitor.is_empty() => {
                Some(format!("{went}: {competitor}"))
            }
            other => other,
        };
        let lost = LostLead {
            reason,
            destination,
        };
        let local_now = ctx.now.with_timezone(&ctx.zone);
        let draft = ActivityDraft {
            type_id: Some(kind.id),
            who: Some(self.target.who.clone()),
            date: crate::dates::typed_day(local_now.date_naive()),
            start: crate::dates::typed_time(local_now.time()),
            completed: true,
            assignee_id: ctx.me().map(|m| m.user_id),
            communities: self.target.community.iter().cloned().collect(),
            description: lost.description(),
            ..ActivityDraft::default()
        };
        let body = match build(&draft, ctx.zone) {
            Ok(body) => body,
            Err(problems) => {
                self.problems = crate::words::draft_problems(problems);
                return;
            }
        };
        self.problems.clear();
        let write = ActivityWrite::new(&draft, body.clone(), kind.name.clone());
        self.saving
            .ask(ctx.backend, asks::writes::log_activity(write, None));
    }
}

impl crate::modals::Dialog for CloseLostForm {
    fn title(&self) -> String {
        tr!("lost-title", name = self.target.who.name.as_str())
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        CloseLostForm::ui(self, ui, ctx);
    }

    fn width(&self) -> f32 {
        520.0
    }

    fn is_open(&self) -> bool {
        self.open
    }

    fn saved(&self) -> bool {
        CloseLostForm::saved(self)
    }
}
