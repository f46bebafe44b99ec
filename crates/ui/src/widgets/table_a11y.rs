//! Tables as a screen reader reads tables: egui_extras draws rows and cells but publishes no
//! table, so the table's container, its column headers and its rows say what they are, with
//! the whole list's counts (a virtual list draws only the rows in view).

use egui::accesskit::{Role, SortDirection};

/// Makes the node of `ui` (wrapping the table, nothing else) a table of `rows` data rows
/// (the whole list, not the rows drawn) under one header row, and `columns` columns.
pub fn table(ui: &egui::Ui, name: &str, rows: usize, columns: usize) {
    ui.ctx().accesskit_node_builder(ui.unique_id(), |node| {
        node.set_role(Role::Table);
        node.set_label(name);
        node.set_row_count(rows.saturating_add(1));
        node.set_column_count(columns);
        // The set its rows are a place in: AccessKit keeps the size on the container.
        node.set_size_of_set(rows);
    });
}

/// Makes `response` the header of column `index`, sorted ascending (`Some(false)`),
/// descending (`Some(true)`) or not by it.
pub fn column_header(response: &egui::Response, index: usize, descending: Option<bool>) {
    response.ctx.accesskit_node_builder(response.id, |node| {
        node.set_role(Role::ColumnHeader);
        node.set_column_index(index);
        node.set_row_index(0);
        match descending {
            Some(false) => node.set_sort_direction(SortDirection::Ascending),
            Some(true) => node.set_sort_direction(SortDirection::Descending),
            None => node.clear_sort_direction(),
        }
    });
}

/// Says that `response`'s row is data row `index` (from 0) of the table's rows: "row 40 of
/// 1,594" (the count is the table's, see [`table`]).
pub fn row(response: &egui::Response, index: usize) {
    response.ctx.accesskit_node_builder(response.id, |node| {
        node.set_row_index(index.saturating_add(1));
        // Zero-based, read one-based by the platform adapters (AT-SPI's posinset).
        node.set_position_in_set(index);
    });
}
