//! Applying commands, once per frame after layout: the one place where a pane's request
//! changes anything outside that pane.

use super::LeaseDeskApp;
use crate::api::Connection;
use crate::api::model::ActivityTypeMaster;
use crate::commands::Command;
use crate::engine::Link;
use crate::engine::secrets::SecretKind;
use crate::modals::Modal;
use crate::modals::close_lost::CloseLostForm;
use crate::modals::log_activity::LogActivityForm;
use crate::modals::log_outcome::LogOutcomeForm;
use crate::modals::new_individual::NewIndividualForm;
use crate::modals::schedule_tour::ScheduleTourForm;
use crate::nav::Nav;
use crate::panes::cases::CaseView;
use crate::panes::move_in::MoveInWizard;

impl LeaseDeskApp {
    pub(super) fn apply(&mut self, ctx: &egui::Context, command: Command) {
        match command {
            Command::Navigate(nav) => self.nav = nav,
            Command::Help => {
                if self.modal.is_none() {
                    self.modal = Some(Modal::Help(super::super::modals::help::HelpView::new()));
                }
            }
            Command::CheckForUpdates => {
                self.backend
                    .updater()
                    .check_now(self.update_feed().as_ref());
                if self.modal.is_none() {
                    self.modal = Some(Modal::Help(super::super::modals::help::HelpView::new()));
                }
            }
            Command::SetUpdateFeed(address) => self.prefs.update_feed = address,
            Command::OpenCase(case) => {
                self.backend.access_log().record(
                    crate::engine::access_log::What::CaseOpened,
                    Some(&case.case_number),
                    "",
                );
                self.nav = Nav::Search;
                self.panes.cases.view = Some(CaseView::new(case));
            }
            Command::LogOutcome(target) => {
                let actx = app_ctx!(self, ctx);
                let form = LogOutcomeForm::new(*target, &actx);
                self.modal = Some(Modal::LogOutcome(Box::new(form)));
            }
            Command::CloseLost(target) => {
                self.modal = Some(Modal::CloseLost(Box::new(CloseLostForm::new(*target))));
            }
            Command::ScheduleTour(target) => {
                let actx = app_ctx!(self, ctx);
                let form = ScheduleTourForm::new(*target, &actx);
                self.modal = Some(Modal::ScheduleTour(Box::new(form)));
            }
            Command::ImportCalls => {
                self.modal = Some(Modal::ImportCalls(Box::default()));
            }
            Command::DraftMessage(start) => {
                let form = crate::modals::outreach::OutreachForm::new(*start);
                self.modal = Some(Modal::Outreach(Box::new(form)));
            }
            Command::SetTemplates(templates) => self.prefs.templates = *templates,
            Command::SetCallColumns(columns) => self.prefs.set_call_columns(*columns),
            Command::SetBenchmarkTargets(targets) => self.prefs.benchmark_targets = targets,
            Command::NewIndividualCalling(number) => {
                let mut form = NewIndividualForm::new(None);
                form.draft.home_phone = number;
                self.modal = Some(Modal::NewIndividual(Box::new(form)));
            }
            Command::NewIndividual { case_number } => {
                self.modal = Some(Modal::NewIndividual(Box::new(NewIndividualForm::new(
                    case_number,
                ))))
            }
            Command::LogActivity(who) => {
                self.nav = Nav::Calendar;
                let zone = self.backend.connection().zone();
                let local = self.clock.now().with_timezone(&zone);
                let call = who.is_some();
                let form = LogActivityForm::new(zone, local.date_naive(), local.time(), who);
                self.modal = Some(Modal::LogActivity(Box::new(if call {
                    form.preferring(ActivityTypeMaster::CallOut)
                } else {
                    form
                })));
            }
            Command::SearchFor(text) => {
                self.nav = Nav::Search;
                self.panes.cases.view = None;
                self.panes.cases.search.search_for(&text);
            }
            Command::FocusSearch => {
                self.nav = Nav::Search;
                self.panes.cases.search.focus();
            }
            Command::ExportSearchCsv => {
                let actx = app_ctx!(self, ctx);
                self.panes.cases.search.export_csv(&actx);
            }
            Command::SetTheme(theme) => {
                self.prefs.theme = theme;
                crate::theme::ThemeLook::apply(theme, ctx);
            }
            Command::SetLanguage(language) => {
                self.prefs.language = language;
                leasedesk_i18n::set_language(self.language());
            }
            Command::SetReminders(settings) => self.prefs.reminders = settings,
            Command::SetLeadRules(rules) => self.prefs.lead_rules = *rules,
            Command::SetSyncMinutes(minutes) => self.prefs.sync_minutes = minutes,
            Command::WorkOffline(offline) => {
                self.prefs.work_offline = offline;
                self.backend.connection().set_work_offline(offline);
            }
            Command::ZoomIn => ctx.set_zoom_factor((ctx.zoom_factor() + 0.1).min(3.0)),
            Command::ZoomOut => ctx.set_zoom_factor((ctx.zoom_factor() - 0.1).max(0.5)),
            Command::ZoomReset => ctx.set_zoom_factor(1.0),
            Command::ConnectSandbox | Command::ConnectSecondSandbox => {
                self.prefs.active_profile = None;
                // The sandbox is on this computer: working offline is a portal's choice.
                self.prefs.work_offline = false;
                self.backend.connection().set_work_offline(false);
                self.backend
                    .connection()
                    .connect_sandbox_portal(matches!(command, Command::ConnectSecondSandbox));
            }
            Command::ConnectProfile(name) => self.connect_profile(&name),
            Command::ShowSales(tab) => {
                self.nav = Nav::Sales;
                self.panes.sales.tab = tab;
            }
            Command::ExportWeeklyReport => {
                self.nav = Nav::Sales;
                self.panes.sales.report_asked = true;
            }
            Command::SaveProfile {
                previous_name,
                profile,
            } => self.save_profile(previous_name, profile),
            Command::ForgetProfile { name, remove } => self.forget_profile(&name, remove),
            Command::OpenPalette => self.palette = Some(super::palette::Palette::default()),
            Command::StartMoveIn(case) => {
                self.nav = Nav::MoveIn;
                if self.panes.move_in.has_input() {
                    self.notice = Some(leasedesk_i18n::tr!("notice-move-in-open"));
                } else {
                    self.panes.move_in = MoveInWizard::for_start(&case);
                }
            }
            Command::EditQueued { id, draft } => {
                let form =
                    LogActivityForm::editing_queued(self.backend.connection().zone(), id, *draft);
                self.modal = Some(Modal::LogActivity(Box::new(form)));
            }
            Command::EditQueuedMoveIn { id, draft, message } => {
                self.nav = Nav::MoveIn;
                self.panes.move_in = MoveInWizard::for_refused(id, *draft, message);
            }
            Command::EditQueuedIndividual {
                id,
                draft,
                case_number,
                message,
            } => {
                let form = NewIndividualForm::editing_queued(id, *draft, case_number, message);
                self.modal = Some(Modal::NewIndividual(Box::new(form)));
            }
            Command::OpenAdmissions {
                case_number,
                community_id,
            } => {
                self.nav = Nav::Admissions;
                self.panes.admissions.open(&case_number, community_id);
            }
            Command::Notice(text) => self.notice = Some(text),
        }
    }

