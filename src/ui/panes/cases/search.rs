//! Case search: one box searched as you type, name, type and saved-list filters, a virtualized
//! sortable table, keyboard navigation, paging, CSV export. Each keystroke is answered at once
//! from the offline copy; the service's answer (debounced, stale answers dropped) then takes
//! over, and is kept in the copy. When the service cannot be reached the copy's answer stays.

use egui_extras::{Column, TableBuilder};

use crate::api::model::{IndividualType, SearchQuery, SearchResponse, Tenant};
use crate::domain::individual_draft::answers_search;
use crate::engine::{LocalMatches, LocalQuery};
use crate::engine::{Queued, QueuedWrite};
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::sync::Arc;

use crate::domain::cases::{
    CaseColumn, CaseRow, ColourFilter, SortOrder, StageFilter, matched_via, sorted_indices,
    write_csv,
};
use crate::domain::funnel::Stage;
use crate::domain::speed_to_lead::{Colour, ColourRule};
use crate::engine::asks::{self, Loading};
use crate::ui::commands::{CaseRef, Command, command_button, command_button_enabled};
use crate::ui::context::AppCtx;
use crate::ui::files;
use crate::ui::remote::{Slot, StatusRow, status_row_ui};
use crate::ui::widgets::{labelled, lead_colour_ui, steady_combo, together, unreadable_note};

