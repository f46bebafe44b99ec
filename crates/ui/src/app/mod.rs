//! The app shell: preferences, the panes, the one open dialog, the backend handle, and the
//! commands that tie them together. `logic.rs` polls and keeps things current, `layout.rs`
//! draws, `apply.rs` applies the commands a frame produced.

/// What a pane (or a dialog) may use this frame, borrowed field by field so the panes can be
/// borrowed mutably beside it.
macro_rules! app_ctx {
    ($app:expr, $ctx:expr) => {
        crate::context::AppCtx {
            backend: &$app.backend,
            prefs: &$app.prefs,
            secrets: &$app.secrets,
            commands: &$app.commands,
            tokens: crate::theme::Tokens::for_ctx(&$ctx),
            now: $app.clock.now(),
            zone: $app.backend.connection().zone(),
            system_language: $app.system_language,
            build: $app.build,
        }
    };
}

mod apply;
mod closing;
mod crash_notice;
mod layout;
mod logic;
mod palette;
mod updates;

use std::path::PathBuf;
use std::sync::Arc;

use super::commands::{self, Command, CommandReceiver, CommandSender};
use super::modals::Modal;
use super::modals::log_activity::LogActivityForm;
use super::modals::log_outcome::LogOutcomeForm;
use super::modals::schedule_tour::ScheduleTourForm;
use super::panes::{Nav, Panes};
use super::prefs::{Prefs, PrefsWriter};
use super::reminders::{DesktopSink, ReminderSink, Reminders};
use crate::clock::Clock;
use crate::engine::Backend;
use crate::engine::secrets::SecretStore;

pub struct AppConfig {
    pub backend: Backend,
    pub prefs: Prefs,
    /// Where preferences are saved; `None` keeps them in memory (tests).
    pub prefs_path: Option<PathBuf>,
    pub secrets: SecretStore,
    pub clock: Clock,
    /// Where local files go (follow-ups, the reminder log); `None` keeps them in memory.
    pub data_dir: Option<PathBuf>,
    /// Where reminders are shown besides the bell; `None` is the desktop's notifications.
    pub reminder_sink: Option<Arc<dyn ReminderSink>>,
    /// A connection named on the command line, instead of the saved choice.
    pub start_on: Option<StartOn>,
    /// The system's text size (`SystemTextScale::watch()` in the window; fixed in tests).
    pub text_scale: crate::text_scale::SystemTextScale,
    /// The system's language (`Language::of_system()` in the window; fixed in tests).
    pub system_language: leasedesk_i18n::Language,
    /// Which build this is (`leasedesk::build::VERSION`), said in About: the stamp is the
    /// app crate's, so a commit rebuilds that crate alone.
    pub build: &'static str,
}

/// What to connect to first, when the command line says.
#[derive(Debug, Clone)]
pub enum StartOn {
    Sandbox,
    Portal {
        label: String,
        connection: crate::api::Connection,
        login: Option<(String, crate::api::Secret)>,
    },
}

/// See [`LeaseDeskApp::keyboard_place`].
#[derive(Debug, PartialEq)]
struct KeyboardPlace {
    modal: Option<std::mem::Discriminant<Modal>>,
    palette: bool,
    nav: Nav,
    case: bool,
    asking: bool,
}

/// Escape (or a click beside the dialog) closes a dialog at once only when nothing was typed in
/// it; otherwise it asks first, so typed work is never lost by a stray key.
#[derive(Debug, Default, Clone, Copy)]
struct ModalGuard {
    edited: bool,
    asking: bool,
    /// The dialog's work was saved: typing before that is not at risk any more.
    saved: bool,
    /// Where the dialog's top settled once drawn: a dialog that grows (a problem said under
    /// its fields, a status line) grows downwards rather than moving under the hands.
    placed: Placed,
}

/// A dialog's top, kept for the kind of dialog it was taken from.
#[derive(Debug, Default, Clone, Copy)]
struct Placed {
    kind: Option<std::mem::Discriminant<crate::modals::Modal>>,
    top: Option<f32>,
}

