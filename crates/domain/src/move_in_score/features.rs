//! What the score reads of a lead, as of a day: its history cut to dated touches, and the terms
//! worked out from it. Only what happened by that day counts, so a past day's terms are what
//! an agent could have known then.

use chrono::NaiveDate;

/// One dated thing that happened to a case, by what it says about the lead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Touch {
    /// A tour, home visit or assessment held.
    Tour,
    /// A deposit, contract signed or room reserve.
    Deposit,
    /// The lead or family reached us (an inquiry, call or email in, a walk-in, a referral).
    Inbound,
    /// We reached out (a call, email, letter, meeting) and it was done.
    Outbound,
    /// A planned step that was due and not done (still open, cancelled or a no-show).
    Missed,
}

/// What one activity tells the score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Told {
    Touch(Touch),
    MovedIn,
    Lost,
    Nothing,
}

/// What an activity of type `type_name` tells: `done` when completed (not cancelled, not a
/// no-show), `lost_record` when it records the lead as lost. The one place this is decided,
/// for the store's columns and the service's records alike.
pub fn told(done: bool, type_name: &str, lost_record: bool) -> Told {
    use crate::funnel::{Stage, stage_of};
    if lost_record {
        return if done { Told::Lost } else { Told::Nothing };
    }
    match (done, stage_of(type_name)) {
        (true, Some(Stage::MoveIn)) => Told::MovedIn,
        (true, Some(Stage::Tour)) => Told::Touch(Touch::Tour),
        (true, Some(Stage::Deposit)) => Told::Touch(Touch::Deposit),
        (true, _) if crate::lost_leads::is_inbound(type_name) => Told::Touch(Touch::Inbound),
        (true, _) if crate::speed_to_lead::is_outbound(type_name) => Told::Touch(Touch::Outbound),
        // A planned call or visit not done by its day.
        (false, _) if crate::speed_to_lead::is_outbound(type_name) => Told::Touch(Touch::Missed),
        _ => Told::Nothing,
    }
}

fn first(slot: &mut Option<NaiveDate>, day: NaiveDate) {
    *slot = Some(slot.map_or(day, |d| d.min(day)));
}

/// A case's history, cut to what the score reads.
#[derive(Debug, Clone, PartialEq)]
pub struct LeadRecord {
    pub case_number: String,
    /// The day the case was made (its inquiry).
    pub inquired: NaiveDate,
    /// The first move-in (a contract's, or a Move In activity's), if any.
    pub moved_in: Option<NaiveDate>,
    /// The day it was recorded as lost, if it was.
    pub lost: Option<NaiveDate>,
    /// Still a lead today (Prospect or Pre Lead); only these are scored.
    pub active: bool,
    pub source: String,
    pub community: String,
    /// Its touches, any order.
    pub touches: Vec<(NaiveDate, Touch)>,
}

impl LeadRecord {
    /// Adds what an activity on `day` told.
    pub fn add(&mut self, day: NaiveDate, told: Told) {
        match told {
            Told::Touch(touch) => self.touches.push((day, touch)),
            Told::MovedIn => first(&mut self.moved_in, day),
            Told::Lost => first(&mut self.lost, day),
            Told::Nothing => {}
        }
    }

    /// Adds a contract's move-in.
    pub fn add_move_in(&mut self, day: NaiveDate) {
        first(&mut self.moved_in, day);
    }

    /// A lead on `day`: inquired by then, neither moved in nor lost by then.
    pub fn was_lead_on(&self, day: NaiveDate) -> bool {
        self.inquired <= day
            && self.moved_in.is_none_or(|d| d > day)
            && self.lost.is_none_or(|d| d > day)
    }

    /// Moved in within `days` after `day`.
    pub fn moved_in_within(&self, day: NaiveDate, days: i64) -> bool {
        self.moved_in
            .is_some_and(|d| d > day && (d - day).num_days() <= days)
    }
}

/// The counts and ages a lead's terms come from, as of a day.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Counts {
    pub tours: u32,
    pub deposit: bool,
    pub inbound: u32,
    pub outbound: u32,
    pub missed: u32,
    pub days_since_inquiry: i64,
    /// Days since the last tour, deposit or contact either way; since the inquiry without one.
    pub days_since_touch: i64,
}

impl Counts {
    pub fn of(record: &LeadRecord, day: NaiveDate) -> Counts {
        let mut c = Counts {
            days_since_inquiry: (day - record.inquired).num_days().max(0),
            ..Counts::default()
        };
        let mut last = record.inquired;
        for &(on, touch) in &record.touches {
            if on > day {
                continue;
            }
            match touch {
                Touch::Tour => c.tours += 1,
                Touch::Deposit => c.deposit = true,
                Touch::Inbound => c.inbound += 1,
                Touch::Outbound => c.outbound += 1,
                Touch::Missed => {
                    c.missed += 1;
                    continue;
                }
            }
            last = last.max(on);
        }
        c.days_since_touch = (day - last).num_days().max(0);
        c
    }
}

/// The plain (not per-source, not per-community) terms: their names in the model, in order.
pub const PLAIN_TERMS: [&str; 8] = [
    "toured once",
    "toured twice or more",
    "deposit",
    "days since inquiry",
    "days since touch",
    "contacts in",
    "contacts out",
    "missed",
];

/// The plain terms' values. Days and counts are taken as `ln(1 + n)`: the first days and
/// contacts say more than the fortieth.
pub fn plain_values(c: &Counts) -> [f64; 8] {
    let ln = |n: f64| (1.0 + n).ln();
    [
        f64::from(u8::from(c.tours == 1)),
        f64::from(u8::from(c.tours >= 2)),
        f64::from(u8::from(c.deposit)),
        ln(c.days_since_inquiry as f64),
        ln(c.days_since_touch as f64),
        ln(f64::from(c.inbound)),
        ln(f64::from(c.outbound)),
        ln(f64::from(c.missed)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, d).unwrap()
    }

    #[test]
    fn only_what_happened_by_the_day_counts() {
        let record = LeadRecord {
            case_number: "C1".into(),
            inquired: day(1),
            moved_in: Some(day(20)),
            lost: None,
            active: false,
            source: String::new(),
            community: String::new(),
            touches: vec![
                (day(1), Touch::Inbound),
                (day(3), Touch::Outbound),
                (day(5), Touch::Tour),
                (day(6), Touch::Missed),
                (day(12), Touch::Deposit),
            ],
        };
        let c = Counts::of(&record, day(10));
        assert_eq!(
            (c.tours, c.deposit, c.inbound, c.outbound, c.missed),
            (1, false, 1, 1, 1)
        );
        assert_eq!(c.days_since_inquiry, 9);
        // A missed step is no touch: the last one was the tour on the 5th.
        assert_eq!(c.days_since_touch, 5);
        assert!(Counts::of(&record, day(12)).deposit);
        assert!(record.was_lead_on(day(19)) && !record.was_lead_on(day(20)));
        assert!(record.moved_in_within(day(10), 10) && !record.moved_in_within(day(10), 9));
        assert!(
            !record.moved_in_within(day(20), 90),
            "the day itself is not after it"
        );
    }
}
