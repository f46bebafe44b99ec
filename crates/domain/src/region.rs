//! The regional roll-up: one row per community of every portal a regional director runs —
//! occupancy now and in 30/60/90 days, the funnel of the last 90 days, speed to lead, the team
//! score and how many of the field's benchmarks it falls short of. Each portal's row comes
//! from that portal's own figures (its own store); portals are set side by side, never merged.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;
use chrono_tz::Tz;

use crate::benchmarks::{self, Benchmark, BenchmarkRow, Gap, MoveDates};
use crate::census::Forecast;
use crate::funnel::{CaseFacts, Dimension, Journey, Period, Stage, breakdown, cohort};
use crate::response_times::ContactTimes;
use crate::speed_to_lead::LeadRules;
use crate::team_board::TeamBoard;

/// Days of the funnel the roll-up counts.
pub const FUNNEL_DAYS: u64 = 90;
/// Days ahead the occupancy is told at.
pub const AHEAD: [usize; 4] = [0, 30, 60, 90];

/// What one portal's figures are made from.
pub struct PortalFigures<'a> {
    pub portal: &'a str,
    pub journeys: &'a [Journey],
    pub facts: &'a HashMap<String, CaseFacts>,
    pub times: Option<&'a HashMap<String, ContactTimes>>,
    pub forecast: &'a Forecast,
    pub moves: &'a [MoveDates],
    pub board: &'a TeamBoard,
    pub rules: &'a LeadRules,
    pub zone: Tz,
    pub today: NaiveDate,
}

#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct RegionRow {
    pub portal: String,
    pub community: String,
    /// Occupied beds ÷ beds today and in 30, 60 and 90 days (contracts on record).
    pub occupancy: [Option<f64>; 4],
    /// Cases that entered the funnel in the last 90 days, and of them those who toured and
    /// moved in.
    pub inquiries: usize,
    pub tours: usize,
    pub move_ins: usize,
    /// Of the new leads of the year, the share first contacted within 2 office hours.
    pub within_two_hours: Option<f64>,
    /// The team board's score of the community: green ÷ (green + red) of its active leads.
    pub team_score: Option<f64>,
    /// Benchmarks it falls short of (by more than a tenth), of those it can be measured on.
    pub short_of: usize,
    pub measured: usize,
    /// The base of "short of", named: the benchmarks it falls short of, and those it cannot be
    /// measured on (nothing to count), so "1 of 7" beside "5 of 6" says why the bases differ.
    pub short_of_names: Vec<String>,
    pub not_measured: Vec<String>,
    /// Each benchmark measure's figure (the year), as Sales' "Beside the industry" shows it.
    pub figures: BTreeMap<String, Option<f64>>,
}

fn share(part: u32, whole: i64) -> Option<f64> {
    (whole > 0).then(|| f64::from(part) / whole as f64)
}

/// One portal's rows, a community each, in name order.
pub fn rows(f: &PortalFigures, published: &[Benchmark]) -> Vec<RegionRow> {
    let benchmark_rows: Vec<BenchmarkRow> = benchmarks::rows(&benchmarks::Inputs {
        journeys: f.journeys,
        facts: f.facts,
        times: f.times,
        rules: f.rules,
        zone: f.zone,
        forecast: f.forecast,
        moves: f.moves,
        today: f.today,
    });
    let period = Period {
        from: f
            .today
            .checked_sub_days(chrono::Days::new(FUNNEL_DAYS - 1))
            .unwrap_or(f.today),
        to: f.today,
    };
    let cases = cohort(f.journeys, period);
    let funnel: HashMap<String, [usize; 4]> =
        breakdown(f.journeys, f.facts, &cases, Dimension::Community)
            .into_iter()
            .map(|r| (r.key, r.figures.reached))
            .collect();
    let mut communities: Vec<&str> = f
        .forecast
        .lines
        .iter()
        .map(|l| l.community.as_str())
        .chain(benchmark_rows.iter().skip(1).map(|r| r.key.as_str()))
        .collect();
    communities.sort_unstable();
    communities.dedup();
    communities
        .into_iter()
        .map(|community| {
            let (mut beds, mut occupied) = (0i64, [0u32; 4]);
            for line in f.forecast.lines.iter().filter(|l| l.community == community) {
                beds += line.beds;
                for (k, days) in AHEAD.iter().enumerate() {
                    occupied[k] += line.beds_on(*days);
                }
            }
            let reached = funnel.get(community).copied().unwrap_or_default();
            let figures = benchmark_rows
                .iter()
                .find(|r| r.key == community)
                .map(|r| r.figures.clone())
                .unwrap_or_default();
            let judged: Vec<(&Benchmark, Gap)> = published
                .iter()
                .filter_map(|b| {
                    let ours = figures.get(&b.measure).copied().flatten()?;
                    Some((b, benchmarks::gap(b, ours)))
                })
                .collect();
            let short: Vec<String> = judged
                .iter()
                .filter(|(_, g)| *g == Gap::Short)
                .map(|(b, _)| b.label.clone())
                .collect();
            let not_measured: Vec<String> = published
                .iter()
                .filter(|b| !judged.iter().any(|(j, _)| j.measure == b.measure))
                .map(|b| b.label.clone())
                .collect();
            RegionRow {
                portal: f.portal.to_owned(),
                community: community.to_owned(),
                occupancy: occupied.map(|o| share(o, beds)),
                inquiries: reached[Stage::Inquiry.index()],
                tours: reached[Stage::Tour.index()],
                move_ins: reached[Stage::MoveIn.index()],
                within_two_hours: figures.get("first_contact_2h").copied().flatten(),
                team_score: f
                    .board
                    .by_community
                    .iter()
                    .find(|r| r.name == community)
                    .and_then(|r| r.score),
                short_of: short.len(),
                measured: judged.len(),
                short_of_names: short,
                not_measured,
                figures,
            }
        })
        .collect()
}

