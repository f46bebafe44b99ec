//! Everything the user can ask for, in one enum that carries its own words and shortcut: a
//! pane's button, the palette and the keyboard say the same thing and never drift apart.
//! Commands are sent through a cloneable [`CommandSender`] (panes, background jobs) and applied
//! once per frame by the app shell, after layout.

use egui::{Key, KeyboardShortcut, Modifiers};

use super::nav::Nav;
use super::prefs::Profile;
use super::theme::ThemeChoice;
use crate::api::model::{Activity, Community, SearchCase};
use crate::domain::activity_draft::Who;
use crate::domain::move_in::Mover;
use leasedesk_i18n::tr;

/// What is being followed up (the log-outcome dialog): an open activity, or a case with
/// nothing open.
#[derive(Debug, Clone, PartialEq)]
pub struct FollowUpTarget {
    pub activity: Option<Activity>,
    pub who: Who,
    /// `NameUnique` of the community the next step belongs to, when known.
    pub community: Option<String>,
}

/// Who is closed as lost.
#[derive(Debug, Clone, PartialEq)]
pub struct LostTarget {
    pub who: Who,
    /// The `NameUnique` of the community the record belongs to, where known.
    pub community: Option<String>,
}

/// Who a tour is for (the tour dialog), and the communities of their case (offered first).
#[derive(Debug, Clone, PartialEq)]
pub struct TourTarget {
    pub who: Who,
    pub communities: Vec<Community>,
}

/// A case to open: always by its number (never by a name search). When it comes from search
/// results, the people's contact details are already known.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseRef {
    pub case_number: String,
    /// The primary person's name, to show while the case loads.
    pub name: String,
    pub known: Option<Box<SearchCase>>,
}

impl CaseRef {
    pub fn from_search(case: &SearchCase) -> Self {
        CaseRef {
            case_number: case.primary.case_number.clone(),
            name: case.primary.individual_name.clone(),
            known: Some(Box::new(case.clone())),
        }
    }

    pub fn number(case_number: &str, name: &str) -> Self {
        CaseRef {
            case_number: case_number.to_owned(),
            name: name.to_owned(),
            known: None,
        }
    }
}

/// A message to draft from a template (the outreach dialog): to whom of which case, how, why.
#[derive(Debug, Clone, PartialEq)]
pub struct MessageStart {
    pub case_number: String,
    /// The primary person's name, to show while the case loads.
    pub name: String,
    pub channel: crate::domain::outreach::Channel,
    pub purpose: crate::domain::outreach::Purpose,
    /// Written in this language (a template's preview); `None`: the recipient's.
    pub language: Option<crate::domain::outreach::Language>,
}

/// Who moves in, and where the wizard should start.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveInStart {
    pub people: Vec<Mover>,
    pub community_id: Option<i64>,
    /// A unit chosen already (offered from the waitlist).
    pub unit: Option<crate::domain::move_in::ChosenUnit>,
}

