//! The weekly report as a PDF: text in the standard Helvetica fonts (nothing embedded, so the
//! words stay text: searchable and copyable), tables that continue on the next page with their
//! headings, the forecast and the funnel drawn as vector paths, and a footer on every page with
//! the portal, when it was made, and "page i of n". Every document is tagged (`tags`): its
//! headings, paragraphs, tables and charts are read in order by a screen reader.

use pdf_writer::types::{ArtifactType, StructRole};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

use super::Paper;
use super::tags::{Tags, tag_page};
use crate::domain::format::{self, percent, thousands};
use crate::domain::funnel::{FunnelFigures, Stage};
use crate::domain::report::{FunnelRow, ReportNote, WeeklyReport};
use leasedesk_i18n::{Language, tr};

/// Dates in Spanish as the window writes them (`chrono`'s locale tables).
const SPANISH: chrono::Locale = chrono::Locale::es_US;

const MARGIN: f32 = 48.0;
const FOOTER: f32 = 30.0;
const BODY: f32 = 9.0;
const ROW: f32 = 14.0;
/// The step between the lines of a wrapped cell.
const WRAPPED: f32 = 10.5;

#[derive(Clone, Copy, PartialEq)]
pub(super) enum Align {
    Left,
    Right,
}

#[derive(Clone, Copy)]
pub(super) enum Font {
    Regular,
    Bold,
}

impl Font {
    pub(super) fn name(self) -> Name<'static> {
        match self {
            Font::Regular => Name(b"F1"),
            Font::Bold => Name(b"F2"),
        }
    }
}

/// Pages being laid out: drawing operations per page, the cursor's height on the last one.
pub(super) struct Layout {
    width: f32,
    height: f32,
    pages: Vec<Content>,
    y: f32,
    tags: Tags,
    /// Text drawn now is inside a marked run already (a figure's).
    in_run: bool,
    /// Text drawn now is not content (a footer, headings repeated on a table's next page).
    artifact: Option<ArtifactType>,
}

/// What a table row is to a screen reader.
#[derive(Clone, Copy, PartialEq)]
enum RowKind {
    Headings,
    /// The headings again, at the top of the table's next page: not read twice.
    HeadingsRepeated,
    Cells,
}

impl Layout {
    pub(super) fn new(paper: Paper) -> Self {
        let (width, height) = paper.size();
        let mut layout = Layout {
            width,
            height,
            pages: Vec::new(),
            y: 0.0,
            tags: Tags::new(),
            in_run: false,
            artifact: None,
        };
        layout.new_page();
        layout
    }

    /// The cursor's height on the page.
    pub(super) fn y_now(&self) -> f32 {
        self.y
    }

    pub(super) fn margin(&self) -> f32 {
        MARGIN
    }

    pub(super) fn move_down(&mut self, by: f32) {
        self.y -= by;
    }

    pub(super) fn new_page(&mut self) {
        self.pages.push(Content::new());
        self.tags.page_added();
        self.y = self.height - MARGIN;
    }

    /// What `draw` writes is one element of the document's structure (a heading, a paragraph
    /// of several lines, a table cell).
    pub(super) fn tagged(&mut self, role: StructRole, draw: impl FnOnce(&mut Self)) {
        if self.artifact.is_some() {
            return draw(self);
        }
        self.tags.open(role);
        draw(self);
        self.tags.close();
    }

    /// What `draw` writes is not read (it repeats or decorates what is).
    fn as_artifact(&mut self, kind: ArtifactType, draw: impl FnOnce(&mut Self)) {
        let before = self.artifact.replace(kind);
        draw(self);
        self.artifact = before;
    }

    /// A chart: drawn as one run, read as `alt` says it. Drawn on the page it starts on.
    fn figure(&mut self, alt: &str, draw: impl FnOnce(&mut Self)) {
        self.tags.open(StructRole::Figure);
        self.tags.describe(alt);
        let page = self.pages.last_mut().expect("a page is always open");
        self.tags.begin(page);
        self.in_run = true;
        draw(self);
        self.in_run = false;
        Tags::end(self.page());
        self.tags.close();
    }

    /// The document's title, large and bold at the top of the first page.
    pub(super) fn title(&mut self, x: f32, y: f32, size: f32, text: &str) {
        self.tagged(StructRole::H1, |l| {
            l.text(x, y, size, Font::Bold, Align::Left, text)
        });
    }

    fn page(&mut self) -> &mut Content {
        self.pages.last_mut().expect("a page is always open")
    }

    /// Room for `needed` points more on this page, or a new page.
    fn ensure(&mut self, needed: f32) {
        if self.y - needed < MARGIN + FOOTER {
            self.new_page();
        }
    }

    pub(super) fn text(&mut self, x: f32, y: f32, size: f32, font: Font, align: Align, text: &str) {
        let x = match align {
            Align::Left => x,
            Align::Right => x - text_width(text, size, font),
        };
        let bytes = win_ansi(text);
        let own_paragraph = !self.in_run && self.artifact.is_none() && self.tags.needs_paragraph();
        if own_paragraph {
            self.tags.open(StructRole::P);
        }
        let page = self.pages.last_mut().expect("a page is always open");
        match (self.in_run, self.artifact) {
            (true, _) => {}
            (false, Some(kind)) => Tags::begin_artifact(page, kind),
            (false, None) => self.tags.begin(page),
        }
        page.begin_text();
        page.set_font(font.name(), size);
        page.next_line(x, y);
        page.show(Str(&bytes));
        page.end_text();
        if !self.in_run {
            Tags::end(page);
        }
        if own_paragraph {
            self.tags.close();
        }
    }

    pub(super) fn heading(&mut self, text: &str) {
        // A heading never ends a page: it keeps its table's titles and first rows with it.
        self.ensure(40.0 + 3.0 * ROW);
        self.y -= 20.0;
        let y = self.y;
        // The first heading of a document without a title is its top one.
        let role = if self.tags.has_title() {
            StructRole::H2
        } else {
            StructRole::H1
        };
        self.tagged(role, |l| {
            l.text(MARGIN, y, 13.0, Font::Bold, Align::Left, text)
        });
        self.y -= 8.0;
    }

    pub(super) fn note(&mut self, text: &str) {
        self.ensure(ROW);
        self.y -= ROW;
        let y = self.y;
        self.text(MARGIN, y, BODY, Font::Regular, Align::Left, text);
    }

