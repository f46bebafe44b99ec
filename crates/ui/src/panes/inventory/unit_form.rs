//! A form for one new unit. It is checked by the same rules as a CSV import row before it is
//! sent; the server's refusal is shown under the form and nothing typed is lost.

use crate::api::model::UnitsCreated;
use crate::context::AppCtx;
use crate::domain::unit_import::{Known, check_unit};
use crate::engine::QueuedUnit;
use crate::engine::UnitsWrite;
use crate::engine::asks::{self, InventoryData};
use crate::engine::{OutboxKind, SentOrQueued};
use crate::remote::{Remote, Slot};
use crate::widgets::{labelled, steady_combo};

#[derive(Default)]
pub struct UnitForm {
    community: String,
    care_group: Option<i64>,
    floor_plan: Option<i64>,
    number: String,
    name: String,
    square_feet: String,
    capacity: String,
    base_monthly: String,
    base_entrance: String,
    problem: Option<String>,
    sent: Slot<SentOrQueued<UnitsCreated>>,
    created_seen: bool,
}

impl UnitForm {
    /// True once, after a unit was created (the inventory reloads).
    pub fn take_created(&mut self) -> bool {
        if matches!(self.sent.state, Remote::Ready(_)) && !self.created_seen {
            self.created_seen = true;
            return true;
        }
        false
    }

    fn value(&self, field: &str) -> String {
        let id = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
        match field {
            "CommunityUnique" => self.community.clone(),
            "CareGroupId" => id(self.care_group),
            "FloorPlanId" => id(self.floor_plan),
            "Name" => self.name.trim().to_owned(),
            "Number" => self.number.trim().to_owned(),
            "SquareFeet" => self.square_feet.trim().to_owned(),
            "Capacity" => self.capacity.trim().to_owned(),
            "BaseMonthly" => self.base_monthly.trim().to_owned(),
            "BaseEntrance" => self.base_entrance.trim().to_owned(),
            _ => String::new(),
        }
    }

