//! The move-in wizard: who, where, when and money, options, review. Back never loses input;
//! the server's refusals are shown on the step they belong to; Submit cannot send twice; after
//! a lost answer the wizard reads the contracts to learn whether the move-in was saved.

use std::sync::Arc;

use super::{AppCtx, Nav, Pane};
use crate::api::ApiError;
use crate::api::model::{
    HousingContract, HousingContractQuery, HousingContractsCreated, SearchCase,
};
use crate::domain::move_in::{
    ChosenUnit, MoveInDraft, Mover, Problem, Step, check, describe, find_submitted, request,
    step_for_error,
};
use crate::domain::occupancy::{UnitOccupancy, natural_number, unit_occupancy, units_with_room};
use crate::service::inventory::{InventoryData, load};
use crate::ui::commands::Command;
use crate::ui::remote::{Remote, Slot};
use crate::ui::widgets::{Offer, PersonFinder, community_combo, labelled};

#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Editing,
    /// No answer came back; the contracts are being read to find out.
    Unknown(String),
    /// The check found nothing: it was not saved, and may be submitted again.
    NotSaved,
    Saved(Vec<i64>),
}

/// What the Where step's unit list depends on besides the data: community and people moving.
type UnitOrderKey = (Option<i64>, usize);

pub struct MoveInWizard {
    pub step: Step,
    pub draft: MoveInDraft,
    pub outcome: Outcome,
    data: Slot<Arc<InventoryData>>,
    occupancy: Vec<UnitOccupancy>,
    community: Option<i64>,
    /// The Where step's list for (community, number of people), built once, not every frame.
    unit_order: Option<(UnitOrderKey, Vec<usize>)>,
    /// People of the case the wizard was started from.
    suggestions: Vec<Mover>,
    finder: PersonFinder,
    current: Slot<Vec<HousingContract>>,
    problems: Vec<Problem>,
    server_error: Option<(Step, String)>,
    submit: Slot<HousingContractsCreated>,
    check: Slot<Vec<HousingContract>>,
}

impl Default for MoveInWizard {
    fn default() -> Self {
        MoveInWizard {
            step: Step::Who,
            draft: MoveInDraft::default(),
            outcome: Outcome::Editing,
            data: Slot::default(),
            occupancy: Vec::new(),
            community: None,
            unit_order: None,
            suggestions: Vec::new(),
            finder: PersonFinder::default(),
            current: Slot::default(),
            problems: Vec::new(),
            server_error: None,
            submit: Slot::default(),
            check: Slot::default(),
        }
    }
}

fn mover_of(p: &crate::api::model::SearchIndividual) -> Mover {
    Mover {
        individual_id: p.individual_id,
        name: p.individual_name.clone(),
        case_number: p.case_number.clone(),
    }
}

impl MoveInWizard {
    /// A wizard for a case: its primary person is chosen, the others are offered.
    pub fn for_case(case: &SearchCase) -> Self {
        let mut w = MoveInWizard {
            suggestions: std::iter::once(&case.primary)
                .chain(&case.relationships)
                .map(mover_of)
                .collect(),
            ..MoveInWizard::default()
        };
        w.draft.movers.push(mover_of(&case.primary));
        w
    }

    /// Whether anything was entered that a fresh start would throw away.
    pub fn has_input(&self) -> bool {
        self.outcome == Outcome::Editing && self.draft != MoveInDraft::default()
    }

    fn go(&mut self, step: Step, ctx: &AppCtx) {
        self.problems.clear();
        self.step = step;
        if step == Step::Options {
            let ids: Vec<i64> = self.draft.movers.iter().map(|m| m.individual_id).collect();
            self.current.request_read(ctx.backend, move |client| {
                let ids = ids.clone();
                async move {
                    let mut all = Vec::new();
                    for id in ids {
                        let list = client
                            .housing_contracts(&HousingContractQuery {
                                individual_id: Some(id),
                                ..Default::default()
                            })
                            .await?;
                        all.extend(list.into_iter().filter(|c| c.active_lease));
                    }
                    Ok(all)
                }
            });
        }
    }

