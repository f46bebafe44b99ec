//! Drawing the search: its filters, the line that says what is shown, the keys, the table.

use super::*;
use crate::widgets::{Choices, RovingList, table_a11y};
use leasedesk_i18n::tr;

impl CaseSearch {
    pub(super) fn filter_bar_ui(&mut self, ui: &mut egui::Ui, now: f64) {
        let before = self.filters.clone();
        // Next to the case view the bar is narrow: one row per group instead of one line, so
        // nothing spills into the case view.
        if self.compact {
            ui.horizontal(|ui| self.search_box_ui(ui));
            ui.horizontal(|ui| self.name_filters_ui(ui));
            ui.horizontal(|ui| self.other_filters_ui(ui));
            ui.horizontal_wrapped(|ui| self.figure_filters_ui(ui));
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

    pub(super) fn search_box_ui(&mut self, ui: &mut egui::Ui) {
        let search = labelled(ui, &tr!("search-cases"), |ui| {
            ui.add(
                egui::TextEdit::singleline(&mut self.filters.q)
                    .id_salt("search-q")
                    .hint_text(tr!("search-cases-hint"))
                    .desired_width(240.0),
            )
            // How words find a case, the same online and offline.
            .on_hover_text(tr!("search-rule"))
        });
        self.search_box = Some(search.id);
        if let Some(row) = self.selected_row.filter(|_| self.selected.is_some()) {
            ui.ctx().accesskit_node_builder(search.id, |node| {
                node.set_active_descendant(row.accesskit_id())
            });
        }
        if self.needs_focus {
            search.request_focus();
            self.needs_focus = false;
        }
    }

    pub(super) fn name_filters_ui(&mut self, ui: &mut egui::Ui) {
        // Each label travels with its field when the row wraps.
        together(ui, &tr!("search-first-name"), 100.0, |ui, label| {
            ui.add(
                egui::TextEdit::singleline(&mut self.filters.first_name)
                    .id_salt("search-first-name")
                    .desired_width(100.0),
            )
            .labelled_by(label)
        });
        together(ui, &tr!("search-last-name"), 100.0, |ui, label| {
            ui.add(
                egui::TextEdit::singleline(&mut self.filters.last_name)
                    .id_salt("search-last-name")
                    .desired_width(100.0),
            )
            .labelled_by(label)
        });
    }

    pub(super) fn other_filters_ui(&mut self, ui: &mut egui::Ui) {
        let kind = self.filters.kind;
        let any_type = tr!("search-any-type");
        together(ui, &tr!("search-type"), 130.0, |ui, label| {
            steady_combo(
                ui,
                130.0,
                egui::ComboBox::from_id_salt("search-type")
                    .selected_text(kind.map_or(any_type.clone(), crate::words::individual_type)),
                |ui| {
                    ui.selectable_value(&mut self.filters.kind, None, any_type.as_str());
                    for kind in IndividualType::ALL {
                        ui.selectable_value(
                            &mut self.filters.kind,
                            Some(*kind),
                            crate::words::individual_type(*kind),
                        );
                    }
                },
            )
            .labelled_by(label)
        });
        together(ui, &tr!("search-saved-list"), 60.0, |ui, label| {
            ui.add(
                egui::TextEdit::singleline(&mut self.filters.list_id)
                    .id_salt("search-list-id")
                    .hint_text(tr!("search-list-id"))
                    .desired_width(60.0),
            )
            .labelled_by(label)
        });
    }

    /// The filters over figures worked out from the activities (stage, follow-up colour): they
    /// narrow the rows shown rather than asking the service.
    pub(super) fn figure_filters_ui(&mut self, ui: &mut egui::Ui) {
        let before = self.stage_filter;
        let stages = Choices::new(
            ui,
            "search-stage",
            std::iter::once(StageFilter::Any)
                .chain(Stage::ALL.into_iter().map(StageFilter::At))
                .chain(std::iter::once(StageFilter::None)),
            crate::words::stage_filter,
            0.0,
        );
        let colours = Choices::new(
            ui,
            "search-follow-up",
            ColourFilter::ALL,
            crate::words::colour_filter,
            0.0,
        );
        together(ui, &tr!("search-stage"), stages.width(), |ui, label| {
            stages
                .show(ui, &mut self.stage_filter)
                .labelled_by(label)
                .on_hover_text(tr!("search-stage-hint"))
        });
        let before_colour = self.colour_filter;
        together(
            ui,
            &tr!("search-follow-up"),
            colours.width(),
            |ui, label| {
                colours
                    .show(ui, &mut self.colour_filter)
                    .labelled_by(label)
                    .on_hover_text(crate::widgets::colour_tip())
            },
        );
        let stopped = ui
            .toggle_value(&mut self.stopped_only, tr!("search-stopped"))
            .on_hover_text(tr!("search-stopped-hint"));
        if self.stage_filter != before || self.colour_filter != before_colour || stopped.changed() {
            self.reorder();
        }
        ui.toggle_value(&mut self.show_duplicates, tr!("search-duplicates"))
            .on_hover_text(tr!("search-duplicates-hint"));
    }

    pub(super) fn status_line_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let offline = match self.source {
            Some(Source::OfflineCopy { as_of, more }) => Some((as_of, more)),
            _ => None,
        };
        let served = self.rows.len() - self.pending_rows;
        // Rows read but kept off the table by the stage and follow-up filters: counted apart,
        // never in the count of what is shown.
        let hidden = self.hidden_by_filters();
        let shown = served.saturating_sub(hidden);
        ui.horizontal_wrapped(|ui| {
            if let Some((as_of, more)) = offline {
                let when = as_of.map_or_else(
                    || tr!("search-not-synced"),
                    |at| {
                        let (when, today) = crate::dates::moment(at, ctx.now, ctx.zone);
                        let today = if today { "yes" } else { "no" };
                        tr!("remote-as-of", when = when, today = today)
                    },
                );
                let count = if more {
                    tr!("search-first-matches", count = served)
                } else {
                    tr!("search-cases-count", cases = served)
                };
                let count = if hidden > 0 {
                    tr!("search-n-of-shown", shown = shown, count = count)
                } else {
                    count
                };
                // While the service is being asked these rows are a first look, not a
                // fallback: said calmly, and in warning colour only when the copy is all
                // there is.
                let asking = !ctx.backend.connection().working_offline()
                    && !matches!(
                        ctx.backend.connection().reach(),
                        crate::engine::Reach::Offline { .. }
                    )
                    && (self.answer.state.is_pending()
                        || (self.edited_at.is_some() && self.sent.as_ref() != Some(&self.filters)));
                if asking {
                    ui.label(
                        egui::RichText::new(tr!(
                            "search-from-copy-asking",
                            count = count.as_str(),
                            when = when.as_str()
                        ))
                        .strong(),
                    );
                } else {
                    ui.label(
                        egui::RichText::new(tr!(
                            "search-from-copy",
                            count = count.as_str(),
                            when = when.as_str()
                        ))
                        .strong()
                        .color(ctx.tokens.warning),
                    );
                }
            } else if self.answer.state.value().is_some() && !self.answer.state.is_pending() {
                let text = if hidden > 0 {
                    tr!("search-shown-of", shown = shown, cases = served)
                } else if ((served + self.unreadable) as i64) < self.total {
                    tr!("search-showing", served = served, total = self.total)
                } else {
                    tr!("search-cases-count", cases = self.total.max(0))
                };
                ui.label(egui::RichText::new(text).strong());
                unreadable_note(ui, &ctx.tokens, self.unreadable);
            }
            let waiting = self.pending_rows - self.held_rows;
            if waiting > 0 {
                ui.label(
                    egui::RichText::new(tr!("search-pending-people", count = waiting))
                        .color(ctx.tokens.warning),
                );
            }
            if self.held_rows > 0 {
                ui.label(
                    egui::RichText::new(tr!("search-held-people", count = self.held_rows))
                        .color(ctx.tokens.warning),
                );
            }
            if ((served + self.unreadable) as i64) < self.total
                && !self.answer.state.is_pending()
                && ui.button(tr!("search-load-more")).clicked()
            {
                let next = self.page + 1;
                self.search(ctx, next);
            }
            let right = egui::Layout::right_to_left(egui::Align::Center);
            crate::widgets::keyed_layout(ui, "search-actions", right, |ui| {
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
                // Kept to the room left: a long path must not run over the count.
                files::status_line_ui(ui, &self.export, ctx.tokens.muted, false);
            });
        });
        if hidden > 0 {
            // A line of its own: beside the count it would run under the buttons on the right.
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    egui::RichText::new(tr!(
                        "search-hidden-by",
                        count = hidden,
                        filters = self.figure_filters_named()
                    ))
                    .color(ctx.tokens.warning),
                );
                if ui
                    .button(tr!("search-show-all"))
                    .on_hover_text(tr!("search-show-all-hint"))
                    .clicked()
                {
                    self.clear_figure_filters();
                }
            });
        }
        if let Some(e) = &self.filter_error {
            crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {e}"));
        }
        let what = if self.rows.is_empty() {
            tr!("search-the-cases")
        } else {
            tr!("search-the-results")
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
            let by_hand = ctx.backend.connection().working_offline();
            let why = if by_hand {
                tr!("search-offline-by-hand")
            } else {
                tr!("search-offline-unreachable")
            };
            // The same one-row scope as every status line, so the rows below keep their place.
            let retry = ui
                .push_id("remote status", |ui| {
                    status_row_ui(
                        ui,
                        StatusRow {
                            text: why,
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
            self.answer.status_ui(ui, ctx, &what);
        }
    }

    /// ↑/↓ move the selection, Enter opens it (typing in the search box still works: single-line
    /// fields do not use those keys).
    pub(super) fn keyboard(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
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

    pub(super) fn table_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        if self.source.is_some() && self.rows.is_empty() {
            ui.add_space(24.0);
            let copy = ctx.backend.offline_copy().status();
            let text = match self.source {
                // The copy cannot say "no such case" before it holds the portal.
                Some(Source::OfflineCopy { .. }) if copy.cases == 0 => match &copy.syncing {
                    Some(progress) => tr!(
                        "search-copy-empty",
                        progress = crate::copy_words::sync_step(progress)
                    ),
                    None => tr!("search-copy-none"),
                },
                Some(Source::OfflineCopy { as_of: None, .. }) => {
                    tr!("search-copy-filling", cases = copy.cases)
                }
                _ => tr!("search-no-match"),
            };
            ui.vertical_centered(|ui| ui.label(text));
            return;
        }
        if self.order.is_empty() && self.hidden_by_filters() > 0 {
            ui.add_space(24.0);
            ui.vertical_centered(|ui| {
                ui.label(tr!(
                    "search-none-read-match",
                    cases = self.rows.len(),
                    filters = self.figure_filters_named()
                ));
                if ui.button(tr!("search-show-all")).clicked() {
                    self.clear_figure_filters();
                }
            });
            return;
        }
        let mut sort_clicked = None;
        let mut open = None;
        // Cell text must not be selectable, or it takes the click meant for the row.
        ui.style_mut().interaction.selectable_labels = false;
        const COMPACT: [CaseColumn; 4] = [
            CaseColumn::Name,
            CaseColumn::FollowUp,
            CaseColumn::Type,
            CaseColumn::Status,
        ];
        let wanted: &[CaseColumn] = if self.compact {
            &COMPACT
        } else {
            &CaseColumn::ALL
        };
        // Columns keep their widths (phones and dates whole); those that do not fit are left
        // out, least needed first, so the table never scrolls sideways and the name and its
        // colour stay on screen.
        let spacing = ui.spacing().item_spacing.x;
        let (columns, hidden) = CaseColumn::fitting(wanted, ui.available_width(), spacing);
        // Beside an open case the list is short on purpose: nothing to say then.
        if !hidden.is_empty() && !self.compact {
            let names: Vec<String> = hidden.iter().map(|c| column_title(*c)).collect();
            ui.label(
                egui::RichText::new(tr!("search-not-shown", columns = names.join(", ")))
                    .color(ctx.tokens.muted),
            );
        }
        let columns = columns.as_slice();
        let scale = 1.0;
        let total = self.order.len();
        ui.scope(|ui| {
            table_a11y::table(ui, "Cases", total, columns.len());
            let mut table = TableBuilder::new(ui)
                .id_salt("case-search-table")
                .striped(true)
                // Clicked, not Tab stops: the keyboard walks the rows from the search box (↑/↓,
                // Enter), and twenty stops without a name were in every Tab's way.
                .sense(egui::Sense::CLICK)
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
            // The headings are one Tab stop: ←/→ go along them, Enter sorts.
            let mut headings = None;
            table
                .header(24.0, |mut header| {
                    for &column in columns {
                        header.col(|ui| {
                            let headings = headings.get_or_insert_with(|| {
                                let mut list = RovingList::new(ui, "case-search-headings");
                                list.row();
                                list
                            });
                            let arrow = match (sort.column == column, sort.descending) {
                                (true, false) => " ⏶",
                                (true, true) => " ⏷",
                                _ => "",
                            };
                            let title =
                                egui::RichText::new(format!("{}{arrow}", column_title(column)))
                                    .strong();
                            let heading =
                                headings.button(ui, egui::Button::new(title).frame(false));
                            let index = columns.iter().position(|c| *c == column).unwrap_or(0);
                            let sorted = (sort.column == column).then_some(sort.descending);
                            table_a11y::column_header(&heading, index, sorted);
                            if heading.clicked() {
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
                                    ui.weak(crate::words::listed(via));
                                }
                                (_, CaseColumn::FollowUp) => {
                                    if let Some(colour) = r.follow_up {
                                        let meaning = crate::lead_words::colour_meaning(
                                            &ctx.prefs.lead_rules,
                                            colour,
                                        );
                                        lead_colour_named_ui(ui, &ctx.tokens, colour, &meaning);
                                    }
                                }
                                _ => {
                                    ui.label(crate::words::case_cell(column, r));
                                }
                            });
                        }
                        let response = row.response();
                        // A screen reader reads the row as one: the person, then the columns shown.
                        let selected = self.selected == Some(position);
                        response.widget_info(|| {
                            let said: Vec<String> = columns
                                .iter()
                                .map(|c| match (c, r.follow_up) {
                                    (CaseColumn::FollowUp, Some(colour)) => {
                                        crate::lead_words::colour_meaning(
                                            &ctx.prefs.lead_rules,
                                            colour,
                                        )
                                    }
                                    _ => crate::words::case_cell(*c, r).into_owned(),
                                })
                                .filter(|t| !t.is_empty())
                                .collect();
                            egui::WidgetInfo::selected(
                                egui::Role::Row,
                                true,
                                selected,
                                said.join(", "),
                            )
                        });
                        table_a11y::row(&response, position);
                        if selected {
                            self.selected_row = Some(response.id);
                        }
                        if response.clicked() {
                            open = Some(position);
                        }
                    });
                });
            if let Some(headings) = headings {
                headings.end(ui);
            }
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

/// A column's heading in the window's language (the CSV keeps the domain's English titles).
fn column_title(column: CaseColumn) -> String {
    match column {
        CaseColumn::Name => tr!("col-name"),
        CaseColumn::Type => tr!("col-type"),
        CaseColumn::Status => tr!("col-status"),
        CaseColumn::AssignedUser => tr!("col-assigned-to"),
        CaseColumn::Communities => tr!("col-communities"),
        CaseColumn::Phone => tr!("col-phone"),
        CaseColumn::Created => tr!("col-created"),
        CaseColumn::Source => tr!("col-source"),
        CaseColumn::Stage => tr!("col-stage"),
        CaseColumn::FollowUp => tr!("col-follow-up"),
        CaseColumn::Contact => tr!("col-contact"),
    }
}
