//! Settings: appearance, reminders, the sales discipline's targets, and connections (profiles with their secrets in the keyring, a test
//! that says exactly what failed, switching without restart).

mod calling_hours;
mod lead_rules;
mod score;
mod targets;
mod templates;

use crate::domain::training_key::{is_live_service, is_training_key};
use std::sync::{Arc, Mutex};

use chrono::NaiveTime;

use super::{AppCtx, Pane};
use crate::api::model::{Community, Records};
use crate::api::{ApiError, Connection, NetworkFailure, Secret};
use crate::commands::{Command, command_button};
use crate::engine::secrets::{SecretKind, SecretStore, Stored};
use crate::engine::{Link, asks};
use crate::prefs::Profile;
use crate::remote::Slot;
use crate::theme::ThemeChoice;
use crate::widgets::labelled;

/// A profile's secrets read from the keyring in the background: (profile, key, password).
type LoadedSecrets = Arc<Mutex<Option<(String, Secret, Secret)>>>;

#[derive(Default)]
pub struct Settings {
    /// The profile being edited (a copy: nothing changes until Save).
    edit: Profile,
    /// The name it had when loaded, to rename in place.
    original_name: Option<String>,
    key: Secret,
    password: Secret,
    problems: Vec<String>,
    test: Slot<String>,
    loaded: LoadedSecrets,
    /// "Sign out of" (false) or "Remove" (true) a profile, asked to be confirmed.
    confirm: Option<(String, bool)>,
    /// Removing the store with this many changes not sent, asked to be confirmed.
    confirm_remove: Option<usize>,
    /// The portal's communities, for their own office hours.
    communities: Slot<Records<Community>>,
    /// The outreach templates' editor.
    templates: templates::TemplateEditor,
    /// The move-in score's calibration.
    score: score::ScoreCheck,
    /// The calling hours and the states' table.
    calling: calling_hours::CallingHoursForm,
    /// The update feed's address as typed (saved as it is typed).
    update_feed: Option<String>,
    /// IT's feed for the computer, read from its file at most every half minute (not each frame).
    it_feed: Option<(
        std::time::Instant,
        Option<crate::engine::updates::FeedAddress>,
    )>,
}

impl Pane for Settings {
    /// The form is the user's own typing, not the service's: it stays.
    fn reset(&mut self) {}

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.test.poll();
        self.take_loaded_secrets();
        self.communities
            .ask_once(ctx.backend, asks::people::communities);
        self.communities.poll_read(ctx.backend);
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
                language_ui(ui, ctx);
                ui.horizontal(|ui| {
                    ui.label(format!("Zoom {:.0}%", ui.ctx().zoom_factor() * 100.0));
                    for command in [Command::ZoomOut, Command::ZoomIn, Command::ZoomReset] {
                        command_button(ui, ctx.commands, command);
                    }
                });
                ui.horizontal(|ui| {
                    ui.label("Drawing with");
                    ui.label(
                        egui::RichText::new(
                            crate::renderer::in_use().unwrap_or_else(|| "—".into()),
                        )
                        .strong(),
                    );
                })
                .response
                .on_hover_text(format!(
                    "If the window flickers or stays blank, start LeaseDesk with --renderer {alt} (or set LEASEDESK_RENDERER={alt})",
                    alt = crate::renderer::ALTERNATIVE
                ));
                ui.add_space(12.0);
                reminders_ui(ui, ctx);
                ui.add_space(12.0);
                self.connections_ui(ui, ctx);
                ui.add_space(12.0);
                offline_copy_ui(ui, ctx, &mut self.confirm_remove);
                ui.add_space(12.0);
                self.updates_ui(ui, ctx);
                ui.add_space(12.0);
                files_ui(ui, ctx);
                ui.add_space(12.0);
                let communities = self.communities.state.value().map_or(&[][..], |c| &c[..]);
                lead_rules::lead_rules_ui(ui, ctx, communities);
                ui.add_space(12.0);
                self.calling.calling_hours_ui(ui, ctx, communities);
                ui.add_space(12.0);
                self.templates.templates_ui(ui, ctx, communities);
                ui.add_space(12.0);
                targets::targets_ui(ui, ctx);
                ui.add_space(12.0);
                self.score.calibration_ui(ui, ctx);
            });
    }
}

