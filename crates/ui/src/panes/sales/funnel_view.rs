//! The funnel tab: a period, four bars, a breakdown table; a bar or a count lists its cases,
//! and a case opens from the list.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::NaiveDate;

use super::Derived;
use crate::commands::{CaseRef, Command};
use crate::domain::format::{percent, thousands};
use crate::domain::funnel::{
    BreakdownRow, Dimension, FunnelFigures, Journey, Period, PeriodChoice, Stage, breakdown,
    cohort, figures, reaching,
};
use crate::domain::response_times::{ContactTimes, ResponseFigures, response_figures};
use crate::domain::speed_to_lead::LeadRules;
use crate::engine::asks::{self, Loading};
use crate::panes::AppCtx;
use crate::remote::Slot;
use crate::widgets::text_grid::{GridCell, TextGrid};
use crate::widgets::{date_field, labelled};
use leasedesk_i18n::tr;

/// Cases listed under the table: what was clicked, and which cases it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Selection {
    pub title: String,
    pub cases: Vec<usize>,
}

pub struct FunnelView {
    pub choice: PeriodChoice,
    /// The custom period as typed.
    pub from_text: String,
    pub to_text: String,
    pub dimension: Dimension,
    pub selection: Option<Selection>,
    /// The figures last worked out, and for what (they change only with these).
    computed: Option<(Key, Arc<Computed>)>,
    /// When each case inquired and was first reached (speed to lead beside conversion).
    pub times: Slot<Arc<HashMap<String, ContactTimes>>>,
    times_loading: Arc<Loading>,
    times_asked: bool,
    /// Activities changed: the times are read again when next shown.
    pub times_stale: bool,
    /// Each breakdown row's speed to lead, and what it was worked out from.
    speed: Option<(SpeedKey, Arc<Vec<ResponseFigures>>)>,
}

/// The figures (by address), the times (by address) and the rules the speed was worked out for.
type SpeedKey = (usize, usize, LeadRules);

/// What the figures were worked out for: the period, the breakdown and the data (held, so it
/// cannot be mistaken for a newer load).
type Key = (Period, Dimension, Arc<Derived>);

struct Computed {
    cases: Vec<usize>,
    total: FunnelFigures,
    rows: Vec<BreakdownRow>,
}

impl Default for FunnelView {
    fn default() -> Self {
        FunnelView {
            choice: PeriodChoice::default(),
            from_text: String::new(),
            to_text: String::new(),
            dimension: Dimension::Community,
            selection: None,
            computed: None,
            times: Slot::default(),
            times_loading: Arc::default(),
            times_asked: false,
            times_stale: false,
            speed: None,
        }
    }
}

/// Longest bar, in points.
const BAR_WIDTH: f32 = 420.0;