    fn poll(&mut self, ctx: &mut AppCtx) {
        if self.data.poll_read(ctx.backend)
            && let Some(data) = self.data.state.value().cloned()
        {
            self.occupancy = unit_occupancy(&data.units, &data.contracts, ctx.now);
            self.unit_order = None;
            if self.community.is_none() {
                self.community = data.communities.first().map(|c| c.id);
            }
        }
        self.current.poll_read(ctx.backend);
        if self.submit.poll() {
            match &self.submit.state {
                Remote::Ready(created) => self.saved(created.housing_contract_ids.clone(), ctx),
                Remote::Failed {
                    error: ApiError::Invalid { message },
                    ..
                } => {
                    let step = step_for_error(message);
                    self.server_error = Some((step, message.clone()));
                    self.step = step;
                }
                Remote::Failed {
                    error: error @ ApiError::OutcomeUnknown { .. },
                    ..
                } => {
                    self.outcome = Outcome::Unknown(error.to_string());
                    self.check_saved(ctx);
                }
                Remote::Failed { error, .. } => {
                    self.server_error = Some((Step::Review, error.to_string()));
                }
                _ => {}
            }
        }
        if self.check.poll() {
            match &self.check.state {
                Remote::Ready(list) => match find_submitted(list, &self.draft) {
                    Some(ids) => self.saved(ids, ctx),
                    None => self.outcome = Outcome::NotSaved,
                },
                Remote::Failed { error, .. } => {
                    self.outcome = Outcome::Unknown(format!(
                        "It could not be checked whether the move-in was saved: {error}"
                    ));
                }
                _ => {}
            }
        }
    }

    fn saved(&mut self, ids: Vec<i64>, ctx: &mut AppCtx) {
        self.outcome = Outcome::Saved(ids);
        self.server_error = None;
        ctx.send(Command::ContractsChanged);
        self.data.reset();
    }

    fn check_saved(&mut self, ctx: &AppCtx) {
        let Some(first) = self.draft.movers.first().map(|m| m.individual_id) else {
            return;
        };
        self.check.request(ctx.backend, move |client| async move {
            client
                .housing_contracts(&HousingContractQuery {
                    individual_id: Some(first),
                    ..Default::default()
                })
                .await
        });
    }
}

impl Pane for MoveInWizard {
    const TITLE: &'static str = "Move-in";

    fn reset(&mut self) {
        *self = MoveInWizard::default();
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.data.read_once(ctx.backend, load);
        self.poll(ctx);
        ui.heading("Move-in");
        if let Outcome::Saved(ids) = self.outcome.clone() {
            self.done_ui(ui, ctx, &ids);
            return;
        }
        ui.horizontal(|ui| {
            for step in Step::ALL {
                let text = format!("{}. {}", step.number(), step.title());
                let reachable = step <= self.step;
                let label = egui::Button::selectable(self.step == step, text);
                if ui.add_enabled(reachable, label).clicked() {
                    self.go(step, ctx);
                }
                if step != Step::Review {
                    ui.label("›");
                }
            }
        });
        ui.separator();
        if let Some((step, message)) = &self.server_error
            && *step == self.step
        {
            ui.colored_label(
                ctx.tokens.error,
                format!("⚠ The service refused the move-in: {message}. Correct it here and submit again."),
            );
        }
        // A fixed-height bar, so Back and Next never move under the pointer.
        egui::Panel::bottom("move-in-nav").show(ui, |ui| {
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                if let Some(previous) = self.step.previous()
                    && ui.button("Back").clicked()
                {
                    self.go(previous, ctx);
                }
                if let Some(next) = self.step.next()
                    && ui.button("Next").clicked()
                {
                    self.problems = check(self.step, &self.draft);
                    if self.problems.is_empty() {
                        self.go(next, ctx);
                    }
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("Start over").clicked() {
                        *self = MoveInWizard::default();
                    }
                });
            });
            ui.add_space(4.0);
        });
        egui::ScrollArea::vertical()
            .id_salt("move-in-step")
            .auto_shrink(false)
            .show(ui, |ui| {
                ui.set_max_width(900.0);
                match self.step {
                    Step::Who => self.who_ui(ui, ctx),
                    Step::Where => self.where_ui(ui, ctx),
                    Step::When => self.when_ui(ui, ctx),
                    Step::Options => self.options_ui(ui, ctx),
                    Step::Review => self.review_ui(ui, ctx),
                }
                ui.add_space(6.0);
                for p in &self.problems {
                    ui.colored_label(ctx.tokens.error, format!("⚠ {}: {}", p.field, p.message));
                }
            });
    }
}

