//! A list that is one Tab stop: Tab reaches one cell of it (the one last used), the arrow keys
//! move inside it (↑/↓ between rows, ←/→ between a row's buttons, Home/End to the first and
//! last row), and the next Tab leaves it. Every cell stays clickable, and a screen reader still
//! finds each one by its name; only the keyboard's Tab order is shortened.

use egui::{Event, Id, Key, Sense};

/// Where the keyboard was in a list, kept between frames.
#[derive(Debug, Clone, Copy, Default)]
struct State {
    row: usize,
    col: usize,
    /// The cell that had the focus last frame, if one of this list's did.
    held: Option<Id>,
}

/// Built afresh each frame: [`RovingList::row`] starts a row, [`RovingList::sense`] says how
/// the next cell senses, [`RovingList::cell`] records it, [`RovingList::end`] moves the focus.
pub struct RovingList {
    id: Id,
    state: State,
    cells: Vec<Vec<Id>>,
}

impl RovingList {
    pub fn new(ui: &egui::Ui, id_salt: impl egui::AsIdSalt) -> Self {
        let id = ui.make_persistent_id(id_salt).with("roving");
        let state = ui.data(|d| d.get_temp::<State>(id)).unwrap_or_default();
        Self {
            id,
            state,
            cells: Vec::new(),
        }
    }

    /// Where Tab enters the list while the keyboard is elsewhere: a switch enters at its
    /// chosen option, as radio buttons do.
    pub fn entered_at(mut self, row: usize, col: usize) -> Self {
        if self.state.held.is_none() {
            (self.state.row, self.state.col) = (row, col);
        }
        self
    }

    /// Starts the next row.
    pub fn row(&mut self) {
        self.cells.push(Vec::new());
    }

    /// Clickable always; in the Tab order only when it is the list's current cell.
    pub fn sense(&self) -> Sense {
        let row = self.cells.len().saturating_sub(1);
        let col = self.cells.last().map_or(0, Vec::len);
        if (row, col) == (self.state.row, self.state.col) {
            Sense::click()
        } else {
            Sense::CLICK
        }
    }

    /// Records the cell just drawn (made with [`RovingList::sense`]); a click on it makes it
    /// the current one.
    pub fn cell(&mut self, response: egui::Response) -> egui::Response {
        if self.cells.is_empty() {
            self.row();
        }
        let row = self.cells.len() - 1;
        let Some(cells) = self.cells.last_mut() else {
            return response;
        };
        if response.clicked() {
            (self.state.row, self.state.col) = (row, cells.len());
        }
        cells.push(response.id);
        response
    }

    /// A button as a cell of the list.
    pub fn button(&mut self, ui: &mut egui::Ui, button: egui::Button<'_>) -> egui::Response {
        let response = ui.add(button.sense(self.sense()));
        self.cell(response)
    }

    /// After the last row: follows the focus into the list, moves it by the arrow keys, and
    /// keeps it in the list when its row went away (a lead contacted leaves the list).
    pub fn end(mut self, ui: &egui::Ui) {
        self.cells.retain(|row| !row.is_empty());
        let focused = ui.memory(|m| m.focused());
        let at = focused.and_then(|f| self.position(f));
        if let Some((row, col)) = at {
            (self.state.row, self.state.col) = (row, col);
            let keys = pressed_keys(ui);
            if !keys.is_empty() {
                // egui would also move by the same arrow, to whatever lies nearest, and out of
                // the list at its edge.
                ui.memory_mut(|m| m.move_focus(egui::FocusDirection::None));
            }
            // Every key of the frame in turn: four quick → arrive in one frame.
            let to = keys.iter().fold((row, col), |at, key| {
                self.moved_to(*key, at.0, at.1).unwrap_or(at)
            });
            if let Some((row, col)) = Some(to).filter(|to| *to != (row, col)) {
                let target = self.cells[row][col];
                ui.memory_mut(|m| m.request_focus(target));
                (self.state.row, self.state.col) = (row, col);
                self.state.held = Some(target);
                ui.ctx().request_repaint();
            } else {
                self.state.held = focused;
                // The arrows are the list's while it has the keyboard.
                let filter = egui::EventFilter {
                    horizontal_arrows: true,
                    vertical_arrows: true,
                    ..Default::default()
                };
                if let Some(id) = focused {
                    ui.memory_mut(|m| m.set_focus_lock_filter(id, filter));
                }
            }
        } else if let Some(held) = self.state.held.take()
            && focused == Some(held)
        {
            // The focused cell is gone from the list: the keyboard goes to the cell now in its
            // place rather than nowhere.
            self.clamp();
            if let Some(target) = self.current() {
                ui.memory_mut(|m| m.request_focus(target));
                self.state.held = Some(target);
                ui.ctx().request_repaint();
            }
        }
        if self.current().is_none() && !self.cells.is_empty() {
            // The list shrank under its current cell: the nearest one is next frame's stop.
            self.clamp();
            ui.ctx().request_repaint();
        }
        ui.data_mut(|d| d.insert_temp(self.id, self.state));
    }

    fn position(&self, id: Id) -> Option<(usize, usize)> {
        self.cells
            .iter()
            .enumerate()
            .find_map(|(r, row)| row.iter().position(|cell| *cell == id).map(|c| (r, c)))
    }

    fn current(&self) -> Option<Id> {
        self.cells
            .get(self.state.row)
            .and_then(|row| row.get(self.state.col))
            .copied()
    }

    fn clamp(&mut self) {
        let Some(last) = self.cells.len().checked_sub(1) else {
            return;
        };
        self.state.row = self.state.row.min(last);
        self.state.col = self.state.col.min(self.cells[self.state.row].len() - 1);
    }

    /// The cell `key` leads to from (`row`, `col`), if it leads anywhere.
    fn moved_to(&self, key: Key, row: usize, col: usize) -> Option<(usize, usize)> {
        let last_row = self.cells.len() - 1;
        let (row, col) = match key {
            Key::ArrowUp => (row.checked_sub(1)?, col),
            Key::ArrowDown if row < last_row => (row + 1, col),
            Key::ArrowLeft => (row, col.checked_sub(1)?),
            Key::ArrowRight if col + 1 < self.cells[row].len() => (row, col + 1),
            Key::Home => (0, col),
            Key::End => (last_row, col),
            _ => return None,
        };
        // A shorter row: its last cell.
        Some((row, col.min(self.cells[row].len() - 1)))
    }
}

/// The keys a list answers that were pressed this frame (without modifiers), in order.
fn pressed_keys(ui: &egui::Ui) -> Vec<Key> {
    ui.input(|i| {
        i.events
            .iter()
            .filter_map(|e| match e {
                Event::Key {
                    key:
                        key @ (Key::ArrowUp
                        | Key::ArrowDown
                        | Key::ArrowLeft
                        | Key::ArrowRight
                        | Key::Home
                        | Key::End),
                    pressed: true,
                    modifiers,
                    ..
                } if modifiers.is_none() => Some(*key),
                _ => None,
            })
            .collect()
    })
}