    /// A table: column titles, widths (shares of the page) and alignment; rows of cells.
    /// A long table continues on the next page under its titles again.
    pub(super) fn table(&mut self, columns: &[(&str, f32, Align)], rows: &[Vec<String>]) {
        let usable = self.width - 2.0 * MARGIN;
        let widths = column_widths(columns, usable);
        let titles: Vec<String> = columns.iter().map(|c| c.0.to_owned()).collect();
        self.ensure(3.0 * ROW);
        self.tags.open(StructRole::Table);
        self.row(&titles, columns, &widths, RowKind::Headings);
        self.rule();
        for row in rows {
            if self.y - ROW - WRAPPED < MARGIN + FOOTER {
                self.new_page();
                self.row(&titles, columns, &widths, RowKind::HeadingsRepeated);
                self.rule();
            }
            self.row(row, columns, &widths, RowKind::Cells);
        }
        self.tags.close();
        if rows.is_empty() {
            self.note(&tr!("report-table-none"));
        }
        self.y -= 4.0;
    }

    /// Unwrapped rows a table started here can hold on this page, with `kept_below` points
    /// left under it (for the lines that follow it), as `table` breaks its pages.
    pub(super) fn rows_that_fit(&self, kept_below: f32) -> usize {
        let room = self.y - (ROW + 4.0) - kept_below - MARGIN - FOOTER - WRAPPED;
        (room / ROW).max(0.0) as usize
    }

    /// A row's cells, each wrapped to its column in at most two lines (a longer one ends in
    /// "…"); the row is as tall as its tallest cell.
    fn row(
        &mut self,
        cells: &[String],
        columns: &[(&str, f32, Align)],
        widths: &[f32],
        kind: RowKind,
    ) {
        if kind == RowKind::HeadingsRepeated {
            return self.as_artifact(ArtifactType::Pagination, |l| {
                l.row(cells, columns, widths, RowKind::Cells)
            });
        }
        let (font, cell_role) = match kind {
            RowKind::Headings => (Font::Bold, StructRole::TH),
            _ => (Font::Regular, StructRole::TD),
        };
        let lines: Vec<Vec<String>> = cells
            .iter()
            .zip(widths)
            .map(|(cell, width)| cell_lines(cell, width - 6.0, font))
            .collect();
        let tallest = lines.iter().map(Vec::len).max().unwrap_or(1);
        self.y -= ROW;
        let y = self.y;
        self.tagged(StructRole::TR, |l| {
            let mut x = MARGIN;
            for ((cell, column), width) in lines.iter().zip(columns).zip(widths) {
                l.tagged(cell_role, |l| {
                    for (n, text) in cell.iter().enumerate() {
                        let y = y - n as f32 * WRAPPED;
                        match column.2 {
                            Align::Left => l.text(x, y, BODY, font, Align::Left, text),
                            Align::Right => {
                                l.text(x + width - 6.0, y, BODY, font, Align::Right, text)
                            }
                        }
                    }
                });
                x += width;
            }
        });
        self.y -= (tallest - 1) as f32 * WRAPPED;
    }

    /// Smaller text wrapped to the page's width (definitions under a table).
    pub(super) fn small_paragraph(&mut self, text: &str) {
        const SMALL: f32 = 7.5;
        self.tagged(StructRole::P, |l| {
            for line in wrap(text, l.width - 2.0 * MARGIN, SMALL, Font::Regular) {
                l.ensure(10.0);
                l.y -= 10.0;
                let y = l.y;
                l.text(MARGIN, y, SMALL, Font::Regular, Align::Left, &line);
            }
        });
    }

    /// Text wrapped to the page's width, a line each: one paragraph.
    pub(super) fn paragraph(&mut self, text: &str) {
        self.tagged(StructRole::P, |l| {
            for line in wrap(text, l.width - 2.0 * MARGIN, BODY, Font::Regular) {
                l.note(&line);
            }
        });
    }

    pub(super) fn rule(&mut self) {
        let (y, right) = (self.y - 4.0, self.width - MARGIN);
        let in_run = self.in_run;
        let page = self.page();
        if !in_run {
            Tags::begin_artifact(page, ArtifactType::Layout);
        }
        page.set_line_width(0.5);
        page.set_stroke_rgb(0.6, 0.6, 0.6);
        page.move_to(MARGIN, y);
        page.line_to(right, y);
        page.stroke();
        if !in_run {
            Tags::end(page);
        }
        self.y -= 4.0;
    }

    /// Occupied beds day by day, as a line over a light grid, with the bed count as a ceiling.
    fn line_chart(&mut self, values: &[u32], ceiling: i64) {
        self.ensure(150.0 + 30.0);
        let at = |day: usize| {
            values
                .get(day)
                .map_or(tr!("report-none-value"), |v| thousands(u64::from(*v)))
        };
        let alt = tr!(
            "report-chart-alt",
            days = values.len().saturating_sub(1),
            beds = thousands(ceiling.max(0) as u64),
            today = at(0),
            in30 = at(30),
            in60 = at(60),
            in90 = at(90),
            lowest = thousands(u64::from(values.iter().copied().min().unwrap_or(0))),
            highest = thousands(u64::from(values.iter().copied().max().unwrap_or(0))),
        );
        self.figure(&alt, |l| l.line_chart_drawn(values, ceiling));
    }

    fn line_chart_drawn(&mut self, values: &[u32], ceiling: i64) {
        let height = 150.0;
        let (left, bottom) = (MARGIN + 30.0, self.y - height - 10.0);
        let width = self.width - 2.0 * MARGIN - 30.0;
        let highest = (ceiling.max(1) as f32).max(values.iter().copied().max().unwrap_or(0) as f32);
        // The axis starts near the lowest value, so a change of a few beds can be seen; its
        // ticks fall on round numbers.
        let lowest = values.iter().copied().min().unwrap_or(0) as f32;
        let tick = round_step((highest - lowest * 0.8).max(1.0) / 4.0);
        let floor = ((lowest * 0.8) / tick).floor() * tick;
        let top = (highest / tick).ceil() * tick;
        let span = (top - floor).max(1.0);
        let step = width / (values.len().saturating_sub(1).max(1)) as f32;
        let ticks = ((span / tick).round() as usize).min(10);
        for k in 0..=ticks {
            let n = k as f32 * tick / span;
            let y = bottom + n * height;
            let text = thousands((floor + tick * k as f32) as u64);
            self.text(left - 4.0, y - 3.0, 7.0, Font::Regular, Align::Right, &text);
            let page = self.page();
            page.set_line_width(0.3);
            page.set_stroke_rgb(0.85, 0.85, 0.85);
            page.move_to(left, y);
            page.line_to(left + width, y);
            page.stroke();
        }
        for day in [0usize, 30, 60, 90] {
            if day < values.len() {
                let x = left + day as f32 * step;
                let label = if day == 0 {
                    tr!("report-today")
                } else {
                    tr!("report-plus-days", days = day)
                };
                let align = if day + 1 >= values.len() {
                    Align::Right
                } else {
                    Align::Left
                };
                self.text(x, bottom - 10.0, 7.0, Font::Regular, align, &label);
            }
        }
        let page = self.page();
        page.set_line_width(1.5);
        page.set_stroke_rgb(0.13, 0.40, 0.67);
        for (i, v) in values.iter().enumerate() {
            let (x, y) = (
                left + i as f32 * step,
                bottom + (*v as f32 - floor) / span * height,
            );
            if i == 0 {
                page.move_to(x, y);
            } else {
                page.line_to(x, y);
            }
        }
        if !values.is_empty() {
            page.stroke();
        }
        self.y = bottom - 18.0;
    }

