//! The census forecast: from housing contracts (signed move-ins, known move-outs) and units, how
//! many units and beds are occupied on each of the coming days, per community and care group;
//! who is on notice, who is about to move in, and what the vacant units cost.
//!
//! A contract occupies its unit from its move-in day until the day before its move-out day, while
//! its lease is active; a move-out and a move-in on the same day in the same unit do not overlap.

use std::collections::HashMap;

use chrono::NaiveDate;

use crate::api::model::{HousingContract, Unit};

/// One community and care group, day by day from the first day of the forecast.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ForecastLine {
    pub community: String,
    pub care_group: String,
    pub units: usize,
    pub beds: i64,
    pub occupied_units: Vec<u32>,
    pub occupied_beds: Vec<u32>,
}

impl ForecastLine {
    fn new(community: &str, care_group: &str, days: usize) -> Self {
        ForecastLine {
            community: community.to_owned(),
            care_group: care_group.to_owned(),
            units: 0,
            beds: 0,
            occupied_units: vec![0; days],
            occupied_beds: vec![0; days],
        }
    }

    /// Occupied beds `offset` days after the start (the last day past the end).
    pub fn beds_on(&self, offset: usize) -> u32 {
        self.occupied_beds
            .get(offset.min(self.occupied_beds.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0)
    }

    pub fn units_on(&self, offset: usize) -> u32 {
        self.occupied_units
            .get(offset.min(self.occupied_units.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0)
    }

    fn add(&mut self, other: &ForecastLine) {
        self.units += other.units;
        self.beds += other.beds;
        for (a, b) in self.occupied_units.iter_mut().zip(&other.occupied_units) {
            *a += b;
        }
        for (a, b) in self.occupied_beds.iter_mut().zip(&other.occupied_beds) {
            *a += b;
        }
    }
}

/// A known move (in or out) inside the forecast.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Move {
    /// Index into the contracts given.
    #[serde(skip)]
    pub contract: usize,
    pub date: NaiveDate,
    pub name: String,
    pub case_number: String,
    pub community: String,
    pub unit_number: String,
}

/// A unit nobody lives in on the first day, and what its vacancy has cost so far.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct VacantUnit {
    #[serde(skip)]
    pub unit: usize,
    pub community: String,
    pub unit_number: String,
    /// The last move-out, when one is known.
    pub since: Option<NaiveDate>,
    pub days_vacant: Option<i64>,
    /// Base monthly rent × days vacant / 30.
    pub loss: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Forecast {
    pub start: NaiveDate,
    pub days: usize,
    /// Per community and care group, sorted.
    pub lines: Vec<ForecastLine>,
    pub total: ForecastLine,
    /// Residents with a move-out date in the forecast, soonest first.
    pub on_notice: Vec<Move>,
    /// Signed contracts moving in during the forecast, soonest first.
    pub pending: Vec<Move>,
    /// Vacant units on the first day, the longest vacant first.
    pub vacant: Vec<VacantUnit>,
}

/// What the forecast needs of a unit (no person in it): the store keeps these as plain columns.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitFacts {
    pub id: i64,
    pub community_name: String,
    pub care_group: String,
    pub number: String,
    pub capacity: i64,
    pub base_monthly: Option<f64>,
}

impl From<&Unit> for UnitFacts {
    fn from(u: &Unit) -> Self {
        UnitFacts {
            id: u.id,
            community_name: u.community_name.clone(),
            care_group: u.care_group.clone(),
            number: u.number.clone(),
            capacity: u.capacity,
            base_monthly: u.base_monthly,
        }
    }
}

/// What the forecast needs of a contract to count it: its unit, its days, whether it is on.
/// Who lives there is asked only of the few that move during the forecast ([`Forecast::named`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StayFacts {
    pub unit_id: i64,
    pub move_in: NaiveDate,
    pub move_out: Option<NaiveDate>,
    pub active: bool,
}

impl From<&HousingContract> for StayFacts {
    fn from(c: &HousingContract) -> Self {
        StayFacts {
            unit_id: c.unit_id,
            move_in: c.move_in_date.date_naive(),
            move_out: c.move_out_date.map(|t| t.date_naive()),
            active: c.active_lease,
        }
    }
}

/// The forecast for `days` days from `start` (day 0 is `start`).
pub fn forecast(
    units: &[Unit],
    contracts: &[HousingContract],
    start: NaiveDate,
    days: usize,
) -> Forecast {
    let units: Vec<UnitFacts> = units.iter().map(UnitFacts::from).collect();
    let stays: Vec<StayFacts> = contracts.iter().map(StayFacts::from).collect();
    forecast_of(&units, &stays, start, days).named(|ci| {
        contracts
            .get(ci)
            .map(|c| (c.individual_name.clone(), c.case_number.clone()))
    })
}

