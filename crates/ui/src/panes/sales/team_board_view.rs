//! The team board: per agent or per community, the leads by colour, the engagement score and its
//! 8-week trend, speed to lead, tours and overdue follow-ups. A row opens to its leads; a lead
//! opens its case.

use std::sync::Arc;

use chrono::Duration;

use crate::commands::{CaseRef, Command};
use crate::context::AppCtx;
use crate::domain::speed_to_lead::LeadRules;
use crate::domain::team_board::{BoardRow, TREND_WEEKS, TeamBoard};
use crate::engine::asks::{self, Loading};
use crate::remote::Slot;
use crate::widgets::table_a11y;
use crate::widgets::wide_table::{WideRows, WideTable};
use crate::widgets::{colour_tip, lead_colour_ui};
use leasedesk_i18n::tr;

/// The periods offered, in days.
const PERIODS: [i64; 3] = [7, 30, 90];
/// Leads listed under an opened row at most.
const LEADS_LISTED: usize = 200;

/// What the board's rows are.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum By {
    #[default]
    Agent,
    Community,
    Source,
}

#[derive(Default)]
pub struct TeamBoardView {
    pub board: Slot<Arc<TeamBoard>>,
    loading: Arc<Loading>,
    pub days: i64,
    pub by: By,
    /// The row opened to its leads.
    opened: Option<String>,
    /// Activities changed: read again when next shown.
    pub stale: bool,
    /// What the board shown was worked out with.
    asked: Option<(i64, chrono::NaiveDate, LeadRules)>,
}

impl TeamBoardView {
    /// The board shown (tests read it to compare with the PDF and the service's reads).
    pub fn shown(&self) -> Option<Arc<TeamBoard>> {
        self.board.state.value().cloned()
    }

    fn keep_loaded(&mut self, ctx: &AppCtx) {
        if self.days == 0 {
            self.days = 30;
        }
        // A new day moves the period's first midnight: asked again.
        let wanted = (self.days, ctx.today(), ctx.prefs.lead_rules.clone());
        let changed = self.asked.as_ref() != Some(&wanted);
        if (changed || self.stale) && !self.board.state.is_pending() {
            self.stale = false;
            self.asked = Some(wanted.clone());
            let (loading, now, zone) = (self.loading.clone(), ctx.now, ctx.zone);
            let (days, _, rules) = wanted;
            // Calendar days in the desk's zone, today included: the weekly report's "this
            // week" on its last day is the same seven days.
            let period = crate::domain::team_board::last_days(days as u64, ctx.today(), zone)
                .unwrap_or((now - Duration::days(days), now));
            self.board.ask(
                ctx.backend,
                asks::sales::team_board(period, now, rules, zone, loading),
            );
        }
        self.board.poll_read(ctx.backend);
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.keep_loaded(ctx);
        ui.horizontal(|ui| {
            for days in PERIODS {
                let label = tr!("board-last-days", days = days);
                ui.selectable_value(&mut self.days, days, label);
            }
            ui.separator();
            ui.selectable_value(&mut self.by, By::Agent, tr!("lost-by-agent"));
            ui.selectable_value(&mut self.by, By::Community, tr!("lost-by-community"));
            ui.selectable_value(&mut self.by, By::Source, tr!("lost-by-source"));
        });
        self.board.status_slot_ui(ui, ctx, &tr!("board-the-board"));
        let Some(board) = self.board.state.value().cloned() else {
            return;
        };
        let rows = match self.by {
            By::Agent => &board.by_agent,
            By::Community => &board.by_community,
            By::Source => &board.by_source,
        };
        ui.label(
            egui::RichText::new(tr!("board-about", weeks = TREND_WEEKS)).color(ctx.tokens.muted),
        );
        self.table_ui(ui, ctx, rows);
    }