/// Never carries a secret: keys and passwords go straight from the Settings form to the
/// keyring, off the UI thread.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Navigate(Nav),
    /// Opens a case by its number.
    OpenCase(CaseRef),
    NewIndividual {
        case_number: Option<String>,
    },
    FocusSearch,
    /// Opens the log-activity form, for someone (from a case: a call by default) or blank.
    LogActivity(Option<Who>),
    /// Searches cases for this text (from another pane).
    SearchFor(String),
    /// The outcome of an item (or of a case with nothing open), and its next step.
    LogOutcome(Box<FollowUpTarget>),
    /// Closes a lead as lost (a reason and where they went, recorded as an activity).
    CloseLost(Box<LostTarget>),
    ScheduleTour(Box<TourTarget>),
    ExportSearchCsv,
    /// A phone system's call export, matched to cases and logged.
    ImportCalls,
    /// A new lead with the phone of a call that matched no one.
    NewIndividualCalling(String),
    /// The portal's own targets in place of the published benchmarks, by measure.
    SetBenchmarkTargets(Vec<(String, f64)>),
    /// The columns of this profile's phone system's call export, set in Import calls.
    SetCallColumns(Box<crate::domain::calls::export::Columns>),
    /// Drafts an email, text, call or letter to a case from a template.
    DraftMessage(Box<MessageStart>),
    /// The outreach templates, as a director edited them in Settings.
    SetTemplates(Box<crate::domain::outreach::Templates>),
    SetTheme(ThemeChoice),
    /// The window's language; `None` follows the system's.
    SetLanguage(Option<leasedesk_i18n::Language>),
    SetReminders(crate::domain::reminders::ReminderSettings),
    /// The response target, office hours and follow-up colours.
    SetLeadRules(Box<crate::domain::speed_to_lead::LeadRules>),
    /// How often the store syncs.
    SetSyncMinutes(u64),
    /// "Work offline" (true) or "Go online" (false): by hand, whatever the network does.
    WorkOffline(bool),
    ZoomIn,
    ZoomOut,
    ZoomReset,
    ConnectSandbox,
    /// The embedded sandbox's second demo portal (Harbor Light): a region of two.
    ConnectSecondSandbox,
    /// Sales, on one of its views (the palette; a Region row's "Open" shows the benchmarks).
    ShowSales(crate::nav::SalesView),
    /// Sales' weekly report as a PDF, built and offered for saving (from the palette).
    ExportWeeklyReport,
    ConnectProfile(String),
    /// Saves a profile's non-secret parts (its secrets are already stored).
    SaveProfile {
        previous_name: Option<String>,
        profile: Profile,
    },
    /// Signs out of a profile (its key and password leave the keyring) or, with `remove`,
    /// removes it; either way what this computer keeps for it (store, outbox,
    /// reminders) is deleted.
    ForgetProfile {
        name: String,
        remove: bool,
    },
    OpenPalette,
    /// The user guide.
    Help,
    /// Reads the release feed now (and shows what it found in the guide's About).
    CheckForUpdates,
    /// The release feed's address in Settings.
    SetUpdateFeed(String),
    /// Starts the move-in wizard with the people of a case.
    StartMoveIn(Box<MoveInStart>),
    OpenAdmissions {
        case_number: String,
        community_id: Option<i64>,
    },
    /// Opens a queued activity the service refused, to correct and send again.
    EditQueued {
        id: i64,
        draft: Box<crate::domain::activity_draft::ActivityDraft>,
    },
    /// Opens a queued move-in the service refused in the wizard, at the step its message
    /// points to, to correct (often: choose another unit) and submit again.
    EditQueuedMoveIn {
        id: i64,
        draft: Box<crate::domain::move_in::MoveInDraft>,
        message: String,
    },
    /// Opens a queued new individual the service refused in the new-individual form, with
    /// its message, to correct and send again.
    EditQueuedIndividual {
        id: i64,
        draft: Box<crate::domain::individual_draft::Draft>,
        case_number: Option<String>,
        message: String,
    },
    /// A sentence for the status bar, from work that has no pane of its own.
    Notice(String),
}

