//! The regional roll-up as a PDF: a row per community of every portal, then what could not be
//! read and what each column means.

use leasedesk_i18n::{Language, tr};

use super::Paper;
use super::pdf::{Align, Layout, day, finish};
use crate::domain::format::percent;
use crate::domain::region::RegionRow;

/// The roll-up as of a day: its rows, and the portals that could not be read, with why.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct RegionReport {
    pub as_of: chrono::NaiveDate,
    pub rows: Vec<RegionRow>,
    pub unread: Vec<(String, String)>,
}

/// The roll-up as a PDF in `language`.
pub fn render(report: &RegionReport, paper: Paper, language: Language) -> Vec<u8> {
    leasedesk_i18n::in_language(language, || render_in_force(report, paper))
}

fn render_in_force(report: &RegionReport, paper: Paper) -> Vec<u8> {
    let mut l = Layout::new(paper);
    l.heading(&tr!("region-heading", as_of = day(report.as_of)));
    let rows: Vec<Vec<String>> = report
        .rows
        .iter()
        .map(|r| {
            let mut cells = vec![crate::words::portal_name(&r.portal), r.community.clone()];
            cells.extend(r.occupancy.iter().map(|o| percent(*o)));
            cells.extend([
                r.inquiries.to_string(),
                r.move_ins.to_string(),
                percent(r.within_two_hours),
                percent(r.team_score),
                tr!("region-short-of", short = r.short_of, measured = r.measured),
            ]);
            cells
        })
        .collect();
    l.table(
        &[
            (&tr!("region-col-portal"), 2.4, Align::Left),
            (&tr!("report-col-community"), 2.4, Align::Left),
            (&tr!("region-col-now"), 0.8, Align::Right),
            (&tr!("region-col-days", days = 30), 0.8, Align::Right),
            (&tr!("region-col-days", days = 60), 0.8, Align::Right),
            (&tr!("region-col-days", days = 90), 0.8, Align::Right),
            (&tr!("funnel-col-inquiries"), 1.0, Align::Right),
            (&tr!("funnel-col-moved-in"), 1.0, Align::Right),
            (&tr!("region-col-within"), 1.0, Align::Right),
            (&tr!("region-col-team"), 0.8, Align::Right),
            (&tr!("region-col-short"), 0.9, Align::Right),
        ],
        &rows,
    );
    for (portal, why) in &report.unread {
        l.paragraph(&tr!(
            "region-not-read",
            portal = crate::words::portal_name(portal),
            why = why.as_str()
        ));
    }
    l.small_paragraph(&tr!("region-means"));
    finish(
        l,
        &tr!("region-footer", as_of = day(report.as_of)),
        &tr!("region-title"),
    )
}