    /// Connects to a saved profile. Its secrets are read from the keyring off the UI thread
    /// (an unlock prompt may block); the backend says what is missing if anything is.
    pub(super) fn connect_profile(&mut self, name: &str) {
        let Some(profile) = self.prefs.profile(name).cloned() else {
            self.notice = Some(leasedesk_i18n::tr!("notice-no-connection", name = name));
            return;
        };
        let Ok(portal_id) = profile.portal_id.trim().parse() else {
            self.notice = Some(leasedesk_i18n::tr!(
                "settings-portal-id-not-number",
                name = name.to_string()
            ));
            self.nav = Nav::Settings;
            return;
        };
        self.prefs.active_profile = Some(profile.name.clone());
        // "Work offline", chosen for a portal, holds after a restart until the user goes
        // online again: nothing is sent meanwhile.
        self.backend
            .connection()
            .set_work_offline(self.prefs.work_offline);
        self.backend.connection().connect_profile(
            self.secrets.clone(),
            &profile.name,
            Connection {
                base_url: profile.base_url.clone(),
                subscription_key: Default::default(),
                portal_id,
            },
            profile.username.trim().to_owned(),
        );
    }

    /// Signs out of (or removes) a profile: its secrets leave the keyring, and what this
    /// computer keeps for it is deleted, switching to the sandbox first when it is in use.
    fn forget_profile(&mut self, name: &str, remove: bool) {
        let mut portal_ids: Vec<i64> = self
            .prefs
            .profile(name)
            .and_then(|p| p.portal_id.trim().parse().ok())
            .into_iter()
            .collect();
        if let Link::Portal {
            profile, portal_id, ..
        } = self.backend.connection().link()
            && profile == name
        {
            portal_ids.push(portal_id);
        }
        portal_ids.dedup();
        // Its stores, and any an earlier version kept under the old names.
        let keys = portal_ids
            .iter()
            .flat_map(|id| {
                [crate::engine::store_id::profile(name, *id)]
                    .into_iter()
                    .chain(self.backend.offline_copy().legacy_store_of(name, *id))
            })
            .collect();
        if remove {
            self.prefs.profiles.retain(|p| p.name != name);
        }
        if self.prefs.active_profile.as_deref() == Some(name) {
            self.prefs.active_profile = None;
        }
        let (secrets, commands, profile) =
            (self.secrets.clone(), self.commands.clone(), name.to_owned());
        self.backend
            .offline_copy()
            .forget_profile_data(name, keys, move |removed| {
                let name = profile;
                for kind in [SecretKind::SubscriptionKey, SecretKind::Password] {
                    secrets.set(&name, kind, &Default::default());
                }
                commands.send(Command::Notice(match (removed, remove) {
                    (Ok(()), true) => leasedesk_i18n::tr!("notice-removed", name = name.as_str()),
                    (Ok(()), false) => {
                        leasedesk_i18n::tr!("notice-signed-out", name = name.as_str())
                    }
                    (Err(e), _) => leasedesk_i18n::tr!(
                        "notice-not-deleted",
                        name = name.as_str(),
                        error = e.to_string()
                    ),
                }));
            });
    }

    fn save_profile(&mut self, previous: Option<String>, profile: crate::prefs::Profile) {
        let slot = previous
            .as_deref()
            .and_then(|old| self.prefs.profiles.iter().position(|p| p.name == old))
            .or_else(|| {
                self.prefs
                    .profiles
                    .iter()
                    .position(|p| p.name == profile.name)
            });
        match slot {
            Some(i) => self.prefs.profiles[i] = profile.clone(),
            None => self.prefs.profiles.push(profile.clone()),
        }
        // "Keep a store" counts from this moment: a connection made next (Save and
        // connect) keeps its copy and outbox on disk, not only after a restart.
        self.push_offline_prefs();
    }
}
