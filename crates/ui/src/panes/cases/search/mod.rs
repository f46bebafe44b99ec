//! Case search: one box searched as you type, name, type and saved-list filters, a virtualized
//! sortable table, keyboard navigation, paging, CSV export. Each keystroke is answered at once
//! from the store; the service's answer (debounced, stale answers dropped) then takes
//! over, and is kept in the copy. When the service cannot be reached the copy's answer stays.

use egui_extras::{Column, TableBuilder};

use crate::api::model::{IndividualType, SearchQuery, SearchResponse, Tenant};
use crate::domain::individual_draft::answers_search;
use crate::engine::{Queued, QueuedWrite};
use crate::engine::{StoreMatches, StoreQuery};
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::sync::Arc;

use crate::commands::{CaseRef, Command, command_button, command_button_enabled};
use crate::context::AppCtx;
use crate::domain::cases::{
    CaseColumn, CaseRow, ColourFilter, MovingIn, SortOrder, StageFilter, matched_via,
    sorted_indices, write_csv,
};
use crate::domain::contact_story::ContactRule;
use crate::domain::funnel::Stage;
use crate::domain::speed_to_lead::Colour;
use crate::engine::asks::{self, Loading};
use crate::files;
use crate::remote::{Slot, StatusRow, status_row_ui};
use crate::widgets::{labelled, lead_colour_named_ui, steady_combo, together, unreadable_note};

pub const DEBOUNCE_SECS: f64 = 0.25;
pub const PAGE_SIZE: i64 = 4000;
/// Cases shown at most from the store while the service's answer is awaited.
pub const LOCAL_LIMIT: usize = 100;
const ROW_HEIGHT: f32 = crate::theme::TARGET;

/// What the filters say, compared to decide whether a new search is due.
#[derive(Debug, Clone, Default, PartialEq)]
struct Filters {
    q: String,
    first_name: String,
    last_name: String,
    kind: Option<IndividualType>,
    list_id: String,
}

impl Filters {
    /// What the store can answer; `None` for a saved list, which only the service knows.
    fn local_query(&self) -> Option<StoreQuery> {
        self.list_id.trim().is_empty().then(|| StoreQuery {
            text: self.q.clone(),
            first_name: self.first_name.clone(),
            last_name: self.last_name.clone(),
            kind: self.kind,
        })
    }

    fn query(&self, page: i64) -> Result<SearchQuery, String> {
        let text = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
        let list_id = match text(&self.list_id) {
            Some(id) => Some(
                id.parse::<i64>()
                    .map_err(|_| leasedesk_i18n::tr!("search-list-id-number", id = id.as_str()))?,
            ),
            None => None,
        };
        Ok(SearchQuery {
            list_id,
            page_number: Some(page),
            page_size: Some(PAGE_SIZE),
            q: text(&self.q),
            first_name: text(&self.first_name),
            last_name: text(&self.last_name),
            individual_type_id: self.kind,
        })
    }
}

/// Where the rows on screen came from.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Source {
    Service,
    /// The store, synced at `as_of`; `more` when it holds more matches than shown.
    OfflineCopy {
        as_of: Option<DateTime<Utc>>,
        more: bool,
    },
}

/// Answers from the store, tagged so only the latest is shown.
struct LocalAnswers {
    generation: u64,
    asked_for: Option<Filters>,
    tx: std::sync::mpsc::Sender<(u64, StoreMatches)>,
    rx: std::sync::mpsc::Receiver<(u64, StoreMatches)>,
}

impl Default for LocalAnswers {
    fn default() -> Self {
        let (tx, rx) = std::sync::mpsc::channel();
        LocalAnswers {
            generation: 0,
            asked_for: None,
            tx,
            rx,
        }
    }
}

