//! The agenda: every item from the anchor's week on, in date order, as a virtualized table.

use chrono::{Datelike, NaiveDate};
use egui_extras::{Column, TableBuilder};

use super::{Calendar, state_style};
use crate::context::AppCtx;
use crate::domain::calendar::{local_day, local_times, state, week_of, zone_of};
use crate::widgets::header_titles;
use leasedesk_i18n::tr;

impl Calendar {
    pub(super) fn agenda_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, anchor: NaiveDate) {
        let list = self.data.clone();
        let this_year = ctx.today().year();
        // Everything from the anchor's week on, in date order (sorted once, when data changed).
        let start = week_of(anchor)[0];
        let first = self
            .index
            .agenda
            .partition_point(|&i| local_day(&list[i], zone_of(&list[i])) < start);
        // Eight weeks from it: the days read (Next and Previous move on).
        let end = start
            .checked_add_days(chrono::Days::new(super::AGENDA_DAYS))
            .unwrap_or(start);
        let last = self
            .index
            .agenda
            .partition_point(|&i| local_day(&list[i], zone_of(&list[i])) < end)
            .max(first);
        // The eight weeks are said once, in the toolbar.
        let rows = &self.index.agenda[first..last];
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
                    tr!("tour-day"),
                    tr!("tour-time"),
                    tr!("agenda-state"),
                    tr!("case-activity"),
                    tr!("details-individual"),
                    tr!("log-assigned"),
                ];
                let titles: Vec<&str> = titles.iter().map(String::as_str).collect();
                header_titles(h, &titles);
            })
            .body(|body| {
                body.rows(crate::theme::TARGET, rows.len(), |mut row| {
                    let a = &list[rows[row.index()]];
                    let zone = zone_of(a);
                    let s = state(a, ctx.now, zone);
                    let (icon, color) = state_style(s, &ctx.tokens);
                    row.col(|ui| {
                        ui.label(crate::dates::weekday(local_day(a, zone), this_year));
                    });
                    row.col(|ui| {
                        ui.label(
                            local_times(a, zone)
                                .map_or_else(|| tr!("log-all-day"), |(t, _)| crate::dates::time(t)),
                        );
                    });
                    row.col(|ui| {
                        let color = color.unwrap_or(ui.visuals().text_color());
                        let word = crate::words::item_state(s);
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
