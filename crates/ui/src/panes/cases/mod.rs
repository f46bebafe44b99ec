//! Cases: the search table, and beside it the case that is open.

mod duplicates_view;
mod search;
mod view;

pub use view::sections::{followed_text, followed_up_tip};

pub use duplicates_view::DuplicatesView;
pub use search::{CaseSearch, DEBOUNCE_SECS, LOCAL_LIMIT, PAGE_SIZE};
pub use view::CaseView;

use super::{AppCtx, Change, Pane};
use crate::commands::Command;
use leasedesk_i18n::tr;

/// Width the search keeps beside an open case.
const SEARCH_AT_LEAST: f32 = 460.0;
/// Width an open case never goes below.
const CASE_AT_LEAST: f32 = 320.0;

#[derive(Default)]
pub struct Cases {
    pub search: CaseSearch,
    pub view: Option<CaseView>,
}

impl Pane for Cases {
    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.search.compact = self.view.is_some();
        if let Some(view) = &mut self.view {
            let mut close = false;
            // The search keeps room for its filters and three columns on a small screen; the
            // case gets the rest (its buttons wrap).
            let most = (ui.available_width() - SEARCH_AT_LEAST).max(CASE_AT_LEAST);
            egui::Panel::right("case-view")
                .resizable(true)
                .frame(crate::widgets::resizable_panel_frame(ui.style()))
                .default_size(560.0_f32.min(most))
                .min_size(CASE_AT_LEAST)
                .max_size(most)
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        close = ui.button(tr!("case-close")).clicked();
                    });
                    view.ui(ui, ctx);
                });
            if close {
                self.view = None;
            }
        }
        // Nothing of the search is drawn under the case: what does not fit scrolls sideways.
        let room = ui.available_rect_before_wrap();
        ui.shrink_clip_rect(room);
        egui::ScrollArea::horizontal()
            .id_salt("case-search-sideways")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.set_min_width(room.width().min(SEARCH_AT_LEAST));
                self.search.ui(ui, ctx);
            });
    }

    fn reset(&mut self) {
        self.search.reset();
        self.view = None;
    }

    fn selected_actions(&self) -> Vec<(Command, String)> {
        self.view.as_ref().map_or_else(Vec::new, |view| {
            view.actions()
                .iter()
                .map(|c| (c.clone(), view.reference.name.clone()))
                .collect()
        })
    }

    fn shows(&self) -> &'static [Change] {
        &[Change::Cases, Change::Activities, Change::Contracts]
    }

    fn changed(&mut self, change: Change, ctx: &AppCtx) {
        match change {
            Change::Activities => {
                self.search.mark_colours_stale();
                if let Some(view) = &mut self.view {
                    view.reload_activities(ctx);
                }
            }
            // A move-in: the service's status changes too, and the day ahead is read again.
            Change::Contracts => {
                self.search.contracts_changed();
                self.search.mark_stale();
            }
            _ => self.search.mark_stale(),
        }
    }
}
