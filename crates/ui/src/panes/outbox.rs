//! The outbox: changes made while the service could not be reached, waiting to be sent (by
//! themselves, in order), and those the service refused, with its message, to edit and send
//! again or to discard.

use super::{AppCtx, Pane};
use crate::commands::Command;
use crate::engine::OutboxKind;
use crate::engine::{ActivityWrite, IndividualWrite, MoveInWrite};
use crate::engine::{QueueState, QueuedWrite};
use crate::nav::Nav;

#[derive(Default)]
pub struct OutboxPane {
    /// Discarding the changes that cannot be opened, asked to be confirmed (their count).
    confirm_discard: Option<usize>,
    export: crate::files::Status,
}

impl Pane for OutboxPane {
    /// Nothing here came from the service: the entries live in the backend's outbox.
    fn reset(&mut self) {}

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.heading("Outbox");
        ui.label(
            "Changes made while the service could not be reached. They are sent by themselves, \
             in the order they were made, as soon as it answers again.",
        );
        let kind = ctx.backend.outbox().kind();
        let note = match kind {
            Some(OutboxKind::OnDisk) => {
                "Kept encrypted on this computer: they survive closing LeaseDesk."
            }
            Some(OutboxKind::ThisRunOnly) => {
                "This connection keeps no offline copy, so they are kept until LeaseDesk is closed."
            }
            None => "Not connected yet.",
        };
        ui.label(egui::RichText::new(note).color(ctx.tokens.muted));
        ui.add_space(8.0);
        self.unopened_ui(ui, ctx);
        let entries = ctx.backend.outbox().entries();
        if entries.is_empty() {
            ui.label("Nothing is waiting to be sent.");
            return;
        }
        let waiting = entries
            .iter()
            .filter(|e| !matches!(e.state, QueueState::Refused(_)))
            .count();
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(crate::domain::format::count(waiting, "change")).strong());
            ui.label("waiting to be sent");
            let by_hand = ctx.backend.connection().working_offline();
            if ui
                .add_enabled(waiting > 0 && !by_hand, egui::Button::new("Send now"))
                .on_disabled_hover_text(if by_hand {
                    "You chose Work offline: choose Go online in the status bar to send"
                } else {
                    "Nothing is waiting"
                })
                .clicked()
            {
                ctx.backend.outbox().replay();
            }
        });
        ui.add_space(6.0);
        egui::ScrollArea::vertical()
            .id_salt("outbox-scroll")
            .show(ui, |ui| {
                for entry in entries.iter() {
                    egui::Frame::group(ui.style()).show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        let saved = entry
                            .queued_at
                            .with_timezone(&ctx.zone)
                            .format(crate::domain::format::DAY_TIME);
                        ui.horizontal(|ui| {
                            ui.strong(entry.write.summary());
                            ui.label(
                                egui::RichText::new(format!("saved {saved}"))
                                    .color(ctx.tokens.muted),
                            );
                        });
                        match &entry.state {
                            QueueState::Waiting => {
                                ui.label("Waiting to be sent");
                            }
                            QueueState::Sending => {
                                ui.label("Sent; checking with the service whether it arrived");
                            }
                            QueueState::Refused(message) => {
                                crate::widgets::problem_ui(
                                    ui,
                                    ctx.tokens.error,
                                    format!("⚠ The service refused it: {message}"),
                                );
                                ui.horizontal(|ui| {
                                    let edit = match &entry.write {
                                        QueuedWrite::LogActivity(ActivityWrite {
                                            draft, ..
                                        }) => Some(Command::EditQueued {
                                            id: entry.id,
                                            draft: draft.clone(),
                                        }),
                                        QueuedWrite::MoveIn(MoveInWrite { draft, .. }) => {
                                            Some(Command::EditQueuedMoveIn {
                                                id: entry.id,
                                                draft: draft.clone(),
                                                message: message.clone(),
                                            })
                                        }
                                        QueuedWrite::NewIndividual(IndividualWrite {
                                            draft,
                                            body,
                                            ..
                                        }) => Some(Command::EditQueuedIndividual {
                                            id: entry.id,
                                            draft: draft.clone(),
                                            case_number: body.get("casenumber").map(str::to_owned),
                                            message: message.clone(),
                                        }),
                                        // A status or a requirement is changed again where
                                        // it lives; the entry stays until discarded.
                                        QueuedWrite::CampaignMove(_) => {
                                            Some(Command::Navigate(Nav::Campaigns))
                                        }
                                        QueuedWrite::AdmissionUpdate(_) => {
                                            Some(Command::Navigate(Nav::Admissions))
                                        }
                                        QueuedWrite::NewUnits(_) => {
                                            Some(Command::Navigate(Nav::Inventory))
                                        }
                                    };
                                    if let Some(edit) = edit
                                        && ui.button(edit.label()).clicked()
                                    {
                                        ctx.send(edit);
                                    }
                                    if ui.button("Send again as it is").clicked() {
                                        ctx.backend.outbox().resend_queued(entry.id);
                                    }
                                    if ui.button("Discard").clicked() {
                                        ctx.backend.outbox().discard_queued(entry.id);
                                    }
                                });
                            }
                        }
                    });
                }
            });
    }
}

