//! The sales funnel: for each case, the first day it reached each stage (from its completed
//! activities and its housing contracts), and for a cohort of cases how many reached each stage,
//! the conversion between consecutive stages and the median days between them, overall or by
//! community, agent, market source or campaign.
//!
//! A cohort is the cases that entered the funnel (their earliest stage) in a period. A case that
//! skipped a stage counts as having passed it (a deposit without a logged tour still toured);
//! days between two stages are only taken from cases with both, in order.

use std::collections::HashMap;

use chrono::NaiveDate;

use crate::api::model::{Activity, HousingContract};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Stage {
    Inquiry,
    Tour,
    Deposit,
    MoveIn,
}

impl Stage {
    pub const ALL: [Stage; 4] = [Stage::Inquiry, Stage::Tour, Stage::Deposit, Stage::MoveIn];

    pub fn label(self) -> &'static str {
        match self {
            Stage::Inquiry => "Inquiry",
            Stage::Tour => "Tour",
            Stage::Deposit => "Deposit",
            Stage::MoveIn => "Move-in",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// Which activity types mark which stage: the one place this is decided.
pub const STAGE_OF_TYPE: [(&str, Stage); 12] = [
    ("Inquiry", Stage::Inquiry),
    ("Web Form", Stage::Inquiry),
    ("Walk-in", Stage::Inquiry),
    ("Referral", Stage::Inquiry),
    ("Call In", Stage::Inquiry),
    ("Tour", Stage::Tour),
    ("Home Visit", Stage::Tour),
    ("Assessment", Stage::Tour),
    ("Deposit", Stage::Deposit),
    ("Contract Signed", Stage::Deposit),
    ("Room Reserve", Stage::Deposit),
    ("Move In", Stage::MoveIn),
];

pub fn stage_of(activity_type: &str) -> Option<Stage> {
    STAGE_OF_TYPE
        .iter()
        .find(|(name, _)| *name == activity_type)
        .map(|(_, stage)| *stage)
}

/// The first day a case reached each stage (`None`: not reached, as far as the records say).
#[derive(Debug, Clone, PartialEq)]
pub struct Journey {
    pub case_number: String,
    /// The person the case's records name (the first one met), to list and open the case.
    pub individual_id: i64,
    pub name: String,
    pub dates: [Option<NaiveDate>; 4],
}

impl Journey {
    /// The furthest stage reached, whatever the order.
    pub fn furthest(&self) -> Option<Stage> {
        Stage::ALL
            .into_iter()
            .rev()
            .find(|s| self.dates[s.index()].is_some())
    }

    /// When the case entered the funnel: its earliest stage date.
    pub fn entered(&self) -> Option<NaiveDate> {
        self.dates.iter().flatten().min().copied()
    }

    /// Reached this stage or a later one.
    pub fn reached(&self, stage: Stage) -> bool {
        self.furthest().is_some_and(|f| f >= stage)
    }

    /// Days from one stage to the next, when both happened in that order.
    pub fn days_between(&self, from: Stage, to: Stage) -> Option<i64> {
        let (a, b) = (self.dates[from.index()]?, self.dates[to.index()]?);
        let days = (b - a).num_days();
        (days >= 0).then_some(days)
    }
}

/// Every case's journey up to `as_of` (inclusive), by case number. Only completed activities
/// count (a booked tour is not a tour yet); a contract counts as a move-in from its move-in day.
pub fn journeys<'a>(
    activities: &'a [Activity],
    contracts: &'a [HousingContract],
    as_of: NaiveDate,
) -> Vec<Journey> {
    let mut by_case: HashMap<&'a str, Journey, foldhash::fast::RandomState> = HashMap::default();
    let mut reach = |case: &'a str, id: i64, name: &str, stage: Stage, day: NaiveDate| {
        if day > as_of {
            return;
        }
        let journey = by_case.entry(case).or_insert_with(|| Journey {
            case_number: case.to_owned(),
            individual_id: id,
            name: name.to_owned(),
            dates: [None; 4],
        });
        let slot = &mut journey.dates[stage.index()];
        *slot = Some(slot.map_or(day, |d| d.min(day)));
    };
    for a in activities {
        if !a.completed || a.cancelled || a.no_show {
            continue;
        }
        let Some(stage) = a.activity_type.as_deref().and_then(stage_of) else {
            continue;
        };
        reach(
            &a.case_number,
            a.individual_id,
            &a.individual_full_name,
            stage,
            a.due_date.date_naive(),
        );
    }
    for c in contracts {
        reach(
            &c.case_number,
            c.individual_id,
            &c.individual_name,
            Stage::MoveIn,
            c.move_in_date.date_naive(),
        );
    }
    let mut list: Vec<Journey> = by_case.into_values().collect();
    list.sort_by(|a, b| a.case_number.cmp(&b.case_number));
    list
}

