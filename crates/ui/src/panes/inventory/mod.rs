//! Unit inventory for directors: every unit with its occupancy from active contracts, as a
//! board of tiles or a table, filtered by community, care group, floor plan and vacancy; the
//! occupancy summary; unit creation and CSV import. Opening a unit shows its contract history
//! and transactions.

mod board;
mod detail;
mod import;
mod occupancy;
mod table;
mod unit_form;
mod unit_words;
mod waitlist;

use crate::engine::UnitsWrite;
use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};

use super::{AppCtx, Change, Pane};
use crate::api::model::Unit;
use crate::domain::occupancy::{
    OccupancySummary, UnitOccupancy, UnitState, Vacancy, summarize, unit_occupancy, write_units_csv,
};
use crate::engine::asks::{self, InventoryData};
use crate::files;
use crate::remote::Slot;
use crate::widgets::{community_combo, steady_combo, together, unreadable_note};
use detail::UnitDetail;
use import::UnitImport;
use leasedesk_i18n::tr;
use unit_form::UnitForm;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Board,
    Table,
    Summary,
    Waitlist,
}

/// The board's and table's filter choices.
#[derive(Debug, Clone, PartialEq)]
struct Filters {
    community: Option<i64>,
    care_group: Option<String>,
    floor_plan: Option<String>,
    vacancy: Vacancy,
}

/// The care group and floor plan names the filters offer.
#[derive(Debug, Clone, Default)]
struct FilterOptions {
    care_groups: Vec<String>,
    floor_plans: Vec<String>,
}

/// What the side panel shows.
enum Side {
    None,
    Unit(Box<UnitDetail>),
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
    options: FilterOptions,
    side: Side,
    stale: bool,
    export: files::Status,
    waitlist: waitlist::WaitlistView,
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
            waitlist: waitlist::WaitlistView::default(),
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
        self.waitlist.stale = true;
    }

    /// Shows data without asking the server (benchmarks, screenshots).
    #[cfg(feature = "test-hooks")]
    pub fn show_data(&mut self, data: InventoryData, now: DateTime<Utc>) {
        self.current = Arc::new(data);
        self.data.set_ready(self.current.clone());
        self.stale = false;
        self.recompute(now, now.date_naive());
    }

    fn reload(&mut self, ctx: &AppCtx) {
        self.stale = false;
        self.data.ask(ctx.backend, asks::inventory::inventory());
    }

    fn recompute(&mut self, now: DateTime<Utc>, today: NaiveDate) {
        let names = |of: &dyn Fn(&Unit) -> Option<&String>| {
            let mut v: Vec<String> = self.current.units.iter().filter_map(of).cloned().collect();
            v.sort();
            v.dedup();
            v
        };
        self.options = FilterOptions {
            care_groups: names(&|u| Some(&u.care_group)),
            floor_plans: names(&|u| u.floor_plan.as_ref()),
        };
        self.occupancy = unit_occupancy(&self.current.units, &self.current.contracts, now);
        self.summary = summarize(&self.current.units, &self.current.contracts, now, today);
        self.computed_for = Some(today);
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
}

impl Pane for Inventory {
    fn reset(&mut self) {
        *self = Inventory::default();
    }

    fn shows(&self) -> &'static [Change] {
        &[Change::Contracts, Change::Units]
    }

    fn changed(&mut self, _: Change, _: &AppCtx) {
        self.mark_stale();
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        if self.data.poll_read(ctx.backend)
            && let Some(data) = self.data.state.value()
        {
            self.current = data.clone();
            if self.filters.community.is_none() && self.current.communities.len() > 1 {
                // The board is read per community; "All communities" stays one click away.
                self.filters.community = self.current.communities.first().map(|c| c.id);
            }
            self.recompute(ctx.now, ctx.today());
            if let Side::Unit(detail) = &mut self.side {
                detail.reload(ctx);
            }
        }
        if self.stale && !self.data.state.is_pending() {
            self.reload(ctx);
        }
        if self.computed_for.is_some_and(|d| d != ctx.today()) {
            self.recompute(ctx.now, ctx.today());
        }

        // Wraps on a narrow window rather than running off its edge.
        ui.horizontal_wrapped(|ui| {
            ui.heading(tr!("nav-inventory"));
            for (view, label) in [
                (View::Board, tr!("inventory-board")),
                (View::Table, tr!("inventory-table")),
                (View::Summary, tr!("inventory-summary")),
                (View::Waitlist, tr!("inventory-waitlist")),
            ] {
                ui.selectable_value(&mut self.view, view, label);
            }
            ui.separator();
            if ui.button(tr!("inventory-new-unit")).clicked() {
                self.side = Side::NewUnit(UnitForm::default());
            }
            if ui.button(tr!("inventory-import")).clicked() {
                self.side = Side::Import(UnitImport::default());
            }
            if ui.button(tr!("case-refresh")).clicked() {
                self.reload(ctx);
            }
            ui.separator();
            self.export_buttons_ui(ui, ctx);
            files::status_line_ui(ui, &self.export, ctx.tokens.muted, false);
        });
        self.data
            .status_ui(ui, ctx, &tr!("inventory-the-units-contracts"));
        pending_units_ui(ui, ctx);
        if self.data.state.value().is_none() {
            return;
        }
        self.filter_bar_ui(ui);
        self.side_panel_ui(ui, ctx);

        match self.view {
            View::Summary => occupancy::summary_ui(ui, &self.summary, &ctx.tokens),
            View::Waitlist => {
                let data = self.current.clone();
                self.waitlist
                    .waitlist_ui(ui, ctx, &data, &self.occupancy, self.filters.community);
            }
            View::Board | View::Table => {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(self.counts_line()).color(ctx.tokens.muted));
                    unreadable_note(ui, &ctx.tokens, self.current.unreadable);
                });
                let selected = match &self.side {
                    Side::Unit(d) => Some(d.unit.id),
                    _ => None,
                };
                let show = if self.view == View::Board {
                    board::board_ui
                } else {
                    table::table_ui
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
                    self.side = Side::Unit(Box::new(detail));
                }
            }
        }
    }
}

