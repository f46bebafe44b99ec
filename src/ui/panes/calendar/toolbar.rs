//! The calendar's toolbar: views, moving through time, filters and counts.

use chrono::{Days, Months, NaiveDate};

use super::{Calendar, View};
use crate::api::model::ActivityFilter;
use crate::domain::calendar::week_of;
use crate::domain::format;
use crate::ui::commands::{Command, command_button};
use crate::ui::context::AppCtx;
use crate::ui::widgets::{date_field, entered, steady_combo, unreadable_note};

impl Calendar {
    pub(super) fn toolbar_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, today: NaiveDate) {
        ui.horizontal_wrapped(|ui| {
            for (view, label) in [
                (View::MyDay, "My day"),
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
            let before = self.jump.clone();
            let jump = date_field(ui, "Jump to", &mut self.jump, ctx.today(), ctx.tokens.error);
            // Enter, or a day picked (or a typed one written out on leaving the field).
            let day = crate::domain::dates::read_day(&self.jump, ctx.today());
            if let Ok(date) = day
                && (entered(ui, &jump) || self.jump != before)
            {
                self.anchor = Some(date);
            }
            ui.separator();
            // Kept whole: on a narrow window it moves to the next row instead of breaking.
            let shown = egui::RichText::new(match self.view {
                View::Month => anchor.format(format::MONTH).to_string(),
                _ => {
                    let week = week_of(anchor);
                    format!(
                        "{} – {}",
                        week[0].format(format::MONTH_DAY),
                        week[6].format(format::DAY)
                    )
                }
            })
            .strong();
            ui.add(egui::Label::new(shown).extend());
            ui.label(
                egui::RichText::new(format!("Times in {}", ctx.zone.name()))
                    .color(ctx.tokens.muted),
            );
            // Last in the row: its text changes as activities load, and nothing after it moves.
            ui.separator();
            self.counts_ui(ui, ctx);
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
            let options = self.options.clone();
            let mut changed = false;
            let narrow = &mut self.narrow;
            for (title, id, options, value) in [
                (
                    "Community",
                    "calendar-community",
                    options.communities,
                    &mut narrow.community,
                ),
                (
                    "Activity type",
                    "calendar-type",
                    options.kinds,
                    &mut narrow.kind,
                ),
                (
                    "Assigned to",
                    "calendar-user",
                    options.assignees,
                    &mut narrow.assignee,
                ),
            ] {
                let label = ui.label(title);
                let before = value.clone();
                // "Me" is the signed-in user, first in the list of assignees.
                let me = (id == "calendar-user")
                    .then(|| ctx.me().map(|m| m.name))
                    .flatten();
                let shown = match (&*value, &me) {
                    (Some(v), Some(me)) if v == me => "Me".to_owned(),
                    (Some(v), _) => v.clone(),
                    (None, _) => "Any".to_owned(),
                };
                steady_combo(
                    ui,
                    170.0,
                    egui::ComboBox::from_id_salt(id).selected_text(shown),
                    |ui| {
                        ui.selectable_value(value, None, "Any");
                        if let Some(me) = &me {
                            ui.selectable_value(value, Some(me.clone()), format!("Me ({me})"));
                        }
                        for option in options {
                            ui.selectable_value(value, Some(option.clone()), option);
                        }
                    },
                )
                .labelled_by(label.id);
                changed |= *value != before;
            }
            if changed {
                self.reindex(ctx);
                // The counts above were drawn before this change.
                ui.ctx().request_repaint();
            }
            if ui.button("Refresh").clicked() {
                self.reload(ctx);
            }
            command_button(ui, ctx.commands, Command::LogActivity(None));
        });
        ui.separator();
    }

    /// The counts of what is shown, there while a refresh runs too: the line must not lose
    /// words (and with them, at some widths, its second row) every time the read flaps.
    fn counts_ui(&self, ui: &mut egui::Ui, ctx: &AppCtx) {
        if let Some(list) = self.activities() {
            let overdue = self.overdue_count(ctx.now);
            ui.label(format!(
                "{} activities",
                self.index.shown.len().min(list.len())
            ));
            unreadable_note(
                ui,
                &ctx.tokens,
                self.loading
                    .skipped
                    .load(std::sync::atomic::Ordering::SeqCst),
            );
            if overdue > 0 {
                ui.label(
                    egui::RichText::new(format!("⚠ {overdue} overdue"))
                        .color(ctx.tokens.overdue)
                        .strong(),
                );
            }
        }
    }
}
