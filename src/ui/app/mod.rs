//! The app shell: state, panes, the backend handle, and the commands that tie them together.

mod layout;
mod palette;

use std::path::PathBuf;

use super::backend::{Backend, Link};
use super::commands::{self, Command};
use super::panes::admissions::Admissions;
use super::panes::calendar::Calendar;
use super::panes::campaigns::Campaigns;
use super::panes::case_search::CaseSearch;
use super::panes::case_view::CaseView;
use super::panes::inventory::Inventory;
use super::panes::move_in::MoveInWizard;
use super::panes::new_individual::NewIndividualForm;
use super::panes::plugin::Plugin;
use super::panes::settings::Settings;
use super::panes::users::Users;
use super::panes::{AppCtx, Nav};
use super::prefs::Prefs;
use super::secrets::{SecretKind, SecretStore};
use super::theme::Tokens;
use crate::api::Connection;
use crate::clock::Clock;

pub struct AppConfig {
    pub backend: Backend,
    pub prefs: Prefs,
    /// Where preferences are saved; `None` keeps them in memory (tests).
    pub prefs_path: Option<PathBuf>,
    pub secrets: SecretStore,
    pub clock: Clock,
}

/// Only one modal at a time.
enum Modal {
    NewIndividual(NewIndividualForm),
}

pub struct LeaseDeskApp {
    prefs: Prefs,
    saved_prefs: Prefs,
    prefs_path: Option<PathBuf>,
    backend: Backend,
    secrets: SecretStore,
    clock: Clock,
    pub nav: Nav,
    pub search: CaseSearch,
    pub case_view: Option<CaseView>,
    pub calendar: Calendar,
    pub inventory: Inventory,
    pub move_in: MoveInWizard,
    pub campaigns: Campaigns,
    pub admissions: Admissions,
    pub users: Users,
    plugin: Plugin,
    settings: Settings,
    modal: Option<Modal>,
    palette: Option<palette::Palette>,
    commands: Vec<Command>,
    title: String,
    epoch: usize,
    notice: Option<String>,
    started: bool,
}

