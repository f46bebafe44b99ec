//! Our figures beside the industry's: occupancy, the funnel's conversions, the days from
//! inquiry to move-in, the first contact within two office hours and move-ins per move-out,
//! per community and for the portal, each beside a published figure (`assets/benchmarks.json`,
//! with its definition, source and date) or the portal's own target.

use std::collections::HashMap;

use chrono::NaiveDate;
use chrono_tz::Tz;

use crate::api::model::HousingContract;
use crate::census::Forecast;
use crate::funnel::{CaseFacts, Journey, Period, Stage, breakdown, cohort, figures};
use crate::response_times::{ContactTimes, response_figures};
use crate::speed_to_lead::LeadRules;

/// A published figure to set ours beside.
#[derive(Debug, Clone, PartialEq, serde::Deserialize, serde::Serialize)]
pub struct Benchmark {
    /// What is measured (`occupancy`, `inquiry_to_tour`, …).
    pub measure: String,
    pub label: String,
    /// A share (0.891) or a count of days (66) or a ratio (1.07).
    pub value: f64,
    pub higher_is_better: bool,
    pub definition: String,
    /// Who published it, and of what.
    pub benchmark: String,
    pub date: String,
    pub source: String,
}

/// The published figures shipped with LeaseDesk, read once (screens ask for them every frame).
pub fn published() -> &'static [Benchmark] {
    static PUBLISHED: std::sync::LazyLock<Vec<Benchmark>> = std::sync::LazyLock::new(|| {
        serde_json::from_str(include_str!("../../../assets/benchmarks.json")).unwrap_or_default()
    });
    &PUBLISHED
}

/// Whose figure a benchmark is when it is the portal's own target.
pub const YOUR_TARGET: &str = "Your target (Settings)";

/// The published figures with the portal's own targets in their place, where it set one.
pub fn with_targets(targets: &[(String, f64)]) -> Vec<Benchmark> {
    let mut list = published().to_vec();
    for b in &mut list {
        if let Some((_, value)) = targets.iter().find(|(m, _)| *m == b.measure) {
            b.value = *value;
            b.benchmark = YOUR_TARGET.into();
            b.date = String::new();
            b.source = String::new();
        }
    }
    list
}

/// How a figure is written: a share as a percentage, days as days, a ratio with two decimals.
pub fn written(measure: &str, value: f64) -> String {
    match measure {
        "days_to_move_in" => format!("{value:.0} days"),
        m if m.starts_with("move_ins_per_move_out") => format!("{value:.2}"),
        _ => format!("{:.1}%", value * 100.0),
    }
}

/// Why a measure shows "—" rather than a figure: what there was none of to count.
pub fn nothing_to_count(measure: &str) -> &'static str {
    match measure {
        "occupancy" => "no units in the inventory",
        "inquiry_to_tour" | "inquiry_to_move_in" => "no case inquired in the last 12 months",
        "tour_to_move_in" => "none of the last 12 months' cases toured",
        "days_to_move_in" => "none of the last 12 months' cases moved in",
        "first_contact_2h" => {
            "no inquiry of the last 12 months with a known time (or still reading)"
        }
        "move_ins_per_move_out_30" => "no move-out in the last 30 days to divide by",
        "move_ins_per_move_out_90" => "no move-out in the last 90 days to divide by",
        _ => "nothing to count",
    }
}

/// Whether `ours` meets the benchmark, falls short by a little (within a tenth of it), or more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gap {
    Meets,
    Near,
    Short,
}

pub fn gap(benchmark: &Benchmark, ours: f64) -> Gap {
    let ahead = if benchmark.higher_is_better {
        ours - benchmark.value
    } else {
        benchmark.value - ours
    };
    if ahead >= 0.0 {
        Gap::Meets
    } else if -ahead <= benchmark.value.abs() * 0.1 {
        Gap::Near
    } else {
        Gap::Short
    }
}

/// One row: a community (or the portal), each measure's figure (`None` when there is nothing
/// to count) by the measure's name.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct BenchmarkRow {
    pub key: String,
    pub figures: std::collections::BTreeMap<String, Option<f64>>,
}

impl BenchmarkRow {
    pub fn figure(&self, measure: &str) -> Option<f64> {
        self.figures.get(measure).copied().flatten()
    }
}

/// A contract's move-in and move-out, by community (what move-ins per move-out count).
#[derive(Debug, Clone, PartialEq)]
pub struct MoveDates {
    pub community: String,
    pub move_in: NaiveDate,
    pub move_out: Option<NaiveDate>,
}

