//! A made-up portal's past with known causes, for the score's tests and benchmark (the sandbox's
//! seed is what the app is tried on).

use chrono::{Days, NaiveDate};

use super::{LeadRecord, Touch};

struct Dice(u64);

impl Dice {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
    fn chance(&mut self, p: f64) -> bool {
        self.next() < p
    }
    fn days(&mut self, from: u64, to: u64) -> Days {
        Days::new(from + (self.next() * (to - from) as f64) as u64)
    }
}

/// Two years of leads up to `today` where tours and deposits lead to move-ins, and leads from
/// the hospital tour more often: what a portal's past looks like, with known causes. The same
/// for the same arguments.
pub fn history(cases: usize, today: NaiveDate) -> Vec<LeadRecord> {
    let mut dice = Dice(0x9e37_79b9_7f4a_7c15);
    (0..cases)
        .map(|i| {
            let inquired = today - dice.days(0, 730);
            let source = ["Web", "Hospital", "Agency", "Walk-in"][i % 4].to_owned();
            let mut touches = vec![(inquired, Touch::Inbound)];
            let mut moved_in = None;
            let tour_chance = if source == "Hospital" { 0.8 } else { 0.45 };
            if dice.chance(tour_chance) {
                let tour = inquired + dice.days(3, 20);
                touches.push((tour, Touch::Tour));
                if dice.chance(0.4) {
                    let deposit = tour + dice.days(3, 20);
                    touches.push((deposit, Touch::Deposit));
                    if dice.chance(0.85) {
                        moved_in = Some(deposit + dice.days(5, 40));
                    }
                } else if dice.chance(0.06) {
                    moved_in = Some(tour + dice.days(10, 80));
                }
            } else if dice.chance(0.01) {
                moved_in = Some(inquired + dice.days(10, 80));
            }
            let mut call = inquired + Days::new(2);
            while call < inquired + Days::new(60) && moved_in.is_none_or(|m| call < m) {
                touches.push((call, Touch::Outbound));
                call = call + dice.days(5, 12);
            }
            let lost = (moved_in.is_none() && dice.chance(0.7)).then(|| inquired + Days::new(120));
            let moved_in = moved_in.filter(|d| *d <= today);
            let lost = lost.filter(|d| *d <= today);
            LeadRecord {
                case_number: format!("C{i}"),
                inquired,
                moved_in,
                lost,
                active: moved_in.is_none() && lost.is_none(),
                source,
                community: ["Maple", "Oak"][i % 2].to_owned(),
                touches,
            }
        })
        .collect()
}
