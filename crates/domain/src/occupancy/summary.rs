//! The director's occupancy summary: units, beds, occupancy, revenue and recent moves per
//! community and care group, with community and portal totals, and its CSV.

use std::collections::HashMap;

use chrono::{DateTime, Datelike, NaiveDate, Utc};

use super::{is_current, moved_within};
use crate::api::model::{HousingContract, Unit};

/// One line of the occupancy summary: a community and care group, a community total, or the
/// portal total.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OccupancyLine {
    pub community: String,
    /// Empty on community and portal totals.
    pub care_group: String,
    pub units: i64,
    pub beds: i64,
    /// Units with at least one resident.
    pub occupied_units: i64,
    pub occupied_beds: i64,
    pub vacant_units: i64,
    /// Sum of the monthly fee (the unit's rate when the contract has none) of current contracts.
    pub monthly_revenue: f64,
    pub move_ins_30: i64,
    pub move_ins_90: i64,
    pub move_outs_30: i64,
    pub move_outs_90: i64,
}

impl OccupancyLine {
    pub fn unit_percent(&self) -> f64 {
        percent(self.occupied_units, self.units)
    }

    pub fn bed_percent(&self) -> f64 {
        percent(self.occupied_beds, self.beds)
    }

    fn add(&mut self, other: &OccupancyLine) {
        self.units += other.units;
        self.beds += other.beds;
        self.occupied_units += other.occupied_units;
        self.occupied_beds += other.occupied_beds;
        self.vacant_units += other.vacant_units;
        self.monthly_revenue += other.monthly_revenue;
        self.move_ins_30 += other.move_ins_30;
        self.move_ins_90 += other.move_ins_90;
        self.move_outs_30 += other.move_outs_30;
        self.move_outs_90 += other.move_outs_90;
    }
}

