//! The activity calendar: month, week (hour grid, all-day band) and agenda views, filter
//! presets matching the API's list filter, overdue highlighting that follows the clock, and the
//! details of the chosen activity.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use chrono::{DateTime, Datelike, Days, Months, NaiveDate, Timelike, Utc};
use chrono_tz::Tz;
use egui_extras::{Column, TableBuilder};

use super::log_activity::{LogActivityForm, Who};
use super::{AppCtx, error_line, steady_combo};
use crate::api::model::{Activity, ActivityFilter, ActivityQuery};
use crate::domain::calendar::{
    ItemState, by_day, fit, lanes, local_day, local_times, month_grid, overdue_from, state,
    week_of, zone_of,
};
use crate::ui::remote::Slot;
use crate::ui::theme::Tokens;

const PAGE: i64 = 1000;
/// Stop after this many activities: a month of a very large portal still fits.
const MAX_ACTIVITIES: usize = 200_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// The agent's home: overdue, due today and upcoming tours.
    Today,
    Month,
    Week,
    Agenda,
}

pub struct Calendar {
    pub view: View,
    /// A day inside the period shown.
    pub anchor: Option<NaiveDate>,
    pub filter: ActivityFilter,
    community: Option<String>,
    kind: Option<String>,
    assignee: Option<String>,
    loaded: Arc<AtomicUsize>,
    activities: Slot<Arc<Vec<Activity>>>,
    /// Indices into the activities after the community/type/user filters.
    /// The loaded activities, shared with the views without copying.
    data: Arc<Vec<Activity>>,
    /// Indices into `data` after the community/type/user filters.
    shown: Vec<usize>,
    /// `shown` by local day, and `shown` in date order: rebuilt when the data or filters change,
    /// never per frame.
    days: std::collections::BTreeMap<NaiveDate, Vec<usize>>,
    agenda: Vec<usize>,
    /// When each shown open item turns overdue, with its index, sorted by time.
    overdue_at: Vec<(DateTime<Utc>, usize)>,
    /// The community, type and user names the filters offer.
    options: [Vec<String>; 3],
    pub selected: Option<i64>,
    jump: String,
    week_scrolled: bool,
    pub form: Option<LogActivityForm>,
    /// The zone of the loaded activities (the API user's), for the form.
    zone: Option<Tz>,
}

impl Default for Calendar {
    fn default() -> Self {
        Calendar {
            view: View::Today,
            anchor: None,
            filter: ActivityFilter::All,
            community: None,
            kind: None,
            assignee: None,
            loaded: Arc::default(),
            activities: Slot::default(),
            shown: Vec::new(),
            data: Arc::default(),
            days: Default::default(),
            agenda: Vec::new(),
            overdue_at: Vec::new(),
            options: Default::default(),
            selected: None,
            jump: String::new(),
            week_scrolled: false,
            form: None,
            zone: None,
        }
    }
}

fn state_style(
    s: ItemState,
    tokens: &Tokens,
    text: egui::Color32,
) -> (&'static str, egui::Color32) {
    match s {
        ItemState::Overdue => ("⚠", tokens.overdue),
        ItemState::Open => ("○", text),
        ItemState::Completed => ("✔", tokens.completed),
        ItemState::Cancelled => ("✖", tokens.muted),
        ItemState::NoShow => ("✖", tokens.muted),
        ItemState::Rescheduled => ("⟳", tokens.warning),
    }
}

impl Calendar {
    pub fn activities(&self) -> Option<&Vec<Activity>> {
        self.activities.state.value().map(|list| list.as_ref())
    }

    /// Ids of the activities shown as overdue right now.
    pub fn overdue_ids(&self, now: DateTime<Utc>) -> Vec<i64> {
        let Some(list) = self.activities() else {
            return Vec::new();
        };
        self.shown
            .iter()
            .map(|&i| &list[i])
            .filter(|a| state(a, now, zone_of(a)) == ItemState::Overdue)
            .map(|a| a.id)
            .collect()
    }

