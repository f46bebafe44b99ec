//! Referral sources: per market source, the funnel's period's inquiries, tours and move-ins,
//! the conversion and days to move in, and what a paid source's move-ins cost at its fee.

use std::sync::Arc;

use super::Derived;
use crate::domain::format::{money, percent};
use crate::domain::funnel::{Period, cohort};
use crate::domain::referral::PaidSource;
use crate::domain::source_returns::{SourceReturn, source_returns};
use crate::panes::AppCtx;
use crate::widgets::table_a11y;
use crate::widgets::wide_table::{WideRows, WideTable};

/// Inquiries … cost per move-in, and the source.
const COLUMNS: usize = 9;

fn heading(column: usize) -> Option<String> {
    use leasedesk_i18n::tr;
    Some(match column {
        0 => tr!("sources-col-source"),
        1 => tr!("funnel-col-inquiries"),
        2 => tr!("funnel-col-tours"),
        3 => tr!("funnel-col-move-ins"),
        4 => tr!("sources-col-conversion"),
        5 => tr!("sources-col-median-days"),
        6 => tr!("sources-col-fee"),
        7 => tr!("sources-col-fees-owed"),
        8 => tr!("sources-col-cost"),
        _ => return None,
    })
}

/// The lines shown, and what they were worked out for (the figures by address, the period,
/// the paid sources): they are worked out again only when one of these changes.
#[derive(Default)]
pub struct SourcesView {
    computed: Option<(SourcesKey, Arc<Lines>)>,
}

type SourcesKey = (usize, Period, Vec<PaidSource>);
/// The period's case count, and a line a source.
type Lines = (usize, Vec<SourceReturn>);

impl SourcesView {
    /// The period's case count and its lines.
    fn lines(&mut self, derived: &Arc<Derived>, period: Period, paid: &[PaidSource]) -> Arc<Lines> {
        let key = (Arc::as_ptr(derived) as usize, period, paid.to_vec());
        if let Some((known, lines)) = &self.computed
            && *known == key
        {
            return lines.clone();
        }
        let cases = cohort(&derived.journeys, period);
        let lines = source_returns(
            &derived.journeys,
            &derived.facts,
            &cases,
            &derived.first_month,
            paid,
        );
        let computed = Arc::new((cases.len(), lines));
        self.computed = Some((key, computed.clone()));
        computed
    }

    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut AppCtx,
        derived: &Arc<Derived>,
        period: Result<Period, String>,
    ) {
        let period = match period {
            Ok(p) => p,
            Err(message) => {
                crate::widgets::problem_ui(ui, ctx.tokens.error, message);
                return;
            }
        };
        let computed = self.lines(derived, period, &ctx.prefs.lead_rules.paid_sources);
        sources_ui(ui, ctx, period, computed.0, &computed.1);
    }
}

fn sources_ui(
    ui: &mut egui::Ui,
    ctx: &AppCtx,
    period: Period,
    cases: usize,
    lines: &[SourceReturn],
) {
    ui.label(
        egui::RichText::new(leasedesk_i18n::tr!(
            "sources-about",
            cases = cases,
            from = crate::dates::day(period.from),
            to = crate::dates::day(period.to)
        ))
        .color(ctx.tokens.muted),
    );
    let body = ui.text_style_height(&egui::TextStyle::Body);
    let name = leasedesk_i18n::tr!("sales-view-sources");
    WideTable {
        id_salt: "sources",
        name: &name,
        min_widths: &[24.0; COLUMNS],
        // The source stays in view when the table scrolls sideways.
        sticky: 1,
        heading_height: 2.0 * body + 8.0,
        row_height: body + 10.0,
        rows: lines.len(),
        fit_height: false,
    }
    .show(ui, &mut SourceLines { ctx, lines });
}

/// The table as drawn: a line a source.
struct SourceLines<'a> {
    ctx: &'a AppCtx<'a>,
    lines: &'a [SourceReturn],
}

impl WideRows for SourceLines<'_> {
    fn heading_text(&self, column: usize) -> String {
        heading(column).unwrap_or_default()
    }

    fn cell_text(&self, row: usize, column: usize) -> String {
        let Some(line) = self.lines.get(row) else {
            return String::new();
        };
        match column {
            0 => crate::report::words::row_key(&line.source),
            1 => line.inquiries.to_string(),
            2 => line.tours.to_string(),
            3 => line.move_ins.to_string(),
            4 => percent(line.conversion),
            5 => line
                .median_days_to_move_in
                .map_or("—".to_owned(), |d| d.to_string()),
            6 => line
                .fee
                .clone()
                .unwrap_or_else(|| leasedesk_i18n::tr!("sources-not-paid")),
            7 => line.fees_owed.map_or("—".to_owned(), money),
            _ => line.cost_per_move_in.map_or("—".to_owned(), money),
        }
    }

    fn heading_ui(&mut self, ui: &mut egui::Ui, column: usize) {
        if let Some(title) = heading(column) {
            let shown = ui.strong(title);
            table_a11y::column_header(&shown, column, None);
        }
    }

    fn cell_ui(&mut self, ui: &mut egui::Ui, row: usize, column: usize) {
        let Some(line) = self.lines.get(row) else {
            return;
        };
        match column {
            0 => {
                ui.label(crate::report::words::row_key(&line.source));
            }
            1 => {
                ui.label(line.inquiries.to_string());
            }
            2 => {
                ui.label(line.tours.to_string());
            }
            3 => {
                ui.label(line.move_ins.to_string());
            }
            4 => {
                ui.label(percent(line.conversion));
            }
            5 => {
                ui.label(
                    line.median_days_to_move_in
                        .map_or("—".to_owned(), |d| d.to_string()),
                );
            }
            6 => {
                ui.label(
                    line.fee
                        .clone()
                        .unwrap_or_else(|| leasedesk_i18n::tr!("sources-not-paid")),
                );
            }
            7 => {
                let owed = ui.label(line.fees_owed.map_or("—".to_owned(), money));
                if line.rent_unknown > 0 {
                    owed.on_hover_text(leasedesk_i18n::tr!(
                        "sources-rent-unknown",
                        count = line.rent_unknown
                    ));
                }
            }
            _ => {
                let cost = line.cost_per_move_in.map_or("—".to_owned(), money);
                if line.cost_per_move_in.is_some() {
                    ui.colored_label(self.ctx.tokens.warning, cost);
                } else {
                    ui.label(cost);
                }
            }
        }
    }
}
