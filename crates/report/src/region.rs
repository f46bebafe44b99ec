//! The regional roll-up as a PDF: a row per community of every portal, then what could not be
//! read and what each column means.

use super::Paper;
use super::pdf::{Align, Layout, finish};
use crate::domain::format::{self, percent};
use crate::domain::region::RegionRow;

/// The roll-up as of a day: its rows, and the portals that could not be read, with why.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct RegionReport {
    pub as_of: chrono::NaiveDate,
    pub rows: Vec<RegionRow>,
    pub unread: Vec<(String, String)>,
}

pub fn render(report: &RegionReport, paper: Paper) -> Vec<u8> {
    let mut l = Layout::new(paper);
    l.heading(&format!(
        "Region as of {}",
        report.as_of.format(format::DAY)
    ));
    let rows: Vec<Vec<String>> = report
        .rows
        .iter()
        .map(|r| {
            let mut cells = vec![r.portal.clone(), r.community.clone()];
            cells.extend(r.occupancy.iter().map(|o| percent(*o)));
            cells.extend([
                r.inquiries.to_string(),
                r.move_ins.to_string(),
                percent(r.within_two_hours),
                percent(r.team_score),
                format!("{} of {}", r.short_of, r.measured),
            ]);
            cells
        })
        .collect();
    l.table(
        &[
            ("Portal", 2.4, Align::Left),
            ("Community", 2.4, Align::Left),
            ("Now", 0.8, Align::Right),
            ("30 d", 0.8, Align::Right),
            ("60 d", 0.8, Align::Right),
            ("90 d", 0.8, Align::Right),
            ("Inquiries", 1.0, Align::Right),
            ("Moved in", 1.0, Align::Right),
            ("Within 2 h", 1.0, Align::Right),
            ("Team", 0.8, Align::Right),
            ("Short of", 0.9, Align::Right),
        ],
        &rows,
    );
    for (portal, why) in &report.unread {
        l.paragraph(&format!("Not read: {portal}: {why}."));
    }
    l.small_paragraph(
        "Now, 30 d, 60 d, 90 d: occupied beds ÷ beds, by the contracts on record. Inquiries: cases \
         that entered the funnel in the last 90 days; moved in: those of them who have moved in \
         (not every move-in of the 90 days: Inventory's \"In 30/90 d\" counts those, whenever the \
         inquiry). Within 2 h: the year's new leads first contacted within 2 office hours. Team: green \
         ÷ (green + red) of the active leads. Short of: the industry benchmarks (Sales, Beside \
         the industry) the community misses by more than a tenth, of those it can be measured on \
         (a benchmark with nothing to count yet, such as move-ins per move-out with no move-out, \
         is left out of both numbers; the CSV names each). Each portal is read on its \
         own; nothing is merged.",
    );
    finish(
        l,
        &format!("LeaseDesk · region · {}", report.as_of.format(format::DAY)),
        "Region",
    )
}
