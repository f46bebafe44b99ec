//! The two ways of showing units: a board of tiles coloured by occupancy, and a table. Both
//! lay out only the rows on screen, so thousands of units cost the same as a screenful.

use egui_extras::{Column, TableBuilder};

use crate::api::model::Unit;
use crate::domain::occupancy::{UnitOccupancy, UnitState};
use crate::ui::theme::Tokens;

const TILE: egui::Vec2 = egui::vec2(168.0, 62.0);
const GAP: f32 = 6.0;

pub fn state_colour(state: UnitState, tokens: &Tokens) -> egui::Color32 {
    match state {
        UnitState::Vacant => tokens.vacant,
        UnitState::Partial => tokens.partial,
        UnitState::Full => tokens.occupied,
    }
}

/// The tile's text: number and care group, then who lives there or how many beds are free.
pub fn tile_text(unit: &Unit, occupancy: &UnitOccupancy) -> String {
    let who = match occupancy.residents.as_slice() {
        [] => format!(
            "Vacant · {} bed{}",
            occupancy.capacity,
            if occupancy.capacity == 1 { "" } else { "s" }
        ),
        [one] => one.name.clone(),
        [one, rest @ ..] => format!("{} +{}", one.name, rest.len()),
    };
    let soon = if occupancy.upcoming.is_empty() {
        String::new()
    } else {
        format!(" · {} moving in", occupancy.upcoming.len())
    };
    format!(
        "Unit {} · {}\n{who}{soon}",
        unit.number,
        initials(&unit.care_group)
    )
}

/// "Independent Living" → "IL": the tile has room for a short care group only (the table and
/// the tooltip give it in full).
fn initials(text: &str) -> String {
    text.split_whitespace()
        .filter_map(|w| w.chars().next())
        .flat_map(char::to_uppercase)
        .collect()
}

/// Tiles, as many per row as fit. Returns the unit index clicked.
pub fn board(
    ui: &mut egui::Ui,
    units: &[Unit],
    occupancy: &[UnitOccupancy],
    shown: &[usize],
    selected: Option<i64>,
    tokens: &Tokens,
) -> Option<usize> {
    legend(ui, tokens);
    let per_row = ((ui.available_width() + GAP) / (TILE.x + GAP))
        .floor()
        .max(1.0) as usize;
    let rows = shown.len().div_ceil(per_row);
    let mut clicked = None;
    ui.style_mut().spacing.item_spacing = egui::vec2(GAP, GAP);
    egui::ScrollArea::vertical()
        .id_salt("unit-board")
        .auto_shrink(false)
        .show_rows(ui, TILE.y, rows, |ui, range| {
            for row in range {
                ui.horizontal(|ui| {
                    let start = row * per_row;
                    for &i in &shown[start..(start + per_row).min(shown.len())] {
                        let (unit, occ) = (&units[i], &occupancy[i]);
                        let colour = state_colour(occ.state(), tokens);
                        let stroke = if selected == Some(unit.id) {
                            egui::Stroke::new(2.5, ui.visuals().strong_text_color())
                        } else {
                            egui::Stroke::new(1.0, colour)
                        };
                        let tile = egui::Button::new(tile_text(unit, occ))
                            .fill(colour.gamma_multiply(0.22))
                            .stroke(stroke)
                            .min_size(TILE)
                            .wrap_mode(egui::TextWrapMode::Wrap);
                        let response = ui.add_sized(TILE, tile).on_hover_text(format!(
                            "{} · {} · {}\n{}",
                            unit.community_name,
                            unit.care_group,
                            occ.state().label(),
                            occ.residents
                                .iter()
                                .map(|r| format!("{} since {}", r.name, r.since))
                                .collect::<Vec<_>>()
                                .join("\n")
                        ));
                        if response.clicked() {
                            clicked = Some(i);
                        }
                    }
                });
            }
        });
    clicked
}

fn legend(ui: &mut egui::Ui, tokens: &Tokens) {
    ui.horizontal(|ui| {
        for state in [UnitState::Vacant, UnitState::Partial, UnitState::Full] {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
            ui.painter()
                .rect_filled(rect, 2.0, state_colour(state, tokens));
            ui.label(state.label());
            ui.add_space(8.0);
        }
    });
}

/// The same units as a table. Returns the unit index clicked.
pub fn table(
    ui: &mut egui::Ui,
    units: &[Unit],
    occupancy: &[UnitOccupancy],
    shown: &[usize],
    selected: Option<i64>,
    tokens: &Tokens,
) -> Option<usize> {
    const HEADERS: [&str; 9] = [
        "Community",
        "Unit",
        "Floor plan",
        "Care group",
        "Sq ft",
        "Capacity",
        "Rate",
        "Occupancy",
        "Residents (since)",
    ];
    let mut clicked = None;
    ui.style_mut().interaction.selectable_labels = false;
    let mut table = TableBuilder::new(ui)
        .id_salt("unit-table")
        .striped(true)
        .sense(egui::Sense::click())
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .min_scrolled_height(0.0);
    for width in [140.0, 60.0, 110.0, 130.0, 60.0, 70.0, 80.0, 120.0] {
        table = table.column(Column::initial(width).at_least(40.0).clip(true));
    }
    table = table.column(Column::remainder().at_least(120.0).clip(true));
    table
        .header(24.0, |header| super::header_titles(header, &HEADERS))
        .body(|body| {
            body.rows(22.0, shown.len(), |mut row| {
                let i = shown[row.index()];
                let (u, o) = (&units[i], &occupancy[i]);
                row.set_selected(selected == Some(u.id));
                let money = |v: Option<f64>| v.map(|v| format!("${v:.0}")).unwrap_or_default();
                let cells = [
                    u.community_name.clone(),
                    u.number.clone(),
                    u.floor_plan.clone().unwrap_or_default(),
                    u.care_group.clone(),
                    u.square_feet.map(|v| format!("{v:.0}")).unwrap_or_default(),
                    format!("{} ({} free)", u.capacity, o.free_beds()),
                    money(u.base_monthly),
                ];
                for text in cells {
                    row.col(|ui| {
                        ui.label(text);
                    });
                }
                row.col(|ui| {
                    ui.colored_label(state_colour(o.state(), tokens), o.state().label());
                });
                row.col(|ui| {
                    let names = o
                        .residents
                        .iter()
                        .map(|r| format!("{} ({})", r.name, r.since))
                        .collect::<Vec<_>>()
                        .join(", ");
                    ui.label(names);
                });
                if row.response().clicked() {
                    clicked = Some(i);
                }
            });
        });
    clicked
}
