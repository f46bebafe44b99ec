//! Everything the user can ask for, in one list: the menus, the keyboard shortcuts and the
//! command palette are all built from it, so labels and shortcuts never drift apart.

use egui::{Key, KeyboardShortcut, Modifiers};

use super::panes::Nav;
use super::theme::ThemeChoice;
use crate::api::model::SearchCase;

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Navigate(Nav),
    /// Opens a case from search results (the Search answer already holds its people).
    OpenCase(Box<SearchCase>),
    NewIndividual {
        case_number: Option<String>,
    },
    FocusSearch,
    /// Opens the log-activity form for someone (from a case: a call by default).
    LogActivity(crate::ui::panes::log_activity::Who),
    /// Searches cases for this text (from another pane).
    SearchFor(String),
    /// Finds a case by a person's name and opens it when it is among the results.
    OpenCaseOf {
        name: String,
        case_number: String,
    },
    ExportSearchCsv,
    SetTheme(ThemeChoice),
    ZoomIn,
    ZoomOut,
    ZoomReset,
    ConnectSandbox,
    ConnectProfile(String),
    SaveProfile {
        previous_name: Option<String>,
        profile: crate::ui::prefs::Profile,
        key: crate::api::Secret,
        password: crate::api::Secret,
    },
    OpenPalette,
    /// Starts the move-in wizard with the people of a case.
    StartMoveIn(Box<SearchCase>),
    /// A contract was created: views of contracts and units reload.
    ContractsChanged,
    OpenAdmissions {
        case_number: String,
        community_id: Option<i64>,
    },
}

pub struct CommandEntry {
    pub command: Command,
    pub label: String,
    pub shortcut: Option<KeyboardShortcut>,
}

const fn ctrl(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

pub const PALETTE: KeyboardShortcut = ctrl(Key::K);

/// The commands available now. `profiles` are the saved connection names.
pub fn catalogue(profiles: &[String]) -> Vec<CommandEntry> {
    let entry = |command, label: &str, shortcut| CommandEntry {
        command,
        label: label.to_owned(),
        shortcut,
    };
    let digits = [
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
    let mut list: Vec<CommandEntry> = Nav::ALL
        .iter()
        .zip(digits)
        .map(|(nav, key)| {
            entry(
                Command::Navigate(*nav),
                &format!("Go to {}", nav.title()),
                Some(ctrl(key)),
            )
        })
        .collect();
    list.extend([
        entry(Command::FocusSearch, "Search cases", Some(ctrl(Key::F))),
        entry(
            Command::NewIndividual { case_number: None },
            "New individual…",
            Some(ctrl(Key::N)),
        ),
        entry(
            Command::ExportSearchCsv,
            "Export search results to CSV…",
            Some(ctrl(Key::E)),
        ),
        entry(
            Command::SetTheme(ThemeChoice::System),
            "Theme: follow the system",
            None,
        ),
        entry(Command::SetTheme(ThemeChoice::Dark), "Theme: dark", None),
        entry(Command::SetTheme(ThemeChoice::Light), "Theme: light", None),
        entry(Command::ZoomIn, "Zoom in", Some(ctrl(Key::Plus))),
        entry(Command::ZoomOut, "Zoom out", Some(ctrl(Key::Minus))),
        entry(Command::ZoomReset, "Reset zoom", Some(ctrl(Key::Num0))),
        entry(
            Command::ConnectSandbox,
            "Connect to the embedded sandbox (demo data)",
            None,
        ),
    ]);
    for name in profiles {
        list.push(entry(
            Command::ConnectProfile(name.clone()),
            &format!("Connect to {name}"),
            None,
        ));
    }
    list
}

/// Commands whose shortcut was pressed this frame. Zoom keys are left to egui, which already
/// handles them (the palette lists them for discoverability).
pub fn pressed(ctx: &egui::Context, list: &[CommandEntry]) -> Vec<Command> {
    let mut hits = Vec::new();
    if ctx.input_mut(|i| i.consume_shortcut(&PALETTE)) {
        hits.push(Command::OpenPalette);
    }
    for entry in list {
        let zoom = matches!(
            entry.command,
            Command::ZoomIn | Command::ZoomOut | Command::ZoomReset
        );
        if let Some(shortcut) = entry.shortcut
            && !zoom
            && ctx.input_mut(|i| i.consume_shortcut(&shortcut))
        {
            hits.push(entry.command.clone());
        }
    }
    hits
}

/// Case-insensitive match of every word of `filter` in the label.
pub fn matches(label: &str, filter: &str) -> bool {
    let label = label.to_lowercase();
    filter
        .split_whitespace()
        .all(|word| label.contains(&word.to_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pane_is_reachable_and_shortcuts_are_unique() {
        let list = catalogue(&["Live".into()]);
        for nav in Nav::ALL {
            assert!(list.iter().any(|e| e.command == Command::Navigate(nav)));
        }
        let mut shortcuts: Vec<_> = list.iter().filter_map(|e| e.shortcut).collect();
        let count = shortcuts.len();
        shortcuts.dedup_by(|a, b| a == b);
        shortcuts.sort_by_key(|s| format!("{s:?}"));
        shortcuts.dedup();
        assert_eq!(shortcuts.len(), count);
        assert!(
            list.iter()
                .any(|e| e.command == Command::ConnectProfile("Live".into()))
        );
    }

    #[test]
    fn palette_filter_matches_words_in_any_order() {
        assert!(matches("Export search results to CSV…", "csv export"));
        assert!(!matches("Zoom in", "zoom out"));
        assert!(matches("Go to Settings", ""));
    }
}