fn percent(part: i64, whole: i64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// Move-ins and move-outs in one calendar month.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MonthMoves {
    /// First day of the month.
    pub month: NaiveDate,
    pub move_ins: i64,
    pub move_outs: i64,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct OccupancySummary {
    /// One line per community and care group, sorted by community then care group.
    pub lines: Vec<OccupancyLine>,
    /// One line per community, sorted by name.
    pub communities: Vec<OccupancyLine>,
    pub total: OccupancyLine,
    /// The last twelve months, oldest first, ending with the month of "now".
    pub months: Vec<MonthMoves>,
}

/// Builds the summary. Capacity, rates and care groups come from `units`; contracts on units
/// that are not in `units` (another community filter, say) are ignored.
/// Recent moves are counted by their day up to `today` (the desk's zone), as
/// [`super::moved_within`] says.
pub fn summarize(
    units: &[Unit],
    contracts: &[HousingContract],
    now: DateTime<Utc>,
    today: NaiveDate,
) -> OccupancySummary {
    let index: HashMap<i64, usize> = units.iter().enumerate().map(|(i, u)| (u.id, i)).collect();
    let mut residents = vec![0i64; units.len()];
    let mut revenue = vec![0f64; units.len()];
    let mut moves = vec![[0i64; 4]; units.len()];
    let first_month = months_back(today, 11);
    let mut by_month: HashMap<NaiveDate, (i64, i64)> = HashMap::new();
    for c in contracts {
        let Some(&i) = index.get(&c.unit_id) else {
            continue;
        };
        if is_current(c, now) {
            residents[i] += 1;
            revenue[i] += c.monthly_fee.or(units[i].base_monthly).unwrap_or(0.0);
        }
        let move_in = c.move_in_date.date_naive();
        let moved_in = move_in <= today;
        moves[i][0] += i64::from(moved_within(move_in, today, 30));
        moves[i][1] += i64::from(moved_within(move_in, today, 90));
        let moved_out = c
            .move_out_date
            .map(|out| out.date_naive())
            .filter(|out| *out <= today);
        if let Some(out) = moved_out {
            moves[i][2] += i64::from(moved_within(out, today, 30));
            moves[i][3] += i64::from(moved_within(out, today, 90));
        }
        if moved_in {
            let month = month_of(move_in);
            if month >= first_month {
                by_month.entry(month).or_default().0 += 1;
            }
        }
        if let Some(out) = moved_out {
            let month = month_of(out);
            if month >= first_month {
                by_month.entry(month).or_default().1 += 1;
            }
        }
    }

    let mut groups: HashMap<(&str, &str), OccupancyLine> = HashMap::new();
    for (i, u) in units.iter().enumerate() {
        let line = groups
            .entry((u.community_name.as_str(), u.care_group.as_str()))
            .or_insert_with(|| OccupancyLine {
                community: u.community_name.clone(),
                care_group: u.care_group.clone(),
                ..OccupancyLine::default()
            });
        let capacity = u.capacity.max(1);
        line.units += 1;
        line.beds += capacity;
        if residents[i] > 0 {
            line.occupied_units += 1;
        } else {
            line.vacant_units += 1;
        }
        line.occupied_beds += residents[i].min(capacity);
        line.monthly_revenue += revenue[i];
        line.move_ins_30 += moves[i][0];
        line.move_ins_90 += moves[i][1];
        line.move_outs_30 += moves[i][2];
        line.move_outs_90 += moves[i][3];
    }
    let mut lines: Vec<OccupancyLine> = groups.into_values().collect();
    lines.sort_by(|a, b| {
        (a.community.as_str(), a.care_group.as_str())
            .cmp(&(b.community.as_str(), b.care_group.as_str()))
    });

    let mut communities: Vec<OccupancyLine> = Vec::new();
    let mut total = OccupancyLine {
        community: "All communities".into(),
        ..OccupancyLine::default()
    };
    for line in &lines {
        if communities
            .last()
            .is_none_or(|c| c.community != line.community)
        {
            communities.push(OccupancyLine {
                community: line.community.clone(),
                ..OccupancyLine::default()
            });
        }
        if let Some(c) = communities.last_mut() {
            c.add(line);
        }
        total.add(line);
    }

    let months = (0..12)
        .map(|k| {
            let month = months_back(today, 11 - k);
            let (move_ins, move_outs) = by_month.get(&month).copied().unwrap_or_default();
            MonthMoves {
                month,
                move_ins,
                move_outs,
            }
        })
        .collect();
    OccupancySummary {
        lines,
        communities,
        total,
        months,
    }
}

fn month_of(day: NaiveDate) -> NaiveDate {
    day.with_day(1).unwrap_or(day)
}

/// The first day of the month `back` months before `day`'s month.
fn months_back(day: NaiveDate, back: u32) -> NaiveDate {
    let index = day.year() * 12 + day.month0() as i32 - back as i32;
    NaiveDate::from_ymd_opt(index.div_euclid(12), index.rem_euclid(12) as u32 + 1, 1).unwrap_or(day)
}

/// The summary as CSV: one row per community and care group, then the community totals and
/// the portal total (care group "All").
pub fn write_summary_csv<W: std::io::Write>(
    summary: &OccupancySummary,
    out: W,
) -> Result<(), csv::Error> {
    let mut w = crate::csv_export::SafeWriter::new(out);
    w.row([
        "Community",
        "Care group",
        "Units",
        "Beds",
        "Occupied units",
        "Occupied beds",
        "Vacant units",
        "Occupancy % (units)",
        "Occupancy % (beds)",
        "Monthly revenue",
        "Move-ins 30 days",
        "Move-ins 90 days",
        "Move-outs 30 days",
        "Move-outs 90 days",
    ])?;
    let totals = summary.communities.iter().chain([&summary.total]);
    for line in summary.lines.iter().chain(totals) {
        let group = if line.care_group.is_empty() {
            "All"
        } else {
            &line.care_group
        };
        w.row([
            line.community.as_str(),
            group,
            &line.units.to_string(),
            &line.beds.to_string(),
            &line.occupied_units.to_string(),
            &line.occupied_beds.to_string(),
            &line.vacant_units.to_string(),
            &format!("{:.1}", line.unit_percent()),
            &format!("{:.1}", line.bed_percent()),
            &format!("{:.2}", line.monthly_revenue),
            &line.move_ins_30.to_string(),
            &line.move_ins_90.to_string(),
            &line.move_outs_30.to_string(),
            &line.move_outs_90.to_string(),
        ])?;
    }
    w.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::*;
    use super::super::unit_occupancy;
    use super::*;

    #[test]
    fn summary_counts_units_beds_revenue_and_moves_per_care_group() {
        let units = [
            unit(1, "Maple", "Assisted Living", 1),
            unit(2, "Maple", "Assisted Living", 2),
            unit(3, "Maple", "Memory Care", 1),
            unit(4, "Oak", "Assisted Living", 1),
        ];
        let mut no_fee = contract(4, 2, at(2026, 6, 1), None, true);
        no_fee.monthly_fee = None;
        let contracts = [
            contract(1, 1, at(2026, 11, 1), None, true), // in 30 days
            contract(2, 2, at(2026, 9, 1), None, true),  // in 90 days
            contract(3, 3, at(2025, 1, 1), Some(at(2026, 11, 10)), false), // out in 30
            no_fee,                                      // unit 2's second bed
            contract(5, 4, at(2027, 1, 1), None, true),  // future: not counted
        ];
        let s = summarize(&units, &contracts, now(), now().date_naive());
        assert_eq!(s.lines.len(), 3);
        let al = &s.lines[0];
        assert_eq!(
            (al.community.as_str(), al.care_group.as_str()),
            ("Maple", "Assisted Living")
        );
        assert_eq!(
            (al.units, al.beds, al.occupied_units, al.occupied_beds),
            (2, 3, 2, 3)
        );
        assert_eq!(al.monthly_revenue, 2500.0 + 2500.0 + 3000.0);
        assert_eq!((al.move_ins_30, al.move_ins_90), (1, 2));
        let mc = &s.lines[1];
        assert_eq!(
            (mc.vacant_units, mc.move_outs_30, mc.move_outs_90),
            (1, 1, 1)
        );
        assert_eq!(s.communities.len(), 2);
        assert_eq!(s.communities[0].units, 3);
        assert!((s.communities[0].unit_percent() - 66.666).abs() < 0.01);
        assert!((s.communities[0].bed_percent() - 75.0).abs() < 0.01);
        assert_eq!(s.communities[1].occupied_units, 0);
        assert_eq!(s.total.units, 4);
        assert_eq!(s.total.beds, 5);
        assert_eq!(s.total.occupied_beds, 3);
        assert_eq!(s.months.len(), 12);
        let november = s.months.last().unwrap();
        assert_eq!(
            november.month,
            NaiveDate::from_ymd_opt(2026, 11, 1).unwrap()
        );
        assert_eq!((november.move_ins, november.move_outs), (1, 1));
        assert_eq!(
            s.months[0].month,
            NaiveDate::from_ymd_opt(2025, 12, 1).unwrap()
        );
    }

    #[test]
    fn an_over_capacity_unit_counts_only_its_beds() {
        let units = [unit(1, "Maple", "AL", 1)];
        let contracts = [
            contract(1, 1, at(2026, 1, 1), None, true),
            contract(2, 1, at(2026, 1, 2), None, true),
        ];
        let s = summarize(&units, &contracts, now(), now().date_naive());
        assert_eq!(s.total.occupied_beds, 1);
        assert_eq!(unit_occupancy(&units, &contracts, now())[0].free_beds(), 0);
    }

    #[test]
    fn summary_csv_has_a_row_per_line_and_total() {
        let units = [unit(1, "Maple", "AL", 1), unit(2, "Oak", "AL", 1)];
        let contracts = [contract(1, 1, at(2026, 1, 1), None, true)];
        let s = summarize(&units, &contracts, now(), now().date_naive());
        let mut out = Vec::new();
        write_summary_csv(&s, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows.len(), 1 + 2 + 2 + 1);
        assert!(rows[1].starts_with("Maple,AL,1,1,1,1,0,100.0,100.0,2500.00"));
        assert!(rows[5].starts_with("All communities,All,2,2,1,1,1,50.0,50.0"));
    }
}