/// `found` (journeys worked out from activities alone, each case's in one piece) with the
/// move-ins of `contracts` added, as [`journeys`] over both would give them.
pub fn with_move_ins(
    found: Vec<Journey>,
    contracts: &[HousingContract],
    as_of: NaiveDate,
) -> Vec<Journey> {
    with_moved(found, journeys(&[], contracts, as_of))
}

/// `found` with the journeys `moved` (of contracts alone, perhaps a batch at a time, so a
/// case may come more than once) merged in: each case's earliest move-in kept.
pub fn with_moved(mut found: Vec<Journey>, moved: Vec<Journey>) -> Vec<Journey> {
    let mut at: HashMap<String, usize, foldhash::fast::RandomState> = found
        .iter()
        .enumerate()
        .map(|(i, j)| (j.case_number.clone(), i))
        .collect();
    let move_in = Stage::MoveIn.index();
    for moved in moved {
        match at.get(&moved.case_number) {
            Some(&i) => {
                let slot = &mut found[i].dates[move_in];
                *slot = match (*slot, moved.dates[move_in]) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
            }
            None => {
                at.insert(moved.case_number.clone(), found.len());
                found.push(moved);
            }
        }
    }
    found.sort_by(|a, b| a.case_number.cmp(&b.case_number));
    found
}

/// A closed range of days.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl Period {
    pub fn contains(&self, day: NaiveDate) -> bool {
        self.from <= day && day <= self.to
    }
}

/// The periods offered for a funnel; a custom one is typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PeriodChoice {
    Last30Days,
    #[default]
    Last90Days,
    ThisMonth,
    LastMonth,
    ThisQuarter,
    LastQuarter,
    Custom,
}

impl PeriodChoice {
    pub const ALL: [PeriodChoice; 7] = [
        PeriodChoice::Last30Days,
        PeriodChoice::Last90Days,
        PeriodChoice::ThisMonth,
        PeriodChoice::LastMonth,
        PeriodChoice::ThisQuarter,
        PeriodChoice::LastQuarter,
        PeriodChoice::Custom,
    ];

    pub fn label(self) -> &'static str {
        match self {
            PeriodChoice::Last30Days => "Last 30 days",
            PeriodChoice::Last90Days => "Last 90 days",
            PeriodChoice::ThisMonth => "This month",
            PeriodChoice::LastMonth => "Last month",
            PeriodChoice::ThisQuarter => "This quarter",
            PeriodChoice::LastQuarter => "Last quarter",
            PeriodChoice::Custom => "Custom",
        }
    }

    /// The period as of `today` (inclusive); `None` for a custom one.
    pub fn period(self, today: NaiveDate) -> Option<Period> {
        use chrono::{Datelike, Days, Months};
        let month_start = today.with_day(1)?;
        let quarter_start = NaiveDate::from_ymd_opt(today.year(), (today.month0() / 3) * 3 + 1, 1)?;
        let days_back = |n: u64| today.checked_sub_days(Days::new(n - 1));
        let (from, to) = match self {
            PeriodChoice::Last30Days => (days_back(30)?, today),
            PeriodChoice::Last90Days => (days_back(90)?, today),
            PeriodChoice::ThisMonth => (month_start, today),
            PeriodChoice::LastMonth => (
                month_start.checked_sub_months(Months::new(1))?,
                month_start.pred_opt()?,
            ),
            PeriodChoice::ThisQuarter => (quarter_start, today),
            PeriodChoice::LastQuarter => (
                quarter_start.checked_sub_months(Months::new(3))?,
                quarter_start.pred_opt()?,
            ),
            PeriodChoice::Custom => return None,
        };
        Some(Period { from, to })
    }
}

/// The cases (indices into `journeys`) that entered the funnel in `period`.
pub fn cohort(journeys: &[Journey], period: Period) -> Vec<usize> {
    (0..journeys.len())
        .filter(|&i| journeys[i].entered().is_some_and(|d| period.contains(d)))
        .collect()
}

