//! The activity calendar: "My day", month, week (hour grid, all-day band) and agenda views,
//! filter presets matching the API's list filter, overdue highlighting that follows the clock,
//! and the details of the chosen activity. Each view is a file of its own.

mod agenda;
mod at_stake;
mod details;
mod holds;
mod missed_calls;
mod month;
mod my_day;
mod plan_steps;
mod toolbar;
mod week;

use std::sync::Arc;
use std::sync::atomic::Ordering;

use chrono::{DateTime, NaiveDate, Utc};

use super::{AppCtx, Change, Pane};
use crate::api::model::{Activity, ActivityFilter};
use crate::domain::calendar::{
    CalendarFilter, CalendarIndex, FilterOptions, ItemState, local_times, state, zone_of,
};
use crate::engine::ActivityDays;
use crate::engine::asks::{self, Loading};
use crate::remote::Slot;
use crate::theme::Tokens;
use leasedesk_i18n::tr;

/// Ranges of whole days, first and last included.
type DayRanges = Vec<(NaiveDate, NaiveDate)>;

/// Narrower than this, a week's block shows the person only (about "9:00am To Do" wide).
const NARROW_ITEM: f32 = 120.0;

/// Days the agenda lists from the chosen week on.
const AGENDA_DAYS: u64 = 56;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// The agent's home: overdue, due today and upcoming tours.
    MyDay,
    Month,
    Week,
    Agenda,
}

pub struct Calendar {
    pub view: View,
    /// A day inside the period shown.
    pub anchor: Option<NaiveDate>,
    pub filter: ActivityFilter,
    narrow: CalendarFilter,
    loading: Arc<Loading>,
    /// The days shown (and today's, for My day and reminders), with every open overdue one.
    activities: Slot<Arc<ActivityDays>>,
    /// The days last asked for, whose, and (for everyone's days, narrowed in the store) the
    /// narrowing (a failed read is retried by the slot, not asked each frame; knowing who the
    /// user is lets the store answer with their days only).
    asked: Option<(DayRanges, Option<String>, Option<CalendarFilter>)>,
    /// The local follow-ups the index was built with (their version).
    followed_version: Option<u64>,
    /// The loaded activities, shared with the views without copying.
    data: Arc<Vec<Activity>>,
    /// `data` indexed when it or the filters change, never per frame.
    index: CalendarIndex,
    options: FilterOptions,
    pub selected: Option<i64>,
    jump: String,
    week_scrolled: bool,
    /// Activities changed elsewhere (one was logged): reload when next shown.
    stale: bool,
    pub next_step: my_day::NextStepData,
    /// The team's missed calls, while everyone's activities are shown.
    team_calls: missed_calls::TeamCalls,
    next_step_stale: bool,
    /// Which of My day's sections show all their rows (overdue, today, tours, next step).
    my_day_expanded: [bool; 4],
}

impl Default for Calendar {
    fn default() -> Self {
        Calendar {
            view: View::MyDay,
            anchor: None,
            filter: ActivityFilter::All,
            narrow: CalendarFilter::default(),
            loading: Arc::default(),
            activities: Slot::default(),
            asked: None,
            followed_version: None,
            data: Arc::default(),
            index: CalendarIndex::default(),
            options: FilterOptions::default(),
            selected: None,
            jump: String::new(),
            week_scrolled: false,
            stale: false,
            next_step: Default::default(),
            team_calls: Default::default(),
            next_step_stale: false,
            my_day_expanded: [false; 4],
        }
    }
}

