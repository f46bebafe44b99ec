//! Occupancy from housing contracts: who lives in each unit now, which units have room, and the
//! per-community, per-care-group summary directors read. Everything is "as of" an instant, so
//! future move-ins and scheduled move-outs are counted on the right day.

use std::collections::HashMap;

mod summary;

pub use summary::{MonthMoves, OccupancyLine, OccupancySummary, summarize, write_summary_csv};

use chrono::{DateTime, NaiveDate, Utc};

use crate::api::model::{HousingContract, Unit};

/// A contract occupies its unit from its move-in until its move-out, while the lease is active.
pub fn is_current(contract: &HousingContract, now: DateTime<Utc>) -> bool {
    contract.active_lease
        && contract.move_in_date <= now
        && contract.move_out_date.is_none_or(|out| out > now)
}

/// Whether a move (in or out) on `day` falls in the last `days` days ending `today`: the one
/// definition of "move-ins (move-outs), last 30/90 days" that Inventory's summary and Sales'
/// "Beside the industry" both count by. A move dated today has happened (the person is counted
/// as moved in all day); one 90 days back is outside the last 90.
pub fn moved_within(day: NaiveDate, today: NaiveDate, days: u64) -> bool {
    let since = today
        .checked_sub_days(chrono::Days::new(days))
        .unwrap_or(today);
    since < day && day <= today
}

/// Signed but not yet moved in.
pub fn is_upcoming(contract: &HousingContract, now: DateTime<Utc>) -> bool {
    contract.active_lease && contract.move_in_date > now
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UnitState {
    Vacant,
    /// Someone lives there and there is room for more (capacity above 1).
    Partial,
    Full,
}

impl UnitState {
    pub fn label(self) -> &'static str {
        match self {
            UnitState::Vacant => "Vacant",
            UnitState::Partial => "Partly occupied",
            UnitState::Full => "Full",
        }
    }
}

/// Someone in a unit, now or soon.
#[derive(Debug, Clone, PartialEq)]
pub struct Occupant {
    pub contract_id: i64,
    pub individual_id: i64,
    pub name: String,
    pub case_number: String,
    pub since: NaiveDate,
}

impl Occupant {
    /// "Ruth Abernathy since Nov 20, 2026", as the board and a unit's detail list them.
    pub fn since_line(&self) -> String {
        format!("{} since {}", self.name, crate::format::day(self.since))
    }
}

/// One unit with the people living in it now and those about to move in.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitOccupancy {
    pub residents: Vec<Occupant>,
    pub upcoming: Vec<Occupant>,
    pub capacity: i64,
}

impl UnitOccupancy {
    pub fn state(&self) -> UnitState {
        let n = self.residents.len() as i64;
        if n == 0 {
            UnitState::Vacant
        } else if n < self.capacity {
            UnitState::Partial
        } else {
            UnitState::Full
        }
    }

    /// Beds free today (never negative, even if a unit is over capacity).
    pub fn free_beds(&self) -> i64 {
        (self.capacity - self.residents.len() as i64).max(0)
    }

    /// Beds free once the upcoming move-ins arrive: what a new move-in can still take.
    pub fn room(&self) -> i64 {
        (self.capacity - (self.residents.len() + self.upcoming.len()) as i64).max(0)
    }
}

fn occupant(c: &HousingContract) -> Occupant {
    Occupant {
        contract_id: c.id,
        individual_id: c.individual_id,
        name: c.individual_name.clone(),
        case_number: c.case_number.clone(),
        since: c.move_in_date.date_naive(),
    }
}