/// The move dates of `contracts`.
pub fn moves_of(contracts: &[HousingContract]) -> Vec<MoveDates> {
    contracts
        .iter()
        .map(|c| MoveDates {
            community: c.community_name.clone(),
            move_in: c.move_in_date.date_naive(),
            move_out: c.move_out_date.map(|d| d.date_naive()),
        })
        .collect()
}

/// What the figures are counted from.
pub struct Inputs<'a> {
    pub journeys: &'a [Journey],
    pub facts: &'a HashMap<String, CaseFacts>,
    pub times: Option<&'a HashMap<String, ContactTimes>>,
    pub rules: &'a LeadRules,
    pub zone: Tz,
    pub forecast: &'a Forecast,
    /// Contracts' move dates (those of the last 90 days are enough).
    pub moves: &'a [MoveDates],
    pub today: NaiveDate,
}

/// The portal's row ("All communities"), then one per community, largest first.
pub fn rows(inputs: &Inputs) -> Vec<BenchmarkRow> {
    let year = Period {
        from: inputs
            .today
            .checked_sub_days(chrono::Days::new(364))
            .unwrap_or(inputs.today),
        to: inputs.today,
    };
    let cases = cohort(inputs.journeys, year);
    let mut out = vec![row_of(inputs, "All communities", None, &cases)];
    for group in breakdown(
        inputs.journeys,
        inputs.facts,
        &cases,
        crate::funnel::Dimension::Community,
    ) {
        out.push(row_of(inputs, &group.key, Some(&group.key), &group.cases));
    }
    // Communities with units but no case in the year still have their occupancy and moves.
    for line in &inputs.forecast.lines {
        if !out.iter().any(|r| r.key == line.community) {
            out.push(row_of(inputs, &line.community, Some(&line.community), &[]));
        }
    }
    out
}

fn share(part: usize, whole: usize) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}

