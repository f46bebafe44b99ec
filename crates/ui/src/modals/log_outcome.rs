//! "Log outcome and next step": what happened (a completed activity: type, result, notes, when)
//! and what comes next (type, when, who, where, notes), saved as two creates. The service cannot
//! change the activity being followed up, so the app remembers here that it was followed up.

use crate::engine::ActivityWrite;
use crate::engine::QueuedWrite;
use crate::engine::{OutboxKind, asks};
use chrono::{Datelike, Days, Weekday};

use crate::api::model::ActivityTypeMaster;
use crate::commands::Command;
use crate::context::AppCtx;
use crate::domain::activity_draft::{ActivityDraft, build};
use crate::domain::follow_up::FollowUp;
use crate::domain::format;
use crate::engine::asks::{Create, CreateError, FollowUpSaved, Lookups, Parts, Saved, Stopped};
use crate::remote::{Remote, Slot};
use crate::widgets::{date_field, labelled, steady_combo, time_field, type_combo, user_combo};
use leasedesk_i18n::tr;

pub use crate::commands::FollowUpTarget;

pub struct LogOutcomeForm {
    first_focus: crate::widgets::FirstFocus,
    pub target: FollowUpTarget,
    pub outcome: ActivityDraft,
    pub next: ActivityDraft,
    pub schedule_next: bool,
    lookups: Slot<Lookups>,
    /// A week of everyone's activities around the next step's day (its assignee's day is
    /// checked, as the tour form checks it).
    team: Slot<std::sync::Arc<crate::engine::ActivityDays>>,
    team_asked: Option<chrono::NaiveDate>,
    team_loading: std::sync::Arc<asks::Loading>,
    /// The next step's time was chosen by the user; until then it is the assignee's first free
    /// half hour from 10:00 on its day.
    next_time_chosen: bool,
    saving: Slot<FollowUpSaved>,
    /// What is already saved (after a failure part way, only the rest is sent again).
    saved: Saved,
    problems: Vec<String>,
    recorded: bool,
    pub open: bool,
    /// "Record their word…": on a call they may have asked to stop (logged on its own, beside
    /// the outcome).
    word: crate::modals::contact_word::ContactWordForm,
}

/// The next working day at 10:00: when a follow-up is usually set.
fn next_working_day(today: chrono::NaiveDate) -> chrono::NaiveDate {
    let mut day = today + Days::new(1);
    while matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
        day = day + Days::new(1);
    }
    day
}

impl LogOutcomeForm {
    pub fn new(target: FollowUpTarget, ctx: &AppCtx) -> Self {
        let local = ctx.now.with_timezone(&ctx.zone);
        let who = Some(target.who.clone());
        let outcome = ActivityDraft {
            who: who.clone(),
            date: crate::dates::typed_day(local.date_naive()),
            start: crate::dates::typed_time(local.time()),
            completed: true,
            ..ActivityDraft::default()
        };
        let next = ActivityDraft {
            who,
            date: crate::dates::typed_day(next_working_day(local.date_naive())),
            start: crate::dates::typed_time(
                chrono::NaiveTime::from_hms_opt(10, 0, 0).unwrap_or_default(),
            ),
            assignee_id: ctx.me().map(|m| m.user_id),
            communities: target.community.iter().cloned().collect(),
            ..ActivityDraft::default()
        };
        LogOutcomeForm {
            first_focus: Default::default(),
            target,
            outcome,
            next,
            schedule_next: true,
            lookups: Slot::default(),
            team: Slot::default(),
            team_asked: None,
            team_loading: Default::default(),
            next_time_chosen: false,
            saving: Slot::default(),
            saved: Saved::default(),
            problems: Vec::new(),
            recorded: false,
            open: true,
            word: Default::default(),
        }
    }

    /// Both parts saved (the dialog shows it and closes on Close).
    pub fn done(&self) -> bool {
        matches!(
            self.saving.state,
            Remote::Ready(FollowUpSaved::Done(Ok(_)) | FollowUpSaved::Queued { .. })
        )
    }

