//! "Schedule a tour…" from a case: the community, the day and time, how long, who gives it; and
//! beside the form, that person's activities on that day, with a warning (not a block) when the
//! tour would overlap one.

use crate::engine::asks;
use std::sync::Arc;

use chrono::{Days, NaiveDate, NaiveTime};

use crate::api::model::{Activity, ActivityTypeMaster, Community};
use crate::context::AppCtx;
use crate::domain::calendar::{local_day, local_times, zone_of};
use crate::domain::tour::{DURATIONS, TourDraft, as_activity_draft, build, clashes, span};
use crate::engine::ActivityWrite;
use crate::engine::asks::{
    Create, CreateError, FollowUpSaved, Loading, Lookups, Parts, Saved, Stopped,
};
use crate::remote::{Remote, Slot};
use crate::widgets::{date_field, user_combo};
use crate::widgets::{labelled, steady_combo};
use leasedesk_i18n::tr;

pub use crate::commands::TourTarget;

pub struct ScheduleTourForm {
    first_focus: crate::widgets::FirstFocus,
    pub target: TourTarget,
    pub draft: TourDraft,
    date_text: String,
    lookups: Slot<Lookups>,
    /// Everyone's activities around the chosen day (read again when the day leaves them).
    team: Slot<Arc<crate::engine::ActivityDays>>,
    /// The day the team's activities were last asked around (a failed read is retried by the
    /// slot itself, not asked again each frame).
    team_asked: Option<NaiveDate>,
    loading: Arc<Loading>,
    saving: Slot<FollowUpSaved>,
    problems: Vec<String>,
    pub open: bool,
}

/// The height of the assignee's day beside the form (the form's own height).
const DAY_HEIGHT: f32 = 230.0;

/// Quarter hours from 8:00 to 19:45, the hours tours are given.
fn quarter_hours() -> impl Iterator<Item = NaiveTime> {
    (8 * 4..20 * 4).filter_map(|q| NaiveTime::from_hms_opt(q / 4, (q % 4) * 15, 0))
}

impl ScheduleTourForm {
    pub fn new(target: TourTarget, ctx: &AppCtx) -> Self {
        let tomorrow = ctx.today() + Days::new(1);
        let draft = TourDraft {
            individual_id: target.who.individual_id,
            case_number: target.who.case_number.clone(),
            community: target.communities.first().map(|c| c.name_unique.clone()),
            date: Some(tomorrow),
            time: NaiveTime::from_hms_opt(10, 0, 0),
            minutes: 60,
            assignee_id: ctx.me().map(|m| m.user_id),
            note: String::new(),
        };
        ScheduleTourForm {
            first_focus: Default::default(),
            target,
            draft,
            date_text: crate::dates::typed_day(tomorrow),
            lookups: Slot::default(),
            team: Slot::default(),
            team_asked: None,
            loading: Arc::default(),
            saving: Slot::default(),
            problems: Vec::new(),
            open: true,
        }
    }

    /// Whether its lists and the team's day are in (the form stops changing shape).
    pub fn lists_loaded(&self) -> bool {
        self.lookups.state.value().is_some()
            && !self.lookups.state.is_pending()
            && self.team.state.value().is_some()
            && !self.team.state.is_pending()
    }

    pub fn saved(&self) -> bool {
        matches!(
            self.saving.state,
            Remote::Ready(FollowUpSaved::Done(Ok(_)) | FollowUpSaved::Queued { .. })
        )
    }