/// [`forecast`] from the facts alone: the moves carry their index into `stays` but no name
/// yet; [`Forecast::named`] gives them theirs and puts them in order.
pub fn forecast_of(
    units: &[UnitFacts],
    stays: &[StayFacts],
    start: NaiveDate,
    days: usize,
) -> Forecast {
    let days = days.max(1);
    let unit_index: HashMap<i64, usize> =
        units.iter().enumerate().map(|(i, u)| (u.id, i)).collect();
    // Residents per unit per day, as running differences: +1 on the first day, −1 after the last.
    let mut per_unit: Vec<Vec<i32>> = vec![Vec::new(); units.len()];
    let mut last_out: Vec<Option<NaiveDate>> = vec![None; units.len()];
    let mut on_notice = Vec::new();
    let mut pending = Vec::new();
    let end = start
        .checked_add_days(chrono::Days::new(days as u64))
        .unwrap_or(NaiveDate::MAX);
    for (ci, c) in stays.iter().enumerate() {
        let Some(&ui) = unit_index.get(&c.unit_id) else {
            continue;
        };
        let move_in = c.move_in;
        let move_out = c.move_out;
        if let Some(out) = move_out
            && out <= start
        {
            last_out[ui] = Some(last_out[ui].map_or(out, |d| d.max(out)));
        }
        if !c.active {
            continue;
        }
        let moved = |date: NaiveDate| Move {
            contract: ci,
            date,
            name: String::new(),
            case_number: String::new(),
            community: units[ui].community_name.clone(),
            unit_number: units[ui].number.clone(),
        };
        // Signed and still ahead: a move-in dated today has happened (counted in the beds from
        // today, and among the week's moves in), not also pending.
        if move_in > start && move_in < end {
            pending.push(moved(move_in));
        }
        if let Some(out) = move_out
            && out >= start
            && out < end
            && move_in < out
        {
            on_notice.push(moved(out));
        }
        let from = offset(start, move_in, days);
        let to = move_out.map_or(days, |out| offset(start, out, days));
        if from < to {
            let diff = &mut per_unit[ui];
            if diff.is_empty() {
                diff.resize(days + 1, 0);
            }
            diff[from] += 1;
            diff[to] -= 1;
        }
    }
    let mut groups: HashMap<(&str, &str), ForecastLine> = HashMap::new();
    let mut vacant = Vec::new();
    for (ui, u) in units.iter().enumerate() {
        let line = groups
            .entry((u.community_name.as_str(), u.care_group.as_str()))
            .or_insert_with(|| ForecastLine::new(&u.community_name, &u.care_group, days));
        line.units += 1;
        line.beds += u.capacity.max(0);
        let mut residents = 0i32;
        let diff = &per_unit[ui];
        for d in 0..days {
            residents += diff.get(d).copied().unwrap_or(0);
            if residents > 0 {
                line.occupied_units[d] += 1;
                line.occupied_beds[d] += residents as u32;
            }
        }
        if diff.first().copied().unwrap_or(0) <= 0 {
            let since = last_out[ui];
            let days_vacant = since.map(|s| (start - s).num_days().max(0));
            vacant.push(VacantUnit {
                unit: ui,
                community: u.community_name.clone(),
                unit_number: u.number.clone(),
                since,
                days_vacant,
                loss: days_vacant
                    .zip(u.base_monthly)
                    .map(|(d, rent)| rent * d as f64 / 30.0),
            });
        }
    }
    let mut lines: Vec<ForecastLine> = groups.into_values().collect();
    lines.sort_by(|a, b| {
        (a.community.as_str(), a.care_group.as_str())
            .cmp(&(b.community.as_str(), b.care_group.as_str()))
    });
    let mut total = ForecastLine::new("All communities", "All care groups", days);
    for line in &lines {
        total.add(line);
    }
    vacant.sort_by_key(|v| std::cmp::Reverse(v.days_vacant));
    Forecast {
        start,
        days,
        lines,
        total,
        on_notice,
        pending,
        vacant,
    }
}

impl Forecast {
    /// Gives each move its resident's name and case number (`None`: left blank) from the index
    /// into the stays it was worked out from, and puts the moves in order, soonest first.
    pub fn named(mut self, mut name_of: impl FnMut(usize) -> Option<(String, String)>) -> Self {
        for m in self.on_notice.iter_mut().chain(self.pending.iter_mut()) {
            if let Some((name, case_number)) = name_of(m.contract) {
                m.name = name;
                m.case_number = case_number;
            }
        }
        self.on_notice
            .sort_by(|a, b| (a.date, &a.name).cmp(&(b.date, &b.name)));
        self.pending
            .sort_by(|a, b| (a.date, &a.name).cmp(&(b.date, &b.name)));
        self
    }
}

