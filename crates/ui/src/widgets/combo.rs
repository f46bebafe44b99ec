//! Drop-downs that keep one width, and the community, type-list and user pickers built on them.

use crate::api::model::{Community, TypeRecord, User};
use leasedesk_i18n::tr;

/// Shows a drop-down in a slot of one width, its text cut short to fit. A drop-down sized to
/// its text grows when its list arrives or a longer name is chosen, and pushes the buttons
/// beside it out from under a pointer that was about to click them.
pub fn steady_combo<R>(
    ui: &mut egui::Ui,
    width: f32,
    combo: egui::ComboBox<'_>,
    menu: impl FnOnce(&mut egui::Ui) -> R,
) -> egui::Response {
    steady_combo_enabled(ui, true, width, combo, menu)
}

/// [`steady_combo`], greyed out unless `enabled` (disabled in its own slot, so a wrapping row
/// still wraps it as one piece).
pub fn steady_combo_enabled<R>(
    ui: &mut egui::Ui,
    enabled: bool,
    width: f32,
    combo: egui::ComboBox<'_>,
    menu: impl FnOnce(&mut egui::Ui) -> R,
) -> egui::Response {
    let size = egui::vec2(width, ui.spacing().interact_size.y);
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(size, layout, |ui| {
        if !enabled {
            ui.disable();
        }
        ui.set_width(width);
        let focused_before = ui.ctx().memory(|m| m.focused());
        let response = combo.width(width).truncate().show_ui(ui, menu).response;
        keyboard_closes_list(ui, &response, focused_before);
        response
    })
    .inner
}

/// A drop-down shown at its own size, with the keyboard as in [`keyboard_closes_list`] (for
/// the few whose slot is not [`steady_combo`]'s).
pub fn keyboard_combo<R>(
    ui: &mut egui::Ui,
    combo: egui::ComboBox<'_>,
    menu: impl FnOnce(&mut egui::Ui) -> R,
) -> egui::InnerResponse<Option<R>> {
    let focused_before = ui.ctx().memory(|m| m.focused());
    let shown = combo.show_ui(ui, menu);
    keyboard_closes_list(ui, &shown.response, focused_before);
    shown
}

/// Enter on a choice takes it and closes the list; Escape closes the list. Either way the
/// keyboard goes back to the drop-down, as in every desktop toolkit (egui leaves the list
/// open after Enter, and the focus nowhere after Escape).
pub(super) fn keyboard_closes_list(
    ui: &egui::Ui,
    combo: &egui::Response,
    focused_before: Option<egui::Id>,
) {
    let popup = combo.id.with("popup");
    let open_id = combo.id.with("list was open");
    let open_now = egui::Popup::is_id_open(ui.ctx(), popup);
    let was_open = ui.data(|d| d.get_temp::<bool>(open_id)).unwrap_or(false);
    let (enter, escape) = ui.input(|i| {
        (
            i.key_pressed(egui::Key::Enter),
            i.key_pressed(egui::Key::Escape),
        )
    });
    let in_list = focused_before.is_some_and(|id| id != combo.id);
    if was_open && open_now && enter && in_list {
        egui::Popup::close_id(ui.ctx(), popup);
        combo.request_focus();
    } else if was_open && !open_now && escape {
        combo.request_focus();
    }
    let open_after = egui::Popup::is_id_open(ui.ctx(), popup);
    ui.data_mut(|d| d.insert_temp(open_id, open_after));
}

/// The width a [`steady_combo`] needs to show the longest of `labels` whole (its arrow and
/// padding included): filter choices are read at a glance, never cut.
pub fn width_for<'a>(ui: &egui::Ui, labels: impl IntoIterator<Item = &'a str>) -> f32 {
    let widest = super::widest(ui, egui::TextStyle::Button, labels);
    let spacing = ui.spacing();
    widest + 2.0 * spacing.button_padding.x + spacing.icon_width + spacing.item_spacing.x + 4.0
}