impl FunnelView {
    /// The chosen period, or why a custom one cannot be read.
    pub fn period(&self, today: NaiveDate) -> Result<Period, String> {
        if let Some(p) = self.choice.period(today) {
            return Ok(p);
        }
        let parse = |text: &str, which: &str| {
            crate::domain::dates::read_day(text, today).map_err(|problem| {
                let why = crate::dates::day_problem(text, problem);
                match which {
                    "first" => tr!("funnel-first-day", why = why),
                    _ => tr!("funnel-last-day", why = why),
                }
            })
        };
        let from = parse(&self.from_text, "first")?;
        let to = parse(&self.to_text, "last")?;
        if to < from {
            return Err(tr!("funnel-last-before-first"));
        }
        Ok(Period { from, to })
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, derived: &Arc<Derived>) {
        let before = (self.choice, self.dimension);
        self.controls_ui(ui, ctx.today(), ctx.tokens.error);
        let period = self.period(ctx.today());
        if (self.choice, self.dimension) != before {
            self.selection = None;
        }
        let period = match period {
            Ok(p) => p,
            Err(message) => {
                crate::widgets::problem_ui(ui, ctx.tokens.error, message);
                return;
            }
        };
        self.keep_times(ctx);
        let journeys = &derived.journeys;
        let computed = match &self.computed {
            Some(((p, d, from), c))
                if *p == period && *d == self.dimension && Arc::ptr_eq(from, derived) =>
            {
                c.clone()
            }
            _ => {
                let cases = cohort(journeys, period);
                let c = Arc::new(Computed {
                    total: figures(journeys, &cases),
                    rows: breakdown(journeys, &derived.facts, &cases, self.dimension),
                    cases,
                });
                self.computed = Some(((period, self.dimension, derived.clone()), c.clone()));
                c
            }
        };
        let (cases, total) = (&computed.cases, &computed.total);
        ui.label(
            egui::RichText::new(tr!(
                "funnel-entered",
                cases = cases.len(),
                from = crate::dates::day(period.from),
                to = crate::dates::day(period.to)
            ))
            .color(ctx.tokens.muted),
        );
        ui.add_space(6.0);
        if let Some(stage) = bars_ui(ui, total) {
            self.selection = Some(Selection {
                title: tr!("funnel-reached", stage = crate::words::stage(stage)),
                cases: reaching(journeys, cases, stage),
            });
        }
        ui.add_space(10.0);
        let rows = &computed.rows;
        egui::ScrollArea::vertical()
            .id_salt("funnel-scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                let speed = self.speed_rows(ctx, &computed, journeys);
                let speed = speed
                    .as_deref()
                    .map(|rows| (rows.as_slice(), &ctx.prefs.lead_rules.hours));
                if let Some(picked) = breakdown_ui(ui, self.dimension, rows, journeys, speed) {
                    self.selection = Some(picked);
                }
                if let Some(selection) = &self.selection {
                    ui.add_space(10.0);
                    selection_ui(ui, ctx, selection, journeys);
                }
            });
    }

    /// Each breakdown row's speed to lead, once the times are in (worked out again only when
    /// the rows, the times or the rules change).
    fn speed_rows(
        &mut self,
        ctx: &AppCtx,
        computed: &Arc<Computed>,
        journeys: &[Journey],
    ) -> Option<Arc<Vec<ResponseFigures>>> {
        let times = self.times.state.value()?.clone();
        let rules = &ctx.prefs.lead_rules;
        let key = (
            Arc::as_ptr(computed) as usize,
            Arc::as_ptr(&times) as usize,
            rules.clone(),
        );
        if let Some((known, rows)) = &self.speed
            && *known == key
        {
            return Some(rows.clone());
        }
        let rows: Arc<Vec<ResponseFigures>> = Arc::new(
            computed
                .rows
                .iter()
                .map(|r| response_figures(journeys, &r.cases, &times, rules, ctx.zone))
                .collect(),
        );
        self.speed = Some((key, rows.clone()));
        Some(rows)
    }

    /// Reads when each case inquired and was first reached, once (and again after a change).
    pub(super) fn keep_times(&mut self, ctx: &AppCtx) {
        if (!self.times_asked || self.times_stale) && !self.times.state.is_pending() {
            self.times_asked = true;
            self.times_stale = false;
            let (loading, now) = (self.times_loading.clone(), ctx.now);
            self.times
                .ask(ctx.backend, asks::sales::contact_times(now, loading));
        }
        self.times.poll_read(ctx.backend);
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui, today: NaiveDate, error: egui::Color32) {
        ui.horizontal_wrapped(|ui| {
            self.period_ui(ui, today, error);
            ui.add_space(12.0);
            labelled(ui, &tr!("funnel-broken-down"), |ui| {
                crate::widgets::keyboard_combo(
                    ui,
                    egui::ComboBox::from_id_salt("funnel-dimension")
                        .selected_text(crate::words::dimension(self.dimension)),
                    |ui| {
                        for d in Dimension::ALL {
                            ui.selectable_value(&mut self.dimension, d, crate::words::dimension(d));
                        }
                    },
                )
                .response
            });
        });
    }

    /// The period's choice (and, for a custom one, its days); the referral sources use it too.
    pub(super) fn period_ui(&mut self, ui: &mut egui::Ui, today: NaiveDate, error: egui::Color32) {
        {
            labelled(ui, &tr!("funnel-period"), |ui| {
                crate::widgets::keyboard_combo(
                    ui,
                    egui::ComboBox::from_id_salt("funnel-period")
                        .selected_text(crate::words::period_choice(self.choice)),
                    |ui| {
                        for choice in PeriodChoice::ALL {
                            ui.selectable_value(
                                &mut self.choice,
                                choice,
                                crate::words::period_choice(choice),
                            );
                        }
                    },
                )
                .response
            });
            if self.choice == PeriodChoice::Custom {
                if self.from_text.is_empty() {
                    self.from_text = (today - chrono::Days::new(89)).to_string();
                    self.to_text = crate::dates::typed_day(today);
                }
                date_field(ui, &tr!("funnel-from"), &mut self.from_text, today, error);
                date_field(ui, &tr!("funnel-to"), &mut self.to_text, today, error);
            }
        }
    }
}

