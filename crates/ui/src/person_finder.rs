//! Finding people to add (to a move-in, to a campaign): a search box with Find (Enter works
//! too) and one "Add NAME" row per person found, primary and related alike.

use crate::api::model::{SearchIndividual, SearchResponse};
use crate::context::AppCtx;
use crate::remote::Slot;
use crate::widgets::{entered, labelled};
use leasedesk_i18n::tr;

/// How a person found is offered.
pub enum Offer {
    Add,
    /// Left out (already chosen).
    Skip,
    /// Shown with this note instead of an Add button.
    Note(String),
}

#[derive(Default)]
pub struct PersonFinder {
    query: String,
    found: Slot<SearchResponse>,
}

impl PersonFinder {
    /// The search box, labelled `label`, and its Find button.
    /// The search field and Find; returns the field's response.
    pub fn search_box_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &AppCtx,
        label: &str,
        hint: &str,
    ) -> egui::Response {
        let field = labelled(ui, label, |ui| {
            ui.add(
                egui::TextEdit::singleline(&mut self.query)
                    .id_salt("person-finder-query")
                    .hint_text(hint),
            )
        });
        let enter = entered(ui, &field);
        if (ui.button(tr!("finder-find")).clicked() || enter) && !self.query.trim().is_empty() {
            self.found.ask(
                ctx.backend,
                crate::engine::asks::people::find_people(&self.query, 25),
            );
        }
        field
    }

    /// Whether an answer has come back, and whether it found nobody.
    pub fn found_nobody(&self) -> Option<bool> {
        self.found.state.value().map(|f| f.cases.is_empty())
    }

    /// The people found, each offered as `offer` says. Returns the one whose Add was clicked.
    pub fn results_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &AppCtx,
        enabled: bool,
        offer: impl Fn(&SearchIndividual) -> Offer,
    ) -> Option<SearchIndividual> {
        self.found.poll_read(ctx.backend);
        self.found.status_ui(ui, ctx, &tr!("finder-the-people"));
        let found = self.found.state.value()?;
        let mut added = None;
        for case in &found.cases {
            for p in std::iter::once(&case.primary).chain(&case.relationships) {
                let note = match offer(p) {
                    Offer::Skip => continue,
                    Offer::Note(note) => Some(note),
                    Offer::Add => None,
                };
                ui.horizontal(|ui| {
                    // A note takes an Add's room: the rows below stay where they were.
                    ui.set_min_height(ui.spacing().interact_size.y);
                    if let Some(note) = note {
                        ui.label(note);
                        return;
                    }
                    let add =
                        egui::Button::new(tr!("movein-add", name = p.individual_name.as_str()));
                    if ui.add_enabled(enabled, add).clicked() {
                        added = Some(p.clone());
                    }
                    // Namesakes told apart: where, how to reach them and since when.
                    let mut about = vec![
                        p.individual_type.clone(),
                        tr!("finder-case", number = p.case_number.as_str()),
                    ];
                    if let Some(c) = p.communities.first() {
                        about.push(c.name.clone());
                    }
                    if !p.best_phone().is_empty() {
                        about.push(p.best_phone().to_owned());
                    }
                    about.push(tr!(
                        "finder-since",
                        day = crate::dates::day(p.date_created.date_naive())
                    ));
                    ui.label(egui::RichText::new(about.join(" · ")).color(ctx.tokens.muted));
                });
            }
        }
        added
    }
}
