//! Settings: appearance, and connections (profiles with their secrets in the keyring, a test
//! that says exactly what failed, switching without restart).

use super::{AppCtx, labelled};
use crate::api::{ApiError, Client, ClientOptions, Connection, NetworkFailure, Secret};
use crate::ui::backend::Link;
use crate::ui::commands::Command;
use crate::ui::prefs::Profile;
use crate::ui::remote::Slot;
use crate::ui::secrets::SecretKind;
use crate::ui::theme::ThemeChoice;

#[derive(Default)]
pub struct Settings {
    /// The profile being edited (a copy: nothing changes until Save).
    edit: Profile,
    /// The name it had when loaded, to rename in place.
    original_name: Option<String>,
    key: String,
    password: String,
    problems: Vec<String>,
    test: Slot<String>,
}

impl Settings {
    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.test.poll();
        egui::ScrollArea::vertical()
            .id_salt("settings-scroll")
            .show(ui, |ui| {
                ui.heading("Appearance");
                ui.horizontal(|ui| {
                    ui.label("Theme");
                    for choice in ThemeChoice::ALL {
                        if ui
                            .selectable_label(ctx.prefs.theme == choice, choice.label())
                            .clicked()
                        {
                            ctx.send(Command::SetTheme(choice));
                        }
                    }
                });
                ui.horizontal(|ui| {
                    ui.label(format!("Zoom {:.0}%", ui.ctx().zoom_factor() * 100.0));
                    if ui.button("Zoom out").clicked() {
                        ctx.send(Command::ZoomOut);
                    }
                    if ui.button("Zoom in").clicked() {
                        ctx.send(Command::ZoomIn);
                    }
                    if ui.button("Reset zoom").clicked() {
                        ctx.send(Command::ZoomReset);
                    }
                });
                ui.add_space(12.0);
                self.connections(ui, ctx);
            });
    }

    fn connections(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.heading("Connections");
        let link = ctx.backend.link();
        ui.horizontal(|ui| {
            ui.label("Embedded sandbox with demo data: works without credentials.");
            if link.is_sandbox() {
                ui.label(egui::RichText::new("In use").color(ctx.tokens.success));
            } else if ui.button("Use the sandbox").clicked() {
                ctx.send(Command::ConnectSandbox);
            }
        });
        ui.add_space(6.0);
        for profile in ctx.prefs.profiles.clone() {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(&profile.name).strong());
                ui.label(format!(
                    "{} · portal {}",
                    profile.base_url, profile.portal_id
                ));
                let in_use = matches!(&link, Link::Portal { profile: p, .. } if *p == profile.name);
                if in_use {
                    ui.label(egui::RichText::new("In use").color(ctx.tokens.success));
                } else if ui.button(format!("Use {}", profile.name)).clicked() {
                    ctx.send(Command::ConnectProfile(profile.name.clone()));
                }
                if ui.button(format!("Edit {}", profile.name)).clicked() {
                    self.load(&profile, ctx);
                }
            });
        }
        ui.add_space(8.0);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.strong(match &self.original_name {
                Some(name) => format!("Edit “{name}”"),
                None => "Connect to your portal".to_owned(),
            });
            egui::Grid::new("profile-grid").num_columns(2).spacing([12.0, 6.0]).show(ui, |ui| {
                labelled(ui, "Profile name", |ui| ui.add(egui::TextEdit::singleline(&mut self.edit.name).desired_width(300.0)));
                ui.end_row();
                labelled(ui, "Base URL", |ui| ui.add(egui::TextEdit::singleline(&mut self.edit.base_url).desired_width(300.0)));
                ui.end_row();
                labelled(ui, "PortalId", |ui| ui.add(egui::TextEdit::singleline(&mut self.edit.portal_id).desired_width(120.0)));
                ui.end_row();
                labelled(ui, "Subscription key", |ui| ui.add(egui::TextEdit::singleline(&mut self.key).password(true).desired_width(300.0)));
                ui.end_row();
                labelled(ui, "User name (optional)", |ui| ui.add(egui::TextEdit::singleline(&mut self.edit.username).desired_width(300.0)));
                ui.end_row();
                labelled(ui, "Password (optional)", |ui| ui.add(egui::TextEdit::singleline(&mut self.password).password(true).desired_width(300.0)));
                ui.end_row();
            });
            let note = if ctx.secrets.is_persistent() {
                "The subscription key and password are kept in the system keyring, never in a file.".to_owned()
            } else {
                format!(
                    "No system keyring is available ({}): the subscription key and password are kept for this session only and must be entered again next time.",
                    ctx.secrets.why_session_only().unwrap_or("unknown reason")
                )
            };
            ui.label(egui::RichText::new(note).color(if ctx.secrets.is_persistent() { ctx.tokens.muted } else { ctx.tokens.warning }));
            for problem in &self.problems {
                ui.colored_label(ctx.tokens.error, format!("⚠ {problem}"));
            }
            ui.horizontal(|ui| {
                if ui.button("Test connection").clicked() {
                    self.test_connection(ctx);
                }
                if ui.button("Save").clicked() && self.check() {
                    self.save(ctx, false);
                }
                if ui.button("Save and connect").clicked() && self.check() {
                    self.save(ctx, true);
                }
                if ui.button("New profile").clicked() {
                    *self = Settings::default();
                }
            });
            if self.test.state.is_pending() {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label("Testing…");
                });
            }
            if let Some(message) = self.test.state.value() {
                ui.colored_label(ctx.tokens.success, format!("✔ {message}"));
            }
            if let Some(error) = self.test.state.error() {
                ui.colored_label(ctx.tokens.error, format!("⚠ {}", explain(error)));
            }
        });
    }

    fn load(&mut self, profile: &Profile, ctx: &AppCtx) {
        self.edit = profile.clone();
        self.original_name = Some(profile.name.clone());
        self.key = ctx
            .secrets
            .get(&profile.name, SecretKind::SubscriptionKey)
            .map(|s| s.expose().to_owned())
            .unwrap_or_default();
        self.password = ctx
            .secrets
            .get(&profile.name, SecretKind::Password)
            .map(|s| s.expose().to_owned())
            .unwrap_or_default();
        self.problems.clear();
        self.test.reset();
    }

    fn check(&mut self) -> bool {
        self.problems.clear();
        if self.edit.name.trim().is_empty() {
            self.problems.push("Give the profile a name".into());
        }
        if !crate::api::Client::base_url_allowed(&self.edit.base_url) {
            self.problems.push(
                "The base URL must start with https:// (plain http only to this computer)".into(),
            );
        }
        if self.edit.portal_id.trim().parse::<i64>().is_err() {
            self.problems.push("PortalId must be a number".into());
        }
        if self.key.trim().is_empty() {
            self.problems
                .push("Enter the subscription key from your API profile".into());
        }
        self.problems.is_empty()
    }

    fn save(&mut self, ctx: &mut AppCtx, connect: bool) {
        self.edit.name = self.edit.name.trim().to_owned();
        ctx.send(Command::SaveProfile {
            previous_name: self.original_name.clone(),
            profile: self.edit.clone(),
            key: Secret::new(self.key.trim()),
            password: Secret::new(self.password.as_str()),
        });
        self.original_name = Some(self.edit.name.clone());
        if connect {
            ctx.send(Command::ConnectProfile(self.edit.name.clone()));
        }
    }

    fn test_connection(&mut self, ctx: &AppCtx) {
        if !self.check() {
            return;
        }
        let connection = Connection {
            base_url: self.edit.base_url.trim().to_owned(),
            subscription_key: Secret::new(self.key.trim()),
            portal_id: self.edit.portal_id.trim().parse().unwrap_or_default(),
        };
        let login = (!self.edit.username.trim().is_empty()).then(|| {
            (
                self.edit.username.trim().to_owned(),
                Secret::new(self.password.as_str()),
            )
        });
        // A one-off client: testing must not disturb the connection in use.
        self.test.request(ctx.backend, move |_| async move {
            let options = ClientOptions {
                retry: crate::api::RetryPolicy::none(),
                ..ClientOptions::default()
            };
            let client = Client::with_options(connection, options)?;
            if let Some((user, password)) = login {
                client.token(&user, &password).await?;
            }
            let communities = client.communities().await?;
            Ok(format!(
                "Connected: portal {} has {} communities",
                client.portal_id(),
                communities.len()
            ))
        });
    }
}

/// What a failed test means, in the terms of the form.
pub fn explain(error: &ApiError) -> String {
    match error {
        ApiError::Unauthorized { message } => {
            format!("The subscription key (or user name and password) was refused: {message}")
        }
        ApiError::Forbidden { message } => {
            format!("The key is valid but may not use this PortalId: {message}")
        }
        ApiError::NotFound { .. } => {
            "The base URL answered, but not as the v3 API: check the address".into()
        }
        ApiError::Network {
            kind: NetworkFailure::Tls,
            detail,
        } => format!("Secure connection failed ({detail}): check that the base URL is right"),
        ApiError::Network {
            kind: NetworkFailure::Connect,
            detail,
        } => format!("Could not reach the server ({detail}): check the base URL and your network"),
        ApiError::Network {
            kind: NetworkFailure::Timeout,
            ..
        } => "The server did not answer in time: check your network and try again".into(),
        other => other.to_string(),
    }
}