/// Activities waiting in the outbox: not on the service yet, so not among the items below.
fn pending_ui(ui: &mut egui::Ui, ctx: &mut AppCtx) {
    use crate::engine::{QueueState, QueuedWrite};
    let entries = ctx.backend.outbox().entries();
    let pending: Vec<_> = entries
        .iter()
        .filter(|e| matches!(e.write, QueuedWrite::LogActivity(_)))
        .collect();
    if pending.is_empty() {
        return;
    }
    ui.colored_label(
        ctx.tokens.warning,
        tr!("calendar-waiting", count = pending.len()),
    );
    const SHOWN: usize = 5;
    for entry in pending.iter().take(SHOWN) {
        let state = match &entry.state {
            QueueState::Refused(_) => tr!("calendar-refused"),
            QueueState::Sending => tr!("calendar-sending"),
            QueueState::Waiting => tr!("calendar-pending"),
        };
        ui.label(format!(
            "⟳ {} ({state})",
            crate::words::queued_said(&entry.write)
        ));
    }
    if pending.len() > SHOWN
        && ui
            .link(tr!(
                "calendar-more-in-outbox",
                count = pending.len() - SHOWN
            ))
            .clicked()
    {
        ctx.send(crate::commands::Command::Navigate(crate::nav::Nav::Outbox));
    }
    ui.separator();
}

/// The icon and colour of an item's state; `None` is the theme's text colour.
fn state_style(s: ItemState, tokens: &Tokens) -> (&'static str, Option<egui::Color32>) {
    match s {
        ItemState::Overdue => ("⚠", Some(tokens.overdue)),
        ItemState::Open => ("○", None),
        ItemState::Completed => ("✔", Some(tokens.completed)),
        ItemState::Cancelled => ("✖", Some(tokens.muted)),
        ItemState::NoShow => ("✖", Some(tokens.muted)),
        ItemState::Rescheduled => ("⟳", Some(tokens.warning)),
    }
}

impl Pane for Calendar {
    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.keep_loaded(ctx);
        let today = ctx.today();
        let anchor = *self.anchor.get_or_insert(today);
        self.toolbar_ui(ui, ctx, today);
        // The count says how a first read is getting on; once a list is shown it is noise.
        let loading = match self.activities.state.value() {
            Some(_) => tr!("case-the-activities"),
            None => tr!(
                "calendar-activities-so-far",
                count = self.loading.loaded.load(Ordering::SeqCst)
            ),
        };
        self.activities.status_ui(ui, ctx, &loading);
        pending_ui(ui, ctx);
        // The highlight must flip when an item's due time passes, with no input needed.
        if let Some(next) = self.next_due_change(ctx.now) {
            ui.ctx().request_repaint_after(next);
        }
        if let Some(activity) = self.selected_activity().cloned() {
            let mut close = false;
            egui::Panel::right("activity-details")
                .resizable(true)
                .frame(crate::widgets::resizable_panel_frame(ui.style()))
                .default_size(340.0)
                .min_size(280.0)
                .show(ui, |ui| {
                    close = details::details_ui(ui, ctx, &activity, &self.data);
                });
            if close {
                self.selected = None;
            }
        }
        if self.activities().is_none() {
            return;
        }
        match self.view {
            View::MyDay => self.my_day_ui(ui, ctx, today),
            View::Month => self.month_ui(ui, ctx, anchor, today),
            View::Week => self.week_ui(ui, ctx, anchor, today),
            View::Agenda => self.agenda_ui(ui, ctx, anchor),
        }
    }

    fn reset(&mut self) {
        *self = Calendar::default();
    }

    /// On My day, the first new lead's first contact, named so the palette finds it by
    /// "first contact" or "log outcome".
    fn selected_actions(&self) -> Vec<(crate::commands::Command, String)> {
        use crate::commands::Command;
        if self.view != View::MyDay {
            return Vec::new();
        }
        self.next_step
            .new_leads()
            .first()
            .map(|lead| {
                let target = crate::modals::log_outcome::FollowUpTarget {
                    activity: None,
                    who: crate::domain::activity_draft::Who {
                        individual_id: lead.individual_id,
                        case_number: lead.case_number.clone(),
                        name: lead.name.clone(),
                    },
                    community: Some(lead.community_unique.clone()).filter(|c| !c.is_empty()),
                };
                (
                    Command::LogOutcome(Box::new(target)),
                    tr!("calendar-first-contact", name = lead.name.as_str()),
                )
            })
            .into_iter()
            .collect()
    }

    fn shows(&self) -> &'static [Change] {
        &[Change::Activities, Change::Cases]
    }

    fn changed(&mut self, change: Change, _: &AppCtx) {
        match change {
            // A new or changed case (a colleague's new lead): only the leads are read again.
            Change::Cases => self.next_step_stale = true,
            _ => self.mark_stale(),
        }
    }
}