/// A drop-down of a fixed set of choices, each shown in the window's language and whole: its
/// slot is as wide as the longest choice's words (or `least`, when wider), worked out before it
/// is drawn so a caption can be kept on its line ([`super::together`]).
pub struct Choices<T> {
    id_salt: &'static str,
    words: Vec<(T, String)>,
    width: f32,
}

impl<T: Copy + PartialEq> Choices<T> {
    pub fn new(
        ui: &egui::Ui,
        id_salt: &'static str,
        choices: impl IntoIterator<Item = T>,
        word: impl Fn(T) -> String,
        least: f32,
    ) -> Self {
        let words: Vec<(T, String)> = choices.into_iter().map(|c| (c, word(c))).collect();
        let width = width_for(ui, words.iter().map(|(_, w)| w.as_str())).max(least);
        Self {
            id_salt,
            words,
            width,
        }
    }

    /// The slot's width, the drop-down's arrow and padding included.
    pub fn width(&self) -> f32 {
        self.width
    }

    /// Draws the drop-down with `chosen` shown; a choice taken is written into `chosen`.
    pub fn show(&self, ui: &mut egui::Ui, chosen: &mut T) -> egui::Response {
        let shown = self
            .words
            .iter()
            .find(|(c, _)| c == chosen)
            .map(|(_, w)| w.clone())
            .unwrap_or_default();
        steady_combo(
            ui,
            self.width,
            egui::ComboBox::from_id_salt(self.id_salt).selected_text(shown),
            |ui| {
                for (choice, words) in &self.words {
                    ui.selectable_value(chosen, *choice, words.as_str());
                }
            },
        )
    }
}

/// A labelled drop-down of communities by id. `everything` names the choice of none (e.g. "All
/// communities"); without it a community must be chosen.
pub fn community_combo(
    ui: &mut egui::Ui,
    label: &str,
    communities: &[Community],
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
    communities: &[Community],
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

/// A labelled drop-down of a type list, with "None".
pub fn type_combo(
    ui: &mut egui::Ui,
    title: &str,
    id: &str,
    value: &mut Option<i64>,
    options: &[TypeRecord],
) {
    let items: Vec<(i64, &str)> = options.iter().map(|o| (o.id, o.name.as_str())).collect();
    named_combo(ui, title, id, value, &items, Some(&tr!("choice-none")));
}

/// A labelled drop-down of a type list; `none` names the empty choice (none offered without).
pub fn list_combo(
    ui: &mut egui::Ui,
    title: &str,
    id: &str,
    value: &mut Option<i64>,
    options: &[TypeRecord],
    none: Option<&str>,
) {
    let items: Vec<(i64, &str)> = options.iter().map(|o| (o.id, o.name.as_str())).collect();
    named_combo(ui, title, id, value, &items, none);
}

/// A labelled drop-down of the portal's users.
pub fn user_combo(
    ui: &mut egui::Ui,
    title: &str,
    id: &str,
    value: &mut Option<i64>,
    users: &[User],
) {
    let items: Vec<(i64, &str)> = users.iter().map(|u| (u.id, u.name.as_str())).collect();
    named_combo(ui, title, id, value, &items, None);
}

/// A labelled drop-down of (id, name) pairs; `none` names the choice of nothing, when there is
/// one (otherwise "Choose…" shows until something is chosen).
fn named_combo(
    ui: &mut egui::Ui,
    title: &str,
    id: &str,
    value: &mut Option<i64>,
    items: &[(i64, &str)],
    none: Option<&str>,
) {
    let label = ui.label(title);
    let current = value
        .and_then(|v| items.iter().find(|(id, _)| *id == v))
        .map_or_else(
            || none.map_or_else(|| tr!("users-choose"), str::to_owned),
            |(_, name)| (*name).to_owned(),
        );
    steady_combo(
        ui,
        240.0,
        egui::ComboBox::from_id_salt(id)
            .selected_text(current)
            .height(300.0),
        |ui| {
            if let Some(text) = none {
                ui.selectable_value(value, None, text);
            }
            for (id, name) in items {
                ui.selectable_value(value, Some(*id), *name);
            }
        },
    )
    .labelled_by(label.id);
}
