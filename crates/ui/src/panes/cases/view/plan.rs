//! The case's follow-up plan: started in one action (a completed activity every desk reads),
//! its steps on the community's business days, each done by the contact logged for it or
//! skipped once the family answered, and stopped by another activity. Nothing is created ahead
//! that would have to be taken back (docs/decisions.md).

use crate::api::model::Activity;
use crate::commands::{Command, MessageStart};
use crate::context::AppCtx;
use crate::domain::activity_draft::Who;
use crate::domain::contact::{self, Hold, Verdict};
use crate::domain::outreach::cadence::{self, StepState, marker, running, standard_plans};
use crate::engine::SentOrQueued;
use crate::engine::asks::{self, Lookups};
use crate::modals::log_activity::{LogSaved, log_record_now};
use crate::remote::{Remote, Slot};
use leasedesk_i18n::tr;

#[derive(Default)]
pub struct PlanSection {
    chosen: Option<&'static str>,
    lookups: Slot<Lookups>,
    saving: Slot<LogSaved>,
    /// Whether a plan should be running once the case's activities are read again, after a
    /// start or stop was saved: the buttons wait for it (no second start meanwhile).
    awaiting: Option<bool>,
}

impl PlanSection {
    pub fn plan_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut AppCtx,
        who: &Who,
        community: Option<(i64, String)>,
        activities: &[Activity],
        states: &[String],
    ) {
        self.lookups.ask_once(ctx.backend, asks::lists::lookups);
        self.lookups.poll_read(ctx.backend);
        self.saving.poll();
        if self.saving.state.error().is_some()
            || self.awaiting == Some(running(activities).is_some())
        {
            self.awaiting = None;
        }
        let ready = self.lookups.state.value().is_some()
            && !self.saving.state.is_pending()
            && self.awaiting.is_none();
        ui.horizontal(|ui| {
            ui.strong(tr!("plan-title")).on_hover_text(tr!("plan-tip"));
        });
        let year = chrono::Datelike::year(&ctx.today());
        match running(activities) {
            Some((name, started)) => {
                let Some(plan) = cadence::plan_named(&name) else {
                    ui.label(tr!("plan-unknown", name = name.as_str()));
                    return;
                };
                let hours = ctx
                    .prefs
                    .lead_rules
                    .hours_of(community.as_ref().map(|c| c.0));
                let steps = cadence::steps(&plan, started, activities, hours, ctx.zone, ctx.now);
                ui.horizontal_wrapped(|ui| {
                    ui.label(tr!(
                        "plan-started",
                        name = crate::words::plan_name(&name),
                        day = crate::dates::weekday(
                            started.with_timezone(&ctx.zone).date_naive(),
                            year
                        )
                    ));
                    if ui
                        .add_enabled(ready, egui::Button::new(tr!("plan-stop")))
                        .on_hover_text(tr!("plan-stop-hint"))
                        .clicked()
                    {
                        self.log_marker(ctx, who, community.as_ref(), &name, false);
                    }
                });
                let states: Vec<&str> = states.iter().map(String::as_str).collect();
                let calling = ctx
                    .prefs
                    .lead_rules
                    .calling
                    .rules_for(community.as_ref().map(|c| c.0));
                let also = ctx.backend.remembered().words_logged_here(&who.case_number);
                for s in steps {
                    // The guard on a step to make now: the family's word skips it, the clock
                    // moves it to its next allowed moment.
                    let verdict =
                        matches!(s.state, StepState::Due | StepState::Overdue).then(|| {
                            contact::check_case(
                                who.individual_id,
                                s.step.channel,
                                ctx.now,
                                activities,
                                &states,
                                ctx.zone,
                                &also,
                                &calling,
                            )
                        });
                    let hold = verdict.as_ref().and_then(Verdict::hold);
                    ui.horizontal(|ui| {
                        let what = format!(
                            "{} · {}",
                            crate::words::channel(s.step.channel),
                            crate::words::purpose(s.step.purpose)
                        );
                        let day = crate::dates::weekday(s.day, year);
                        let local = |at: &chrono::DateTime<chrono::Utc>| {
                            crate::dates::weekday(at.with_timezone(&ctx.zone).date_naive(), year)
                        };
                        let (text, colour) = match &s.state {
                            StepState::Done(at) => (
                                tr!("plan-step-done", what = what.as_str(), day = local(at)),
                                ctx.tokens.muted,
                            ),
                            StepState::Skipped(answer, at) => (
                                tr!(
                                    "plan-step-skipped",
                                    what = what.as_str(),
                                    answer = answer.as_str(),
                                    day = local(at)
                                ),
                                ctx.tokens.muted,
                            ),
                            StepState::Due => (
                                tr!("plan-step-due", what = what.as_str()),
                                ctx.tokens.warning,
                            ),
                            StepState::Overdue => (
                                tr!(
                                    "plan-step-overdue",
                                    what = what.as_str(),
                                    day = day.as_str()
                                ),
                                ctx.tokens.error,
                            ),
                            StepState::Coming => {
                                (format!("○ {what} · {day}"), ui.visuals().text_color())
                            }
                        };
                        let (text, colour) = match hold {
                            Some(Hold {
                                next_allowed: None, ..
                            }) => (
                                tr!("plan-step-opted-out", what = what.as_str()),
                                ctx.tokens.muted,
                            ),
                            Some(Hold {
                                next_allowed: Some(next),
                                ..
                            }) => (
                                tr!(
                                    "plan-step-moved",
                                    what = what.as_str(),
                                    when = crate::dates::weekday_time(
                                        next.with_timezone(&ctx.zone).naive_local()
                                    )
                                ),
                                ctx.tokens.warning,
                            ),
                            None => (text, colour),
                        };
                        ui.label(egui::RichText::new(text).color(colour));
                        let label = crate::hand_off::draft_label(s.step.channel);
                        if let Some(hold) = hold {
                            ui.add_enabled(false, egui::Button::new(label))
                                .on_disabled_hover_text(crate::guard_words::reason(&hold.reason));
                        } else if matches!(s.state, StepState::Due | StepState::Overdue)
                            && ui.button(label).clicked()
                        {
                            ctx.send(Command::DraftMessage(Box::new(MessageStart {
                                case_number: who.case_number.clone(),
                                name: who.name.clone(),
                                channel: s.step.channel,
                                purpose: s.step.purpose,
                                language: None,
                            })));
                        }
                    });
                    if let Some(hold) = hold {
                        ui.indent(("plan-hold", s.day), |ui| {
                            ui.add(
                                egui::Label::new(
                                    egui::RichText::new(format!(
                                        "⛔ {}",
                                        crate::guard_words::reason(&hold.reason)
                                    ))
                                    .color(ctx.tokens.error),
                                )
                                .wrap(),
                            );
                        });
                    }
                }
            }
            None => {
                let plans = standard_plans();
                let chosen = *self.chosen.get_or_insert(plans[0].name);
                // Each plan's name whole, in any language ("Cliente potencial nuevo").
                let choices = crate::widgets::Choices::new(
                    ui,
                    "plan-choice",
                    plans.iter().map(|p| p.name),
                    crate::words::plan_name,
                    160.0,
                );
                ui.horizontal_wrapped(|ui| {
                    let mut pick = chosen;
                    crate::widgets::labelled(ui, &tr!("plan-plan"), |ui| {
                        choices.show(ui, &mut pick)
                    });
                    self.chosen = Some(pick);
                    if ui
                        .add_enabled(ready, egui::Button::new(tr!("plan-start")))
                        .on_hover_text(tr!("plan-tip"))
                        .clicked()
                    {
                        self.log_marker(ctx, who, community.as_ref(), pick, true);
                    }
                });
                if let Some(plan) = plans.iter().find(|p| p.name == chosen) {
                    let steps: Vec<String> = plan
                        .steps
                        .iter()
                        .map(|s| {
                            tr!(
                                "plan-day-step",
                                day = s.after_days,
                                channel = crate::words::channel(s.channel).to_lowercase()
                            )
                        })
                        .collect();
                    ui.label(
                        egui::RichText::new(tr!("plan-business-days", steps = steps.join(", ")))
                            .color(ctx.tokens.muted),
                    );
                }
            }
        }
        match &self.saving.state {
            Remote::Ready(SentOrQueued::Queued(_)) => {
                ui.colored_label(ctx.tokens.warning, tr!("plan-saved-offline"));
            }
            Remote::Failed { error, .. } => {
                crate::widgets::problem_ui(
                    ui,
                    ctx.tokens.error,
                    tr!(
                        "plan-not-saved",
                        error = crate::error_words::api_error(error)
                    ),
                );
            }
            _ => {}
        }
    }

    /// Logs the plan's start or stop: one completed activity (Update, else Other).
    fn log_marker(
        &mut self,
        ctx: &mut AppCtx,
        who: &Who,
        community: Option<&(i64, String)>,
        plan: &str,
        start: bool,
    ) {
        let communities = community.map(|c| c.1.clone()).into_iter().collect();
        let logged = log_record_now(
            ctx,
            &mut self.saving,
            self.lookups.state.value(),
            who,
            communities,
            marker(plan, start),
        );
        if let Some(Ok(())) = logged {
            self.awaiting = Some(start);
        }
    }
}
