//! Everything one activity record carries, beside the calendar.

use super::state_style;
use crate::api::model::Activity;
use crate::commands::{CaseRef, Command, command_button};
use crate::context::AppCtx;
use crate::domain::activity_draft::Who;
use crate::domain::calendar::{local_day, local_times, state, zone_of};
use crate::modals::log_outcome::FollowUpTarget;
use crate::panes::cases::{followed_text, followed_up_tip};
use leasedesk_i18n::tr;

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
        ui.heading(
            a.activity_type
                .clone()
                .unwrap_or_else(|| tr!("case-activity")),
        );
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            close = ui.button(tr!("details-close")).clicked();
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
            let day = crate::dates::weekday_with_year(local_day(a, zone));
            let when = match local_times(a, zone) {
                Some((start, end)) => format!(
                    "{day} {}–{} ({})",
                    crate::dates::time(start),
                    crate::dates::time(end),
                    a.time_zone
                ),
                None => tr!("date-all-day", day = day),
            };
            let rows = [
                (tr!("details-name"), a.activity_name.clone()),
                (tr!("details-when"), when),
                (tr!("log-status"), a.activity_status.clone()),
                (
                    tr!("log-result"),
                    if a.result_name.is_empty() {
                        "—".into()
                    } else {
                        a.result_name.clone()
                    },
                ),
                (tr!("details-sale-stage"), a.sale_stage.clone()),
                (tr!("calling-col-community"), a.community.name.clone()),
                (tr!("details-individual"), a.individual_full_name.clone()),
                (tr!("details-case"), a.case_number.clone()),
                (tr!("log-assigned"), a.assigned_name.clone()),
                (
                    tr!("log-reinquiry"),
                    if a.reinquiry {
                        tr!("details-yes")
                    } else {
                        tr!("details-no")
                    },
                ),
                (
                    tr!("details-completed"),
                    a.date_completed.map_or("—".into(), |d| {
                        format!(
                            "{} {}",
                            crate::dates::day(d.date_naive()),
                            crate::dates::time(d.time())
                        )
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
        ui.strong(tr!("log-notes"));
        for note in notes {
            ui.label(&note.message);
        }
    }
    ui.add_space(6.0);
    let followed = ctx.follow_ups();
    if let Some(f) = followed.get(&a.id) {
        ui.label(
            egui::RichText::new(tr!("details-followed-up", what = followed_text(f, loaded)))
                .color(ctx.tokens.success),
        )
        .on_hover_text(followed_up_tip());
    }
    ui.horizontal(|ui| {
        if ui.button(tr!("intake-open-case")).clicked() {
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