impl Placed {
    /// The top to anchor `kind` at: none (centred) until it has been drawn and laid out.
    fn top_for(&mut self, kind: std::mem::Discriminant<crate::modals::Modal>) -> Option<f32> {
        if self.kind != Some(kind) {
            *self = Placed {
                kind: Some(kind),
                ..Placed::default()
            };
        }
        self.top
    }

    /// Keeps the top from the first click or key in the dialog (until then it is centred, as
    /// it fills while its lists load); afterwards it moves up only as far as its bottom needs
    /// to stay in the window.
    fn drawn(&mut self, rect: egui::Rect, screen: egui::Rect, touched: bool) {
        if self.top.is_none() && touched {
            self.top = Some(rect.top().max(0.0));
        }
        if let Some(top) = self.top {
            let lowest = (screen.bottom() - rect.height() - 8.0).max(0.0);
            self.top = Some(top.min(lowest));
        }
    }
}

pub struct LeaseDeskApp {
    typed_ahead: crate::typed_ahead::TypedAhead,
    /// The ring around what has the keyboard.
    pub focus_ring: crate::focus_ring::FocusRing,
    pub tooltips: crate::tooltips::TooltipDismissal,
    prefs: Prefs,
    saved_prefs: Prefs,
    prefs_writer: Option<PrefsWriter>,
    backend: Backend,
    secrets: Arc<SecretStore>,
    clock: Clock,
    pub nav: Nav,
    pub panes: Panes,
    /// Only one dialog at a time.
    modal: Option<Modal>,
    /// Whether something was typed in the open dialog, and whether it is asking to discard it.
    modal_guard: ModalGuard,
    palette: Option<palette::Palette>,
    /// The commands that are always there, built once.
    catalogue: Vec<Command>,
    commands: CommandSender,
    inbox: CommandReceiver,
    title: String,
    /// Held while connected to a training portal: every document made says so.
    training_mark: Option<crate::report::pdf::TrainingMark>,
    epoch: usize,
    notice: Option<String>,
    /// What is said aloud when the desk's state changes.
    pub announcer: crate::announcer::Announcer,
    started: bool,
    start_on: Option<StartOn>,
    pub reminders: Reminders,
    /// When reminders were last looked at (at most once a second).
    reminders_checked: Option<std::time::Instant>,
    closing: closing::CloseGuard,
    crash_notice: crash_notice::CrashNotice,
    /// When the window last looked whether the daily update check is due.
    updates_looked: Option<std::time::Instant>,
    /// A downloaded update was said (once a run).
    update_told: bool,
    /// The system's text size, and the one the zoom was last multiplied by.
    text_scale: crate::text_scale::SystemTextScale,
    text_scale_applied: f32,
    system_language: leasedesk_i18n::Language,
    build: &'static str,
}

impl LeaseDeskApp {
    /// Whether the user chose to close although changes would be lost.
    pub fn closing_anyway(&self) -> bool {
        self.closing.confirmed()
    }

    /// Whether no dialog is open.
    pub fn has_no_dialog(&self) -> bool {
        self.modal.is_none()
    }