const fn ctrl(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

const DIGITS: [Key; 9] = [
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
];

impl Command {
    /// What a button, a menu entry and the palette call it.
    pub fn label(&self) -> String {
        match self {
            Command::Navigate(nav) => tr!("command-go-to", place = nav.title()),
            Command::OpenCase(case) => tr!("command-open-case", name = case.name.as_str()),
            Command::NewIndividual { case_number: None } => {
                tr!("command-new-individual")
            }
            Command::NewIndividual {
                case_number: Some(_),
            } => tr!("command-add-contact"),
            Command::FocusSearch => tr!("command-search-cases"),
            Command::LogActivity(Some(_)) => tr!("command-log-call"),
            Command::LogActivity(None) => tr!("command-log-activity"),
            Command::SearchFor(text) => tr!("command-search-for", text = text.as_str()),
            Command::LogOutcome(_) => tr!("command-log-outcome"),
            Command::CloseLost(_) => tr!("command-close-lost"),
            Command::ScheduleTour(_) => tr!("command-schedule-tour"),
            Command::ExportSearchCsv => tr!("command-export-cases"),
            Command::ImportCalls => tr!("command-import-calls"),
            Command::NewIndividualCalling(number) => {
                tr!("command-new-individual-calling", number = number.as_str())
            }
            Command::DraftMessage(start) => crate::hand_off::draft_label(start.channel),
            Command::SetTemplates(_) => tr!("command-save-templates"),
            Command::SetCallColumns(_) => tr!("command-keep-call-columns"),
            Command::SetBenchmarkTargets(_) => tr!("command-set-targets"),
            Command::SetTheme(ThemeChoice::System) => tr!("command-theme-system"),
            Command::SetTheme(ThemeChoice::Dark) => tr!("command-theme-dark"),
            Command::SetTheme(ThemeChoice::Light) => tr!("command-theme-light"),
            Command::SetTheme(ThemeChoice::HighContrast) => tr!("command-theme-high-contrast"),
            Command::SetLanguage(None) => tr!("command-language-system"),
            Command::SetLanguage(Some(language)) => {
                tr!("command-language", language = language.own_name())
            }
            Command::SetReminders(r) if r.enabled => tr!("command-reminders-on"),
            Command::SetReminders(_) => tr!("command-reminders-off"),
            Command::SetLeadRules(_) => tr!("command-set-lead-rules"),
            Command::SetSyncMinutes(m) => tr!("command-sync-every", minutes = *m),
            Command::WorkOffline(true) => tr!("command-work-offline"),
            Command::WorkOffline(false) => tr!("command-go-online"),
            Command::ZoomIn => tr!("command-zoom-in"),
            Command::ZoomOut => tr!("command-zoom-out"),
            Command::ZoomReset => tr!("command-zoom-reset"),
            Command::ConnectSandbox => tr!("command-connect-sandbox"),
            Command::ShowSales(crate::nav::SalesView::Benchmarks) => {
                tr!("command-sales-benchmarks")
            }
            Command::ShowSales(tab) => tr!("command-sales-view", view = tab.label()),
            Command::ExportWeeklyReport => tr!("command-export-weekly"),
            Command::ConnectSecondSandbox => tr!("command-connect-second-sandbox"),
            Command::ConnectProfile(name) => tr!("command-connect-profile", name = name.as_str()),
            Command::SaveProfile { profile, .. } => {
                tr!("command-save-profile", name = profile.name.as_str())
            }
            Command::ForgetProfile { name, remove: true } => {
                tr!("command-remove-profile", name = name.as_str())
            }
            Command::ForgetProfile {
                name,
                remove: false,
            } => tr!("command-sign-out-of", name = name.as_str()),
            Command::OpenPalette => tr!("command-palette"),
            Command::Help => tr!("command-help"),
            Command::CheckForUpdates => tr!("command-check-updates"),
            Command::SetUpdateFeed(_) => tr!("command-set-update-feed"),
            Command::StartMoveIn(_) => tr!("command-start-move-in"),
            Command::EditQueued { .. } => tr!("command-edit-send-again"),
            Command::EditQueuedMoveIn { message, .. } => {
                if crate::domain::move_in::step_for_error(message)
                    == crate::domain::move_in::Step::Where
                {
                    tr!("command-choose-another-unit")
                } else {
                    tr!("command-correct-move-in")
                }
            }
            Command::EditQueuedIndividual { .. } => tr!("command-edit-send-again"),
            Command::OpenAdmissions { .. } => tr!("command-admission-checklist"),
            Command::Notice(text) => text.clone(),
        }
    }

    /// Other words people use for the command, which the palette also finds it by (in the
    /// window's language: a Spanish speaker looks for "visita").
    pub fn also_called(&self) -> String {
        match self {
            Command::Navigate(Nav::Calendar) => tr!("command-also-nav-calendar"),
            Command::Navigate(Nav::Sales) => tr!("command-also-nav-sales"),
            Command::Navigate(Nav::Search) => tr!("command-also-nav-search"),
            Command::Navigate(Nav::Inventory) => tr!("command-also-nav-inventory"),
            Command::Navigate(Nav::MoveIn) => tr!("command-also-nav-move-in"),
            Command::Navigate(Nav::Admissions) => tr!("command-also-nav-admissions"),
            Command::Navigate(Nav::Campaigns) => tr!("command-also-nav-campaigns"),
            Command::Navigate(Nav::Outbox) => tr!("command-also-nav-outbox"),
            Command::Navigate(Nav::Settings) => tr!("command-also-nav-settings"),
            Command::FocusSearch => tr!("command-also-focus-search"),
            Command::NewIndividual { case_number: None } => tr!("command-also-new-individual"),
            Command::LogActivity(_) => tr!("command-also-log-activity"),
            Command::ExportSearchCsv => tr!("command-also-export-search-csv"),
            Command::ImportCalls => tr!("command-also-import-calls"),
            Command::ExportWeeklyReport => tr!("command-also-export-weekly-report"),
            Command::LogOutcome(_) => tr!("command-also-log-outcome"),
            Command::CloseLost(_) => tr!("command-also-close-lost"),
            Command::ScheduleTour(_) => tr!("command-also-schedule-tour"),
            Command::StartMoveIn(_) => tr!("command-also-start-move-in"),
            Command::DraftMessage(_) => tr!("command-also-draft-message"),
            Command::Help => tr!("command-also-help"),
            Command::CheckForUpdates => tr!("command-also-check-for-updates"),
            _ => String::new(),
        }
    }

    pub fn shortcut(&self) -> Option<KeyboardShortcut> {
        match self {
            Command::Navigate(nav) => Nav::ALL
                .iter()
                .position(|n| n == nav)
                .and_then(|i| DIGITS.get(i))
                .map(|key| ctrl(*key)),
            Command::FocusSearch => Some(ctrl(Key::F)),
            Command::NewIndividual { case_number: None } => Some(ctrl(Key::N)),
            Command::ExportSearchCsv => Some(ctrl(Key::E)),
            Command::ZoomIn => Some(ctrl(Key::Plus)),
            Command::ZoomOut => Some(ctrl(Key::Minus)),
            Command::ZoomReset => Some(ctrl(Key::Num0)),
            Command::OpenPalette => Some(ctrl(Key::K)),
            Command::Help => Some(KeyboardShortcut::new(Modifiers::NONE, Key::F1)),
            _ => None,
        }
    }

    /// Zoom keys are left to egui, which already handles them (the palette lists them so they
    /// can be found).
    fn handled_by_egui(&self) -> bool {
        matches!(
            self,
            Command::ZoomIn | Command::ZoomOut | Command::ZoomReset
        )
    }
}

/// A button that says what the command says and sends it when clicked.
pub fn command_button(ui: &mut egui::Ui, commands: &CommandSender, command: Command) -> bool {
    command_button_enabled(ui, commands, command, true)
}

pub fn command_button_enabled(
    ui: &mut egui::Ui,
    commands: &CommandSender,
    command: Command,
    enabled: bool,
) -> bool {
    let mut response = ui.add_enabled(enabled, egui::Button::new(command.label()));
    if let Some(shortcut) = command.shortcut() {
        response = response.on_hover_text(ui.ctx().format_shortcut(&shortcut));
    }
    let clicked = response.clicked();
    if clicked {
        commands.send(command);
    }
    clicked
}

/// The commands that are always there, built once; the palette adds one per saved profile.
pub fn catalogue() -> Vec<Command> {
    let mut list: Vec<Command> = Nav::ALL.iter().map(|nav| Command::Navigate(*nav)).collect();
    list.extend([
        Command::FocusSearch,
        Command::NewIndividual { case_number: None },
        Command::LogActivity(None),
        Command::ExportSearchCsv,
        Command::ImportCalls,
        Command::ExportWeeklyReport,
    ]);
    list.extend(
        crate::nav::SalesView::ALL
            .iter()
            .map(|tab| Command::ShowSales(*tab)),
    );
    list.extend([
        Command::SetTheme(ThemeChoice::System),
        Command::SetTheme(ThemeChoice::Dark),
        Command::SetTheme(ThemeChoice::Light),
        Command::SetTheme(ThemeChoice::HighContrast),
        Command::SetLanguage(None),
        Command::SetLanguage(Some(leasedesk_i18n::Language::English)),
        Command::SetLanguage(Some(leasedesk_i18n::Language::Spanish)),
        Command::ZoomIn,
        Command::ZoomOut,
        Command::ZoomReset,
        Command::WorkOffline(true),
        Command::WorkOffline(false),
        Command::ConnectSandbox,
        Command::ConnectSecondSandbox,
        Command::CheckForUpdates,
        Command::Help,
    ]);
    list
}

/// Commands whose shortcut was pressed this frame.
pub fn pressed(ctx: &egui::Context, list: &[Command]) -> Vec<Command> {
    let mut hits = Vec::new();
    for command in std::iter::once(&Command::OpenPalette).chain(list) {
        if let Some(shortcut) = command.shortcut()
            && !command.handled_by_egui()
            && ctx.input_mut(|i| i.consume_shortcut(&shortcut))
        {
            hits.push(command.clone());
        }
    }
    hits
}

/// The palette's entries for `filter`: those whose own words match first (so "report" runs
/// "Export the weekly report", not "Go to Sales"), then those found by another name, each group
/// in the list's order.
pub fn palette_entries<'a>(
    list: &'a [(Command, String)],
    filter: &str,
) -> Vec<(&'a Command, &'a String)> {
    let mut shown: Vec<(&Command, &String)> = list
        .iter()
        .filter(|(command, label)| matches(label, &command.also_called(), filter))
        .map(|(command, label)| (command, label))
        .collect();
    shown.sort_by_key(|(_, label)| !matches(label, "", filter));
    shown
}

