//! Unit inventory for directors: every unit with its occupancy from active contracts, as a
//! board of tiles or a table, filtered by community, care group, floor plan and vacancy; the
//! occupancy summary; unit creation and CSV import. Opening a unit shows its contract history
//! and transactions.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};

use super::occupancy_report;
use super::unit_board;
use super::unit_detail::UnitDetail;
use super::unit_form::UnitForm;
use super::unit_import::UnitImport;
use super::{AppCtx, community_combo, error_line, steady_combo};
use crate::api::model::{
    Community, HousingContract, HousingContractQuery, TypeList, TypeQuery, TypeRecord, Unit,
    UnitQuery,
};
use crate::api::{ApiError, Client};
use crate::domain::occupancy::{
    OccupancySummary, UnitOccupancy, UnitState, natural_number, summarize, unit_occupancy,
    write_units_csv,
};
use crate::ui::files;
use crate::ui::remote::Slot;

/// Everything inventory and the move-in wizard read: loaded together, shared without copying.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InventoryData {
    pub communities: Vec<Community>,
    pub units: Vec<Unit>,
    pub contracts: Vec<HousingContract>,
    pub care_groups: Vec<TypeRecord>,
    pub floor_plans: Vec<TypeRecord>,
}

/// Reads communities, units, every contract and the two value lists at once.
pub async fn load(client: Client) -> Result<Arc<InventoryData>, ApiError> {
    let (all_units, all_contracts) = (UnitQuery::default(), HousingContractQuery::default());
    let care = TypeQuery::list(TypeList::CareGroupType);
    let plans = TypeQuery::list(TypeList::FloorPlanGroupType);
    let (communities, mut units, contracts, care_groups, floor_plans) = tokio::try_join!(
        client.communities(),
        client.units(&all_units),
        client.housing_contracts(&all_contracts),
        client.types(&care),
        client.types(&plans),
    )?;
    units.sort_by(|a, b| {
        (a.community_name.as_str(), natural_number(&a.number))
            .cmp(&(b.community_name.as_str(), natural_number(&b.number)))
    });
    Ok(Arc::new(InventoryData {
        communities,
        units,
        contracts,
        care_groups,
        floor_plans,
    }))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Board,
    Table,
    Summary,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vacancy {
    All,
    Vacant,
    WithRoom,
    Full,
}

impl Vacancy {
    const ALL: [Vacancy; 4] = [
        Vacancy::All,
        Vacancy::Vacant,
        Vacancy::WithRoom,
        Vacancy::Full,
    ];

    fn label(self) -> &'static str {
        match self {
            Vacancy::All => "Any occupancy",
            Vacancy::Vacant => "Vacant",
            Vacancy::WithRoom => "Has a free bed",
            Vacancy::Full => "Full",
        }
    }

    fn admits(self, o: &UnitOccupancy) -> bool {
        match self {
            Vacancy::All => true,
            Vacancy::Vacant => o.state() == UnitState::Vacant,
            Vacancy::WithRoom => o.free_beds() > 0,
            Vacancy::Full => o.state() == UnitState::Full,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
struct Filters {
    community: Option<i64>,
    care_group: Option<String>,
    floor_plan: Option<String>,
    vacancy: Vacancy,
}

/// What the side panel shows.
enum Side {
    None,
    Unit(UnitDetail),
    NewUnit(UnitForm),
    Import(UnitImport),
}

pub struct Inventory {
    pub view: View,
    data: Slot<Arc<InventoryData>>,
    current: Arc<InventoryData>,
    occupancy: Vec<UnitOccupancy>,
    summary: OccupancySummary,
    /// The day occupancy was computed for; it is recomputed when the day changes.
    computed_for: Option<NaiveDate>,
    filters: Filters,
    /// Indices into the units after the filters.
    shown: Vec<usize>,
    /// The care group and floor plan names the filters offer, sorted: built with the data.
    options: [Vec<String>; 2],
    side: Side,
    stale: bool,
    export: files::Status,
}

impl Default for Inventory {
    fn default() -> Self {
        Inventory {
            view: View::Board,
            data: Slot::default(),
            current: Arc::default(),
            occupancy: Vec::new(),
            summary: OccupancySummary::default(),
            computed_for: None,
            filters: Filters {
                community: None,
                care_group: None,
                floor_plan: None,
                vacancy: Vacancy::All,
            },
            shown: Vec::new(),
            options: Default::default(),
            side: Side::None,
            stale: true,
            export: files::Status::default(),
        }
    }
}

impl Inventory {
    pub fn data(&self) -> Option<&InventoryData> {
        self.data.state.value().map(|d| d.as_ref())
    }

    /// The occupancy of a unit by community name and number, as shown now.
    pub fn unit_state(&self, community: &str, number: &str) -> Option<(UnitState, Vec<String>)> {
        let i =
            self.current.units.iter().position(|u| {
                u.community_name == community && u.number.eq_ignore_ascii_case(number)
            })?;
        let o = self.occupancy.get(i)?;
        Some((
            o.state(),
            o.residents.iter().map(|r| r.name.clone()).collect(),
        ))
    }

    /// Whether the last load failed (and is waiting to be tried again).
    pub fn failed(&self) -> bool {
        self.data.state.error().is_some()
    }

    /// Whether a load is under way.
    pub fn loading(&self) -> bool {
        self.data.state.is_pending()
    }

    pub fn summary(&self) -> &OccupancySummary {
        &self.summary
    }

    /// Contracts or units changed elsewhere (a move-in): reload when next shown.
    pub fn mark_stale(&mut self) {
        self.stale = true;
    }

    /// Shows data without asking the server (benchmarks).
    pub fn show_data(&mut self, data: InventoryData, now: DateTime<Utc>) {
        self.current = Arc::new(data);
        self.data.state = crate::ui::remote::Remote::Ready(self.current.clone());
        self.stale = false;
        self.recompute(now);
    }

    fn reload(&mut self, ctx: &AppCtx) {
        self.stale = false;
        self.data.request_read(ctx.backend, load);
    }

    fn recompute(&mut self, now: DateTime<Utc>) {
        let names = |of: &dyn Fn(&Unit) -> Option<&String>| {
            let mut v: Vec<String> = self.current.units.iter().filter_map(of).cloned().collect();
            v.sort();
            v.dedup();
            v
        };
        self.options = [
            names(&|u| Some(&u.care_group)),
            names(&|u| u.floor_plan.as_ref()),
        ];
        self.occupancy = unit_occupancy(&self.current.units, &self.current.contracts, now);
        self.summary = summarize(&self.current.units, &self.current.contracts, now);
        self.computed_for = Some(now.date_naive());
        self.refilter();
    }

    fn refilter(&mut self) {
        let f = &self.filters;
        let units = &self.current.units;
        self.shown = (0..units.len())
            .filter(|&i| {
                let u = &units[i];
                f.community.is_none_or(|c| u.community_id == c)
                    && f.care_group.as_ref().is_none_or(|g| &u.care_group == g)
                    && f.floor_plan
                        .as_ref()
                        .is_none_or(|p| u.floor_plan.as_ref() == Some(p))
                    && self.occupancy.get(i).is_some_and(|o| f.vacancy.admits(o))
            })
            .collect();
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        if self.data.poll_read(ctx.backend)
            && let Some(data) = self.data.state.value()
        {
            self.current = data.clone();
            if self.filters.community.is_none() && self.current.communities.len() > 1 {
                // The board is read per community; "All communities" stays one click away.
                self.filters.community = self.current.communities.first().map(|c| c.id);
            }
            self.recompute(ctx.now);
            if let Side::Unit(detail) = &mut self.side {
                detail.reload(ctx);
            }
        }
        if self.stale && !self.data.state.is_pending() {
            self.reload(ctx);
        }
        if self.computed_for.is_some_and(|d| d != ctx.now.date_naive()) {
            self.recompute(ctx.now);
        }

        ui.horizontal(|ui| {
            ui.heading("Inventory");
            for (view, label) in [
                (View::Board, "Board"),
                (View::Table, "Table"),
                (View::Summary, "Occupancy summary"),
            ] {
                ui.selectable_value(&mut self.view, view, label);
            }
            ui.separator();
            if ui.button("New unit…").clicked() {
                self.side = Side::NewUnit(UnitForm::default());
            }
            if ui.button("Import units from CSV…").clicked() {
                self.side = Side::Import(UnitImport::default());
            }
            if ui.button("Refresh").clicked() {
                self.reload(ctx);
            }
            ui.separator();
            self.export_buttons(ui, ctx);
            if self.data.state.is_pending() {
                ui.spinner();
                ui.label("Loading units and contracts…");
            }
            if let Some(message) = files::status_text(&self.export) {
                ui.label(egui::RichText::new(message).color(ctx.tokens.muted));
            }
        });
        if let Some(e) = self.data.state.error().cloned() {
            let retry = error_line(ui, &ctx.tokens, &e, true);
            super::retry_note(ui, &ctx.tokens, self.data.retry_in());
            if retry {
                self.reload(ctx);
            }
        }
        if self.data.state.value().is_none() {
            return;
        }
        self.filter_bar(ui);
        self.side_panel(ui, ctx);

        match self.view {
            View::Summary => occupancy_report::ui(ui, &self.summary, &ctx.tokens),
            View::Board | View::Table => {
                ui.label(egui::RichText::new(self.counts_line()).color(ctx.tokens.muted));
                let selected = match &self.side {
                    Side::Unit(d) => Some(d.unit.id),
                    _ => None,
                };
                let show = if self.view == View::Board {
                    unit_board::board
                } else {
                    unit_board::table
                };
                let clicked = show(
                    ui,
                    &self.current.units,
                    &self.occupancy,
                    &self.shown,
                    selected,
                    &ctx.tokens,
                );
                if let Some(i) = clicked {
                    let mut detail = UnitDetail::new(self.current.units[i].clone());
                    detail.reload(ctx);
                    self.side = Side::Unit(detail);
                }
            }
        }
    }

    fn counts_line(&self) -> String {
        let vacant = self
            .shown
            .iter()
            .filter(|&&i| self.occupancy[i].state() == UnitState::Vacant)
            .count();
        let free: i64 = self
            .shown
            .iter()
            .map(|&i| self.occupancy[i].free_beds())
            .sum();
        format!(
            "{} units shown · {vacant} vacant · {free} free beds",
            self.shown.len()
        )
    }

    fn export_buttons(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let loaded = self.data.state.value().is_some();
        if ui
            .add_enabled(loaded, egui::Button::new("Export units CSV…"))
            .clicked()
        {
            let shown = self.shown.clone();
            let (data, occupancy) = (self.current.clone(), self.occupancy.clone());
            files::save_csv(
                ctx.backend,
                "units.csv",
                format!("{} units", shown.len()),
                self.export.clone(),
                move |f| write_units_csv(&data.units, &occupancy, &shown, f),
            );
        }
        if ui
            .add_enabled(loaded, egui::Button::new("Export summary CSV…"))
            .clicked()
        {
            let summary = self.summary.clone();
            files::save_csv(
                ctx.backend,
                "occupancy-summary.csv",
                "the occupancy summary".into(),
                self.export.clone(),
                move |f| crate::domain::occupancy::write_summary_csv(&summary, f),
            );
        }
    }

    /// The board and table filters; the summary covers every unit, so it has none.
    fn filter_bar(&mut self, ui: &mut egui::Ui) {
        if self.view == View::Summary {
            return;
        }
        let before = self.filters.clone();
        let data = self.current.clone();
        ui.horizontal_wrapped(|ui| {
            community_combo(
                ui,
                "Community",
                &data.communities,
                &mut self.filters.community,
                Some("All communities"),
            );
            let [care_groups, floor_plans] = &self.options;
            for (label, values, chosen) in [
                ("Care group", care_groups, &mut self.filters.care_group),
                ("Floor plan", floor_plans, &mut self.filters.floor_plan),
            ] {
                let caption = ui.label(label);
                let all = format!("All {}s", label.to_lowercase());
                steady_combo(
                    ui,
                    160.0,
                    egui::ComboBox::from_id_salt(("inventory", label))
                        .selected_text(chosen.clone().unwrap_or_else(|| all.clone())),
                    |ui| {
                        ui.selectable_value(chosen, None, all.as_str());
                        for v in values {
                            ui.selectable_value(chosen, Some(v.clone()), v.as_str());
                        }
                    },
                )
                .labelled_by(caption.id);
            }
            let label = ui.label("Occupancy");
            steady_combo(
                ui,
                150.0,
                egui::ComboBox::from_id_salt("inventory-vacancy")
                    .selected_text(self.filters.vacancy.label()),
                |ui| {
                    for v in Vacancy::ALL {
                        ui.selectable_value(&mut self.filters.vacancy, v, v.label());
                    }
                },
            )
            .labelled_by(label.id);
        });
        if self.filters != before {
            self.refilter();
        }
    }

    fn side_panel(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        if matches!(self.side, Side::None) {
            return;
        }
        let mut close = false;
        let data = self.current.clone();
        egui::Panel::right("inventory-side")
            .resizable(true)
            .default_size(430.0)
            .min_size(360.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| match &mut self.side {
                    Side::None => {}
                    Side::Unit(detail) => {
                        let i = data.units.iter().position(|u| u.id == detail.unit.id);
                        let occupancy = i.and_then(|i| self.occupancy.get(i));
                        close = detail.ui(ui, ctx, occupancy);
                    }
                    Side::NewUnit(form) => {
                        close = form.ui(ui, ctx, &data);
                        if form.take_created() {
                            self.stale = true;
                        }
                    }
                    Side::Import(import) => {
                        close = import.ui(ui, ctx, &data);
                        if import.take_finished() {
                            self.stale = true;
                        }
                    }
                });
            });
        if close {
            self.side = Side::None;
        }
    }
}