pub struct CaseSearch {
    filters: Filters,
    /// The filters of the last search sent, and when the user last changed one.
    sent: Option<Filters>,
    edited_at: Option<f64>,
    page: i64,
    answer: Slot<(i64, SearchResponse)>,
    responses: Vec<SearchResponse>,
    rows: Vec<CaseRow>,
    order: Vec<usize>,
    pub sort: SortOrder,
    /// Fewer columns, when the case view shares the window.
    pub compact: bool,
    /// The portal's possible duplicates shown instead of the search's rows.
    pub show_duplicates: bool,
    pub duplicates: super::DuplicatesView,
    total: i64,
    /// Cases the service sent that could not be read, over the pages shown.
    unreadable: usize,
    /// Position in `order` of the selected row.
    selected: Option<usize>,
    scroll_to_selected: bool,
    needs_focus: bool,
    filter_error: Option<String>,
    search_box: Option<egui::Id>,
    /// The selected row's node as last drawn: the search box's active descendant, so a screen
    /// reader reads the row ↓ and ↑ move to while the keyboard stays in the box.
    selected_row: Option<egui::Id>,
    /// A case to open as soon as it appears in the results.
    open_when_found: Option<String>,
    export: files::Status,
    /// Each case's furthest sales stage, from the sales data once loaded.
    stages: Option<Arc<HashMap<String, Stage>>>,
    pub stage_filter: StageFilter,
    /// Each active lead's follow-up colour, read from the engine (the whole portal's).
    colours: Slot<Arc<HashMap<String, Colour>>>,
    /// What each case's family asked not to get ("No texts"…), by case number.
    holds: Slot<Arc<HashMap<String, Vec<crate::domain::channel::Channel>>>>,
    holds_loading: Arc<Loading>,
    /// The families' words changed under the list: read again.
    holds_stale: bool,
    /// The active contracts, for the move-ins still ahead (the service says "Moved In" from
    /// the signing on), and those days by case number.
    contracts: Slot<crate::api::model::Records<crate::api::model::HousingContract>>,
    moving_in: HashMap<String, MovingIn>,
    /// Only the cases whose family asked not to be contacted (on some channel).
    pub stopped_only: bool,
    colours_loading: Arc<Loading>,
    /// The colours changed under the list (a write or a sync), or the rule did: read again.
    colours_stale: bool,
    colour_rule: Option<ContactRule>,
    pub colour_filter: ColourFilter,
    local: LocalAnswers,
    /// Where the rows came from, and for which filters; `None` before the first answer.
    source: Option<Source>,
    shown_for: Option<Filters>,
    /// People saved offline that answer the filters shown, merged in as the last rows of
    /// `rows` (whatever answered): how many, and from which outbox entries.
    pending_rows: usize,
    /// Of those, the ones the outbox holds for a person's decision (refused, or their answer
    /// lost): not waiting to be sent.
    held_rows: usize,
    pending_from: Option<Arc<Vec<Queued>>>,
    /// The store's cases changed (a sync brought someone new): the search shown is asked again.
    stale: bool,
}

impl Default for CaseSearch {
    fn default() -> Self {
        CaseSearch::new(SortOrder::default())
    }
}

mod answers;
mod view;

impl CaseSearch {
    pub fn new(sort: SortOrder) -> Self {
        CaseSearch {
            filters: Filters::default(),
            sent: None,
            edited_at: None,
            page: 1,
            answer: Slot::default(),
            responses: Vec::new(),
            rows: Vec::new(),
            order: Vec::new(),
            sort,
            compact: false,
            show_duplicates: false,
            duplicates: Default::default(),
            total: 0,
            unreadable: 0,
            selected: None,
            scroll_to_selected: false,
            needs_focus: true,
            filter_error: None,
            search_box: None,
            selected_row: None,
            open_when_found: None,
            export: Default::default(),
            stages: None,
            stage_filter: StageFilter::Any,
            colours: Slot::default(),
            holds: Slot::default(),
            contracts: Slot::default(),
            moving_in: HashMap::new(),
            holds_loading: Arc::default(),
            holds_stale: false,
            stopped_only: false,
            colours_loading: Arc::default(),
            colours_stale: false,
            colour_rule: None,
            colour_filter: ColourFilter::Any,
            local: LocalAnswers::default(),
            source: None,
            shown_for: None,
            pending_rows: 0,
            held_rows: 0,
            pending_from: None,
            stale: false,
        }
    }

    /// Searches for `name` and opens case `case_number` when the answer holds it.
    pub fn open_case_of(&mut self, name: &str, case_number: &str) {
        self.search_for(name);
        self.open_when_found = Some(case_number.to_owned());
    }

    /// Puts text in the search box and searches for it.
    pub fn search_for(&mut self, text: &str) {
        self.filters = Filters {
            q: text.to_owned(),
            ..Filters::default()
        };
        self.edited_at = Some(f64::NEG_INFINITY);
    }

    pub fn focus(&mut self) {
        self.needs_focus = true;
    }

    /// Cases changed (someone new, on this desk or a colleague's): the search shown is asked
    /// again once typing has paused; its rows and the selected case stay until the answer
    /// replaces them. A list paged further than its first page is left as it is.
    pub fn mark_stale(&mut self) {
        self.stale = true;
    }

