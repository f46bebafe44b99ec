//! The director's occupancy summary: a table per community and care group with totals, and
//! two charts (occupancy by community; move-ins against move-outs per month).

use crate::widgets::wide_table::{WideRows, WideTable};
use egui_plot::{Bar, BarChart, Legend, Plot};

use crate::domain::format::money;
use crate::domain::occupancy::{OccupancyLine, OccupancySummary};
use crate::theme::Tokens;
use leasedesk_i18n::tr;

/// The table's columns.
const COLUMNS: usize = 11;

fn heading(column: usize) -> String {
    match column {
        0 => tr!("calling-col-community"),
        1 => tr!("waitlist-care-group"),
        2 => tr!("units-table"),
        3 => tr!("occupancy-beds"),
        4 => tr!("occupancy-occupied"),
        5 => tr!("vacancy-vacant"),
        6 => tr!("occupancy-pct-units"),
        7 => tr!("occupancy-pct-beds"),
        8 => tr!("occupancy-revenue"),
        9 => tr!("occupancy-in"),
        _ => tr!("occupancy-out"),
    }
}

/// Why a heading needs more than its words.
/// How far above the highest bar a bar chart reaches: the top fifth of the plot is the legend's.
const LEGEND_ROOM: f64 = 1.35;

fn header_tip(column: usize) -> Option<String> {
    match column {
        9 => Some(tr!("occupancy-in-tip")),
        10 => Some(tr!("occupancy-out-tip")),
        _ => None,
    }
}

pub fn summary_ui(ui: &mut egui::Ui, summary: &OccupancySummary, tokens: &Tokens) {
    // The table scrolls sideways on its own, under its community and care group.
    egui::ScrollArea::vertical()
        .id_salt("occupancy-summary")
        .auto_shrink(false)
        .show(ui, |ui| {
            let t = &summary.total;
            ui.label(
                egui::RichText::new(tr!(
                    "occupancy-total",
                    units = t.units,
                    beds = t.beds,
                    unit_pct = format!("{:.1}", t.unit_percent()),
                    bed_pct = format!("{:.1}", t.bed_percent()),
                    revenue = money(t.monthly_revenue)
                ))
                .strong(),
            );
            ui.add_space(6.0);
            table(ui, summary, tokens);
            ui.add_space(12.0);
            crate::widgets::columns_ui(ui, 2, |cols| {
                cols[0].strong(tr!("occupancy-by-community"));
                by_community(&mut cols[0], summary, tokens);
                cols[1].strong(tr!("occupancy-moves"));
                moves(&mut cols[1], summary, tokens);
            });
        });
}

fn table(ui: &mut egui::Ui, summary: &OccupancySummary, tokens: &Tokens) {
    // A line per care group of each community, a line per community, and the total.
    let mut rows: Vec<(&OccupancyLine, bool)> = Vec::new();
    for community in &summary.communities {
        rows.extend(
            summary
                .lines
                .iter()
                .filter(|l| l.community == community.community)
                .map(|l| (l, false)),
        );
        rows.push((community, true));
    }
    rows.push((&summary.total, true));
    ui.style_mut().interaction.selectable_labels = false;
    let body = ui.text_style_height(&egui::TextStyle::Body);
    let name = tr!("inventory-summary");
    WideTable {
        id_salt: "occupancy-table",
        name: &name,
        min_widths: &[24.0; COLUMNS],
        // The community and care group stay in view when the figures scroll sideways.
        sticky: 2,
        heading_height: body + 10.0,
        row_height: body + 8.0,
        rows: rows.len(),
        // The charts follow it.
        fit_height: true,
    }
    .show(ui, &mut SummaryLines { rows, tokens });
}

/// The summary as drawn: each line with whether it is a total (a community's or the portal's).
struct SummaryLines<'a> {
    rows: Vec<(&'a OccupancyLine, bool)>,
    tokens: &'a Tokens,
}

impl WideRows for SummaryLines<'_> {
    fn heading_text(&self, column: usize) -> String {
        heading(column)
    }

    fn cell_text(&self, row: usize, column: usize) -> String {
        let Some(&(l, total)) = self.rows.get(row) else {
            return String::new();
        };
        match column {
            // The last line is the portal's, which the domain names in English.
            0 if row + 1 == self.rows.len() => tr!("inventory-all-communities"),
            0 => l.community.clone(),
            1 if total => tr!("inventory-all-care-groups"),
            1 => l.care_group.clone(),
            2 => l.units.to_string(),
            3 => l.beds.to_string(),
            4 => l.occupied_units.to_string(),
            5 => l.vacant_units.to_string(),
            6 => format!("{:.1}%", l.unit_percent()),
            7 => format!("{:.1}%", l.bed_percent()),
            8 => money(l.monthly_revenue),
            9 => format!("{} / {}", l.move_ins_30, l.move_ins_90),
            _ => format!("{} / {}", l.move_outs_30, l.move_outs_90),
        }
    }

    fn heading_ui(&mut self, ui: &mut egui::Ui, column: usize) {
        let shown = ui.strong(heading(column));
        crate::widgets::table_a11y::column_header(&shown, column, None);
        if let Some(tip) = header_tip(column) {
            shown.on_hover_text(tip);
        }
    }

    fn cell_ui(&mut self, ui: &mut egui::Ui, row: usize, column: usize) {
        let Some(&(l, total)) = self.rows.get(row) else {
            return;
        };
        let mut text = egui::RichText::new(self.cell_text(row, column));
        if total {
            text = text.strong();
        }
        if column == 5 && l.vacant_units > 0 && !total {
            text = text.color(self.tokens.vacant);
        }
        ui.label(text);
    }
}