    /// The funnel as four bars, each as long as its stage's count.
    fn funnel_bars(&mut self, f: &FunnelFigures) {
        self.ensure(4.0 * (16.0 + 6.0) + 10.0);
        let stages: Vec<String> = Stage::ALL
            .iter()
            .map(|stage| {
                let n = thousands(f.reached[stage.index()] as u64);
                match stage.index() {
                    0 => format!("{} {n}", crate::words::stage(*stage)),
                    i => tr!(
                        "report-stage-share",
                        stage = crate::words::stage(*stage),
                        n = n,
                        share = percent(f.conversion[i - 1])
                    ),
                }
            })
            .collect();
        let alt = tr!("report-funnel-alt", stages = stages.join(", "));
        self.figure(&alt, |l| l.funnel_bars_drawn(f));
    }

    fn funnel_bars_drawn(&mut self, f: &FunnelFigures) {
        let bar = 16.0;
        let left = MARGIN + 70.0;
        let width = self.width - 2.0 * MARGIN - 200.0;
        let most = f.reached[0].max(1) as f32;
        for stage in Stage::ALL {
            let n = f.reached[stage.index()];
            self.y -= bar + 6.0;
            let y = self.y;
            self.text(
                MARGIN,
                y + 4.0,
                BODY,
                Font::Bold,
                Align::Left,
                &crate::words::stage(stage),
            );
            let length = (n as f32 / most * width).max(1.0);
            let page = self.page();
            page.set_fill_rgb(0.13, 0.40, 0.67);
            page.rect(left, y, length, bar);
            page.fill_nonzero();
            page.set_fill_gray(0.0);
            let mut text = thousands(n as u64);
            if stage.index() > 0 {
                let i = stage.index() - 1;
                text.push_str("   ");
                text.push_str(&match f.median_days[i] {
                    Some(days) => tr!(
                        "funnel-of-before-median",
                        share = percent(f.conversion[i]),
                        days = format!("{days:.0}")
                    ),
                    None => tr!("funnel-of-before", share = percent(f.conversion[i])),
                });
            }
            self.text(
                left + length + 6.0,
                y + 4.0,
                BODY,
                Font::Regular,
                Align::Left,
                &text,
            );
        }
        self.y -= 8.0;
    }
}

/// The report as a PDF, in `language` (its words, dates and the language a screen reader
/// speaks it in).
pub fn render(report: &WeeklyReport, paper: Paper, language: Language) -> Vec<u8> {
    leasedesk_i18n::in_language(language, || render_in_force(report, paper))
}