impl Inventory {
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
        tr!(
            "inventory-counts",
            units = self.shown.len(),
            vacant = vacant,
            free = free
        )
    }

    fn export_buttons_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let loaded = self.data.state.value().is_some();
        if ui
            .add_enabled(loaded, egui::Button::new(tr!("inventory-export-units")))
            .clicked()
        {
            let shown = self.shown.clone();
            let (data, occupancy) = (self.current.clone(), self.occupancy.clone());
            files::save_csv(
                ctx.backend,
                "units.csv",
                tr!("files-what-units", count = shown.len()),
                self.export.clone(),
                move |f| write_units_csv(&data.units, &occupancy, &shown, f),
            );
        }
        if ui
            .add_enabled(loaded, egui::Button::new(tr!("inventory-export-summary")))
            .clicked()
        {
            let summary = self.summary.clone();
            files::save_csv(
                ctx.backend,
                "occupancy-summary.csv",
                tr!("files-what-occupancy-summary"),
                self.export.clone(),
                move |f| crate::domain::occupancy::write_summary_csv(&summary, f),
            );
        }
    }

    /// The board and table filters; the summary covers every unit, so it has none.
    fn filter_bar_ui(&mut self, ui: &mut egui::Ui) {
        if self.view == View::Summary {
            return;
        }
        let before = self.filters.clone();
        let data = self.current.clone();
        ui.horizontal_wrapped(|ui| {
            community_combo(
                ui,
                &tr!("calling-col-community"),
                &data.communities,
                &mut self.filters.community,
                Some(&tr!("inventory-all-communities")),
            );
            let options = &self.options;
            for (label, shown, all, values, chosen) in [
                (
                    "Care group",
                    tr!("waitlist-care-group"),
                    tr!("inventory-all-care-groups"),
                    &options.care_groups,
                    &mut self.filters.care_group,
                ),
                (
                    "Floor plan",
                    tr!("waitlist-floor-plan"),
                    tr!("inventory-all-floor-plans"),
                    &options.floor_plans,
                    &mut self.filters.floor_plan,
                ),
            ] {
                // The label and its drop-down wrap to the next line together.
                together(ui, &shown, 210.0, |ui, caption| {
                    steady_combo(
                        ui,
                        210.0,
                        egui::ComboBox::from_id_salt(("inventory", label))
                            .selected_text(chosen.clone().unwrap_or_else(|| all.clone())),
                        |ui| {
                            ui.selectable_value(chosen, None, all.as_str());
                            for v in values {
                                ui.selectable_value(chosen, Some(v.clone()), v.as_str());
                            }
                        },
                    )
                    .labelled_by(caption)
                });
            }
            let vacancy = &mut self.filters.vacancy;
            together(ui, &tr!("inventory-occupancy"), 190.0, |ui, caption| {
                steady_combo(
                    ui,
                    190.0,
                    egui::ComboBox::from_id_salt("inventory-vacancy")
                        .selected_text(crate::words::vacancy(*vacancy)),
                    |ui| {
                        for v in Vacancy::ALL {
                            ui.selectable_value(vacancy, v, crate::words::vacancy(v));
                        }
                    },
                )
                .labelled_by(caption)
            });
        });
        if self.filters != before {
            self.refilter();
        }
    }

    fn side_panel_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        if matches!(self.side, Side::None) {
            return;
        }
        let mut close = false;
        let data = self.current.clone();
        egui::Panel::right("inventory-side")
            .resizable(true)
            .frame(crate::widgets::resizable_panel_frame(ui.style()))
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

impl Inventory {
    pub fn save_filters(&self, f: &mut crate::prefs::PaneFilters) {
        f.inventory_community = self.filters.community;
        f.inventory_care_group.clone_from(&self.filters.care_group);
        f.inventory_floor_plan.clone_from(&self.filters.floor_plan);
    }

    pub fn restore_filters(&mut self, f: &crate::prefs::PaneFilters) {
        self.filters.community = f.inventory_community;
        self.filters.care_group.clone_from(&f.inventory_care_group);
        self.filters.floor_plan.clone_from(&f.inventory_floor_plan);
        self.refilter();
    }
}

/// New units and move-ins saved offline: not on the board until the service has them, so
/// said here.
fn pending_units_ui(ui: &mut egui::Ui, ctx: &AppCtx) {
    use crate::engine::{QueueState, QueuedWrite};
    let (mut units, mut move_ins) = (0, 0);
    for entry in ctx.backend.outbox().entries().iter() {
        if matches!(entry.state, QueueState::Refused(_)) {
            continue;
        }
        match &entry.write {
            QueuedWrite::NewUnits(UnitsWrite { units: new, .. }) => units += new.len(),
            QueuedWrite::MoveIn(_) => move_ins += 1,
            _ => {}
        }
    }
    let mut waiting = Vec::new();
    if units > 0 {
        waiting.push(tr!("inventory-new-units", count = units));
    }
    if move_ins > 0 {
        waiting.push(tr!("inventory-move-ins", count = move_ins));
    }
    if !waiting.is_empty() {
        ui.colored_label(
            ctx.tokens.warning,
            tr!(
                "inventory-waiting",
                what = waiting.join(&tr!("search-filters-and"))
            ),
        );
    }
}
