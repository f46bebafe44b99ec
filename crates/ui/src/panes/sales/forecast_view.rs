//! The census forecast tab: occupied beds for the next 90 days as lines, the 30/60/90-day
//! figures, who is on notice, who is moving in, and what the vacant units cost.

use egui_plot::{HoverPosition, Legend, Line, Plot, PlotPoints};

use crate::commands::{CaseRef, Command};
use crate::domain::census::{Forecast, ForecastLine, Move};
use crate::domain::format::{money, thousands};
use crate::panes::AppCtx;
use crate::widgets::text_grid::{GridCell, TextGrid};
use leasedesk_i18n::tr;

const OFFSETS: [usize; 4] = [0, 30, 60, 90];

pub fn forecast_ui(ui: &mut egui::Ui, ctx: &AppCtx, forecast: &Forecast) {
    egui::ScrollArea::vertical()
        .id_salt("forecast-scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let t = &forecast.total;
            ui.label(
                egui::RichText::new(tr!(
                    "forecast-total",
                    today = t.beds_on(0),
                    in30 = t.beds_on(30),
                    in60 = t.beds_on(60),
                    in90 = t.beds_on(90),
                    beds = t.beds.max(0)
                ))
                .strong(),
            );
            ui.label(egui::RichText::new(tr!("forecast-from-contracts")).color(ctx.tokens.muted));
            ui.scope(|ui| chart_ui(ui, forecast));
            ui.add_space(8.0);
            table_ui(ui, forecast);
            ui.add_space(10.0);
            crate::widgets::columns_ui(ui, 2, |cols| {
                moves_ui(
                    &mut cols[0],
                    ctx,
                    tr!("forecast-on-notice-table"),
                    tr!("forecast-on-notice", count = forecast.on_notice.len()),
                    &forecast.on_notice,
                );
                moves_ui(
                    &mut cols[1],
                    ctx,
                    tr!("forecast-pending-table"),
                    tr!("forecast-pending", count = forecast.pending.len()),
                    &forecast.pending,
                );
            });
            ui.add_space(10.0);
            vacant_ui(ui, forecast);
        });
}

fn chart_ui(ui: &mut egui::Ui, forecast: &Forecast) {
    let series = |line: &ForecastLine| -> PlotPoints<'static> {
        line.occupied_beds
            .iter()
            .enumerate()
            .map(|(day, beds)| [day as f64, f64::from(*beds)])
            .collect()
    };
    let mut communities: Vec<ForecastLine> = Vec::new();
    for line in &forecast.lines {
        match communities
            .iter_mut()
            .find(|c| c.community == line.community)
        {
            Some(c) => {
                for (a, b) in c.occupied_beds.iter_mut().zip(&line.occupied_beds) {
                    *a += b;
                }
            }
            None => communities.push(line.clone()),
        }
    }
    let start = forecast.start;
    let words = forecast_words(forecast, &communities);
    crate::widgets::chart_words::spaced_legend(ui);
    let shown = Plot::new("census-forecast")
        .height(220.0)
        .legend(Legend::default())
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .x_axis_label(tr!("forecast-x-axis"))
        .y_axis_label(tr!("forecast-y-axis"))
        .label_formatter(move |hover| {
            let HoverPosition::NearDataPoint {
                plot_name,
                position,
                ..
            } = hover
            else {
                return None;
            };
            let day = start.checked_add_days(chrono::Days::new(position.x.max(0.0) as u64))?;
            Some(format!(
                "{plot_name}\n{}: {}",
                crate::dates::weekday_with_year(day),
                tr!("forecast-beds", beds = format!("{:.0}", position.y))
            ))
        })
        .show(ui, |plot| {
            plot.line(Line::new(
                tr!("inventory-all-communities"),
                series(&forecast.total),
            ));
            for c in &communities {
                plot.line(Line::new(c.community.clone(), series(c)));
            }
        });
    crate::widgets::chart_words::described(&shown.response, &words);
}