impl Settings {
    /// The release feed: IT's address (shown, not editable) or the user's, and what the last
    /// check found.
    fn updates_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        use crate::engine::updates::{feed_address, it_setting};
        ui.heading("Updates");
        if self
            .it_feed
            .as_ref()
            .is_none_or(|(at, _)| at.elapsed() >= std::time::Duration::from_secs(30))
        {
            self.it_feed = Some((
                std::time::Instant::now(),
                feed_address(it_setting::read(), ""),
            ));
        }
        let it = self.it_feed.as_ref().and_then(|(_, feed)| feed.clone());
        let feed = it.or_else(|| feed_address(None, &ctx.prefs.update_feed));
        match &feed {
            Some(it) if it.from_it => {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Update feed");
                    ui.label(egui::RichText::new(&it.address).strong());
                    ui.label(if cfg!(windows) {
                        "(set by your IT for this computer, by policy)"
                    } else {
                        "(set by your IT for this computer in /etc/leasedesk/update-feed)"
                    });
                });
            }
            _ => {
                let typed = self
                    .update_feed
                    .get_or_insert_with(|| ctx.prefs.update_feed.clone());
                ui.horizontal(|ui| {
                    let edit = labelled(ui, "Update feed", |ui| {
                        ui.add(
                            egui::TextEdit::singleline(typed)
                                .char_limit(2048)
                                .desired_width(420.0)
                                .hint_text("https://… (from your IT; empty: no updates)"),
                        )
                    });
                    if edit.changed() {
                        ctx.send(Command::SetUpdateFeed(typed.trim().to_owned()));
                    }
                });
            }
        }
        ui.horizontal_wrapped(|ui| {
            let updater = ctx.backend.updater();
            if ui
                .add_enabled(feed.is_some(), egui::Button::new("Check for updates"))
                .on_disabled_hover_text("Enter the update feed's address first")
                .clicked()
            {
                updater.check_now(feed.as_ref());
            }
            let state = match (&feed, updater.state()) {
                (None, _) => crate::engine::updates::UpdateState::NoFeed,
                (_, state) => state,
            };
            crate::modals::help::update_state_ui(ui, &state);
        });
        ui.label(
            egui::RichText::new(
                "An update is checked against LeaseDesk's own signature before it is kept, and installed the next time LeaseDesk starts.",
            )
            .weak(),
        );
    }
}

/// Where the files are, so support can find the logs on any platform.
/// The window's language: the system's, or one chosen; every screen changes at once.
fn language_ui(ui: &mut egui::Ui, ctx: &mut AppCtx) {
    use leasedesk_i18n::{Language, tr};
    ui.horizontal(|ui| {
        ui.label(tr!("settings-language"))
            .on_hover_text(tr!("settings-language-hint"));
        let system = ctx.system_language;
        let choices = std::iter::once((
            None,
            tr!("settings-language-system", language = system.own_name()),
        ))
        .chain(
            Language::ALL
                .into_iter()
                .map(|l| (Some(l), l.own_name().to_owned())),
        );
        for (choice, label) in choices {
            let option = ui.selectable_label(ctx.prefs.language == choice, label);
            // A language's own name is a word of that language (WCAG 3.1.2): a screen reader
            // says "Español" with Spanish sounds in an English window.
            if let Some(language) = choice {
                ui.ctx().accesskit_node_builder(option.id, |node| {
                    node.set_language(language.tag());
                });
            }
            if option.clicked() {
                ctx.send(Command::SetLanguage(choice));
            }
        }
    });
}