impl MoveInWizard {
    fn who_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.strong("Who is moving in?");
        if self.draft.movers.is_empty() {
            ui.label("Nobody chosen yet.");
        }
        let mut remove = None;
        for (i, m) in self.draft.movers.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.label(format!("✔ {} (case {})", m.name, m.case_number));
                if ui.small_button(format!("Remove {}", m.name)).clicked() {
                    remove = Some(i);
                }
            });
        }
        if let Some(i) = remove {
            self.draft.movers.remove(i);
        }
        let chosen = |movers: &[Mover], id: i64| movers.iter().any(|m| m.individual_id == id);
        let others: Vec<Mover> = self
            .suggestions
            .iter()
            .filter(|m| !chosen(&self.draft.movers, m.individual_id))
            .cloned()
            .collect();
        if !others.is_empty() {
            ui.add_space(6.0);
            ui.label("Also in this case:");
            for m in others {
                if ui.button(format!("Add {}", m.name)).clicked() {
                    self.draft.movers.push(m);
                }
            }
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            self.finder
                .search_box(ui, ctx, "Find a person", "Name, phone or email")
        });
        if self.finder.found_nobody() == Some(true) {
            ui.label("Nobody matches that search.");
        }
        let movers = &self.draft.movers;
        let added = self.finder.results(ui, ctx, true, |p| {
            if chosen(movers, p.individual_id) {
                Offer::Skip
            } else {
                Offer::Add
            }
        });
        if let Some(p) = added {
            self.draft.movers.push(mover_of(&p));
        }
    }

    fn where_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.data.status_ui(ui, ctx, "units");
        let Some(data) = self.data.state.value().cloned() else {
            return;
        };
        ui.horizontal(|ui| {
            community_combo(
                ui,
                "Community",
                &data.communities,
                &mut self.community,
                None,
            );
        });
        let people = self.draft.movers.len();
        ui.label(
            egui::RichText::new(format!(
                "Units with room for {people} first; full units can only be waitlisted."
            ))
            .color(ctx.tokens.muted),
        );
        let key = (self.community, people);
        if self.unit_order.as_ref().is_none_or(|(k, _)| *k != key) {
            self.unit_order = Some((key, self.units_in_order(&data, people)));
        }
        let order = self
            .unit_order
            .as_ref()
            .map(|(_, o)| o.clone())
            .unwrap_or_default();
        let chosen = self.draft.unit.as_ref().map(|u| u.unit_id);
        let mut pick = None;
        egui::Grid::new("move-in-units")
            .striped(true)
            .num_columns(6)
            .show(ui, |ui| {
                for h in ["Unit", "Care group", "Floor plan", "Beds", "Free", "Rate"] {
                    ui.strong(h);
                }
                ui.end_row();
                for &i in &order {
                    let (u, o) = (&data.units[i], &self.occupancy[i]);
                    let room = o.room();
                    let usable = room >= people as i64 || self.draft.waitlist;
                    let button = egui::Button::selectable(
                        chosen == Some(u.id),
                        format!("Unit {}", u.number),
                    );
                    if ui.add_enabled(usable, button).clicked() {
                        pick = Some(i);
                    }
                    ui.label(&u.care_group);
                    ui.label(u.floor_plan.clone().unwrap_or_default());
                    ui.label(u.capacity.to_string());
                    ui.colored_label(
                        if room > 0 {
                            ctx.tokens.vacant
                        } else {
                            ctx.tokens.muted
                        },
                        room.to_string(),
                    );
                    ui.label(
                        u.base_monthly
                            .map(|v| format!("${v:.0}/month"))
                            .unwrap_or_default(),
                    );
                    ui.end_row();
                }
            });
        if let Some(i) = pick {
            let u = &data.units[i];
            let community_unique = data
                .communities
                .iter()
                .find(|c| c.id == u.community_id)
                .map(|c| c.name_unique.clone())
                .unwrap_or_default();
            self.draft.choose_unit(ChosenUnit {
                unit_id: u.id,
                community_id: u.community_id,
                number: u.number.clone(),
                community_name: u.community_name.clone(),
                community_unique,
                capacity: u.capacity,
                room: self.occupancy[i].room(),
                base_monthly: u.base_monthly,
                base_entrance: u.base_entrance,
            });
        }
    }

    /// The chosen community's units: those with room for `people` first (most room first),
    /// then the full ones by number. Kept until the community, the people or the data change.
    fn units_in_order(&self, data: &InventoryData, people: usize) -> Vec<usize> {
        let in_community = |i: &usize| Some(data.units[*i].community_id) == self.community;
        let with_room = units_with_room(&data.units, &self.occupancy, people);
        let mut has_room = vec![false; data.units.len()];
        for &i in &with_room {
            has_room[i] = true;
        }
        let mut order: Vec<usize> = with_room.into_iter().filter(in_community).collect();
        let mut full: Vec<usize> = (0..data.units.len())
            .filter(|i| in_community(i) && !has_room[*i])
            .collect();
        full.sort_by_cached_key(|&i| natural_number(&data.units[i].number));
        order.extend(full);
        order
    }

    fn when_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let problems = check(Step::When, &self.draft);
        let shown = !self.problems.is_empty();
        egui::Grid::new("move-in-when")
            .num_columns(3)
            .show(ui, |ui| {
                let d = &mut self.draft;
                for (field, text, hint) in [
                    ("Move-in date", &mut d.move_in, "YYYY-MM-DD, required"),
                    ("Move-out date", &mut d.move_out, "YYYY-MM-DD, optional"),
                    ("Monthly fee", &mut d.monthly_fee, "from the unit's rate"),
                    ("Entrance fee", &mut d.entrance_fee, "optional"),
                    ("Deposit", &mut d.deposit, "optional"),
                ] {
                    labelled(ui, field, |ui| {
                        ui.add_sized(
                            [220.0, 22.0],
                            egui::TextEdit::singleline(text).hint_text(hint),
                        )
                    });
                    match problems.iter().find(|p| p.field == field) {
                        Some(p) if shown => {
                            ui.colored_label(ctx.tokens.error, &p.message);
                        }
                        _ => {
                            ui.label("");
                        }
                    }
                    ui.end_row();
                }
            });
        if let Some(u) = &self.draft.unit {
            ui.label(
                egui::RichText::new(format!(
                    "Unit {} at {}: rate {}",
                    u.number,
                    u.community_name,
                    u.base_monthly
                        .map_or("not set".into(), |v| format!("${v:.2}/month"))
                ))
                .color(ctx.tokens.muted),
            );
        }
    }

    fn options_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let d = &mut self.draft;
        ui.checkbox(
            &mut d.transfer,
            "Transfer from their current unit (their current contract ends on the move-in date)",
        );
        ui.checkbox(&mut d.create_activity, "Log a move-in activity");
        ui.checkbox(&mut d.waitlist, "Waitlist");
        ui.checkbox(&mut d.repayable, "Deposit is repayable");
        ui.add_space(8.0);
        ui.strong("Current contracts");
        self.current.status_ui(ui, ctx, "current contracts");
        match self.current.state.value() {
            None => {}
            Some(list) if list.is_empty() => {
                ui.label("None: nobody moving in has an active contract.");
            }
            Some(list) => {
                for c in list {
                    ui.label(format!(
                        "{} lives in unit {} at {} since {}",
                        c.individual_name,
                        c.unit_number,
                        c.community_name,
                        c.move_in_date.date_naive()
                    ));
                }
                if !self.draft.transfer {
                    ui.colored_label(
                        ctx.tokens.warning,
                        "Tick Transfer to move them out of their current unit.",
                    );
                }
            }
        }
    }

    fn review_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        for line in describe(&self.draft) {
            ui.label(line);
        }
        ui.add_space(8.0);
        let busy = self.submit.state.is_pending() || self.check.state.is_pending();
        let can_send = !busy && matches!(self.outcome, Outcome::Editing | Outcome::NotSaved);
        match &self.outcome {
            Outcome::Unknown(message) => {
                ui.colored_label(ctx.tokens.warning, format!("⚠ {message}"));
                if self.check.state.is_pending() {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label("Checking whether the move-in was saved…");
                    });
                } else if ui.button("Check again").clicked() {
                    self.check_saved(ctx);
                }
            }
            Outcome::NotSaved => {
                ui.colored_label(
                    ctx.tokens.warning,
                    "The move-in was not saved (no such contract exists). You can submit it again.",
                );
            }
            _ => {}
        }
        ui.horizontal(|ui| {
            let label = if self.outcome == Outcome::NotSaved {
                "Submit again"
            } else {
                "Submit move-in"
            };
            if ui.add_enabled(can_send, egui::Button::new(label)).clicked() {
                self.send(ctx);
            }
        });
        if self.submit.state.is_pending() {
            self.submit.status_ui(ui, ctx, "the move-in");
        }
    }

    fn send(&mut self, ctx: &mut AppCtx) {
        // The button is disabled while a request is out; this guards a double click in one frame.
        if self.submit.state.is_pending() || self.check.state.is_pending() {
            return;
        }
        match request(&self.draft) {
            Err((step, problems)) => {
                self.step = step;
                self.problems = problems;
            }
            Ok(body) => {
                self.server_error = None;
                self.outcome = Outcome::Editing;
                self.submit.request(ctx.backend, move |client| async move {
                    client.create_housing_contract(&body).await
                });
            }
        }
    }

    fn done_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, ids: &[i64]) {
        let ids: Vec<String> = ids.iter().map(i64::to_string).collect();
        ui.colored_label(
            ctx.tokens.success,
            egui::RichText::new(format!(
                "✔ Move-in saved: contract{} {}",
                if ids.len() == 1 { "" } else { "s" },
                ids.join(", ")
            ))
            .strong(),
        );
        for line in describe(&self.draft) {
            ui.label(line);
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if let Some(m) = self.draft.movers.first()
                && ui.button("Open the admission checklist").clicked()
            {
                ctx.send(Command::OpenAdmissions {
                    case_number: m.case_number.clone(),
                    community_id: self.draft.unit.as_ref().map(|u| u.community_id),
                });
            }
            if ui.button("See the unit in the inventory").clicked() {
                ctx.send(Command::Navigate(Nav::Inventory));
            }
            if ui.button("Start another move-in").clicked() {
                *self = MoveInWizard::default();
            }
        });
    }
}