    /// The app; nothing starts until the first frame (so tests and the window share one path).
    pub fn new(config: AppConfig) -> Self {
        // What is worded before the first frame is in the window's language too.
        leasedesk_i18n::set_language(config.prefs.language.unwrap_or(config.system_language));
        let (commands, inbox) = commands::channel();
        let mut panes = Panes::default();
        panes.cases.search.sort = config.prefs.search_sort;
        panes.restore_filters(&config.prefs.filters);
        let prefs_writer = config.prefs_path.map(|path| {
            let commands = commands.clone();
            PrefsWriter::spawn(path, move |path, error| {
                commands.send(Command::Notice(leasedesk_i18n::tr!(
                    "notice-prefs-not-saved",
                    path = path.display().to_string(),
                    error = error.to_string()
                )))
            })
        });
        let crash_notice =
            crash_notice::CrashNotice::find(config.data_dir.as_ref().map(|d| d.join("logs")));
        config.backend.offline_copy().set_data_dir(config.data_dir);
        let secrets = Arc::new(config.secrets);
        config.backend.offline_copy().set_secrets(secrets.clone());
        config.backend.access_log().start();
        let sink = config
            .reminder_sink
            .unwrap_or_else(|| Arc::new(DesktopSink));
        LeaseDeskApp {
            typed_ahead: Default::default(),
            focus_ring: Default::default(),
            tooltips: Default::default(),
            saved_prefs: config.prefs.clone(),
            prefs: config.prefs,
            prefs_writer,
            backend: config.backend,
            secrets,
            clock: config.clock,
            nav: Nav::Search,
            panes,
            modal: None,
            modal_guard: ModalGuard::default(),
            palette: None,
            catalogue: commands::catalogue(),
            commands,
            inbox,
            title: String::new(),
            training_mark: None,
            epoch: usize::MAX,
            notice: None,
            announcer: Default::default(),
            started: false,
            start_on: config.start_on,
            reminders: Reminders::new(sink),
            reminders_checked: None,
            closing: Default::default(),
            crash_notice,
            updates_looked: None,
            update_told: false,
            text_scale: config.text_scale,
            text_scale_applied: 1.0,
            system_language: config.system_language,
            build: config.build,
        }
    }

    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }

    pub fn backend(&self) -> &Backend {
        &self.backend
    }

    /// The log-activity dialog, when it is the one open.
    pub fn new_individual_form(&self) -> Option<&crate::modals::new_individual::NewIndividualForm> {
        match &self.modal {
            Some(Modal::NewIndividual(form)) => Some(form.as_ref()),
            _ => None,
        }
    }

    pub fn log_activity_form(&self) -> Option<&LogActivityForm> {
        match &self.modal {
            Some(Modal::LogActivity(form)) => Some(form.as_ref()),
            _ => None,
        }
    }

    /// The log-outcome dialog, when it is the one open.
    pub fn log_outcome_form(&self) -> Option<&LogOutcomeForm> {
        match &self.modal {
            Some(Modal::LogOutcome(form)) => Some(form.as_ref()),
            _ => None,
        }
    }

    /// The close-as-lost dialog, when it is the one open.
    pub fn close_lost_form(&self) -> Option<&crate::modals::close_lost::CloseLostForm> {
        match &self.modal {
            Some(Modal::CloseLost(form)) => Some(form.as_ref()),
            _ => None,
        }
    }

    /// The outreach dialog (Email…, Text…, Call…, Letter…), when it is the one open.
    pub fn outreach_form(&self) -> Option<&crate::modals::outreach::OutreachForm> {
        match &self.modal {
            Some(Modal::Outreach(form)) => Some(form.as_ref()),
            _ => None,
        }
    }

    /// The tour dialog, when it is the one open.
    pub fn schedule_tour_form(&self) -> Option<&ScheduleTourForm> {
        match &self.modal {
            Some(Modal::ScheduleTour(form)) => Some(form.as_ref()),
            _ => None,
        }
    }

    /// Holds back what was typed after a key or click that may move the focus, and while a
    /// dialog, the palette or a pane just opened has not taken the focus yet (see
    /// `ui::typed_ahead`); true when something waits. The window calls it on every frame's
    /// input; tests call it as the window would.
    pub fn order_typed_ahead(
        &mut self,
        ctx: &egui::Context,
        events: &mut Vec<egui::Event>,
    ) -> bool {
        let focused = ctx.memory(|m| m.focused());
        self.typed_ahead.order(events, focused)
    }

    /// Where the keyboard's work is: the open dialog, the palette, the pane, the case, the
    /// question before closing. When a frame changes it, the focus is on its way elsewhere.
    fn keyboard_place(&self) -> KeyboardPlace {
        KeyboardPlace {
            modal: self.modal.as_ref().map(std::mem::discriminant),
            palette: self.palette.is_some(),
            nav: self.nav,
            case: self.panes.cases.view.is_some(),
            asking: self.modal_guard.asking || self.closing.asking(),
        }
    }

    /// Draws the whole window, then applies the commands the frame produced.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        // A screen reader speaks the window in its language, and names it by its title (the
        // window list shows the title; the accessibility tree's root has no name of its own).
        ctx.accesskit_node_builder(egui::accesskit_root_id(), |root| {
            root.set_language(self.language().tag());
            root.set_label(self.title.as_str());
        });
        let place = self.keyboard_place();
        let escape_taken = self.modal.is_some()
            || self.palette.is_some()
            || self.closing.asking()
            || egui::Popup::is_any_open(&ctx);
        self.tooltips.before(&ctx, escape_taken);
        let mut focus_asked = false;
        if self.modal.is_none() && self.palette.is_none() {
            for command in commands::pressed(&ctx, &self.catalogue) {
                self.commands.send(command);
            }
        }
        self.layout_ui(ui);
        self.palette_ui(&ctx);
        self.closing.ui(&ctx);
        for command in self.inbox.drain() {
            focus_asked |= matches!(command, Command::FocusSearch);
            self.apply(&ctx, command);
        }
        if focus_asked || self.keyboard_place() != place {
            self.typed_ahead.await_focus(ctx.memory(|m| m.focused()));
            ctx.request_repaint();
        }
        self.focus_ring.ui(&ctx);
        self.tooltips.after(&ctx);
    }

    fn palette_ui(&mut self, ctx: &egui::Context) {
        let Some(palette) = &mut self.palette else {
            return;
        };
        let profiles = self
            .prefs
            .profiles
            .iter()
            .map(|p| Command::ConnectProfile(p.name.clone()));
        // What can be done to what is selected comes first, named after whom it acts on.
        let selected = self
            .panes
            .selected_actions(self.nav)
            .into_iter()
            .map(|(command, name)| {
                let label = format!("{} · {name}", command.label());
                (command, label)
            });
        let list: Vec<(Command, String)> = selected
            .chain(self.catalogue.iter().cloned().chain(profiles).map(|c| {
                let label = c.label();
                (c, label)
            }))
            .collect();
        match palette.ui(ctx, &list) {
            palette::Outcome::Open => {}
            palette::Outcome::Closed => self.palette = None,
            palette::Outcome::Run(command) => {
                self.palette = None;
                self.commands.send(command);
            }
        }
    }
}