    /// Forgets results, e.g. when the connection changes, and searches again.
    pub fn reset(&mut self) {
        self.answer.reset();
        self.colours.reset();
        self.holds.reset();
        self.contracts.reset();
        self.moving_in.clear();
        self.responses.clear();
        self.rows.clear();
        self.order.clear();
        self.total = 0;
        self.unreadable = 0;
        self.selected = None;
        self.sent = None;
        self.local.asked_for = None;
        self.local.generation += 1;
        self.source = None;
        self.shown_for = None;
        self.pending_rows = 0;
        self.held_rows = 0;
        self.pending_from = None;
        self.duplicates.mark_stale();
    }

    pub fn rows_in_order(&self) -> impl Iterator<Item = &CaseRow> {
        self.order.iter().map(|&i| &self.rows[i])
    }

    /// Every row read, shown or kept off the table by the stage and follow-up filters.
    pub fn rows_read(&self) -> impl Iterator<Item = &CaseRow> {
        self.rows.iter()
    }

    pub fn total(&self) -> i64 {
        self.total
    }

    fn case_at(&self, position: usize) -> Option<Box<crate::api::model::SearchCase>> {
        let index = *self.order.get(position)?;
        let mut remaining = index;
        for response in &self.responses {
            if remaining < response.cases.len() {
                return Some(Box::new(response.cases[remaining].clone()));
            }
            remaining -= response.cases.len();
        }
        None
    }

    fn open(&mut self, ctx: &AppCtx, position: usize) {
        self.selected = Some(position);
        if let Some(case) = self.case_at(position) {
            ctx.send(Command::OpenCase(CaseRef::from_search(&case)));
        } else if self.order.get(position).is_some() {
            // Someone saved offline: there is no case to open until the service has them.
            ctx.send(Command::Navigate(crate::nav::Nav::Outbox));
        }
    }

    /// Writes the current results, in the order shown, to a file the user picks.
    pub fn export_csv(&mut self, ctx: &AppCtx) {
        let rows: Vec<CaseRow> = self.rows_in_order().cloned().collect();
        let what = crate::domain::format::count(rows.len(), "case");
        files::save_csv(
            ctx.backend,
            "cases.csv",
            what,
            self.export.clone(),
            move |f| {
                let order: Vec<usize> = (0..rows.len()).collect();
                write_csv(&rows, &order, f)
            },
        );
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.take_answers(ctx);
        if let Some(wanted) = self.open_when_found.clone()
            && self.sent.as_ref() == Some(&self.filters)
            && !self.answer.state.is_pending()
            && self.answer.state.value().is_some()
        {
            self.open_when_found = None;
            if let Some(position) = self
                .order
                .iter()
                .position(|&i| self.rows[i].case_number == wanted)
            {
                self.open(ctx, position);
            }
        }
        let now = ui.input(|i| i.time);
        self.filter_bar_ui(ui, now);
        if self.show_duplicates {
            self.duplicates.ui(ui, ctx);
            return;
        }
        self.ask_local(ctx);

        // The first search runs at once; later ones wait for typing to pause.
        if self.sent.is_none() && !self.answer.state.is_pending() && self.edited_at.is_none() {
            self.search(ctx, 1);
        } else if let Some(edited) = self.edited_at {
            let waited = now - edited;
            if self.sent.as_ref() == Some(&self.filters) {
                self.edited_at = None;
            } else if waited >= DEBOUNCE_SECS {
                self.search(ctx, 1);
            } else {
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_secs_f64(
                        DEBOUNCE_SECS - waited,
                    ));
            }
        }

        if self.stale
            && self.edited_at.is_none()
            && !self.answer.state.is_pending()
            && self.sent.as_ref() == Some(&self.filters)
        {
            self.stale = false;
            if self.page == 1 {
                self.local.asked_for = None;
                self.search(ctx, 1);
            }
        }

        self.status_line_ui(ui, ctx);
        self.keyboard(ui, ctx);
        self.table_ui(ui, ctx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_become_a_query_with_only_what_was_given() {
        let filters = Filters {
            q: "  ellison ".into(),
            kind: Some(IndividualType::Resident),
            list_id: " 3 ".into(),
            ..Filters::default()
        };
        let q = filters.query(2).unwrap();
        assert_eq!(q.q.as_deref(), Some("ellison"));
        assert_eq!(q.first_name, None, "blank filters are not sent");
        assert_eq!(q.list_id, Some(3));
        assert_eq!(q.individual_type_id, Some(IndividualType::Resident));
        assert_eq!((q.page_number, q.page_size), (Some(2), Some(PAGE_SIZE)));
        let bad = Filters {
            list_id: "hot".into(),
            ..Filters::default()
        };
        assert!(
            bad.query(1)
                .unwrap_err()
                .contains("List id must be a number")
        );
    }
}
