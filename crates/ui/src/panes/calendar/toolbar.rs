//! The calendar's toolbar: views, moving through time, filters and counts.

use chrono::{Days, Months, NaiveDate};
use leasedesk_i18n::tr;

use super::{Calendar, View};
use crate::api::model::ActivityFilter;
use crate::commands::{Command, command_button};
use crate::context::AppCtx;
use crate::domain::calendar::week_of;
use crate::widgets::{
    date_field_in_row, entered, steady_combo, steady_combo_enabled, together, unreadable_note,
};

impl Calendar {
    pub(super) fn toolbar_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, today: NaiveDate) {
        ui.horizontal_wrapped(|ui| {
            let views = [
                (View::MyDay, tr!("cal-view-my-day")),
                (View::Month, tr!("cal-view-month")),
                (View::Week, tr!("cal-view-week")),
                (View::Agenda, tr!("cal-view-agenda")),
            ];
            // One Tab stop: ←/→ choose, Enter shows.
            let at = views.iter().position(|(v, _)| *v == self.view).unwrap_or(0);
            let mut switch =
                crate::widgets::RovingList::new(ui, "calendar-views").entered_at(0, at);
            switch.row();
            for (view, label) in views {
                let button = egui::Button::selectable(self.view == view, label);
                if switch.button(ui, button).clicked() {
                    self.view = view;
                }
            }
            switch.end(ui);
            ui.separator();
            if self.view == View::MyDay {
                // My day is today's: nothing to move through.
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(tr!(
                            "cal-today-is",
                            day = crate::dates::weekday_with_year(today)
                        ))
                        .strong(),
                    )
                    .extend(),
                );
                ui.label(
                    egui::RichText::new(tr!("cal-times-in", zone = ctx.zone.name()))
                        .color(ctx.tokens.muted),
                );
                ui.separator();
                self.counts_ui(ui, ctx);
                return;
            }
            if ui.button(tr!("cal-today")).clicked() {
                self.anchor = Some(today);
            }
            let step = |d: NaiveDate, forward: bool, view: View| match (view, forward) {
                (View::Month, true) => d.checked_add_months(Months::new(1)).unwrap_or(d),
                (View::Month, false) => d.checked_sub_months(Months::new(1)).unwrap_or(d),
                (_, true) => d + Days::new(7),
                (_, false) => d - Days::new(7),
            };
            let anchor = self.anchor.unwrap_or(today);
            if ui.button(tr!("cal-previous")).clicked() {
                self.anchor = Some(step(anchor, false, self.view));
            }
            if ui.button(tr!("cal-next")).clicked() {
                self.anchor = Some(step(anchor, true, self.view));
            }
            let before = self.jump.clone();
            let jump = date_field_in_row(
                ui,
                &tr!("cal-jump-to"),
                &mut self.jump,
                ctx.today(),
                ctx.tokens.error,
            );
            // Enter, or a day picked (or a typed one written out on leaving the field).
            let day = crate::domain::dates::read_day(&self.jump, ctx.today());
            if let Ok(date) = day
                && (entered(ui, &jump) || self.jump != before)
            {
                self.anchor = Some(date);
            }
            ui.separator();
            // Kept whole: on a narrow window it moves to the next row instead of breaking.
            // The one range the view shows (the agenda's eight weeks, not its first week).
            let shown = egui::RichText::new(match (self.view, self.shown_days(ctx.today())) {
                (View::Month, _) => crate::dates::month(anchor),
                (_, Some((first, last))) => crate::dates::day_range(first, last),
                (_, None) => {
                    let week = week_of(anchor);
                    crate::dates::day_range(week[0], week[6])
                }
            })
            .strong();
            ui.add(egui::Label::new(shown).extend());
            ui.label(
                egui::RichText::new(tr!("cal-times-in", zone = ctx.zone.name()))
                    .color(ctx.tokens.muted),
            );
            // Last in the row: its text changes as activities load, and nothing after it moves.
            ui.separator();
            self.counts_ui(ui, ctx);
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("cal-show"));
            let before = self.filter;
            steady_combo(
                ui,
                170.0,
                egui::ComboBox::from_id_salt("calendar-filter")
                    .selected_text(shown_as(self.filter)),
                |ui| {
                    for f in ActivityFilter::ALL {
                        ui.selectable_value(&mut self.filter, *f, shown_as(*f));
                    }
                },
            )
            .labelled_by(label.id);
            if self.filter != before {
                // Only everyone's list has other people's work to pick from.
                if self.filter != ActivityFilter::AllUsers {
                    self.narrow.assignee = None;
                    self.reindex(ctx);
                }
                self.reload(ctx);
            }
            let everyone = self.filter == ActivityFilter::AllUsers;
            let options = self.options.clone();
            let mut changed = false;
            let narrow = &mut self.narrow;
            for (title, id, options, value) in [
                (
                    tr!("cal-community"),
                    "calendar-community",
                    options.communities,
                    &mut narrow.community,
                ),
                (
                    tr!("cal-activity-type"),
                    "calendar-type",
                    options.kinds,
                    &mut narrow.kind,
                ),
                (
                    tr!("cal-assigned-to"),
                    "calendar-user",
                    options.assignees,
                    &mut narrow.assignee,
                ),
            ] {
                let before = value.clone();
                // "Me" is the signed-in user, first in the list of assignees.
                let me = (id == "calendar-user")
                    .then(|| ctx.me().map(|m| m.name))
                    .flatten();
                let whose = id == "calendar-user";
                let shown = match (&*value, &me) {
                    (Some(v), Some(me)) if v == me => tr!("cal-me"),
                    (Some(v), _) => v.clone(),
                    // The lists other than everyone's hold only the user's own work.
                    (None, _) if whose && !everyone => tr!("cal-me"),
                    (None, _) => tr!("cal-anyone"),
                };
                // The label and its list wrap to the next row together.
                let combo = together(ui, &title, 180.0, |ui, label| {
                    steady_combo_enabled(
                        ui,
                        !whose || everyone,
                        170.0,
                        egui::ComboBox::from_id_salt(id).selected_text(shown),
                        |ui| {
                            ui.selectable_value(value, None, tr!("cal-anyone"));
                            if let Some(me) = &me {
                                ui.selectable_value(
                                    value,
                                    Some(me.clone()),
                                    tr!("cal-me-named", name = me.as_str()),
                                );
                            }
                            for option in options {
                                ui.selectable_value(value, Some(option.clone()), option);
                            }
                        },
                    )
                    .labelled_by(label)
                });
                if whose && !everyone {
                    combo.on_disabled_hover_text(tr!("cal-whose-disabled"));
                }
                changed |= *value != before;
            }
            if changed {
                self.reindex(ctx);
                // The counts above were drawn before this change.
                ui.ctx().request_repaint();
            }
            if ui
                .button(tr!("cal-refresh"))
                .on_hover_text(tr!("cal-refresh-hint"))
                .clicked()
            {
                self.reload(ctx);
                // The new leads and the team's work come from the offline copy: it is brought
                // up to date too, not at its next timed sync (a colleague's walk-in waited
                // up to five minutes after Refresh).
                ctx.backend.sync().now();
            }
            command_button(ui, ctx.commands, Command::LogActivity(None));
        });
        ui.separator();
    }

    /// The counts of what is shown, there while a refresh runs too: the line must not lose
    /// words (and with them, at some widths, its second row) every time the read flaps.
    fn counts_ui(&self, ui: &mut egui::Ui, ctx: &AppCtx) {
        if self.activities().is_some() {
            // Everyone's overdue beyond those read are counted, not opened.
            let overdue = crate::domain::my_day::overdue_count(
                self.overdue_count(ctx.now),
                self.more_overdue(),
            );
            // What the view shows, not what was read for it (today's fortnight and every
            // overdue item are read whatever is shown).
            if let Some((first, last)) = self.shown_days(ctx.today()) {
                let shown: usize = self
                    .index
                    .days
                    .range(first..=last)
                    .map(|(_, d)| d.len())
                    .sum();
                ui.add(egui::Label::new(tr!("cal-shown", count = shown)).extend())
                    .on_hover_text(tr!("cal-shown-hint"));
                let more = self.more_between(first, last);
                if more > 0 {
                    ui.add(
                        egui::Label::new(
                            egui::RichText::new(tr!("cal-more-not-listed", count = more))
                                .color(ctx.tokens.warning),
                        )
                        .extend(),
                    )
                    .on_hover_text(tr!(
                        "cal-more-not-listed-hint",
                        per_day = crate::engine::TEAM_PER_DAY
                    ));
                }
            }
            unreadable_note(
                ui,
                &ctx.tokens,
                self.loading
                    .skipped
                    .load(std::sync::atomic::Ordering::SeqCst),
            );
            if overdue > 0 {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(tr!("cal-overdue-count", count = overdue))
                            .color(ctx.tokens.overdue)
                            .strong(),
                    )
                    .extend(),
                );
            }
        }
    }
}

/// What the calendar calls each of the service's lists: the API's "All" and the rest hold only
/// the signed-in user's work, and the words say so.
pub(super) fn shown_as(filter: ActivityFilter) -> String {
    match filter {
        ActivityFilter::All => tr!("cal-list-all"),
        ActivityFilter::OverDue => tr!("cal-list-overdue"),
        ActivityFilter::Due => tr!("cal-list-due"),
        ActivityFilter::DueToday => tr!("cal-list-due-today"),
        ActivityFilter::DueThisWeek => tr!("cal-list-due-week"),
        ActivityFilter::History => tr!("cal-list-history"),
        ActivityFilter::AllUsers => tr!("cal-list-everyone"),
        ActivityFilter::Other(_) => tr!("cal-list-other"),
    }
}
