//! Lost leads: how many were closed as lost, by reason or by where they went, for each
//! community, agent or source, month by month.

use std::sync::Arc;

use chrono::{Months, NaiveDate};

use crate::context::AppCtx;
use crate::domain::lost_leads::{LostBy, LostRecord, LostTable, LostWhat, lost_table};
use crate::engine::asks::{self, Loading};
use crate::remote::Slot;
use crate::widgets::table_a11y;
use crate::widgets::wide_table::{WideRows, WideTable};
use leasedesk_i18n::tr;

/// The periods offered, in months back from this one.
const PERIODS: [u32; 3] = [3, 6, 12];

#[derive(Default)]
pub struct LostView {
    pub records: Slot<Arc<Vec<LostRecord>>>,
    loading: Arc<Loading>,
    pub months: u32,
    pub what: LostWhat,
    pub by: LostBy,
    /// A lead was closed as lost (or an activity changed): read again when next shown.
    pub stale: bool,
    asked: bool,
    /// The table shown, and what it was counted from (the records by address, the days, the
    /// choices): counted again only when one of these changes.
    table: Option<(TableKey, Arc<LostTable>)>,
}

type TableKey = (usize, NaiveDate, NaiveDate, LostWhat, LostBy);

impl LostView {
    fn keep_loaded(&mut self, ctx: &AppCtx) {
        if self.months == 0 {
            self.months = 6;
        }
        if (!self.asked || self.stale) && !self.records.state.is_pending() {
            self.asked = true;
            self.stale = false;
            self.records
                .ask(ctx.backend, asks::sales::lost_leads(self.loading.clone()));
        }
        self.records.poll_read(ctx.backend);
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.keep_loaded(ctx);
        ui.horizontal_wrapped(|ui| {
            for months in PERIODS {
                let label = tr!("lost-last-months", months = months);
                ui.selectable_value(&mut self.months, months, label);
            }
            ui.separator();
            ui.selectable_value(&mut self.what, LostWhat::Reason, tr!("lost-reasons"));
            ui.selectable_value(
                &mut self.what,
                LostWhat::Destination,
                tr!("lost-where-went"),
            );
            ui.separator();
            ui.selectable_value(&mut self.by, LostBy::Community, tr!("lost-by-community"));
            ui.selectable_value(&mut self.by, LostBy::Agent, tr!("lost-by-agent"));
            ui.selectable_value(&mut self.by, LostBy::Source, tr!("lost-by-source"));
        });
        self.records.status_slot_ui(ui, ctx, &tr!("lost-the-leads"));
        let Some(records) = self.records.state.value().cloned() else {
            return;
        };
        let today = ctx.today();
        let from = today
            .checked_sub_months(Months::new(self.months.saturating_sub(1)))
            .and_then(|d| chrono::Datelike::with_day(&d, 1))
            .unwrap_or(today);
        let key = (
            Arc::as_ptr(&records) as usize,
            from,
            today,
            self.what,
            self.by,
        );
        let table = match &self.table {
            Some((known, table)) if *known == key => table.clone(),
            _ => {
                let table = Arc::new(lost_table(&records, (from, today), self.what, self.by));
                self.table = Some((key, table.clone()));
                table
            }
        };
        ui.label(
            egui::RichText::new(tr!(
                "lost-summary",
                count = table.total,
                day = crate::dates::day(from)
            ))
            .color(ctx.tokens.muted),
        );
        if table.rows.is_empty() {
            return;
        }
        let each: Vec<String> = table
            .totals()
            .iter()
            .map(|(what, n)| format!("{what} {n}"))
            .collect();
        ui.label(format!(
            "{}: {}",
            match self.what {
                LostWhat::Reason => tr!("lost-each-reason"),
                LostWhat::Destination => tr!("lost-where-went"),
            },
            each.join(" · ")
        ));
        let (what, by) = (
            match self.what {
                LostWhat::Reason => tr!("lost-reason"),
                LostWhat::Destination => tr!("lost-went-to"),
            },
            match self.by {
                LostBy::Community => tr!("calling-col-community"),
                LostBy::Agent => tr!("dimension-agent"),
                LostBy::Source => tr!("sources-col-source"),
            },
        );
        let body = ui.text_style_height(&egui::TextStyle::Body);
        let columns = table.months.len() + 3;
        let name = tr!("sales-view-lost-leads");
        WideTable {
            id_salt: "lost-leads",
            name: &name,
            min_widths: &vec![24.0; columns],
            // The reason and whose it is stay in view when the months scroll sideways.
            sticky: 2,
            heading_height: body + 10.0,
            row_height: body + 10.0,
            rows: table.rows.len(),
            fit_height: false,
        }
        .show(
            ui,
            &mut LostLines {
                table: &table,
                what: &what,
                by: &by,
            },
        );
    }
}

/// The table as drawn: a row a reason (or destination) and community (agent, source), a
/// column a month, then the total.
struct LostLines<'a> {
    table: &'a LostTable,
    what: &'a str,
    by: &'a str,
}

impl WideRows for LostLines<'_> {
    fn heading_text(&self, column: usize) -> String {
        let months = self.table.months.len();
        match column {
            0 => self.what.to_owned(),
            1 => self.by.to_owned(),
            c if c < months + 2 => crate::dates::short_month(self.table.months[c - 2]),
            _ => tr!("lost-total"),
        }
    }

    fn cell_text(&self, row: usize, column: usize) -> String {
        let Some(line) = self.table.rows.get(row) else {
            return String::new();
        };
        match column {
            0 => line.what.clone(),
            1 => crate::report::words::row_key(&line.by),
            c => match line.per_month.get(c - 2) {
                Some(0) => "·".into(),
                Some(n) => n.to_string(),
                None => line.total.to_string(),
            },
        }
    }

    fn heading_ui(&mut self, ui: &mut egui::Ui, column: usize) {
        let heading = ui.strong(self.heading_text(column));
        table_a11y::column_header(&heading, column, None);
    }

    fn cell_ui(&mut self, ui: &mut egui::Ui, row: usize, column: usize) {
        let text = self.cell_text(row, column);
        if column == self.table.months.len() + 2 {
            ui.strong(text);
        } else {
            ui.label(text);
        }
    }
}