/// Days from `start` to `day`, clamped to `0..=days`.
fn offset(start: NaiveDate, day: NaiveDate, days: usize) -> usize {
    (day - start).num_days().clamp(0, days as i64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::occupancy::fixtures::{at, contract, unit};

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn a_move_out_and_a_move_in_on_the_same_day_in_one_unit_do_not_overlap() {
        let units = vec![unit(1, "Maple", "Assisted Living", 1)];
        let mut leaving = contract(1, 1, at(2024, 1, 1), Some(at(2026, 12, 1)), true);
        leaving.individual_name = "Leaving".into();
        let mut arriving = contract(2, 1, at(2026, 12, 1), None, true);
        arriving.individual_name = "Arriving".into();
        let f = forecast(&units, &[leaving, arriving], day(2026, 11, 21), 90);
        let line = &f.lines[0];
        assert!(
            line.occupied_beds.iter().all(|&b| b == 1),
            "never two, never none"
        );
        assert_eq!(f.on_notice.len(), 1);
        assert_eq!(f.on_notice[0].name, "Leaving");
        assert_eq!(f.pending[0].name, "Arriving");
        assert_eq!(f.pending[0].date, day(2026, 12, 1));
        assert!(f.vacant.is_empty());
    }

    #[test]
    fn a_move_in_dated_today_is_in_the_beds_not_pending() {
        let units = vec![
            unit(1, "Maple", "Assisted Living", 1),
            unit(2, "Maple", "Assisted Living", 1),
        ];
        let mut today = contract(1, 1, at(2026, 11, 21), None, true);
        today.individual_name = "Today".into();
        let mut tomorrow = contract(2, 2, at(2026, 11, 22), None, true);
        tomorrow.individual_name = "Tomorrow".into();
        let f = forecast(&units, &[today, tomorrow], day(2026, 11, 21), 30);
        let names: Vec<&str> = f.pending.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["Tomorrow"]);
        let beds_today: u32 = f.lines.iter().map(|l| l.occupied_beds[0]).sum();
        assert_eq!(beds_today, 1, "today's move-in holds its bed from today");
    }

    #[test]
    fn a_contract_with_no_move_out_stays_to_the_end() {
        let units = vec![unit(1, "Maple", "Memory Care", 1)];
        let f = forecast(
            &units,
            &[contract(1, 1, at(2026, 12, 11), None, true)],
            day(2026, 11, 21),
            90,
        );
        assert_eq!(f.lines[0].beds_on(0), 0);
        assert_eq!(f.lines[0].beds_on(19), 0);
        assert_eq!(f.lines[0].beds_on(20), 1, "from the move-in day");
        assert_eq!(f.lines[0].beds_on(89), 1);
        assert_eq!(
            f.lines[0].beds_on(500),
            1,
            "past the end reads the last day"
        );
    }

    #[test]
    fn a_unit_for_two_with_one_resident_is_occupied_with_a_bed_free() {
        let units = vec![unit(1, "Cedar", "Independent Living", 2)];
        let f = forecast(
            &units,
            &[contract(1, 1, at(2025, 3, 1), None, true)],
            day(2026, 11, 21),
            30,
        );
        let line = &f.lines[0];
        assert_eq!((line.units, line.beds), (1, 2));
        assert_eq!((line.units_on(0), line.beds_on(0)), (1, 1));
        assert_eq!(f.total.beds_on(29), 1);
    }

    #[test]
    fn vacant_units_count_days_since_the_last_move_out_and_what_it_cost() {
        let mut u = unit(1, "Maple", "Assisted Living", 1);
        u.base_monthly = Some(4500.0);
        let never = unit(2, "Maple", "Assisted Living", 1);
        let ended = contract(1, 1, at(2024, 1, 1), Some(at(2026, 10, 22)), true);
        let f = forecast(&[u, never], &[ended], day(2026, 11, 21), 90);
        assert_eq!(f.vacant.len(), 2);
        let first = &f.vacant[0];
        assert_eq!(first.unit_number, "1");
        assert_eq!(first.since, Some(day(2026, 10, 22)));
        assert_eq!(first.days_vacant, Some(30));
        assert_eq!(first.loss, Some(4500.0));
        assert_eq!(f.vacant[1].days_vacant, None, "never occupied: not known");
        assert!(f.on_notice.is_empty(), "a past move-out is not a notice");
    }

    #[test]
    fn an_empty_portal_gives_an_empty_forecast() {
        let f = forecast(&[], &[], day(2026, 11, 21), 90);
        assert!(f.lines.is_empty());
        assert_eq!(f.total.beds_on(45), 0);
        assert_eq!(f.total.units, 0);
    }

    #[test]
    fn ended_leases_and_unknown_units_are_left_out() {
        let units = vec![unit(1, "Maple", "Assisted Living", 1)];
        let cancelled = contract(1, 1, at(2025, 1, 1), None, false);
        let elsewhere = contract(2, 99, at(2025, 1, 1), None, true);
        let f = forecast(&units, &[cancelled, elsewhere], day(2026, 11, 21), 10);
        assert_eq!(f.total.beds_on(0), 0);
    }
}
