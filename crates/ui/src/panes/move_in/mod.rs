//! The move-in wizard: who, where, when and money, options, review. Back never loses input;
//! the server's refusals are shown on the step they belong to; Submit cannot send twice; after
//! a lost answer the wizard reads the contracts to learn whether the move-in was saved.

use crate::api::model::Records;
use crate::engine::SentOrQueued;
use std::sync::Arc;

mod review;
mod steps;

use super::{AppCtx, Pane};
use crate::api::ApiError;
use crate::api::model::{HousingContract, HousingContractsCreated};
use crate::commands::MoveInStart;
use crate::domain::move_in::{
    MoveInDraft, Mover, Problem, Step, check, find_submitted, step_for_error,
};
use crate::domain::occupancy::{UnitOccupancy, unit_occupancy};
use crate::engine::asks::{self, InventoryData};
use crate::person_finder::PersonFinder;
use crate::remote::{Remote, Slot};

#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Editing,
    /// No answer came back; the contracts are being read to find out.
    Unknown(String),
    /// The check found nothing: it was not saved, and may be submitted again.
    NotSaved,
    Saved(Vec<i64>),
    /// Kept in the outbox: it is sent when the service can be reached.
    Queued,
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
    current: Slot<Records<HousingContract>>,
    problems: Vec<Problem>,
    server_error: Option<(Step, String)>,
    submit: Slot<SentOrQueued<HousingContractsCreated>>,
    check: Slot<Records<HousingContract>>,
    /// The outbox entry this wizard corrects (a queued move-in the service refused); it is
    /// discarded once the corrected one is saved or queued.
    replacing: Option<i64>,
    /// "Find a person" takes the focus when the wizard is first shown.
    finder_focus: crate::widgets::FirstFocus,
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
            replacing: None,
            finder_focus: Default::default(),
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
    /// A wizard for a case: its first person (the primary) is chosen, the others are offered,
    /// and the Where step opens on the case's community.
    pub fn for_start(start: &MoveInStart) -> Self {
        let mut w = MoveInWizard {
            suggestions: start.people.clone(),
            community: start.community_id,
            ..MoveInWizard::default()
        };
        w.draft.movers.extend(start.people.first().cloned());
        if let Some(unit) = &start.unit {
            w.draft.choose_unit(unit.clone());
        }
        w
    }

    /// The community the Where step shows.
    pub fn community(&self) -> Option<i64> {
        self.community
    }

    /// Whether anything was entered that a fresh start would throw away.
    /// The units are in from the service (not only from the store, nor refreshing).
    pub fn units_settled(&self) -> bool {
        self.data.state.value().is_some() && !self.data.state.is_pending()
    }

    pub fn has_input(&self) -> bool {
        self.outcome == Outcome::Editing && self.draft != MoveInDraft::default()
    }

    fn go(&mut self, step: Step, ctx: &AppCtx) {
        self.problems.clear();
        self.step = step;
        if step == Step::Options {
            let ids: Vec<i64> = self.draft.movers.iter().map(|m| m.individual_id).collect();
            self.current
                .ask(ctx.backend, asks::inventory::current_contracts(ids));
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
                Remote::Ready(SentOrQueued::Sent(created)) => {
                    let ids = created.housing_contract_ids.clone();
                    self.saved(ids, ctx);
                }
                Remote::Ready(SentOrQueued::Queued(_)) => {
                    self.outcome = Outcome::Queued;
                    self.server_error = None;
                    self.replaced(ctx);
                }
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
                    self.outcome = Outcome::Unknown(crate::error_words::api_error(error));
                    self.check_saved(ctx);
                }
                Remote::Failed { error, .. } => {
                    self.server_error = Some((Step::Review, crate::error_words::api_error(error)));
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
                    self.outcome = Outcome::Unknown(leasedesk_i18n::tr!(
                        "movein-unknown",
                        error = crate::error_words::api_error(error)
                    ));
                }
                _ => {}
            }
        }
    }

    fn saved(&mut self, ids: Vec<i64>, ctx: &mut AppCtx) {
        self.outcome = Outcome::Saved(ids);
        self.server_error = None;
        self.replaced(ctx);
        self.data.reset();
    }

    /// The corrected move-in is saved or queued: the refused one goes from the outbox.
    fn replaced(&mut self, ctx: &AppCtx) {
        if let Some(id) = self.replacing.take() {
            ctx.backend.outbox().discard_queued(id);
        }
    }

    /// A queued move-in the service refused, opened at the step its message points to (for a
    /// unit taken meanwhile, Where: choose another unit), with everything typed.
    pub fn for_refused(id: i64, draft: MoveInDraft, message: String) -> Self {
        let step = step_for_error(&message);
        MoveInWizard {
            step,
            community: draft.unit.as_ref().map(|u| u.community_id),
            draft,
            server_error: Some((step, message)),
            replacing: Some(id),
            ..MoveInWizard::default()
        }
    }

    fn check_saved(&mut self, ctx: &AppCtx) {
        let Some(first) = self.draft.movers.first().map(|m| m.individual_id) else {
            return;
        };
        self.check
            .ask(ctx.backend, asks::inventory::contracts_of(first));
    }
}

impl Pane for MoveInWizard {
    fn reset(&mut self) {
        *self = MoveInWizard::default();
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.data.ask_once(ctx.backend, asks::inventory::inventory);
        self.poll(ctx);
        ui.heading(leasedesk_i18n::tr!("nav-move-in"));
        match self.outcome.clone() {
            Outcome::Saved(ids) => return self.done_ui(ui, ctx, Some(&ids)),
            Outcome::Queued => return self.done_ui(ui, ctx, None),
            _ => {}
        }
        ui.horizontal(|ui| {
            for step in Step::ALL {
                let text = format!("{}. {}", step.number(), crate::words::move_in_step(step));
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
            crate::widgets::problem_ui(
                ui,
                ctx.tokens.error,
                leasedesk_i18n::tr!("movein-refused", message = message.as_str()),
            );
        }
        // A fixed-height bar, so Back and Next never move under the pointer.
        egui::Panel::bottom("move-in-nav").show(ui, |ui| {
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                if let Some(previous) = self.step.previous()
                    && ui.button(leasedesk_i18n::tr!("movein-back")).clicked()
                {
                    self.go(previous, ctx);
                }
                if let Some(next) = self.step.next()
                    && ui.button(leasedesk_i18n::tr!("movein-next")).clicked()
                {
                    // The day field is left after this bar is drawn: what it understood
                    // is written in full before the step is checked.
                    crate::domain::move_in::write_days(
                        &mut self.draft,
                        ctx.today(),
                        crate::dates::typed_day,
                    );
                    self.problems = check(self.step, &self.draft);
                    if self.problems.is_empty() {
                        self.go(next, ctx);
                    }
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui
                        .button(leasedesk_i18n::tr!("movein-start-over"))
                        .clicked()
                    {
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
                    crate::widgets::problem_ui(
                        ui,
                        ctx.tokens.error,
                        format!(
                            "⚠ {}: {}",
                            review::field_name(p.field),
                            review::problem_words(p)
                        ),
                    );
                }
            });
    }
}
