//! What the contact guard holds on a My day row: the contact's button disabled with the reason,
//! and the reason in a line under the row (one line per reason, naming the channels it holds),
//! so a held call is never a button with a warning.

use crate::domain::contact::lists::{ChannelHold, hold_line, hold_on};
use crate::domain::outreach::Channel;
use crate::ui::context::AppCtx;
use crate::ui::widgets::RovingList;

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
        None => rows.button(ui, egui::Button::new(label).small()),
        Some(hold) => ui
            .add_enabled(false, egui::Button::new(label).small())
            .on_disabled_hover_text(hold_line(hold, ctx.zone)),
    }
}

/// The row's holds in words: "⛔ Call, Text: Held until Tue Nov 24, 10:00 am (your time): …".
pub(super) fn holds_ui(ui: &mut egui::Ui, ctx: &AppCtx, holds: &[ChannelHold]) {
    let mut said: Vec<(Vec<&str>, String)> = Vec::new();
    for hold in holds {
        let line = hold_line(hold, ctx.zone);
        match said.iter_mut().find(|(_, l)| *l == line) {
            Some((channels, _)) => channels.push(hold.channel.name()),
            None => said.push((vec![hold.channel.name()], line)),
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
