//! Sales' Calls tab: the last eight weeks' calls in, missed calls and calls out by weekday and
//! hour, as a table shaded by how many, and how many missed calls came outside office hours.

use std::sync::Arc;

use crate::context::AppCtx;
use crate::domain::calls::hours::{CallHours, WEEKS};
use crate::engine::asks::{self, Loading};
use crate::remote::Slot;

const DAYS: [chrono::Weekday; 7] = crate::dates::WEEK;
const CELL: egui::Vec2 = egui::vec2(40.0, 20.0);
/// The days' names' column.
const DAY_LABEL: f32 = 34.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Shown {
    #[default]
    Inbound,
    Missed,
    Outbound,
}

#[derive(Default)]
pub struct CallsView {
    pub hours: Slot<Arc<CallHours>>,
    loading: Arc<Loading>,
    shown: Shown,
    /// Calls were logged (or activities changed): read again when next shown.
    pub stale: bool,
    asked: bool,
}

impl CallsView {
    fn keep_loaded(&mut self, ctx: &AppCtx) {
        if (!self.asked || self.stale) && !self.hours.state.is_pending() {
            self.asked = true;
            self.stale = false;
            self.hours.ask(
                ctx.backend,
                asks::sales::call_hours(self.loading.clone(), ctx.now),
            );
        }
        self.hours.poll_read(ctx.backend);
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.keep_loaded(ctx);
        self.hours
            .status_ui(ui, ctx, &leasedesk_i18n::tr!("calls-the-calls"));
        let Some(hours) = self.hours.state.value().cloned() else {
            return;
        };
        let office = ctx.prefs.lead_rules.hours;
        let open = |day: usize, hour: usize| {
            office.days[day]
                && (hour as u16) * 60 >= office.opens
                && (hour as u16 + 1) * 60 <= office.closes
        };
        let (outside, missed) = hours.missed_outside(open);
        let span = match (hours.from, hours.to) {
            (Some(a), Some(b)) => leasedesk_i18n::tr!(
                "calls-span",
                from = crate::dates::day(a),
                to = crate::dates::day(b)
            ),
            _ => String::new(),
        };
        ui.label(leasedesk_i18n::tr!(
            "calls-summary",
            weeks = WEEKS,
            span = span,
            calls_in = CallHours::total(&hours.inbound),
            missed = missed,
            outside = outside,
            calls_out = CallHours::total(&hours.outbound)
        ));
        ui.horizontal(|ui| {
            ui.selectable_value(
                &mut self.shown,
                Shown::Inbound,
                leasedesk_i18n::tr!("calls-in"),
            );
            ui.selectable_value(
                &mut self.shown,
                Shown::Missed,
                leasedesk_i18n::tr!("calls-missed"),
            );
            ui.selectable_value(
                &mut self.shown,
                Shown::Outbound,
                leasedesk_i18n::tr!("calls-out"),
            );
        });
        let (grid, what, colour) = match self.shown {
            Shown::Inbound => (
                &hours.inbound,
                leasedesk_i18n::tr!("calls-in-lower"),
                ctx.tokens.occupied,
            ),
            Shown::Missed => (
                &hours.missed,
                leasedesk_i18n::tr!("calls-missed-lower"),
                ctx.tokens.error,
            ),
            Shown::Outbound => (
                &hours.outbound,
                leasedesk_i18n::tr!("calls-out-lower"),
                ctx.tokens.success,
            ),
        };
        let most = grid.iter().flatten().copied().max().unwrap_or(0).max(1);
        // The whole day in view, evening included: the cells narrow with the window (to a
        // width a two-digit count still fits), past which the grid scrolls sideways.
        // (What shows, not what the pane may scroll to.)
        let shown = ui
            .available_width()
            .min(ui.clip_rect().right() - ui.cursor().left());
        let cell = egui::vec2(
            ((shown - DAY_LABEL - 25.0 * 2.0 - 12.0) / 24.0).clamp(24.0, CELL.x),
            CELL.y,
        );
        // The days stay in view when the hours scroll sideways.
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = 2.0;
            egui::Grid::new("call-hours-days")
                .spacing([2.0, 2.0])
                .min_col_width(DAY_LABEL)
                .show(ui, |ui| {
                    ui.add_sized(egui::vec2(DAY_LABEL, CELL.y), egui::Label::new(""));
                    ui.end_row();
                    for day in DAYS {
                        ui.add_sized(
                            egui::vec2(DAY_LABEL, CELL.y),
                            egui::Label::new(crate::dates::weekday_short(day)),
                        );
                        ui.end_row();
                    }
                });
            egui::ScrollArea::horizontal()
                .id_salt("call-hours")
                .show(ui, |ui| {
                    egui::Grid::new("call-hours-grid")
                        .spacing([2.0, 2.0])
                        // The cells' own width (a grid's columns are 40 wide at least otherwise).
                        .min_col_width(cell.x)
                        .show(ui, |ui| {
                            for hour in 0..24 {
                                ui.add_sized(
                                    cell,
                                    egui::Label::new(
                                        egui::RichText::new(crate::dates::hour_short(hour as u32))
                                            .small()
                                            .color(ctx.tokens.muted),
                                    ),
                                );
                            }
                            ui.end_row();
                            for (day, counts) in grid.iter().enumerate() {
                                for (hour, n) in counts.iter().enumerate() {
                                    let share = *n as f32 / most as f32;
                                    let fill = if *n > 0 {
                                        colour.gamma_multiply(0.3 + 0.7 * share)
                                    } else if open(day, hour) {
                                        ctx.tokens.muted.gamma_multiply(0.15)
                                    } else {
                                        egui::Color32::TRANSPARENT
                                    };
                                    let stroke = if open(day, hour) {
                                        egui::Stroke::NONE
                                    } else {
                                        egui::Stroke::new(1.0, ctx.tokens.muted.gamma_multiply(0.3))
                                    };
                                    egui::Frame::new().fill(fill).stroke(stroke).show(ui, |ui| {
                                        let text = if *n == 0 {
                                            egui::RichText::new("")
                                        } else {
                                            // Dark on the shade in either theme, whatever the count.
                                            egui::RichText::new(n.to_string())
                                                .color(egui::Color32::BLACK)
                                                .strong()
                                        };
                                        let said = format!(
                                            "{} {}: {n} {what}{}",
                                            crate::dates::weekday_short(DAYS[day]),
                                            crate::dates::hour_short(hour as u32),
                                            if open(day, hour) {
                                                String::new()
                                            } else {
                                                leasedesk_i18n::tr!("calls-office-closed")
                                            }
                                        );
                                        let count = ui
                                            .add_sized(
                                                cell - egui::vec2(2.0, 2.0),
                                                egui::Label::new(text),
                                            )
                                            .on_hover_text(&said);
                                        // Read with its day and hour (a bare "3" says nothing
                                        // to a screen reader).
                                        count.widget_info(|| {
                                            egui::WidgetInfo::labeled(
                                                egui::Role::Label,
                                                true,
                                                &said,
                                            )
                                        });
                                    });
                                }
                                ui.end_row();
                            }
                        });
                });
        });
        ui.label(
            egui::RichText::new(leasedesk_i18n::tr!("calls-counted-from")).color(ctx.tokens.muted),
        );
    }
}