/// The occupancy of each unit, in the order of `units`.
pub fn unit_occupancy(
    units: &[Unit],
    contracts: &[HousingContract],
    now: DateTime<Utc>,
) -> Vec<UnitOccupancy> {
    let index: HashMap<i64, usize> = units.iter().enumerate().map(|(i, u)| (u.id, i)).collect();
    let mut out: Vec<UnitOccupancy> = units
        .iter()
        .map(|u| UnitOccupancy {
            residents: Vec::new(),
            upcoming: Vec::new(),
            capacity: u.capacity.max(1),
        })
        .collect();
    for c in contracts {
        let Some(&i) = index.get(&c.unit_id) else {
            continue;
        };
        if is_current(c, now) {
            out[i].residents.push(occupant(c));
        } else if is_upcoming(c, now) {
            out[i].upcoming.push(occupant(c));
        }
    }
    out
}

/// Units that can take `people` more residents, the emptiest first, then by community and number.
/// Full units are left out.
pub fn units_with_room(units: &[Unit], occupancy: &[UnitOccupancy], people: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..units.len())
        .filter(|&i| occupancy[i].room() >= people.max(1) as i64)
        .collect();
    order.sort_by(|&a, &b| {
        occupancy[b]
            .room()
            .cmp(&occupancy[a].room())
            .then_with(|| units[a].community_name.cmp(&units[b].community_name))
            .then_with(|| natural_number(&units[a].number).cmp(&natural_number(&units[b].number)))
    });
    order
}

/// Sort key for unit numbers, so "9" comes before "10" and "12B" after "12".
pub fn natural_number(number: &str) -> (u64, String) {
    let digits: String = number.chars().take_while(char::is_ascii_digit).collect();
    (
        digits.parse().unwrap_or(u64::MAX),
        number[digits.len()..].to_lowercase(),
    )
}

/// The unit list as CSV, in the given order, with who lives in each unit.
pub fn write_units_csv<W: std::io::Write>(
    units: &[Unit],
    occupancy: &[UnitOccupancy],
    order: &[usize],
    out: W,
) -> Result<(), csv::Error> {
    let mut w = crate::csv_export::SafeWriter::new(out);
    w.row([
        "Unit id",
        "Community",
        "Number",
        "Name",
        "Floor plan",
        "Care group",
        "Square feet",
        "Capacity",
        "Monthly rate",
        "State",
        "Residents",
        "Free beds",
    ])?;
    let opt = |v: Option<f64>| v.map(|v| v.to_string()).unwrap_or_default();
    for &i in order {
        let (u, o) = (&units[i], &occupancy[i]);
        let residents = o
            .residents
            .iter()
            .map(|r| format!("{} (since {})", r.name, r.since))
            .collect::<Vec<_>>()
            .join("; ");
        w.row([
            u.id.to_string().as_str(),
            &u.community_name,
            &u.number,
            &u.name,
            u.floor_plan.as_deref().unwrap_or(""),
            &u.care_group,
            &opt(u.square_feet),
            &u.capacity.to_string(),
            &opt(u.base_monthly),
            o.state().label(),
            &residents,
            &o.free_beds().to_string(),
        ])?;
    }
    w.flush()?;
    Ok(())
}

/// The inventory's occupancy filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vacancy {
    All,
    Vacant,
    WithRoom,
    Full,
}

impl Vacancy {
    pub const ALL: [Vacancy; 4] = [
        Vacancy::All,
        Vacancy::Vacant,
        Vacancy::WithRoom,
        Vacancy::Full,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Vacancy::All => "Any occupancy",
            Vacancy::Vacant => "Vacant",
            Vacancy::WithRoom => "Has a free bed",
            Vacancy::Full => "Full",
        }
    }

    /// Whether a unit in this state passes the occupancy filter.
    pub fn admits(self, o: &UnitOccupancy) -> bool {
        match self {
            Vacancy::All => true,
            Vacancy::Vacant => o.state() == UnitState::Vacant,
            Vacancy::WithRoom => o.free_beds() > 0,
            Vacancy::Full => o.state() == UnitState::Full,
        }
    }
}