fn by_community(ui: &mut egui::Ui, summary: &OccupancySummary, tokens: &Tokens) {
    crate::widgets::chart_words::spaced_legend(ui);
    let names: Vec<String> = summary
        .communities
        .iter()
        .map(|c| c.community.clone())
        .collect();
    let units: Vec<Bar> = summary
        .communities
        .iter()
        .enumerate()
        .map(|(i, c)| Bar::new(i as f64 - 0.18, c.unit_percent()).width(0.34))
        .collect();
    let beds: Vec<Bar> = summary
        .communities
        .iter()
        .enumerate()
        .map(|(i, c)| Bar::new(i as f64 + 0.18, c.bed_percent()).width(0.34))
        .collect();
    let shown = Plot::new("occupancy-by-community")
        .height(220.0)
        .legend(Legend::default())
        .include_y(0.0)
        // Room above 100% for the legend, so it never sits over a full community's bars; the
        // axis stops saying numbers at 100%.
        .include_y(100.0 * LEGEND_ROOM)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .y_axis_formatter(|mark, _| {
            if mark.value <= 100.0 + 1e-6 {
                format!("{:.0}%", mark.value)
            } else {
                String::new()
            }
        })
        .x_axis_formatter(move |mark, _| {
            let i = mark.value.round();
            if (mark.value - i).abs() < 1e-6 && i >= 0.0 {
                names.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .show(ui, |plot| {
            plot.bar_chart(
                BarChart::new(tr!("occupancy-pct-of-units"), units).color(tokens.occupied),
            );
            plot.bar_chart(BarChart::new(tr!("occupancy-pct-of-beds"), beds).color(tokens.partial));
        });
    crate::widgets::chart_words::described(&shown.response, &by_community_words(summary));
}

/// The occupancy chart in words: each community's share of units and of beds.
pub(crate) fn by_community_words(summary: &OccupancySummary) -> String {
    let each: Vec<String> = summary
        .communities
        .iter()
        .map(|c| {
            tr!(
                "occupancy-chart-community-item",
                community = c.community.as_str(),
                unit_pct = format!("{:.1}", c.unit_percent()),
                bed_pct = format!("{:.1}", c.bed_percent())
            )
        })
        .collect();
    tr!("occupancy-chart-community", items = each.join("; "))
}

fn moves(ui: &mut egui::Ui, summary: &OccupancySummary, tokens: &Tokens) {
    crate::widgets::chart_words::spaced_legend(ui);
    let labels: Vec<String> = summary
        .months
        .iter()
        .map(|m| {
            m.month
                .format(crate::domain::format::CHART_MONTH)
                .to_string()
        })
        .collect();
    let ins: Vec<Bar> = summary
        .months
        .iter()
        .enumerate()
        .map(|(i, m)| Bar::new(i as f64 - 0.18, m.move_ins as f64).width(0.34))
        .collect();
    let outs: Vec<Bar> = summary
        .months
        .iter()
        .enumerate()
        .map(|(i, m)| Bar::new(i as f64 + 0.18, m.move_outs as f64).width(0.34))
        .collect();
    let highest = summary
        .months
        .iter()
        .map(|m| m.move_ins.max(m.move_outs))
        .max()
        .unwrap_or(0) as f64;
    let shown = Plot::new("moves-per-month")
        .height(220.0)
        .legend(Legend::default())
        .include_y(0.0)
        // Room above the highest bar for the legend (top right), so it covers none.
        .include_y((highest * LEGEND_ROOM).max(1.0))
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        // A mark every month, so each bar pair has its month under it.
        .x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 3.0, 12.0]))
        .x_axis_formatter(move |mark, _| {
            let i = mark.value.round();
            if (mark.value - i).abs() < 1e-6 && i >= 0.0 {
                labels.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new(tr!("occupancy-move-ins"), ins).color(tokens.vacant));
            plot.bar_chart(BarChart::new(tr!("occupancy-move-outs"), outs).color(tokens.overdue));
        });
    crate::widgets::chart_words::described(&shown.response, &moves_words(summary));
}

/// The moves chart in words: each month's move-ins and move-outs.
pub(crate) fn moves_words(summary: &OccupancySummary) -> String {
    let each: Vec<String> = summary
        .months
        .iter()
        .map(|m| {
            tr!(
                "occupancy-chart-moves-item",
                month = crate::dates::month(m.month),
                ins = m.move_ins,
                outs = m.move_outs
            )
        })
        .collect();
    tr!("occupancy-chart-moves", items = each.join("; "))
}