    /// Returns true when the panel should close.
    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, data: &InventoryData) -> bool {
        self.sent.poll();
        let mut close = false;
        ui.horizontal(|ui| {
            ui.heading(leasedesk_i18n::tr!("unit-new"));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                close = ui.button(leasedesk_i18n::tr!("unit-close")).clicked();
            });
        });
        if self.community.is_empty()
            && let Some(c) = data.communities.first()
        {
            self.community = c.name_unique.clone();
        }
        egui::Grid::new("unit-form").num_columns(2).show(ui, |ui| {
            let label = ui.label(leasedesk_i18n::tr!("calling-col-community"));
            let current = data
                .communities
                .iter()
                .find(|c| c.name_unique == self.community)
                .map_or_else(|| leasedesk_i18n::tr!("users-choose"), |c| c.name.clone());
            steady_combo(
                ui,
                240.0,
                egui::ComboBox::from_id_salt("unit-form-community").selected_text(current),
                |ui| {
                    for c in &data.communities {
                        ui.selectable_value(&mut self.community, c.name_unique.clone(), &c.name);
                    }
                },
            )
            .labelled_by(label.id);
            ui.end_row();
            for (title, shown, list, chosen) in [
                (
                    "Care group",
                    leasedesk_i18n::tr!("waitlist-care-group"),
                    &data.care_groups,
                    &mut self.care_group,
                ),
                (
                    "Floor plan",
                    leasedesk_i18n::tr!("waitlist-floor-plan"),
                    &data.floor_plans,
                    &mut self.floor_plan,
                ),
            ] {
                let label = ui.label(shown);
                let current = list
                    .iter()
                    .find(|t| Some(t.id) == *chosen)
                    .map_or_else(|| leasedesk_i18n::tr!("choice-none"), |t| t.name.clone());
                steady_combo(
                    ui,
                    240.0,
                    egui::ComboBox::from_id_salt(("unit-form", title)).selected_text(current),
                    |ui| {
                        ui.selectable_value(chosen, None, leasedesk_i18n::tr!("choice-none"));
                        for t in list {
                            ui.selectable_value(chosen, Some(t.id), &t.name);
                        }
                    },
                )
                .labelled_by(label.id);
                ui.end_row();
            }
            for (title, shown, text) in [
                (
                    "Number",
                    leasedesk_i18n::tr!("unit-field-number"),
                    &mut self.number,
                ),
                ("Name", leasedesk_i18n::tr!("details-name"), &mut self.name),
                (
                    "Square feet",
                    leasedesk_i18n::tr!("unit-square-feet"),
                    &mut self.square_feet,
                ),
                (
                    "Capacity (beds)",
                    leasedesk_i18n::tr!("unit-field-capacity"),
                    &mut self.capacity,
                ),
                (
                    "Monthly rate",
                    leasedesk_i18n::tr!("unit-monthly-rate"),
                    &mut self.base_monthly,
                ),
                (
                    "Typical deposit",
                    leasedesk_i18n::tr!("unit-typical-deposit"),
                    &mut self.base_entrance,
                ),
            ] {
                labelled(ui, &shown, |ui| {
                    ui.add_sized(
                        [200.0, 22.0],
                        egui::TextEdit::singleline(text).id_salt(("unit-form", title)),
                    )
                });
                ui.end_row();
            }
        });
        let sending = self.sent.state.is_pending();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    !sending,
                    egui::Button::new(leasedesk_i18n::tr!("unit-create")),
                )
                .clicked()
            {
                self.submit(ctx, data);
            }
        });
        if let Some(p) = &self.problem {
            crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {p}"));
        }
        self.sent
            .status_ui(ui, ctx, &leasedesk_i18n::tr!("unit-the-new"));
        match &self.sent.state {
            Remote::Ready(SentOrQueued::Sent(created)) => {
                let ids: Vec<String> = created.unit_ids.iter().map(i64::to_string).collect();
                crate::widgets::said_ui(
                    ui,
                    ctx.tokens.success,
                    leasedesk_i18n::tr!(
                        "unit-created",
                        message = created.message.as_str(),
                        ids = ids.join(", ")
                    ),
                );
            }
            Remote::Ready(SentOrQueued::Queued(kind)) => {
                ui.colored_label(
                    ctx.tokens.warning,
                    leasedesk_i18n::tr!("unit-saved-offline"),
                );
                if *kind == OutboxKind::ThisRunOnly {
                    ui.label(
                        egui::RichText::new(leasedesk_i18n::tr!("saved-this-run-only"))
                            .color(ctx.tokens.muted),
                    );
                }
            }
            _ => {}
        }
        close
    }

    fn submit(&mut self, ctx: &AppCtx, data: &InventoryData) {
        let known = Known {
            communities: &data.communities,
            care_groups: &data.care_groups,
            floor_plans: &data.floor_plans,
            units: &data.units,
        };
        let get = |field: &str| self.value(field);
        match check_unit(&get, &known) {
            Err(e) => self.problem = Some(super::unit_words::problems(&e)),
            Ok((community, _))
                if data.units.iter().any(|u| {
                    u.community_id == community && u.number.eq_ignore_ascii_case(self.number.trim())
                }) =>
            {
                self.problem = Some(leasedesk_i18n::tr!(
                    "unit-exists",
                    number = self.number.trim()
                ));
            }
            Ok((community_id, unit)) => {
                self.problem = None;
                self.created_seen = false;
                let community = data
                    .communities
                    .iter()
                    .find(|c| c.id == community_id)
                    .map_or(unit.community_unique.as_str(), |c| c.name.as_str());
                let write = UnitsWrite {
                    summary: leasedesk_i18n::tr!(
                        "outbox-new-unit",
                        number = unit.number.0.as_str(),
                        community = community
                    ),
                    units: vec![QueuedUnit {
                        community_id,
                        unit: unit.clone(),
                    }],
                };
                self.sent.ask(ctx.backend, asks::writes::new_units(write));
            }
        }
    }
}