/// A cohort's funnel.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct FunnelFigures {
    /// Cases that reached each stage (or a later one).
    pub reached: [usize; 4],
    /// Of those that reached a stage, the share that reached the next one.
    pub conversion: [Option<f64>; 3],
    /// Median days from a stage to the next, over cases with both in order.
    pub median_days: [Option<f64>; 3],
}

pub fn figures(journeys: &[Journey], cases: &[usize]) -> FunnelFigures {
    let mut f = FunnelFigures::default();
    let mut gaps: [Vec<i64>; 3] = Default::default();
    for &i in cases {
        let j = &journeys[i];
        let Some(furthest) = j.furthest() else {
            continue;
        };
        for s in Stage::ALL.into_iter().filter(|s| *s <= furthest) {
            f.reached[s.index()] += 1;
        }
        for (n, gap) in gaps.iter_mut().enumerate() {
            if let Some(days) = j.days_between(Stage::ALL[n], Stage::ALL[n + 1]) {
                gap.push(days);
            }
        }
    }
    for (n, gap) in gaps.iter_mut().enumerate() {
        f.conversion[n] = (f.reached[n] > 0).then(|| f.reached[n + 1] as f64 / f.reached[n] as f64);
        f.median_days[n] = median(gap);
    }
    f
}

fn median(values: &mut [i64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_unstable();
    let mid = values.len() / 2;
    Some(if values.len().is_multiple_of(2) {
        (values[mid - 1] + values[mid]) as f64 / 2.0
    } else {
        values[mid] as f64
    })
}

/// The cases of a cohort that reached a stage (or a later one).
pub fn reaching(journeys: &[Journey], cases: &[usize], stage: Stage) -> Vec<usize> {
    cases
        .iter()
        .copied()
        .filter(|&i| journeys[i].reached(stage))
        .collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dimension {
    Community,
    Agent,
    Source,
    Campaign,
}

impl Dimension {
    pub const ALL: [Dimension; 4] = [
        Dimension::Community,
        Dimension::Agent,
        Dimension::Source,
        Dimension::Campaign,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Dimension::Community => "Community",
            Dimension::Agent => "Agent",
            Dimension::Source => "Market source",
            Dimension::Campaign => "Campaign",
        }
    }
}

/// What a case is broken down by. A case may be in several campaigns (and counts in each).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CaseFacts {
    pub community: String,
    pub agent: String,
    pub source: String,
    pub campaigns: Vec<String>,
}

/// One row of a breakdown: its key, its cases and their funnel.
#[derive(Debug, Clone, PartialEq)]
pub struct BreakdownRow {
    pub key: String,
    pub cases: Vec<usize>,
    pub figures: FunnelFigures,
}

/// Words for a value the records do not give.
pub const NOT_KNOWN: &str = "Not known";
pub const NO_CAMPAIGN: &str = "No campaign";

/// The cohort split by a dimension, the largest rows first (then by name).
pub fn breakdown(
    journeys: &[Journey],
    facts: &HashMap<String, CaseFacts>,
    cases: &[usize],
    by: Dimension,
) -> Vec<BreakdownRow> {
    let mut groups: HashMap<&str, Vec<usize>> = HashMap::new();
    for &i in cases {
        let f = facts.get(&journeys[i].case_number);
        fn text(s: Option<&String>) -> &str {
            s.map(String::as_str)
                .filter(|s| !s.trim().is_empty())
                .unwrap_or(NOT_KNOWN)
        }
        match by {
            Dimension::Community => groups
                .entry(text(f.map(|f| &f.community)))
                .or_default()
                .push(i),
            Dimension::Agent => groups.entry(text(f.map(|f| &f.agent))).or_default().push(i),
            Dimension::Source => groups
                .entry(text(f.map(|f| &f.source)))
                .or_default()
                .push(i),
            Dimension::Campaign => {
                let campaigns = f.map(|f| f.campaigns.as_slice()).unwrap_or_default();
                if campaigns.is_empty() {
                    groups.entry(NO_CAMPAIGN).or_default().push(i);
                }
                for c in campaigns {
                    groups.entry(c.as_str()).or_default().push(i);
                }
            }
        }
    }
    let mut rows: Vec<BreakdownRow> = groups
        .into_iter()
        .map(|(key, cases)| BreakdownRow {
            key: key.to_owned(),
            figures: figures(journeys, &cases),
            cases,
        })
        .collect();
    rows.sort_by(|a, b| {
        b.cases
            .len()
            .cmp(&a.cases.len())
            .then_with(|| a.key.cmp(&b.key))
    });
    rows
}

