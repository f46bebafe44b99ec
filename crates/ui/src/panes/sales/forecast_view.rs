//! The census forecast tab: occupied beds for the next 90 days as lines, the 30/60/90-day
//! figures, who is on notice, who is moving in, and what the vacant units cost.

use egui_plot::{HoverPosition, Legend, Line, Plot, PlotPoints};

use crate::commands::{CaseRef, Command};
use crate::domain::census::{Forecast, ForecastLine, Move};
use crate::domain::format::{self, money, thousands};
use crate::panes::AppCtx;
use crate::widgets::text_grid::{GridCell, TextGrid};

const OFFSETS: [usize; 4] = [0, 30, 60, 90];

pub fn forecast_ui(ui: &mut egui::Ui, ctx: &AppCtx, forecast: &Forecast) {
    egui::ScrollArea::vertical()
        .id_salt("forecast-scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let t = &forecast.total;
            ui.label(
                egui::RichText::new(format!(
                    "Occupied beds: {} today, {} in 30 days, {} in 60 days, {} in 90 days (of {} beds).",
                    thousands(t.beds_on(0).into()),
                    thousands(t.beds_on(30).into()),
                    thousands(t.beds_on(60).into()),
                    thousands(t.beds_on(90).into()),
                    thousands(t.beds.max(0) as u64),
                ))
                .strong(),
            );
            ui.label(
                egui::RichText::new(
                    "From housing contracts: a signed move-in counts from its day, a known move-out until its day.",
                )
                .color(ctx.tokens.muted),
            );
            ui.scope(|ui| chart_ui(ui, forecast));
            ui.add_space(8.0);
            table_ui(ui, forecast);
            ui.add_space(10.0);
            ui.columns(2, |cols| {
                moves_ui(
                    &mut cols[0],
                    ctx,
                    "On notice",
                    "known move-out",
                    &forecast.on_notice,
                );
                moves_ui(
                    &mut cols[1],
                    ctx,
                    "Pending move-ins",
                    "signed contract",
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
        .x_axis_label("Days from today")
        .y_axis_label("Occupied beds")
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
                "{plot_name}\n{}: {:.0} beds",
                day.format(format::WEEKDAY),
                position.y
            ))
        })
        .show(ui, |plot| {
            plot.line(Line::new("All communities", series(&forecast.total)));
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
        let at = |day: usize| thousands(u64::from(l.beds_on(day)));
        format!(
            "{} {} today, {} in 30 days, {} in 60 days, {} in 90 days",
            l.community,
            at(0),
            at(30),
            at(60),
            at(90)
        )
    };
    let mut each = vec![line(&forecast.total)];
    each.extend(communities.iter().map(line));
    format!(
        "Line chart, occupied beds over the next {} days: {}.",
        forecast.days,
        each.join("; ")
    )
}

fn table_ui(ui: &mut egui::Ui, forecast: &Forecast) {
    let mut grid = TextGrid::new([
        "Community",
        "Care group",
        "Units",
        "Beds",
        "Today",
        "In 30 days",
        "In 60 days",
        "In 90 days",
    ]);
    for line in forecast.lines.iter().chain([&forecast.total]) {
        let total = std::ptr::eq(line, &forecast.total);
        let mut cells = if total {
            vec![GridCell::text("All communities"), GridCell::text("")]
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
    grid.show(ui, "forecast-table", "Occupied beds by community", 1);
}

fn moves_ui(ui: &mut egui::Ui, ctx: &AppCtx, title: &str, what: &str, moves: &[Move]) {
    ui.strong(format!("{title}: {}", format::count(moves.len(), what)));
    if moves.is_empty() {
        ui.label("None in the next 90 days.");
        return;
    }
    let mut grid = TextGrid::new(["Date", "Name", "Community", "Unit"]);
    for m in moves {
        grid.row(vec![
            GridCell::text(m.date.format(format::MONTH_DAY).to_string()),
            GridCell::link(&m.name, "Open the case"),
            GridCell::text(&m.community),
            GridCell::text(&m.unit_number),
        ]);
    }
    if let Some((row, _)) = grid.show(ui, title, title, 1)
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
    ui.strong(format!(
        "Vacant: {}, vacancy loss so far {}",
        format::count(forecast.vacant.len(), "unit"),
        money(loss)
    ));
    let never = forecast.vacant.iter().filter(|v| v.since.is_none()).count();
    ui.label("Loss is the base monthly rent × days vacant ÷ 30, from the last move-out.");
    if never > 0 {
        ui.label(format!(
            "{} never occupied: not counted in the loss (there is no move-out to count from).",
            format::count(never, "unit")
        ));
    }
    let mut grid = TextGrid::new(["Community", "Unit", "Vacant since", "Days vacant", "Loss"]);
    for v in &forecast.vacant {
        grid.row(vec![
            GridCell::text(&v.community),
            GridCell::text(&v.unit_number),
            GridCell::text(v.since.map_or("Never occupied".to_owned(), |d| {
                d.format(format::DAY).to_string()
            })),
            GridCell::text(v.days_vacant.map_or("—".to_owned(), |d| d.to_string())),
            GridCell::text(v.loss.map_or("not counted".to_owned(), money)),
        ]);
    }
    grid.show(ui, "vacant-units", "Vacant units", 2);
}
