//! Dialogs over the window. Only one is open at a time (`Option<Modal>` in the app), so
//! shortcuts and the palette know when to stay quiet.

pub mod close_lost;
pub mod contact_word;
pub mod help;
pub mod import_calls;
pub mod known_people;
pub mod log_activity;
pub mod log_outcome;
pub mod new_individual;
pub mod outreach;

pub mod schedule_tour;

use help::HelpView;
use log_activity::LogActivityForm;
use log_outcome::LogOutcomeForm;
use new_individual::NewIndividualForm;
use schedule_tour::ScheduleTourForm;

use super::commands::Command;
use super::context::AppCtx;

pub enum Modal {
    NewIndividual(Box<NewIndividualForm>),
    LogActivity(Box<LogActivityForm>),
    LogOutcome(Box<LogOutcomeForm>),
    CloseLost(Box<close_lost::CloseLostForm>),
    ScheduleTour(Box<ScheduleTourForm>),
    ImportCalls(Box<import_calls::ImportCallsForm>),
    Outreach(Box<outreach::OutreachForm>),
    Help(HelpView),
}

impl Modal {
    /// Draws the dialog's content. Returns false once it asks to close.
    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) -> bool {
        match self {
            Modal::NewIndividual(form) => {
                ui.set_width(520.0);
                form.ui(ui, ctx);
                form.open
            }
            Modal::LogActivity(form) => {
                ui.set_width(560.0);
                form.ui(ui, ctx);
                form.open
            }
            Modal::LogOutcome(form) => {
                ui.set_width(600.0);
                form.ui(ui, ctx);
                form.open
            }
            Modal::CloseLost(form) => {
                ui.set_width(520.0);
                form.ui(ui, ctx);
                form.open
            }
            Modal::ScheduleTour(form) => {
                ui.set_width(660.0);
                form.ui(ui, ctx);
                form.open
            }
            Modal::ImportCalls(form) => {
                ui.set_width(620.0);
                form.ui(ui, ctx);
                form.open
            }
            Modal::Outreach(form) => {
                ui.set_width(640.0);
                form.ui(ui, ctx);
                form.open
            }
            Modal::Help(view) => {
                ui.set_width(640.0);
                view.ui(ui, ctx);
                view.open
            }
        }
    }

    /// Whether what was typed is saved (on the service or in the outbox): closing loses
    /// nothing, so it does not ask.
    pub fn saved(&self) -> bool {
        match self {
            Modal::NewIndividual(form) => form.saved(),
            Modal::LogActivity(form) => form.saved(),
            Modal::LogOutcome(form) => form.done(),
            Modal::CloseLost(form) => form.saved(),
            Modal::ScheduleTour(form) => form.saved(),
            Modal::ImportCalls(form) => form.saved(),
            Modal::Outreach(form) => form.saved(),
            Modal::Help(_) => true,
        }
    }

    /// What the rest of the app must learn when the dialog closes (what it saved, the
    /// engine tells as it happens: `EngineEvent::Changed`).
    pub fn closed(&self) -> Option<Command> {
        None
    }
}