    fn table_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, rows: &[BoardRow]) {
        let what = match self.by {
            By::Agent => tr!("dimension-agent"),
            By::Community => tr!("calling-col-community"),
            By::Source => tr!("sources-col-source"),
        };
        let mut open_case = None;
        let body = ui.text_style_height(&egui::TextStyle::Body);
        let mut drawn = BoardTable {
            ctx,
            rows,
            what: &what,
            opened: self.opened.clone(),
        };
        let name = tr!("sales-view-team-board");
        let mut widths = [24.0; COLUMNS];
        // The trend's eight bars of 8 points, and its cell's margins.
        widths[TREND] = 72.0;
        WideTable {
            id_salt: "team-board",
            name: &name,
            min_widths: &widths,
            // The agent (community, source) stays in view when the table scrolls sideways.
            sticky: 1,
            heading_height: 2.0 * body + 8.0,
            row_height: ui.spacing().interact_size.y.max(body) + 6.0,
            rows: rows.len(),
            // The opened row's leads are listed below it.
            fit_height: true,
        }
        .show(ui, &mut drawn);
        self.opened = drawn.opened;
        let ctx = &*ctx;
        // The opened row's leads below the table, side by side: a column of them would widen
        // the table's own columns.
        if let Some(row) = rows
            .iter()
            .find(|r| self.opened.as_deref() == Some(r.name.as_str()))
        {
            ui.add_space(8.0);
            ui.strong(tr!(
                "board-leads-of",
                name = row.name.as_str(),
                count = row.leads.len()
            ));
            // Four to a line, in a grid of their own.
            egui::ScrollArea::vertical()
                .id_salt("team-board-leads")
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    egui::Grid::new("team-board-leads")
                        .num_columns(4)
                        .spacing([24.0, 4.0])
                        .show(ui, |ui| {
                            for (n, (number, name, colour)) in
                                row.leads.iter().take(LEADS_LISTED).enumerate()
                            {
                                ui.horizontal(|ui| {
                                    lead_colour_ui(
                                        ui,
                                        &ctx.tokens,
                                        *colour,
                                        &crate::words::colour(*colour),
                                    );
                                    if ui
                                        .add(egui::Button::new(name).frame(false))
                                        .on_hover_text(tr!("myday-open-case"))
                                        .clicked()
                                    {
                                        open_case = Some(CaseRef::number(number, name));
                                    }
                                });
                                if n % 4 == 3 {
                                    ui.end_row();
                                }
                            }
                        });
                });
            if row.leads.len() > LEADS_LISTED {
                ui.label(tr!("known-more", count = row.leads.len() - LEADS_LISTED));
            }
        }
        if let Some(case) = open_case {
            ctx.send(Command::OpenCase(case));
        }
    }
}

/// The board's columns, and which of them is the trend's.
const COLUMNS: usize = 13;
const TREND: usize = 6;

/// The columns' titles after the first (what the rows are); the long ones on two lines.
fn title(column: usize) -> String {
    match column {
        1 => tr!("board-col-active"),
        2 => tr!("colour-green"),
        3 => tr!("colour-amber"),
        4 => tr!("colour-red"),
        5 => tr!("board-col-engagement"),
        6 => tr!("board-col-trend"),
        7 => tr!("funnel-col-inquiries"),
        8 => tr!("board-col-median"),
        9 => tr!("board-col-1h"),
        10 => tr!("board-col-24h"),
        11 => tr!("funnel-col-toured"),
        12 => tr!("board-col-tours-overdue"),
        _ => String::new(),
    }
}

/// The board as drawn: a row an agent (community, source), one of them opened to its leads.
struct BoardTable<'a, 'c> {
    ctx: &'a AppCtx<'c>,
    rows: &'a [BoardRow],
    what: &'a str,
    opened: Option<String>,
}

impl WideRows for BoardTable<'_, '_> {
    fn heading_text(&self, column: usize) -> String {
        if column == 0 {
            self.what.to_owned()
        } else {
            title(column)
        }
    }

