//! One pane per file, each a struct holding its own state with
//! `fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx)`.

pub mod admissions;
pub mod calendar;
pub mod campaigns;
pub mod case_search;
pub mod case_view;
pub mod inventory;
pub mod log_activity;
pub mod move_in;
pub mod new_individual;
pub mod occupancy_report;
pub mod person_finder;
pub mod plugin;
pub mod settings;
pub mod unit_board;
pub mod unit_detail;
pub mod unit_form;
pub mod unit_import;
pub mod users;

use chrono::{DateTime, Utc};

use super::backend::Backend;
use super::commands::Command;
use super::theme::Tokens;

/// What a pane may use: the backend to ask for work, a command list to affect anything outside
/// itself, the colour tokens, and "now".
pub struct AppCtx<'a> {
    pub backend: &'a Backend,
    /// Read-only: panes change preferences by sending commands.
    pub prefs: &'a super::prefs::Prefs,
    pub secrets: &'a super::secrets::SecretStore,
    pub commands: &'a mut Vec<Command>,
    pub tokens: Tokens,
    pub now: DateTime<Utc>,
}

impl AppCtx<'_> {
    pub fn send(&mut self, command: Command) {
        self.commands.push(command);
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Nav {
    Search,
    Calendar,
    Inventory,
    MoveIn,
    Campaigns,
    Admissions,
    Users,
    Plugin,
    Settings,
}

impl Nav {
    pub const ALL: [Nav; 9] = [
        Nav::Search,
        Nav::Calendar,
        Nav::Inventory,
        Nav::MoveIn,
        Nav::Campaigns,
        Nav::Admissions,
        Nav::Users,
        Nav::Plugin,
        Nav::Settings,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Nav::Search => "Search",
            Nav::Calendar => "Calendar",
            Nav::Inventory => "Inventory",
            Nav::MoveIn => "Move-in",
            Nav::Campaigns => "Campaigns",
            Nav::Admissions => "Admissions",
            Nav::Users => "Users",
            Nav::Plugin => "Plugin endpoint",
            Nav::Settings => "Settings",
        }
    }
}

/// A remote value's failure, shown where it happened, with Retry when retrying makes sense.
/// Returns true when Retry was clicked.
pub fn error_line(
    ui: &mut egui::Ui,
    tokens: &Tokens,
    error: &crate::api::ApiError,
    retry: bool,
) -> bool {
    let mut clicked = false;
    ui.horizontal_wrapped(|ui| {
        ui.colored_label(tokens.error, format!("⚠ {error}"));
        if retry && ui.button("Retry").clicked() {
            clicked = true;
        }
    });
    clicked
}

/// Says when a failed read will be tried again by itself.
pub fn retry_note(ui: &mut egui::Ui, tokens: &Tokens, retry_in: Option<std::time::Duration>) {
    if let Some(wait) = retry_in {
        ui.label(
            egui::RichText::new(format!(
                "Trying again by itself in {} s; your work on this screen is kept.",
                wait.as_secs() + 1
            ))
            .color(tokens.muted),
        );
    }
}

/// A label joined to the widget after it, so screen readers and tests find the widget by it.
/// Shows a drop-down in a slot of one width, its text cut short to fit. A drop-down sized to
/// its text grows when its list arrives or a longer name is chosen, and pushes the buttons
/// beside it out from under a pointer that was about to click them.
pub fn steady_combo<R>(
    ui: &mut egui::Ui,
    width: f32,
    combo: egui::ComboBox<'_>,
    menu: impl FnOnce(&mut egui::Ui) -> R,
) -> egui::Response {
    let size = egui::vec2(width, ui.spacing().interact_size.y);
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(size, layout, |ui| {
        ui.set_width(width);
        combo.width(width).truncate().show_ui(ui, menu).response
    })
    .inner
}

/// A table header of bold column titles.
pub fn header_titles(mut header: egui_extras::TableRow<'_, '_>, titles: &[&str]) {
    for title in titles {
        header.col(|ui| {
            ui.strong(*title);
        });
    }
}

pub fn labelled(
    ui: &mut egui::Ui,
    label: &str,
    add: impl FnOnce(&mut egui::Ui) -> egui::Response,
) -> egui::Response {
    let label = ui.label(label);
    add(ui).labelled_by(label.id)
}

/// A labelled drop-down of communities by id. `everything` names the choice of none (e.g. "All
/// communities"); without it a community must be chosen.
pub fn community_combo(
    ui: &mut egui::Ui,
    label: &str,
    communities: &[crate::api::model::Community],
    chosen: &mut Option<i64>,
    everything: Option<&str>,
) -> egui::Response {
    let caption = ui.label(label);
    let shown = communities
        .iter()
        .find(|c| Some(c.id) == *chosen)
        .map_or(everything.unwrap_or_default().to_owned(), |c| {
            c.name.clone()
        });
    steady_combo(
        ui,
        220.0,
        egui::ComboBox::from_id_salt(("community-combo", label)).selected_text(shown),
        |ui| {
            if let Some(text) = everything {
                ui.selectable_value(chosen, None, text);
            }
            for c in communities {
                ui.selectable_value(chosen, Some(c.id), &c.name);
            }
        },
    )
    .labelled_by(caption.id)
}

/// One checkbox per community; `chosen` holds the `NameUnique`s ticked.
pub fn community_checkboxes(
    ui: &mut egui::Ui,
    communities: &[crate::api::model::Community],
    chosen: &mut Vec<String>,
) {
    ui.vertical(|ui| {
        for c in communities {
            let mut on = chosen.contains(&c.name_unique);
            if ui.checkbox(&mut on, &c.name).changed() {
                if on {
                    chosen.push(c.name_unique.clone());
                } else {
                    chosen.retain(|x| x != &c.name_unique);
                }
            }
        }
    });
}
