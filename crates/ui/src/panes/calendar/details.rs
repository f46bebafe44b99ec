//! Everything one activity record carries, beside the calendar.

use super::state_style;
use crate::api::model::Activity;
use crate::commands::{CaseRef, Command, command_button};
use crate::context::AppCtx;
use crate::domain::activity_draft::Who;
use crate::domain::calendar::{local_day, local_times, state, zone_of};
use crate::domain::format;
use crate::modals::log_outcome::FollowUpTarget;
use crate::panes::cases::{FOLLOWED_UP_TIP, followed_text};

/// Returns true when Close was clicked.
/// `loaded` are the calendar's activities, to name an item's outcome and next step.
pub(super) fn details_ui(
    ui: &mut egui::Ui,
    ctx: &mut AppCtx,
    a: &Activity,
    loaded: &[Activity],
) -> bool {
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
    let followed = ctx.follow_ups();
    if let Some(f) = followed.get(&a.id) {
        ui.label(
            egui::RichText::new(format!("↪ Followed up here ({})", followed_text(f, loaded)))
                .color(ctx.tokens.success),
        )
        .on_hover_text(FOLLOWED_UP_TIP);
    }
    ui.horizontal(|ui| {
        if ui.button("Open case").clicked() {
            ctx.send(Command::OpenCase(CaseRef::number(
                &a.case_number,
                &a.individual_full_name,
            )));
        }
        if s.is_open() && !followed.contains_key(&a.id) {
            command_button(ui, ctx.commands, log_outcome(a));
        }
    });
    close
}

/// The log-outcome dialog for an open activity.
pub(super) fn log_outcome(a: &Activity) -> Command {
    Command::LogOutcome(Box::new(FollowUpTarget {
        activity: Some(a.clone()),
        who: Who {
            individual_id: a.individual_id,
            case_number: a.case_number.clone(),
            name: a.individual_full_name.clone(),
        },
        community: Some(a.community.name_unique.clone()),
    }))
}