fn files_ui(ui: &mut egui::Ui, ctx: &AppCtx) {
    ui.heading("Files");
    let shown = |p: Option<std::path::PathBuf>| {
        p.map_or("no home folder was found".to_owned(), |p| {
            p.display().to_string()
        })
    };
    egui::Grid::new("settings-files")
        .num_columns(2)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            for (what, path) in [
                ("Data (demo portal, local notes)", crate::paths::data_dir()),
                (
                    "Logs (no secrets, no personal data)",
                    crate::paths::logs_dir(),
                ),
                ("Preferences", crate::paths::config_dir()),
            ] {
                ui.label(what);
                ui.label(egui::RichText::new(shown(path)).monospace());
                ui.end_row();
            }
        });
    ui.label(
        egui::RichText::new(
            "Keys, passwords and tokens are kept in the system keyring, never in these folders.",
        )
        .color(ctx.tokens.muted),
    );
}

/// What the store holds and where, how often it syncs, and removing it.
fn offline_copy_ui(ui: &mut egui::Ui, ctx: &mut AppCtx, confirm_remove: &mut Option<usize>) {
    ui.heading("Offline copy");
    let mut asked_now = false;
    ui.label(
        "LeaseDesk keeps a copy of this portal's cases (names, phone numbers, email addresses and \
         case numbers of prospects, residents and their families) so search answers at once and \
         still works when the network drops. On this computer it is encrypted with a key kept in \
         the system keyring, in a file only your user account can read. The sandbox keeps one; \
         a live portal keeps one only when its profile says so (below, when editing it).",
    );
    let status = ctx.backend.offline_copy().status();
    let summary = match (&status.why_not_on_disk, status.as_of) {
        (None, Some(at)) => format!(
            "This connection: {}, {}, encrypted on this computer.",
            crate::domain::format::count(status.cases, "case"),
            crate::domain::format::as_of(at, ctx.now, ctx.zone)
        ),
        (None, None) => "This connection: encrypted on this computer, not synced yet.".to_owned(),
        (Some(why), _) => format!(
            "This connection: {} kept for this run only ({why}).",
            crate::domain::format::count(status.cases, "case")
        ),
    };
    ui.label(egui::RichText::new(summary).strong());
    if let Some(dir) = crate::paths::data_dir() {
        ui.label(
            egui::RichText::new(format!("Folder: {}", dir.join("offline").display()))
                .monospace()
                .color(ctx.tokens.muted),
        );
    }
    if let Some(step) = &status.syncing {
        ui.horizontal(|ui| {
            crate::widgets::spinner_ui(ui);
            ui.label(step);
        });
    }
    if let Some(set_aside) = &status.set_aside {
        ui.colored_label(ctx.tokens.warning, format!("⚠ {set_aside}"));
    }
    if let Some(problem) = &status.problem {
        ui.colored_label(
            ctx.tokens.warning,
            format!("⚠ The last sync failed: {problem}"),
        );
    }
    ui.horizontal(|ui| {
        let label = ui.label("Sync every");
        let mut minutes = ctx.prefs.sync_minutes;
        crate::widgets::keyboard_combo(
            ui,
            egui::ComboBox::from_id_salt("sync-minutes")
                .selected_text(format!("{minutes} minutes")),
            |ui| {
                for choice in [2, 5, 10, 15, 30, 60] {
                    ui.selectable_value(&mut minutes, choice, format!("{choice} minutes"));
                }
            },
        )
        .response
        .labelled_by(label.id);
        if minutes != ctx.prefs.sync_minutes {
            ctx.send(Command::SetSyncMinutes(minutes));
        }
        if ui
            .add_enabled(status.syncing.is_none(), egui::Button::new("Sync now"))
            .clicked()
        {
            ctx.backend.sync().now();
        }
        if ui
            .add_enabled(status.on_disk, egui::Button::new("Remove offline copy"))
            .on_hover_text("Deletes the file and its key; this run keeps working from the service")
            .clicked()
        {
            match ctx.backend.outbox().unsent_changes() {
                0 => ctx.backend.offline_copy().remove(0),
                unsent => {
                    *confirm_remove = Some(unsent);
                    asked_now = true;
                }
            }
        }
    });
    if let Some(asked) = *confirm_remove {
        let unsent = ctx.backend.outbox().unsent_changes();
        if unsent == 0 {
            *confirm_remove = None;
            return;
        }
        // Never discard a count the user was not shown.
        if unsent != asked {
            *confirm_remove = Some(unsent);
        }
        let changes = crate::domain::format::count(unsent, "saved change");
        let unopened = ctx.backend.outbox().unopened_changes();
        let which = if unopened > 0 {
            format!(" ({unopened} of them cannot be opened with this computer's key)")
        } else {
            String::new()
        };
        crate::widgets::problem_ui(
            ui,
            ctx.tokens.error,
            format!(
                "⚠ {changes}{which} not sent yet. Removing the offline copy discards them for good: the service never got them. Send them first (Outbox) unless you are sure."
            ),
        );
        ui.horizontal(|ui| {
            if ui
                .button(format!("Discard {changes} and remove the copy"))
                .clicked()
            {
                ctx.backend.offline_copy().remove(unsent);
                *confirm_remove = None;
            }
            let keep = ui.button("Keep the copy");
            if asked_now {
                // The question comes below the button, maybe past the window's edge: it is
                // brought into view, as the answer is needed now.
                keep.scroll_to_me(Some(egui::Align::BOTTOM));
            }
            if keep.clicked() {
                *confirm_remove = None;
            }
        });
    }
}