impl OutboxPane {
    /// Changes saved here that this computer's key does not open (a lost or reset key): never
    /// sent, never dropped silently; exported sealed, or discarded on the user's word.
    fn unopened_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let count = ctx.backend.outbox().unopened_changes();
        if count == 0 {
            self.confirm_discard = None;
            return;
        }
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.colored_label(
                ctx.tokens.warning,
                egui::RichText::new(format!(
                    "⚠ {} saved here cannot be opened with this computer's key",
                    crate::domain::format::count(count, "change")
                ))
                .strong(),
            );
            ui.label(
                "The key in the system keyring is missing or was replaced, so they cannot be \
                 read or sent. They are kept as they are. If the old key can be restored in the \
                 keyring, restart LeaseDesk and they will be sent. Otherwise export them (still \
                 encrypted) for your administrator, or discard them.",
            );
            ui.horizontal(|ui| {
                if ui.button("Export them sealed…").clicked() {
                    let backend = ctx.backend.clone();
                    crate::files::save_as(
                        ctx.backend,
                        "leasedesk-unopened-changes.jsonl",
                        ("Sealed changes", &["jsonl"]),
                        self.export.clone(),
                        move |path| match backend.outbox().export_unopened_to(path) {
                            Ok(n) => format!(
                                "Saved {} (still encrypted) to {}",
                                crate::domain::format::count(n, "change"),
                                path.display()
                            ),
                            Err(e) => format!(
                                "The file could not be written: {e}. Choose another folder and try again"
                            ),
                        },
                    );
                }
                if ui.button("Discard them…").clicked() {
                    self.confirm_discard = Some(count);
                }
            });
            crate::files::status_line_ui(ui, &self.export, ctx.tokens.muted, true);
            if let Some(asked) = self.confirm_discard {
                // The count moved (a key came back): ask again about what is there now.
                if asked != count {
                    self.confirm_discard = Some(count);
                }
                crate::widgets::problem_ui(ui, ctx.tokens.error,
                    format!(
                        "Discarding deletes {} for good; the service never got them.",
                        crate::domain::format::count(count, "change")
                    ),
                );
                ui.horizontal(|ui| {
                    if ui
                        .button(format!(
                            "Discard {}",
                            crate::domain::format::count(count, "change")
                        ))
                        .clicked()
                    {
                        ctx.backend.outbox().discard_unopened(count);
                        self.confirm_discard = None;
                    }
                    if ui.button("Keep them").clicked() {
                        self.confirm_discard = None;
                    }
                });
            }
        });
        ui.add_space(8.0);
    }
}