    /// The assignee's activities on the chosen day, and which of them the tour would overlap.
    pub fn that_day(&self, ctx: &AppCtx) -> (Vec<Activity>, Vec<i64>) {
        let (Some(team), Some(lookups), Some(day)) = (
            self.team.state.value(),
            self.lookups.state.value(),
            self.draft.date,
        ) else {
            return (Vec::new(), Vec::new());
        };
        let Some(name) = self
            .draft
            .assignee_id
            .and_then(|id| lookups.users.iter().find(|u| u.id == id))
            .map(|u| u.name.clone())
        else {
            return (Vec::new(), Vec::new());
        };
        let mut theirs: Vec<Activity> = team
            .activities
            .iter()
            .filter(|a| a.assigned_name == name && local_day(a, zone_of(a)) == day)
            .cloned()
            .collect();
        theirs.sort_by_key(|a| a.due_date);
        let overlapping = span(&self.draft, ctx.zone)
            .map(|(start, end)| clashes(&theirs, start, end).iter().map(|a| a.id).collect())
            .unwrap_or_default();
        (theirs, overlapping)
    }

    /// Reads a week of everyone's activities around the chosen day, and again when the day
    /// moves out of it (the store answers at once; before its first fill the service gives
    /// every activity, which covers any day).
    fn keep_team_loaded(&mut self, ctx: &AppCtx) {
        self.team.poll_read(ctx.backend);
        let Some(day) = self.draft.date else {
            return;
        };
        let covered = self.team.state.value().is_some_and(|t| t.covers(day));
        if covered || self.team.state.is_pending() || self.team_asked == Some(day) {
            return;
        }
        self.ask_team(ctx, day);
    }