    fn cell_text(&self, row_nr: usize, column: usize) -> String {
        let Some(row) = self.rows.get(row_nr) else {
            return String::new();
        };
        match column {
            0 => format!("⏷ {}", row.name),
            1 => row.active.to_string(),
            2 => format!("✔ {}", row.green),
            3 => row.amber.to_string(),
            4 => format!("⚠ {}", row.red),
            5 => percent(row.score),
            // Bars, as wide as its least width says.
            6 => String::new(),
            7 => row.inquiries.to_string(),
            8 => crate::report::words::median_wait(
                row.median_response_minutes,
                row.inquiries,
                &self.ctx.prefs.lead_rules.hours,
            ),
            9 => percent(row.within_hour),
            10 => percent(row.within_day),
            11 => percent(row.toured),
            _ => format!("{} · {}", row.tours, row.overdue),
        }
    }

    fn heading_ui(&mut self, ui: &mut egui::Ui, column: usize) {
        let shown = if column == 0 {
            self.what.to_owned()
        } else {
            title(column)
        };
        let heading = ui.strong(shown);
        table_a11y::column_header(&heading, column, None);
    }

    fn cell_ui(&mut self, ui: &mut egui::Ui, row_nr: usize, column: usize) {
        let (ctx, Some(row)) = (self.ctx, self.rows.get(row_nr)) else {
            return;
        };
        match column {
            0 => {
                let opened = self.opened.as_deref() == Some(row.name.as_str());
                let name = if row.name.is_empty() {
                    tr!("board-none")
                } else {
                    row.name.clone()
                };
                let mark = if opened { "⏷" } else { "⏵" };
                if ui
                    .add(egui::Button::new(format!("{mark} {name}")).frame(false))
                    .on_hover_text(tr!("board-show-leads"))
                    .clicked()
                {
                    self.opened = (!opened).then(|| row.name.clone());
                }
            }
            1 => {
                ui.label(row.active.to_string());
            }
            2 => {
                crate::widgets::said_ui(ui, ctx.tokens.success, row.green.to_string());
            }
            3 => {
                ui.colored_label(ctx.tokens.partial, row.amber.to_string());
            }
            4 => {
                crate::widgets::problem_ui(ui, ctx.tokens.error, row.red.to_string());
            }
            5 => {
                ui.label(percent(row.score)).on_hover_text(colour_tip());
            }
            6 => {
                trend_ui(ui, ctx, &row.trend);
            }
            7 => {
                ui.label(row.inquiries.to_string());
            }
            8 => {
                ui.label(crate::report::words::median_wait(
                    row.median_response_minutes,
                    row.inquiries,
                    &ctx.prefs.lead_rules.hours,
                ));
            }
            9 => {
                ui.label(percent(row.within_hour));
            }
            10 => {
                ui.label(percent(row.within_day));
            }
            11 => {
                ui.label(percent(row.toured))
                    .on_hover_text(tr!("board-toured-hint"));
            }
            _ => {
                ui.label(format!("{} · {}", row.tours, row.overdue));
            }
        }
    }
}

fn percent(share: Option<f64>) -> String {
    share.map_or("—".to_owned(), |s| format!("{:.0}%", s * 100.0))
}

/// Eight small bars, one a week (none where no lead was green or red), the values on hover.
fn trend_ui(ui: &mut egui::Ui, ctx: &AppCtx, trend: &[Option<f64>]) {
    let height = ui.text_style_height(&egui::TextStyle::Body);
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(8.0 * trend.len() as f32, height),
        egui::Sense::hover(),
    );
    let painter = ui.painter();
    for (k, value) in trend.iter().enumerate() {
        let x = rect.left() + 8.0 * k as f32;
        let filled = value.unwrap_or(0.0) as f32 * height;
        painter.rect_filled(
            egui::Rect::from_min_max(
                egui::pos2(x, rect.bottom() - filled.max(1.0)),
                egui::pos2(x + 6.0, rect.bottom()),
            ),
            1.0,
            if value.is_some() {
                ctx.tokens.occupied
            } else {
                ctx.tokens.muted
            },
        );
    }
    let text: Vec<String> = trend.iter().map(|v| percent(*v)).collect();
    response.on_hover_text(tr!("board-oldest-first", values = text.join(", ")));
}
