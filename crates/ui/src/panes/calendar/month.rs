//! The month view: a grid of weeks, each day with as many items as fit and "+N more".

use chrono::{Datelike, NaiveDate};

use super::{Calendar, View};
use crate::context::AppCtx;
use crate::domain::calendar::{fit, month_grid};

impl Calendar {
    pub(super) fn month_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut AppCtx,
        anchor: NaiveDate,
        today: NaiveDate,
    ) {
        // Shared and cached: nothing is copied or re-sorted per frame.
        let visible = self.data.clone();
        let index = std::mem::take(&mut self.index);
        let weeks = month_grid(anchor.year(), anchor.month());
        let avail = ui.available_size();
        let cell_w = (avail.x / 7.0).max(60.0);
        let header_h = 20.0;
        let cell_h = ((avail.y - header_h) / weeks.len() as f32).max(48.0);
        // Each item is a frameless button; the day's number a label above them. Measured from
        // the style, so the last line ("+N more") is never cut off by the cell's edge.
        let spacing = ui.spacing();
        let line_h =
            spacing.interact_size.y.max(
                ui.text_style_height(&egui::TextStyle::Button) + 2.0 * spacing.button_padding.y,
            ) + spacing.item_spacing.y;
        let number_h = ui.text_style_height(&egui::TextStyle::Body) + spacing.item_spacing.y;
        // The cell is drawn 4 points shorter and its content inset by 3 on each side.
        let room = cell_h - 4.0 - 6.0 - number_h;
        let slots = ((room / line_h).floor() as usize).max(1);
        ui.horizontal(|ui| {
            use chrono::Weekday::*;
            for name in [Sun, Mon, Tue, Wed, Thu, Fri, Sat].map(crate::dates::weekday_short) {
                ui.allocate_ui(
                    egui::vec2(cell_w - ui.spacing().item_spacing.x, header_h),
                    |ui| {
                        ui.centered_and_justified(|ui| ui.strong(&name));
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
                    let items = index.on(day);
                    let (shown, more) = fit(items.len(), slots);
                    // Everyone's days: what the store counted beyond the page read.
                    let more = more + self.more_on(day);
                    for &i in &items[..shown] {
                        self.item_ui(&mut cell, ctx, &visible[i], true, egui::Sense::click());
                    }
                    if more > 0
                        && cell
                            .add(
                                egui::Button::new(leasedesk_i18n::tr!(
                                    "cal-plus-more",
                                    count = more
                                ))
                                .frame(false),
                            )
                            .clicked()
                    {
                        self.anchor = Some(day);
                        self.view = View::Week;
                    }
                }
            });
        }
        self.index = index;
    }
}
