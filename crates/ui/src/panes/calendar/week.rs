//! The week view: day columns with an all-day band over an hour grid; overlapping items share
//! the width of their day, and those that would be drawn narrower than a lane are counted in a
//! "+N" that opens the day's agenda.

use chrono::{NaiveDate, Timelike};

use super::{Calendar, View, state_style};
use crate::context::AppCtx;
use crate::domain::calendar::{fit, fold_lanes, local_times, state, week_of, zone_of};

/// The narrowest an item is drawn; more side by side are counted in a "+N".
const MIN_LANE_WIDTH: f32 = 44.0;

impl Calendar {
    pub(super) fn week_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut AppCtx,
        anchor: NaiveDate,
        today: NaiveDate,
    ) {
        // Shared and cached: nothing is copied or re-sorted per frame.
        let visible = self.data.clone();
        let index = std::mem::take(&mut self.index);
        let week = week_of(anchor);
        let gutter = 48.0;
        let col_w = ((ui.available_width() - gutter) / 7.0).max(80.0);
        let line_h = 18.0;
        // Day headers and the all-day band, in the same columns as the hour grid below.
        let all_day: Vec<Vec<usize>> = week
            .iter()
            .map(|d| {
                index
                    .on(*d)
                    .iter()
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
            let title = egui::RichText::new(crate::dates::column_day(*day)).strong();
            cell.label(if *day == today {
                title.color(ctx.tokens.due_today)
            } else {
                title
            });
            let (shown, more) = fit(all_day[d].len(), 3);
            for &i in &all_day[d][..shown] {
                self.item_ui(&mut cell, ctx, &visible[i], false, egui::Sense::click());
            }
            if more > 0
                && cell
                    .add(
                        egui::Button::new(leasedesk_i18n::tr!("cal-plus-more", count = more))
                            .frame(false),
                    )
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
                    crate::dates::hour(hour),
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
                let min_len =
                    chrono::Duration::minutes((((line_h + 4.0) / hour_h) * 60.0).ceil() as i64);
                // Sorted by their start where they are drawn (a portal's communities may be in
                // different zones), as the lanes are worked out.
                let mut timed: Vec<(usize, (chrono::NaiveTime, chrono::NaiveTime))> = index
                    .on(*day)
                    .iter()
                    .copied()
                    .filter(|&i| !visible[i].all_day)
                    .filter_map(|i| Some((i, local_times(&visible[i], zone_of(&visible[i]))?)))
                    .collect();
                timed.sort_by_key(|&(_, span)| span);
                let spans: Vec<_> = timed.iter().map(|&(_, span)| span).collect();
                let max_lanes = (col_w / MIN_LANE_WIDTH).floor() as usize;
                let day_lanes = fold_lanes(&spans, min_len, max_lanes);
                let minutes = |t: chrono::NaiveTime| (t.hour() * 60 + t.minute()) as f32;
                for fold in &day_lanes.folded {
                    let top = rect.top() + minutes(fold.start) / 60.0 * hour_h;
                    let width = col_w / fold.lanes as f32;
                    let marker = egui::Rect::from_min_size(
                        egui::pos2(x + fold.lane as f32 * width + 1.0, top),
                        egui::vec2(width - 2.0, line_h + 4.0),
                    );
                    if !marker.intersects(visible_clip) {
                        continue;
                    }
                    let button = egui::Button::new(format!("+{}", fold.count));
                    if ui
                        .put(marker, button)
                        .on_hover_text(leasedesk_i18n::tr!(
                            "cal-fold-hint",
                            count = fold.count,
                            day = crate::dates::column_day(*day)
                        ))
                        .clicked()
                    {
                        self.anchor = Some(*day);
                        self.view = View::Agenda;
                    }
                }
                for (&(i, (start, end)), place) in timed.iter().zip(&day_lanes.placed) {
                    let Some((lane, lane_count)) = *place else {
                        continue;
                    };
                    let top = rect.top() + minutes(start) / 60.0 * hour_h;
                    // At least one line of text tall, however short the activity.
                    let bottom =
                        (rect.top() + minutes(end) / 60.0 * hour_h).max(top + line_h + 4.0);
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
                    let (_, color) = state_style(s, &ctx.tokens);
                    let color = color.unwrap_or(ui.visuals().text_color());
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
                    self.item_ui(&mut child, ctx, a, true, egui::Sense::click());
                }
            }
        });
        self.index = index;
    }
}
