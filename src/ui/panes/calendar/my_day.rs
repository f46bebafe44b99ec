//! "My day": overdue items, what is due today and the tours coming up, each with a count.

use chrono::{Datelike, NaiveDate};

use super::Calendar;
use crate::domain::calendar::{local_day, local_times, zone_of};
use crate::domain::format;
use crate::domain::my_day::{MyDayRules, my_day};
use crate::ui::context::AppCtx;

impl Calendar {
    pub(super) fn my_day_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, today: NaiveDate) {
        let list = self.data.clone();
        let rules = MyDayRules::default();
        let day = my_day(&list, &self.index, ctx.now, today, &rules);
        let sections = [
            (
                format!("⚠ Overdue ({})", day.overdue.len()),
                day.overdue,
                ctx.tokens.overdue,
                "Nothing overdue.",
            ),
            (
                format!("Due today ({})", day.due_today.len()),
                day.due_today,
                ctx.tokens.due_today,
                "Nothing else due today.",
            ),
            (
                format!(
                    "Upcoming tours, next {} days ({})",
                    rules.upcoming_days,
                    day.upcoming_tours.len()
                ),
                day.upcoming_tours,
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
                    for i in items.into_iter().take(100) {
                        let a = &list[i];
                        ui.horizontal(|ui| {
                            let zone = zone_of(a);
                            let day = format::weekday(local_day(a, zone), ctx.today().year());
                            let when = match local_times(a, zone) {
                                Some((start, _)) => format!("{day} {}", start.format(format::TIME)),
                                None => day,
                            };
                            ui.label(egui::RichText::new(when).color(ctx.tokens.muted));
                            self.item_ui(ui, ctx, a, false);
                        });
                    }
                    ui.add_space(10.0);
                }
            });
    }
}