fn render_in_force(report: &WeeklyReport, paper: Paper) -> Vec<u8> {
    let mut l = Layout::new(paper);
    let title = match &report.community {
        Some(c) => tr!(
            "report-title-community",
            portal = crate::words::portal_name(&report.portal),
            community = c.as_str()
        ),
        None => tr!(
            "report-title",
            portal = crate::words::portal_name(&report.portal)
        ),
    };
    let top = l.y;
    l.title(MARGIN, top - 10.0, 18.0, &title);
    l.y -= 28.0;
    l.note(&tr!(
        "report-as-of",
        as_of = day(report.as_of),
        from = day(report.week.from),
        to = day(report.week.to),
        funnel_from = day(report.funnel_period.from),
        funnel_to = day(report.funnel_period.to)
    ));
    for note in &report.notes {
        l.note(&note_words(note));
    }
    summary(&mut l, report);
    benchmarks_table(&mut l, report);

    l.heading(&tr!("report-occupancy"));
    let mut rows: Vec<Vec<String>> = report
        .occupancy
        .iter()
        .chain(std::iter::once(&report.occupancy_total))
        .map(|r| {
            vec![
                r.community.clone(),
                r.care_group.clone(),
                thousands(r.units as u64),
                thousands(r.occupied_units.into()),
                thousands(r.beds.max(0) as u64),
                thousands(r.occupied_beds.into()),
                format::occupancy_percent(r.units_share()),
                format::occupancy_percent(r.beds_share()),
            ]
        })
        .collect();
    if report.occupancy.is_empty() {
        rows.clear();
    }
    said_as_total(&mut rows);
    l.table(
        &[
            (&tr!("report-col-community"), 2.6, Align::Left),
            (&tr!("report-col-care-group"), 1.9, Align::Left),
            (&tr!("report-col-units"), 0.9, Align::Right),
            (&tr!("report-col-occupied"), 1.0, Align::Right),
            (&tr!("report-col-beds"), 0.9, Align::Right),
            (&tr!("report-col-in-use"), 0.9, Align::Right),
            (&tr!("report-col-units-share"), 1.0, Align::Right),
            (&tr!("report-col-beds-share"), 1.0, Align::Right),
        ],
        &rows,
    );
    l.small_paragraph(&tr!("report-occupancy-note"));

    l.heading(&tr!("report-forecast"));
    l.line_chart(&report.forecast_beds_by_day, report.forecast_total.beds);
    let rows: Vec<Vec<String>> = if report.forecast.is_empty() {
        Vec::new()
    } else {
        report
            .forecast
            .iter()
            .chain(std::iter::once(&report.forecast_total))
            .map(|r| {
                vec![
                    r.community.clone(),
                    r.care_group.clone(),
                    thousands(r.beds.max(0) as u64),
                    thousands(r.today.into()),
                    thousands(r.day_30.into()),
                    thousands(r.day_60.into()),
                    thousands(r.day_90.into()),
                ]
            })
            .collect()
    };
    let mut rows = rows;
    said_as_total(&mut rows);
    l.table(
        &[
            (&tr!("report-col-community"), 3.0, Align::Left),
            (&tr!("report-col-care-group"), 2.2, Align::Left),
            (&tr!("report-col-beds"), 1.0, Align::Right),
            (&tr!("report-today"), 1.0, Align::Right),
            (&tr!("report-plus-days", days = 30), 1.0, Align::Right),
            (&tr!("report-plus-days", days = 60), 1.0, Align::Right),
            (&tr!("report-plus-days", days = 90), 1.0, Align::Right),
        ],
        &rows,
    );
    moves_table(&mut l, &tr!("report-on-notice"), &report.on_notice);
    moves_table(&mut l, &tr!("report-pending"), &report.pending_move_ins);

    l.heading(&tr!("report-funnel"));
    l.funnel_bars(&report.funnel);
    funnel_table(
        &mut l,
        &tr!("report-funnel-by-community"),
        &tr!("report-col-community"),
        &report.funnel_by_community,
    );
    funnel_table(
        &mut l,
        &tr!("report-funnel-by-agent"),
        &tr!("report-col-agent"),
        &report.funnel_by_agent,
    );
    board_table(
        &mut l,
        (&tr!("report-board-by-agent"), &tr!("report-col-agent")),
        &report.team_board_by_agent,
        &report.office_hours,
        true,
    );
    board_table(
        &mut l,
        (
            &tr!("report-board-by-community"),
            &tr!("report-col-community"),
        ),
        &report.team_board_by_community,
        &report.office_hours,
        false,
    );

    sources_table(&mut l, &report.sources);
    lost_table(&mut l, &report.lost);

    moves_table(&mut l, &tr!("report-move-ins-week"), &report.move_ins);
    moves_table(&mut l, &tr!("report-move-outs-week"), &report.move_outs);

    l.heading(&tr!("report-vacancy"));
    let rows: Vec<Vec<String>> = report
        .vacant
        .iter()
        .filter(|v| v.since.is_some())
        .map(|v| {
            vec![
                v.community.clone(),
                v.unit_number.clone(),
                v.since.map_or(tr!("report-never-occupied-cell"), day),
                v.days_vacant
                    .map_or("—".to_owned(), |d| thousands(d.max(0) as u64)),
                v.loss
                    .map_or(tr!("report-not-counted"), crate::domain::format::money),
            ]
        })
        .collect();
    l.table(
        &[
            (&tr!("report-col-community"), 3.0, Align::Left),
            (&tr!("report-col-unit"), 0.9, Align::Left),
            (&tr!("report-col-vacant-since"), 1.6, Align::Left),
            (&tr!("report-col-days"), 0.8, Align::Right),
            (&tr!("report-col-loss"), 1.4, Align::Right),
        ],
        &rows,
    );
    never_occupied(&mut l, &report.vacant);

    l.heading(&tr!("report-admissions"));
    let rows: Vec<Vec<String>> = report
        .admissions
        .iter()
        .map(|q| {
            vec![
                day(q.entry.move_in),
                q.entry.name.clone(),
                q.entry.community.clone(),
                q.entry.unit_number.clone(),
                match (q.met, q.total) {
                    (Some(m), Some(t)) => tr!("report-checklist-met", met = m, total = t),
                    _ => tr!("report-not-read"),
                },
                if q.at_risk {
                    tr!("report-at-risk")
                } else {
                    String::new()
                },
            ]
        })
        .collect();
    l.table(
        &[
            (&tr!("report-col-move-in"), 1.3, Align::Left),
            (&tr!("report-col-name"), 2.4, Align::Left),
            (&tr!("report-col-community"), 2.6, Align::Left),
            (&tr!("report-col-unit"), 0.8, Align::Left),
            (&tr!("report-col-checklist"), 1.4, Align::Left),
            ("", 1.0, Align::Left),
        ],
        &rows,
    );
    write(l, report)
}

fn moves_table(l: &mut Layout, title: &str, moves: &[crate::domain::census::Move]) {
    l.heading(title);
    let rows: Vec<Vec<String>> = moves
        .iter()
        .map(|m| {
            vec![
                day(m.date),
                m.name.clone(),
                m.community.clone(),
                m.unit_number.clone(),
                m.case_number.clone(),
            ]
        })
        .collect();
    l.table(
        &[
            (&tr!("report-col-date"), 1.3, Align::Left),
            (&tr!("report-col-name"), 2.6, Align::Left),
            (&tr!("report-col-community"), 2.8, Align::Left),
            (&tr!("report-col-unit"), 0.9, Align::Left),
            (&tr!("report-col-case"), 1.0, Align::Left),
        ],
        &rows,
    );
}

fn funnel_table(l: &mut Layout, title: &str, key: &str, rows: &[FunnelRow]) {
    l.heading(title);
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let f = &r.figures;
            let mut row = vec![crate::words::row_key(&r.key)];
            row.extend(f.reached.iter().map(|n| thousands(*n as u64)));
            row.extend(f.conversion.iter().map(|c| percent(*c)));
            row
        })
        .collect();
    l.table(
        &[
            (key, 3.0, Align::Left),
            (&tr!("funnel-col-inquiries"), 1.0, Align::Right),
            (&tr!("funnel-col-tours"), 1.0, Align::Right),
            (&tr!("funnel-col-deposits"), 1.0, Align::Right),
            (&tr!("funnel-col-move-ins"), 1.0, Align::Right),
            (&tr!("funnel-col-toured"), 1.1, Align::Right),
            (&tr!("funnel-col-deposit"), 1.1, Align::Right),
            (&tr!("funnel-col-moved-in"), 1.1, Align::Right),
        ],
        &cells,
    );
}

