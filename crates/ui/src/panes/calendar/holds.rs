//! What the contact guard holds on My day: the contact's button disabled with the reason; the
//! family's word or the team's cap in a line under its row (one line per reason, naming the
//! channels it holds); the clock, the same for every row, once above the lists. A held call is
//! never a button with a warning.

use crate::context::AppCtx;
use crate::domain::contact::HoldKind;
use crate::domain::contact::lists::{ChannelHold, hold_on};
use crate::domain::next_step::LeadWork;
use crate::domain::outreach::Channel;
use crate::guard_words::hold_line;
use crate::widgets::RovingList;

/// A contact's button (`Call…`): a cell of the list when allowed; disabled, with the hold as
/// its hover text, when held. The response, to add a hover text to when allowed.
pub(super) fn contact_button(
    rows: &mut RovingList,
    ui: &mut egui::Ui,
    ctx: &AppCtx,
    label: &str,
    channel: Channel,
    holds: &[ChannelHold],
) -> egui::Response {
    match hold_on(holds, channel) {
        None => rows.button(ui, egui::Button::new(label)),
        Some(hold) => ui
            .add_enabled(false, egui::Button::new(label))
            .on_disabled_hover_text(hold_line(hold, ctx.zone)),
    }
}

/// The row's own holds in words: "⛔ Call: Held: They asked: stop calling …" (the clock's is
/// said once, above the lists).
pub(super) fn holds_ui(ui: &mut egui::Ui, ctx: &AppCtx, holds: &[ChannelHold]) {
    let mut said: Vec<(Vec<String>, String)> = Vec::new();
    for hold in holds.iter().filter(|h| h.kind != HoldKind::Clock) {
        let line = hold_line(hold, ctx.zone);
        let channel = crate::words::channel(hold.channel);
        match said.iter_mut().find(|(_, l)| *l == line) {
            Some((channels, _)) => channels.push(channel),
            None => said.push((vec![channel], line)),
        }
    }
    for (channels, line) in said {
        ui.add(
            egui::Label::new(
                egui::RichText::new(format!("⛔ {}: {line}", channels.join(", ")))
                    .color(ctx.tokens.error),
            )
            .wrap(),
        );
    }
}

/// The clock's hold, once for every list: "⛔ Calls and texts wait until Sun Nov 22, 8:00 am
/// (your time): it is …".
pub(super) fn clock_banner_ui(ui: &mut egui::Ui, ctx: &AppCtx, work: &LeadWork) {
    let clock = work
        .new_leads
        .iter()
        .flat_map(|l| &l.holds)
        .chain(work.missed_calls.iter().flat_map(|c| &c.holds))
        .chain(work.plan_steps.iter().flat_map(|s| &s.holds))
        .find(|h| h.kind == HoldKind::Clock);
    let Some(hold) = clock else {
        return;
    };
    let text = match hold.next_allowed {
        Some(next) => leasedesk_i18n::tr!(
            "holds-wait-until",
            when = crate::dates::weekday_time(next.with_timezone(&ctx.zone).naive_local()),
            reason = crate::guard_words::reason(&hold.reason)
        ),
        None => leasedesk_i18n::tr!(
            "holds-wait",
            reason = crate::guard_words::reason(&hold.reason)
        ),
    };
    ui.add(egui::Label::new(egui::RichText::new(text).color(ctx.tokens.error)).wrap())
        .on_hover_text(leasedesk_i18n::tr!("holds-wait-hint"));
}
