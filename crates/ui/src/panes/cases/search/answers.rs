//! What the search shows: the store's matches at once, then the service's pages, merged with
//! the people saved offline, sorted, filtered by stage and colour; none of it draws.

use super::*;
use crate::engine::{IndividualWrite, QueueState};
use leasedesk_i18n::tr;

impl CaseSearch {
    pub(super) fn search(&mut self, ctx: &AppCtx, page: i64) {
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

    pub(super) fn take_answers(&mut self, ctx: &AppCtx) {
        // Only a new answer replaces the rows: after a failure the store's stay.
        if self.answer.poll_read(ctx.backend)
            && let crate::remote::Remote::Ready((_, response)) = &self.answer.state
        {
            ctx.backend
                .offline_copy()
                .remember_cases(response.cases.to_vec());
            self.rebuild();
            // A count only (never names): the Windows smoke test looks for it in the log.
            tracing::info!(cases = self.total, "search answered");
        }
        self.take_local_answers();
        self.merge_pending(ctx);
    }

    /// Asks the store whenever the filters change (it answers in milliseconds).
    pub(super) fn ask_local(&mut self, ctx: &AppCtx) {
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
            .offline_copy()
            .search(query, LOCAL_LIMIT, generation, self.local.tx.clone())
        {
            self.local.generation = generation;
            self.local.asked_for = Some(self.filters.clone());
        }
    }

    pub(super) fn take_local_answers(&mut self) {
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

    pub(super) fn rebuild(&mut self) {
        if let Some((page, response)) = self.answer.state.value().cloned() {
            let text = self.sent.as_ref().map(|f| f.q.clone()).unwrap_or_default();
            self.show_page(page, response, text);
            self.source = Some(Source::Service);
            self.shown_for = self.sent.clone();
        }
    }

    /// Puts a page of cases on screen (page 1 replaces what was there), `text` being what was
    /// searched for (to say through whom a case was found).
    pub(super) fn show_page(&mut self, page: i64, response: SearchResponse, text: String) {
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
            self.unreadable += response.cases.skipped;
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

    pub(super) fn selected_case_number(&self) -> Option<String> {
        let index = *self.order.get(self.selected?)?;
        Some(self.rows.get(index)?.case_number.clone()).filter(|c| !c.is_empty())
    }

    /// Selects the row of `case_number` again after the rows changed under it (a new answer
    /// replaced the store's, a page was added).
    pub(super) fn select_case_number(&mut self, case_number: Option<String>) {
        if let Some(wanted) = case_number {
            self.selected = self
                .order
                .iter()
                .position(|&i| self.rows[i].case_number == wanted);
        }
    }

    pub(super) fn drop_pending_rows(&mut self) {
        let served = self.rows.len().saturating_sub(self.pending_rows);
        self.rows.truncate(served);
        self.pending_rows = 0;
        self.held_rows = 0;
        self.pending_from = None;
    }

    /// Merges the people saved offline that answer the filters shown into the rows, whatever
    /// answered (the copy or the service); again whenever the outbox changes.
    pub(super) fn merge_pending(&mut self, ctx: &AppCtx) {
        let entries = ctx.backend.outbox().entries();
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
                if let QueuedWrite::NewIndividual(IndividualWrite { draft, body, .. }) =
                    &entry.write
                    && answers_search(draft, &f.q, &f.first_name, &f.last_name, f.kind)
                {
                    let saved_at = entry.queued_at.fixed_offset();
                    let mut row = CaseRow::waiting_to_be_sent(draft, saved_at);
                    if let Some(kind) = body.get("type") {
                        row.kind = kind.to_owned();
                    }
                    self.rows.push(row);
                    self.pending_rows += 1;
                    if matches!(entry.state, QueueState::Refused(_)) {
                        self.held_rows += 1;
                    }
                }
            }
        }
        self.pending_from = Some(entries);
        self.reorder();
        self.select_case_number(selected);
    }

    /// The rows in the chosen order, without those the stage and follow-up filters leave out.
    pub(super) fn reorder(&mut self) {
        let (filter, colour) = (self.stage_filter, self.colour_filter);
        let stopped_only = self.stopped_only;
        let rows = &self.rows;
        self.order = sorted_indices(rows, self.sort);
        self.order.retain(|&i| {
            filter.admits(&rows[i])
                && colour.admits(&rows[i])
                && (!stopped_only || !rows[i].contact.is_empty())
        });
        self.selected = self.selected.filter(|&p| p < self.order.len());
    }

    /// Rows read but kept off the table by the stage and follow-up filters.
    pub(super) fn hidden_by_filters(&self) -> usize {
        self.rows.len().saturating_sub(self.order.len())
    }

    /// The stage and follow-up filters in force, as a person reads them.
    pub(super) fn figure_filters_named(&self) -> String {
        let mut named = Vec::new();
        if self.stage_filter != StageFilter::Any {
            named.push(format!(
                "{} \"{}\"",
                tr!("search-stage"),
                crate::words::stage_filter(self.stage_filter)
            ));
        }
        if self.colour_filter != ColourFilter::Any {
            named.push(format!(
                "{} \"{}\"",
                tr!("search-follow-up"),
                crate::words::colour_filter(self.colour_filter)
            ));
        }
        if self.stopped_only {
            named.push(format!("\"{}\"", tr!("search-stopped")));
        }
        match named.len() {
            0 => tr!("search-no-filter"),
            _ => tr!(
                "search-the-filter",
                filters = named.join(&tr!("search-filters-and"))
            ),
        }
    }

    pub(super) fn clear_figure_filters(&mut self) {
        self.stage_filter = StageFilter::Any;
        self.colour_filter = ColourFilter::Any;
        self.stopped_only = false;
        self.reorder();
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

    pub(super) fn apply_stages(&mut self) {
        let colours = self.colours.state.value();
        for row in &mut self.rows {
            row.stage = self
                .stages
                .as_ref()
                .and_then(|m| m.get(&row.case_number).copied());
            row.follow_up = colours.and_then(|m| m.get(&row.case_number).copied());
        }
        let holds = self.holds.state.value();
        for row in &mut self.rows {
            row.contact = holds
                .and_then(|m| m.get(&row.case_number))
                .map(|stopped| crate::guard_words::stopped(stopped))
                .unwrap_or_default();
            row.moving_in = self.moving_in.get(&row.case_number).copied();
        }
    }

    /// Reads the active contracts when first drawn and when contracts change, and marks the
    /// rows whose move-in day is still ahead (the service already calls them "Moved In").
    pub fn keep_moving_in(&mut self, ctx: &AppCtx) {
        if matches!(self.contracts.state, crate::remote::Remote::Idle) {
            self.contracts
                .ask(ctx.backend, asks::admissions::active_contracts());
        }
        if self.contracts.poll_read(ctx.backend) {
            let today = ctx.today();
            self.moving_in.clear();
            for c in self.contracts.state.value().into_iter().flatten() {
                let day = c.move_in_date.date_naive();
                if day > today {
                    let soonest = MovingIn::new(day, today);
                    let kept = self
                        .moving_in
                        .entry(c.case_number.clone())
                        .or_insert(soonest);
                    if soonest.day < kept.day {
                        *kept = soonest;
                    }
                }
            }
            self.apply_stages();
        }
    }

    /// Contracts changed (a move-in saved here or brought by a sync): read them again.
    pub fn contracts_changed(&mut self) {
        self.contracts.reset();
    }

    /// Whether the families' words are asked for (a filter or sort by them).
    pub fn wants_holds(&self) -> bool {
        self.stopped_only || self.sort.column == CaseColumn::Contact
    }

    /// Whether the follow-up colours are asked for (a filter or sort by them).
    pub fn wants_colours(&self) -> bool {
        self.colour_filter != ColourFilter::Any || self.sort.column == CaseColumn::FollowUp
    }

    /// Activities changed: the colours and the families' words are read again when next kept.
    pub fn mark_colours_stale(&mut self) {
        if !matches!(self.colours.state, crate::remote::Remote::Idle) {
            self.colours_stale = true;
        }
        if !matches!(self.holds.state, crate::remote::Remote::Idle) {
            self.holds_stale = true;
        }
    }

    /// Reads what each family asked not to get when first drawn and again when stale, and
    /// puts it on the rows when it arrives.
    pub fn keep_holds(&mut self, ctx: &AppCtx) {
        let idle = matches!(self.holds.state, crate::remote::Remote::Idle);
        if idle || (self.holds_stale && !self.holds.state.is_pending()) {
            self.holds_stale = false;
            let (loading, now) = (self.holds_loading.clone(), ctx.now);
            self.holds
                .ask(ctx.backend, asks::sales::contact_holds(now, loading));
        }
        if self.holds.poll_read(ctx.backend) {
            self.apply_stages();
            self.reorder();
        }
    }

    /// Reads the colours when first asked, again when stale or the rule changed, and puts
    /// them on the rows when they arrive.
    pub fn keep_colours(&mut self, ctx: &AppCtx) {
        let rule = ctx.contact_rule();
        let idle = matches!(self.colours.state, crate::remote::Remote::Idle);
        let again = self.colours_stale || self.colour_rule.as_ref().is_some_and(|r| *r != rule);
        if idle || (again && !self.colours.state.is_pending()) {
            self.colours_stale = false;
            self.colour_rule = Some(rule.clone());
            let (loading, now) = (self.colours_loading.clone(), ctx.now);
            self.colours
                .ask(ctx.backend, asks::sales::lead_colours(now, rule, loading));
        }
        if self.colours.poll_read(ctx.backend) {
            self.apply_stages();
            self.reorder();
        }
    }
}
