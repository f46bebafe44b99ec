//! Where everything sits: the top bar, the navigation, the status bar and the pane area.

use super::{LeaseDeskApp, Modal};
use crate::ui::backend::{Link, SANDBOX_LABEL};
use crate::ui::commands::{Command, PALETTE};
use crate::ui::panes::Nav;

impl LeaseDeskApp {
    pub(super) fn layout(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let tokens = Self::tokens(&ctx);
        let link = self.backend.link();

        egui::Panel::top("top-bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.heading("LeaseDesk");
                ui.add_space(12.0);
                if link.is_sandbox() {
                    egui::Frame::new()
                        .fill(tokens.badge_fill)
                        .corner_radius(4.0)
                        .inner_margin(egui::Margin::symmetric(8, 2))
                        .show(ui, |ui| {
                            ui.label(
                                egui::RichText::new(SANDBOX_LABEL)
                                    .color(tokens.badge_text)
                                    .strong(),
                            );
                        });
                    if ui.button("Connect to your portal…").clicked() {
                        self.commands.push(Command::Navigate(Nav::Settings));
                    }
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui
                        .button(format!("Commands ({})", ctx.format_shortcut(&PALETTE)))
                        .clicked()
                    {
                        self.commands.push(Command::OpenPalette);
                    }
                });
            });
        });

        egui::Panel::bottom("status-bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                let (text, color) = match &link {
                    Link::Sandbox { base_url, .. } => (
                        format!("✔ Connected to the embedded sandbox ({base_url})"),
                        tokens.success,
                    ),
                    Link::Portal {
                        profile, base_url, ..
                    } => (
                        format!("✔ Connected to {profile} ({base_url})"),
                        tokens.success,
                    ),
                    Link::Connecting { label } => {
                        (format!("○ Connecting to {label}…"), tokens.warning)
                    }
                    Link::Failed { label, message } => {
                        (format!("✖ {label}: {message}"), tokens.error)
                    }
                };
                ui.label(egui::RichText::new(text).color(color));
                if let Some(portal) = link.portal_id() {
                    ui.separator();
                    ui.label(format!("Portal {portal}"));
                }
                let busy = self.backend.in_flight();
                ui.separator();
                if busy > 0 {
                    ui.spinner();
                    ui.label(format!(
                        "{busy} request{} in flight",
                        if busy == 1 { "" } else { "s" }
                    ));
                } else {
                    ui.label(egui::RichText::new("Idle").color(tokens.muted));
                }
                if let Some(notice) = self.notice.clone() {
                    ui.separator();
                    ui.label(notice);
                    if ui.small_button("Dismiss").clicked() {
                        self.notice = None;
                    }
                }
                if let Some(error) = self.backend.last_error() {
                    ui.separator();
                    ui.label(
                        egui::RichText::new(format!("Last error: {error}")).color(tokens.error),
                    )
                    .on_hover_text(
                        "The most recent failed request; the pane that made it shows the details",
                    );
                    if ui.small_button("Clear").clicked() {
                        self.backend.clear_last_error();
                    }
                }
            });
        });

        egui::Panel::left("navigation")
            .resizable(false)
            .exact_size(150.0)
            .show(ui, |ui| {
                ui.add_space(6.0);
                for nav in Nav::ALL {
                    let selected = self.nav == nav;
                    let label = ui.add_sized(
                        [ui.available_width(), 28.0],
                        egui::Button::selectable(selected, nav.title()),
                    );
                    if label.clicked() {
                        self.commands.push(Command::Navigate(nav));
                    }
                }
            });

        egui::CentralPanel::default().show(ui, |ui| match self.nav {
            Nav::Search => self.search_area(ui, &ctx),
            Nav::Settings => self.with_ctx(&ctx, |panes, actx| panes.settings.ui(ui, actx)),
            Nav::Calendar => self.with_ctx(&ctx, |panes, actx| panes.calendar.ui(ui, actx)),
            Nav::Inventory => self.with_ctx(&ctx, |panes, actx| panes.inventory.ui(ui, actx)),
            Nav::MoveIn => self.with_ctx(&ctx, |panes, actx| panes.move_in.ui(ui, actx)),
            Nav::Campaigns => self.with_ctx(&ctx, |panes, actx| panes.campaigns.ui(ui, actx)),
            Nav::Admissions => self.with_ctx(&ctx, |panes, actx| panes.admissions.ui(ui, actx)),
            Nav::Users => self.with_ctx(&ctx, |panes, actx| panes.users.ui(ui, actx)),
            Nav::Plugin => self.with_ctx(&ctx, |panes, actx| panes.plugin.ui(ui, actx)),
        });

        let mut close_modal = false;
        if self.modal.is_some() {
            let response = egui::Modal::new(egui::Id::unique("modal")).show(&ctx, |ui| {
                ui.set_width(520.0);
                self.with_ctx(&ctx, |panes, actx| {
                    if let Some(Modal::NewIndividual(form)) = panes.modal.as_mut() {
                        form.ui(ui, actx);
                        if !form.open {
                            close_modal = true;
                        }
                    }
                });
            });
            if response.should_close() {
                close_modal = true;
            }
        }
        if close_modal {
            let created =
                matches!(&self.modal, Some(Modal::NewIndividual(form)) if form.created().is_some());
            self.modal = None;
            if created {
                // Show the new individual in search results.
                self.search.reset();
            }
        }
    }

    fn search_area(&mut self, ui: &mut egui::Ui, ctx: &egui::Context) {
        self.search.compact = self.case_view.is_some();
        if self.case_view.is_some() {
            let mut close = false;
            egui::Panel::right("case-view")
                .resizable(true)
                .default_size(560.0)
                .min_size(420.0)
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        if ui.button("✖ Close case").clicked() {
                            close = true;
                        }
                    });
                    self.with_ctx(ctx, |panes, actx| {
                        if let Some(view) = panes.case_view.as_mut() {
                            view.ui(ui, actx);
                        }
                    });
                });
            if close {
                self.case_view = None;
            }
        }
        self.with_ctx(ctx, |panes, actx| panes.search.ui(ui, actx));
    }
}
