//! Sales: the director's desk. The funnel (inquiries to tours, deposits and move-ins, by
//! community, agent, source or campaign) and the census forecast for the next 90 days, both
//! computed in `domain` from reads the service offers; and the weekly report as a PDF.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::{AppCtx, Change, Pane};
use crate::domain::census::{Forecast, forecast};
use crate::domain::funnel::{CaseFacts, Journey, Stage, furthest_by_case, journeys};
use crate::domain::report::{FORECAST_DAYS, case_facts};
use crate::engine::asks::{self, Loading, ReportData};
use crate::files;
use crate::remote::{Slot, StatusRow, status_row_ui};

mod benchmarks_view;
mod calls_view;
mod forecast_view;
mod funnel_view;
mod lost_view;
mod partners_view;
mod region_view;
mod sources_view;
mod team_board_view;

pub use funnel_view::FunnelView;
pub use lost_view::LostView;
pub use team_board_view::TeamBoardView;

/// Sales' views (the palette opens each; so they are the navigation's words).
pub use crate::nav::SalesView as Tab;

/// What the screens draw from, worked out once per load.
pub struct Derived {
    pub journeys: Arc<Vec<Journey>>,
    pub facts: Arc<HashMap<String, CaseFacts>>,
    pub stages: Arc<HashMap<String, Stage>>,
    pub forecast: Forecast,
    /// The day the journeys and the forecast were computed for.
    pub today: chrono::NaiveDate,
    /// Each case's first month's rent (the fees a share of it).
    pub first_month: Arc<HashMap<String, f64>>,
    /// Contracts' move dates (move-ins per move-out).
    pub moves: Arc<Vec<crate::domain::benchmarks::MoveDates>>,
}

impl Derived {
    fn of(data: &ReportData, today: chrono::NaiveDate) -> Self {
        // Worked out by the engine from the store (for this day), or here from the lists.
        let done = data.worked_out.as_ref().filter(|done| done.as_of == today);
        let (journeys, facts) = match done {
            Some(done) => (done.journeys.clone(), done.facts.clone()),
            None => (
                Arc::new(journeys(&data.activities, &data.contracts, today)),
                Arc::new(case_facts(&data.cases, &data.members, &data.activities)),
            ),
        };
        let forecast = match done.and_then(|done| done.forecast.as_ref()) {
            Some(forecast) => Forecast::clone(forecast),
            None => forecast(&data.units, &data.contracts, today, FORECAST_DAYS),
        };
        let first_month = match done.and_then(|done| done.first_month.clone()) {
            Some(first_month) => first_month,
            None => Arc::new(crate::domain::source_returns::first_months(&data.contracts)),
        };
        let moves = match done.and_then(|done| done.moves.clone()) {
            Some(moves) => moves,
            None => Arc::new(crate::domain::benchmarks::moves_of(&data.contracts)),
        };
        Derived {
            moves,
            stages: Arc::new(furthest_by_case(&journeys)),
            facts,
            forecast,
            first_month,
            journeys,
            today,
        }
    }
}

#[derive(Default)]
pub struct Sales {
    pub tab: Tab,
    data: Slot<Arc<ReportData>>,
    loading: Arc<Loading>,
    /// Worked out from the data shown, with the data it came from.
    derived: Option<(Arc<ReportData>, Arc<Derived>)>,
    pub funnel: FunnelView,
    pub team: TeamBoardView,
    pub lost: LostView,
    sources: sources_view::SourcesView,
    pub calls: calls_view::CallsView,
    benchmarks: benchmarks_view::BenchmarksView,
    pub partners: partners_view::PartnersView,
    pub region: region_view::RegionView,
    export: files::Status,
    building: Slot<Arc<Vec<u8>>>,
    /// A write changed what the figures come from: read again (showing these meanwhile).
    stale: bool,
    /// The palette asked for the weekly report: built on the next frame.
    pub report_asked: bool,
}

