//! A small table of words and figures (a view's breakdown, a forecast's lines) drawn as a
//! [`WideTable`], so a screen reader reads it as a table (its headers, each row's place)
//! rather than egui's Grid, which it reads as loose labels.

use super::table_a11y;
use super::wide_table::{WideRows, WideTable};

/// One cell: its words, and how they are shown.
#[derive(Debug, Clone, Default)]
pub struct GridCell {
    pub text: String,
    pub colour: Option<egui::Color32>,
    pub strong: bool,
    /// A link: [`TextGrid::show`] says when it was clicked.
    pub link: bool,
    pub hover: Option<String>,
}

impl GridCell {
    pub fn text(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            ..Default::default()
        }
    }

    pub fn link(text: impl Into<String>, hover: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            link: true,
            hover: Some(hover.into()),
            ..Default::default()
        }
    }

    pub fn strong(mut self, strong: bool) -> Self {
        self.strong = strong;
        self
    }

    pub fn colour(mut self, colour: egui::Color32) -> Self {
        self.colour = Some(colour);
        self
    }

    pub fn hover(mut self, hover: impl Into<String>) -> Self {
        self.hover = Some(hover.into());
        self
    }
}

impl From<String> for GridCell {
    fn from(text: String) -> Self {
        Self::text(text)
    }
}

impl From<&str> for GridCell {
    fn from(text: &str) -> Self {
        Self::text(text)
    }
}

/// A table's headings (a tip each, or none) and its rows of cells.
#[derive(Debug, Clone, Default)]
pub struct TextGrid {
    pub headings: Vec<(String, Option<String>)>,
    pub rows: Vec<Vec<GridCell>>,
}

impl TextGrid {
    pub fn new<S: Into<String>>(headings: impl IntoIterator<Item = S>) -> Self {
        Self {
            headings: headings.into_iter().map(|h| (h.into(), None)).collect(),
            rows: Vec::new(),
        }
    }

    /// Every heading from `from` on has `tip` on hover.
    pub fn tip_from(mut self, from: usize, tip: &str) -> Self {
        for heading in self.headings.iter_mut().skip(from) {
            heading.1 = Some(tip.to_owned());
        }
        self
    }

    pub fn row(&mut self, cells: Vec<GridCell>) {
        self.rows.push(cells);
    }

    /// Draws the table named `name` (what a screen reader calls it) at the height its rows
    /// need; its first `sticky` columns stay in view when it scrolls sideways. Says which
    /// link (row, column) was clicked.
    pub fn show(
        &self,
        ui: &mut egui::Ui,
        id_salt: &str,
        name: &str,
        sticky: usize,
    ) -> Option<(usize, usize)> {
        let body = ui.text_style_height(&egui::TextStyle::Body);
        let lines = self
            .headings
            .iter()
            .map(|(h, _)| h.lines().count().max(1))
            .max()
            .unwrap_or(1) as f32;
        let mut drawn = Drawn {
            grid: self,
            clicked: None,
        };
        let table = WideTable {
            id_salt,
            name,
            min_widths: &vec![24.0; self.headings.len()],
            sticky,
            heading_height: lines * body + 10.0,
            row_height: body + 10.0,
            rows: self.rows.len(),
            fit_height: true,
        };
        // All its rows at once, a page's scroll moving them (not a scroll inside a scroll).
        let height = table.needed_height(ui);
        // Its own id: egui_table names its scroll areas after the parent's, so two tables in
        // one pane would share them.
        ui.push_id(id_salt, |ui| {
            ui.allocate_ui(egui::vec2(ui.available_width(), height), |ui| {
                table.show(ui, &mut drawn);
            });
        });
        drawn.clicked
    }
}

struct Drawn<'a> {
    grid: &'a TextGrid,
    clicked: Option<(usize, usize)>,
}

impl WideRows for Drawn<'_> {
    fn heading_ui(&mut self, ui: &mut egui::Ui, column: usize) {
        let Some((text, tip)) = self.grid.headings.get(column) else {
            return;
        };
        // Words, not a control: no click to select them, so a pointer has no target here.
        let mut heading =
            ui.add(egui::Label::new(egui::RichText::new(text).strong()).selectable(false));
        if let Some(tip) = tip {
            heading = heading.on_hover_text(tip);
        }
        table_a11y::column_header(&heading, column, None);
    }

    fn cell_ui(&mut self, ui: &mut egui::Ui, row: usize, column: usize) {
        let Some(cell) = self.grid.rows.get(row).and_then(|r| r.get(column)) else {
            return;
        };
        let mut text = egui::RichText::new(&cell.text);
        if cell.strong {
            text = text.strong();
        }
        if let Some(colour) = cell.colour {
            text = text.color(colour);
        }
        let mut response = if cell.link {
            ui.link(text)
        } else {
            ui.label(text)
        };
        if let Some(hover) = &cell.hover {
            response = response.on_hover_text(hover);
        }
        if cell.link && response.clicked() {
            self.clicked = Some((row, column));
        }
    }

    fn heading_text(&self, column: usize) -> String {
        self.grid
            .headings
            .get(column)
            .map(|(h, _)| h.clone())
            .unwrap_or_default()
    }

    fn cell_text(&self, row: usize, column: usize) -> String {
        self.grid
            .rows
            .get(row)
            .and_then(|r| r.get(column))
            .map(|c| c.text.clone())
            .unwrap_or_default()
    }
}