/// Active leads by colour, the engagement score and its trend (8 weeks ago → now), speed to
/// lead (in business time, the default office hours), tours and overdue follow-ups. Who
/// counts is said under the `first` of the boards.
fn board_table(
    l: &mut Layout,
    (title, key): (&str, &str),
    rows: &[crate::domain::team_board::BoardRow],
    hours: &crate::domain::speed_to_lead::BusinessHours,
    first: bool,
) {
    l.heading(title);
    let share = |s: Option<f64>| s.map_or("—".to_owned(), |s| format!("{:.0}%", s * 100.0));
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let then = r.trend.first().copied().flatten();
            vec![
                if r.name.is_empty() {
                    tr!("report-no-one")
                } else {
                    r.name.clone()
                },
                thousands(r.active as u64),
                format!("{}/{}/{}", r.green, r.amber, r.red),
                share(r.score),
                format!("{}/{}", share(then), share(r.score)),
                thousands(r.inquiries as u64),
                crate::words::median_wait(r.median_response_minutes, r.inquiries, hours),
                share(r.within_hour),
                share(r.within_day),
                thousands(r.tours as u64),
                thousands(r.overdue as u64),
            ]
        })
        .collect();
    if first {
        l.small_paragraph(&tr!("report-board-note"));
    }
    l.table(
        &[
            (key, 2.4, Align::Left),
            (&tr!("report-col-active"), 0.8, Align::Right),
            (&tr!("report-col-colours"), 1.8, Align::Right),
            (&tr!("report-col-engaged"), 1.0, Align::Right),
            (&tr!("report-col-trend"), 1.5, Align::Right),
            (&tr!("funnel-col-inquiries"), 0.9, Align::Right),
            (&tr!("report-col-median-first"), 1.3, Align::Right),
            (&tr!("report-col-in-hour"), 0.8, Align::Right),
            (&tr!("report-col-in-day"), 0.8, Align::Right),
            (&tr!("funnel-col-tours"), 0.7, Align::Right),
            (&tr!("report-col-overdue"), 0.8, Align::Right),
        ],
        &cells,
    );
}

/// The funnel period's cases by market source, and what paid sources' move-ins cost.
fn sources_table(l: &mut Layout, rows: &[crate::domain::source_returns::SourceReturn]) {
    l.heading(&tr!("report-sources"));
    let share = |s: Option<f64>| s.map_or("—".to_owned(), |s| format!("{:.0}%", s * 100.0));
    let money = |m: Option<f64>| m.map_or("—".to_owned(), crate::domain::format::money);
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                crate::words::row_key(&r.source),
                thousands(r.inquiries as u64),
                thousands(r.tours as u64),
                thousands(r.move_ins as u64),
                share(r.conversion),
                r.median_days_to_move_in
                    .map_or("—".to_owned(), |d| d.to_string()),
                money(r.fees_owed),
                money(r.cost_per_move_in),
            ]
        })
        .collect();
    l.table(
        &[
            (&tr!("sources-col-source"), 2.6, Align::Left),
            (&tr!("funnel-col-inquiries"), 0.9, Align::Right),
            (&tr!("funnel-col-tours"), 0.8, Align::Right),
            (&tr!("funnel-col-move-ins"), 0.9, Align::Right),
            (&tr!("sources-col-conversion"), 1.0, Align::Right),
            (&tr!("report-col-days-to-move-in"), 1.3, Align::Right),
            (&tr!("sources-col-fees-owed"), 1.2, Align::Right),
            (&tr!("report-col-per-move-in"), 1.2, Align::Right),
        ],
        &cells,
    );
}

/// A day the app's way in the language in force ("Nov 28, 2026", "28 nov 2026").
pub fn day(d: chrono::NaiveDate) -> String {
    match leasedesk_i18n::language() {
        Language::Spanish => d.format_localized("%-d %b %Y", SPANISH).to_string(),
        Language::English | Language::Pseudo => crate::domain::format::day(d),
    }
}

/// A day of this year the app's way in the language in force ("Nov 28", "28 nov").
pub(super) fn month_day(d: chrono::NaiveDate) -> String {
    match leasedesk_i18n::language() {
        Language::Spanish => d.format_localized("%-d %b", SPANISH).to_string(),
        Language::English | Language::Pseudo => {
            d.format(crate::domain::format::MONTH_DAY).to_string()
        }
    }
}

/// A day and time the app's way in the language in force ("Nov 28, 2026 2:30 pm", "28 nov
/// 2026 14:30").
fn day_time<Tz: chrono::TimeZone>(at: chrono::DateTime<Tz>) -> String
where
    Tz::Offset: std::fmt::Display,
{
    match leasedesk_i18n::language() {
        Language::Spanish => at.format_localized("%-d %b %Y %H:%M", SPANISH).to_string(),
        Language::English | Language::Pseudo => {
            at.format(crate::domain::format::DAY_TIME).to_string()
        }
    }
}

/// The total row (the last) named in the language in force: the domain names it "All
/// communities", "All care groups".
fn said_as_total(rows: &mut [Vec<String>]) {
    if let Some(total) = rows.last_mut()
        && total.len() >= 2
    {
        total[0] = crate::words::all_communities();
        total[1] = tr!("report-all-care-groups");
    }
}

/// What is missing from the report, in the language in force.
fn note_words(note: &ReportNote) -> String {
    match note {
        ReportNote::NoUnits => tr!("report-note-no-units"),
        ReportNote::NoContracts => tr!("report-note-no-contracts"),
        ReportNote::NoActivities => tr!("report-note-no-activities"),
        ReportNote::Unreadable { what, count } => match what.as_str() {
            "community" => tr!("report-note-unreadable-community", count = *count),
            "unit" => tr!("report-note-unreadable-unit", count = *count),
            "housing contract" => tr!("report-note-unreadable-contract", count = *count),
            "activity" => tr!("report-note-unreadable-activity", count = *count),
            // A kind the domain adds later is said in its words until it has its own.
            _ => note.to_string(),
        },
    }
}

/// 1, 2 or 5 times a power of ten, at least `raw`: a chart step people read at a glance.
fn round_step(raw: f32) -> f32 {
    let power = 10f32.powf(raw.max(1e-3).log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * power)
        .max(1.0)
}