    fn ask_team(&mut self, ctx: &AppCtx, day: NaiveDate) {
        self.team_asked = Some(day);
        let from = day.checked_sub_days(Days::new(3)).unwrap_or(day);
        let to = day.checked_add_days(Days::new(3)).unwrap_or(day);
        let loading = self.loading.clone();
        self.team
            .ask(ctx.backend, asks::calendar::team_days(from, to, loading));
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.lookups.ask_once(ctx.backend, asks::lists::lookups);
        self.lookups.poll_read(ctx.backend);
        self.keep_team_loaded(ctx);
        self.saving.poll();
        let lookups = self.lookups.state.value().cloned().unwrap_or_default();
        ui.heading(crate::modals::Dialog::title(self));
        self.lookups.status_ui(ui, ctx, &tr!("noun-lists"));
        let done = self.saved() || self.saving.state.is_pending();
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(360.0);
                ui.add_enabled_ui(!done, |ui| {
                    self.fields_ui(ui, &lookups, ctx.today(), ctx.tokens.error)
                });
            });
            // A separator here would grow to the dialog's unlimited height.
            ui.add_space(16.0);
            ui.vertical(|ui| {
                // A fixed size: the dialog must not move under the pointer as the day loads.
                ui.set_width(260.0);
                ui.set_height(DAY_HEIGHT);
                egui::ScrollArea::vertical()
                    .id_salt("tour-their-day")
                    .max_height(DAY_HEIGHT)
                    .show(ui, |ui| self.their_day_ui(ui, ctx, &lookups));
            });
        });
        ui.separator();
        for p in &self.problems {
            crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {p}"));
        }
        match &self.saving.state {
            Remote::Ready(FollowUpSaved::Done(Ok(_))) => {
                crate::widgets::said_ui(ui, ctx.tokens.success, tr!("tour-scheduled"));
            }
            Remote::Ready(FollowUpSaved::Queued { .. }) => {
                ui.colored_label(ctx.tokens.warning, tr!("tour-saved-offline"));
            }
            Remote::Ready(FollowUpSaved::Done(Err(stopped))) => {
                crate::widgets::problem_ui(
                    ui,
                    ctx.tokens.error,
                    format!("⚠ {}", crate::error_words::create_error(&stopped.error)),
                );
            }
            Remote::Idle => crate::widgets::saved_line_room(ui),
            _ => self.saving.status_ui(ui, ctx, &tr!("tour-the-tour")),
        }
        crate::widgets::buttons_row(ui, "schedule-tour", |ui| {
            if ui
                .add_enabled(!done, egui::Button::new(tr!("tour-schedule")))
                .clicked()
            {
                self.send(ctx, &lookups);
            }
            if ui.button(tr!("outreach-close")).clicked() {
                self.open = false;
            }
        });
    }

    fn fields_ui(
        &mut self,
        ui: &mut egui::Ui,
        lookups: &Lookups,
        today: chrono::NaiveDate,
        error: egui::Color32,
    ) {
        egui::Grid::new("tour-grid")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                let label = ui.label(tr!("calling-col-community"));
                let offered: Vec<&Community> = self
                    .target
                    .communities
                    .iter()
                    .chain(
                        lookups
                            .communities
                            .iter()
                            .filter(|c| !self.target.communities.iter().any(|t| t.id == c.id)),
                    )
                    .collect();
                let current = offered
                    .iter()
                    .find(|c| Some(&c.name_unique) == self.draft.community.as_ref())
                    .map_or_else(|| tr!("users-choose"), |c| c.name.clone());
                steady_combo(
                    ui,
                    220.0,
                    egui::ComboBox::from_id_salt("tour-community").selected_text(current),
                    |ui| {
                        for c in offered {
                            let unique = Some(c.name_unique.clone());
                            ui.selectable_value(&mut self.draft.community, unique, &c.name);
                        }
                    },
                )
                .labelled_by(label.id);
                ui.end_row();
                let date = date_field(ui, &tr!("tour-day"), &mut self.date_text, today, error);
                self.first_focus.on(&date);
                // Read as it is typed (12/1, Dec 1…), so their day follows the typing.
                self.draft.date = crate::domain::dates::read_day(&self.date_text, today).ok();
                ui.end_row();
                let label = ui.label(tr!("tour-time"));
                let shown = self
                    .draft
                    .time
                    .map_or_else(|| tr!("users-choose"), crate::dates::time);
                steady_combo(
                    ui,
                    120.0,
                    egui::ComboBox::from_id_salt("tour-time")
                        .selected_text(shown)
                        .height(300.0),
                    |ui| {
                        for t in quarter_hours() {
                            let text = crate::dates::time(t);
                            ui.selectable_value(&mut self.draft.time, Some(t), text);
                        }
                    },
                )
                .labelled_by(label.id);
                ui.end_row();
                let label = ui.label(tr!("tour-length"));
                steady_combo(
                    ui,
                    120.0,
                    egui::ComboBox::from_id_salt("tour-length")
                        .selected_text(tr!("settings-minutes", minutes = self.draft.minutes)),
                    |ui| {
                        for m in DURATIONS {
                            ui.selectable_value(
                                &mut self.draft.minutes,
                                m,
                                tr!("settings-minutes", minutes = m),
                            );
                        }
                    },
                )
                .labelled_by(label.id);
                ui.end_row();
                user_combo(
                    ui,
                    &tr!("tour-given-by"),
                    "tour-user",
                    &mut self.draft.assignee_id,
                    &lookups.users,
                );
                ui.end_row();
                labelled(ui, &tr!("tour-note"), |ui| {
                    crate::widgets::note_field(
                        ui,
                        &mut self.draft.note,
                        "schedule-tour-note",
                        2,
                        220.0,
                    )
                });
                ui.end_row();
            });
    }

    fn their_day_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, lookups: &Lookups) {
        let guide = self
            .draft
            .assignee_id
            .and_then(|id| lookups.users.iter().find(|u| u.id == id));
        // A day not yet one of the calendar ("31 feb") has no activities to show: saying
        // "Nothing else that day" would answer for a day that is not there.
        let Some(date) = self.draft.date else {
            ui.strong(match guide {
                Some(u) => tr!("tour-their-day-of-undated", name = u.name.as_str()),
                None => tr!("tour-their-day-undated"),
            });
            ui.label(egui::RichText::new(tr!("tour-choose-a-day")).color(ctx.tokens.muted));
            return;
        };
        let day = crate::dates::weekday_with_year(date);
        let heading = match guide {
            Some(u) => tr!("tour-their-day-of", name = u.name.as_str(), day = day),
            None => tr!("tour-their-day", day = day),
        };
        ui.strong(heading);
        let what = tr!(
            "tour-team-activities",
            count = self
                .loading
                .loaded
                .load(std::sync::atomic::Ordering::SeqCst)
        );
        self.team.status_ui(ui, ctx, &what);
        let (theirs, overlapping) = self.that_day(ctx);
        let line = |a: &Activity| {
            let when = local_times(a, zone_of(a)).map_or_else(
                || tr!("log-all-day"),
                |(s, e)| format!("{}–{}", crate::dates::time(s), crate::dates::time(e)),
            );
            format!(
                "{when} {} · {}",
                a.activity_type.as_deref().unwrap_or(&a.activity_name),
                a.individual_full_name
            )
        };
        if !overlapping.is_empty() {
            ui.colored_label(
                ctx.tokens.warning,
                tr!("tour-overlaps", count = overlapping.len()),
            );
            // The clashes first, so they are seen without scrolling the day.
            for a in theirs.iter().filter(|a| overlapping.contains(&a.id)) {
                ui.colored_label(ctx.tokens.warning, format!("⚠ {}", line(a)));
            }
            ui.separator();
        }
        if self.team.state.value().is_some() && theirs.is_empty() {
            ui.label(egui::RichText::new(tr!("tour-nothing-else")).color(ctx.tokens.muted));
        }
        for a in &theirs {
            let clash = overlapping.contains(&a.id);
            let color = if clash {
                ctx.tokens.warning
            } else {
                ui.visuals().text_color()
            };
            ui.label(egui::RichText::new(line(a)).color(color));
        }
    }

    fn send(&mut self, ctx: &AppCtx, lookups: &Lookups) {
        if self.saving.state.is_pending() {
            return;
        }
        let Some(tour) = lookups.type_for(ActivityTypeMaster::Tour) else {
            self.problems = vec![tr!("tour-no-type")];
            return;
        };
        match build(&self.draft, tour.id, ctx.zone) {
            Err(problems) => {
                self.problems = problems
                    .into_iter()
                    .map(crate::words::tour_problem)
                    .collect()
            }
            Ok(body) => {
                self.problems.clear();
                let draft =
                    as_activity_draft(&self.draft, self.target.who.clone(), tour.id, ctx.zone);
                let write = ActivityWrite::new(&draft, body.clone(), tour.name.clone()).into();
                let create = Create {
                    body,
                    type_name: tour.name.clone(),
                };
                // After an answer that could not be checked, look before sending again.
                let look_first = matches!(
                    &self.saving.state,
                    Remote::Ready(FollowUpSaved::Done(Err(Stopped {
                        error: CreateError::Unknown(_),
                        ..
                    })))
                );
                let parts = Parts {
                    outcome: None,
                    next: Some(create),
                    writes: [None, Some(write)],
                };
                self.saving.ask(
                    ctx.backend,
                    asks::follow_up::follow_up(parts, Saved::default(), look_first),
                );
            }
        }
    }
}

impl crate::modals::Dialog for ScheduleTourForm {
    fn title(&self) -> String {
        tr!("tour-title", name = self.target.who.name.as_str())
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ScheduleTourForm::ui(self, ui, ctx);
    }

    fn width(&self) -> f32 {
        660.0
    }

    fn is_open(&self) -> bool {
        self.open
    }

    /// The team's activities around the day: a colleague's tour booked meanwhile shows.
    fn shows(&self) -> &'static [crate::engine::Change] {
        &[crate::engine::Change::Activities]
    }

    fn changed(&mut self, _change: crate::engine::Change, ctx: &AppCtx) {
        if let Some(day) = self.team_asked {
            self.ask_team(ctx, day);
        }
    }

    fn saved(&self) -> bool {
        ScheduleTourForm::saved(self)
    }
}