/// On or off, how long before a tour, and quiet hours. Each change applies at once.
fn reminders_ui(ui: &mut egui::Ui, ctx: &mut AppCtx) {
    ui.heading("Reminders");
    let mut settings = ctx.prefs.reminders.clone();
    ui.checkbox(
        &mut settings.enabled,
        "Remind me of my tours and appointments, and of items turning overdue",
    );
    ui.add_enabled_ui(settings.enabled, |ui| {
        ui.horizontal(|ui| {
            let label = ui.label("Minutes before a tour or appointment");
            ui.add(
                egui::DragValue::new(&mut settings.minutes_before)
                    .range(0..=240)
                    .suffix(" min"),
            )
            .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let mut quiet = settings.quiet_from.is_some();
            if ui.checkbox(&mut quiet, "Quiet hours").changed() {
                let (from, until) = if quiet {
                    (
                        NaiveTime::from_hms_opt(19, 0, 0),
                        NaiveTime::from_hms_opt(8, 0, 0),
                    )
                } else {
                    (None, None)
                };
                settings.quiet_from = from;
                settings.quiet_until = until;
            }
            if let (Some(from), Some(until)) = (&mut settings.quiet_from, &mut settings.quiet_until)
            {
                half_hour_combo(ui, "from", "quiet-from", from);
                half_hour_combo(ui, "until", "quiet-until", until);
            }
        });
    });
    ui.label(
        egui::RichText::new(
            "Reminders appear under the bell in the top bar, and as desktop notifications \
             where the system offers them.",
        )
        .color(ctx.tokens.muted),
    );
    if settings != ctx.prefs.reminders {
        ctx.send(Command::SetReminders(settings));
    }
}

/// A drop-down of the day's half hours.
pub(super) fn half_hour_combo(ui: &mut egui::Ui, title: &str, id: &str, value: &mut NaiveTime) {
    let label = ui.label(title);
    crate::widgets::keyboard_combo(
        ui,
        egui::ComboBox::from_id_salt(id)
            .selected_text(value.format(crate::domain::format::TIME).to_string())
            .height(240.0),
        |ui| {
            for slot in 0..48 {
                if let Some(time) = NaiveTime::from_hms_opt(slot / 2, (slot % 2) * 30, 0) {
                    let text = time.format(crate::domain::format::TIME).to_string();
                    ui.selectable_value(value, time, text);
                }
            }
        },
    )
    .response
    .labelled_by(label.id);
}

