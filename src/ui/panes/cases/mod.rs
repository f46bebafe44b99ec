//! Cases: the search table, and beside it the case that is open.

mod search;
mod view;

pub use view::sections::{FOLLOWED_UP_TIP, followed_text};

pub use search::{CaseSearch, DEBOUNCE_SECS, LOCAL_LIMIT, PAGE_SIZE};
pub use view::CaseView;

use super::{AppCtx, Pane};

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
            egui::Panel::right("case-view")
                .resizable(true)
                .default_size(560.0)
                .min_size(420.0)
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        close = ui.button("✖ Close case").clicked();
                    });
                    view.ui(ui, ctx);
                });
            if close {
                self.view = None;
            }
        }
        self.search.ui(ui, ctx);
    }

    fn reset(&mut self) {
        self.search.reset();
        self.view = None;
    }
}
