//! My day's "Plan steps": the steps of my leads' follow-up plans whose business day has come,
//! each with the button that drafts it (Call…, Email…, Text…, Letter…). A step goes when the
//! contact is logged, or when the family answers.

use super::Calendar;
use crate::commands::{CaseRef, Command, MessageStart};
use crate::context::AppCtx;

impl Calendar {
    pub(super) fn plan_steps_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let steps = self
            .next_step
            .rows
            .state
            .value()
            .map(|w| w.plan_steps.clone())
            .unwrap_or_default();
        // A step the family's word holds is not offered at all (the plan wrote nothing ahead,
        // so nothing is cancelled); one the clock holds stays, moved to its next moment.
        let steps: Vec<_> = steps
            .into_iter()
            .filter(|s| s.holds.iter().all(|h| h.next_allowed.is_some()))
            .collect();
        ui.label(
            egui::RichText::new(leasedesk_i18n::tr!("myday-plan-steps", count = steps.len()))
                .heading()
                .color(ctx.tokens.warning),
        )
        .on_hover_text(leasedesk_i18n::tr!("myday-plan-steps-tip"));
        // One line whether read or not, so nothing below moves when the answer comes.
        if steps.is_empty() {
            let text = if self.next_step.rows.state.value().is_some() {
                leasedesk_i18n::tr!("myday-no-plan-steps")
            } else {
                leasedesk_i18n::tr!("myday-reading-plans")
            };
            ui.label(egui::RichText::new(text).color(ctx.tokens.muted));
        }
        let year = chrono::Datelike::year(&ctx.today());
        let mut open = None;
        let mut draft = None;
        let mut rows = crate::widgets::RovingList::new(ui, "plan-steps");
        for step in steps.iter().take(super::my_day::MAX_ROWS) {
            rows.row();
            ui.horizontal(|ui| {
                let moved = step.holds.first().and_then(|h| h.next_allowed);
                let (when, colour) = if let Some(next) = moved {
                    (
                        leasedesk_i18n::tr!(
                            "plan-moved-to",
                            when = crate::dates::weekday_time(
                                next.with_timezone(&ctx.zone).naive_local()
                            )
                        ),
                        ctx.tokens.muted,
                    )
                } else if step.overdue {
                    (
                        leasedesk_i18n::tr!(
                            "plan-overdue-since",
                            day = crate::dates::weekday(step.day, year)
                        ),
                        ctx.tokens.error,
                    )
                } else {
                    (leasedesk_i18n::tr!("plan-due-today"), ctx.tokens.warning)
                };
                ui.label(
                    egui::RichText::new(format!(
                        "{} ({}) · {when}",
                        crate::words::channel(step.step.channel),
                        crate::words::purpose(step.step.purpose).to_lowercase()
                    ))
                    .color(colour),
                )
                .on_hover_text(leasedesk_i18n::tr!(
                    "plan-name",
                    plan = crate::words::plan_name(&step.plan)
                ));
                if rows
                    .button(ui, egui::Button::new(&step.name).frame(false))
                    .on_hover_text(leasedesk_i18n::tr!("myday-open-case"))
                    .clicked()
                {
                    open = Some(CaseRef::number(&step.case_number, &step.name));
                }
                if super::holds::contact_button(
                    &mut rows,
                    ui,
                    ctx,
                    &crate::hand_off::draft_label(step.step.channel),
                    step.step.channel,
                    &step.holds,
                )
                .on_hover_text(leasedesk_i18n::tr!(
                    "plan-draft-hint",
                    plan = crate::words::plan_name(&step.plan)
                ))
                .clicked()
                {
                    draft = Some(MessageStart {
                        case_number: step.case_number.clone(),
                        name: step.name.clone(),
                        channel: step.step.channel,
                        purpose: step.step.purpose,
                        language: None,
                    });
                }
            });
            super::holds::holds_ui(ui, ctx, &step.holds);
        }
        rows.end(ui);
        if let Some(case) = open {
            ctx.send(Command::OpenCase(case));
        }
        if let Some(start) = draft {
            ctx.send(Command::DraftMessage(Box::new(start)));
        }
    }
}