    pub fn saved(&self) -> &Saved {
        &self.saved
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.lookups.ask_once(ctx.backend, asks::lists::lookups);
        self.lookups.poll_read(ctx.backend);
        if self.saving.poll() {
            self.take_answer(ctx);
        }
        let lookups = self.lookups.state.value().cloned().unwrap_or_default();
        self.defaults_from(&lookups);
        ui.heading(crate::modals::Dialog::title(self));
        if let Some(a) = &self.target.activity {
            ui.label(
                egui::RichText::new(tr!(
                    "outcome-following-up",
                    what = a.activity_type.as_deref().unwrap_or(&a.activity_name),
                    due = crate::dates::due(a.due_date.naive_local(), a.all_day)
                ))
                .color(ctx.tokens.muted),
            );
        }
        self.lookups.status_ui(ui, ctx, &tr!("noun-lists"));
        let busy = self.saving.state.is_pending() || self.done();
        self.follow_free_time(ctx);
        let next_busy = self.next_step_busy(ctx);
        let height = (ui.ctx().content_rect().height() - 280.0).max(200.0);
        egui::ScrollArea::vertical()
            .id_salt("log-outcome-fields")
            .max_height(height)
            .show(ui, |ui| {
                ui.add_enabled_ui(!busy, |ui| {
                    self.fields_ui(ui, &lookups, ctx.today(), ctx.tokens.error, &next_busy)
                });
            });
        // Under the fields, not among them: a clash is in view whatever was scrolled.
        if self.schedule_next {
            self.their_time_ui(ui, ctx, &lookups);
        }
        let who = &self.target.who;
        let people = [(who.individual_id, who.name.clone())];
        let case_number = who.case_number.clone();
        self.word.form_ui(ui, ctx, &case_number, &people);
        ui.separator();
        for p in &self.problems {
            crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {p}"));
        }
        self.result_ui(ui, ctx);
        crate::widgets::buttons_row(ui, "log-outcome", |ui| {
            let label = if self.schedule_next {
                tr!("outcome-save-both")
            } else {
                tr!("outcome-save")
            };
            // Ctrl+Enter saves from any field, as in New individual.
            let shortcut = ui.input(|i| i.key_pressed(egui::Key::Enter) && i.modifiers.command);
            if ui
                .add_enabled(!busy, egui::Button::new(label))
                .on_hover_text("Ctrl+Enter")
                .clicked()
                || (!busy && shortcut)
            {
                self.send(ctx, &lookups);
            }
            if ui.button(tr!("outreach-close")).clicked() {
                self.open = false;
            }
        });
    }

    /// Reads a week of everyone's activities around the next step's day, and again when the
    /// day moves out of it (as the tour form does).
    fn keep_team_loaded(&mut self, ctx: &AppCtx) {
        self.team.poll_read(ctx.backend);
        let Ok(day) = crate::domain::dates::read_day(&self.next.date, ctx.today()) else {
            return;
        };
        let covered = self.team.state.value().is_some_and(|t| t.covers(day));
        if !self.schedule_next
            || covered
            || self.team.state.is_pending()
            || self.team_asked == Some(day)
        {
            return;
        }
        self.ask_team(ctx, day);
    }

    fn ask_team(&mut self, ctx: &AppCtx, day: chrono::NaiveDate) {
        self.team_asked = Some(day);
        let from = day.checked_sub_days(Days::new(3)).unwrap_or(day);
        let to = day.checked_add_days(Days::new(3)).unwrap_or(day);
        let loading = self.team_loading.clone();
        self.team
            .ask(ctx.backend, asks::calendar::team_days(from, to, loading));
    }

    /// The team's days and the next step's assignee's name, once both are in.
    fn assignee_items(&self) -> Option<(std::sync::Arc<crate::engine::ActivityDays>, String)> {
        let (team, lookups) = (self.team.state.value()?, self.lookups.state.value()?);
        let name = self
            .next
            .assignee_id
            .and_then(|id| lookups.users.iter().find(|u| u.id == id))
            .map(|u| u.name.clone())?;
        Some((team.clone(), name))
    }

