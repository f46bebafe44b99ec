//! The wizard's steps, one drawing function each: who, where, when and money, options, review,
//! and the screen after a saved move-in.

use super::{MoveInWizard, Outcome, mover_of};
use crate::commands::Command;
use crate::context::AppCtx;
use crate::domain::move_in::{ChosenUnit, Field, Mover, Step, check, request};

use super::review::{problem_words, review_lines};
use crate::domain::occupancy::{natural_number, units_with_room};
use crate::engine::MoveInWrite;
use crate::engine::asks::{self, InventoryData};
use crate::nav::Nav;
use crate::person_finder::Offer;
use crate::widgets::{community_combo, date_field, labelled};
use leasedesk_i18n::tr;

impl MoveInWizard {
    /// Who moves in. Adding a person never moves what is still to be clicked: the case's other
    /// people and the people found keep their rows ("✔ … is moving in" where the Add was), and
    /// the chosen list grows below them all.
    pub(super) fn who_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.strong(tr!("movein-who"));
        let chosen = |movers: &[Mover], id: i64| movers.iter().any(|m| m.individual_id == id);
        let row_height = ui.spacing().interact_size.y;
        let suggestions = self.suggestions.clone();
        if !suggestions.is_empty() {
            ui.add_space(6.0);
            ui.label(tr!("movein-people-in-case"));
            for m in suggestions {
                ui.horizontal(|ui| {
                    ui.set_min_height(row_height);
                    if chosen(&self.draft.movers, m.individual_id) {
                        ui.label(tr!("movein-is-moving-in", name = m.name.as_str()));
                    } else if ui
                        .button(tr!("movein-add", name = m.name.as_str()))
                        .clicked()
                    {
                        self.draft.movers.push(m.clone());
                    }
                });
            }
        }
        ui.add_space(8.0);
        let field = ui
            .horizontal(|ui| {
                self.finder
                    .search_box_ui(ui, ctx, &tr!("movein-find"), &tr!("movein-find-hint"))
            })
            .inner;
        self.finder_focus.on(&field);
        if self.finder.found_nobody() == Some(true) {
            ui.label(tr!("movein-nobody-matches"));
        }
        let movers = &self.draft.movers;
        let added = self.finder.results_ui(ui, ctx, true, |p| {
            if chosen(movers, p.individual_id) {
                Offer::Note(tr!(
                    "movein-is-moving-in",
                    name = p.individual_name.as_str()
                ))
            } else {
                Offer::Add
            }
        });
        if let Some(p) = added {
            // The Where step opens on the first mover's community, not the portal's first.
            if self.draft.movers.is_empty()
                && let Some(c) = p.communities.first()
            {
                self.community = Some(c.id);
                self.unit_order = None;
            }
            self.draft.movers.push(mover_of(&p));
        }
        ui.add_space(8.0);
        ui.strong(tr!("movein-moving-in"));
        if self.draft.movers.is_empty() {
            ui.label(tr!("movein-nobody-chosen"));
        }
        let mut remove = None;
        for (i, m) in self.draft.movers.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.label(tr!(
                    "movein-mover",
                    name = m.name.as_str(),
                    case = m.case_number.as_str()
                ));
                if ui
                    .button(tr!("movein-remove", name = m.name.as_str()))
                    .clicked()
                {
                    remove = Some(i);
                }
            });
        }
        if let Some(i) = remove {
            self.draft.movers.remove(i);
        }
    }

    pub(super) fn where_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.data.status_ui(ui, ctx, &tr!("movein-the-units"));
        let Some(data) = self.data.state.value().cloned() else {
            return;
        };
        ui.horizontal(|ui| {
            community_combo(
                ui,
                &tr!("report-col-community"),
                &data.communities,
                &mut self.community,
                None,
            );
        });
        let people = self.draft.movers.len();
        ui.label(
            egui::RichText::new(tr!("movein-units-order", people = people)).color(ctx.tokens.muted),
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
                for h in [
                    tr!("report-col-unit"),
                    tr!("report-col-care-group"),
                    tr!("partners-col-floor-plan"),
                    tr!("report-col-beds"),
                    tr!("movein-col-free"),
                    tr!("movein-col-rate"),
                ] {
                    ui.strong(h);
                }
                ui.end_row();
                for &i in &order {
                    let (u, o) = (&data.units[i], &self.occupancy[i]);
                    let room = o.room();
                    let usable = room >= people as i64 || self.draft.waitlist;
                    let button = egui::Button::selectable(
                        chosen == Some(u.id),
                        tr!("movein-unit", number = u.number.as_str()),
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
                            .map(crate::words::monthly)
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

    pub(super) fn when_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let problems = check(Step::When, &self.draft);
        let shown = !self.problems.is_empty();
        egui::Grid::new("move-in-when")
            .num_columns(3)
            .show(ui, |ui| {
                let d = &mut self.draft;
                // Each field by the domain's name for it (its problems name it so), and as shown.
                for (field, label, text, hint) in [
                    // A new move-in has no move-out: that is a move-out of its own, later.
                    (
                        Field::MoveInDate,
                        tr!("movein-date"),
                        &mut d.move_in,
                        tr!("movein-required"),
                    ),
                    (
                        Field::MonthlyFee,
                        tr!("movein-monthly-fee"),
                        &mut d.monthly_fee,
                        tr!("movein-from-rate"),
                    ),
                    (
                        Field::EntranceFee,
                        tr!("movein-entrance-fee"),
                        &mut d.entrance_fee,
                        tr!("movein-optional"),
                    ),
                    (
                        Field::Deposit,
                        tr!("movein-deposit"),
                        &mut d.deposit,
                        tr!("movein-optional"),
                    ),
                ] {
                    if field == Field::MoveInDate {
                        date_field(ui, &label, text, ctx.today(), ctx.tokens.error);
                    } else {
                        labelled(ui, &label, |ui| {
                            ui.add_sized(
                                [220.0, 22.0],
                                egui::TextEdit::singleline(text)
                                    .id_salt(("move-in", field))
                                    .hint_text(hint),
                            )
                        });
                    }
                    match problems.iter().find(|p| p.field == field) {
                        Some(p) if shown => {
                            crate::widgets::problem_ui(ui, ctx.tokens.error, problem_words(p));
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
                egui::RichText::new(tr!(
                    "movein-unit-rate",
                    number = u.number.as_str(),
                    community = u.community_name.as_str(),
                    rate = u
                        .base_monthly
                        .map_or(tr!("movein-not-set"), crate::words::monthly)
                ))
                .color(ctx.tokens.muted),
            );
        }
    }

    pub(super) fn options_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        // A transfer ends a current contract: without one there is nothing to transfer from.
        let has_current = self
            .current
            .state
            .value()
            .is_some_and(|list| !list.is_empty());
        let d = &mut self.draft;
        if !has_current {
            d.transfer = false;
        }
        let transfer = ui.add_enabled(
            has_current,
            egui::Checkbox::new(&mut d.transfer, tr!("movein-transfer")),
        );
        if !has_current {
            transfer.on_disabled_hover_text(tr!("movein-no-transfer-hint"));
            ui.label(egui::RichText::new(tr!("movein-no-transfer")).color(ctx.tokens.muted));
        }
        ui.checkbox(&mut d.create_activity, tr!("movein-log-activity"));
        ui.checkbox(&mut d.waitlist, tr!("movein-waitlist"));
        ui.checkbox(&mut d.repayable, tr!("movein-repayable"));
        ui.add_space(8.0);
        ui.strong(tr!("movein-current"));
        self.current.status_ui(ui, ctx, &tr!("movein-the-current"));
        match self.current.state.value() {
            None => {}
            Some(list) if list.is_empty() => {
                ui.label(tr!("movein-no-current"));
            }
            Some(list) => {
                for c in list {
                    ui.label(tr!(
                        "movein-lives-in",
                        name = c.individual_name.as_str(),
                        unit = c.unit_number.as_str(),
                        community = c.community_name.as_str(),
                        since = crate::dates::day(c.move_in_date.date_naive())
                    ));
                }
                if !self.draft.transfer {
                    ui.colored_label(ctx.tokens.warning, tr!("movein-tick-transfer"));
                }
            }
        }
    }

    pub(super) fn review_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        for line in review_lines(&self.draft, false) {
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
                        crate::widgets::spinner_ui(ui);
                        ui.label(tr!("movein-checking"));
                    });
                } else if ui.button(tr!("movein-check-again")).clicked() {
                    self.check_saved(ctx);
                }
            }
            Outcome::NotSaved => {
                ui.colored_label(ctx.tokens.warning, tr!("movein-not-saved"));
            }
            _ => {}
        }
        ui.horizontal(|ui| {
            let label = if self.outcome == Outcome::NotSaved {
                tr!("movein-submit-again")
            } else {
                tr!("movein-submit")
            };
            if ui.add_enabled(can_send, egui::Button::new(label)).clicked() {
                self.send(ctx);
            }
        });
        if self.submit.state.is_pending() {
            self.submit.status_ui(ui, ctx, &tr!("movein-the-move-in"));
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
                let write = MoveInWrite {
                    summary: review_lines(&self.draft, false)
                        .into_iter()
                        .next()
                        .unwrap_or_default(),
                    draft: Box::new(self.draft.clone()),
                    body: Box::new(body.clone()),
                };
                self.submit.ask(ctx.backend, asks::writes::move_in(write));
            }
        }
    }

    /// The move-in saved (with its contracts' ids) or, with `None`, kept in the outbox.
    pub(super) fn done_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, ids: Option<&[i64]>) {
        let (text, colour) = match ids {
            Some(ids) => {
                let list: Vec<String> = ids.iter().map(i64::to_string).collect();
                let text = tr!("movein-saved", count = ids.len(), ids = list.join(", "));
                (text, ctx.tokens.success)
            }
            None => (tr!("movein-saved-offline"), ctx.tokens.warning),
        };
        ui.colored_label(colour, egui::RichText::new(text).strong());
        for line in review_lines(&self.draft, true) {
            ui.label(line);
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if let Some(m) = self.draft.movers.first()
                && ui.button(tr!("movein-open-checklist")).clicked()
            {
                ctx.send(Command::OpenAdmissions {
                    case_number: m.case_number.clone(),
                    community_id: self.draft.unit.as_ref().map(|u| u.community_id),
                });
            }
            if ui.button(tr!("movein-see-unit")).clicked() {
                ctx.send(Command::Navigate(Nav::Inventory));
            }
            if ui.button(tr!("movein-another")).clicked() {
                *self = MoveInWizard::default();
            }
        });
    }
}