/// What the roll-up can be ordered by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortBy {
    #[default]
    Portal,
    Community,
    Occupancy(usize),
    Inquiries,
    MoveIns,
    WithinTwoHours,
    TeamScore,
    ShortOf,
}

/// Orders rows by a column (missing figures last either way), then by portal and community.
pub fn sort(rows: &mut [RegionRow], by: SortBy, descending: bool) {
    fn number(r: &RegionRow, by: SortBy) -> Option<f64> {
        match by {
            SortBy::Portal | SortBy::Community => None,
            SortBy::Occupancy(k) => r.occupancy.get(k).copied().flatten(),
            SortBy::Inquiries => Some(r.inquiries as f64),
            SortBy::MoveIns => Some(r.move_ins as f64),
            SortBy::WithinTwoHours => r.within_two_hours,
            SortBy::TeamScore => r.team_score,
            SortBy::ShortOf => Some(r.short_of as f64),
        }
    }
    rows.sort_by(|a, b| {
        let names = (&a.portal, &a.community).cmp(&(&b.portal, &b.community));
        let primary = match by {
            SortBy::Portal => a.portal.cmp(&b.portal),
            SortBy::Community => a.community.cmp(&b.community).then(a.portal.cmp(&b.portal)),
            _ => match (number(a, by), number(b, by)) {
                (Some(x), Some(y)) => {
                    let o = x.total_cmp(&y);
                    if descending { o.reverse() } else { o }
                }
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            },
        };
        let primary = match by {
            SortBy::Portal | SortBy::Community if descending => primary.reverse(),
            _ => primary,
        };
        primary.then(names)
    });
}

/// The rows as CSV (shares as fractions, blank when not known).
pub fn csv(rows: &[RegionRow]) -> Result<Vec<u8>, csv::Error> {
    let mut buffer = Vec::new();
    {
        let mut out = crate::csv_export::SafeWriter::new(&mut buffer);
        let measures: Vec<&str> = benchmarks::published()
            .iter()
            .map(|b| b.measure.as_str())
            .collect();
        let mut header: Vec<String> = [
            "portal",
            "community",
            "occupancy_now",
            "occupancy_30",
            "occupancy_60",
            "occupancy_90",
            "inquiries_90d",
            "inquiries_90d_toured",
            "inquiries_90d_moved_in",
            "first_contact_2h",
            "team_score",
            "benchmarks_short_of",
            "benchmarks_measured",
            "benchmarks_short_of_which",
            "benchmarks_not_measured",
        ]
        .map(str::to_owned)
        .to_vec();
        header.extend(measures.iter().map(|m| format!("year_{m}")));
        out.row(&header)?;
        let figure = |v: Option<f64>| v.map(|v| format!("{v:.4}")).unwrap_or_default();
        for r in rows {
            let mut record = vec![r.portal.clone(), r.community.clone()];
            record.extend(r.occupancy.iter().map(|o| figure(*o)));
            record.extend([
                r.inquiries.to_string(),
                r.tours.to_string(),
                r.move_ins.to_string(),
                figure(r.within_two_hours),
                figure(r.team_score),
                r.short_of.to_string(),
                r.measured.to_string(),
                r.short_of_names.join("; "),
                r.not_measured.join("; "),
            ]);
            record.extend(
                measures
                    .iter()
                    .map(|m| figure(r.figures.get(*m).copied().flatten())),
            );
            out.row(&record)?;
        }
        out.flush()?;
    }
    Ok(buffer)
}

#[cfg(test)]
mod tests;
