//! Work that does not draw: connect on the first frame, notice connection changes, keep the
//! window title and the saved preferences current.

use super::LeaseDeskApp;
use crate::engine::{EngineEvent, Link, Waker};

/// The window's side of the engine's [`Waker`]: egui's repaint requests.
struct Repaint(egui::Context);

impl Waker for Repaint {
    fn wake(&self) {
        self.0.request_repaint();
    }

    fn wake_after(&self, wait: std::time::Duration) {
        self.0.request_repaint_after(wait);
    }
}

impl LeaseDeskApp {
    /// The signed-in user's activities stay loaded whatever pane is shown: the overdue count
    /// and the reminders need them. Reminders are looked at once a second.
    fn keep_agenda(&mut self, ctx: &egui::Context) {
        let actx = app_ctx!(self, ctx);
        self.reminders
            .for_connection(self.backend.connection().epoch());
        self.panes.calendar.keep_loaded(&actx);
        let due = self
            .reminders_checked
            .is_none_or(|t| t.elapsed() >= std::time::Duration::from_secs(1));
        let (Some(shown), Some(me), Some(list), true) = (
            self.backend.remembered().reminders_shown(),
            self.backend.connection().me(),
            self.panes.calendar.activities(),
            due,
        ) else {
            return;
        };
        self.reminders_checked = Some(std::time::Instant::now());
        self.reminders.tick_new_leads(
            self.panes.calendar.next_step.new_leads(),
            &shown,
            &self.prefs.reminders,
            actx.now,
            &actx.contact_rule(),
            &self.backend,
            &self.commands,
        );
        let next = self.reminders.tick(
            list,
            &me.name,
            &self.backend.remembered().follow_ups(),
            &shown,
            &self.prefs.reminders,
            actx.now,
            actx.zone,
            &self.backend,
            &self.commands,
        );
        let wait = next
            .and_then(|t| (t - actx.now).to_std().ok())
            .unwrap_or(std::time::Duration::from_secs(60))
            .min(std::time::Duration::from_secs(60));
        ctx.request_repaint_after(wait + std::time::Duration::from_millis(50));
    }

    /// Which portals keep a store, and how often it syncs.
    pub(super) fn push_offline_prefs(&self) {
        self.backend.offline_copy().set_stores_kept_on_disk(
            self.prefs
                .profiles
                .iter()
                .filter(|p| p.keep_offline_copy)
                .map(|p| p.name.clone()),
        );
        self.backend
            .sync()
            .set_every(std::time::Duration::from_secs(
                self.prefs.sync_minutes.clamp(1, 24 * 60) * 60,
            ));
        // A portal whose profile no longer keeps a copy loses it at once, not at next start.
        if let Link::Portal { profile, .. } = self.backend.connection().link()
            && !self
                .prefs
                .profile(&profile)
                .is_some_and(|p| p.keep_offline_copy)
            && self.backend.offline_copy().status().on_disk
        {
            self.backend.offline_copy().remove(0);
        }
    }

    /// Tells the announcer what the desk looks like this frame.
    fn announce(&mut self, changed: bool) {
        let offline = if self.backend.connection().working_offline() {
            Some(true)
        } else if matches!(
            self.backend.connection().reach(),
            crate::engine::Reach::Offline { .. }
        ) {
            Some(false)
        } else {
            None
        };
        let status = self.backend.offline_copy().status();
        self.announcer.observe(crate::announcer::Seen {
            offline,
            unsent: self.backend.outbox().entries().len(),
            delivered: self.backend.outbox().changes_delivered(),
            syncing: status.syncing.is_some(),
            synced_at: status.as_of,
            changed,
            notice: self.notice.clone(),
        });
    }

    /// The system's text size changed: the zoom follows, keeping the user's own.
    fn follow_text_scale(&mut self, ctx: &egui::Context) {
        let now = self.text_scale.get();
        if (now - self.text_scale_applied).abs() < 0.005 {
            return;
        }
        let own = ctx.zoom_factor() / self.text_scale_applied;
        self.text_scale_applied = now;
        ctx.set_zoom_factor(own * now);
        tracing::info!(scale = now, "the system's text size changed");
    }

