//! Closing the window while changes wait in an outbox that dies with the run (no keyring, or a
//! profile that keeps no copy): the window stays open and asks first, naming the count.

use crate::engine::{Backend, OutboxKind};

#[derive(Debug, Default)]
pub(super) struct CloseGuard {
    /// Asking, with the count of changes that would be lost.
    asking: Option<usize>,
    /// The user chose to close anyway.
    confirmed: bool,
}

impl CloseGuard {
    pub(super) fn confirmed(&self) -> bool {
        self.confirmed
    }

    /// Whether the question is on screen.
    pub(super) fn asking(&self) -> bool {
        self.asking.is_some()
    }

    /// Before the frame: a close asked for (the window's ✖, Alt+F4) is held back while
    /// changes would be lost with it.
    pub(super) fn check(&mut self, ctx: &egui::Context, backend: &Backend) {
        if self.confirmed || !ctx.input(|i| i.viewport().close_requested()) {
            return;
        }
        let at_risk = match backend.outbox().kind() {
            Some(OutboxKind::ThisRunOnly) => backend.outbox().entries().len(),
            _ => 0,
        };
        if at_risk > 0 {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.asking = Some(at_risk);
        }
    }

    /// The question, while it is asked.
    pub(super) fn ui(&mut self, ctx: &egui::Context) {
        let Some(count) = self.asking else {
            return;
        };
        let mut close = false;
        let mut keep = false;
        let title = leasedesk_i18n::tr!("closing-title", count = count);
        let shown =
            crate::widgets::dialog(egui::Id::unique("close-with-unsent"), &title).show(ctx, |ui| {
                ui.set_max_width(420.0);
                ui.heading(&title);
                ui.label(leasedesk_i18n::tr!("closing-why", count = count));
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    keep = ui.button(leasedesk_i18n::tr!("closing-keep")).clicked();
                    close = ui
                        .button(leasedesk_i18n::tr!("closing-lose", count = count))
                        .clicked();
                });
            });
        if keep || shown.should_close() {
            self.asking = None;
        }
        if close {
            self.asking = None;
            self.confirmed = true;
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}