impl Calendar {
    pub fn activities(&self) -> Option<&Vec<Activity>> {
        self.activities
            .state
            .value()
            .map(|days| days.activities.as_ref())
    }

    /// Ids of the activities shown as overdue right now.
    pub fn overdue_ids(&self, now: DateTime<Utc>) -> Vec<i64> {
        self.index.overdue(now).map(|i| self.data[i].id).collect()
    }

    /// Ids of the activities the filters let through, in date order.
    pub fn shown_ids(&self) -> Vec<i64> {
        self.index.shown.iter().map(|&i| self.data[i].id).collect()
    }

    /// Whether the days from `from` to `last` are read, with no read under way.
    pub fn has_read(&self, from: NaiveDate, last: NaiveDate) -> bool {
        !self.activities.state.is_pending()
            && self
                .activities
                .state
                .value()
                .is_some_and(|days| days.covers_days(from, last))
    }

    /// How many activities the filters let through on `day` are listed.
    pub fn listed_on(&self, day: NaiveDate) -> usize {
        self.index.on(day).len()
    }

    /// How many shown items are overdue at `now`.
    pub fn overdue_count(&self, now: DateTime<Utc>) -> usize {
        self.index.overdue_count(now)
    }

    /// The leads ("N new leads waiting", My day's lists), read again when stale: called every
    /// frame, whatever pane is shown.
    pub fn keep_leads_loaded(&mut self, ctx: &AppCtx) {
        let stale = std::mem::take(&mut self.next_step_stale);
        self.next_step_stale = self.next_step.keep_loaded(ctx, stale);
    }

    /// Activities changed elsewhere: read them again when next shown.
    pub fn mark_stale(&mut self) {
        self.stale = true;
        self.next_step_stale = true;
        self.team_calls.stale = true;
    }

    pub fn reload(&mut self, ctx: &AppCtx) {
        self.stale = false;
        let days = self.days_wanted(ctx.today());
        let me = ctx.me().map(|me| me.name);
        self.asked = Some((days.clone(), me.clone(), self.narrowed_in_store()));
        let (filter, loading) = (self.filter, self.loading.clone());
        let narrow = self.narrow.clone();
        self.activities.ask(
            ctx.backend,
            asks::calendar::calendar_days(filter, me, days, narrow, loading),
        );
    }

    /// Everyone's days are narrowed where they are read (a page of each day is read): the
    /// narrowing then is part of what was asked.
    fn narrowed_in_store(&self) -> Option<CalendarFilter> {
        (self.filter == ActivityFilter::AllUsers).then(|| self.narrow.clone())
    }

    /// Everyone's days read a page at a time: how many more `day` has than are shown.
    pub fn more_on(&self, day: NaiveDate) -> usize {
        self.activities
            .state
            .value()
            .map_or(0, |days| days.more_on(day))
    }

    /// How many more the days from `first` to `last` have than are shown.
    fn more_between(&self, first: NaiveDate, last: NaiveDate) -> usize {
        self.activities.state.value().map_or(0, |days| {
            days.more
                .iter()
                .filter(|(d, _)| (first..=last).contains(d))
                .map(|(_, n)| n)
                .sum()
        })
    }

    /// Everyone's open items before the days read, beyond those read.
    pub(super) fn more_overdue(&self) -> usize {
        self.activities
            .state
            .value()
            .map_or(0, |days| days.more_overdue)
    }