impl LeaseDeskApp {
    /// The app; nothing starts until the first frame (so tests and the window share one path).
    pub fn new(config: AppConfig) -> Self {
        let search = CaseSearch::new(config.prefs.search_sort);
        LeaseDeskApp {
            saved_prefs: config.prefs.clone(),
            prefs: config.prefs,
            prefs_path: config.prefs_path,
            backend: config.backend,
            secrets: config.secrets,
            clock: config.clock,
            nav: Nav::Search,
            search,
            case_view: None,
            calendar: Calendar::default(),
            inventory: Inventory::default(),
            move_in: MoveInWizard::default(),
            campaigns: Campaigns::default(),
            admissions: Admissions::default(),
            users: Users::default(),
            plugin: Plugin::default(),
            settings: Settings::default(),
            modal: None,
            palette: None,
            commands: Vec::new(),
            title: String::new(),
            epoch: usize::MAX,
            notice: None,
            started: false,
        }
    }

    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }

    pub fn backend(&self) -> &Backend {
        &self.backend
    }

    /// Work that does not draw: connect on first run, notice connection changes, keep the
    /// title and the saved preferences current.
    pub fn logic(&mut self, ctx: &egui::Context) {
        if !self.started {
            self.started = true;
            ctx.set_theme(self.prefs.theme.preference());
            ctx.set_zoom_factor(self.prefs.zoom.clamp(0.5, 3.0));
            self.backend.set_repaint(ctx);
            match self.prefs.active_profile.clone() {
                Some(name) if self.prefs.profile(&name).is_some() => self.connect_profile(&name),
                _ => self.backend.connect_sandbox(),
            }
        }
        let epoch = self.backend.epoch();
        if epoch != self.epoch {
            self.epoch = epoch;
            self.search.reset();
            self.case_view = None;
            self.calendar = Calendar::default();
            self.inventory = Inventory::default();
            self.move_in = MoveInWizard::default();
            self.campaigns = Campaigns::default();
            self.admissions = Admissions::default();
            self.users = Users::default();
            self.plugin = Plugin::default();
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
        self.prefs.search_sort = self.search.sort;
        if self.prefs != self.saved_prefs {
            self.saved_prefs = self.prefs.clone();
            if let Some(path) = &self.prefs_path
                && let Err(e) = self.prefs.save(path)
            {
                self.notice = Some(format!(
                    "Preferences could not be saved to {}: {e}",
                    path.display()
                ));
            }
        }
    }

    /// Draws the whole window, then applies the commands the frame produced.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let list = commands::catalogue(&self.profile_names());
        if self.modal.is_none() && self.palette.is_none() {
            self.commands.extend(commands::pressed(&ctx, &list));
        }
        self.layout(ui);
        if let Some(palette) = &mut self.palette {
            match palette.ui(&ctx, &list) {
                palette::Outcome::Open => {}
                palette::Outcome::Closed => self.palette = None,
                palette::Outcome::Run(command) => {
                    self.palette = None;
                    self.commands.push(command);
                }
            }
        }
        for command in std::mem::take(&mut self.commands) {
            self.apply(&ctx, command);
        }
    }

    fn profile_names(&self) -> Vec<String> {
        self.prefs.profiles.iter().map(|p| p.name.clone()).collect()
    }

    fn tokens(ctx: &egui::Context) -> Tokens {
        Tokens::for_theme(ctx.theme())
    }

    /// Lends the panes what they may use this frame.
    fn with_ctx<R>(
        &mut self,
        ctx: &egui::Context,
        f: impl FnOnce(&mut PanesMut<'_>, &mut AppCtx<'_>) -> R,
    ) -> R {
        let mut commands = std::mem::take(&mut self.commands);
        let mut actx = AppCtx {
            backend: &self.backend,
            prefs: &self.prefs,
            secrets: &self.secrets,
            commands: &mut commands,
            tokens: Self::tokens(ctx),
            now: self.clock.now(),
        };
        let mut panes = PanesMut {
            search: &mut self.search,
            case_view: &mut self.case_view,
            calendar: &mut self.calendar,
            inventory: &mut self.inventory,
            move_in: &mut self.move_in,
            campaigns: &mut self.campaigns,
            admissions: &mut self.admissions,
            users: &mut self.users,
            plugin: &mut self.plugin,
            settings: &mut self.settings,
            modal: &mut self.modal,
        };
        let result = f(&mut panes, &mut actx);
        self.commands.append(&mut commands);
        result
    }

    fn connect_profile(&mut self, name: &str) {
        let Some(profile) = self.prefs.profile(name).cloned() else {
            self.notice = Some(format!("There is no saved connection named {name}"));
            return;
        };
        let Some(key) = self.secrets.get(&profile.name, SecretKind::SubscriptionKey) else {
            self.notice = Some(format!(
                "No subscription key is stored for {name}: enter it in Settings"
            ));
            self.nav = Nav::Settings;
            return;
        };
        let Ok(portal_id) = profile.portal_id.trim().parse() else {
            self.notice = Some(format!(
                "The PortalId of {name} is not a number: fix it in Settings"
            ));
            self.nav = Nav::Settings;
            return;
        };
        let login = (!profile.username.trim().is_empty())
            .then(|| {
                self.secrets
                    .get(&profile.name, SecretKind::Password)
                    .map(|p| (profile.username.clone(), p))
            })
            .flatten();
        let connection = Connection {
            base_url: profile.base_url.clone(),
            subscription_key: key,
            portal_id,
        };
        self.prefs.active_profile = Some(profile.name.clone());
        self.backend
            .connect_portal(&profile.name, connection, login);
    }

    fn apply(&mut self, ctx: &egui::Context, command: Command) {
        match command {
            Command::Navigate(nav) => self.nav = nav,
            Command::OpenCase(case) => {
                self.nav = Nav::Search;
                self.case_view = Some(CaseView::new(*case));
            }
            Command::NewIndividual { case_number } => {
                self.modal = Some(Modal::NewIndividual(NewIndividualForm::new(case_number)))
            }
            Command::LogActivity(who) => {
                self.nav = Nav::Calendar;
                self.calendar.open_form(Some(who), self.clock.now());
            }
            Command::OpenCaseOf { name, case_number } => {
                self.nav = Nav::Search;
                self.case_view = None;
                self.search.open_case_of(&name, &case_number);
            }
            Command::SearchFor(text) => {
                self.nav = Nav::Search;
                self.case_view = None;
                self.search.search_for(&text);
            }
            Command::FocusSearch => {
                self.nav = Nav::Search;
                self.search.focus();
            }
            Command::ExportSearchCsv => {
                self.with_ctx(ctx, |panes, actx| panes.search.export_csv(actx))
            }
            Command::SetTheme(theme) => {
                self.prefs.theme = theme;
                ctx.set_theme(theme.preference());
            }
            Command::ZoomIn => ctx.set_zoom_factor((ctx.zoom_factor() + 0.1).min(3.0)),
            Command::ZoomOut => ctx.set_zoom_factor((ctx.zoom_factor() - 0.1).max(0.5)),
            Command::ZoomReset => ctx.set_zoom_factor(1.0),
            Command::ConnectSandbox => {
                self.prefs.active_profile = None;
                self.backend.connect_sandbox();
            }
            Command::ConnectProfile(name) => self.connect_profile(&name),
            Command::SaveProfile {
                previous_name,
                profile,
                key,
                password,
            } => self.save_profile(previous_name, profile, key, password),
            Command::OpenPalette => self.palette = Some(palette::Palette::default()),
            Command::StartMoveIn(case) => {
                self.nav = Nav::MoveIn;
                if self.move_in.has_input() {
                    self.notice = Some(
                        "A move-in is already being entered: finish it or choose Start another move-in first"
                            .into(),
                    );
                } else {
                    self.move_in = MoveInWizard::for_case(&case);
                }
            }
            Command::ContractsChanged => self.inventory.mark_stale(),
            Command::OpenAdmissions {
                case_number,
                community_id,
            } => {
                self.nav = Nav::Admissions;
                self.admissions.open(&case_number, community_id);
            }
        }
    }

    fn save_profile(
        &mut self,
        previous: Option<String>,
        profile: super::prefs::Profile,
        key: crate::api::Secret,
        password: crate::api::Secret,
    ) {
        let slot = previous
            .as_deref()
            .and_then(|old| self.prefs.profiles.iter().position(|p| p.name == old));
        match slot {
            Some(i) => self.prefs.profiles[i] = profile.clone(),
            None => match self
                .prefs
                .profiles
                .iter()
                .position(|p| p.name == profile.name)
            {
                Some(i) => self.prefs.profiles[i] = profile.clone(),
                None => self.prefs.profiles.push(profile.clone()),
            },
        }
        let mut problems = Vec::new();
        for (kind, value) in [
            (SecretKind::SubscriptionKey, &key),
            (SecretKind::Password, &password),
        ] {
            if let Err(e) = self.secrets.set(&profile.name, kind, value) {
                problems.push(e);
            }
            if let Some(old) = previous.as_deref().filter(|old| *old != profile.name) {
                let _ = self.secrets.set(old, kind, &crate::api::Secret::default());
            }
        }
        self.notice = Some(if problems.is_empty() {
            format!("Saved {}", profile.name)
        } else {
            problems.join("; ")
        });
    }
}

/// The panes, borrowed apart from the rest of the app for one frame.
struct PanesMut<'a> {
    search: &'a mut CaseSearch,
    case_view: &'a mut Option<CaseView>,
    calendar: &'a mut Calendar,
    inventory: &'a mut Inventory,
    move_in: &'a mut MoveInWizard,
    campaigns: &'a mut Campaigns,
    admissions: &'a mut Admissions,
    users: &'a mut Users,
    plugin: &'a mut Plugin,
    settings: &'a mut Settings,
    modal: &'a mut Option<Modal>,
}

impl eframe::App for LeaseDeskApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        LeaseDeskApp::logic(self, ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}