/// The four stages as bars as long as their counts; a click on one says which.
fn bars_ui(ui: &mut egui::Ui, f: &FunnelFigures) -> Option<Stage> {
    let mut clicked = None;
    let most = f.reached[0].max(1) as f32;
    let fill = ui.visuals().selection.bg_fill;
    let text = ui.visuals().selection.stroke.color;
    let track = ui.visuals().faint_bg_color;
    let plain = ui.visuals().text_color();
    // Narrower when zoomed in a small window, so the shares after the bars stay in view.
    let bar_width = BAR_WIDTH.min(ui.available_width() * 0.55);
    for stage in Stage::ALL {
        ui.horizontal(|ui| {
            let n = f.reached[stage.index()];
            // The bar is exactly to scale; its words sit inside when they fit, else after it.
            let width = n as f32 / most * bar_width;
            let label = tr!("funnel-bar", stage = crate::words::stage(stage), cases = n);
            let (rect, response) =
                ui.allocate_exact_size(egui::vec2(bar_width, 26.0), egui::Sense::click());
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
            let painter = ui.painter();
            painter.rect_filled(rect, 3.0, track);
            let bar = egui::Rect::from_min_size(rect.min, egui::vec2(width, rect.height()));
            painter.rect_filled(bar, 3.0, fill);
            let font = egui::TextStyle::Button.resolve(ui.style());
            let wide = painter
                .layout_no_wrap(label.clone(), font.clone(), text)
                .size()
                .x;
            let (at, color) = if wide + 16.0 <= width {
                (bar.left_center() + egui::vec2(8.0, 0.0), text)
            } else {
                (egui::pos2(bar.right() + 8.0, rect.center().y), plain)
            };
            let galley = painter.layout_no_wrap(label.clone(), font, color);
            painter.galley(at - egui::vec2(0.0, galley.size().y / 2.0), galley, color);
            if response.hovered() {
                ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
            }
            if response.on_hover_text(tr!("funnel-bar-hint")).clicked() {
                clicked = Some(stage);
            }
            if stage.index() > 0 {
                let i = stage.index() - 1;
                ui.label(match f.median_days[i] {
                    Some(d) => tr!(
                        "funnel-of-before-median",
                        share = percent(f.conversion[i]),
                        days = format!("{d:.0}")
                    ),
                    None => tr!("funnel-of-before", share = percent(f.conversion[i])),
                });
            }
        });
    }
    clicked
}