    /// Opens the log-activity form, pre-filled with `who` (from a case: a call by default).
    pub fn open_form(&mut self, who: Option<Who>, now: DateTime<Utc>) {
        let zone = self.zone.unwrap_or(Tz::America__New_York);
        let local = now.with_timezone(&zone);
        let call = who.is_some();
        let form = LogActivityForm::new(zone, local.date_naive(), local.time(), who);
        self.form = Some(if call {
            form.preferring(crate::api::model::ActivityTypeMaster::CallOut)
        } else {
            form
        });
    }

    pub fn reload(&mut self, ctx: &AppCtx) {
        let filter = self.filter;
        let loaded = self.loaded.clone();
        loaded.store(0, Ordering::SeqCst);
        self.activities.request_read(ctx.backend, move |client| {
            let loaded = loaded.clone();
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
                    let last = (batch.len() as i64) < PAGE;
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

    fn refilter(&mut self) {
        // The views share the loaded list; a filter change re-indexes it, never copies it.
        self.data = self.activities.state.value().cloned().unwrap_or_default();
        let list = &self.data;
        self.shown = (0..list.len())
            .filter(|&i| {
                let a = &list[i];
                self.community
                    .as_ref()
                    .is_none_or(|c| &a.community.name == c)
                    && self
                        .kind
                        .as_ref()
                        .is_none_or(|k| a.activity_type.as_ref() == Some(k))
                    && self.assignee.as_ref().is_none_or(|u| &a.assigned_name == u)
            })
            .collect();
        self.days = by_day(list, self.shown.iter().copied(), zone_of);
        self.agenda = self.days.values().flatten().copied().collect();
        self.overdue_at = self
            .shown
            .iter()
            .filter_map(|&i| Some((overdue_from(&list[i], zone_of(&list[i]))?, i)))
            .collect();
        self.overdue_at.sort_unstable();
        let names = |pick: &dyn Fn(&Activity) -> Option<&String>| {
            let set: std::collections::BTreeSet<&String> = list.iter().filter_map(pick).collect();
            set.into_iter().cloned().collect::<Vec<String>>()
        };
        self.options = [
            names(&|a| Some(&a.community.name)),
            names(&|a| a.activity_type.as_ref()),
            names(&|a| Some(&a.assigned_name)),
        ];
    }

    /// How many shown items are overdue at `now` (a binary search).
    pub fn overdue_count(&self, now: DateTime<Utc>) -> usize {
        self.overdue_at.partition_point(|(t, _)| *t <= now)
    }

    /// Shows these activities as if they had just arrived (benchmarks, previews).
    pub fn show_activities(&mut self, activities: Vec<Activity>) {
        self.activities.state = crate::ui::remote::Remote::Ready(Arc::new(activities));
        self.refilter();
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        if self.activities.poll_read(ctx.backend) {
            self.refilter();
        }
        if matches!(self.activities.state, crate::ui::remote::Remote::Idle) {
            self.reload(ctx);
        }
        let zone = self
            .activities()
            .and_then(|l| l.first())
            .map(zone_of)
            .unwrap_or(Tz::UTC);
        if self.activities().is_some_and(|l| !l.is_empty()) {
            self.zone = Some(zone);
        }
        self.form_modal(ui, ctx);
        let today = ctx.now.with_timezone(&zone).date_naive();
        let anchor = *self.anchor.get_or_insert(today);
        self.toolbar(ui, ctx, today, zone);
        if let Some(error) = self.activities.state.error().cloned() {
            let retry = error_line(ui, &ctx.tokens, &error, true);
            super::retry_note(ui, &ctx.tokens, self.activities.retry_in());
            if retry {
                self.reload(ctx);
            }
        }
        // The highlight must flip when an item's due time passes, with no input needed.
        if let Some(next) = self.next_due_change(ctx.now) {
            ui.ctx().request_repaint_after(next);
        }
        let selected = self.selected_activity().cloned();
        if let Some(activity) = selected {
            let mut close = false;
            egui::Panel::right("activity-details")
                .resizable(true)
                .default_size(340.0)
                .min_size(280.0)
                .show(ui, |ui| {
                    close = details(ui, ctx, &activity);
                });
            if close {
                self.selected = None;
            }
        }
        match self.view {
            View::Today => self.today(ui, ctx, today),
            View::Month => self.month(ui, ctx, anchor, today),
            View::Week => self.week(ui, ctx, anchor, today),
            View::Agenda => self.agenda(ui, ctx, anchor),
        }
    }

    fn selected_activity(&self) -> Option<&Activity> {
        let id = self.selected?;
        self.activities()?.iter().find(|a| a.id == id)
    }

    /// Time until the next open item becomes overdue (at most a minute, so a long wait is
    /// re-checked).
    fn next_due_change(&self, now: DateTime<Utc>) -> Option<std::time::Duration> {
        let (next, _) = self.overdue_at.get(self.overdue_count(now))?;
        (*next - now).to_std().ok().map(|d| {
            d.min(std::time::Duration::from_secs(60)) + std::time::Duration::from_millis(50)
        })
    }

    fn toolbar(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, today: NaiveDate, zone: Tz) {
        ui.horizontal_wrapped(|ui| {
            for (view, label) in [
                (View::Today, "My day"),
                (View::Month, "Month"),
                (View::Week, "Week"),
                (View::Agenda, "Agenda"),
            ] {
                if ui.selectable_label(self.view == view, label).clicked() {
                    self.view = view;
                }
            }
            ui.separator();
            if ui.button("Today").clicked() {
                self.anchor = Some(today);
            }
            let step = |d: NaiveDate, forward: bool, view: View| match (view, forward) {
                (View::Month, true) => d.checked_add_months(Months::new(1)).unwrap_or(d),
                (View::Month, false) => d.checked_sub_months(Months::new(1)).unwrap_or(d),
                (_, true) => d + Days::new(7),
                (_, false) => d - Days::new(7),
            };
            let anchor = self.anchor.unwrap_or(today);
            if ui.button("◀ Previous").clicked() {
                self.anchor = Some(step(anchor, false, self.view));
            }
            if ui.button("Next ▶").clicked() {
                self.anchor = Some(step(anchor, true, self.view));
            }
            let jump = super::labelled(ui, "Jump to", |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut self.jump)
                        .hint_text("YYYY-MM-DD")
                        .desired_width(90.0),
                )
            });
            if jump.lost_focus()
                && ui.input(|i| i.key_pressed(egui::Key::Enter))
                && let Ok(date) = NaiveDate::parse_from_str(self.jump.trim(), "%Y-%m-%d")
            {
                self.anchor = Some(date);
            }
            ui.separator();
            ui.label(
                egui::RichText::new(match self.view {
                    View::Month => anchor.format("%B %Y").to_string(),
                    _ => {
                        let week = week_of(anchor);
                        format!(
                            "{} – {}",
                            week[0].format("%b %-d"),
                            week[6].format("%b %-d, %Y")
                        )
                    }
                })
                .strong(),
            );
            ui.label(
                egui::RichText::new(format!("Times in {}", zone.name())).color(ctx.tokens.muted),
            );
            // Last in the row: its text changes as activities load, and nothing after it moves.
            ui.separator();
            self.counts(ui, ctx);
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Show");
            let before = self.filter;
            steady_combo(
                ui,
                120.0,
                egui::ComboBox::from_id_salt("calendar-filter")
                    .selected_text(self.filter.to_string()),
                |ui| {
                    for f in ActivityFilter::ALL {
                        ui.selectable_value(&mut self.filter, *f, f.to_string());
                    }
                },
            )
            .labelled_by(label.id);
            if self.filter != before {
                self.reload(ctx);
            }
            let [communities, kinds, users] = self.options.clone();
            let mut changed = false;
            for (title, id, options, value) in [
                (
                    "Community",
                    "calendar-community",
                    communities,
                    &mut self.community,
                ),
                ("Activity type", "calendar-type", kinds, &mut self.kind),
                ("Assigned to", "calendar-user", users, &mut self.assignee),
            ] {
                let label = ui.label(title);
                let before = value.clone();
                steady_combo(
                    ui,
                    170.0,
                    egui::ComboBox::from_id_salt(id)
                        .selected_text(value.clone().unwrap_or_else(|| "Any".into())),
                    |ui| {
                        ui.selectable_value(value, None, "Any");
                        for option in options {
                            ui.selectable_value(value, Some(option.clone()), option);
                        }
                    },
                )
                .labelled_by(label.id);
                changed |= *value != before;
            }
            if changed {
                self.refilter();
                // The counts above were drawn before this change.
                ui.ctx().request_repaint();
            }
            if ui.button("Refresh").clicked() {
                self.reload(ctx);
            }
            if ui.button("Log activity…").clicked() {
                self.open_form(None, ctx.now);
            }
        });
        ui.separator();
    }