    /// The days the view shows, and today's fortnight ahead (My day's tours and the reminders
    /// need them whatever is shown).
    fn days_wanted(&self, today: NaiveDate) -> DayRanges {
        let ahead = |from: NaiveDate, days: u64| from.checked_add_days(chrono::Days::new(days));
        let upcoming = u64::from(crate::domain::my_day::MyDayRules::default().upcoming_days);
        let mine = (
            today.pred_opt().unwrap_or(today),
            ahead(today, upcoming + 1).unwrap_or(today),
        );
        std::iter::once(mine)
            .chain(self.shown_days(today))
            .collect()
    }

    /// The first and last day the view shows (My day shows sections, not days).
    pub(super) fn shown_days(&self, today: NaiveDate) -> Option<(NaiveDate, NaiveDate)> {
        use crate::domain::calendar::{month_grid, week_of};
        use chrono::Datelike;
        let ahead = |from: NaiveDate, days: u64| from.checked_add_days(chrono::Days::new(days));
        let anchor = self.anchor.unwrap_or(today);
        match self.view {
            View::MyDay => None,
            View::Week => Some((week_of(anchor)[0], week_of(anchor)[6])),
            View::Month => {
                let grid = month_grid(anchor.year(), anchor.month());
                grid.first()
                    .zip(grid.last())
                    .map(|(first, last)| (first[0], last[6]))
            }
            // The agenda lists eight weeks from the chosen week (its last day the 56th).
            View::Agenda => {
                let start = week_of(anchor)[0];
                Some((start, ahead(start, AGENDA_DAYS - 1).unwrap_or(start)))
            }
        }
    }

    /// Keeps the list loaded even while another pane is shown (reminders and the overdue
    /// count use it), reads again when the view moves to days not read, and reindexes when it
    /// or the local follow-ups change.
    pub fn keep_loaded(&mut self, ctx: &AppCtx) {
        if self.activities.poll_read(ctx.backend) {
            self.reindex(ctx);
        }
        let wanted = self.days_wanted(ctx.today());
        let me = ctx.me().map(|me| me.name);
        let asked_me = self.asked.as_ref().map(|(_, me, _)| me.clone());
        let settled =
            !self.activities.state.is_pending() && self.activities.state.value().is_some();
        let narrowed = settled
            && self
                .asked
                .as_ref()
                .is_some_and(|(_, _, narrow)| *narrow != self.narrowed_in_store());
        let moved = settled
            && self.asked.as_ref().map(|(days, _, _)| days) != Some(&wanted)
            && self
                .activities
                .state
                .value()
                .is_some_and(|days| !wanted.iter().all(|(a, b)| days.covers_days(*a, *b)));
        // Read before the user was known: once they are, their days alone will do (and the
        // store can answer them, where a read of the service may have failed offline).
        let now_known =
            !self.activities.state.is_pending() && me.is_some() && asked_me == Some(None);
        if matches!(self.activities.state, crate::remote::Remote::Idle)
            || self.stale
            || moved
            || narrowed
            || now_known
        {
            self.reload(ctx);
        }
        if ctx.local_version() != self.followed_version {
            self.reindex(ctx);
        }
    }

    /// A new list, new filters or new follow-ups: index again (never copying the list).
    fn reindex(&mut self, ctx: &AppCtx) {
        self.followed_version = ctx.local_version();
        self.index_with(&ctx.follow_ups());
    }

    fn index_with(&mut self, followed: &crate::domain::follow_up::FollowUps) {
        self.data = self
            .activities
            .state
            .value()
            .map(|days| days.activities.clone())
            .unwrap_or_default();
        self.index = CalendarIndex::build(&self.data, &self.narrow, followed);
        let options = FilterOptions::of(&self.data);
        // Everyone's days narrowed where they are read hold only what the narrowing lets
        // through: the choices seen before stay offered, or no other could be chosen.
        self.options = if self
            .narrowed_in_store()
            .is_some_and(|n| n != CalendarFilter::default())
        {
            self.options.union(options)
        } else {
            options
        };
    }

