//! Dialogs over the window. Only one is open at a time (`Option<Modal>` in the app), so
//! shortcuts and the palette know when to stay quiet.

pub mod call_export_words;
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
use crate::engine::Change;

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

/// A dialog: drawn over the window, one at a time. Like a pane it says which kinds of record it
/// shows and is told when one changes while it is open (this desk's write, a sync's, a
/// colleague's), so what it checks against (the family's word, a colleague's calendar) is the
/// store's, not what it read when it opened. What was typed stays as it is.
pub trait Dialog {
    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx);
    /// Its heading, and its name to a screen reader.
    fn title(&self) -> String;

    /// The dialog's width, fixed: it must not move under the pointer.
    fn width(&self) -> f32;

    /// False once it asks to close.
    fn is_open(&self) -> bool;

    /// Whether what was typed is saved (on the service or in the outbox): closing loses
    /// nothing, so it does not ask.
    fn saved(&self) -> bool {
        true
    }

    /// The kinds of record it shows: a change of one of them comes to [`Dialog::changed`].
    fn shows(&self) -> &'static [Change] {
        &[]
    }

    /// One of the kinds it shows changed: it reads what it shows again.
    fn changed(&mut self, _change: Change, _ctx: &AppCtx) {}
}

impl Modal {
    pub fn dialog(&self) -> &dyn Dialog {
        match self {
            Modal::NewIndividual(form) => &**form,
            Modal::LogActivity(form) => &**form,
            Modal::LogOutcome(form) => &**form,
            Modal::CloseLost(form) => &**form,
            Modal::ScheduleTour(form) => &**form,
            Modal::ImportCalls(form) => &**form,
            Modal::Outreach(form) => &**form,
            Modal::Help(view) => view,
        }
    }

    pub fn dialog_mut(&mut self) -> &mut dyn Dialog {
        match self {
            Modal::NewIndividual(form) => &mut **form,
            Modal::LogActivity(form) => &mut **form,
            Modal::LogOutcome(form) => &mut **form,
            Modal::CloseLost(form) => &mut **form,
            Modal::ScheduleTour(form) => &mut **form,
            Modal::ImportCalls(form) => &mut **form,
            Modal::Outreach(form) => &mut **form,
            Modal::Help(view) => view,
        }
    }

    pub fn title(&self) -> String {
        self.dialog().title()
    }

    /// Draws the dialog's content. Returns false once it asks to close.
    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) -> bool {
        let dialog = self.dialog_mut();
        ui.set_width(dialog.width());
        dialog.ui(ui, ctx);
        dialog.is_open()
    }

    /// Whether what was typed is saved: closing loses nothing, so it does not ask.
    pub fn saved(&self) -> bool {
        self.dialog().saved()
    }

    /// Passes a change to the dialog if it shows its kind.
    pub fn changed(&mut self, change: Change, ctx: &AppCtx) {
        if self.dialog().shows().contains(&change) {
            self.dialog_mut().changed(change, ctx);
        }
    }

    /// What the rest of the app must learn when the dialog closes (what it saved, the
    /// engine tells as it happens: `EngineEvent::Changed`).
    pub fn closed(&self) -> Option<Command> {
        None
    }
}