/// Case-insensitive match of every word of `filter` in the label or the other words the
/// command is called by.
pub fn matches(label: &str, also_called: &str, filter: &str) -> bool {
    let words = format!("{label} {also_called}").to_lowercase();
    filter
        .split_whitespace()
        .all(|word| words.contains(&word.to_lowercase()))
}

/// Where commands go: cloned into panes and background jobs, drained by the app once a frame.
/// Sending wakes the UI, so a command from a background job is applied at once.
#[derive(Clone)]
pub struct CommandSender {
    tx: std::sync::mpsc::Sender<Command>,
    repaint: std::sync::Arc<std::sync::Mutex<Option<egui::Context>>>,
}

pub struct CommandReceiver {
    rx: std::sync::mpsc::Receiver<Command>,
}

pub fn channel() -> (CommandSender, CommandReceiver) {
    let (tx, rx) = std::sync::mpsc::channel();
    (
        CommandSender {
            tx,
            repaint: Default::default(),
        },
        CommandReceiver { rx },
    )
}

impl CommandSender {
    pub fn send(&self, command: Command) {
        // The receiver lives as long as the app; after it is gone nothing is listening.
        let _ = self.tx.send(command);
        if let Some(ctx) = self
            .repaint
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
        {
            ctx.request_repaint();
        }
    }