impl Sales {
    /// Starts the read if nothing is loaded (the Search table's Stage column needs it too).
    pub fn keep_loaded(&mut self, ctx: &AppCtx) {
        let today = ctx.today();
        if matches!(self.data.state, crate::remote::Remote::Idle) {
            self.read(ctx);
        }
        self.data.poll_read(ctx.backend);
        // Worked out for another day (the date changed while open): read as of today.
        let old_day = self
            .data
            .state
            .value()
            .and_then(|d| d.worked_out.as_ref())
            .is_some_and(|done| done.as_of != today);
        if (self.stale || old_day) && !self.data.state.is_pending() {
            self.stale = false;
            self.read(ctx);
        }
        self.derive(today);
    }

    /// Reads the figures as of today. Not kept as an answer: once the store is filled they
    /// come from it, and a portal's worth written whole after every read cost more than it
    /// saved.
    fn read(&mut self, ctx: &AppCtx) {
        let (loading, today) = (self.loading.clone(), ctx.today());
        self.data
            .ask(ctx.backend, asks::sales::sales_data(loading, today));
    }

    /// Activities or contracts changed: the figures are read again when next shown.
    pub fn mark_stale(&mut self) {
        if self.is_loading_or_loaded() {
            self.stale = true;
        }
        self.team.stale = true;
        self.lost.stale = true;
        self.calls.stale = true;
        self.region.stale = true;
        self.funnel.times_stale = true;
    }

    pub fn is_loading_or_loaded(&self) -> bool {
        !matches!(self.data.state, crate::remote::Remote::Idle)
    }

    /// The furthest stage of every case, once the data is in.
    pub fn stages(&self) -> Option<Arc<HashMap<String, Stage>>> {
        self.derived.as_ref().map(|(_, d)| d.stages.clone())
    }

    /// "Beside the industry"'s rows as last shown.
    pub fn benchmark_rows(&self) -> Option<Arc<Vec<crate::domain::benchmarks::BenchmarkRow>>> {
        self.benchmarks.shown()
    }

    pub fn derived(&self) -> Option<Arc<Derived>> {
        self.derived.as_ref().map(|(_, d)| d.clone())
    }

    fn derive(&mut self, today: chrono::NaiveDate) {
        let Some(data) = self.data.state.value() else {
            return;
        };
        let fresh = self
            .derived
            .as_ref()
            .is_some_and(|(from, d)| Arc::ptr_eq(from, data) && d.today == today);
        if !fresh {
            self.derived = Some((data.clone(), Arc::new(Derived::of(data, today))));
        }
    }

    fn toolbar_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.horizontal_wrapped(|ui| {
            ui.heading(leasedesk_i18n::tr!("nav-sales"));
            ui.add_space(12.0);
            for tab in Tab::ALL {
                ui.selectable_value(&mut self.tab, tab, tab.label());
            }
            ui.add_space(12.0);
            if ui
                .add_enabled(
                    !self.data.state.is_pending(),
                    egui::Button::new(leasedesk_i18n::tr!("case-refresh")),
                )
                .clicked()
            {
                self.read(ctx);
                // Region reads every portal's offline copy again too.
                self.region.stale = true;
            }
            let building = self.building.state.is_pending();
            if ui
                .add_enabled(
                    !building,
                    egui::Button::new(leasedesk_i18n::tr!("sales-export-report")),
                )
                .on_hover_text(leasedesk_i18n::tr!("sales-export-report-hint"))
                .clicked()
            {
                self.build_report(ctx);
            }
            if building {
                crate::widgets::spinner_ui(ui);
                ui.label(leasedesk_i18n::tr!("sales-building-report"));
            }
            files::status_line_ui(ui, &self.export, ctx.tokens.muted, false);
        });
        self.building
            .status_ui(ui, ctx, &leasedesk_i18n::tr!("sales-the-report"));
    }

    fn build_report(&mut self, ctx: &AppCtx) {
        let today = ctx.today();
        let label = ctx.portal_label();
        let settings = crate::domain::report::ReportSettings {
            lead_rules: ctx.prefs.lead_rules.clone(),
            benchmark_targets: ctx.prefs.benchmark_targets.clone(),
        };
        self.building.ask(
            ctx.backend,
            asks::sales::weekly_report_pdf(
                label,
                today,
                ctx.now,
                settings,
                leasedesk_i18n::language(),
            ),
        );
    }

    /// When the report is built, asks where to save it.
    fn save_built(&mut self, ctx: &AppCtx) {
        if !self.building.poll() {
            return;
        }
        if let Some(bytes) = self.building.state.value().cloned() {
            let name = format!("weekly-report-{}.pdf", ctx.today());
            files::save_bytes(
                ctx.backend,
                &name,
                crate::files::FileKind::Pdf,
                leasedesk_i18n::tr!("sales-the-weekly-report"),
                self.export.clone(),
                bytes,
            );
        }
    }
}

