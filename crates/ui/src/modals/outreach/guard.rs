//! The contact guard in the outreach dialog: a message the law or the family's word holds is not
//! handed over (its buttons are disabled with the reason and the moment it would be allowed),
//! and the family's "stop" is logged from here as the service can keep it: an activity.

use super::OutreachForm;
use crate::context::AppCtx;
use crate::domain::contact::{self, Action, Hold, Preference, Scope, Verdict};
use crate::domain::outreach::Channel;
use crate::modals::log_activity::log_record_now;
use crate::remote::Remote;
use leasedesk_i18n::tr;

impl OutreachForm {
    /// What holds the hand-off now, in words, and whether it is the guard's answer (`true`)
    /// or the answer not yet known (`false`: the case's activities or the person's addresses
    /// are still being read, so their word and their clock are not known); `None` when
    /// allowed.
    pub(super) fn held(&self, ctx: &AppCtx) -> Option<(String, bool)> {
        match self.verdict(ctx) {
            Ok(Verdict::Allowed) => None,
            Ok(Verdict::Held(hold)) => Some((Self::hold_words(&hold, ctx), true)),
            Err(why) => Some((why, false)),
        }
    }

    fn verdict(&self, ctx: &AppCtx) -> Result<Verdict, String> {
        let Some(individual_id) = self.recipient else {
            return Err(tr!("guard-choose-whom"));
        };
        let activities = match &self.activities.state {
            Remote::Ready(list) => &list[..],
            Remote::Failed { .. } => return Err(tr!("guard-unread")),
            _ => return Err(tr!("guard-checking")),
        };
        let states: Vec<&str> = match &self.addresses.state {
            Remote::Ready(list) => list
                .iter()
                .filter(|a| a.individual_id == individual_id)
                .map(|a| a.state.as_str())
                .collect(),
            // No address read: the community's state's rules (every state's strictest where
            // no director said it) at the community's clock.
            Remote::Failed { .. } => Vec::new(),
            _ => return Err(tr!("guard-checking")),
        };
        let mut also = self.words_here.clone();
        if let Some(case) = self.who() {
            also.extend(
                ctx.backend
                    .remembered()
                    .words_logged_here(&case.case_number),
            );
        }
        Ok(contact::check_case(
            individual_id,
            self.start.channel,
            ctx.now,
            activities,
            &states,
            ctx.zone,
            &also,
            &ctx.prefs.lead_rules.calling.rules_for(self.community_id()),
        ))
    }

    /// The hold in words, with when it lifts in the desk's own clock.
    fn hold_words(hold: &Hold, ctx: &AppCtx) -> String {
        match hold.next_allowed {
            Some(next) => tr!(
                "guard-held-until",
                reason = crate::guard_words::reason(&hold.reason),
                when = crate::dates::weekday_time(next.with_timezone(&ctx.zone).naive_local())
            ),
            None => tr!(
                "guard-held",
                reason = crate::guard_words::reason(&hold.reason)
            ),
        }
    }

    /// "Asked to stop…": logs the family's opt-out on this channel or all, for the recipient.
    pub(super) fn stop_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.stop_saving.poll();
        if let Remote::Ready(_) = self.stop_saving.state
            && let Some(word) = self.stop_pending.take()
        {
            // Honoured here at once; every other desk reads it from the case after a sync.
            self.words_here.push(word);
            self.stopping = false;
        }
        if !self.stopping {
            let can = self.recipient.is_some() && !self.stop_saving.state.is_pending();
            if ui
                .add_enabled(can, egui::Button::new(tr!("guard-asked-to-stop")))
                .on_hover_text(tr!("guard-asked-to-stop-hint"))
                .clicked()
            {
                self.stopping = true;
                self.stop_focus = true;
            }
            return;
        }
        let channel = self.start.channel;
        ui.horizontal(|ui| {
            ui.label(tr!("guard-stop"));
            ui.radio_value(&mut self.stop_all, false, stop_name(channel));
            ui.radio_value(&mut self.stop_all, true, tr!("guard-all-contact"));
            let label = ui.label(tr!("guard-how"));
            let how = ui
                .add(
                    egui::TextEdit::singleline(&mut self.stop_how)
                        .desired_width(180.0)
                        .char_limit(contact::preference::MAX_HOW),
                )
                .labelled_by(label.id);
            if std::mem::take(&mut self.stop_focus) {
                how.request_focus();
            }
            let pending = self.stop_saving.state.is_pending();
            if ui
                .add_enabled(!pending, egui::Button::new(tr!("guard-log-opt-out")))
                .clicked()
            {
                self.log_stop(ctx);
            }
            if ui
                .add_enabled(!pending, egui::Button::new(tr!("outreach-keep-it")))
                .clicked()
            {
                self.stopping = false;
            }
        });
        if let Remote::Failed { error, .. } = &self.stop_saving.state {
            crate::widgets::problem_ui(
                ui,
                ctx.tokens.error,
                tr!(
                    "guard-not-logged",
                    error = crate::error_words::api_error(error)
                ),
            );
        }
    }

    fn log_stop(&mut self, ctx: &mut AppCtx) {
        let Some(who) = self.recipient_who() else {
            return;
        };
        let individual_id = who.individual_id;
        let scope = if self.stop_all {
            Scope::All
        } else {
            Scope::Only(self.start.channel)
        };
        let description = contact::preference::description(Action::OptOut, scope, &self.stop_how);
        let lookups = self.lookups.state.value();
        let logged = log_record_now(
            ctx,
            &mut self.stop_saving,
            lookups,
            &who,
            Vec::new(),
            description,
        );
        if let Some(Ok(())) = logged {
            self.stop_pending = Some(Preference {
                individual_id,
                action: Action::OptOut,
                scope,
                how: self.stop_how.trim().to_owned(),
                at: ctx.now,
                by: ctx.me().map(|m| m.name).unwrap_or_default(),
            });
        }
    }
}

fn stop_name(channel: Channel) -> String {
    match channel {
        Channel::Call => tr!("guard-stop-calls"),
        Channel::Text => tr!("guard-stop-texts"),
        Channel::Email => tr!("guard-stop-emails"),
        Channel::Letter => tr!("guard-stop-letters"),
    }
}