/// One row per community (agent, source, campaign); a count lists its cases.
fn breakdown_ui(
    ui: &mut egui::Ui,
    by: Dimension,
    rows: &[BreakdownRow],
    journeys: &[Journey],
    speed: Option<(
        &[ResponseFigures],
        &crate::domain::speed_to_lead::BusinessHours,
    )>,
) -> Option<Selection> {
    let mut picked = None;
    let by_name = tr!(
        "funnel-by",
        dimension = crate::words::dimension(by).to_lowercase()
    );
    ui.strong(&by_name);
    let mut grid = TextGrid::new([
        crate::words::dimension(by),
        tr!("funnel-col-inquiries"),
        tr!("funnel-col-tours"),
        tr!("funnel-col-deposits"),
        tr!("funnel-col-move-ins"),
        tr!("funnel-col-toured"),
        tr!("funnel-col-deposit"),
        tr!("funnel-col-moved-in"),
        tr!("funnel-col-median"),
        tr!("funnel-col-1h"),
        tr!("funnel-col-24h"),
    ])
    .tip_from(8, &tr!("funnel-speed-tip"));
    for (n, row) in rows.iter().enumerate() {
        let key = crate::report::words::row_key(&row.key);
        let mut cells = vec![GridCell::text(&key)];
        for stage in Stage::ALL {
            let count = row.figures.reached[stage.index()];
            cells.push(GridCell::link(
                thousands(count as u64),
                tr!(
                    "funnel-list",
                    key = key.as_str(),
                    stage = crate::words::stage(stage)
                ),
            ));
        }
        for share in row.figures.conversion {
            cells.push(GridCell::text(percent(share)));
        }
        match speed.and_then(|(figures, hours)| Some((figures.get(n)?, hours))) {
            Some((f, hours)) => {
                cells.push(GridCell::text(crate::report::words::median_wait(
                    f.median_minutes,
                    f.known,
                    hours,
                )));
                cells.push(GridCell::text(percent(f.within_hour)));
                cells.push(GridCell::text(percent(f.within_day)));
            }
            None => cells.extend((0..3).map(|_| GridCell::text("…"))),
        }
        grid.row(cells);
    }
    if let Some((n, column)) = grid.show(ui, "funnel-breakdown", &by_name, 1)
        && let (Some(row), Some(stage)) = (rows.get(n), Stage::ALL.get(column.wrapping_sub(1)))
    {
        picked = Some(Selection {
            title: tr!(
                "funnel-key-reached",
                key = crate::report::words::row_key(&row.key),
                stage = crate::words::stage(*stage)
            ),
            cases: reaching(journeys, &row.cases, *stage),
        });
    }
    if rows.is_empty() {
        ui.label(tr!("funnel-none"));
    }
    picked
}

/// The listed cases, each opening its case.
fn selection_ui(ui: &mut egui::Ui, ctx: &AppCtx, selection: &Selection, journeys: &[Journey]) {
    ui.strong(tr!(
        "funnel-selection",
        title = selection.title.as_str(),
        cases = selection.cases.len()
    ));
    let mut grid = TextGrid::new([
        tr!("details-name"),
        tr!("details-case"),
        crate::words::stage(Stage::Inquiry),
        crate::words::stage(Stage::Tour),
        crate::words::stage(Stage::Deposit),
        crate::words::stage(Stage::MoveIn),
    ]);
    for &i in &selection.cases {
        let Some(j) = journeys.get(i) else { continue };
        let mut cells = vec![
            GridCell::link(&j.name, tr!("myday-open-case")),
            GridCell::text(&j.case_number),
        ];
        for day in j.dates {
            cells.push(GridCell::text(
                day.map_or("—".to_owned(), crate::dates::day),
            ));
        }
        grid.row(cells);
    }
    if let Some((row, _)) = grid.show(ui, "funnel-selection", &selection.title, 1)
        && let Some(j) = selection.cases.get(row).and_then(|&i| journeys.get(i))
    {
        ctx.send(Command::OpenCase(CaseRef {
            case_number: j.case_number.clone(),
            name: j.name.clone(),
            known: None,
        }));
    }
}
