//! One unit: its facts, who lives there, its contract history (active and ended) and its
//! transactions, read fresh from the server when opened.

use crate::api::model::Records;
use crate::api::model::{HousingContract, Transaction, Unit};
use crate::commands::{CaseRef, Command};
use crate::context::AppCtx;
use crate::domain::occupancy::UnitOccupancy;
use crate::engine::asks;
use crate::remote::Slot;
use leasedesk_i18n::tr;

pub struct UnitDetail {
    pub unit: Unit,
    contracts: Slot<Records<HousingContract>>,
    transactions: Slot<Records<Transaction>>,
}

impl UnitDetail {
    pub fn new(unit: Unit) -> Self {
        UnitDetail {
            unit,
            contracts: Slot::default(),
            transactions: Slot::default(),
        }
    }

    pub fn reload(&mut self, ctx: &AppCtx) {
        let id = self.unit.id;
        self.contracts
            .ask(ctx.backend, asks::inventory::unit_contracts(id));
        self.transactions
            .ask(ctx.backend, asks::inventory::unit_transactions(id));
    }

    /// Returns true when the panel should close.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut AppCtx,
        occupancy: Option<&UnitOccupancy>,
    ) -> bool {
        self.contracts.poll_read(ctx.backend);
        self.transactions.poll_read(ctx.backend);
        let mut close = false;
        let u = &self.unit;
        ui.horizontal(|ui| {
            ui.heading(tr!("unit-number", number = u.number.as_str()));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                close = ui.button(tr!("unit-close")).clicked();
            });
        });
        ui.label(format!("{} · {}", u.community_name, u.care_group));
        egui::Grid::new("unit-facts").num_columns(2).show(ui, |ui| {
            let money = |v: Option<f64>| v.map_or("—".to_owned(), crate::domain::format::money);
            for (k, v) in [
                (
                    tr!("details-name"),
                    if u.name.is_empty() {
                        "—".into()
                    } else {
                        u.name.clone()
                    },
                ),
                (
                    tr!("waitlist-floor-plan"),
                    u.floor_plan.clone().unwrap_or("—".into()),
                ),
                (
                    tr!("unit-square-feet"),
                    u.square_feet.map_or("—".into(), |v| format!("{v:.0}")),
                ),
                (tr!("units-col-capacity"), u.capacity.to_string()),
                (tr!("unit-monthly-rate"), money(u.base_monthly)),
                (tr!("unit-typical-deposit"), money(u.base_entrance)),
            ] {
                ui.label(egui::RichText::new(k).color(ctx.tokens.muted));
                ui.label(v);
                ui.end_row();
            }
        });
        if let Some(o) = occupancy {
            ui.add_space(6.0);
            ui.strong(tr!(
                "unit-beds-free",
                state = crate::words::unit_state(o.state()),
                free = o.free_beds(),
                beds = o.capacity
            ));
            for r in &o.residents {
                ui.horizontal(|ui| {
                    ui.label(tr!(
                        "unit-since",
                        name = r.name.as_str(),
                        day = crate::dates::day(r.since)
                    ));
                    if ui.button(tr!("intake-open-case")).clicked() {
                        ctx.send(Command::OpenCase(CaseRef::number(&r.case_number, &r.name)));
                    }
                });
            }
            for r in &o.upcoming {
                ui.label(tr!(
                    "unit-moves-in",
                    name = r.name.as_str(),
                    day = crate::dates::day(r.since)
                ));
            }
        }
        ui.separator();
        ui.strong(tr!("unit-contract-history"));
        self.contracts
            .status_ui(ui, ctx, &tr!("case-the-contracts"));
        match self.contracts.state.value() {
            None => {}
            Some(list) if list.is_empty() => {
                ui.label(tr!("unit-no-contracts"));
            }
            Some(list) => {
                for c in list {
                    let period = match c.move_out_date {
                        Some(out) => {
                            let day =
                                |t: crate::api::model::Timestamp| crate::dates::day(t.date_naive());
                            tr!("unit-period", from = day(c.move_in_date), to = day(out))
                        }
                        None => tr!(
                            "unit-period-from",
                            from = crate::dates::day(c.move_in_date.date_naive())
                        ),
                    };
                    let (state, colour) = if c.active_lease {
                        (tr!("case-contract-active"), ctx.tokens.success)
                    } else {
                        (tr!("case-contract-ended"), ctx.tokens.muted)
                    };
                    ui.horizontal_wrapped(|ui| {
                        ui.colored_label(colour, state);
                        ui.label(tr!(
                            "unit-contract",
                            id = c.id,
                            name = c.individual_name.as_str(),
                            period = period,
                            fee = crate::words::monthly(c.monthly_fee.unwrap_or(c.base_monthly))
                        ));
                    });
                }
            }
        }
        ui.separator();
        ui.strong(tr!("case-transactions"));
        self.transactions
            .status_ui(ui, ctx, &tr!("case-the-transactions"));
        match self.transactions.state.value() {
            None => {}
            Some(list) if list.is_empty() => {
                ui.label(tr!("unit-no-transactions"));
            }
            Some(list) => {
                egui::Grid::new("unit-transactions")
                    .striped(true)
                    .num_columns(4)
                    .show(ui, |ui| {
                        for t in list {
                            ui.label(crate::domain::format::day(t.effective_date.date_naive()));
                            ui.label(&t.kind);
                            ui.label(&t.individual_name);
                            ui.label(&t.total);
                            ui.end_row();
                        }
                    });
            }
        }
        close
    }
}
