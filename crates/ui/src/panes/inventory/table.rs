//! The units as a table, one row per unit; only the rows on screen are laid out.

use egui_extras::{Column, TableBuilder};

use super::board::state_colour;
use crate::api::model::Unit;
use crate::domain::occupancy::UnitOccupancy;
use crate::theme::Tokens;
use crate::widgets::{header_titles, table_a11y};

/// The same units as a table. Returns the unit index clicked.
pub fn table_ui(
    ui: &mut egui::Ui,
    units: &[Unit],
    occupancy: &[UnitOccupancy],
    shown: &[usize],
    selected: Option<i64>,
    tokens: &Tokens,
) -> Option<usize> {
    let headers = [
        leasedesk_i18n::tr!("calling-col-community"),
        leasedesk_i18n::tr!("units-col-unit"),
        leasedesk_i18n::tr!("waitlist-floor-plan"),
        leasedesk_i18n::tr!("waitlist-care-group"),
        leasedesk_i18n::tr!("units-col-sq-ft"),
        leasedesk_i18n::tr!("units-col-capacity"),
        leasedesk_i18n::tr!("units-col-rate"),
        leasedesk_i18n::tr!("inventory-occupancy"),
        leasedesk_i18n::tr!("units-col-residents"),
    ];
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    let mut clicked = None;
    ui.style_mut().interaction.selectable_labels = false;
    ui.scope(|ui| {
        table_a11y::table(
            ui,
            &leasedesk_i18n::tr!("units-table"),
            shown.len(),
            headers.len(),
        );
        ui.spacing_mut().item_spacing.x = 6.0;
        let mut table = TableBuilder::new(ui)
            .id_salt("unit-table")
            .striped(true)
            .sense(egui::Sense::click())
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            .min_scrolled_height(0.0);
        // The residents keep room at 1000 px wide (the pane is about 830).
        for width in [120.0, 50.0, 95.0, 110.0, 50.0, 70.0, 80.0, 100.0] {
            table = table.column(Column::initial(width).at_least(40.0).clip(true));
        }
        table = table.column(Column::remainder().at_least(120.0).clip(true));
        table
            .header(24.0, |header| header_titles(header, &headers))
            .body(|body| {
                body.rows(crate::theme::TARGET, shown.len(), |mut row| {
                    let i = shown[row.index()];
                    let (u, o) = (&units[i], &occupancy[i]);
                    row.set_selected(selected == Some(u.id));
                    let money =
                        |v: Option<f64>| v.map(crate::domain::format::money).unwrap_or_default();
                    let cells = [
                        u.community_name.clone(),
                        u.number.clone(),
                        u.floor_plan.clone().unwrap_or_default(),
                        u.care_group.clone(),
                        u.square_feet.map(|v| format!("{v:.0}")).unwrap_or_default(),
                        leasedesk_i18n::tr!(
                            "units-capacity-free",
                            capacity = u.capacity,
                            free = o.free_beds()
                        ),
                        money(u.base_monthly),
                    ];
                    for text in cells {
                        row.col(|ui| {
                            ui.label(text);
                        });
                    }
                    row.col(|ui| {
                        ui.colored_label(
                            state_colour(o.state(), tokens),
                            crate::words::unit_state(o.state()),
                        );
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
                    let response = row.response();
                    // Read as one row: the unit, its community and what it holds.
                    response.widget_info(|| {
                        egui::WidgetInfo::selected(
                            egui::Role::Row,
                            true,
                            selected == Some(u.id),
                            format!(
                                "{} {}, {}, {}",
                                u.community_name,
                                u.number,
                                u.care_group,
                                crate::words::unit_state(o.state())
                            ),
                        )
                    });
                    table_a11y::row(&response, row.index());
                    if response.clicked() {
                        clicked = Some(i);
                    }
                });
            });
    });
    clicked
}
