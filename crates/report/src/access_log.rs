//! The access log's report as a PDF, as a compliance officer asks for it: what was asked (the
//! period, a case, a user), that the log verified whole, then one row per entry.

use leasedesk_i18n::tr;

use super::Paper;
use super::pdf::{Align, Layout, finish};

/// One entry of the report, in words.
#[derive(Debug, Clone, PartialEq)]
pub struct AccessRow {
    pub entry: u64,
    /// When, as the desk's clock read it (UTC).
    pub at: String,
    pub user: String,
    pub what: String,
    pub case: String,
    pub detail: String,
}

/// The report: what was asked, the verification, the rows.
#[derive(Debug, Clone, PartialEq)]
pub struct AccessReport {
    /// "Nov 1, 2026 to Nov 28, 2026", "every day kept".
    pub period: String,
    /// "case 1601", "user Dana Whitfield", or empty.
    pub narrowed_to: String,
    /// "The access log is whole: 1,204 entries in 1 file (entries 1 to 1204)."
    pub verified: String,
    /// When the report was made (UTC).
    pub made: String,
    pub rows: Vec<AccessRow>,
}

/// Rows a PDF holds at most (about 400 pages): a longer report is asked for as CSV or narrowed.
pub const MAX_ROWS: usize = 20_000;

pub fn render(report: &AccessReport, paper: Paper) -> Vec<u8> {
    let mut l = Layout::new(paper);
    l.heading(&tr!("access-title"));
    let mut asked = report.period.clone();
    if !report.narrowed_to.is_empty() {
        asked.push_str(&format!(", {}", report.narrowed_to));
    }
    l.paragraph(&tr!(
        "access-entries-of",
        asked = asked,
        entries = report.rows.len()
    ));
    l.paragraph(&report.verified);
    let rows: Vec<Vec<String>> = report
        .rows
        .iter()
        .take(MAX_ROWS)
        .map(|r| {
            vec![
                r.entry.to_string(),
                r.at.clone(),
                r.user.clone(),
                r.what.clone(),
                r.case.clone(),
                r.detail.clone(),
            ]
        })
        .collect();
    l.table(
        &[
            (&tr!("access-col-entry"), 0.7, Align::Right),
            (&tr!("access-col-when"), 1.6, Align::Left),
            (&tr!("access-col-user"), 1.6, Align::Left),
            (&tr!("access-col-what"), 1.4, Align::Left),
            (&tr!("access-col-case"), 0.8, Align::Right),
            (&tr!("access-col-detail"), 3.0, Align::Left),
        ],
        &rows,
    );
    l.small_paragraph(&tr!("access-how-kept"));
    finish(
        l,
        &tr!("access-footer", made = report.made.clone()),
        &tr!("access-title"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_is_a_pdf_of_every_row_asked_for() {
        let rows: Vec<AccessRow> = (1..=300)
            .map(|n| AccessRow {
                entry: n,
                at: format!("2026-11-28 10:{:02}", n % 60),
                user: "Dana Whitfield".into(),
                what: "Case opened".into(),
                case: (1600 + n % 7).to_string(),
                detail: String::new(),
            })
            .collect();
        let report = AccessReport {
            period: "Nov 28, 2026".into(),
            narrowed_to: String::new(),
            verified: "The access log is whole: 300 entries in 1 file (entries 1 to 300).".into(),
            made: "2026-11-28 12:00".into(),
            rows,
        };
        let pdf = render(&report, Paper::Letter);
        assert!(pdf.starts_with(b"%PDF-"));
        // Several pages: the table went on under its titles.
        let text = String::from_utf8_lossy(&pdf);
        let pages = text.matches("/Type /Page").count() - text.matches("/Type /Pages").count();
        assert!(pages >= 3, "300 rows are several pages, not {pages}");
    }
}
