//! The board: a tile per unit, coloured by occupancy and saying it in words, as many per row
//! as fit. Only the rows on screen are laid out, so thousands of units cost a screenful.

use crate::api::model::Unit;
use crate::domain::occupancy::{UnitOccupancy, UnitState};
use crate::theme::Tokens;

const TILE: egui::Vec2 = egui::vec2(168.0, 62.0);
const GAP: f32 = 6.0;

pub fn state_colour(state: UnitState, tokens: &Tokens) -> egui::Color32 {
    match state {
        UnitState::Vacant => tokens.vacant,
        UnitState::Partial => tokens.partial,
        UnitState::Full => tokens.occupied,
    }
}

/// The tile's text: number and care group, then who lives there and how many beds are free
/// (or that it is vacant), so the state is in words as well as in the colour.
pub fn tile_text(unit: &Unit, occupancy: &UnitOccupancy) -> String {
    let who = match occupancy.residents.as_slice() {
        [] => leasedesk_i18n::tr!("tile-vacant", beds = occupancy.capacity),
        [one] => one.name.clone(),
        [one, rest @ ..] => format!("{} +{}", one.name, rest.len()),
    };
    // A partly occupied tile says so in words too, not by its colour alone.
    let free = match occupancy.free_beds() {
        n if n > 0 && !occupancy.residents.is_empty() => {
            format!(" · {}", leasedesk_i18n::tr!("tile-free", count = n))
        }
        _ => String::new(),
    };
    let soon = if occupancy.upcoming.is_empty() {
        String::new()
    } else {
        format!(
            " · {}",
            leasedesk_i18n::tr!("tile-moving-in", count = occupancy.upcoming.len())
        )
    };
    format!(
        "{} · {}\n{who}{free}{soon}",
        leasedesk_i18n::tr!("unit-number", number = unit.number.as_str()),
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
pub fn board_ui(
    ui: &mut egui::Ui,
    units: &[Unit],
    occupancy: &[UnitOccupancy],
    shown: &[usize],
    selected: Option<i64>,
    tokens: &Tokens,
) -> Option<usize> {
    legend_ui(ui, tokens);
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
                            crate::words::unit_state(occ.state()),
                            occ.residents
                                .iter()
                                .map(|r| {
                                    leasedesk_i18n::tr!(
                                        "unit-since",
                                        name = r.name.as_str(),
                                        day = crate::dates::day(r.since)
                                    )
                                })
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

fn legend_ui(ui: &mut egui::Ui, tokens: &Tokens) {
    ui.horizontal(|ui| {
        for state in [UnitState::Vacant, UnitState::Partial, UnitState::Full] {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
            ui.painter()
                .rect_filled(rect, 2.0, state_colour(state, tokens));
            ui.label(crate::words::unit_state(state));
            ui.add_space(8.0);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::occupancy::fixtures::{at, contract, unit};
    use crate::domain::occupancy::unit_occupancy;

    #[test]
    fn a_tile_says_vacant_partly_or_full_in_words() {
        let units = vec![
            unit(1, "Maple", "Assisted Living", 2),
            unit(2, "Maple", "Assisted Living", 1),
            unit(3, "Maple", "Assisted Living", 2),
        ];
        let contracts = vec![
            contract(1, 1, at(2025, 1, 1), None, true),
            contract(2, 2, at(2025, 1, 1), None, true),
        ];
        let occ = unit_occupancy(&units, &contracts, at(2026, 11, 21));
        let text: Vec<String> = (0..3).map(|i| tile_text(&units[i], &occ[i])).collect();
        assert!(text[0].ends_with(" · 1 free"), "partly: {}", text[0]);
        assert!(
            !text[1].contains("free") && !text[1].contains("Vacant"),
            "full: {}",
            text[1]
        );
        assert!(text[2].contains("Vacant · 2 beds"), "vacant: {}", text[2]);
    }
}