impl Pane for Sales {
    fn reset(&mut self) {
        // Another portal: its figures, on the tab the user was on (a Region row's "Open").
        let tab = self.tab;
        *self = Sales::default();
        self.tab = tab;
    }

    fn shows(&self) -> &'static [Change] {
        &[Change::Activities, Change::Contracts]
    }

    fn changed(&mut self, _: Change, _: &AppCtx) {
        self.mark_stale();
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.keep_loaded(ctx);
        if std::mem::take(&mut self.report_asked) && !self.building.state.is_pending() {
            self.build_report(ctx);
        }
        self.save_built(ctx);
        self.toolbar_ui(ui, ctx);
        if self.tab == Tab::TeamBoard {
            ui.separator();
            self.team.ui(ui, ctx);
            return;
        }
        if self.tab == Tab::LostLeads {
            ui.separator();
            self.lost.ui(ui, ctx);
            return;
        }
        if self.tab == Tab::Calls {
            ui.separator();
            self.calls.ui(ui, ctx);
            return;
        }
        if self.tab == Tab::Region {
            ui.separator();
            self.region.ui(ui, ctx);
            return;
        }
        if self.data.state.is_pending() {
            // The same one-row scope as the status line it stands in for.
            let text = leasedesk_i18n::tr!(
                "sales-reading",
                count = self.loading.loaded.load(Ordering::SeqCst)
            );
            ui.push_id("remote status", |ui| {
                status_row_ui(ui, StatusRow::progress(text, ctx))
            });
        } else {
            self.data
                .status_ui(ui, ctx, &leasedesk_i18n::tr!("sales-the-figures"));
        }
        let Some(derived) = self.derived() else {
            return;
        };
        ui.separator();
        match self.tab {
            Tab::Funnel => self.funnel.ui(ui, ctx, &derived),
            Tab::Forecast => forecast_view::forecast_ui(ui, ctx, &derived.forecast),
            Tab::Sources => {
                ui.horizontal_wrapped(|ui| {
                    self.funnel.period_ui(ui, ctx.today(), ctx.tokens.error)
                });
                let period = self.funnel.period(ctx.today());
                self.sources.ui(ui, ctx, &derived, period)
            }
            Tab::Benchmarks => {
                self.funnel.keep_times(ctx);
                let times = self.funnel.times.state.value().cloned();
                self.benchmarks.ui(ui, ctx, &derived, times.as_ref());
            }
            Tab::Partners => self.partners.ui(ui, ctx, &derived),
            Tab::TeamBoard | Tab::LostLeads | Tab::Calls | Tab::Region => {}
        }
    }
}

impl Sales {
    pub fn save_filters(&self, f: &mut crate::prefs::PaneFilters) {
        f.sales_period = self.funnel.choice.label().to_owned();
        f.sales_dimension = self.funnel.dimension.label().to_owned();
    }

    pub fn restore_filters(&mut self, f: &crate::prefs::PaneFilters) {
        use crate::domain::funnel::{Dimension, PeriodChoice};
        if let Some(choice) = PeriodChoice::ALL
            .into_iter()
            .find(|c| c.label() == f.sales_period)
        {
            self.funnel.choice = choice;
        }
        if let Some(d) = Dimension::ALL
            .into_iter()
            .find(|d| d.label() == f.sales_dimension)
        {
            self.funnel.dimension = d;
        }
    }
}