fn row_of(inputs: &Inputs, key: &str, community: Option<&str>, cases: &[usize]) -> BenchmarkRow {
    let f = figures(inputs.journeys, cases);
    let reached = |s: Stage| f.reached[s.index()];
    let mut days: Vec<i64> = cases
        .iter()
        .filter_map(|&i| inputs.journeys[i].days_between(Stage::Inquiry, Stage::MoveIn))
        .collect();
    days.sort_unstable();
    let median = (!days.is_empty()).then(|| days[(days.len() - 1) / 2] as f64);
    let within = inputs.times.and_then(|times| {
        response_figures(inputs.journeys, cases, times, inputs.rules, inputs.zone).within_two_hours
    });
    let in_community = |name: &str| community.is_none_or(|c| c == name);
    let (mut units, mut occupied) = (0usize, 0usize);
    for line in inputs
        .forecast
        .lines
        .iter()
        .filter(|l| in_community(&l.community))
    {
        units += line.units;
        occupied += line.occupied_units.first().copied().unwrap_or(0) as usize;
    }
    let moves = |days: u64| {
        let within = |d: NaiveDate| crate::occupancy::moved_within(d, inputs.today, days);
        let moves = inputs.moves.iter().filter(|m| in_community(&m.community));
        let ins = moves.clone().filter(|m| within(m.move_in)).count();
        let outs = moves.filter(|m| m.move_out.is_some_and(within)).count();
        (outs > 0).then(|| ins as f64 / outs as f64)
    };
    let figures = vec![
        ("occupancy", share(occupied, units)),
        (
            "inquiry_to_tour",
            share(reached(Stage::Tour), reached(Stage::Inquiry)),
        ),
        (
            "tour_to_move_in",
            share(reached(Stage::MoveIn), reached(Stage::Tour)),
        ),
        (
            "inquiry_to_move_in",
            share(reached(Stage::MoveIn), reached(Stage::Inquiry)),
        ),
        ("days_to_move_in", median),
        ("first_contact_2h", within),
        ("move_ins_per_move_out_30", moves(30)),
        ("move_ins_per_move_out_90", moves(90)),
    ];
    BenchmarkRow {
        key: key.to_owned(),
        figures: figures
            .into_iter()
            .map(|(m, v)| (m.to_owned(), v))
            .collect(),
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn every_published_measure_says_why_it_has_no_figure() {
        for b in published() {
            let why = nothing_to_count(&b.measure);
            assert_ne!(why, "nothing to count", "{}", b.measure);
        }
        assert_eq!(
            nothing_to_count("move_ins_per_move_out_30"),
            "no move-out in the last 30 days to divide by"
        );
    }
    use super::*;

    #[test]
    fn the_shipped_figures_read_and_each_says_where_it_comes_from() {
        let list = published();
        assert_eq!(list.len(), 8);
        for b in list {
            assert!(!b.definition.is_empty() && !b.source.is_empty() && !b.date.is_empty());
            assert!(b.value > 0.0, "{}", b.measure);
        }
        let occupancy = list.iter().find(|b| b.measure == "occupancy").unwrap();
        assert_eq!(occupancy.value, 0.891);
        let mine = with_targets(&[("occupancy".into(), 0.93)]);
        let target = mine.iter().find(|b| b.measure == "occupancy").unwrap();
        assert_eq!(target.value, 0.93);
        assert_eq!(target.benchmark, "Your target (Settings)");
    }

    #[test]
    fn the_gap_knows_which_way_is_better() {
        let list = published();
        let tour = list
            .iter()
            .find(|b| b.measure == "tour_to_move_in")
            .unwrap();
        assert_eq!(gap(tour, 0.30), Gap::Meets);
        assert_eq!(gap(tour, 0.22), Gap::Near);
        assert_eq!(gap(tour, 0.10), Gap::Short);
        let days = list
            .iter()
            .find(|b| b.measure == "days_to_move_in")
            .unwrap();
        assert_eq!(gap(days, 40.0), Gap::Meets, "fewer days is better");
        assert_eq!(gap(days, 70.0), Gap::Near);
        assert_eq!(gap(days, 120.0), Gap::Short);
        assert_eq!(written("days_to_move_in", 66.0), "66 days");
        assert_eq!(written("occupancy", 0.891), "89.1%");
        assert_eq!(written("move_ins_per_move_out_30", 1.0714), "1.07");
    }

    #[test]
    fn a_communitys_figures_count_its_own_cases_units_and_moves() {
        let day = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").ok();
        let journey = |n: &str, dates: [Option<NaiveDate>; 4]| Journey {
            case_number: n.into(),
            individual_id: 1,
            name: n.into(),
            dates,
        };
        let journeys = vec![
            journey(
                "1",
                [
                    day("2026-06-01"),
                    day("2026-06-05"),
                    None,
                    day("2026-07-01"),
                ],
            ),
            journey("2", [day("2026-06-02"), day("2026-06-10"), None, None]),
            journey("3", [day("2026-06-03"), None, None, None]),
            journey("4", [day("2026-06-04"), None, None, None]),
        ];
        let facts: HashMap<String, CaseFacts> = ["1", "2", "3", "4"]
            .iter()
            .map(|n| {
                (
                    n.to_string(),
                    CaseFacts {
                        community: if *n == "4" { "Cedar" } else { "Maple" }.into(),
                        ..Default::default()
                    },
                )
            })
            .collect();
        let forecast = crate::census::forecast(&[], &[], day("2026-11-27").unwrap(), 1);
        let rules = LeadRules::default();
        let inputs = Inputs {
            journeys: &journeys,
            facts: &facts,
            times: None,
            rules: &rules,
            zone: chrono_tz::UTC,
            forecast: &forecast,
            moves: &[
                MoveDates {
                    community: "Maple".into(),
                    move_in: day("2026-11-20").unwrap(),
                    move_out: None,
                },
                MoveDates {
                    community: "Cedar".into(),
                    move_in: day("2026-01-20").unwrap(),
                    move_out: day("2026-11-01"),
                },
            ],
            today: day("2026-11-27").unwrap(),
        };
        let rows = rows(&inputs);
        assert_eq!(rows[0].key, "All communities");
        assert_eq!(rows[0].figure("inquiry_to_tour"), Some(0.5));
        assert_eq!(rows[0].figure("tour_to_move_in"), Some(0.5));
        assert_eq!(rows[0].figure("inquiry_to_move_in"), Some(0.25));
        assert_eq!(rows[0].figure("days_to_move_in"), Some(30.0));
        assert_eq!(rows[0].figure("occupancy"), None, "no units");
        assert_eq!(rows[0].figure("first_contact_2h"), None, "times not read");
        let maple = rows.iter().find(|r| r.key == "Maple").unwrap();
        assert_eq!(maple.figure("inquiry_to_tour"), Some(2.0 / 3.0));
        let cedar = rows.iter().find(|r| r.key == "Cedar").unwrap();
        assert_eq!(cedar.figure("inquiry_to_tour"), Some(0.0));
        assert_eq!(rows[0].figure("move_ins_per_move_out_30"), Some(1.0));
        assert_eq!(
            maple.figure("move_ins_per_move_out_30"),
            None,
            "no move-out"
        );
        assert_eq!(cedar.figure("move_ins_per_move_out_90"), Some(0.0));
    }
}