    fn theirs_on<'t>(
        team: &'t crate::engine::ActivityDays,
        name: &str,
        day: chrono::NaiveDate,
    ) -> Vec<&'t crate::api::model::Activity> {
        use crate::domain::calendar::{local_day, zone_of};
        team.activities
            .iter()
            .filter(|a| a.assigned_name == name && local_day(a, zone_of(a)) == day)
            .collect()
    }

    /// The quarter hours of the next step's day its assignee is busy at.
    fn next_step_busy(&self, ctx: &AppCtx) -> Vec<chrono::NaiveTime> {
        let Some(day) = crate::domain::dates::read_written(&self.next.date) else {
            return Vec::new();
        };
        let Some((team, name)) = self.assignee_items() else {
            return Vec::new();
        };
        let theirs = Self::theirs_on(&team, &name, day);
        crate::domain::tour::busy_times(
            &theirs,
            day,
            ctx.zone,
            crate::domain::tour::offered_times(),
        )
    }

    /// Until the user chooses a time, the next step is at the assignee's first free half hour
    /// from 10:00 (or at 10:00 on a full day), so the default never lands on a clash.
    fn follow_free_time(&mut self, ctx: &AppCtx) {
        // Once sent, what was sent stays on screen as it was (the team's day read again after
        // the save holds the next step itself).
        let sent = self.done() || self.saving.state.is_pending();
        if self.next_time_chosen || self.next.all_day || sent {
            return;
        }
        let Some(day) = crate::domain::dates::read_written(&self.next.date) else {
            return;
        };
        let Some((team, name)) = self.assignee_items() else {
            return;
        };
        let ten = chrono::NaiveTime::from_hms_opt(10, 0, 0).unwrap_or_default();
        let theirs = Self::theirs_on(&team, &name, day);
        let free = crate::domain::tour::first_free(&theirs, day, ctx.zone, ten).unwrap_or(ten);
        self.next.start = crate::dates::typed_time(free);
    }

    /// The assignee's open items within half an hour of the next step: a warning, never a
    /// block (agents double-book on purpose).
    pub fn next_step_clashes(&self, ctx: &AppCtx) -> Vec<crate::api::model::Activity> {
        let Some(start) = crate::domain::activity_draft::starts_at(&self.next, ctx.zone) else {
            return Vec::new();
        };
        let day = start.with_timezone(&ctx.zone).date_naive();
        let Some((team, name)) = self.assignee_items() else {
            return Vec::new();
        };
        let theirs = Self::theirs_on(&team, &name, day);
        let end = start + chrono::Duration::minutes(30);
        let mut clashes: Vec<_> = crate::domain::tour::clashes(theirs, start, end)
            .into_iter()
            .cloned()
            .collect();
        clashes.sort_by_key(|a| a.due_date);
        clashes
    }

    /// One line, always there (empty when nothing clashes), so the dialog keeps its size while
    /// the team's day arrives: the clashes in a sentence, all of them on hover when cut.
    fn their_time_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, lookups: &Lookups) {
        use crate::domain::calendar::{local_times, zone_of};
        self.keep_team_loaded(ctx);
        let clashes = self.next_step_clashes(ctx);
        let line = |a: &crate::api::model::Activity| {
            let when = local_times(a, zone_of(a))
                .map_or_else(|| tr!("outcome-all-day"), |(s, _)| crate::dates::time(s));
            format!(
                "{when} {} · {}",
                a.activity_type.as_deref().unwrap_or(&a.activity_name),
                a.individual_full_name
            )
        };
        let text = if clashes.is_empty() {
            String::new()
        } else {
            let who = self
                .next
                .assignee_id
                .and_then(|id| lookups.users.iter().find(|u| u.id == id))
                .map_or_else(|| tr!("outcome-the-assignee"), |u| u.name.clone());
            let items: Vec<String> = clashes.iter().map(line).collect();
            tr!(
                "outcome-clashes",
                count = clashes.len(),
                who = who,
                items = items.join("; ")
            )
        };
        // Cut to one line; egui shows the whole of a cut label on hover (a tooltip of our own
        // was a second one over it).
        ui.add(
            egui::Label::new(egui::RichText::new(text.as_str()).color(ctx.tokens.warning))
                .truncate(),
        );
    }

    /// Pre-selects what the lists make possible once they arrive: the outcome keeps the
    /// followed-up item's type, the next step is a call.
    fn defaults_from(&mut self, lookups: &Lookups) {
        if self.outcome.type_id.is_none() {
            let same = self.target.activity.as_ref().and_then(|a| {
                lookups
                    .types
                    .iter()
                    .find(|t| Some(&t.name) == a.activity_type.as_ref())
            });
            self.outcome.type_id = same
                .or_else(|| lookups.type_for(ActivityTypeMaster::CallOut))
                .map(|t| t.id);
        }
        if self.next.type_id.is_none() {
            self.next.type_id = lookups.type_for(ActivityTypeMaster::CallOut).map(|t| t.id);
        }
    }

    fn fields_ui(
        &mut self,
        ui: &mut egui::Ui,
        lookups: &Lookups,
        today: chrono::NaiveDate,
        error: egui::Color32,
        next_busy: &[chrono::NaiveTime],
    ) {
        ui.strong(tr!("outcome-what-happened"));
        egui::Grid::new("outcome-grid")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                type_combo(
                    ui,
                    &tr!("outcome-type"),
                    "outcome-type",
                    &mut self.outcome.type_id,
                    &lookups.types,
                );
                ui.end_row();
                let results = crate::domain::activity_results::for_activity(
                    &lookups.results,
                    self.outcome.result_id,
                );
                type_combo(
                    ui,
                    &tr!("log-result"),
                    "outcome-result",
                    &mut self.outcome.result_id,
                    &results,
                );
                ui.end_row();
                date_field(
                    ui,
                    &tr!("outcome-completed-on"),
                    &mut self.outcome.date,
                    today,
                    error,
                );
                ui.end_row();
                time_field(
                    ui,
                    &tr!("outcome-at"),
                    &mut self.outcome.start,
                    &crate::dates::time_hint(),
                    &[],
                );
                ui.end_row();
                let said = labelled(ui, &tr!("outcome-what-said"), |ui| {
                    crate::widgets::note_field(
                        ui,
                        &mut self.outcome.note,
                        "log-outcome-outcome-note",
                        3,
                        360.0,
                    )
                });
                // The type, result and time come filled in; what was said is typed first.
                self.first_focus.on(&said);
                ui.end_row();
            });
        ui.add_space(8.0);
        ui.checkbox(&mut self.schedule_next, tr!("outcome-schedule-next"));
        if !self.schedule_next {
            return;
        }
        egui::Grid::new("next-grid")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                type_combo(
                    ui,
                    &tr!("outcome-next-step"),
                    "next-type",
                    &mut self.next.type_id,
                    &lookups.types,
                );
                ui.end_row();
                date_field(ui, &tr!("outcome-on"), &mut self.next.date, today, error);
                ui.end_row();
                ui.label("");
                ui.checkbox(&mut self.next.all_day, tr!("log-all-day"));
                ui.end_row();
                if !self.next.all_day {
                    let before = self.next.start.clone();
                    time_field(
                        ui,
                        &tr!("tour-time"),
                        &mut self.next.start,
                        &crate::dates::time_hint(),
                        next_busy,
                    );
                    self.next_time_chosen |= self.next.start != before;
                    ui.end_row();
                }
                user_combo(
                    ui,
                    &tr!("log-assigned"),
                    "next-user",
                    &mut self.next.assignee_id,
                    &lookups.users,
                );
                ui.end_row();
                let label = ui.label(tr!("calling-col-community"));
                let current = self
                    .next
                    .communities
                    .first()
                    .and_then(|u| lookups.communities.iter().find(|c| &c.name_unique == u))
                    .map_or_else(|| tr!("outcome-persons-own"), |c| c.name.clone());
                steady_combo(
                    ui,
                    240.0,
                    egui::ComboBox::from_id_salt("next-community").selected_text(current),
                    |ui| {
                        for c in &lookups.communities {
                            let chosen = self.next.communities.first() == Some(&c.name_unique);
                            if ui.selectable_label(chosen, &c.name).clicked() {
                                self.next.communities = vec![c.name_unique.clone()];
                            }
                        }
                    },
                )
                .labelled_by(label.id);
                ui.end_row();
                labelled(ui, &tr!("outcome-next-notes"), |ui| {
                    crate::widgets::note_field(
                        ui,
                        &mut self.next.note,
                        "log-outcome-next-note",
                        2,
                        360.0,
                    )
                });
                ui.end_row();
            });
    }

    fn result_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        match &self.saving.state {
            Remote::Pending { .. } => {
                self.saving.status_ui(ui, ctx, &tr!("outcome-the-outcome"));
            }
            Remote::Ready(FollowUpSaved::Done(Ok(saved))) => {
                let text = describe(saved, &self.next, ctx.today());
                crate::widgets::said_ui(ui, ctx.tokens.success, format!("✔ {text}"));
            }
            Remote::Ready(FollowUpSaved::Queued { saved, kind }) => {
                ui.colored_label(
                    ctx.tokens.warning,
                    if saved.outcome_id.is_some() {
                        tr!("outcome-next-offline")
                    } else {
                        tr!("log-saved-offline")
                    },
                );
                if *kind == OutboxKind::ThisRunOnly {
                    ui.label(
                        egui::RichText::new(leasedesk_i18n::tr!("saved-this-run-only"))
                            .color(ctx.tokens.muted),
                    );
                }
            }
            Remote::Ready(FollowUpSaved::Done(Err(stopped))) => {
                if stopped.saved.outcome_id.is_some() {
                    crate::widgets::said_ui(ui, ctx.tokens.success, tr!("outcome-next-not-yet"));
                }
                crate::widgets::problem_ui(
                    ui,
                    ctx.tokens.error,
                    format!("⚠ {}", crate::error_words::create_error(&stopped.error)),
                );
                ui.label(egui::RichText::new(tr!("outcome-nothing-lost")).color(ctx.tokens.muted));
            }
            Remote::Failed { .. } | Remote::Idle => crate::widgets::saved_line_room(ui),
        }
    }

    /// A part as the outbox keeps it (with the draft, to edit it if the service refuses it).
    fn queued(&self, create: &Create, draft: &ActivityDraft) -> QueuedWrite {
        crate::words::said_write(ActivityWrite::new(
            draft,
            create.body.clone(),
            create.type_name.clone(),
        ))
        .into()
    }

    fn send(&mut self, ctx: &AppCtx, lookups: &Lookups) {
        if self.saving.state.is_pending() {
            return;
        }
        let create = |draft: &ActivityDraft| -> Result<Create, Vec<String>> {
            let body = build(draft, ctx.zone).map_err(crate::words::draft_problems)?;
            let type_name = draft
                .type_id
                .and_then(|id| lookups.type_name(id))
                .unwrap_or_default()
                .to_owned();
            Ok(Create { body, type_name })
        };
        let outcome = create(&self.outcome).map_err(|p| prefixed(&tr!("outcome-what-happened"), p));
        let next = if self.schedule_next {
            create(&self.next)
                .map(Some)
                .map_err(|p| prefixed(&tr!("outcome-next-step"), p))
        } else {
            Ok(None)
        };
        match (outcome, next) {
            (Ok(outcome), Ok(next)) => {
                self.problems.clear();
                let saved = self.saved.clone();
                // After an answer that could not be checked, look before sending again.
                let look_first = matches!(
                    &self.saving.state,
                    Remote::Ready(FollowUpSaved::Done(Err(Stopped {
                        error: CreateError::Unknown(_),
                        ..
                    })))
                );
                let writes = [
                    Some(self.queued(&outcome, &self.outcome)),
                    next.as_ref().map(|next| self.queued(next, &self.next)),
                ];
                let parts = Parts {
                    outcome: Some(outcome),
                    next,
                    writes,
                };
                self.saving.ask(
                    ctx.backend,
                    asks::follow_up::follow_up(parts, saved, look_first),
                );
            }
            (outcome, next) => {
                self.problems = outcome
                    .err()
                    .into_iter()
                    .chain(next.err())
                    .flatten()
                    .collect();
            }
        }
    }

    /// Remembers what was saved; once both parts are, records the follow-up on this computer
    /// and tells the calendar.
    fn take_answer(&mut self, ctx: &AppCtx) {
        let saved = match &self.saving.state {
            Remote::Ready(FollowUpSaved::Done(Ok(saved))) => saved.clone(),
            Remote::Ready(FollowUpSaved::Done(Err(Stopped { saved, .. }))) => saved.clone(),
            // What waits in the outbox is followed up here too: the item is dealt with.
            Remote::Ready(FollowUpSaved::Queued { saved, .. }) => saved.clone(),
            _ => return,
        };
        self.saved = saved.clone();
        if self.done() && !self.recorded {
            self.recorded = true;
            if let Some(a) = &self.target.activity {
                let record = FollowUp {
                    activity_id: a.id,
                    outcome_id: saved.outcome_id,
                    next_id: saved.next_id,
                    at: ctx.now,
                };
                let commands = ctx.commands.clone();
                ctx.backend
                    .remembered()
                    .remember_follow_up(record, move || {
                        commands.send(Command::Notice(tr!("outcome-not-remembered")));
                    });
            }
        }
    }
}

