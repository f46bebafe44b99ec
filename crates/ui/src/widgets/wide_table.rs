//! A table that may be wider than the window: its first columns (what says which row it is)
//! stay in view when it scrolls sideways and its headings stay on top when it scrolls down
//! (egui_table's sticky columns and header; egui_extras and egui's Grid have neither). Rows are
//! striped; a screen reader is told it is a table of so many rows and columns, each row its
//! place (a row is published in two parts, the columns that stay and those that scroll).

use egui_table::{CellInfo, HeaderCellInfo, HeaderRow, Table, TableDelegate};

use super::table_a11y;

/// What a wide table draws: its headings and its cells, by column and row (from 0).
pub trait WideRows {
    /// A column's heading; the pane marks it a column header (`table_a11y::column_header`).
    fn heading_ui(&mut self, ui: &mut egui::Ui, column: usize);
    fn cell_ui(&mut self, ui: &mut egui::Ui, row: usize, column: usize);
    /// A column's heading as text (its lines), and a cell's, for the column's width: each
    /// column is as wide as its widest text (a widget's cell says what it shows).
    fn heading_text(&self, column: usize) -> String;
    fn cell_text(&self, row: usize, column: usize) -> String;
}

/// A row as a screen reader names it: its cells' words, the empty left out.
fn row_name(rows: &dyn WideRows, row: usize, columns: usize) -> String {
    (0..columns)
        .map(|column| rows.cell_text(row, column))
        .filter(|text| !text.trim().is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Rows measured for the columns' widths at most (a long list's first).
const MEASURED_ROWS: usize = 500;
/// Room between one column's text and the next's, besides the cells' margins (a widget's
/// cell says what room its frame takes in its text).
const WIDGET_ROOM: f32 = 2.0;

/// How a wide table is laid out.
pub struct WideTable<'a> {
    pub id_salt: &'a str,
    /// What a screen reader calls the table.
    pub name: &'a str,
    /// Each column's narrowest width; each is widened to its widest text.
    pub min_widths: &'a [f32],
    /// How many of the first columns stay in view.
    pub sticky: usize,
    pub heading_height: f32,
    pub row_height: f32,
    pub rows: usize,
    /// Takes only the height its rows need (what follows it stays in view), else all that is
    /// left.
    pub fit_height: bool,
}

impl WideTable<'_> {
    /// Fills the space left in `ui`.
    pub fn show(self, ui: &mut egui::Ui, rows: &mut dyn WideRows) {
        let columns: Vec<egui_table::Column> = self
            .widths(ui, rows)
            .into_iter()
            .map(|w| {
                // Each as wide as its widest text, every frame (egui_table's own sizing keeps
                // the widths of its first drawing, often before the rows are read); not
                // resizable: a drag handle a screen reader could not name.
                egui_table::Column::new(w).range(w..=w).resizable(false)
            })
            .collect();
        let count = self.rows;
        let needed = self.needed_height(ui);
        let height = if self.fit_height {
            needed.min(ui.available_height())
        } else {
            ui.available_height()
        };
        let size = egui::vec2(ui.available_width(), height);
        ui.allocate_ui(size, |ui| {
            table_a11y::table(ui, self.name, count, columns.len());
            Table::new()
                .id_salt(self.id_salt)
                .num_rows(count as u64)
                .columns(columns)
                .num_sticky_cols(self.sticky)
                .headers([HeaderRow::new(self.heading_height)])
                .show(
                    ui,
                    &mut Adapter {
                        rows,
                        row_height: self.row_height,
                        columns: self.min_widths.len(),
                    },
                );
        });
    }
}

impl WideTable<'_> {
    /// The height that shows every row, the heading and the sideways scroll bar under them.
    pub fn needed_height(&self, ui: &egui::Ui) -> f32 {
        let bar = &ui.spacing().scroll;
        self.heading_height
            + self.rows as f32 * self.row_height
            + bar.bar_width
            + bar.bar_inner_margin
            + bar.bar_outer_margin
            + 4.0
    }

    fn widths(&self, ui: &egui::Ui, rows: &dyn WideRows) -> Vec<f32> {
        let text_width = |text: &str| super::widest(ui, egui::TextStyle::Body, text.lines());
        self.min_widths
            .iter()
            .enumerate()
            .map(|(column, min)| {
                let heading = text_width(&rows.heading_text(column));
                let cells = (0..self.rows.min(MEASURED_ROWS))
                    .map(|row| text_width(&rows.cell_text(row, column)))
                    .fold(0.0, f32::max);
                min.max(heading.max(cells) + WIDGET_ROOM + 2.0 * f32::from(CELL_MARGIN))
            })
            .collect()
    }
}

struct Adapter<'a> {
    rows: &'a mut dyn WideRows,
    row_height: f32,
    columns: usize,
}

/// Room each side of a cell's content.
const CELL_MARGIN: i8 = 3;

impl TableDelegate for Adapter<'_> {
    fn header_cell_ui(&mut self, ui: &mut egui::Ui, cell: &HeaderCellInfo) {
        egui::Frame::new()
            .inner_margin(egui::Margin::symmetric(CELL_MARGIN, 0))
            .show(ui, |ui| {
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    self.rows.heading_ui(ui, cell.col_range.start);
                });
            });
    }

    fn row_ui(&mut self, ui: &mut egui::Ui, row_nr: u64) {
        if row_nr % 2 == 1 {
            ui.painter()
                .rect_filled(ui.max_rect(), 0.0, ui.visuals().faint_bg_color);
        }
        let index = usize::try_from(row_nr).unwrap_or(usize::MAX);
        let name = row_name(&*self.rows, index, self.columns);
        // Where the row's part is, as egui says of its widgets (in points).
        let rect = ui.max_rect().intersect(ui.clip_rect());
        ui.ctx().accesskit_node_builder(ui.unique_id(), |node| {
            node.set_role(egui::accesskit::Role::Row);
            node.set_label(name);
            node.set_bounds(egui::accesskit::Rect {
                x0: rect.min.x.into(),
                y0: rect.min.y.into(),
                x1: rect.max.x.into(),
                y1: rect.max.y.into(),
            });
            node.set_row_index(index.saturating_add(1));
            node.set_position_in_set(index);
        });
    }

    fn cell_ui(&mut self, ui: &mut egui::Ui, cell: &CellInfo) {
        let row = usize::try_from(cell.row_nr).unwrap_or(usize::MAX);
        egui::Frame::new()
            .inner_margin(egui::Margin::symmetric(CELL_MARGIN, 0))
            .show(ui, |ui| {
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    self.rows.cell_ui(ui, row, cell.col_nr);
                });
            });
    }

    fn default_row_height(&self) -> f32 {
        self.row_height
    }
}