pub const DEBOUNCE_SECS: f64 = 0.25;
pub const PAGE_SIZE: i64 = 4000;
/// Cases shown at most from the offline copy while the service's answer is awaited.
pub const LOCAL_LIMIT: usize = 100;
const ROW_HEIGHT: f32 = 22.0;

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
    /// What the offline copy can answer; `None` for a saved list, which only the service knows.
    fn local_query(&self) -> Option<LocalQuery> {
        self.list_id.trim().is_empty().then(|| LocalQuery {
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
                    .map_err(|_| format!("List id must be a number (got {id:?})"))?,
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
    /// The offline copy, synced at `as_of`; `more` when it holds more matches than shown.
    OfflineCopy {
        as_of: Option<DateTime<Utc>>,
        more: bool,
    },
}

/// Answers from the offline copy, tagged so only the latest is shown.
struct LocalAnswers {
    generation: u64,
    asked_for: Option<Filters>,
    tx: std::sync::mpsc::Sender<(u64, LocalMatches)>,
    rx: std::sync::mpsc::Receiver<(u64, LocalMatches)>,
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
    /// A case to open as soon as it appears in the results.
    open_when_found: Option<String>,
    export: files::Status,
    /// Each case's furthest sales stage, from the sales data once loaded.
    stages: Option<Arc<HashMap<String, Stage>>>,
    pub stage_filter: StageFilter,
    /// Each active lead's follow-up colour, read from the engine (the whole portal's).
    colours: Slot<Arc<HashMap<String, Colour>>>,
    colours_loading: Arc<Loading>,
    /// The colours changed under the list (a write or a sync), or the rule did: read again.
    colours_stale: bool,
    /// The engine's count of activity changes when the colours were last asked for.
    colours_generation: u64,
    colour_rule: Option<ColourRule>,
    pub colour_filter: ColourFilter,
    local: LocalAnswers,
    /// Where the rows came from, and for which filters; `None` before the first answer.
    source: Option<Source>,
    shown_for: Option<Filters>,
    /// People saved offline that answer the filters shown, merged in as the last rows of
    /// `rows` (whatever answered): how many, and from which outbox entries.
    pending_rows: usize,
    pending_from: Option<Arc<Vec<Queued>>>,
    /// The store's cases changed (a sync brought someone new): the search shown is asked again.
    stale: bool,
}

impl Default for CaseSearch {
    fn default() -> Self {
        CaseSearch::new(SortOrder::default())
    }
}

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
            open_when_found: None,
            export: Default::default(),
            stages: None,
            stage_filter: StageFilter::Any,
            colours: Slot::default(),
            colours_loading: Arc::default(),
            colours_stale: false,
            colours_generation: 0,
            colour_rule: None,
            colour_filter: ColourFilter::Any,
            local: LocalAnswers::default(),
            source: None,
            shown_for: None,
            pending_rows: 0,
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
        self.pending_from = None;
        self.duplicates.mark_stale();
    }

    pub fn rows_in_order(&self) -> impl Iterator<Item = &CaseRow> {
        self.order.iter().map(|&i| &self.rows[i])
    }

    pub fn total(&self) -> i64 {
        self.total
    }

    fn search(&mut self, ctx: &AppCtx, page: i64) {
        let query = match self.filters.query(page) {
            Ok(q) => q,
            Err(e) => {
                self.filter_error = Some(e);
                return;
            }
        };
        self.filter_error = None;
        self.sent = Some(self.filters.clone());
        self.edited_at = None;
        self.page = page;
        self.answer
            .ask(ctx.backend, asks::people::search_page(query, page));
    }

    /// Shows a response as if it had just arrived (benchmarks, previews, screenshots).
    #[cfg(feature = "test-hooks")]
    pub fn show_response(&mut self, response: SearchResponse) {
        self.sent = Some(self.filters.clone());
        self.answer.set_ready((1, response));
        self.rebuild();
    }

    fn take_answers(&mut self, ctx: &AppCtx) {
        // Only a new answer replaces the rows: after a failure the offline copy's stay.
        if self.answer.poll_read(ctx.backend)
            && let crate::ui::remote::Remote::Ready((_, response)) = &self.answer.state
        {
            ctx.backend.remember_cases(response.cases.to_vec());
            self.rebuild();
            // A count only (never names): the Windows smoke test looks for it in the log.
            tracing::info!(cases = self.total, "search answered");
        }
        self.take_local_answers();
        self.merge_pending(ctx);
    }

    /// Asks the offline copy whenever the filters change (it answers in milliseconds).
    fn ask_local(&mut self, ctx: &AppCtx) {
        if self.local.asked_for.as_ref() == Some(&self.filters) {
            return;
        }
        let Some(query) = self.filters.local_query() else {
            self.local.asked_for = Some(self.filters.clone());
            return;
        };
        let generation = self.local.generation + 1;
        if ctx
            .backend
            .search_offline(query, LOCAL_LIMIT, generation, self.local.tx.clone())
        {
            self.local.generation = generation;
            self.local.asked_for = Some(self.filters.clone());
        }
    }

    fn take_local_answers(&mut self) {
        let mut latest = None;
        while let Ok((generation, matches)) = self.local.rx.try_recv() {
            if generation == self.local.generation {
                latest = Some(matches);
            }
        }
        let Some(matches) = latest else {
            return;
        };
        // The service's answer to these very filters is better than the copy's.
        let asked_for = self.local.asked_for.clone();
        if self.source == Some(Source::Service) && self.shown_for == asked_for {
            return;
        }
        let source = Source::OfflineCopy {
            as_of: matches.as_of,
            more: matches.more,
        };
        let response = SearchResponse {
            total: matches.cases.len() as i64,
            cases: matches.cases.into(),
            tenant: Tenant {
                user_id: 0,
                company_id: 0,
            },
        };
        self.show_page(1, response, asked_for.map(|f| f.q).unwrap_or_default());
        self.source = Some(source);
        self.shown_for = self.local.asked_for.clone();
    }

    fn rebuild(&mut self) {
        if let Some((page, response)) = self.answer.state.value().cloned() {
            let text = self.sent.as_ref().map(|f| f.q.clone()).unwrap_or_default();
            self.show_page(page, response, text);
            self.source = Some(Source::Service);
            self.shown_for = self.sent.clone();
        }
    }

    /// Puts a page of cases on screen (page 1 replaces what was there), `text` being what was
    /// searched for (to say through whom a case was found).
    fn show_page(&mut self, page: i64, response: SearchResponse, text: String) {
        let selected = self.selected_case_number();
        self.drop_pending_rows();
        {
            if page == 1 {
                self.responses.clear();
                self.rows.clear();
                self.selected = None;
                self.unreadable = 0;
            }
            self.total = response.total;
            self.unreadable += response.cases.unreadable.len();
            self.rows.extend(response.cases.iter().map(|case| CaseRow {
                matched_via: matched_via(case, &text),
                ..CaseRow::from_case(case)
            }));
            self.responses.push(response);
            self.apply_stages();
            self.reorder();
        }
        self.select_case_number(selected);
    }

    fn selected_case_number(&self) -> Option<String> {
        let index = *self.order.get(self.selected?)?;
        Some(self.rows.get(index)?.case_number.clone()).filter(|c| !c.is_empty())
    }

    /// Selects the row of `case_number` again after the rows changed under it (a new answer
    /// replaced the offline copy's, a page was added).
    fn select_case_number(&mut self, case_number: Option<String>) {
        if let Some(wanted) = case_number {
            self.selected = self
                .order
                .iter()
                .position(|&i| self.rows[i].case_number == wanted);
        }
    }

    fn drop_pending_rows(&mut self) {
        let served = self.rows.len().saturating_sub(self.pending_rows);
        self.rows.truncate(served);
        self.pending_rows = 0;
        self.pending_from = None;
    }

    /// Merges the people saved offline that answer the filters shown into the rows, whatever
    /// answered (the copy or the service); again whenever the outbox changes.
    fn merge_pending(&mut self, ctx: &AppCtx) {
        let entries = ctx.backend.outbox_entries();
        let unchanged = self
            .pending_from
            .as_ref()
            .is_some_and(|was| Arc::ptr_eq(was, &entries));
        if unchanged || (entries.is_empty() && self.pending_rows == 0) {
            return;
        }
        let selected = self.selected_case_number();
        self.drop_pending_rows();
        if let Some(f) = self
            .shown_for
            .clone()
            .filter(|f| f.list_id.trim().is_empty())
        {
            for entry in entries.iter() {
                if let QueuedWrite::NewIndividual { draft, body, .. } = &entry.write
                    && answers_search(draft, &f.q, &f.first_name, &f.last_name, f.kind)
                {
                    let saved_at = entry.queued_at.fixed_offset();
                    let mut row = CaseRow::waiting_to_be_sent(draft, saved_at);
                    if let Some(kind) = body.get("type") {
                        row.kind = kind.to_owned();
                    }
                    self.rows.push(row);
                    self.pending_rows += 1;
                }
            }
        }
        self.pending_from = Some(entries);
        self.reorder();
        self.select_case_number(selected);
    }

    /// The rows in the chosen order, without those the stage and follow-up filters leave out.
    fn reorder(&mut self) {
        let (filter, colour) = (self.stage_filter, self.colour_filter);
        let rows = &self.rows;
        self.order = sorted_indices(rows, self.sort);
        self.order
            .retain(|&i| filter.admits(&rows[i]) && colour.admits(&rows[i]));
        self.selected = self.selected.filter(|&p| p < self.order.len());
    }

    /// Whether the furthest stages are asked for (a Stage filter or sort); they take a read of
    /// every activity, so they are worked out on demand (or when Sales has them already).
    pub fn wants_stages(&self) -> bool {
        self.stage_filter != StageFilter::Any || self.sort.column == CaseColumn::Stage
    }

    /// Takes the furthest stage of every case (a new map only when the sales data changed).
    pub fn set_stages(&mut self, stages: Option<Arc<HashMap<String, Stage>>>) {
        let same = match (&self.stages, &stages) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.stages = stages;
            self.apply_stages();
            self.reorder();
        }
    }

    fn apply_stages(&mut self) {
        let colours = self.colours.state.value();
        for row in &mut self.rows {
            row.stage = self
                .stages
                .as_ref()
                .and_then(|m| m.get(&row.case_number).copied());
            row.follow_up = colours.and_then(|m| m.get(&row.case_number).copied());
        }
    }

    /// Whether the follow-up colours are asked for (a filter or sort by them).
    pub fn wants_colours(&self) -> bool {
        self.colour_filter != ColourFilter::Any || self.sort.column == CaseColumn::FollowUp
    }

    /// Activities changed (the engine's count is now `generation`): the colours are read
    /// again when next kept, unless they were asked for after the change.
    pub fn mark_colours_stale(&mut self, generation: u64) {
        if !matches!(self.colours.state, crate::ui::remote::Remote::Idle)
            && generation > self.colours_generation
        {
            self.colours_stale = true;
        }
    }

    /// Reads the colours when first asked, again when stale or the rule changed, and puts
    /// them on the rows when they arrive.
    pub fn keep_colours(&mut self, ctx: &AppCtx) {
        let rule = ctx.prefs.lead_rules.colours;
        let idle = matches!(self.colours.state, crate::ui::remote::Remote::Idle);
        let again = self.colours_stale || self.colour_rule.is_some_and(|r| r != rule);
        if idle || (again && !self.colours.state.is_pending()) {
            self.colours_stale = false;
            self.colour_rule = Some(rule);
            self.colours_generation = ctx.backend.activities_generation();
            let (loading, now) = (self.colours_loading.clone(), ctx.now);
            self.colours
                .ask(ctx.backend, asks::sales::lead_colours(now, rule, loading));
        }
        if self.colours.poll_read(ctx.backend) {
            self.apply_stages();
            self.reorder();
        }
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
            ctx.send(Command::Navigate(crate::ui::nav::Nav::Outbox));
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

    fn filter_bar_ui(&mut self, ui: &mut egui::Ui, now: f64) {
        let before = self.filters.clone();
        // Next to the case view the bar is narrow: one row per group instead of one line, so
        // nothing spills into the case view.
        if self.compact {
            ui.horizontal(|ui| self.search_box_ui(ui));
            ui.horizontal(|ui| self.name_filters_ui(ui));
            ui.horizontal(|ui| self.other_filters_ui(ui));
            ui.horizontal(|ui| self.figure_filters_ui(ui));
        } else {
            ui.horizontal_wrapped(|ui| {
                self.search_box_ui(ui);
                self.name_filters_ui(ui);
                self.other_filters_ui(ui);
                self.figure_filters_ui(ui);
            });
        }
        if self.filters != before {
            self.edited_at = Some(now);
        }
    }

    fn search_box_ui(&mut self, ui: &mut egui::Ui) {
        let search = labelled(ui, "Search cases", |ui| {
            ui.add(
                egui::TextEdit::singleline(&mut self.filters.q)
                    .id_salt("search-q")
                    .hint_text("Name, phone or email")
                    .desired_width(240.0),
            )
        });
        self.search_box = Some(search.id);
        if self.needs_focus {
            search.request_focus();
            self.needs_focus = false;
        }
    }

    fn name_filters_ui(&mut self, ui: &mut egui::Ui) {
        // Each label travels with its field when the row wraps.
        together(ui, "First name", 100.0, |ui, label| {
            ui.add(
                egui::TextEdit::singleline(&mut self.filters.first_name)
                    .id_salt("search-first-name")
                    .desired_width(100.0),
            )
            .labelled_by(label)
        });
        together(ui, "Last name", 100.0, |ui, label| {
            ui.add(
                egui::TextEdit::singleline(&mut self.filters.last_name)
                    .id_salt("search-last-name")
                    .desired_width(100.0),
            )
            .labelled_by(label)
        });
    }

    fn other_filters_ui(&mut self, ui: &mut egui::Ui) {
        let kind = self.filters.kind;
        together(ui, "Type", 130.0, |ui, label| {
            steady_combo(
                ui,
                130.0,
                egui::ComboBox::from_id_salt("search-type")
                    .selected_text(kind.map_or("Any type".to_owned(), |k| k.to_string())),
                |ui| {
                    ui.selectable_value(&mut self.filters.kind, None, "Any type");
                    for kind in IndividualType::ALL {
                        ui.selectable_value(&mut self.filters.kind, Some(*kind), kind.to_string());
                    }
                },
            )
            .labelled_by(label)
        });
        together(ui, "Saved list", 60.0, |ui, label| {
            ui.add(
                egui::TextEdit::singleline(&mut self.filters.list_id)
                    .id_salt("search-list-id")
                    .hint_text("List id")
                    .desired_width(60.0),
            )
            .labelled_by(label)
        });
    }

    /// The filters over figures worked out from the activities (stage, follow-up colour): they
    /// narrow the rows shown rather than asking the service.
    fn figure_filters_ui(&mut self, ui: &mut egui::Ui) {
        let before = self.stage_filter;
        let shown = self.stage_filter.label();
        together(ui, "Stage", 110.0, |ui, label| {
            steady_combo(
                ui,
                110.0,
                egui::ComboBox::from_id_salt("search-stage").selected_text(shown),
                |ui| {
                    let choices = std::iter::once(StageFilter::Any)
                        .chain(Stage::ALL.into_iter().map(StageFilter::At))
                        .chain(std::iter::once(StageFilter::None));
                    for choice in choices {
                        ui.selectable_value(&mut self.stage_filter, choice, choice.label());
                    }
                },
            )
            .labelled_by(label)
            .on_hover_text("The furthest sales stage each case reached (filters the cases shown)")
        });
        let before_colour = self.colour_filter;
        together(ui, "Follow-up", 110.0, |ui, label| {
            steady_combo(
                ui,
                110.0,
                egui::ComboBox::from_id_salt("search-follow-up")
                    .selected_text(self.colour_filter.label()),
                |ui| {
                    for choice in ColourFilter::ALL {
                        ui.selectable_value(&mut self.colour_filter, choice, choice.label());
                    }
                },
            )
            .labelled_by(label)
            .on_hover_text(crate::ui::widgets::COLOUR_TIP)
        });
        if self.stage_filter != before || self.colour_filter != before_colour {
            self.reorder();
        }
        ui.toggle_value(&mut self.show_duplicates, "Possible duplicates")
            .on_hover_text(
                "Cases across the portal that may be one person: same email, phone or name",
            );
    }

    fn status_line_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let offline = match self.source {
            Some(Source::OfflineCopy { as_of, more }) => Some((as_of, more)),
            _ => None,
        };
        let served = self.rows.len() - self.pending_rows;
        ui.horizontal_wrapped(|ui| {
            if let Some((as_of, more)) = offline {
                let when = as_of.map_or("not fully synced yet".to_owned(), |at| {
                    crate::domain::format::as_of(at, ctx.now, ctx.zone)
                });
                let count = if more {
                    format!("First {served} matches")
                } else {
                    crate::domain::format::count(served, "case")
                };
                ui.label(
                    egui::RichText::new(format!("{count} from the offline copy ({when})"))
                        .strong()
                        .color(ctx.tokens.warning),
                );
            } else if self.answer.state.value().is_some() && !self.answer.state.is_pending() {
                let text = if ((served + self.unreadable) as i64) < self.total {
                    format!("Showing {served} of {} cases", self.total)
                } else {
                    crate::domain::format::count(self.total.max(0) as usize, "case")
                };
                ui.label(egui::RichText::new(text).strong());
                unreadable_note(ui, &ctx.tokens, self.unreadable);
            }
            if self.pending_rows > 0 {
                ui.label(
                    egui::RichText::new(match self.pending_rows {
                        1 => "and 1 person saved offline, waiting to be sent".to_owned(),
                        n => format!("and {n} people saved offline, waiting to be sent"),
                    })
                    .color(ctx.tokens.warning),
                );
            }
            if ((served + self.unreadable) as i64) < self.total
                && !self.answer.state.is_pending()
                && ui.button("Load more").clicked()
            {
                let next = self.page + 1;
                self.search(ctx, next);
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                command_button_enabled(
                    ui,
                    ctx.commands,
                    Command::ExportSearchCsv,
                    !self.rows.is_empty(),
                );
                command_button(
                    ui,
                    ctx.commands,
                    Command::NewIndividual { case_number: None },
                );
                if let Some(message) = files::status_text(&self.export) {
                    // Kept to the room left: a long path must not run over the count.
                    ui.add(
                        egui::Label::new(
                            egui::RichText::new(message.as_str()).color(ctx.tokens.muted),
                        )
                        .truncate(),
                    )
                    .on_hover_text(message);
                }
            });
        });
        if let Some(e) = &self.filter_error {
            ui.colored_label(ctx.tokens.error, format!("⚠ {e}"));
        }
        let what = if self.rows.is_empty() {
            "cases"
        } else {
            "results"
        };
        // Offline with a synced copy on screen: said calmly, not as a failure. A copy never
        // synced shows the service's error itself (it says what to check).
        if matches!(offline, Some((Some(_), _)))
            && self
                .answer
                .state
                .error()
                .is_some_and(crate::engine::unreachable)
        {
            let by_hand = ctx.backend.working_offline();
            let why = if by_hand {
                "You chose Work offline, so these come from the offline copy. Go online (status bar) to ask the service."
            } else {
                "The service cannot be reached, so these come from the offline copy. LeaseDesk asks again by itself."
            };
            // The same one-row scope as every status line, so the rows below keep their place.
            let retry = ui
                .push_id("remote status", |ui| {
                    status_row_ui(
                        ui,
                        StatusRow {
                            text: why.to_owned(),
                            colour: ctx.tokens.muted,
                            retry: !by_hand,
                            ..StatusRow::default()
                        },
                    )
                })
                .inner;
            if retry {
                self.answer.retry(ctx.backend);
            }
        } else {
            self.answer.status_ui(ui, ctx, what);
        }
    }

    /// ↑/↓ move the selection, Enter opens it (typing in the search box still works: single-line
    /// fields do not use those keys).
    fn keyboard(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let focused = ui.ctx().memory(|m| m.focused());
        if self.order.is_empty() || (focused.is_some() && focused != self.search_box) {
            return;
        }
        let (down, up, enter) = ui.input(|i| {
            (
                i.key_pressed(egui::Key::ArrowDown),
                i.key_pressed(egui::Key::ArrowUp),
                i.key_pressed(egui::Key::Enter),
            )
        });
        let last = self.order.len() - 1;
        if down {
            self.selected = Some(self.selected.map_or(0, |s| (s + 1).min(last)));
            self.scroll_to_selected = true;
        }
        if up {
            self.selected = Some(self.selected.map_or(0, |s| s.saturating_sub(1)));
            self.scroll_to_selected = true;
        }
        if enter && let Some(position) = self.selected {
            self.open(ctx, position);
        }
    }

    fn table_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        if self.source.is_some() && self.rows.is_empty() {
            ui.add_space(24.0);
            let copy = ctx.backend.copy_status();
            let text = match self.source {
                // The copy cannot say "no such case" before it holds the portal.
                Some(Source::OfflineCopy { .. }) if copy.cases == 0 => match &copy.syncing {
                    Some(progress) => format!(
                        "The offline copy is still empty ({progress}): cases show here once it \
                         holds them, or as soon as the service answers."
                    ),
                    None => "The offline copy holds no cases yet: it is filled when the service \
                             can be reached."
                        .to_owned(),
                },
                Some(Source::OfflineCopy { as_of: None, .. }) => format!(
                    "No case in the offline copy matches, but it is still being filled ({} so \
                     far): the case may not be in it yet.",
                    crate::domain::format::count(copy.cases, "case")
                ),
                _ => "No cases match. Check the spelling, or clear a filter.".to_owned(),
            };
            ui.vertical_centered(|ui| ui.label(text));
            return;
        }
        let mut sort_clicked = None;
        let mut open = None;
        // Cell text must not be selectable, or it takes the click meant for the row.
        ui.style_mut().interaction.selectable_labels = false;
        const COMPACT: [CaseColumn; 3] = [CaseColumn::Name, CaseColumn::Type, CaseColumn::Status];
        let columns: &[CaseColumn] = if self.compact {
            &COMPACT
        } else {
            &CaseColumn::ALL
        };
        // Columns keep their widths (phones and dates whole); on a narrow window the pane
        // scrolls sideways (`Cases::ui`).
        let scale = 1.0;
        let mut table = TableBuilder::new(ui)
            .id_salt("case-search-table")
            .striped(true)
            .sense(egui::Sense::click())
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            .min_scrolled_height(0.0);
        for (i, column) in columns.iter().enumerate() {
            table = table.column(if i + 1 == columns.len() {
                Column::remainder().at_least(60.0).clip(true)
            } else {
                Column::initial((column.width() * scale).max(60.0))
                    .at_least(60.0)
                    .clip(true)
            });
        }
        if self.scroll_to_selected
            && let Some(position) = self.selected
        {
            table = table.scroll_to_row(position, None);
            self.scroll_to_selected = false;
        }
        let sort = self.sort;
        table
            .header(24.0, |mut header| {
                for &column in columns {
                    header.col(|ui| {
                        let arrow = match (sort.column == column, sort.descending) {
                            (true, false) => " ⏶",
                            (true, true) => " ⏷",
                            _ => "",
                        };
                        let title =
                            egui::RichText::new(format!("{}{arrow}", column.title())).strong();
                        if ui.add(egui::Button::new(title).frame(false)).clicked() {
                            sort_clicked = Some(column);
                        }
                    });
                }
            })
            .body(|body| {
                body.rows(ROW_HEIGHT, self.order.len(), |mut row| {
                    let position = row.index();
                    let r = &self.rows[self.order[position]];
                    row.set_selected(self.selected == Some(position));
                    for &column in columns {
                        row.col(|ui| match (&r.matched_via, column) {
                            (Some(via), CaseColumn::Name) => {
                                ui.label(column.text(r));
                                ui.weak(via);
                            }
                            (_, CaseColumn::FollowUp) => {
                                if let Some(colour) = r.follow_up {
                                    lead_colour_ui(ui, &ctx.tokens, colour, colour.name());
                                }
                            }
                            _ => {
                                ui.label(column.text(r));
                            }
                        });
                    }
                    let response = row.response();
                    if response.clicked() {
                        open = Some(position);
                    }
                });
            });
        if let Some(column) = sort_clicked {
            let selected_index = self.selected.map(|p| self.order[p]);
            self.sort = self.sort.toggled(column);
            self.reorder();
            self.selected = selected_index.and_then(|i| self.order.iter().position(|&x| x == i));
        }
        if let Some(position) = open {
            self.open(ctx, position);
        }
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