fn prefixed(part: &str, problems: Vec<String>) -> Vec<String> {
    problems
        .into_iter()
        .map(|p| format!("{part}: {p}"))
        .collect()
}

/// What was saved, in the words the calendar uses (the ids mean nothing to a person).
fn describe(saved: &Saved, next: &ActivityDraft, today: chrono::NaiveDate) -> String {
    let when = crate::domain::dates::read_day(&next.date, today)
        .map(|day| {
            let day = crate::dates::weekday(day, today.year());
            let time = format::read_time(&next.start).filter(|_| !next.all_day);
            match time {
                Some(time) => tr!("outcome-day-at", day = day, time = crate::dates::time(time)),
                None => day,
            }
        })
        .unwrap_or_else(|_| next.date.clone());
    match (saved.outcome_id, saved.next_id) {
        (Some(_), Some(_)) => tr!("outcome-saved-both", when = when),
        (Some(_), None) => tr!("outcome-saved"),
        (None, Some(_)) => tr!("outcome-next-saved", when = when),
        (None, None) => tr!("outcome-saved-plain"),
    }
}

impl std::fmt::Debug for LogOutcomeForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LogOutcomeForm")
            .field("target", &self.target.who)
            .finish_non_exhaustive()
    }
}

impl crate::modals::Dialog for LogOutcomeForm {
    fn title(&self) -> String {
        tr!("outcome-title", name = self.target.who.name.as_str())
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        LogOutcomeForm::ui(self, ui, ctx);
    }

    fn width(&self) -> f32 {
        600.0
    }

    fn is_open(&self) -> bool {
        self.open
    }

    /// The team's activities around the next step's day: a colleague's booking meanwhile
    /// shows in the next step's day.
    fn shows(&self) -> &'static [crate::engine::Change] {
        &[crate::engine::Change::Activities]
    }

    fn changed(&mut self, _change: crate::engine::Change, ctx: &AppCtx) {
        if let Some(day) = self.team_asked
            && !self.done()
        {
            self.ask_team(ctx, day);
        }
    }

    fn saved(&self) -> bool {
        LogOutcomeForm::done(self)
    }
}
