//! "Possible duplicates": the portal's cases that may be one person (same email, phone or name,
//! nicknames and swapped names included, relatives too, any community), a group each; a case
//! opens from its group.

use std::sync::Arc;

use crate::commands::{CaseRef, Command};
use crate::context::AppCtx;
use crate::domain::duplicate_groups::{DuplicateGroup, MAX_GROUPS};
use crate::remote::Slot;
use leasedesk_i18n::tr;

#[derive(Default)]
pub struct DuplicatesView {
    pub groups: Slot<Arc<Vec<DuplicateGroup>>>,
    asked: bool,
}

impl DuplicatesView {
    /// Cases changed: found again when next shown.
    pub fn mark_stale(&mut self) {
        self.asked = false;
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        if !self.asked && !self.groups.state.is_pending() {
            self.asked = true;
            self.groups
                .ask(ctx.backend, crate::engine::asks::sales::duplicate_groups());
        }
        self.groups.poll_read(ctx.backend);
        self.groups.status_ui(ui, ctx, &tr!("dup-the-duplicates"));
        let Some(groups) = self.groups.state.value().cloned() else {
            return;
        };
        let cases: usize = groups.iter().map(|g| g.cases.len()).sum();
        ui.label(
            egui::RichText::new(if groups.len() >= MAX_GROUPS {
                tr!("dup-summary-largest", groups = groups.len(), cases = cases)
            } else {
                tr!("dup-summary", groups = groups.len(), cases = cases)
            })
            .color(ctx.tokens.muted),
        );
        let mut open = None;
        egui::ScrollArea::vertical()
            .id_salt("possible-duplicates")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for (n, group) in groups.iter().enumerate() {
                    egui::Frame::group(ui.style()).show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        let why: Vec<String> = group
                            .why
                            .iter()
                            .map(|w| crate::words::duplicate_why(*w))
                            .collect();
                        ui.label(egui::RichText::new(why.join(", ")).color(ctx.tokens.warning));
                        for case in &group.cases {
                            ui.horizontal_wrapped(|ui| {
                                ui.push_id((n, &case.case_number), |ui| {
                                    if ui
                                        .add(egui::Button::new(&case.name).frame(false))
                                        .on_hover_text(tr!("myday-open-case"))
                                        .clicked()
                                    {
                                        open = Some(CaseRef::number(&case.case_number, &case.name));
                                    }
                                });
                                let text = if case.through.is_empty() {
                                    tr!(
                                        "dup-case",
                                        number = case.case_number.as_str(),
                                        communities = case.communities.as_str()
                                    )
                                } else {
                                    tr!(
                                        "dup-case-through",
                                        number = case.case_number.as_str(),
                                        communities = case.communities.as_str(),
                                        through = case.through.join(", ")
                                    )
                                };
                                ui.label(egui::RichText::new(text).color(ctx.tokens.muted));
                            });
                        }
                    });
                }
            });
        if let Some(case) = open {
            ctx.send(Command::OpenCase(case));
        }
    }
}