/// The first page's summary for the meeting: the week in six lines.
fn summary(l: &mut Layout, report: &WeeklyReport) {
    let t = &report.occupancy_total;
    let w = &report.occupancy_last_week;
    let f = &report.forecast_total;
    let beds = |n: u32| thousands(n.into());
    let share =
        |n: u32| format::occupancy_percent((t.beds > 0).then(|| f64::from(n) / t.beds as f64));
    let unit_share = format::occupancy_percent(t.units_share());
    let change = i64::from(t.occupied_beds) - i64::from(w.occupied_beds);
    let never = report.vacant.iter().filter(|v| v.since.is_none()).count();
    l.heading(&tr!("report-brief"));
    for line in [
        tr!(
            "report-brief-occupancy",
            units_occupied = thousands(t.occupied_units.into()),
            units = thousands(t.units as u64),
            unit_share = unit_share,
            beds_used = beds(t.occupied_beds),
            beds = thousands(t.beds.max(0) as u64),
            bed_share = share(t.occupied_beds),
            then = beds(w.occupied_beds),
            then_share = share(w.occupied_beds),
            change = match change {
                0 => tr!("report-change-none"),
                c if c > 0 => tr!("report-change-more", n = c),
                c => tr!("report-change-fewer", n = -c),
            }
        ),
        tr!(
            "report-brief-forecast",
            today = beds(f.today),
            in30 = beds(f.day_30),
            in60 = beds(f.day_60),
            in90 = beds(f.day_90)
        ),
        tr!(
            "report-brief-moves",
            ins = report.move_ins.len(),
            outs = report.move_outs.len(),
            notice = report.on_notice.len(),
            pending = report.pending_move_ins.len()
        ),
        tr!(
            "report-brief-funnel",
            inquiries = report.funnel.reached[0],
            tours = report.funnel.reached[1],
            deposits = report.funnel.reached[2],
            move_ins = report.funnel.reached[3]
        ),
        if never > 0 {
            tr!(
                "report-brief-loss-never",
                loss = crate::domain::format::money(report.vacancy_loss),
                vacant = report.vacant.len(),
                never = never
            )
        } else {
            tr!(
                "report-brief-loss",
                loss = crate::domain::format::money(report.vacancy_loss),
                vacant = report.vacant.len()
            )
        },
    ] {
        // Wrapped: the occupancy line is longer than the page is wide on Letter and A4.
        l.paragraph(&line);
    }
}

/// Writes the laid-out pages, with the footer now that the page count is known.
fn write(l: Layout, report: &WeeklyReport) -> Vec<u8> {
    // The time in the portal's zone, named.
    let zone: chrono_tz::Tz = report.zone.parse().unwrap_or(chrono_tz::UTC);
    let footer_left = tr!(
        "report-footer",
        portal = crate::words::portal_name(&report.portal),
        when = day_time(report.generated_at.with_timezone(&zone)),
        zone = zone.name()
    );
    finish(
        l,
        &footer_left,
        &tr!(
            "report-document-title",
            portal = crate::words::portal_name(&report.portal)
        ),
    )
}

/// The laid-out pages with a footer on each (`footer_left`, and "Page i of n"), as a document.
pub(super) fn finish(mut l: Layout, footer_left: &str, title: &str) -> Vec<u8> {
    let count = l.pages.len();
    let (width, height) = (l.width, l.height);
    let mut pages = std::mem::take(&mut l.pages);
    for (i, page) in pages.iter_mut().enumerate() {
        let mut footer = Layout {
            width,
            height,
            pages: vec![std::mem::replace(page, Content::new())],
            y: 0.0,
            tags: Tags::new(),
            in_run: false,
            // Said on every page, and not part of what is read.
            artifact: Some(ArtifactType::Pagination),
        };
        footer.text(
            MARGIN,
            MARGIN - 12.0,
            7.5,
            Font::Regular,
            Align::Left,
            footer_left,
        );
        footer.text(
            width - MARGIN,
            MARGIN - 12.0,
            7.5,
            Font::Regular,
            Align::Right,
            &tr!("report-page", page = i + 1, pages = count),
        );
        *page = footer.pages.pop().expect("the page just moved in");
    }

    // The words are in the language in force while the document was laid out.
    assemble(
        pages,
        l.tags,
        width,
        height,
        title,
        leasedesk_i18n::language().tag(),
    )
}

/// Desks of this process connected to a training portal: while there is one, every page
/// says so. Held by the desk (the window while it is connected to one, a command for its run)
/// rather than passed to every report, so no document made on a training portal can be left
/// without it.
static TRAINING_DESKS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The words every page of a document made on a training portal carries, at its top.
pub const TRAINING_MARK: &str = "TRAINING - practice data: no real family, not to be sent or filed";

/// While held, every document this process makes is marked as training.
pub struct TrainingMark(());

impl Drop for TrainingMark {
    fn drop(&mut self) {
        TRAINING_DESKS.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }
}

/// Marks every document this process makes as training until the mark is dropped.
pub fn mark_training() -> TrainingMark {
    TRAINING_DESKS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    TrainingMark(())
}

