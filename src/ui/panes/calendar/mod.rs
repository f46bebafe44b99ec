//! The activity calendar: "My day", month, week (hour grid, all-day band) and agenda views,
//! filter presets matching the API's list filter, overdue highlighting that follows the clock,
//! and the details of the chosen activity. Each view is a file of its own.

mod agenda;
mod details;
mod month;
mod my_day;
mod toolbar;
mod week;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use chrono::{DateTime, NaiveDate, Utc};

use super::{AppCtx, Pane};
use crate::api::model::{Activity, ActivityFilter, ActivityQuery};
use crate::domain::calendar::{
    CalendarFilter, CalendarIndex, FilterOptions, ItemState, local_times, state, zone_of,
};
use crate::domain::format;
use crate::ui::remote::Slot;
use crate::ui::theme::Tokens;

const PAGE: i64 = 1000;
/// Stop after this many activities: a month of a very large portal still fits.
const MAX_ACTIVITIES: usize = 200_000;

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
    loaded: Arc<AtomicUsize>,
    /// Activities the service sent that could not be read.
    skipped: Arc<AtomicUsize>,
    activities: Slot<Arc<Vec<Activity>>>,
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
}

impl Default for Calendar {
    fn default() -> Self {
        Calendar {
            view: View::MyDay,
            anchor: None,
            filter: ActivityFilter::All,
            narrow: CalendarFilter::default(),
            loaded: Arc::default(),
            skipped: Arc::default(),
            activities: Slot::default(),
            data: Arc::default(),
            index: CalendarIndex::default(),
            options: FilterOptions::default(),
            selected: None,
            jump: String::new(),
            week_scrolled: false,
            stale: false,
        }
    }
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
    const TITLE: &'static str = "Calendar";

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        if self.activities.poll_read(ctx.backend) {
            self.reindex();
        }
        if matches!(self.activities.state, crate::ui::remote::Remote::Idle) || self.stale {
            self.reload(ctx);
        }
        let today = ctx.today();
        let anchor = *self.anchor.get_or_insert(today);
        self.toolbar_ui(ui, ctx, today);
        let loading = format!("activities ({} so far)", self.loaded.load(Ordering::SeqCst));
        self.activities.status_ui(ui, ctx, &loading);
        // The highlight must flip when an item's due time passes, with no input needed.
        if let Some(next) = self.next_due_change(ctx.now) {
            ui.ctx().request_repaint_after(next);
        }
        if let Some(activity) = self.selected_activity().cloned() {
            let mut close = false;
            egui::Panel::right("activity-details")
                .resizable(true)
                .default_size(340.0)
                .min_size(280.0)
                .show(ui, |ui| {
                    close = details::details_ui(ui, ctx, &activity);
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
}

impl Calendar {
    pub fn activities(&self) -> Option<&Vec<Activity>> {
        self.activities.state.value().map(|list| list.as_ref())
    }

    /// Ids of the activities shown as overdue right now.
    pub fn overdue_ids(&self, now: DateTime<Utc>) -> Vec<i64> {
        self.index.overdue(now).map(|i| self.data[i].id).collect()
    }

    /// How many shown items are overdue at `now`.
    pub fn overdue_count(&self, now: DateTime<Utc>) -> usize {
        self.index.overdue_count(now)
    }

    /// Activities changed elsewhere: read them again when next shown.
    pub fn mark_stale(&mut self) {
        self.stale = true;
    }

    pub fn reload(&mut self, ctx: &AppCtx) {
        self.stale = false;
        let filter = self.filter;
        let (loaded, skipped) = (self.loaded.clone(), self.skipped.clone());
        loaded.store(0, Ordering::SeqCst);
        self.activities.request_read(ctx.backend, move |client| {
            let (loaded, skipped) = (loaded.clone(), skipped.clone());
            skipped.store(0, Ordering::SeqCst);
            async move {
                let mut all = Vec::new();
                for page in 1.. {
                    let query = ActivityQuery {
                        filter: Some(filter),
                        page_size: Some(PAGE),
                        page_number: Some(page),
                        ..Default::default()
                    };
                    let batch = client.activities(&query).await?;
                    // A skipped record still took its place on the page.
                    let received = batch.len() + batch.unreadable.len();
                    let last = (received as i64) < PAGE;
                    skipped.fetch_add(batch.unreadable.len(), Ordering::SeqCst);
                    all.extend(batch);
                    loaded.store(all.len(), Ordering::SeqCst);
                    if last || all.len() >= MAX_ACTIVITIES {
                        break;
                    }
                }
                Ok(Arc::new(all))
            }
        });
    }

    /// A new list or new filters: index it again (never copying the list).
    fn reindex(&mut self) {
        self.data = self.activities.state.value().cloned().unwrap_or_default();
        self.index = CalendarIndex::build(&self.data, &self.narrow);
        self.options = FilterOptions::of(&self.data);
    }

    /// Shows these activities as if they had just arrived (benchmarks, previews, screenshots).
    #[cfg(feature = "test-hooks")]
    pub fn show_activities(&mut self, activities: Vec<Activity>) {
        self.activities.set_ready(Arc::new(activities));
        self.reindex();
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
    fn item_ui(&mut self, ui: &mut egui::Ui, ctx: &AppCtx, a: &Activity, with_time: bool) {
        let zone = zone_of(a);
        let s = state(a, ctx.now, zone);
        let (icon, color) = state_style(s, &ctx.tokens);
        let time = match (with_time, local_times(a, zone)) {
            (true, Some((start, _))) => format!("{} ", start.format(format::TIME_TIGHT)),
            _ => String::new(),
        };
        let title = a.activity_type.as_deref().unwrap_or(&a.activity_name);
        let mut text =
            egui::RichText::new(format!("{icon} {time}{title} · {}", a.individual_full_name))
                .color(color.unwrap_or(ui.visuals().text_color()));
        if s == ItemState::Overdue {
            text = text.strong();
        }
        if matches!(s, ItemState::Cancelled | ItemState::NoShow) {
            text = text.strikethrough();
        }
        let response = ui
            .add(egui::Button::new(text).frame(false).truncate())
            .on_hover_text(&a.due_date_descriptive);
        if response.clicked() {
            self.selected = Some(a.id);
        }
    }
}