impl Settings {
    fn connections_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.heading("Connections");
        let link = ctx.backend.connection().link();
        match ctx.backend.connection().me() {
            Some(me) => ui.label(format!(
                "Signed in as {} (user {}): \"Me\" in the filters, and whose items get reminders.",
                me.name, me.user_id
            )),
            None => ui.label(
                egui::RichText::new("Who is signed in is known once the service answers.")
                    .color(ctx.tokens.muted),
            ),
        };
        ui.horizontal(|ui| {
            ui.label("Embedded sandbox with demo data: works without credentials.");
            if link.is_sandbox() && !link.is_second_sandbox() {
                ui.label(egui::RichText::new("In use").color(ctx.tokens.success));
            } else if ui.button("Use the sandbox").clicked() {
                ctx.send(Command::ConnectSandbox);
            }
        });
        ui.horizontal(|ui| {
            ui.label(
                "Its second demo portal, Harbor Light (other communities and figures: a region \
                 of two in Sales, Region).",
            );
            if link.is_second_sandbox() {
                ui.label(egui::RichText::new("In use").color(ctx.tokens.success));
            } else if ui.button("Use the second demo portal").clicked() {
                ctx.send(Command::ConnectSecondSandbox);
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
                if in_use && ui.button("Sign out").clicked() {
                    self.confirm = Some((profile.name.clone(), false));
                }
                if ui.button(format!("Remove {}", profile.name)).clicked() {
                    self.confirm = Some((profile.name.clone(), true));
                }
            });
        }
        self.confirm_ui(ui, ctx);
        ui.add_space(8.0);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.strong(match &self.original_name {
                Some(name) => format!("Edit “{name}”"),
                None => "Connect to your portal".to_owned(),
            });
            egui::Grid::new("profile-grid").num_columns(2).spacing([12.0, 6.0]).show(ui, |ui| {
                labelled(ui, "Profile name", |ui| ui.add(egui::TextEdit::singleline(&mut self.edit.name).id_salt("settings-name").desired_width(300.0)));
                ui.end_row();
                labelled(ui, "Base URL", |ui| ui.add(egui::TextEdit::singleline(&mut self.edit.base_url).id_salt("settings-base-url").desired_width(300.0)));
                ui.end_row();
                labelled(ui, "PortalId", |ui| ui.add(egui::TextEdit::singleline(&mut self.edit.portal_id).id_salt("settings-portal-id").desired_width(120.0)));
                ui.end_row();
                labelled(ui, "Subscription key", |ui| ui.add(egui::TextEdit::singleline(&mut crate::secret_text::SecretText(&mut self.key)).id_salt("settings-key").password(true).desired_width(300.0)));
                ui.end_row();
                labelled(ui, "User name (optional)", |ui| ui.add(egui::TextEdit::singleline(&mut self.edit.username).id_salt("settings-username").desired_width(300.0)));
                ui.end_row();
                labelled(ui, "Password (optional)", |ui| ui.add(egui::TextEdit::singleline(&mut crate::secret_text::SecretText(&mut self.password)).id_salt("settings-password").password(true).desired_width(300.0)));
                ui.end_row();
            });
            ui.add_enabled_ui(ctx.secrets.is_persistent(), |ui| {
                ui.checkbox(
                    &mut self.edit.keep_offline_copy,
                    "Keep an encrypted offline copy of this portal on this computer",
                )
            })
            .response
            .on_disabled_hover_text(
                "This computer has no system keyring to hold the copy's key, so a live portal cannot keep an offline copy",
            );
            let note = if ctx.secrets.is_persistent() {
                "The subscription key and password are kept in the system keyring, never in a file.".to_owned()
            } else {
                format!(
                    "No system keyring can be used: {}. The subscription key and password are kept for this session only and must be entered again next time.",
                    ctx.secrets.why_session_only().unwrap_or("unknown reason")
                )
            };
            ui.label(egui::RichText::new(note).color(if ctx.secrets.is_persistent() { ctx.tokens.muted } else { ctx.tokens.warning }));
            for problem in &self.problems {
                crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {problem}"));
            }
            ui.horizontal(|ui| {
                if ui.button("Test connection").clicked() {
                    self.test_connection(ctx);
                }
                if ui.button("Save").clicked() && self.check() && self.name_is_free(ctx) {
                    self.save(ctx, false);
                }
                if ui.button("Save and connect").clicked()
                    && self.check()
                    && self.name_is_free(ctx)
                {
                    self.save(ctx, true);
                }
                if ui.button("New profile").clicked() {
                    *self = Settings::default();
                }
            });
            if self.test.state.is_pending() {
                self.test.status_ui(ui, ctx, "the connection test");
            }
            if let Some(message) = self.test.state.value() {
                crate::widgets::said_ui(ui, ctx.tokens.success, format!("✔ {message}"));
            }
            if let Some(error) = self.test.state.error() {
                crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {}", explain(error)));
            }
        });
    }

    /// Asks before signing out or removing: what goes, and what waiting changes would be lost.
    fn confirm_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let Some((name, remove)) = self.confirm.clone() else {
            return;
        };
        let in_use = matches!(ctx.backend.connection().link(), Link::Portal { profile, .. } if profile == name);
        let waiting = if in_use {
            ctx.backend.outbox().entries().len()
        } else {
            0
        };
        egui::Frame::group(ui.style()).show(ui, |ui| {
            let what = if remove {
                format!("Remove the profile “{name}”?")
            } else {
                format!("Sign out of “{name}”?")
            };
            ui.strong(what);
            ui.label(
                "Its subscription key and password leave the keyring, and its offline copy, \
                 outbox and reminders are deleted from this computer.",
            );
            if in_use {
                ui.label("LeaseDesk switches to the embedded sandbox.");
            }
            if waiting > 0 {
                crate::widgets::problem_ui(
                    ui,
                    ctx.tokens.error,
                    format!(
                        "⚠ {} waiting in the Outbox will be lost: send them first if you can.",
                        crate::domain::format::count(waiting, "change")
                    ),
                );
            }
            ui.horizontal(|ui| {
                let confirm = if remove {
                    "Remove profile and its data"
                } else {
                    "Sign out and delete its data"
                };
                if ui.button(confirm).clicked() {
                    ctx.send(Command::ForgetProfile {
                        name: name.clone(),
                        remove,
                    });
                    // The form being edited keeps no secret of a profile signed out of.
                    if self.original_name.as_deref() == Some(name.as_str()) {
                        if remove {
                            *self = Settings::default();
                        } else {
                            self.key = Secret::default();
                            self.password = Secret::default();
                        }
                    }
                    self.confirm = None;
                }
                if ui.button("Cancel").clicked() {
                    self.confirm = None;
                }
            });
        });
    }

    /// Edits a saved profile. Its secrets are read from the keyring on a blocking thread (an
    /// unlock prompt must not freeze the window) and fill the form when they arrive.
    fn load(&mut self, profile: &Profile, ctx: &AppCtx) {
        self.edit = profile.clone();
        self.original_name = Some(profile.name.clone());
        self.key = Secret::default();
        self.password = Secret::default();
        self.problems.clear();
        self.test.reset();
        let (secrets, loaded, name) = (
            ctx.secrets.clone(),
            self.loaded.clone(),
            profile.name.clone(),
        );
        let backend = ctx.backend.clone();
        ctx.backend.run(async move {
            let read = tokio::task::spawn_blocking(move || {
                let get = |kind| secrets.get(&name, kind).unwrap_or_default();
                (
                    name.clone(),
                    get(SecretKind::SubscriptionKey),
                    get(SecretKind::Password),
                )
            })
            .await;
            if let Ok(read) = read {
                *loaded.lock().unwrap_or_else(|p| p.into_inner()) = Some(read);
                backend.events().wake();
            }
        });
    }

    fn take_loaded_secrets(&mut self) {
        let loaded = self.loaded.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some((name, key, password)) = loaded
            && self.original_name.as_deref() == Some(name.as_str())
        {
            // What was typed while the keyring was read is kept, never overwritten.
            if self.key.expose().is_empty() {
                self.key = key;
            }
            if self.password.expose().is_empty() {
                self.password = password;
            }
        }
    }

    /// Whether no other profile has this name, once case and punctuation are set aside (two
    /// such names would be one name to a reader, and once were one file on disk).
    fn name_is_free(&mut self, ctx: &AppCtx) -> bool {
        let folded = crate::engine::store_id::folded_name(&self.edit.name);
        let taken = ctx.prefs.profiles.iter().find(|p| {
            Some(p.name.as_str()) != self.original_name.as_deref()
                && crate::engine::store_id::folded_name(&p.name) == folded
        });
        if let Some(other) = taken {
            self.problems.push(format!(
                "A profile named {:?} exists: names that differ only in case, spaces or \
                 punctuation are the same name here. Choose another name",
                other.name
            ));
        }
        taken.is_none()
    }

    fn check(&mut self) -> bool {
        self.problems.clear();
        if crate::engine::store_id::folded_name(&self.edit.name).is_empty() {
            self.problems
                .push("Give the profile a name with a letter or a digit in it".into());
        }
        if self.edit.base_url.contains('@') {
            self.problems.push(
                "The base URL must not hold a user name or password (user:pass@): use the fields below"
                    .into(),
            );
        } else if !crate::engine::base_url_allowed(&self.edit.base_url) {
            self.problems.push(
                "The base URL must start with https:// (plain http only to this computer)".into(),
            );
        }
        if self.edit.portal_id.trim().parse::<i64>().is_err() {
            self.problems.push("PortalId must be a number".into());
        }
        if self.key.expose().trim().is_empty() {
            self.problems
                .push("Enter the subscription key from your API profile".into());
        } else if is_training_key(self.key.expose()) && is_live_service(&self.edit.base_url) {
            self.problems.push(
                "This is a training key: it opens a class's training server, never the live service. Give the class's address, or the key for the live service"
                    .into(),
            );
        }
        self.problems.is_empty()
    }

    /// Stores the secrets in the keyring on a blocking thread, then saves the profile (and
    /// connects) by command, so the connection finds them stored.
    fn save(&mut self, ctx: &mut AppCtx, connect: bool) {
        self.edit.name = self.edit.name.trim().to_owned();
        let previous_name = self.original_name.clone();
        // Known now, while the key is at hand: a training connection stays out of the region.
        self.edit.training = is_training_key(self.key.expose());
        let profile = self.edit.clone();
        let key = Secret::new(self.key.expose().trim());
        let password = self.password.clone();
        let (secrets, commands) = (ctx.secrets.clone(), ctx.commands.clone());
        self.original_name = Some(self.edit.name.clone());
        ctx.backend.run(async move {
            let name = profile.name.clone();
            let old = previous_name.clone();
            let stored = tokio::task::spawn_blocking(move || {
                store_secrets(&secrets, old.as_deref(), &name, &key, &password)
            })
            .await
            .unwrap_or_else(|e| Err(format!("The secrets could not be stored: {e}")));
            let name = profile.name.clone();
            commands.send(Command::SaveProfile {
                previous_name,
                profile,
            });
            commands.send(Command::Notice(match stored {
                Ok(()) => format!("Saved {name}"),
                Err(problem) => problem,
            }));
            if connect {
                commands.send(Command::ConnectProfile(name));
            }
        });
    }

    fn test_connection(&mut self, ctx: &AppCtx) {
        if !self.check() {
            return;
        }
        let connection = Connection {
            base_url: self.edit.base_url.trim().to_owned(),
            subscription_key: Secret::new(self.key.expose().trim()),
            portal_id: self.edit.portal_id.trim().parse().unwrap_or_default(),
        };
        let login = (!self.edit.username.trim().is_empty())
            .then(|| (self.edit.username.trim().to_owned(), self.password.clone()));
        self.test.ask(
            ctx.backend,
            asks::people::test_connection(connection, login),
        );
    }
}

/// Puts a profile's key and password in the store; a renamed profile's old entries go.
fn store_secrets(
    secrets: &SecretStore,
    previous: Option<&str>,
    name: &str,
    key: &Secret,
    password: &Secret,
) -> Result<(), String> {
    let mut problems = Vec::new();
    for (kind, value) in [
        (SecretKind::SubscriptionKey, key),
        (SecretKind::Password, password),
    ] {
        // Without a keyring at all, Settings already says so; a refusal is news.
        if let Stored::SessionOnly(why) = secrets.set(name, kind, value)
            && secrets.is_persistent()
        {
            problems.push(why);
        }
        if let Some(old) = previous.filter(|old| *old != name) {
            let _ = secrets.set(old, kind, &Secret::default());
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
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