/// The document around laid-out pages: the two standard fonts (nothing embedded), the pages
/// in order, a title, and the language its words are in (a BCP 47 tag).
pub(super) fn assemble(
    mut pages: Vec<Content>,
    mut tags: Tags,
    width: f32,
    height: f32,
    title: &str,
    language: &str,
) -> Vec<u8> {
    if TRAINING_DESKS.load(std::sync::atomic::Ordering::SeqCst) > 0 {
        for (i, page) in pages.iter_mut().enumerate() {
            // Read once, first, from the first page; on the others it repeats.
            let mut mark = Layout {
                width,
                height,
                pages: vec![std::mem::replace(page, Content::new())],
                y: 0.0,
                tags: std::mem::replace(&mut tags, Tags::new()),
                in_run: false,
                artifact: (i > 0).then_some(ArtifactType::Pagination),
            };
            mark.tags.on_page(i);
            mark.text(
                MARGIN,
                height - MARGIN / 2.0,
                10.0,
                Font::Bold,
                Align::Left,
                TRAINING_MARK,
            );
            if i == 0 {
                mark.tags.move_last_to_front();
            }
            tags = mark.tags;
            *page = mark.pages.pop().expect("the page just moved in");
        }
    }
    let count = pages.len();
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let regular = Ref::new(3);
    let bold = Ref::new(4);
    let info = Ref::new(5);
    let first = 6;
    let page_ids: Vec<Ref> = (0..count).map(|i| Ref::new(first + 2 * i as i32)).collect();
    let structure = tags.write(&mut pdf, first + 2 * count as i32, &page_ids);
    let mut c = pdf.catalog(catalog);
    c.pages(tree);
    c.pair(Name(b"StructTreeRoot"), structure);
    c.mark_info().marked(true);
    // What a screen reader speaks the words as.
    c.lang(TextStr(language));
    c.viewer_preferences().display_doc_title(true);
    c.finish();
    pdf.pages(tree)
        .kids(page_ids.iter().copied())
        .count(count as i32);
    pdf.type1_font(regular)
        .base_font(Name(b"Helvetica"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.type1_font(bold)
        .base_font(Name(b"Helvetica-Bold"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.document_info(info)
        .title(TextStr(title))
        .producer(TextStr("LeaseDesk"));
    for (i, content) in pages.into_iter().enumerate() {
        let (id, content_id) = (page_ids[i], Ref::new(first + 2 * i as i32 + 1));
        let mut page = pdf.page(id);
        page.media_box(Rect::new(0.0, 0.0, width, height));
        page.parent(tree);
        page.contents(content_id);
        tag_page(&mut page, i);
        page.resources()
            .fonts()
            .pair(Font::Regular.name(), regular)
            .pair(Font::Bold.name(), bold);
        page.finish();
        pdf.stream(content_id, &content.finish());
    }
    pdf.finish()
}

/// Helvetica's advance widths (per 1000 units of the font size) for ASCII 32 to 126.
const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

pub(super) fn text_width(text: &str, size: f32, font: Font) -> f32 {
    let units: u32 = text
        .chars()
        .map(|c| {
            let code = c as u32;
            if (32..127).contains(&code) {
                u32::from(HELVETICA[(code - 32) as usize])
            } else {
                556
            }
        })
        .sum();
    // The bold face runs about 5% wider.
    let scale = match font {
        Font::Regular => 1.0,
        Font::Bold => 1.05,
    };
    units as f32 / 1000.0 * size * scale
}

/// The portal's and each community's figures beside the field's, the gap coloured (green
/// meets it, amber within a tenth, red further), and what each figure means.
fn benchmarks_table(l: &mut Layout, report: &WeeklyReport) {
    use crate::domain::benchmarks::{Gap, gap};
    use crate::words::{benchmark_definition, benchmark_label, written};
    if report.benchmark_rows.is_empty() {
        return;
    }
    // The portal's row first (the domain names it in English), then each community's.
    let keys: Vec<String> = report
        .benchmark_rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            if i == 0 {
                crate::words::all_communities()
            } else {
                crate::words::row_key(&r.key)
            }
        })
        .collect();
    l.heading(&tr!("report-benchmarks"));
    let (measure, benchmark) = (tr!("report-col-measure"), tr!("report-col-benchmark"));
    let mut columns: Vec<(&str, f32, Align)> = vec![
        (&measure, 2.6, Align::Left),
        (&benchmark, 1.1, Align::Right),
    ];
    for key in &keys {
        columns.push((key.as_str(), 1.2, Align::Right));
    }
    let usable = l.width - 2.0 * MARGIN;
    let widths = column_widths(&columns, usable);
    let titles: Vec<String> = columns.iter().map(|c| c.0.to_owned()).collect();
    l.ensure(3.0 * ROW);
    l.tags.open(StructRole::Table);
    l.row(&titles, &columns, &widths, RowKind::Headings);
    l.rule();
    for b in &report.benchmarks {
        if l.y - ROW < MARGIN + FOOTER {
            l.new_page();
            l.row(&titles, &columns, &widths, RowKind::HeadingsRepeated);
            l.rule();
        }
        l.y -= ROW;
        let y = l.y;
        let mut x = MARGIN;
        l.tags.open(StructRole::TR);
        let label = fit(&benchmark_label(b), widths[0] - 6.0, BODY, Font::Regular);
        l.tagged(StructRole::TD, |l| {
            l.text(x, y, BODY, Font::Regular, Align::Left, &label)
        });
        x += widths[0];
        l.tagged(StructRole::TD, |l| {
            l.text(
                x + widths[1] - 6.0,
                y,
                BODY,
                Font::Regular,
                Align::Right,
                &written(&b.measure, b.value),
            )
        });
        x += widths[1];
        for (row, width) in report.benchmark_rows.iter().zip(&widths[2..]) {
            let (text, rgb) = match row.figure(&b.measure) {
                Some(ours) => (
                    written(&b.measure, ours),
                    match gap(b, ours) {
                        Gap::Meets => (0.10, 0.50, 0.20),
                        Gap::Near => (0.75, 0.45, 0.0),
                        Gap::Short => (0.75, 0.10, 0.10),
                    },
                ),
                None => ("—".to_owned(), (0.4, 0.4, 0.4)),
            };
            l.page().set_fill_rgb(rgb.0, rgb.1, rgb.2);
            l.tagged(StructRole::TD, |l| {
                l.text(x + width - 6.0, y, BODY, Font::Regular, Align::Right, &text)
            });
            l.page().set_fill_rgb(0.0, 0.0, 0.0);
            x += width;
        }
        l.tags.close();
    }
    l.tags.close();
    l.y -= 4.0;
    // Each dash said: which measure, where, and what there was none of.
    for b in &report.benchmarks {
        let missing: Vec<&str> = report
            .benchmark_rows
            .iter()
            .zip(&keys)
            .filter(|(r, _)| r.figure(&b.measure).is_none())
            .map(|(_, key)| key.as_str())
            .collect();
        if !missing.is_empty() {
            l.small_paragraph(&format!(
                "{} — ({}): {}.",
                benchmark_label(b),
                missing.join(", "),
                crate::words::nothing_to_count(&b.measure)
            ));
        }
    }
    for b in &report.benchmarks {
        let from = crate::words::benchmark_from(b);
        l.small_paragraph(&format!(
            "{}: {} ({from})",
            benchmark_label(b),
            benchmark_definition(b)
        ));
    }
}

/// Leads closed as lost, by reason and community, a column a month (as Sales' Lost leads).
fn lost_table(l: &mut Layout, lost: &crate::domain::lost_leads::LostTable) {
    l.heading(&tr!("report-lost"));
    let months: Vec<String> = lost
        .months
        .iter()
        .map(|m| match leasedesk_i18n::language() {
            Language::Spanish => m.format_localized("%b", SPANISH).to_string(),
            Language::English | Language::Pseudo => m.format("%b").to_string(),
        })
        .collect();
    let (reason, community, total) = (
        tr!("report-col-reason"),
        tr!("report-col-community"),
        tr!("report-col-total"),
    );
    let mut columns: Vec<(&str, f32, Align)> =
        vec![(&reason, 2.4, Align::Left), (&community, 2.4, Align::Left)];
    for m in &months {
        columns.push((m.as_str(), 0.7, Align::Right));
    }
    columns.push((&total, 0.7, Align::Right));
    let rows: Vec<Vec<String>> = lost
        .rows
        .iter()
        .map(|r| {
            let mut cells = vec![r.what.clone(), crate::words::row_key(&r.by)];
            cells.extend(r.per_month.iter().map(|n| thousands(*n as u64)));
            cells.push(thousands(r.total as u64));
            cells
        })
        .collect();
    l.table(&columns, &rows);
    if lost.total > 0 {
        let totals: Vec<String> = lost
            .totals()
            .iter()
            .map(|(reason, n)| format!("{reason} {n}"))
            .collect();
        l.paragraph(&tr!(
            "report-lost-total",
            count = lost.total,
            reasons = totals.join(", ")
        ));
    }
}

/// The vacant units never occupied, in a paragraph by community (they have no loss to count).
fn never_occupied(l: &mut Layout, vacant: &[crate::domain::census::VacantUnit]) {
    let mut by_community: Vec<(&str, Vec<&str>)> = Vec::new();
    for v in vacant.iter().filter(|v| v.since.is_none()) {
        match by_community.iter_mut().find(|(c, _)| *c == v.community) {
            Some((_, units)) => units.push(&v.unit_number),
            None => by_community.push((&v.community, vec![&v.unit_number])),
        }
    }
    if by_community.is_empty() {
        return;
    }
    let count: usize = by_community.iter().map(|(_, u)| u.len()).sum();
    let parts: Vec<String> = by_community
        .iter()
        .map(|(c, units)| format!("{c} {}", units.join(", ")))
        .collect();
    l.paragraph(&tr!(
        "report-never-occupied",
        count = count,
        units = parts.join("; ")
    ));
}

/// Each column's width: its share of `usable`, but never narrower than the longest word of
/// its title (a title wraps between words, never inside one); what a column needs more is
/// taken from the columns with room to spare, in proportion to their room.
fn column_widths(columns: &[(&str, f32, Align)], usable: f32) -> Vec<f32> {
    let total: f32 = columns.iter().map(|c| c.1).sum::<f32>().max(f32::EPSILON);
    let mut widths: Vec<f32> = columns.iter().map(|c| c.1 / total * usable).collect();
    let needs: Vec<f32> = columns
        .iter()
        .map(|c| {
            c.0.split_whitespace()
                .map(|w| text_width(w, BODY, Font::Bold))
                .fold(0.0, f32::max)
                + 7.0
        })
        .collect();
    let short: f32 = widths
        .iter()
        .zip(&needs)
        .map(|(w, n)| (n - w).max(0.0))
        .sum();
    let room: f32 = widths
        .iter()
        .zip(&needs)
        .map(|(w, n)| (w - n).max(0.0))
        .sum();
    if short <= 0.0 || room <= 0.0 {
        return widths;
    }
    let taken = (short / room).min(1.0);
    for (w, n) in widths.iter_mut().zip(&needs) {
        if *w < *n {
            *w = *n;
        } else {
            *w -= (*w - n) * taken;
        }
    }
    widths
}

/// A cell's lines in `width`: wrapped at spaces, at most two, the second cut with "…".
fn cell_lines(text: &str, width: f32, font: Font) -> Vec<String> {
    if text_width(text, BODY, font) <= width {
        return vec![text.to_owned()];
    }
    let mut lines = wrap(text, width, BODY, font);
    if lines.len() > 2 {
        let rest = lines[1..].join(" ");
        lines.truncate(1);
        lines.push(fit(&rest, width, BODY, font));
    }
    lines
}

/// Breaks text into lines that fit `width` (a word longer than a line is cut).
pub(super) fn wrap(paragraph: &str, width: f32, size: f32, font: Font) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in paragraph.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if text_width(&candidate, size, font) <= width || line.is_empty() {
            line = candidate;
        } else {
            lines.push(std::mem::take(&mut line));
            line = word.to_owned();
        }
        while text_width(&line, size, font) > width && line.chars().count() > 1 {
            let cut = line
                .char_indices()
                .rev()
                .find(|(at, _)| *at > 0 && text_width(&line[..*at], size, font) <= width);
            let Some((at, _)) = cut else { break };
            lines.push(line[..at].to_owned());
            line = line[at..].to_owned();
        }
    }
    lines.push(line);
    lines
}

