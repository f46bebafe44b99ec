//! The weekly report's figures, worked out from what the service gives (units, contracts,
//! activities, cases, campaign members, admission checklists): occupancy now, the 90-day census
//! forecast, the sales funnel of the last 90 days by community and by agent, the week's move-ins
//! and move-outs, and the admissions queue. The PDF, JSON and CSV outputs all read this one
//! structure; `docs/report.md` names its fields.

use std::collections::HashMap;

use chrono::{DateTime, Days, NaiveDate, Utc};

use crate::admissions::{QueueEntry, queue};
use crate::api::model::{Activity, Community, HousingContract, SearchCase, Unit};
use crate::census::{Move, forecast};
use crate::checklist::Progress;
use crate::funnel::{
    self, CaseFacts, Dimension, FunnelFigures, Period, breakdown, cohort, journeys,
};

/// How reports name the demo portal of the embedded sandbox.
pub const SANDBOX_PORTAL: &str = "Demo portal (embedded sandbox)";
/// The embedded sandbox's second demo portal.
pub const SECOND_SANDBOX_PORTAL: &str = "Harbor Light demo portal (embedded sandbox)";

/// Days the forecast covers.
pub const FORECAST_DAYS: usize = 90;
/// Days back the funnel's cohort reaches (from the report's day).
pub const FUNNEL_DAYS: u64 = 90;
/// Days ahead the admissions queue looks.
pub const QUEUE_DAYS: i64 = 30;

/// Everything the report is made from.
#[derive(Debug, Clone, Copy)]
pub struct ReportInput<'a> {
    pub portal: &'a str,
    pub communities: &'a [Community],
    pub units: &'a [Unit],
    pub contracts: &'a [HousingContract],
    pub activities: &'a [Activity],
    pub cases: &'a [SearchCase],
    /// (campaign name, individual id) for every campaign member.
    pub members: &'a [(String, i64)],
    /// Checklist progress by contract id, for the queue.
    pub checklists: &'a HashMap<i64, Progress>,
    pub as_of: NaiveDate,
    /// One community, or all.
    pub community: Option<&'a Community>,
    pub generated: DateTime<Utc>,
    /// Records the service sent that could not be read, by what they are ("unit"): the report
    /// says so rather than leaving them out silently.
    pub unreadable: &'a [(String, usize)],
    /// What the app's Settings add: paid sources, the portal's own targets.
    pub settings: &'a ReportSettings,
}

/// What the report takes from the app's Settings (the command line reads the same file).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReportSettings {
    /// The desk's lead rules as Settings keep them: the office hours speed to lead and the team
    /// board count in (so the PDF's board says what Sales' board says), the sources paid for a
    /// move-in and their fees.
    pub lead_rules: crate::speed_to_lead::LeadRules,
    /// The portal's own targets in place of the published benchmarks, by measure.
    pub benchmark_targets: Vec<(String, f64)>,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct OccupancyRow {
    pub community: String,
    pub care_group: String,
    pub units: usize,
    pub occupied_units: u32,
    pub beds: i64,
    pub occupied_beds: u32,
}

impl OccupancyRow {
    /// "% units": units with at least one resident ÷ units (none without units).
    pub fn units_share(&self) -> Option<f64> {
        (self.units > 0).then(|| f64::from(self.occupied_units) / self.units as f64)
    }

