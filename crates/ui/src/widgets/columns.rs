//! Side-by-side columns whose words read as written.

/// Splits the space left in `ui` into `count` columns of one width, side by side, and fills them
/// with `add_contents`. egui's own `Ui::columns` lays them out justified: a wrapped line of
/// small text is spread to the column's edges ("a l m a . d o n n e l l y") and every button
/// stretches across; these columns are laid out top-down from the left, as text is read.
pub fn columns_ui<R>(
    ui: &mut egui::Ui,
    count: usize,
    add_contents: impl FnOnce(&mut [egui::Ui]) -> R,
) -> R {
    let count = count.max(1);
    let spacing = ui.spacing().item_spacing.x;
    let total_spacing = spacing * (count as f32 - 1.0);
    let width = ((ui.available_width() - total_spacing) / count as f32).max(0.0);
    let top_left = ui.cursor().min;
    let bottom = ui.max_rect().bottom();
    let mut columns: Vec<egui::Ui> = (0..count)
        .map(|i| {
            let left = top_left.x + i as f32 * (width + spacing);
            let rect = egui::Rect::from_min_max(
                egui::pos2(left, top_left.y),
                egui::pos2(left + width, bottom),
            );
            let mut column = ui.new_child(
                egui::UiBuilder::new()
                    .max_rect(rect)
                    .layout(egui::Layout::top_down(egui::Align::Min)),
            );
            column.set_width(width);
            column
        })
        .collect();
    let result = add_contents(&mut columns);
    let widest = columns
        .iter()
        .map(|c| c.min_rect().width())
        .fold(width, f32::max);
    let tallest = columns.iter().map(|c| c.min_size().y).fold(0.0, f32::max);
    let size = egui::vec2(
        ui.available_width()
            .max(total_spacing + widest * count as f32),
        tallest,
    );
    ui.advance_cursor_after_rect(egui::Rect::from_min_size(top_left, size));
    result
}