/// The text cut with "…" to fit `width`.
fn fit(text: &str, width: f32, size: f32, font: Font) -> String {
    if text_width(text, size, font) <= width {
        return text.to_owned();
    }
    let mut cut: String = text.to_owned();
    while !cut.is_empty() && text_width(&format!("{cut}…"), size, font) > width {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
}

/// The text in the standard fonts' WinAnsi encoding; what it cannot show becomes "?".
pub(super) fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            ' '..='~' => c as u8,
            '\u{a0}'..='\u{ff}' => c as u32 as u8,
            '€' => 0x80,
            '…' => 0x85,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            '→' => b'>',
            _ => b'?',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_encoded_for_the_standard_fonts() {
        assert_eq!(win_ansi("Café · 5 – 6"), b"Caf\xe9 \xb7 5 \x96 6");
        assert_eq!(win_ansi("漢"), b"?");
    }

    #[test]
    fn long_cells_are_cut_to_fit() {
        let cut = fit("Maple Grove Senior Living", 60.0, 9.0, Font::Regular);
        assert!(cut.ends_with('…'));
        assert!(text_width(&cut, 9.0, Font::Regular) <= 60.0);
        assert_eq!(fit("Maple", 60.0, 9.0, Font::Regular), "Maple");
    }

    #[test]
    fn a_long_cell_wraps_to_two_lines_and_only_then_is_cut() {
        let two = cell_lines("Maple Grove Senior Living", 80.0, Font::Regular);
        assert_eq!(
            two,
            vec!["Maple Grove".to_owned(), "Senior Living".to_owned()]
        );
        let cut = cell_lines(&"Maple Grove Senior Living ".repeat(4), 80.0, Font::Regular);
        assert_eq!(cut.len(), 2);
        assert!(cut[1].ends_with('…'));
        assert!(
            cut.iter()
                .all(|l| text_width(l, BODY, Font::Regular) <= 80.0)
        );
    }

    #[test]
    fn no_column_is_narrower_than_a_word_of_its_title() {
        let columns = [
            ("Community", 3.0, Align::Left),
            ("Engaged", 0.5, Align::Right),
            ("Inquiries", 0.5, Align::Right),
            ("Overdue", 0.5, Align::Right),
        ];
        let widths = column_widths(&columns, 200.0);
        for ((title, ..), width) in columns.iter().zip(&widths) {
            assert!(
                text_width(title, BODY, Font::Bold) + 6.0 <= *width,
                "{title}: {width}"
            );
        }
        assert!(
            (widths.iter().sum::<f32>() - 200.0).abs() < 0.5,
            "{widths:?}"
        );
    }
}