impl eframe::App for LeaseDeskApp {
    fn raw_input_hook(&mut self, ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        if self.order_typed_ahead(ctx, &mut raw_input.events) {
            ctx.request_repaint();
        }
    }

    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        LeaseDeskApp::logic(self, ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}

#[cfg(test)]
mod tests {
    use super::Placed;
    use crate::modals::Modal;

    #[test]
    fn a_dialog_keeps_its_top_once_touched_and_moves_up_only_to_stay_in_the_window() {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1000.0, 650.0));
        let at = |top: f32, height: f32| {
            egui::Rect::from_min_size(egui::pos2(300.0, top), egui::vec2(400.0, height))
        };
        let kind = std::mem::discriminant(&Modal::ImportCalls(Box::default()));
        let mut placed = Placed::default();
        assert_eq!(placed.top_for(kind), None);
        // Filling while its lists load, untouched: centred.
        placed.drawn(at(250.0, 150.0), screen, false);
        assert_eq!(placed.top_for(kind), None);
        placed.drawn(at(100.0, 450.0), screen, true);
        assert_eq!(placed.top_for(kind), Some(100.0));
        // A problem said under the fields: it grows downwards.
        placed.drawn(at(100.0, 520.0), screen, false);
        assert_eq!(placed.top_for(kind), Some(100.0));
        // Taller than the room below: up just enough to keep its bottom in the window.
        placed.drawn(at(100.0, 600.0), screen, false);
        assert_eq!(placed.top_for(kind), Some(42.0));
        // Another kind of dialog is centred again.
        let other = std::mem::discriminant(&Modal::Help(crate::modals::help::HelpView::new()));
        assert_eq!(placed.top_for(other), None);
    }
}