    /// "% beds": beds in use ÷ beds (none without beds).
    pub fn beds_share(&self) -> Option<f64> {
        (self.beds > 0).then(|| f64::from(self.occupied_beds) / self.beds as f64)
    }
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ForecastRow {
    pub community: String,
    pub care_group: String,
    pub beds: i64,
    pub today: u32,
    pub day_30: u32,
    pub day_60: u32,
    pub day_90: u32,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct FunnelRow {
    pub key: String,
    #[serde(flatten)]
    pub figures: FunnelFigures,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct QueueRow {
    #[serde(flatten)]
    pub entry: QueueEntry,
    pub met: Option<usize>,
    pub total: Option<usize>,
    pub at_risk: bool,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct DateRange {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct WeeklyReport {
    pub portal: String,
    pub community: Option<String>,
    pub as_of: NaiveDate,
    pub generated_at: DateTime<Utc>,
    /// The portal's time zone (IANA name), as its activities carry it; the printed times are
    /// in it.
    pub zone: String,
    /// The week the moves are counted in (the seven days ending on `as_of`).
    pub week: DateRange,
    pub occupancy: Vec<OccupancyRow>,
    pub occupancy_total: OccupancyRow,
    pub forecast: Vec<ForecastRow>,
    pub forecast_total: ForecastRow,
    /// Occupied beds, all communities, for each of the 90 days (the chart).
    pub forecast_beds_by_day: Vec<u32>,
    pub on_notice: Vec<Move>,
    pub pending_move_ins: Vec<Move>,
    /// The cases that entered the funnel in these days.
    pub funnel_period: DateRange,
    pub funnel: FunnelFigures,
    pub funnel_by_community: Vec<FunnelRow>,
    pub funnel_by_agent: Vec<FunnelRow>,
    pub move_ins: Vec<Move>,
    pub move_outs: Vec<Move>,
    pub admissions: Vec<QueueRow>,
    /// Occupancy, all communities, on the day a week before `as_of`.
    pub occupancy_last_week: OccupancyRow,
    /// Vacant units on `as_of`, the longest vacant first, and what they have cost.
    pub vacant: Vec<crate::census::VacantUnit>,
    /// The sum of `vacant[].loss` (units never occupied have none and are not in it).
    pub vacancy_loss: f64,
    /// The team board over the week, per agent and per community (without their leads'
    /// names), with the desk's office hours and colours: what Sales' board shows for "Last 7
    /// days" on the report's last day.
    pub team_board_by_agent: Vec<crate::team_board::BoardRow>,
    pub team_board_by_community: Vec<crate::team_board::BoardRow>,
    /// The office hours waiting is said in ("1 business day" is one of these days).
    pub office_hours: crate::speed_to_lead::BusinessHours,
    /// The funnel period's cases by market source: inquiries to move-ins, and what a paid
    /// source's move-ins cost at its fee.
    pub sources: Vec<crate::source_returns::SourceReturn>,
    /// Leads closed as lost in the last three months, by reason and community, a month each
    /// (as Sales' Lost leads tab counts them).
    pub lost: crate::lost_leads::LostTable,
    /// The figures set beside the field's (`benchmarks`: the published figures, or the
    /// portal's own targets): the portal's row first, then each community's.
    pub benchmarks: Vec<crate::benchmarks::Benchmark>,
    pub benchmark_rows: Vec<crate::benchmarks::BenchmarkRow>,
    /// What is missing, so an empty report says why (in JSON, in English words: "No units…").
    pub notes: Vec<ReportNote>,
}

/// Something missing from a report, which its reader is told of. The domain's words for it
/// are English; a printed report says it in the reader's language.
#[derive(Debug, Clone, PartialEq)]
pub enum ReportNote {
    NoUnits,
    NoContracts,
    NoActivities,
    /// `count` records of a kind (`what`: "community", "unit", "housing contract",
    /// "activity") came from the service unreadable and were left out.
    Unreadable {
        what: String,
        count: usize,
    },
}

impl std::fmt::Display for ReportNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReportNote::NoUnits => f.write_str("No units: occupancy and the forecast are empty."),
            ReportNote::NoContracts => {
                f.write_str("No housing contracts: nobody lives here, nobody moves in or out.")
            }
            ReportNote::NoActivities => {
                f.write_str("No activities: the funnel has no inquiries, tours or deposits.")
            }
            ReportNote::Unreadable { what, count } => {
                let s = if *count == 1 { "" } else { "s" };
                write!(
                    f,
                    "{count} {what} record{s} sent by the service could not be read and {} left \
                     out of this report (the log says which).",
                    if *count == 1 { "is" } else { "are" }
                )
            }
        }
    }
}

impl serde::Serialize for ReportNote {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// The team board over the report's week, as of its last day's end (or now, if sooner), for the
/// report's community or all; the leads' names stay out of the report.
fn weekly_board(
    input: &ReportInput,
    week: &DateRange,
    zone: chrono_tz::Tz,
) -> crate::team_board::TeamBoard {
    use crate::team_board::{days_period, input_from, team_board};
    let Some((from, to)) = days_period(week.from, week.to, zone) else {
        return Default::default();
    };
    let now = to.min(input.generated);
    let cases: Vec<SearchCase> = input
        .cases
        .iter()
        .filter(|c| {
            input.community.is_none_or(|chosen| {
                c.primary
                    .communities
                    .first()
                    .is_some_and(|x| x.id == chosen.id)
            })
        })
        .cloned()
        .collect();
    let mut board = team_board(
        &input_from(&cases, input.activities),
        (from, to),
        now,
        &input.settings.lead_rules,
        zone,
    );
    for row in board
        .by_agent
        .iter_mut()
        .chain(board.by_community.iter_mut())
    {
        row.leads.clear();
    }
    board
}

pub fn weekly(input: &ReportInput) -> WeeklyReport {
    let community_id = input.community.map(|c| c.id);
    let in_community = |id: i64| community_id.is_none_or(|c| c == id);
    let units: Vec<Unit> = input
        .units
        .iter()
        .filter(|u| in_community(u.community_id))
        .cloned()
        .collect();
    let contracts: Vec<HousingContract> = input
        .contracts
        .iter()
        .filter(|c| in_community(c.community_id))
        .cloned()
        .collect();
    let activities: Vec<Activity> = input
        .activities
        .iter()
        .filter(|a| in_community(a.community.id))
        .cloned()
        .collect();
    let as_of = input.as_of;
    let census = forecast(&units, &contracts, as_of, FORECAST_DAYS + 1);
    let occupancy_row = |line: &crate::census::ForecastLine| OccupancyRow {
        community: line.community.clone(),
        care_group: line.care_group.clone(),
        units: line.units,
        occupied_units: line.units_on(0),
        beds: line.beds,
        occupied_beds: line.beds_on(0),
    };
    let forecast_row = |line: &crate::census::ForecastLine| ForecastRow {
        community: line.community.clone(),
        care_group: line.care_group.clone(),
        beds: line.beds,
        today: line.beds_on(0),
        day_30: line.beds_on(30),
        day_60: line.beds_on(60),
        day_90: line.beds_on(90),
    };
    let week = DateRange {
        from: as_of.checked_sub_days(Days::new(6)).unwrap_or(as_of),
        to: as_of,
    };
    let in_week = |d: NaiveDate| week.from <= d && d <= week.to;
    let (move_ins, move_outs) = week_moves(&units, &contracts, &in_week);

    let period = Period {
        from: as_of
            .checked_sub_days(Days::new(FUNNEL_DAYS - 1))
            .unwrap_or(as_of),
        to: as_of,
    };
    let list = journeys(&activities, &contracts, as_of);
    let cohort = cohort(&list, period);
    let facts = case_facts(input.cases, input.members, &activities);
    let rows = |by: Dimension| -> Vec<FunnelRow> {
        breakdown(&list, &facts, &cohort, by)
            .into_iter()
            .map(|r| FunnelRow {
                key: r.key,
                figures: r.figures,
            })
            .collect()
    };
    let admissions = queue(&contracts, as_of, QUEUE_DAYS, community_id)
        .into_iter()
        .filter(|e| e.is_upcoming(as_of))
        .map(|entry| {
            let progress = input.checklists.get(&entry.contract_id).copied();
            QueueRow {
                at_risk: entry.at_risk(progress, as_of),
                met: progress.map(|p| p.met),
                total: progress.map(|p| p.total),
                entry,
            }
        })
        .collect();
    let mut notes = Vec::new();
    if units.is_empty() {
        notes.push(ReportNote::NoUnits);
    }
    if contracts.is_empty() {
        notes.push(ReportNote::NoContracts);
    }
    if activities.is_empty() {
        notes.push(ReportNote::NoActivities);
    }
    for (what, n) in input.unreadable.iter().filter(|(_, n)| *n > 0) {
        notes.push(ReportNote::Unreadable {
            what: what.clone(),
            count: *n,
        });
    }
    let last_week = as_of.checked_sub_days(Days::new(7)).unwrap_or(as_of);
    let before = forecast(&units, &contracts, last_week, 1);
    let vacancy_loss: f64 = census.vacant.iter().filter_map(|v| v.loss).sum();
    let zone = input
        .activities
        .first()
        .map_or(chrono_tz::UTC, super::calendar::zone_of);
    let board = weekly_board(input, &week, zone);
    let benchmark_rows = {
        use crate::response_times::{first_contacts, times_of};
        let first = first_contacts(&activities, input.generated);
        let times: HashMap<String, crate::response_times::ContactTimes> = input
            .cases
            .iter()
            .map(|c| (c.primary.case_number.clone(), times_of(c, &first)))
            .collect();
        crate::benchmarks::rows(&crate::benchmarks::Inputs {
            journeys: &list,
            facts: &facts,
            times: Some(&times),
            rules: &input.settings.lead_rules,
            zone,
            forecast: &census,
            moves: &crate::benchmarks::moves_of(&contracts),
            today: as_of,
        })
    };
    WeeklyReport {
        portal: input.portal.to_owned(),
        community: input.community.map(|c| c.name.clone()),
        as_of,
        generated_at: input.generated,
        zone: zone.name().to_owned(),
        week,
        occupancy: census.lines.iter().map(occupancy_row).collect(),
        occupancy_total: occupancy_row(&census.total),
        forecast: census.lines.iter().map(forecast_row).collect(),
        forecast_total: forecast_row(&census.total),
        forecast_beds_by_day: census.total.occupied_beds.clone(),
        on_notice: census.on_notice.clone(),
        pending_move_ins: census.pending.clone(),
        funnel_period: DateRange {
            from: period.from,
            to: period.to,
        },
        funnel: funnel::figures(&list, &cohort),
        funnel_by_community: rows(Dimension::Community),
        funnel_by_agent: rows(Dimension::Agent),
        team_board_by_agent: board.by_agent,
        team_board_by_community: board.by_community,
        office_hours: input.settings.lead_rules.hours,
        sources: crate::source_returns::source_returns(
            &list,
            &facts,
            &cohort,
            &crate::source_returns::first_months(&contracts),
            &input.settings.lead_rules.paid_sources,
        ),
        move_ins,
        move_outs,
        admissions,
        occupancy_last_week: occupancy_row(&before.total),
        vacant: census.vacant.clone(),
        vacancy_loss,
        lost: lost_months(input),
        benchmarks: crate::benchmarks::with_targets(&input.settings.benchmark_targets),
        benchmark_rows,
        notes,
    }
}

/// The last three months' lost leads of the report's community (or all), by reason.
fn lost_months(input: &ReportInput) -> crate::lost_leads::LostTable {
    use crate::lost_leads::{LostBy, LostWhat, lost_table, records_of};
    let mut records = records_of(input.activities, input.cases);
    if let Some(chosen) = input.community {
        records.retain(|r| r.community == chosen.name);
    }
    let from = input
        .as_of
        .checked_sub_months(chrono::Months::new(2))
        .and_then(|d| chrono::Datelike::with_day(&d, 1))
        .unwrap_or(input.as_of);
    lost_table(
        &records,
        (from, input.as_of),
        LostWhat::Reason,
        LostBy::Community,
    )
}

/// Move-ins and move-outs whose day falls in the week (any lease state: a move that happened).
fn week_moves(
    units: &[Unit],
    contracts: &[HousingContract],
    in_week: &dyn Fn(NaiveDate) -> bool,
) -> (Vec<Move>, Vec<Move>) {
    let unit_of: HashMap<i64, &Unit> = units.iter().map(|u| (u.id, u)).collect();
    let mut ins = Vec::new();
    let mut outs = Vec::new();
    for (i, c) in contracts.iter().enumerate() {
        let Some(unit) = unit_of.get(&c.unit_id) else {
            continue;
        };
        let moved = |date| Move {
            contract: i,
            date,
            name: c.individual_name.clone(),
            case_number: c.case_number.clone(),
            community: unit.community_name.clone(),
            unit_number: unit.number.clone(),
        };
        let move_in = c.move_in_date.date_naive();
        if c.active_lease && in_week(move_in) {
            ins.push(moved(move_in));
        }
        if let Some(out) = c.move_out_date.map(|t| t.date_naive())
            && in_week(out)
        {
            outs.push(moved(out));
        }
    }
    ins.sort_by(|a, b| (a.date, &a.name).cmp(&(b.date, &b.name)));
    outs.sort_by(|a, b| (a.date, &a.name).cmp(&(b.date, &b.name)));
    (ins, outs)
}

/// What each case is broken down by: its primary's first community and assigned agent (from
/// Search), its market source (Search, or else its earliest activity with one), and the
/// campaigns any of its people are in.
pub fn case_facts(
    cases: &[SearchCase],
    members: &[(String, i64)],
    activities: &[Activity],
) -> HashMap<String, CaseFacts> {
    let of = CaseFactsOf::new(members, activities);
    cases.iter().map(|case| of.case(case)).collect()
}

/// [`case_facts`] one case at a time, so a portal's cases can be streamed past it.
pub struct CaseFactsOf<'a> {
    campaigns_of: HashMap<i64, Vec<&'a str>>,
    /// Each case's earliest activity with a market source: when, and the source.
    source_of: HashMap<String, (chrono::DateTime<chrono::FixedOffset>, String)>,
}

impl<'a> CaseFactsOf<'a> {
    pub fn new(members: &'a [(String, i64)], activities: &[Activity]) -> Self {
        let mut campaigns_of: HashMap<i64, Vec<&str>> = HashMap::new();
        for (campaign, individual) in members {
            campaigns_of.entry(*individual).or_default().push(campaign);
        }
        let mut of = CaseFactsOf {
            campaigns_of,
            source_of: HashMap::new(),
        };
        of.add_sources(activities);
        of
    }

    /// Takes in the market sources of more activities (a portal's, a batch at a time).
    pub fn add_sources(&mut self, activities: &[Activity]) {
        for a in activities {
            let Some(source) = a.market_source.as_deref().filter(|s| !s.is_empty()) else {
                continue;
            };
            match self.source_of.get_mut(a.case_number.as_str()) {
                Some(entry) if a.due_date < entry.0 => *entry = (a.due_date, source.to_owned()),
                Some(_) => {}
                None => {
                    self.source_of
                        .insert(a.case_number.clone(), (a.due_date, source.to_owned()));
                }
            }
        }
    }

    /// The case's number and its facts.
    pub fn case(&self, case: &SearchCase) -> (String, CaseFacts) {
        let p = &case.primary;
        let mut campaigns: Vec<String> = std::iter::once(p)
            .chain(&case.relationships)
            .flat_map(|i| {
                self.campaigns_of
                    .get(&i.individual_id)
                    .into_iter()
                    .flatten()
            })
            .map(|c| (*c).to_owned())
            .collect();
        campaigns.sort();
        campaigns.dedup();
        let source = p
            .market_source
            .clone()
            .filter(|s| !s.is_empty())
            .or_else(|| {
                self.source_of
                    .get(p.case_number.as_str())
                    .map(|(_, s)| s.clone())
            })
            .unwrap_or_default();
        (
            p.case_number.clone(),
            CaseFacts {
                community: p
                    .communities
                    .first()
                    .map(|c| c.name.clone())
                    .unwrap_or_default(),
                agent: p.assigned_user.clone(),
                source,
                campaigns,
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::occupancy::fixtures::{at, contract, unit};

    static NO_SETTINGS: std::sync::LazyLock<ReportSettings> =
        std::sync::LazyLock::new(|| ReportSettings {
            lead_rules: crate::speed_to_lead::LeadRules {
                paid_sources: Vec::new(),
                ..Default::default()
            },
            benchmark_targets: Vec::new(),
        });

    fn input<'a>(
        units: &'a [Unit],
        contracts: &'a [HousingContract],
        checklists: &'a HashMap<i64, Progress>,
    ) -> ReportInput<'a> {
        ReportInput {
            portal: "Demo",
            communities: &[],
            units,
            contracts,
            activities: &[],
            cases: &[],
            members: &[],
            checklists,
            as_of: NaiveDate::from_ymd_opt(2026, 11, 21).unwrap(),
            unreadable: &[],
            settings: &NO_SETTINGS,
            community: None,
            generated: at(2026, 11, 21),
        }
    }

    #[test]
    fn an_empty_portal_gives_an_empty_report_that_says_so() {
        let none = HashMap::new();
        let r = weekly(&input(&[], &[], &none));
        assert!(r.occupancy.is_empty());
        assert_eq!(r.occupancy_total.beds, 0);
        assert_eq!(r.funnel.reached, [0; 4]);
        assert_eq!(r.funnel.conversion, [None; 3]);
        assert_eq!(r.notes.len(), 3, "{:?}", r.notes);
        assert_eq!(r.forecast_beds_by_day.len(), FORECAST_DAYS + 1);
    }

    #[test]
    fn the_week_moves_the_forecast_and_the_queue_agree_with_the_contracts() {
        let units = vec![
            unit(1, "Maple", "Assisted Living", 1),
            unit(2, "Maple", "Assisted Living", 2),
        ];
        let contracts = vec![
            contract(1, 1, at(2024, 1, 1), Some(at(2026, 11, 18)), true), // out this week
            contract(2, 2, at(2026, 11, 19), None, true),                 // in this week
            contract(3, 1, at(2026, 12, 5), None, true),                  // pending
        ];
        let mut checklists = HashMap::new();
        checklists.insert(3, Progress { met: 2, total: 8 });
        let r = weekly(&input(&units, &contracts, &checklists));
        assert_eq!(r.move_outs.len(), 1);
        assert_eq!(r.move_ins.len(), 1);
        assert_eq!(r.occupancy_total.occupied_beds, 1);
        assert_eq!(r.forecast_total.today, 1);
        assert_eq!(r.forecast_total.day_30, 2, "the December move-in");
        assert_eq!(r.pending_move_ins.len(), 1);
        assert_eq!(r.admissions.len(), 1);
        assert_eq!(
            (r.admissions[0].met, r.admissions[0].total),
            (Some(2), Some(8))
        );
        assert!(!r.admissions[0].at_risk, "two weeks away");
        // A week ago unit 1's resident was still there and unit 2 not yet taken.
        assert_eq!(r.occupancy_last_week.occupied_beds, 1);
        // Unit 1 is vacant since the 18th: it has a loss; it is the only vacant unit.
        assert_eq!(r.vacant.len(), 1);
        assert_eq!(r.vacant[0].since, NaiveDate::from_ymd_opt(2026, 11, 18));
        let loss = r.vacant[0].loss.unwrap_or_default();
        assert!(loss > 0.0);
        assert_eq!(r.vacancy_loss, loss);
    }

    #[test]
    fn records_that_could_not_be_read_are_counted_in_the_notes() {
        let none = HashMap::new();
        let unreadable = [
            ("unit".to_owned(), 1),
            ("activity".to_owned(), 3),
            ("housing contract".to_owned(), 0),
        ];
        let r = weekly(&ReportInput {
            unreadable: &unreadable,
            ..input(&[], &[], &none)
        });
        let notes: Vec<String> = r.notes.iter().map(ToString::to_string).collect();
        assert!(notes.iter().any(|n| {
            n.starts_with("1 unit record sent by the service could not be read and is left out")
        }));
        assert!(
            notes
                .iter()
                .any(|n| n.starts_with("3 activity records") && n.contains("are left out"))
        );
        assert!(
            !notes.iter().any(|n| n.contains("housing contract record")),
            "none unread, none said"
        );
    }
}
