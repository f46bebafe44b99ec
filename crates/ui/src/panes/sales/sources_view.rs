//! Referral sources: per market source, the funnel's period's inquiries, tours and move-ins,
//! the conversion and days to move in, and what a paid source's move-ins cost at its fee.

use std::sync::Arc;

use super::Derived;
use crate::domain::format::{self, money, percent, thousands};
use crate::domain::funnel::{Period, cohort};
use crate::domain::referral::PaidSource;
use crate::domain::source_returns::{SourceReturn, source_returns};
use crate::panes::AppCtx;

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
    egui::ScrollArea::both()
        .id_salt("sources")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            egui::Grid::new("sources-grid")
                .num_columns(COLUMNS.len())
                .striped(true)
                // Every column in view at 1000 px wide: narrow gaps, long titles on two lines.
                .spacing([10.0, 6.0])
                .show(ui, |ui| {
                    for title in COLUMNS {
                        ui.strong(title);
                    }
                    ui.end_row();
                    for line in lines {
                        line_ui(ui, ctx, line);
                        ui.end_row();
                    }
                });
        });
}

fn line_ui(ui: &mut egui::Ui, ctx: &AppCtx, line: &SourceReturn) {
    ui.label(&line.source);
    ui.label(line.inquiries.to_string());
    ui.label(line.tours.to_string());
    ui.label(line.move_ins.to_string());
    ui.label(percent(line.conversion));
    ui.label(
        line.median_days_to_move_in
            .map_or("—".to_owned(), |d| d.to_string()),
    );
    ui.label(line.fee.as_deref().unwrap_or("not paid"));
    let owed = ui.label(line.fees_owed.map_or("—".to_owned(), money));
    if line.rent_unknown > 0 {
        owed.on_hover_text(format!(
            "{} move-ins have no contract rent on record: their share-of-rent fee is not counted",
            line.rent_unknown
        ));
    }
    let cost = line.cost_per_move_in.map_or("—".to_owned(), money);
    if line.cost_per_move_in.is_some() {
        ui.colored_label(ctx.tokens.warning, cost);
    } else {
        ui.label(cost);
    }
}