    /// Shows these activities as if they had just arrived (benchmarks, previews, screenshots).
    #[cfg(feature = "test-hooks")]
    pub fn show_activities(&mut self, activities: Vec<Activity>) {
        self.activities.set_ready(Arc::new(ActivityDays {
            activities: Arc::new(activities),
            ..ActivityDays::default()
        }));
        self.index_with(&Default::default());
    }

    fn selected_activity(&self) -> Option<&Activity> {
        let id = self.selected?;
        self.activities()?.iter().find(|a| a.id == id)
    }

    /// Time until the next open item becomes overdue (at most a minute, so a long wait is
    /// re-checked).
    fn next_due_change(&self, now: DateTime<Utc>) -> Option<std::time::Duration> {
        let next = self.index.next_overdue(now)?;
        (next - now).to_std().ok().map(|d| {
            d.min(std::time::Duration::from_secs(60)) + std::time::Duration::from_millis(50)
        })
    }

    /// One activity as a line: its state's icon, time, type and person; a click selects it.
    /// One item as a button that shows its details; `sense` says whether it is a Tab stop.
    fn item_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &AppCtx,
        a: &Activity,
        with_time: bool,
        sense: egui::Sense,
    ) -> egui::Response {
        let zone = zone_of(a);
        let s = state(a, ctx.now, zone);
        // Followed up here: dealt with, though the service (which has no update) keeps it open.
        let followed = ctx.follow_ups().contains_key(&a.id);
        let (icon, color) = if followed {
            ("✔", Some(ctx.tokens.completed))
        } else {
            state_style(s, &ctx.tokens)
        };
        let time = match (with_time, local_times(a, zone)) {
            (true, Some((start, _))) => format!("{} ", crate::dates::time_tight(start)),
            _ => String::new(),
        };
        let title = a.activity_type.as_deref().unwrap_or(&a.activity_name);
        let whole = format!("{time}{title} · {}", a.individual_full_name);
        // A block a few letters wide (a crowded hour of the week) names the person: its time
        // is where it stands, and "9:0…" said nothing. The hover says the rest.
        let narrow = with_time && ui.available_width() < NARROW_ITEM;
        let shown = if narrow {
            a.individual_full_name.as_str()
        } else {
            whole.as_str()
        };
        let mut text = egui::RichText::new(format!("{icon} {shown}"))
            .color(color.unwrap_or(ui.visuals().text_color()));
        if s == ItemState::Overdue && !followed {
            text = text.strong();
        }
        if matches!(s, ItemState::Cancelled | ItemState::NoShow) {
            text = text.strikethrough();
        }
        let mut hover = if followed {
            tr!(
                "calendar-followed-hover",
                due = a.due_date_descriptive.as_str()
            )
        } else {
            a.due_date_descriptive.clone()
        };
        if narrow {
            hover = format!("{whole}\n{hover}");
        }
        let response = ui
            .add(egui::Button::new(text).frame(false).truncate().sense(sense))
            .on_hover_text(hover);
        if response.clicked() {
            self.selected = Some(a.id);
        }
        response
    }
}

impl Calendar {
    pub fn save_filters(&self, f: &mut crate::prefs::PaneFilters) {
        f.calendar_community.clone_from(&self.narrow.community);
        f.calendar_kind.clone_from(&self.narrow.kind);
        f.calendar_assignee.clone_from(&self.narrow.assignee);
    }

    pub fn restore_filters(&mut self, f: &crate::prefs::PaneFilters) {
        self.narrow = CalendarFilter {
            community: f.calendar_community.clone(),
            kind: f.calendar_kind.clone(),
            assignee: f.calendar_assignee.clone(),
        };
    }
}