    fn counts(&self, ui: &mut egui::Ui, ctx: &AppCtx) {
        if self.activities.state.is_pending() {
            ui.spinner();
            ui.label(format!(
                "Loading activities… {} so far",
                self.loaded.load(Ordering::SeqCst)
            ));
        } else if let Some(list) = self.activities() {
            let overdue = self.overdue_count(ctx.now);
            ui.label(format!("{} activities", self.shown.len().min(list.len())));
            if overdue > 0 {
                ui.label(
                    egui::RichText::new(format!("⚠ {overdue} overdue"))
                        .color(ctx.tokens.overdue)
                        .strong(),
                );
            }
        }
    }

    fn form_modal(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let Some(form) = self.form.as_mut() else {
            return;
        };
        let mut close = false;
        let response = egui::Modal::new(egui::Id::unique("log-activity")).show(ui.ctx(), |ui| {
            ui.set_width(560.0);
            form.ui(ui, ctx);
            close = !form.open;
        });
        if close || response.should_close() {
            let saved = form.saved();
            self.form = None;
            if saved {
                // Show the new activity without a manual refresh.
                self.reload(ctx);
            }
        }
    }

    /// The agent's day: what is overdue, what is due today, and the tours coming up. Read from
    /// the cached indices, so a large portal costs only what is shown.
    fn today(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, today: NaiveDate) {
        if self.activities().is_none() {
            return;
        }
        let list = self.data.clone();
        let is_open = |a: &Activity| !a.completed && !a.cancelled && !a.no_show;
        let count = self.overdue_count(ctx.now);
        let mut overdue: Vec<&Activity> = self.overdue_at[..count]
            .iter()
            .map(|&(_, i)| &list[i])
            .collect();
        overdue.reverse();
        let on = |day: NaiveDate| self.days.get(&day).into_iter().flatten().map(|&i| &list[i]);
        let due_today: Vec<&Activity> = on(today)
            .filter(|a| is_open(a) && state(a, ctx.now, zone_of(a)) != ItemState::Overdue)
            .collect();
        let tours: Vec<&Activity> = (0..14)
            .flat_map(|d| on(today + Days::new(d)))
            .filter(|a| {
                is_open(a)
                    && a.activity_type.as_deref() == Some("Tour")
                    && state(a, ctx.now, zone_of(a)) != ItemState::Overdue
            })
            .collect();
        let day_of = |a: &Activity| local_day(a, zone_of(a));
        let sections = [
            (
                format!("⚠ Overdue ({})", overdue.len()),
                overdue,
                ctx.tokens.overdue,
                "Nothing overdue.",
            ),
            (
                format!("Due today ({})", due_today.len()),
                due_today,
                ctx.tokens.due_today,
                "Nothing else due today.",
            ),
            (
                format!("Upcoming tours, next 14 days ({})", tours.len()),
                tours,
                ui.visuals().text_color(),
                "No tours booked.",
            ),
        ];
        egui::ScrollArea::vertical()
            .id_salt("today-scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for (title, items, color, empty) in sections {
                    ui.label(egui::RichText::new(title).heading().color(color));
                    if items.is_empty() {
                        ui.label(egui::RichText::new(empty).color(ctx.tokens.muted));
                    }
                    for a in items.into_iter().take(100) {
                        ui.horizontal(|ui| {
                            let zone = zone_of(a);
                            let day = short_day(day_of(a), ctx.now);
                            let when = match local_times(a, zone) {
                                Some((start, _)) => {
                                    format!("{day} {}", start.format("%-I:%M %P"))
                                }
                                None => day,
                            };
                            ui.label(egui::RichText::new(when).color(ctx.tokens.muted));
                            self.item_label(ui, ctx, a, false);
                        });
                    }
                    ui.add_space(10.0);
                }
            });
    }

    fn item_label(&mut self, ui: &mut egui::Ui, ctx: &AppCtx, a: &Activity, with_time: bool) {
        let zone = zone_of(a);
        let s = state(a, ctx.now, zone);
        let (icon, color) = state_style(s, &ctx.tokens, ui.visuals().text_color());
        let time = match (with_time, local_times(a, zone)) {
            (true, Some((start, _))) => format!("{} ", start.format("%-I:%M%P")),
            _ => String::new(),
        };
        let title = a.activity_type.as_deref().unwrap_or(&a.activity_name);
        let mut text =
            egui::RichText::new(format!("{icon} {time}{title} · {}", a.individual_full_name))
                .color(color);
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

    fn month(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, anchor: NaiveDate, today: NaiveDate) {
        if self.activities().is_none() {
            return;
        }
        // Shared and cached: nothing is copied or re-sorted per frame.
        let visible = self.data.clone();
        let days = std::mem::take(&mut self.days);
        let weeks = month_grid(anchor.year(), anchor.month());
        let avail = ui.available_size();
        let cell_w = (avail.x / 7.0).max(60.0);
        let header_h = 20.0;
        let cell_h = ((avail.y - header_h) / weeks.len() as f32).max(48.0);
        let line_h = 18.0;
        let slots = (((cell_h - line_h) / line_h).floor() as usize).max(1);
        ui.horizontal(|ui| {
            for name in ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] {
                ui.allocate_ui(
                    egui::vec2(cell_w - ui.spacing().item_spacing.x, header_h),
                    |ui| {
                        ui.centered_and_justified(|ui| ui.strong(name));
                    },
                );
            }
        });
        for week in weeks {
            ui.horizontal(|ui| {
                for day in week {
                    let (rect, _) = ui.allocate_exact_size(
                        egui::vec2(cell_w - ui.spacing().item_spacing.x, cell_h - 4.0),
                        egui::Sense::hover(),
                    );
                    let stroke = if day == today {
                        egui::Stroke::new(2.0, ctx.tokens.due_today)
                    } else {
                        ui.visuals().widgets.noninteractive.bg_stroke
                    };
                    ui.painter()
                        .rect_stroke(rect, 4.0, stroke, egui::StrokeKind::Inside);
                    let mut cell = ui.new_child(
                        egui::UiBuilder::new()
                            .max_rect(rect.shrink(3.0))
                            .layout(egui::Layout::top_down(egui::Align::Min)),
                    );
                    cell.set_clip_rect(rect);
                    let in_month = day.month() == anchor.month();
                    let number = egui::RichText::new(day.day().to_string()).color(if in_month {
                        cell.visuals().text_color()
                    } else {
                        ctx.tokens.muted
                    });
                    cell.label(if day == today {
                        number.strong()
                    } else {
                        number
                    });
                    let items = days.get(&day).cloned().unwrap_or_default();
                    let (shown, more) = fit(items.len(), slots);
                    for &i in &items[..shown] {
                        self.item_label(&mut cell, ctx, &visible[i], true);
                    }
                    if more > 0
                        && cell
                            .add(egui::Button::new(format!("+{more} more")).frame(false))
                            .clicked()
                    {
                        self.anchor = Some(day);
                        self.view = View::Week;
                    }
                }
            });
        }
        self.days = days;
    }

    fn week(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, anchor: NaiveDate, today: NaiveDate) {
        if self.activities().is_none() {
            return;
        }
        // Shared and cached: nothing is copied or re-sorted per frame.
        let visible = self.data.clone();
        let days = std::mem::take(&mut self.days);
        let week = week_of(anchor);
        let gutter = 48.0;
        let col_w = ((ui.available_width() - gutter) / 7.0).max(80.0);
        let line_h = 18.0;
        // Day headers and the all-day band, in the same columns as the hour grid below.
        let all_day: Vec<Vec<usize>> = week
            .iter()
            .map(|d| {
                days.get(d)
                    .into_iter()
                    .flatten()
                    .copied()
                    .filter(|&i| visible[i].all_day)
                    .collect()
            })
            .collect();
        let band_lines = all_day.iter().map(Vec::len).max().unwrap_or(0).min(3);
        let band_h = line_h * (1 + band_lines) as f32 + 6.0;
        let (band, _) = ui.allocate_exact_size(
            egui::vec2(gutter + col_w * 7.0, band_h),
            egui::Sense::hover(),
        );
        for (d, day) in week.iter().enumerate() {
            let column = egui::Rect::from_min_size(
                egui::pos2(band.left() + gutter + d as f32 * col_w, band.top()),
                egui::vec2(col_w, band_h),
            );
            let mut cell = ui.new_child(
                egui::UiBuilder::new()
                    .max_rect(column.shrink2(egui::vec2(3.0, 0.0)))
                    .layout(egui::Layout::top_down(egui::Align::Min)),
            );
            cell.set_clip_rect(column.intersect(ui.clip_rect()));
            let title = egui::RichText::new(day.format("%a %-d").to_string()).strong();
            cell.label(if *day == today {
                title.color(ctx.tokens.due_today)
            } else {
                title
            });
            let (shown, more) = fit(all_day[d].len(), 3);
            for &i in &all_day[d][..shown] {
                self.item_label(&mut cell, ctx, &visible[i], false);
            }
            if more > 0
                && cell
                    .add(egui::Button::new(format!("+{more} more")).frame(false))
                    .clicked()
            {
                self.anchor = Some(*day);
                self.view = View::Agenda;
            }
        }
        ui.separator();
        let hour_h = 48.0;
        let mut scroll = egui::ScrollArea::vertical()
            .id_salt("week-scroll")
            .auto_shrink([false, false]);
        if !self.week_scrolled {
            // Open at the working day rather than at midnight.
            scroll = scroll.vertical_scroll_offset(8.0 * hour_h);
            self.week_scrolled = true;
        }
        scroll.show(ui, |ui| {
            let (rect, _) = ui.allocate_exact_size(
                egui::vec2(gutter + col_w * 7.0, hour_h * 24.0),
                egui::Sense::hover(),
            );
            let visible_clip = ui.clip_rect();
            let painter = ui.painter_at(rect);
            for hour in 0..24 {
                let y = rect.top() + hour as f32 * hour_h;
                painter.hline(
                    rect.x_range(),
                    y,
                    ui.visuals().widgets.noninteractive.bg_stroke,
                );
                painter.text(
                    egui::pos2(rect.left() + 4.0, y + 2.0),
                    egui::Align2::LEFT_TOP,
                    format!("{hour:02}:00"),
                    egui::FontId::proportional(11.0),
                    ctx.tokens.muted,
                );
            }
            for (d, day) in week.iter().enumerate() {
                let x = rect.left() + gutter + d as f32 * col_w;
                painter.vline(
                    x,
                    rect.y_range(),
                    ui.visuals().widgets.noninteractive.bg_stroke,
                );
                let timed: Vec<usize> = days
                    .get(day)
                    .into_iter()
                    .flatten()
                    .copied()
                    .filter(|&i| !visible[i].all_day)
                    .collect();
                let min_len =
                    chrono::Duration::minutes((((line_h + 4.0) / hour_h) * 60.0).ceil() as i64);
                let spans: Vec<_> = timed
                    .iter()
                    .filter_map(|&i| local_times(&visible[i], zone_of(&visible[i])))
                    .collect();
                for ((&i, (start, end)), (lane, lane_count)) in
                    timed.iter().zip(&spans).zip(lanes(&spans, min_len))
                {
                    let minutes = |t: chrono::NaiveTime| (t.hour() * 60 + t.minute()) as f32;
                    let top = rect.top() + minutes(*start) / 60.0 * hour_h;
                    // At least one line of text tall, however short the activity.
                    let bottom =
                        (rect.top() + minutes(*end) / 60.0 * hour_h).max(top + line_h + 4.0);
                    let width = col_w / lane_count as f32;
                    let item_rect = egui::Rect::from_min_max(
                        egui::pos2(x + lane as f32 * width + 1.0, top),
                        egui::pos2(x + (lane + 1) as f32 * width - 1.0, bottom),
                    );
                    if !item_rect.intersects(visible_clip) {
                        continue;
                    }
                    let a = &visible[i];
                    let s = state(a, ctx.now, zone_of(a));
                    let (_, color) = state_style(s, &ctx.tokens, ui.visuals().text_color());
                    let clip = item_rect.intersect(visible_clip);
                    let item_painter = ui.painter_at(clip);
                    item_painter.rect_filled(item_rect, 3.0, color.gamma_multiply(0.18));
                    item_painter.rect_stroke(
                        item_rect,
                        3.0,
                        egui::Stroke::new(1.0, color),
                        egui::StrokeKind::Inside,
                    );
                    let mut child =
                        ui.new_child(egui::UiBuilder::new().max_rect(item_rect.shrink(2.0)));
                    child.set_clip_rect(clip);
                    self.item_label(&mut child, ctx, a, true);
                }
            }
        });
        self.days = days;
    }

    fn agenda(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, anchor: NaiveDate) {
        if self.activities().is_none() {
            return;
        }
        let list = self.data.clone();
        // Everything from the anchor's week on, in date order (sorted once, when data changed).
        let start = week_of(anchor)[0];
        let first = self
            .agenda
            .partition_point(|&i| local_day(&list[i], zone_of(&list[i])) < start);
        let rows = &self.agenda[first..];
        let mut clicked = None;
        TableBuilder::new(ui)
            .id_salt("agenda-table")
            .striped(true)
            .sense(egui::Sense::click())
            .column(Column::initial(110.0))
            .column(Column::initial(80.0))
            .column(Column::initial(110.0))
            .column(Column::initial(200.0).clip(true))
            .column(Column::initial(180.0).clip(true))
            .column(Column::remainder().clip(true))
            .header(22.0, |h| {
                let titles = [
                    "Day",
                    "Time",
                    "State",
                    "Activity",
                    "Individual",
                    "Assigned to",
                ];
                super::header_titles(h, &titles);
            })
            .body(|body| {
                body.rows(22.0, rows.len(), |mut row| {
                    let a = &list[rows[row.index()]];
                    let zone = zone_of(a);
                    let s = state(a, ctx.now, zone);
                    let (icon, color) = state_style(s, &ctx.tokens, egui::Color32::PLACEHOLDER);
                    row.col(|ui| {
                        ui.label(short_day(local_day(a, zone), ctx.now));
                    });
                    row.col(|ui| {
                        ui.label(
                            local_times(a, zone).map_or("All day".into(), |(t, _)| {
                                t.format("%-I:%M %P").to_string()
                            }),
                        );
                    });
                    row.col(|ui| {
                        let word = match s {
                            ItemState::Overdue => "Overdue",
                            ItemState::Open => "Open",
                            ItemState::Completed => "Done",
                            ItemState::Cancelled => "Cancelled",
                            ItemState::NoShow => "No show",
                            ItemState::Rescheduled => "Rescheduled",
                        };
                        let color = if color == egui::Color32::PLACEHOLDER {
                            ui.visuals().text_color()
                        } else {
                            color
                        };
                        ui.label(egui::RichText::new(format!("{icon} {word}")).color(color));
                    });
                    row.col(|ui| {
                        ui.label(a.activity_type.as_deref().unwrap_or(&a.activity_name));
                    });
                    row.col(|ui| {
                        ui.label(&a.individual_full_name);
                    });
                    row.col(|ui| {
                        ui.label(&a.assigned_name);
                    });
                    if row.response().clicked() {
                        clicked = Some(a.id);
                    }
                });
            });
        if clicked.is_some() {
            self.selected = clicked;
        }
    }
}