/// The forecast chart in words: occupied beds today and 30, 60 and 90 days on, for all
/// communities and for each.
fn forecast_words(forecast: &Forecast, communities: &[ForecastLine]) -> String {
    let line = |l: &ForecastLine| {
        tr!(
            "forecast-chart-item",
            community = l.community.as_str(),
            today = l.beds_on(0),
            in30 = l.beds_on(30),
            in60 = l.beds_on(60),
            in90 = l.beds_on(90)
        )
    };
    let mut each = vec![line(&forecast.total)];
    each.extend(communities.iter().map(line));
    tr!(
        "forecast-chart",
        days = forecast.days,
        items = each.join("; ")
    )
}

fn table_ui(ui: &mut egui::Ui, forecast: &Forecast) {
    let mut grid = TextGrid::new([
        tr!("calling-col-community"),
        tr!("waitlist-care-group"),
        tr!("units-table"),
        tr!("occupancy-beds"),
        tr!("forecast-col-today"),
        tr!("forecast-col-in", days = 30),
        tr!("forecast-col-in", days = 60),
        tr!("forecast-col-in", days = 90),
    ]);
    for line in forecast.lines.iter().chain([&forecast.total]) {
        let total = std::ptr::eq(line, &forecast.total);
        let mut cells = if total {
            vec![
                GridCell::text(tr!("inventory-all-communities")),
                GridCell::text(""),
            ]
        } else {
            vec![
                GridCell::text(&line.community),
                GridCell::text(&line.care_group),
            ]
        };
        cells.push(GridCell::text(thousands(line.units as u64)));
        cells.push(GridCell::text(thousands(line.beds.max(0) as u64)));
        for offset in OFFSETS {
            cells.push(GridCell::text(thousands(line.beds_on(offset).into())));
        }
        grid.row(cells.into_iter().map(|c| c.strong(total)).collect());
    }
    grid.show(ui, "forecast-table", &tr!("forecast-table"), 1);
}

/// A list of moves under `title`, its table called `name` (which keeps it apart from the
/// other's).
fn moves_ui(ui: &mut egui::Ui, ctx: &AppCtx, name: String, title: String, moves: &[Move]) {
    ui.strong(&title);
    if moves.is_empty() {
        ui.label(tr!("forecast-none"));
        return;
    }
    let mut grid = TextGrid::new([
        tr!("log-date"),
        tr!("details-name"),
        tr!("calling-col-community"),
        tr!("units-col-unit"),
    ]);
    for m in moves {
        grid.row(vec![
            GridCell::text(crate::dates::month_day(m.date)),
            GridCell::link(&m.name, tr!("myday-open-case")),
            GridCell::text(&m.community),
            GridCell::text(&m.unit_number),
        ]);
    }
    if let Some((row, _)) = grid.show(ui, &name, &name, 1)
        && let Some(m) = moves.get(row)
    {
        ctx.send(Command::OpenCase(CaseRef {
            case_number: m.case_number.clone(),
            name: m.name.clone(),
            known: None,
        }));
    }
}

fn vacant_ui(ui: &mut egui::Ui, forecast: &Forecast) {
    let loss: f64 = forecast.vacant.iter().filter_map(|v| v.loss).sum();
    ui.strong(tr!(
        "forecast-vacant",
        units = forecast.vacant.len(),
        loss = money(loss)
    ));
    let never = forecast.vacant.iter().filter(|v| v.since.is_none()).count();
    ui.label(tr!("forecast-loss-rule"));
    if never > 0 {
        ui.label(tr!("forecast-never", units = never));
    }
    let mut grid = TextGrid::new([
        tr!("calling-col-community"),
        tr!("units-col-unit"),
        tr!("forecast-col-vacant-since"),
        tr!("forecast-col-days-vacant"),
        tr!("forecast-col-loss"),
    ]);
    for v in &forecast.vacant {
        grid.row(vec![
            GridCell::text(&v.community),
            GridCell::text(&v.unit_number),
            GridCell::text(
                v.since
                    .map_or_else(|| tr!("forecast-never-occupied"), crate::dates::day),
            ),
            GridCell::text(v.days_vacant.map_or("—".to_owned(), |d| d.to_string())),
            GridCell::text(v.loss.map_or_else(|| tr!("forecast-not-counted"), money)),
        ]);
    }
    grid.show(ui, "vacant-units", &tr!("forecast-vacant-table"), 2);
}
