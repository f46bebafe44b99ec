//! "Known already?" under the new-individual form: people of any case, in any community, who
//! may be the one being typed (same email, phone or name, nicknames and swapped names too),
//! each with how their case first came, and a button to open that case instead. Asked a moment
//! after typing stops; it keeps its height so the form never moves.

use std::sync::Arc;

use crate::commands::CaseRef;
use crate::context::AppCtx;
use crate::domain::duplicates::Probe;
use crate::domain::format;
use crate::engine::duplicates::KnownPerson;
use crate::remote::Slot;

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
                        "Looking for this person among every case…"
                    } else {
                        "Not known: no case in any community has this name, phone or email."
                    };
                    if self.asked.as_ref().is_some_and(Probe::is_worth_asking) {
                        ui.label(egui::RichText::new(text).color(ctx.tokens.muted));
                    } else {
                        // The room is kept so nothing moves when matches come: say what for.
                        ui.label(
                            egui::RichText::new(
                                "People already on file with this name, phone or email are \
                                 listed here as you type.",
                            )
                            .color(ctx.tokens.muted),
                        );
                    }
                    return;
                }
                ui.colored_label(
                    ctx.tokens.warning,
                    format!(
                        "⚠ Possibly known already ({}): open their case instead?",
                        found.len()
                    ),
                );
                for known in found.iter().take(LISTED) {
                    let m = &known.matched;
                    ui.horizontal(|ui| {
                        let why: Vec<&str> = m.why.iter().map(|w| w.text()).collect();
                        let whose = if m.primary_name == m.name {
                            String::new()
                        } else {
                            format!(", in {}'s case", m.primary_name)
                        };
                        ui.label(format!("{}{whose} ({})", m.name, why.join(", ")));
                        if ui.button(format!("Open case {}", m.case_number)).clicked() {
                            open = Some(CaseRef::number(&m.case_number, &m.primary_name));
                        }
                    });
                    let since = known.first.as_ref().map_or_else(
                        || "No contact on record yet".to_owned(),
                        |f| {
                            let via = f
                                .source
                                .as_deref()
                                .map_or(String::new(), |s| format!(" via {s}"));
                            format!(
                                "known since {}{via} at {}",
                                format::day(f.at.date_naive()),
                                f.community
                            )
                        },
                    );
                    ui.add(
                        egui::Label::new(egui::RichText::new(since).color(ctx.tokens.muted))
                            .truncate(),
                    );
                }
                if found.len() > LISTED {
                    ui.label(
                        egui::RichText::new(format!("and {} more", found.len() - LISTED))
                            .color(ctx.tokens.muted),
                    );
                }
                if let Some(fee) = fee {
                    crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {fee}"))
                        .on_hover_text(
                            "The source is marked paid in Settings. If saved, both dates and \
                             sources go in the inquiry's note as evidence.",
                        );
                }
            },
        );
        open
    }
}
