//! The outbox: changes made while the service could not be reached, waiting to be sent (by
//! themselves, in order), and those the service refused, with its message, to edit and send
//! again or to discard.

use leasedesk_i18n::tr;

use super::{AppCtx, Pane};
use crate::commands::Command;
use crate::engine::OutboxKind;
use crate::engine::{ActivityWrite, IndividualWrite, MoveInWrite};
use crate::engine::{QueueState, QueuedWrite, WhyRefused};
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
        ui.heading(tr!("nav-outbox"));
        ui.label(tr!("outbox-about"));
        let kind = ctx.backend.outbox().kind();
        let note = match kind {
            Some(OutboxKind::OnDisk) => tr!("outbox-on-disk"),
            Some(OutboxKind::ThisRunOnly) => tr!("outbox-this-run"),
            None => tr!("outbox-not-connected"),
        };
        ui.label(egui::RichText::new(note).color(ctx.tokens.muted));
        ui.add_space(8.0);
        self.unopened_ui(ui, ctx);
        let entries = ctx.backend.outbox().entries();
        if entries.is_empty() {
            ui.label(tr!("outbox-empty"));
            return;
        }
        let waiting = entries
            .iter()
            .filter(|e| !matches!(e.state, QueueState::Refused(_)))
            .count();
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(tr!("outbox-changes", count = waiting)).strong());
            ui.label(tr!("outbox-to-send"));
            let by_hand = ctx.backend.connection().working_offline();
            if ui
                .add_enabled(
                    waiting > 0 && !by_hand,
                    egui::Button::new(tr!("outbox-send-now")),
                )
                .on_disabled_hover_text(if by_hand {
                    tr!("outbox-send-now-offline")
                } else {
                    tr!("outbox-send-now-nothing")
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
                        let saved = entry.queued_at.with_timezone(&ctx.zone).naive_local();
                        let saved = crate::dates::due(saved, false);
                        ui.horizontal(|ui| {
                            ui.strong(crate::words::queued_said(&entry.write));
                            ui.label(
                                egui::RichText::new(tr!("outbox-saved", when = saved))
                                    .color(ctx.tokens.muted),
                            );
                        });
                        match &entry.state {
                            QueueState::Waiting => {
                                ui.label(tr!("outbox-state-waiting"));
                            }
                            QueueState::Sending => {
                                ui.label(tr!("outbox-state-sending"));
                            }
                            QueueState::Refused(why) => {
                                crate::widgets::problem_ui(
                                    ui,
                                    ctx.tokens.error,
                                    format!("⚠ {}", crate::words::refused_words(why)),
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
                                                message: refusal_detail(why),
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
                                            message: refusal_detail(why),
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
                                    if ui.button(tr!("outbox-send-again")).clicked() {
                                        ctx.backend.outbox().resend_queued(entry.id);
                                    }
                                    if ui.button(tr!("outbox-discard")).clicked() {
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
                egui::RichText::new(format!("⚠ {}", tr!("outbox-unopened", count = count)))
                    .strong(),
            );
            ui.label(tr!("outbox-unopened-about"));
            ui.horizontal(|ui| {
                if ui.button(tr!("outbox-export-sealed")).clicked() {
                    let backend = ctx.backend.clone();
                    crate::files::save_as(
                        ctx.backend,
                        "leasedesk-unopened-changes.jsonl",
                        crate::files::FileKind::Sealed,
                        self.export.clone(),
                        move |path| match backend.outbox().export_unopened_to(path) {
                            Ok(n) => tr!(
                                "outbox-saved-sealed",
                                count = n,
                                path = path.display().to_string()
                            ),
                            Err(e) => tr!("outbox-not-written", error = e.to_string()),
                        },
                    );
                }
                if ui.button(tr!("outbox-discard-them")).clicked() {
                    self.confirm_discard = Some(count);
                }
            });
            crate::files::status_line_ui(ui, &self.export, ctx.tokens.muted, true);
            if let Some(asked) = self.confirm_discard {
                // The count moved (a key came back): ask again about what is there now.
                if asked != count {
                    self.confirm_discard = Some(count);
                }
                crate::widgets::problem_ui(
                    ui,
                    ctx.tokens.error,
                    tr!("outbox-discard-warning", count = count),
                );
                ui.horizontal(|ui| {
                    if ui
                        .button(tr!("outbox-discard-count", count = count))
                        .clicked()
                    {
                        ctx.backend.outbox().discard_unopened(count);
                        self.confirm_discard = None;
                    }
                    if ui.button(tr!("outbox-keep-them")).clicked() {
                        self.confirm_discard = None;
                    }
                });
            }
        });
        ui.add_space(8.0);
    }
}

/// What a form reopened from the outbox shows of its refusal: the service's own message, or
/// why it cannot be told whether it arrived.
fn refusal_detail(why: &WhyRefused) -> String {
    match why {
        WhyRefused::Service(message) => message.clone(),
        WhyRefused::CannotTell { .. } => crate::words::refused_words(why),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leasedesk_i18n::{Language, in_language};

    #[test]
    fn why_a_change_waits_is_said_in_each_language() {
        let cannot_tell = WhyRefused::CannotTell {
            name: "Rosa Quintero".into(),
        };
        let english = in_language(Language::English, || {
            crate::words::refused_words(&cannot_tell)
        });
        let spanish = in_language(Language::Spanish, || {
            crate::words::refused_words(&cannot_tell)
        });
        assert_eq!(english, cannot_tell.to_string());
        assert!(spanish.contains("Rosa Quintero"), "{spanish}");
        assert_ne!(spanish, english);
        let service = WhyRefused::Service("Individual not found".into());
        assert_eq!(
            in_language(Language::Spanish, || crate::words::refused_words(&service)),
            "El servicio lo rechazó: Individual not found"
        );
    }
}
