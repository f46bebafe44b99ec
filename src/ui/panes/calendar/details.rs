//! Everything one activity record carries, beside the calendar.

use super::state_style;
use crate::api::model::Activity;
use crate::domain::calendar::{local_day, local_times, state, zone_of};
use crate::domain::format;
use crate::ui::commands::{Command, command_button};
use crate::ui::context::AppCtx;

/// Returns true when Close was clicked.
pub(super) fn details_ui(ui: &mut egui::Ui, ctx: &mut AppCtx, a: &Activity) -> bool {
    let mut close = false;
    ui.horizontal(|ui| {
        ui.heading(a.activity_type.as_deref().unwrap_or("Activity"));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            close = ui.button("Close details").clicked();
        });
    });
    let zone = zone_of(a);
    let s = state(a, ctx.now, zone);
    let (icon, color) = state_style(s, &ctx.tokens);
    let color = color.unwrap_or(ui.visuals().text_color());
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
                    local_day(a, zone).format(format::WEEKDAY),
                    start.format(format::TIME),
                    end.format(format::TIME),
                    a.time_zone
                ),
                None => format!("{} (all day)", local_day(a, zone).format(format::WEEKDAY)),
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
                    a.date_completed
                        .map_or("—".into(), |d| d.format(format::DAY_TIME).to_string()),
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
    command_button(
        ui,
        ctx.commands,
        Command::OpenCaseOf {
            name: a.individual_full_name.clone(),
            case_number: a.case_number.clone(),
        },
    );
    close
}
