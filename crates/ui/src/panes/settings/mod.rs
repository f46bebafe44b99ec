//! Settings: appearance, reminders, the sales discipline's targets, and connections (profiles with their secrets in the keyring, a test
//! that says exactly what failed, switching without restart).

mod calling_hours;
mod lead_rules;
mod rules_words;
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
use crate::engine::secrets::{NoKeyring, SecretKind, SecretStore, Stored};
use crate::engine::{Link, asks};
use crate::prefs::Profile;
use crate::remote::Slot;
use crate::theme::ThemeChoice;
use crate::widgets::labelled;
use leasedesk_i18n::tr;

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
    test: Slot<asks::people::Reached>,
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
                ui.heading(tr!("settings-appearance"));
                ui.horizontal_wrapped(|ui| {
                    ui.label(tr!("settings-theme"));
                    for choice in ThemeChoice::ALL {
                        if ui
                            .selectable_label(
                                ctx.prefs.theme == choice,
                                crate::words::theme(choice),
                            )
                            .clicked()
                        {
                            ctx.send(Command::SetTheme(choice));
                        }
                    }
                });
                language_ui(ui, ctx);
                ui.horizontal_wrapped(|ui| {
                    ui.label(tr!(
                        "settings-zoom",
                        percent = (ui.ctx().zoom_factor() * 100.0).round()
                    ));
                    for command in [Command::ZoomOut, Command::ZoomIn, Command::ZoomReset] {
                        command_button(ui, ctx.commands, command);
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    ui.label(tr!("settings-drawing-with"));
                    ui.label(
                        egui::RichText::new(
                            crate::renderer::in_use().unwrap_or_else(|| "—".into()),
                        )
                        .strong(),
                    );
                })
                .response
                .on_hover_text(tr!(
                    "settings-renderer-hint",
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
        ui.heading(tr!("settings-updates"));
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
                    ui.label(tr!("settings-update-feed"));
                    ui.label(egui::RichText::new(&it.address).strong());
                    ui.label(if cfg!(windows) {
                        tr!("settings-update-feed-it-windows")
                    } else {
                        tr!("settings-update-feed-it-unix")
                    });
                });
            }
            _ => {
                let typed = self
                    .update_feed
                    .get_or_insert_with(|| ctx.prefs.update_feed.clone());
                ui.horizontal_wrapped(|ui| {
                    let edit = labelled(ui, &tr!("settings-update-feed"), |ui| {
                        ui.add(
                            egui::TextEdit::singleline(typed)
                                .char_limit(2048)
                                .desired_width(420.0)
                                .hint_text(tr!("settings-update-feed-hint")),
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
                .add_enabled(
                    feed.is_some(),
                    egui::Button::new(tr!("settings-check-updates")),
                )
                .on_disabled_hover_text(tr!("settings-check-updates-disabled"))
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
        ui.label(egui::RichText::new(tr!("settings-updates-signed")).weak());
    }
}

/// Where the files are, so support can find the logs on any platform.
/// The window's language: the system's, or one chosen; every screen changes at once.
fn language_ui(ui: &mut egui::Ui, ctx: &mut AppCtx) {
    use leasedesk_i18n::Language;
    ui.horizontal_wrapped(|ui| {
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
    ui.heading(tr!("settings-files"));
    let shown = |p: Option<std::path::PathBuf>| {
        p.map_or_else(|| tr!("settings-no-home"), |p| p.display().to_string())
    };
    egui::Grid::new("settings-files")
        .num_columns(2)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            for (what, path) in [
                (tr!("settings-files-data"), crate::paths::data_dir()),
                (tr!("settings-files-logs"), crate::paths::logs_dir()),
                (tr!("settings-files-prefs"), crate::paths::config_dir()),
            ] {
                ui.label(what);
                ui.label(egui::RichText::new(shown(path)).monospace());
                ui.end_row();
            }
        });
    ui.label(egui::RichText::new(tr!("settings-files-keyring")).color(ctx.tokens.muted));
}

/// What the store holds and where, how often it syncs, and removing it.
fn offline_copy_ui(ui: &mut egui::Ui, ctx: &mut AppCtx, confirm_remove: &mut Option<usize>) {
    ui.heading(tr!("settings-offline"));
    let mut asked_now = false;
    ui.label(tr!("settings-offline-about"));
    let status = ctx.backend.offline_copy().status();
    let summary = match (&status.why_not_on_disk, status.as_of) {
        (None, Some(at)) => {
            let (when, today) = crate::dates::moment(at, ctx.now, ctx.zone);
            tr!(
                "settings-offline-on-disk",
                count = status.cases,
                when = when,
                today = if today { "yes" } else { "no" }
            )
        }
        (None, None) => tr!("settings-offline-not-synced"),
        (Some(why), _) => tr!(
            "settings-offline-this-run",
            count = status.cases,
            why = crate::copy_words::not_kept(why)
        ),
    };
    ui.label(egui::RichText::new(summary).strong());
    if let Some(dir) = crate::paths::data_dir() {
        ui.label(
            egui::RichText::new(tr!(
                "settings-offline-folder",
                path = dir.join("offline").display().to_string()
            ))
            .monospace()
            .color(ctx.tokens.muted),
        );
    }
    if let Some(step) = &status.syncing {
        ui.horizontal_wrapped(|ui| {
            crate::widgets::spinner_ui(ui);
            ui.label(crate::copy_words::sync_step(step));
        });
    }
    if let Some(set_aside) = &status.set_aside {
        ui.colored_label(
            ctx.tokens.warning,
            format!("⚠ {}", crate::copy_words::set_aside(set_aside)),
        );
    }
    if let Some(problem) = &status.problem {
        ui.colored_label(ctx.tokens.warning, crate::copy_words::copy_problem(problem));
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(tr!("settings-sync-every"));
        let mut minutes = ctx.prefs.sync_minutes;
        crate::widgets::keyboard_combo(
            ui,
            egui::ComboBox::from_id_salt("sync-minutes")
                .selected_text(tr!("settings-minutes", minutes = minutes)),
            |ui| {
                for choice in [2, 5, 10, 15, 30, 60] {
                    ui.selectable_value(
                        &mut minutes,
                        choice,
                        tr!("settings-minutes", minutes = choice),
                    );
                }
            },
        )
        .response
        .labelled_by(label.id);
        if minutes != ctx.prefs.sync_minutes {
            ctx.send(Command::SetSyncMinutes(minutes));
        }
        if ui
            .add_enabled(
                status.syncing.is_none(),
                egui::Button::new(tr!("settings-sync-now")),
            )
            .clicked()
        {
            ctx.backend.sync().now();
        }
        if ui
            .add_enabled(
                status.on_disk,
                egui::Button::new(tr!("settings-remove-copy")),
            )
            .on_hover_text(tr!("settings-remove-copy-hint"))
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
        let changes = tr!("settings-unsent-changes", count = unsent);
        let unopened = ctx.backend.outbox().unopened_changes();
        let which = if unopened > 0 {
            tr!(
                "settings-unopened",
                changes = changes.as_str(),
                unopened = unopened
            )
        } else {
            changes.clone()
        };
        crate::widgets::problem_ui(
            ui,
            ctx.tokens.error,
            tr!("settings-remove-warning", changes = which),
        );
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(tr!("settings-discard-and-remove", changes = changes))
                .clicked()
            {
                ctx.backend.offline_copy().remove(unsent);
                *confirm_remove = None;
            }
            let keep = ui.button(tr!("settings-keep-copy"));
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
    ui.heading(tr!("settings-reminders"));
    let mut settings = ctx.prefs.reminders.clone();
    ui.checkbox(&mut settings.enabled, tr!("settings-reminders-on"));
    ui.add_enabled_ui(settings.enabled, |ui| {
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("settings-minutes-before"));
            ui.add(
                egui::DragValue::new(&mut settings.minutes_before)
                    .range(0..=240)
                    .suffix(tr!("settings-min-suffix")),
            )
            .labelled_by(label.id);
        });
        ui.horizontal_wrapped(|ui| {
            let mut quiet = settings.quiet_from.is_some();
            if ui
                .checkbox(&mut quiet, tr!("settings-quiet-hours"))
                .changed()
            {
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
                half_hour_combo(ui, &tr!("settings-quiet-from"), "quiet-from", from);
                half_hour_combo(ui, &tr!("settings-quiet-until"), "quiet-until", until);
            }
        });
    });
    ui.label(egui::RichText::new(tr!("settings-reminders-where")).color(ctx.tokens.muted));
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
            .selected_text(crate::dates::time(*value))
            .height(240.0),
        |ui| {
            for slot in 0..48 {
                if let Some(time) = NaiveTime::from_hms_opt(slot / 2, (slot % 2) * 30, 0) {
                    let text = crate::dates::time(time);
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
        ui.heading(tr!("settings-connections"));
        let link = ctx.backend.connection().link();
        match ctx.backend.connection().me() {
            Some(me) => ui.label(tr!(
                "settings-signed-in-as",
                name = me.name.as_str(),
                id = me.user_id.to_string()
            )),
            None => ui.label(
                egui::RichText::new(tr!("settings-signed-in-unknown")).color(ctx.tokens.muted),
            ),
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(tr!("settings-sandbox"));
            if link.is_sandbox() && !link.is_second_sandbox() {
                ui.label(egui::RichText::new(tr!("settings-in-use")).color(ctx.tokens.success));
            } else if ui.button(tr!("settings-use-sandbox")).clicked() {
                ctx.send(Command::ConnectSandbox);
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(tr!("settings-second-sandbox"));
            if link.is_second_sandbox() {
                ui.label(egui::RichText::new(tr!("settings-in-use")).color(ctx.tokens.success));
            } else if ui.button(tr!("settings-use-second-sandbox")).clicked() {
                ctx.send(Command::ConnectSecondSandbox);
            }
        });
        ui.add_space(6.0);
        for profile in ctx.prefs.profiles.clone() {
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(&profile.name).strong());
                ui.label(tr!(
                    "settings-profile-where",
                    url = profile.base_url.as_str(),
                    portal = profile.portal_id.as_str()
                ));
                let in_use = matches!(&link, Link::Portal { profile: p, .. } if *p == profile.name);
                if in_use {
                    ui.label(egui::RichText::new(tr!("settings-in-use")).color(ctx.tokens.success));
                } else if ui
                    .button(tr!("settings-use-profile", name = profile.name.as_str()))
                    .clicked()
                {
                    ctx.send(Command::ConnectProfile(profile.name.clone()));
                }
                if ui
                    .button(tr!("settings-edit-profile", name = profile.name.as_str()))
                    .clicked()
                {
                    self.load(&profile, ctx);
                }
                if in_use && ui.button(tr!("settings-sign-out")).clicked() {
                    self.confirm = Some((profile.name.clone(), false));
                }
                if ui
                    .button(tr!("settings-remove-profile", name = profile.name.as_str()))
                    .clicked()
                {
                    self.confirm = Some((profile.name.clone(), true));
                }
            });
        }
        self.confirm_ui(ui, ctx);
        ui.add_space(8.0);
        // A new profile's suggested name in the window's language (the engine's is English).
        if self.original_name.is_none() && self.edit.name == Profile::default().name {
            self.edit.name = tr!("settings-my-portal");
        }
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.strong(match &self.original_name {
                Some(name) => tr!("settings-editing", name = name.as_str()),
                None => tr!("settings-connect-portal"),
            });
            egui::Grid::new("profile-grid")
                .num_columns(2)
                .spacing([12.0, 6.0])
                .show(ui, |ui| {
                    labelled(ui, &tr!("settings-profile-name"), |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut self.edit.name)
                                .id_salt("settings-name")
                                .desired_width(300.0),
                        )
                    });
                    ui.end_row();
                    labelled(ui, &tr!("settings-base-url"), |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut self.edit.base_url)
                                .id_salt("settings-base-url")
                                .desired_width(300.0),
                        )
                    });
                    ui.end_row();
                    labelled(ui, &tr!("settings-portal-id"), |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut self.edit.portal_id)
                                .id_salt("settings-portal-id")
                                .desired_width(120.0),
                        )
                    });
                    ui.end_row();
                    labelled(ui, &tr!("settings-subscription-key"), |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut crate::secret_text::SecretText(
                                &mut self.key,
                            ))
                            .id_salt("settings-key")
                            .password(true)
                            .desired_width(300.0),
                        )
                    });
                    ui.end_row();
                    labelled(ui, &tr!("settings-user-name"), |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut self.edit.username)
                                .id_salt("settings-username")
                                .desired_width(300.0),
                        )
                    });
                    ui.end_row();
                    labelled(ui, &tr!("settings-password"), |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut crate::secret_text::SecretText(
                                &mut self.password,
                            ))
                            .id_salt("settings-password")
                            .password(true)
                            .desired_width(300.0),
                        )
                    });
                    ui.end_row();
                });
            ui.add_enabled_ui(ctx.secrets.is_persistent(), |ui| {
                ui.checkbox(
                    &mut self.edit.keep_offline_copy,
                    tr!("settings-keep-offline"),
                )
            })
            .response
            .on_disabled_hover_text(tr!("settings-keep-offline-no-keyring"));
            let note = if ctx.secrets.is_persistent() {
                tr!("settings-secrets-in-keyring")
            } else {
                let why = ctx.secrets.why_session_only();
                tr!(
                    "settings-secrets-session",
                    why = no_keyring(why.unwrap_or(NoKeyring::Unusable))
                )
            };
            ui.label(
                egui::RichText::new(note).color(if ctx.secrets.is_persistent() {
                    ctx.tokens.muted
                } else {
                    ctx.tokens.warning
                }),
            );
            for problem in &self.problems {
                crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {problem}"));
            }
            ui.horizontal_wrapped(|ui| {
                if ui.button(tr!("settings-test-connection")).clicked() {
                    self.test_connection(ctx);
                }
                if ui.button(tr!("settings-save")).clicked()
                    && self.check()
                    && self.name_is_free(ctx)
                {
                    self.save(ctx, false);
                }
                if ui.button(tr!("settings-save-connect")).clicked()
                    && self.check()
                    && self.name_is_free(ctx)
                {
                    self.save(ctx, true);
                }
                if ui.button(tr!("settings-new-profile")).clicked() {
                    *self = Settings::default();
                }
            });
            if self.test.state.is_pending() {
                self.test.status_ui(ui, ctx, &tr!("settings-the-test"));
            }
            if let Some(reached) = self.test.state.value() {
                let said = tr!(
                    "settings-connected",
                    portal = reached.portal_id.to_string(),
                    count = reached.communities
                );
                crate::widgets::said_ui(ui, ctx.tokens.success, format!("✔ {said}"));
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
                tr!("settings-confirm-remove", name = name.as_str())
            } else {
                tr!("settings-confirm-sign-out", name = name.as_str())
            };
            ui.strong(what);
            ui.label(tr!("settings-confirm-what-goes"));
            if in_use {
                ui.label(tr!("settings-switches-to-sandbox"));
            }
            if waiting > 0 {
                crate::widgets::problem_ui(
                    ui,
                    ctx.tokens.error,
                    tr!("settings-waiting-lost", count = waiting),
                );
            }
            ui.horizontal_wrapped(|ui| {
                let confirm = if remove {
                    tr!("settings-remove-and-data")
                } else {
                    tr!("settings-sign-out-and-data")
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
                if ui.button(tr!("settings-cancel")).clicked() {
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
            self.problems
                .push(tr!("settings-name-taken", name = other.name.as_str()));
        }
        taken.is_none()
    }

    fn check(&mut self) -> bool {
        self.problems.clear();
        if crate::engine::store_id::folded_name(&self.edit.name).is_empty() {
            self.problems.push(tr!("settings-name-needed"));
        }
        if self.edit.base_url.contains('@') {
            self.problems.push(tr!("settings-url-credentials"));
        } else if !crate::engine::base_url_allowed(&self.edit.base_url) {
            self.problems.push(tr!("settings-url-https"));
        }
        if self.edit.portal_id.trim().parse::<i64>().is_err() {
            self.problems.push(tr!("settings-portal-number"));
        }
        if self.key.expose().trim().is_empty() {
            self.problems.push(tr!("settings-key-needed"));
        } else if is_training_key(self.key.expose()) && is_live_service(&self.edit.base_url) {
            self.problems.push(tr!("settings-training-key-live"));
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
            .unwrap_or_else(|e| Err(tr!("settings-secrets-not-stored", problem = e.to_string())));
            let name = profile.name.clone();
            commands.send(Command::SaveProfile {
                previous_name,
                profile,
            });
            commands.send(Command::Notice(match stored {
                Ok(()) => tr!("settings-saved", name = name.as_str()),
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

/// Why secrets are kept for this session only, with what to do.
fn no_keyring(why: NoKeyring) -> String {
    match why {
        NoKeyring::NoService => tr!("keyring-no-service"),
        NoKeyring::Locked => tr!("keyring-locked"),
        NoKeyring::NoAnswer => tr!("keyring-no-answer"),
        NoKeyring::Unusable => tr!("keyring-unusable"),
        NoKeyring::Refused => tr!("keyring-refused"),
        NoKeyring::NotWanted => tr!("keyring-not-wanted"),
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
            problems.push(no_keyring(why));
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
            tr!("settings-refused", message = message.as_str())
        }
        ApiError::Forbidden { message } => {
            tr!("settings-forbidden", message = message.as_str())
        }
        ApiError::NotFound { .. } => {
            tr!("settings-not-v3")
        }
        ApiError::Network {
            kind: NetworkFailure::Tls,
            detail,
        } => tr!("settings-tls-failed", detail = detail.as_str()),
        ApiError::Network {
            kind: NetworkFailure::Connect,
            detail,
        } => tr!("settings-connect-failed", detail = detail.as_str()),
        ApiError::Network {
            kind: NetworkFailure::Timeout,
            ..
        } => tr!("settings-timeout"),
        other => crate::error_words::api_error(other),
    }
}
