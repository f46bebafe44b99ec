//! My day's "Missed calls": a family's call nobody picked up (logged from the phone system's
//! export), on the speed-to-lead clock until someone calls the case back.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::Calendar;
use crate::api::model::ActivityFilter;
use crate::commands::{CaseRef, Command, MessageStart};
use crate::context::AppCtx;
use crate::domain::activity_draft::Who;
use crate::domain::next_step::LeadWork;
use crate::domain::outreach::{Channel, Purpose};
use crate::engine::asks::{self, Loading};
use crate::modals::log_outcome::FollowUpTarget;
use crate::remote::{Remote, Slot};

/// The whole team's missed calls, read while "Everyone's activities" is shown (My day's own
/// lists stay the user's: the bell and New leads are theirs).
#[derive(Default)]
pub struct TeamCalls {
    rows: Slot<Arc<LeadWork>>,
    loading: Arc<Loading>,
    read_for: Option<DateTime<Utc>>,
    /// Activities changed since the last read.
    pub(super) stale: bool,
}

impl TeamCalls {
    fn keep_loaded(&mut self, ctx: &AppCtx) {
        let lapsed = match (self.rows.state.value(), self.read_for) {
            (Some(work), Some(at)) => super::my_day::holds_lapsed(work, at, ctx.now),
            _ => false,
        };
        let idle = matches!(self.rows.state, Remote::Idle);
        if idle || ((self.stale || lapsed) && !self.rows.state.is_pending()) {
            self.stale = false;
            self.read_for = Some(ctx.now);
            self.rows.ask(
                ctx.backend,
                asks::calendar::team_lead_work(
                    ctx.now,
                    ctx.contact_rule(),
                    self.loading.clone(),
                    idle || lapsed,
                ),
            );
        }
        self.rows.poll_read(ctx.backend);
    }
}

impl Calendar {
    pub(super) fn missed_calls_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let everyone = self.filter == ActivityFilter::AllUsers;
        let read = if everyone {
            self.team_calls.keep_loaded(ctx);
            self.team_calls.rows.state.value()
        } else {
            self.next_step.rows.state.value()
        };
        let is_read = read.is_some();
        let calls = read.map(|w| w.missed_calls.clone()).unwrap_or_default();
        ui.horizontal(|ui| {
            let (title, tip) = if everyone {
                (
                    leasedesk_i18n::tr!("myday-missed-calls-everyone", count = calls.len()),
                    leasedesk_i18n::tr!("missed-team-tip"),
                )
            } else {
                (
                    leasedesk_i18n::tr!("myday-missed-calls", count = calls.len()),
                    leasedesk_i18n::tr!("missed-tip"),
                )
            };
            ui.label(egui::RichText::new(title).heading().color(ctx.tokens.error))
                .on_hover_text(tip);
            if ui
                .button(leasedesk_i18n::tr!("command-import-calls"))
                .on_hover_text(leasedesk_i18n::tr!("missed-import-hint"))
                .clicked()
            {
                ctx.send(Command::ImportCalls);
            }
        });
        // One line whether read or not, so nothing below moves when the answer comes.
        if calls.is_empty() {
            let text = if is_read {
                leasedesk_i18n::tr!("myday-no-missed-calls")
            } else {
                leasedesk_i18n::tr!("myday-reading-calls")
            };
            ui.label(egui::RichText::new(text).color(ctx.tokens.muted));
        }
        let rules = &ctx.prefs.lead_rules;
        let mut open = None;
        let mut log = None;
        let mut call_back = None;
        let mut rows = crate::widgets::RovingList::new(ui, "missed-calls");
        for call in calls.iter().take(super::my_day::MAX_ROWS) {
            rows.row();
            ui.horizontal(|ui| {
                let at = call.at.with_timezone(&chrono::Utc);
                let waited = rules
                    .hours_of(call.community_id)
                    .minutes_between(at, ctx.now, ctx.zone);
                let colour = rules.response.colour(waited);
                crate::widgets::lead_colour_ui(
                    ui,
                    &ctx.tokens,
                    colour,
                    &leasedesk_i18n::tr!(
                        "myday-waiting",
                        waited = crate::words::waited(waited, rules.hours_of(call.community_id))
                    ),
                )
                .on_hover_text(leasedesk_i18n::tr!(
                    "missed-called-hint",
                    when = crate::dates::due(call.at.with_timezone(&ctx.zone).naive_local(), false)
                ));
                if rows
                    .button(ui, egui::Button::new(&call.name).frame(false))
                    .on_hover_text(leasedesk_i18n::tr!("myday-open-case"))
                    .clicked()
                {
                    open = Some(CaseRef::number(&call.case_number, &call.name));
                }
                if super::holds::contact_button(
                    &mut rows,
                    ui,
                    ctx,
                    &leasedesk_i18n::tr!("myday-call-back"),
                    Channel::Call,
                    &call.holds,
                )
                .on_hover_text(leasedesk_i18n::tr!(
                    "missed-call-back-hint",
                    name = call.name.as_str()
                ))
                .clicked()
                {
                    call_back = Some(call.clone());
                }
                if rows
                    .button(
                        ui,
                        egui::Button::new(leasedesk_i18n::tr!("myday-log-call-back")),
                    )
                    .on_hover_text(leasedesk_i18n::tr!(
                        "missed-log-call-back-hint",
                        name = call.name.as_str()
                    ))
                    .clicked()
                {
                    log = Some(call.clone());
                }
            });
            // Who called, from which number, when: at the community's clock (the call's own).
            let who = if call.from.is_empty() {
                leasedesk_i18n::tr!("missed-they")
            } else {
                call.from.clone()
            };
            ui.indent(("missed-call", &call.case_number), |ui| {
                let when = crate::dates::weekday_time(call.at.naive_local());
                let text = if everyone && !call.agent.is_empty() {
                    leasedesk_i18n::tr!(
                        "missed-called-agent",
                        who = who,
                        when = when,
                        agent = call.agent.as_str()
                    )
                } else {
                    leasedesk_i18n::tr!("missed-called", who = who, when = when)
                };
                ui.label(egui::RichText::new(text).color(ctx.tokens.muted));
            });
            // Logging a call that happened is no contact; calling them back now may be held.
            super::holds::holds_ui(ui, ctx, &call.holds);
        }
        rows.end(ui);
        if let Some(case) = open {
            ctx.send(Command::OpenCase(case));
        }
        if let Some(call) = call_back {
            ctx.send(Command::DraftMessage(Box::new(MessageStart {
                case_number: call.case_number,
                name: call.name,
                channel: Channel::Call,
                purpose: Purpose::NoAnswer,
                language: None,
            })));
        }
        if let Some(call) = log {
            ctx.send(Command::LogOutcome(Box::new(FollowUpTarget {
                activity: None,
                who: Who {
                    individual_id: call.individual_id,
                    case_number: call.case_number,
                    name: call.name,
                },
                community: Some(call.community_unique).filter(|c| !c.is_empty()),
            })));
        }
    }
}
