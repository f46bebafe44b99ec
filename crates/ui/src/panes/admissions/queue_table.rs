//! The admissions queue as a table a screen reader reads as one (its rows with their place,
//! the headers of its columns): each move-in, its checklist's progress and whether it is ready.

use chrono::{Datelike, NaiveDate};

use crate::domain::admissions::QueueEntry;
use crate::domain::checklist::Progress;
use crate::theme::Tokens;
use crate::widgets::table_a11y;
use crate::widgets::wide_table::{WideRows, WideTable};
use leasedesk_i18n::tr;

/// The columns' headings.
fn title(column: usize) -> String {
    match column {
        0 => tr!("admissions-col-move-in"),
        1 => tr!("admissions-col-name"),
        2 => tr!("admissions-col-community"),
        3 => tr!("admissions-col-unit"),
        4 => tr!("admissions-col-checklist"),
        _ => String::new(),
    }
}
/// "7 of 10 met", in the window's language.
fn progress_words(p: Progress) -> String {
    tr!("admissions-progress", met = p.met, total = p.total)
}

/// The checklist column holds a progress bar this wide.
const BAR_WIDTH: f32 = 150.0;

/// The queue as drawn; `open` says which name was clicked.
pub(super) struct QueueRows<'a> {
    pub entries: &'a [QueueEntry],
    pub progress: Vec<Option<Progress>>,
    pub today: NaiveDate,
    pub reading: bool,
    pub tokens: &'a Tokens,
    pub open: Option<QueueEntry>,
}

impl QueueRows<'_> {
    /// Draws the queue at the height its rows need, at most `height`.
    pub fn show(&mut self, ui: &mut egui::Ui, height: f32) {
        let body = ui.text_style_height(&egui::TextStyle::Body);
        let mut min_widths = [24.0; 6];
        min_widths[4] = BAR_WIDTH + 8.0;
        let table = WideTable {
            id_salt: "admissions-queue",
            name: &tr!("admissions-queue"),
            min_widths: &min_widths,
            // The day and the name stay in view when it scrolls sideways.
            sticky: 2,
            heading_height: body + 10.0,
            row_height: body + 12.0,
            rows: self.entries.len(),
            fit_height: true,
        };
        let height = table.needed_height(ui).min(height);
        ui.allocate_ui(egui::vec2(ui.available_width(), height), |ui| {
            table.show(ui, self);
        });
    }

    fn progress(&self, row: usize) -> Option<Progress> {
        self.progress.get(row).copied().flatten()
    }

    fn readiness(&self, row: usize) -> String {
        let Some(e) = self.entries.get(row) else {
            return String::new();
        };
        let progress = self.progress(row);
        if e.at_risk(progress, self.today) {
            format!("⚠ {}", tr!("admissions-not-ready"))
        } else if e.paperwork_open(progress, self.today) {
            // Moved in already: not a readiness question any more.
            tr!("admissions-paperwork-open")
        } else {
            String::new()
        }
    }
}

impl WideRows for QueueRows<'_> {
    fn heading_ui(&mut self, ui: &mut egui::Ui, column: usize) {
        let heading =
            ui.add(egui::Label::new(egui::RichText::new(title(column)).strong()).selectable(false));
        table_a11y::column_header(&heading, column, None);
    }

    fn cell_ui(&mut self, ui: &mut egui::Ui, row: usize, column: usize) {
        let Some(e) = self.entries.get(row) else {
            return;
        };
        match column {
            1 => {
                if ui
                    .link(&e.name)
                    .on_hover_text(tr!("admissions-open-checklist"))
                    .clicked()
                {
                    self.open = Some(e.clone());
                }
            }
            4 => match self.progress(row) {
                Some(p) => {
                    ui.add(
                        egui::ProgressBar::new(p.fraction())
                            .text(progress_words(p))
                            .desired_width(BAR_WIDTH),
                    );
                }
                None => {
                    ui.label(egui::RichText::new(self.cell_text(row, 4)).color(self.tokens.muted));
                }
            },
            5 => {
                let text = self.readiness(row);
                let colour = if text.starts_with('⚠') {
                    self.tokens.overdue
                } else {
                    self.tokens.muted
                };
                ui.label(egui::RichText::new(text).color(colour));
            }
            _ => {
                ui.label(self.cell_text(row, column));
            }
        }
    }

    fn heading_text(&self, column: usize) -> String {
        title(column)
    }

    fn cell_text(&self, row: usize, column: usize) -> String {
        let Some(e) = self.entries.get(row) else {
            return String::new();
        };
        match column {
            0 => {
                let day = crate::dates::weekday(e.move_in, self.today.year());
                if e.is_upcoming(self.today) {
                    day
                } else {
                    tr!("admissions-moved-in", day = day)
                }
            }
            1 => e.name.clone(),
            2 => e.community.clone(),
            3 => e.unit_number.clone(),
            4 => match self.progress(row) {
                Some(p) => progress_words(p),
                None if self.reading => tr!("admissions-reading"),
                None => tr!("admissions-not-known"),
            },
            _ => self.readiness(row),
        }
    }
}