/// Activity types the service logs with a housing contract made or ended (a move-in, a
/// move-out, a transfer, a deposit or a reservation): where one is new or changed, the units
/// and contracts may have changed too.
const HOUSING_ACTIVITY_TYPES: [&str; 6] = [
    "Move In",
    "Move Out",
    "Transfer",
    "Deposit",
    "Contract Signed",
    "Room Reserve",
];

/// Whether an activity of this type comes with a change of units or contracts.
pub fn moves_housing(activity_type: &str) -> bool {
    HOUSING_ACTIVITY_TYPES.contains(&activity_type.trim())
}

/// Units and contracts built for tests, here and in the layers above (feature `fixtures`).
#[cfg(any(test, feature = "fixtures"))]
pub mod fixtures {
    use super::*;
    use chrono::TimeZone;

    pub fn unit(id: i64, community: &str, group: &str, capacity: i64) -> Unit {
        Unit {
            id,
            number: id.to_string(),
            name: String::new(),
            community_id: 1,
            community_name: community.into(),
            care_group_id: 1,
            care_group: group.into(),
            floor_plan_id: None,
            floor_plan: None,
            square_feet: None,
            capacity,
            base_monthly: Some(3000.0),
            base_entrance: None,
        }
    }

    pub fn at(y: i32, m: u32, d: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, 12, 0, 0).unwrap()
    }

    pub fn contract(
        id: i64,
        unit: i64,
        move_in: DateTime<Utc>,
        move_out: Option<DateTime<Utc>>,
        active: bool,
    ) -> HousingContract {
        let t = |d: DateTime<Utc>| d.fixed_offset();
        HousingContract {
            id,
            date_created: t(move_in),
            date_updated: None,
            community_id: 1,
            community_name: "Maple".into(),
            name_unique: "maple".into(),
            move_in_date: t(move_in),
            move_out_date: move_out.map(t),
            unit_id: unit,
            unit_number: unit.to_string(),
            square_foot: 0.0,
            base_monthly: 3000.0,
            capacity: 1,
            floor_plan: String::new(),
            care_group: String::new(),
            unit_date_created: t(move_in),
            unit_date_updated: t(move_in),
            monthly_fee: Some(2500.0),
            is_repayable: false,
            case_number: format!("C{id}"),
            individual_id: 100 + id,
            individual_name: format!("Person {id}"),
            active_lease: active,
        }
    }

    pub const NOW: (i32, u32, u32) = (2026, 11, 21);

    pub fn now() -> DateTime<Utc> {
        at(NOW.0, NOW.1, NOW.2)
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::*;
    use super::*;

    #[test]
    fn a_move_today_has_happened_and_one_ninety_days_back_is_outside_the_ninety() {
        let day = |m, d| NaiveDate::from_ymd_opt(2026, m, d).unwrap();
        let today = day(11, 29);
        assert!(moved_within(today, today, 30));
        assert!(!moved_within(day(11, 30), today, 90), "tomorrow is ahead");
        assert!(moved_within(day(9, 1), today, 90), "89 days back");
        assert!(!moved_within(day(8, 31), today, 90), "90 days back");
        assert!(!moved_within(day(10, 30), today, 30));
        assert!(moved_within(day(10, 31), today, 30));
    }

    #[test]
    fn a_resident_is_listed_since_a_day_written_as_every_day_is() {
        let ruth = Occupant {
            contract_id: 1,
            individual_id: 2,
            name: "Ruth Abernathy".into(),
            case_number: "C-1".into(),
            since: NaiveDate::from_ymd_opt(2026, 7, 1).unwrap(),
        };
        assert_eq!(ruth.since_line(), "Ruth Abernathy since Jul 1, 2026");
    }

    #[test]
    fn a_shared_unit_is_partial_until_every_bed_is_taken() {
        let units = [unit(1, "Maple", "Assisted Living", 2)];
        let one = [contract(1, 1, at(2026, 1, 1), None, true)];
        let occ = unit_occupancy(&units, &one, now());
        assert_eq!(occ[0].state(), UnitState::Partial);
        assert_eq!(occ[0].free_beds(), 1);
        let two = [one[0].clone(), contract(2, 1, at(2026, 2, 1), None, true)];
        let occ = unit_occupancy(&units, &two, now());
        assert_eq!(occ[0].state(), UnitState::Full);
        assert_eq!(occ[0].residents.len(), 2);
        assert_eq!(occ[0].residents[1].since, at(2026, 2, 1).date_naive());
    }

    #[test]
    fn ended_and_scheduled_move_outs_free_the_unit_on_their_day() {
        let units = [unit(1, "Maple", "AL", 1), unit(2, "Maple", "AL", 1)];
        let contracts = [
            contract(1, 1, at(2025, 1, 1), Some(at(2026, 10, 1)), false),
            contract(2, 2, at(2025, 1, 1), Some(at(2026, 12, 1)), true),
        ];
        let occ = unit_occupancy(&units, &contracts, now());
        assert_eq!(occ[0].state(), UnitState::Vacant);
        assert_eq!(occ[1].state(), UnitState::Full);
        let later = unit_occupancy(&units, &contracts, at(2026, 12, 2));
        assert_eq!(later[1].state(), UnitState::Vacant);
    }

    #[test]
    fn a_future_move_in_is_upcoming_not_occupying_but_takes_the_room() {
        let units = [unit(1, "Maple", "AL", 1), unit(2, "Maple", "AL", 2)];
        let contracts = [contract(1, 1, at(2026, 12, 15), None, true)];
        let occ = unit_occupancy(&units, &contracts, now());
        assert_eq!(occ[0].state(), UnitState::Vacant);
        assert_eq!(occ[0].upcoming.len(), 1);
        assert_eq!(occ[0].room(), 0);
        // Unit 2 has two free beds, unit 1 is promised: only unit 2 can take someone.
        assert_eq!(units_with_room(&units, &occ, 1), vec![1]);
        assert_eq!(units_with_room(&units, &occ, 3), Vec::<usize>::new());
    }

    #[test]
    fn the_occupancy_filter_admits_by_free_beds() {
        let units = [
            unit(1, "Maple", "AL", 2),
            unit(2, "Maple", "AL", 2),
            unit(3, "Maple", "AL", 1),
        ];
        let contracts = [
            contract(1, 2, at(2025, 1, 1), None, true),
            contract(2, 3, at(2025, 1, 1), None, true),
        ];
        let occupancy = unit_occupancy(&units, &contracts, now());
        let admitted = |v: Vacancy| -> Vec<i64> {
            units
                .iter()
                .zip(&occupancy)
                .filter(|(_, o)| v.admits(o))
                .map(|(u, _)| u.id)
                .collect()
        };
        assert_eq!(admitted(Vacancy::All), vec![1, 2, 3]);
        assert_eq!(admitted(Vacancy::Vacant), vec![1]);
        assert_eq!(
            admitted(Vacancy::WithRoom),
            vec![1, 2],
            "a shared unit with a bed free"
        );
        assert_eq!(admitted(Vacancy::Full), vec![3]);
    }

    #[test]
    fn unit_numbers_sort_naturally() {
        let mut numbers = vec!["10", "9", "12B", "12", "A1"];
        numbers.sort_by_key(|n| natural_number(n));
        assert_eq!(numbers, ["9", "10", "12", "12B", "A1"]);
    }

    #[test]
    fn move_ins_move_outs_and_deposits_move_housing_tours_do_not() {
        for kind in [
            "Move In",
            "Move Out",
            "Transfer",
            "Deposit",
            " Room Reserve ",
        ] {
            assert!(moves_housing(kind), "{kind}");
        }
        for kind in ["Tour", "Inquiry", "Call Out", "", "move in"] {
            assert!(!moves_housing(kind), "{kind}");
        }
    }
}
