//! Referral sources: per market source, the funnel's period's inquiries, tours and move-ins,
//! the conversion and days to move in, and what a paid source's move-ins cost at its fee.

use std::sync::Arc;

use super::Derived;
use crate::domain::format::{self, money, percent, thousands};
use crate::domain::funnel::{Period, cohort};
use crate::domain::referral::PaidSource;
use crate::domain::source_returns::{SourceReturn, source_returns};
use crate::panes::AppCtx;
use crate::widgets::table_a11y;
use crate::widgets::wide_table::{WideRows, WideTable};

/// Inquiries … cost per move-in, and the source.
const COLUMNS: [&str; 9] = [
    "Source",
    "Inquiries",
    "Tours",
    "Move-ins",
    "Conversion",
    "Median days\nto move-in",
    "Fee",
    "Fees owed",
    "Cost per\nmove-in",
];

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
        egui::RichText::new(format!(
            "{} cases entered the funnel from {} to {} (the Funnel tab's period). Fees are the \
             paid sources' terms in Settings, a share of the first month's rent (the move-in \
             contract's monthly fee) or a fixed amount a move-in.",
            thousands(cases as u64),
            period.from.format(format::DAY),
            period.to.format(format::DAY)
        ))
        .color(ctx.tokens.muted),
    );
    let body = ui.text_style_height(&egui::TextStyle::Body);
    WideTable {
        id_salt: "sources",
        name: "Referral sources",
        min_widths: &[24.0; COLUMNS.len()],
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
        COLUMNS
            .get(column)
            .map_or(String::new(), |t| (*t).to_owned())
    }

    fn cell_text(&self, row: usize, column: usize) -> String {
        let Some(line) = self.lines.get(row) else {
            return String::new();
        };
        match column {
            0 => line.source.clone(),
            1 => line.inquiries.to_string(),
            2 => line.tours.to_string(),
            3 => line.move_ins.to_string(),
            4 => percent(line.conversion),
            5 => line
                .median_days_to_move_in
                .map_or("—".to_owned(), |d| d.to_string()),
            6 => line.fee.clone().unwrap_or_else(|| "not paid".into()),
            7 => line.fees_owed.map_or("—".to_owned(), money),
            _ => line.cost_per_move_in.map_or("—".to_owned(), money),
        }
    }

    fn heading_ui(&mut self, ui: &mut egui::Ui, column: usize) {
        if let Some(title) = COLUMNS.get(column) {
            let heading = ui.strong(*title);
            table_a11y::column_header(&heading, column, None);
        }
    }

    fn cell_ui(&mut self, ui: &mut egui::Ui, row: usize, column: usize) {
        let Some(line) = self.lines.get(row) else {
            return;
        };
        match column {
            0 => {
                ui.label(&line.source);
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
                ui.label(line.fee.as_deref().unwrap_or("not paid"));
            }
            7 => {
                let owed = ui.label(line.fees_owed.map_or("—".to_owned(), money));
                if line.rent_unknown > 0 {
                    owed.on_hover_text(format!(
                        "{} move-ins have no contract rent on record: their share-of-rent fee is \
                         not counted",
                        line.rent_unknown
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