    pub fn set_repaint(&self, ctx: &egui::Context) {
        *self.repaint.lock().unwrap_or_else(|p| p.into_inner()) = Some(ctx.clone());
    }
}

impl CommandReceiver {
    pub fn drain(&self) -> Vec<Command> {
        self.rx.try_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pane_is_reachable_and_shortcuts_are_unique() {
        let list = catalogue();
        for nav in Nav::ALL {
            assert!(list.contains(&Command::Navigate(*nav)));
        }
        let mut shortcuts: Vec<String> = list
            .iter()
            .chain([&Command::OpenPalette])
            .filter_map(|c| c.shortcut())
            .map(|s| format!("{s:?}"))
            .collect();
        let count = shortcuts.len();
        shortcuts.sort();
        shortcuts.dedup();
        assert_eq!(shortcuts.len(), count);
    }

    /// WCAG 2.1.4 (Character Key Shortcuts): no shortcut is a letter, digit or mark alone, which
    /// a speech-input user's words would set off; each is held with Ctrl (Cmd) or is a function
    /// key.
    #[test]
    fn no_shortcut_is_a_character_key_alone() {
        for command in catalogue().iter().chain([&Command::OpenPalette]) {
            let Some(shortcut) = command.shortcut() else {
                continue;
            };
            let name = shortcut.logical_key.name();
            let function_key = name.len() >= 2
                && name.starts_with('F')
                && name[1..].chars().all(|c| c.is_ascii_digit());
            assert!(
                shortcut.modifiers.command || shortcut.modifiers.ctrl || function_key,
                "{command:?}: {shortcut:?}"
            );
        }
    }

    #[test]
    fn commands_from_other_threads_arrive_in_order() {
        let (tx, rx) = channel();
        let sender = tx.clone();
        std::thread::spawn(move || {
            sender.send(Command::ZoomIn);
            sender.send(Command::Notice("done".into()));
        })
        .join()
        .unwrap();
        tx.send(Command::ZoomOut);
        assert_eq!(
            rx.drain(),
            vec![
                Command::ZoomIn,
                Command::Notice("done".into()),
                Command::ZoomOut
            ]
        );
        assert!(rx.drain().is_empty());
    }

    #[test]
    fn commands_named_by_the_words_come_before_those_found_by_another_name() {
        let list: Vec<(Command, String)> = catalogue()
            .into_iter()
            .map(|c| {
                let label = c.label();
                (c, label)
            })
            .collect();
        let first = |filter: &str| palette_entries(&list, filter)[0].1.clone();
        assert_eq!(first("report"), "Export the weekly report (PDF)…");
        assert_eq!(first("sales"), "Go to Sales");
        assert_eq!(first("my day"), "Go to Calendar");
        assert_eq!(
            palette_entries(&list, "").len(),
            list.len(),
            "all, in order"
        );
        assert_eq!(palette_entries(&list, "")[0].1, "Go to Search");
    }

    #[test]
    fn palette_filter_matches_words_in_any_order() {
        assert!(matches("Export cases to CSV…", "", "csv export"));
        assert!(!matches("Zoom in", "", "zoom out"));
        assert!(matches("Go to Settings", "", ""));
    }

    #[test]
    fn the_palette_finds_commands_by_what_people_call_them() {
        leasedesk_i18n::set_language_on_this_thread(leasedesk_i18n::Language::English);
        let found = |filter: &str| -> Vec<String> {
            catalogue()
                .iter()
                .filter(|c| matches(&c.label(), &c.also_called(), filter))
                .map(Command::label)
                .collect()
        };
        assert_eq!(found("my day"), ["Go to Calendar"]);
        assert_eq!(found("today"), ["Go to Calendar"]);
        assert!(found("day").contains(&"Go to Calendar".to_owned()));
        assert_eq!(
            found("report"),
            ["Go to Sales", "Export the weekly report (PDF)…"]
        );
        assert!(found("tour").contains(&"Log activity…".to_owned()));
        assert!(found("tour").contains(&"Go to Calendar".to_owned()));
        assert!(found("walk-in").contains(&"New individual…".to_owned()));
        assert!(found("no such thing").is_empty());

        // In Spanish, by Spanish words, with or without their accents.
        leasedesk_i18n::set_language_on_this_thread(leasedesk_i18n::Language::Spanish);
        assert_eq!(found("mi dia"), ["Ir a Calendario"]);
        assert!(found("visita").contains(&"Registrar actividad…".to_owned()));
        assert!(found("informe").contains(&"Ir a Ventas".to_owned()));
        assert!(found("tour").is_empty(), "{:?}", found("tour"));
        leasedesk_i18n::set_language_on_this_thread(leasedesk_i18n::Language::English);
    }
}