    /// The language the window speaks: the one chosen in Settings, or the system's.
    /// The window's title, as the system's window list and a screen reader say it.
    pub fn window_title(&self) -> &str {
        &self.title
    }

    pub fn language(&self) -> leasedesk_i18n::Language {
        self.prefs.language.unwrap_or(self.system_language)
    }

    pub fn logic(&mut self, ctx: &egui::Context) {
        // Before anything is drawn this frame (a choice in Settings shows at once).
        leasedesk_i18n::set_language(self.language());
        self.focus_ring.before_panes(ctx);
        self.closing.check(ctx, &self.backend);
        if !self.started {
            self.started = true;
            crate::theme::ThemeLook::apply(self.prefs.theme, ctx);
            self.text_scale_applied = self.text_scale.get();
            ctx.set_zoom_factor(self.prefs.zoom.clamp(0.5, 3.0) * self.text_scale_applied);
            self.backend
                .events()
                .set_waker(std::sync::Arc::new(Repaint(ctx.clone())));
            self.commands.set_repaint(ctx);
            self.push_offline_prefs();
            match self.start_on.take() {
                Some(super::StartOn::Sandbox) => self.backend.connection().connect_sandbox(),
                Some(super::StartOn::Portal {
                    label,
                    connection,
                    login,
                }) => self
                    .backend
                    .connection()
                    .connect_portal(&label, connection, login),
                None => match self.prefs.active_profile.clone() {
                    Some(name) if self.prefs.profile(&name).is_some() => {
                        self.connect_profile(&name)
                    }
                    _ => self.backend.connection().connect_sandbox(),
                },
            }
        }
        let epoch = self.backend.connection().epoch();
        if epoch != self.epoch {
            self.epoch = epoch;
            self.panes.reset();
            self.panes.restore_filters(&self.prefs.filters);
        }
        // Every document made on a training portal says so on each page.
        match (
            self.backend.connection().link().is_training(),
            &self.training_mark,
        ) {
            (true, None) => self.training_mark = Some(crate::report::pdf::mark_training()),
            (false, Some(_)) => self.training_mark = None,
            _ => {}
        }
        let title = match self.backend.connection().link() {
            Link::Sandbox { portal_id, .. } => {
                leasedesk_i18n::tr!("window-title-sandbox", portal = portal_id.to_string())
            }
            Link::Portal {
                profile,
                portal_id,
                training: true,
                ..
            } => leasedesk_i18n::tr!(
                "window-title-training",
                profile = profile.to_string(),
                portal = portal_id.to_string()
            ),
            Link::Portal {
                profile, portal_id, ..
            } => leasedesk_i18n::tr!(
                "window-title-portal",
                profile = profile.to_string(),
                portal = portal_id.to_string()
            ),
            Link::Connecting { label } => {
                leasedesk_i18n::tr!(
                    "window-title-connecting",
                    label = crate::error_words::link_label(&label)
                )
            }
            Link::Failed { label, .. } => {
                leasedesk_i18n::tr!(
                    "window-title-failed",
                    label = crate::error_words::link_label(&label)
                )
            }
        };
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        let mut changed = false;
        for event in self.backend.events().take() {
            match event {
                // Settings is where the key is entered.
                EngineEvent::KeyMissing { .. } => self
                    .commands
                    .send(crate::commands::Command::Navigate(super::Nav::Settings)),
                EngineEvent::Changed(change) => {
                    changed = true;
                    let actx = app_ctx!(self, ctx);
                    self.panes.changed(change, &actx);
                    if let Some(modal) = self.modal.as_mut() {
                        modal.changed(change, &actx);
                    }
                }
            }
        }
        self.announce(changed);
        self.keep_agenda(ctx);
        self.keep_updated();
        self.follow_text_scale(ctx);
        // The user's own zoom, without the system's text size (followed, never saved).
        self.prefs.zoom = ctx.zoom_factor() / self.text_scale_applied;
        self.prefs.search_sort = self.panes.cases.search.sort;
        self.panes.save_filters(&mut self.prefs.filters);
        if self.prefs != self.saved_prefs {
            self.push_offline_prefs();
            self.saved_prefs = self.prefs.clone();
            if let Some(writer) = &self.prefs_writer {
                writer.save(self.prefs.clone());
            }
        }
    }
}
