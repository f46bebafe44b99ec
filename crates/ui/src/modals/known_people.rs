//! "Known already?" under the new-individual form: people of any case, in any community, who
//! may be the one being typed (same email, phone or name, nicknames and swapped names too),
//! each with how their case first came, and a button to open that case instead. Asked a moment
//! after typing stops; it keeps its height so the form never moves.

use std::sync::Arc;

use crate::commands::CaseRef;
use crate::context::AppCtx;
use crate::domain::duplicates::Probe;
use crate::engine::duplicates::KnownPerson;
use crate::remote::Slot;
use leasedesk_i18n::tr;

/// How long typing must pause before the question is asked.
const PAUSE_SECONDS: f64 = 0.4;
/// Matches listed (two lines each); more are counted.
const LISTED: usize = 2;

#[derive(Default)]
pub struct KnownPeople {
    answer: Slot<Arc<Vec<KnownPerson>>>,
    /// What the form held at its last change, and when (UI time).
    typed: Option<(Probe, f64)>,
    /// What was last asked.
    asked: Option<Probe>,
}

impl KnownPeople {
    /// Asks again once `probe` has stopped changing for a moment.
    pub fn keep_asked(&mut self, ui: &egui::Ui, ctx: &AppCtx, probe: Probe) {
        let now = ui.input(|i| i.time);
        if self.typed.as_ref().is_none_or(|(p, _)| *p != probe) {
            self.typed = Some((probe.clone(), now));
        }
        if let Some((typed, at)) = &self.typed
            && self.asked.as_ref() != Some(typed)
        {
            if now - at >= PAUSE_SECONDS {
                let asked = typed.clone();
                self.asked = Some(asked.clone());
                self.answer
                    .ask(ctx.backend, crate::engine::asks::sales::known_people(asked));
            } else {
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_secs_f64(PAUSE_SECONDS));
            }
        }
        self.answer.poll_read(ctx.backend);
    }

    /// The matches found for what was last asked.
    pub fn found(&self) -> &[KnownPerson] {
        self.answer
            .state
            .value()
            .map_or(&[], |found| found.as_slice())
    }

    /// The list in a block of fixed height, with `fee` (a referral fee that may not be owed)
    /// last; returns a case to open instead, if one was chosen.
    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &AppCtx, fee: Option<String>) -> Option<CaseRef> {
        let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        // A heading, two lines a match, "and N more", the fee's two lines.
        let height = line * (2.0 * LISTED as f32 + 4.2);
        let mut open = None;
        // As wide as the form's fields: a long line wraps rather than widening the dialog.
        let width = ui.available_width().min(520.0);
        ui.allocate_ui_with_layout(
            egui::vec2(width, height),
            egui::Layout::top_down(egui::Align::Min),
            |ui| {
                ui.set_min_height(height);
                ui.set_max_width(width);
                let found = self.found();
                if found.is_empty() {
                    let text = if self.answer.state.is_pending() {
                        tr!("known-looking")
                    } else {
                        tr!("known-not-known")
                    };
                    if self.asked.as_ref().is_some_and(Probe::is_worth_asking) {
                        ui.label(egui::RichText::new(text).color(ctx.tokens.muted));
                    } else {
                        // The room is kept so nothing moves when matches come: say what for.
                        ui.label(egui::RichText::new(tr!("known-room")).color(ctx.tokens.muted));
                    }
                    return;
                }
                ui.colored_label(
                    ctx.tokens.warning,
                    tr!("known-possibly", count = found.len()),
                );
                for known in found.iter().take(LISTED) {
                    let m = &known.matched;
                    ui.horizontal(|ui| {
                        let why: Vec<String> = m
                            .why
                            .iter()
                            .map(|w| crate::words::duplicate_why(*w))
                            .collect();
                        ui.label(if m.primary_name == m.name {
                            tr!("known-match", name = m.name.as_str(), why = why.join(", "))
                        } else {
                            tr!(
                                "known-match-in",
                                name = m.name.as_str(),
                                primary = m.primary_name.as_str(),
                                why = why.join(", ")
                            )
                        });
                        if ui
                            .button(tr!("known-open-case", number = m.case_number.as_str()))
                            .clicked()
                        {
                            open = Some(CaseRef::number(&m.case_number, &m.primary_name));
                        }
                    });
                    let since = known.first.as_ref().map_or_else(
                        || tr!("known-no-contact"),
                        |f| {
                            let day = crate::dates::day(f.at.date_naive());
                            match f.source.as_deref() {
                                Some(source) => tr!(
                                    "known-since-via",
                                    day = day,
                                    source = source,
                                    community = f.community.as_str()
                                ),
                                None => {
                                    tr!("known-since", day = day, community = f.community.as_str())
                                }
                            }
                        },
                    );
                    ui.add(
                        egui::Label::new(egui::RichText::new(since).color(ctx.tokens.muted))
                            .truncate(),
                    );
                }
                if found.len() > LISTED {
                    ui.label(
                        egui::RichText::new(tr!("known-more", count = found.len() - LISTED))
                            .color(ctx.tokens.muted),
                    );
                }
                if let Some(fee) = fee {
                    crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {fee}"))
                        .on_hover_text(tr!("known-fee-hint"));
                }
            },
        );
        open
    }
}
