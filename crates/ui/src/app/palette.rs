//! The command palette (Ctrl+K): type to filter the command list, ↑/↓ and Enter to run.

use crate::commands::{Command, palette_entries};

#[derive(Default)]
pub struct Palette {
    filter: String,
    selected: usize,
    focused: bool,
}

pub enum Outcome {
    Open,
    Closed,
    Run(Command),
}

impl Palette {
    /// `list`: each command with the words it is shown by.
    pub fn ui(&mut self, ctx: &egui::Context, list: &[(Command, String)]) -> Outcome {
        let mut outcome = Outcome::Open;
        let name = leasedesk_i18n::tr!("command-palette");
        let modal =
            crate::widgets::dialog(egui::Id::unique("command-palette"), &name).show(ctx, |ui| {
                ui.set_width(460.0);
                let label = ui.label(leasedesk_i18n::tr!("palette-command"));
                let input = ui
                    .add(
                        egui::TextEdit::singleline(&mut self.filter)
                            .id_salt("palette-filter")
                            .hint_text(leasedesk_i18n::tr!("palette-hint"))
                            .desired_width(f32::INFINITY),
                    )
                    .labelled_by(label.id);
                if !self.focused {
                    input.request_focus();
                    self.focused = true;
                }
                // Listed after the field has taken this frame's letters, so Enter typed right
                // after them runs what they name.
                if input.changed() {
                    self.selected = 0;
                }
                let shown = palette_entries(list, &self.filter);
                self.selected = self.selected.min(shown.len().saturating_sub(1));
                let (down, up, enter, escape) = ui.input(|i| {
                    (
                        i.key_pressed(egui::Key::ArrowDown),
                        i.key_pressed(egui::Key::ArrowUp),
                        i.key_pressed(egui::Key::Enter),
                        i.key_pressed(egui::Key::Escape),
                    )
                });
                if down {
                    self.selected = (self.selected + 1).min(shown.len().saturating_sub(1));
                }
                if up {
                    self.selected = self.selected.saturating_sub(1);
                }
                let moved = down || up;
                ui.separator();
                egui::ScrollArea::vertical()
                    .max_height(320.0)
                    .show(ui, |ui| {
                        if shown.is_empty() {
                            ui.label(leasedesk_i18n::tr!("palette-none"));
                        }
                        // The shortcuts stay clear of the scroll bar, which floats over the right
                        // edge of the list.
                        let bar =
                            ui.spacing().scroll.bar_width + ui.spacing().scroll.bar_outer_margin;
                        for (i, (command, label)) in shown.iter().enumerate() {
                            ui.horizontal(|ui| {
                                let entry = ui.selectable_label(i == self.selected, label.as_str());
                                // The highlighted entry stays in view as the arrows move it.
                                if moved && i == self.selected {
                                    entry.scroll_to_me(None);
                                }
                                let clicked = entry.clicked();
                                if let Some(shortcut) = command.shortcut() {
                                    ui.with_layout(
                                        egui::Layout::right_to_left(egui::Align::Center),
                                        |ui| {
                                            ui.add_space(bar + 4.0);
                                            ui.weak(ctx.format_shortcut(&shortcut));
                                        },
                                    );
                                }
                                if clicked {
                                    outcome = Outcome::Run((*command).clone());
                                }
                            });
                        }
                    });
                if enter && let Some((command, _)) = shown.get(self.selected) {
                    outcome = Outcome::Run((*command).clone());
                }
                if escape {
                    outcome = Outcome::Closed;
                }
            });
        if modal.should_close() && matches!(outcome, Outcome::Open) {
            outcome = Outcome::Closed;
        }
        outcome
    }
}