/// The furthest stage of each case, by case number (the Search table's "Stage" column).
pub fn furthest_by_case(journeys: &[Journey]) -> HashMap<String, Stage> {
    journeys
        .iter()
        .filter_map(|j| Some((j.case_number.clone(), j.furthest()?)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    fn journey(case: &str, dates: [Option<&str>; 4]) -> Journey {
        Journey {
            case_number: case.into(),
            individual_id: 1,
            name: case.into(),
            dates: dates.map(|d| d.map(day)),
        }
    }

    fn activity(case: &str, kind: &str, due: &str, completed: bool) -> Activity {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/activities.json"
        ))
        .unwrap();
        let mut a: Activity = serde_json::from_str::<Vec<Activity>>(&text)
            .unwrap()
            .remove(0);
        a.case_number = case.into();
        a.activity_type = Some(kind.into());
        a.due_date =
            chrono::DateTime::parse_from_rfc3339(&format!("{due}T10:00:00-05:00")).unwrap();
        a.completed = completed;
        a.cancelled = false;
        a.no_show = false;
        a
    }

    #[test]
    fn every_mapped_type_has_its_stage_and_others_none() {
        assert_eq!(stage_of("Web Form"), Some(Stage::Inquiry));
        assert_eq!(stage_of("Home Visit"), Some(Stage::Tour));
        assert_eq!(stage_of("Room Reserve"), Some(Stage::Deposit));
        assert_eq!(stage_of("Move In"), Some(Stage::MoveIn));
        assert_eq!(stage_of("Call Out"), None);
        assert_eq!(
            stage_of("Email In"),
            None,
            "an email is not an inquiry stage"
        );
    }

    #[test]
    fn journeys_take_the_first_completed_day_of_each_stage_up_to_the_day() {
        let activities = vec![
            activity("1", "Inquiry", "2026-09-01", true),
            activity("1", "Web Form", "2026-08-20", true),
            activity("1", "Tour", "2026-09-10", false), // booked, not done
            activity("1", "Tour", "2026-09-12", true),
            activity("1", "Deposit", "2026-12-01", true), // after the day asked about
            activity("2", "Call Out", "2026-09-01", true), // no stage at all
        ];
        let list = journeys(&activities, &[], day("2026-11-21"));
        assert_eq!(
            list.len(),
            1,
            "a case with no stage activity has no journey"
        );
        assert_eq!(
            list[0].dates,
            [Some(day("2026-08-20")), Some(day("2026-09-12")), None, None]
        );
    }

    #[test]
    fn conversion_and_median_days_with_skipped_and_disordered_stages() {
        let list = vec![
            // The plain path.
            journey(
                "a",
                [
                    Some("2026-10-01"),
                    Some("2026-10-05"),
                    Some("2026-10-15"),
                    Some("2026-11-01"),
                ],
            ),
            // Skips the tour: still counts as toured, but gives no tour gaps.
            journey("b", [Some("2026-10-02"), None, Some("2026-10-20"), None]),
            // Deposit logged before the tour: out of order, no tour→deposit gap.
            journey(
                "c",
                [
                    Some("2026-10-03"),
                    Some("2026-10-25"),
                    Some("2026-10-21"),
                    None,
                ],
            ),
            // Only an inquiry.
            journey("d", [Some("2026-10-04"), None, None, None]),
        ];
        let all: Vec<usize> = (0..list.len()).collect();
        let f = figures(&list, &all);
        assert_eq!(f.reached, [4, 3, 3, 1]);
        assert_eq!(f.conversion[0], Some(0.75));
        assert_eq!(f.conversion[1], Some(1.0));
        assert!((f.conversion[2].unwrap() - 1.0 / 3.0).abs() < 1e-9);
        // Inquiry→tour: a 4 days, c 22 days.
        assert_eq!(f.median_days[0], Some(13.0));
        // Tour→deposit: only a (10 days); c is out of order.
        assert_eq!(f.median_days[1], Some(10.0));
        assert_eq!(f.median_days[2], Some(17.0));
    }

    #[test]
    fn a_cohort_with_no_cases_has_no_rates_and_no_division_by_zero() {
        let f = figures(&[], &[]);
        assert_eq!(f.reached, [0; 4]);
        assert_eq!(f.conversion, [None; 3]);
        assert_eq!(f.median_days, [None; 3]);
    }

    #[test]
    fn cohorts_are_cases_that_entered_in_the_period() {
        let list = vec![
            journey("a", [Some("2026-09-30"), Some("2026-10-02"), None, None]),
            journey("b", [Some("2026-10-01"), None, None, None]),
            journey("c", [None, None, None, Some("2026-10-31")]),
            journey("d", [Some("2026-11-01"), None, None, None]),
        ];
        let october = Period {
            from: day("2026-10-01"),
            to: day("2026-10-31"),
        };
        assert_eq!(cohort(&list, october), vec![1, 2]);
        assert_eq!(reaching(&list, &[1, 2], Stage::Tour), vec![2]);
    }

    #[test]
    fn breakdowns_group_by_the_facts_and_campaigns_overlap() {
        let list = vec![
            journey("a", [Some("2026-10-01"), None, None, None]),
            journey("b", [Some("2026-10-02"), Some("2026-10-03"), None, None]),
            journey("c", [Some("2026-10-03"), None, None, None]),
        ];
        let facts: HashMap<String, CaseFacts> = [
            ("a", "Maple", vec!["Fair"]),
            ("b", "Maple", vec!["Fair", "Open house"]),
            ("c", "Cedar", vec![]),
        ]
        .into_iter()
        .map(|(case, community, campaigns)| {
            (
                case.to_owned(),
                CaseFacts {
                    community: community.into(),
                    campaigns: campaigns.into_iter().map(String::from).collect(),
                    ..CaseFacts::default()
                },
            )
        })
        .collect();
        let all = [0, 1, 2];
        let by_community = breakdown(&list, &facts, &all, Dimension::Community);
        assert_eq!(by_community[0].key, "Maple");
        assert_eq!(by_community[0].figures.reached, [2, 1, 0, 0]);
        assert_eq!(by_community[1].key, "Cedar");
        let by_agent = breakdown(&list, &facts, &all, Dimension::Agent);
        assert_eq!(by_agent.len(), 1);
        assert_eq!(by_agent[0].key, NOT_KNOWN);
        let by_campaign = breakdown(&list, &facts, &all, Dimension::Campaign);
        let keys: Vec<&str> = by_campaign.iter().map(|r| r.key.as_str()).collect();
        assert_eq!(keys, ["Fair", NO_CAMPAIGN, "Open house"]);
    }

    #[test]
    fn a_contract_is_a_move_in() {
        let contract: HousingContract = serde_json::from_str::<Vec<HousingContract>>(
            &std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../tests/fixtures/housing_contracts.json"
            ))
            .unwrap(),
        )
        .unwrap()
        .remove(0);
        let moved = contract.move_in_date.date_naive();
        let list = journeys(&[], std::slice::from_ref(&contract), moved);
        assert_eq!(list[0].dates[Stage::MoveIn.index()], Some(moved));
        assert_eq!(list[0].furthest(), Some(Stage::MoveIn));
        let before = journeys(&[], &[contract], moved.pred_opt().unwrap());
        assert!(before.is_empty(), "not yet moved in on the day before");
    }

    #[test]
    fn periods_end_today_or_at_the_end_of_the_last_whole_month_or_quarter() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        let today = day(2026, 2, 14);
        let of = |c: PeriodChoice| c.period(today).map(|p| (p.from, p.to));
        assert_eq!(
            of(PeriodChoice::Last30Days),
            Some((day(2026, 1, 16), today))
        );
        assert_eq!(
            of(PeriodChoice::Last90Days),
            Some((day(2025, 11, 17), today))
        );
        assert_eq!(of(PeriodChoice::ThisMonth), Some((day(2026, 2, 1), today)));
        assert_eq!(
            of(PeriodChoice::LastMonth),
            Some((day(2026, 1, 1), day(2026, 1, 31)))
        );
        assert_eq!(
            of(PeriodChoice::ThisQuarter),
            Some((day(2026, 1, 1), today))
        );
        assert_eq!(
            of(PeriodChoice::LastQuarter),
            Some((day(2025, 10, 1), day(2025, 12, 31)))
        );
        assert_eq!(of(PeriodChoice::Custom), None);
    }
}