/// Everything the activity record carries. Returns true when Close was clicked.
fn details(ui: &mut egui::Ui, ctx: &mut AppCtx, a: &Activity) -> bool {
    let mut close = false;
    ui.horizontal(|ui| {
        ui.heading(a.activity_type.as_deref().unwrap_or("Activity"));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            close = ui.button("Close details").clicked();
        });
    });
    let zone = zone_of(a);
    let s = state(a, ctx.now, zone);
    let (icon, color) = state_style(s, &ctx.tokens, ui.visuals().text_color());
    ui.label(
        egui::RichText::new(format!("{icon} {}", a.due_date_descriptive))
            .color(color)
            .strong(),
    );
    egui::Grid::new("activity-details-grid")
        .num_columns(2)
        .spacing([10.0, 4.0])
        .show(ui, |ui| {
            let when = match local_times(a, zone) {
                Some((start, end)) => format!(
                    "{} {}–{} ({})",
                    local_day(a, zone).format("%a %b %-d, %Y"),
                    start.format("%-I:%M %P"),
                    end.format("%-I:%M %P"),
                    a.time_zone
                ),
                None => format!("{} (all day)", local_day(a, zone).format("%a %b %-d, %Y")),
            };
            let rows = [
                ("Name", a.activity_name.clone()),
                ("When", when),
                ("Status", a.activity_status.clone()),
                (
                    "Result",
                    if a.result_name.is_empty() {
                        "—".into()
                    } else {
                        a.result_name.clone()
                    },
                ),
                ("Sale stage", a.sale_stage.clone()),
                ("Community", a.community.name.clone()),
                ("Individual", a.individual_full_name.clone()),
                ("Case", a.case_number.clone()),
                ("Assigned to", a.assigned_name.clone()),
                (
                    "Re-inquiry",
                    if a.reinquiry {
                        "Yes".into()
                    } else {
                        "No".into()
                    },
                ),
                (
                    "Completed",
                    a.date_completed.map_or("—".into(), |d| {
                        d.format("%b %-d, %Y %-I:%M %P").to_string()
                    }),
                ),
            ];
            for (k, v) in rows {
                ui.label(egui::RichText::new(k).color(ctx.tokens.muted));
                ui.label(v);
                ui.end_row();
            }
        });
    if let Some(notes) = &a.notes {
        ui.add_space(6.0);
        ui.strong("Notes");
        for note in notes {
            ui.label(&note.message);
        }
    }
    ui.add_space(6.0);
    if ui.button("Open case").clicked() {
        ctx.send(crate::ui::commands::Command::OpenCaseOf {
            name: a.individual_full_name.clone(),
            case_number: a.case_number.clone(),
        });
    }
    close
}

/// "Fri Nov 20", with the year when it is not this year's (old overdue work reaches back).
fn short_day(day: NaiveDate, now: chrono::DateTime<chrono::Utc>) -> String {
    use chrono::Datelike;
    if day.year() == now.year() {
        day.format("%a %b %-d").to_string()
    } else {
        day.format("%a %b %-d, %Y").to_string()
    }
}
