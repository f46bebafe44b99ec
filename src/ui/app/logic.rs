//! Work that does not draw: connect on the first frame, notice connection changes, keep the
//! window title and the saved preferences current.

use super::LeaseDeskApp;
use crate::ui::backend::Link;

impl LeaseDeskApp {
    pub fn logic(&mut self, ctx: &egui::Context) {
        if !self.started {
            self.started = true;
            ctx.set_theme(self.prefs.theme.preference());
            ctx.set_zoom_factor(self.prefs.zoom.clamp(0.5, 3.0));
            self.backend.set_repaint(ctx);
            self.commands.set_repaint(ctx);
            match self.prefs.active_profile.clone() {
                Some(name) if self.prefs.profile(&name).is_some() => self.connect_profile(&name),
                _ => self.backend.connect_sandbox(),
            }
        }
        let epoch = self.backend.epoch();
        if epoch != self.epoch {
            self.epoch = epoch;
            self.panes.reset();
        }
        let title = match self.backend.link() {
            Link::Sandbox { portal_id, .. } => {
                format!("LeaseDesk — portal {portal_id} (sandbox, demo data)")
            }
            Link::Portal {
                profile, portal_id, ..
            } => format!("LeaseDesk — {profile} (portal {portal_id})"),
            Link::Connecting { label } => format!("LeaseDesk — connecting to {label}…"),
            Link::Failed { label, .. } => format!("LeaseDesk — {label}: not connected"),
        };
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        self.prefs.zoom = ctx.zoom_factor();
        self.prefs.search_sort = self.panes.cases.search.sort;
        if self.prefs != self.saved_prefs {
            self.saved_prefs = self.prefs.clone();
            if let Some(writer) = &self.prefs_writer {
                writer.save(self.prefs.clone());
            }
        }
    }
}
