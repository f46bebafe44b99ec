//! The demo portal's phone system: two weeks of calls to and from its people, as a call export
//! in LeaseDesk's own columns, for trying an import. Answered and missed calls, some returned
//! and some never, numbers that match no one, some out of hours; the same file for the same
//! numbers, day and seed.

use chrono::{DateTime, Datelike, Duration, TimeZone, Timelike, Utc, Weekday};
use chrono_tz::Tz;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The community's own line, the other end of every call.
pub const OFFICE_LINE: &str = "(614) 555-0100";

/// A call export of about `calls` calls over the two weeks before `now`, between the office
/// and `numbers` (the people's phones as the portal writes them), in `zone`'s hours.
pub fn export(numbers: &[String], now: DateTime<Utc>, zone: Tz, calls: usize, seed: u64) -> String {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut rows: Vec<(DateTime<Utc>, [String; 6])> = Vec::new();
    let mut row = |at: DateTime<Utc>, inbound: bool, number: &str, seconds: u32, answered: bool| {
        let (caller, callee) = if inbound {
            (number, OFFICE_LINE)
        } else {
            (OFFICE_LINE, number)
        };
        rows.push((
            at,
            [
                caller.to_owned(),
                callee.to_owned(),
                at.with_timezone(&zone).to_rfc3339(),
                seconds.to_string(),
                if inbound { "in" } else { "out" }.to_owned(),
                if answered { "yes" } else { "no" }.to_owned(),
            ],
        ));
    };
    for _ in 0..calls {
        let number = &numbers[rng.random_range(0..numbers.len())];
        let roll: u32 = rng.random_range(0..100);
        let off_hours = rng.random_range(0..100) < 20;
        let at = moment(&mut rng, now, zone, off_hours);
        match roll {
            // A call out: reached, or (46% of them) voicemail.
            0..45 => {
                let reached = rng.random_range(0..100) >= 46;
                let seconds = if reached {
                    rng.random_range(60..900)
                } else {
                    rng.random_range(15..45)
                };
                row(at, false, number, seconds, reached);
            }
            // A call in, answered.
            45..80 => row(at, true, number, rng.random_range(45..1200), true),
            // A call in nobody picked up: half returned within a day, half never.
            80..92 => {
                row(at, true, number, 0, false);
                if rng.random_bool(0.5) {
                    let back = at + Duration::minutes(rng.random_range(20..1440));
                    if back < now {
                        row(back, false, number, rng.random_range(60..600), true);
                    }
                }
            }
            // A number no one at the portal has.
            _ => {
                let stranger = format!("(614) 555-{:04}", rng.random_range(7000..7999));
                row(
                    at,
                    true,
                    &stranger,
                    rng.random_range(0..300),
                    rng.random_bool(0.6),
                );
            }
        }
    }
    rows.sort_by_key(|(at, _)| *at);
    // Through the one writer every export uses: a phone such as `=1+6145550100` is no formula.
    let mut out = crate::csv_export::SafeWriter::new(Vec::new());
    let header = [
        "caller",
        "callee",
        "start",
        "duration",
        "direction",
        "answered",
    ];
    let written = std::iter::once(header.map(str::to_owned))
        .chain(rows.into_iter().map(|(_, cells)| cells))
        .try_for_each(|cells| out.row(cells));
    match (written, out.into_inner()) {
        (Ok(()), Some(bytes)) => String::from_utf8(bytes).unwrap_or_default(),
        _ => String::new(),
    }
}

/// A moment in the two weeks before `now`: in office hours (weekdays 8 to 6), or out of them.
fn moment(rng: &mut StdRng, now: DateTime<Utc>, zone: Tz, off_hours: bool) -> DateTime<Utc> {
    for _ in 0..50 {
        let back = Duration::minutes(rng.random_range(30..14 * 24 * 60));
        let at = (now - back).with_timezone(&zone);
        let weekend = matches!(at.weekday(), Weekday::Sat | Weekday::Sun);
        let office = !weekend && (8..18).contains(&at.hour());
        if office != off_hours {
            return zone
                .from_local_datetime(
                    &at.naive_local()
                        .with_second(0)
                        .and_then(|t| t.with_nanosecond(0))
                        .unwrap_or(at.naive_local()),
                )
                .earliest()
                .map_or(now - back, |t| t.with_timezone(&Utc));
        }
    }
    now - Duration::hours(3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calls::export::read;

    #[test]
    fn the_demo_export_reads_back_as_calls_and_is_the_same_each_time() {
        let numbers: Vec<String> = (0..40)
            .map(|i| format!("(614) 555-{:04}", 1000 + i))
            .collect();
        let now: DateTime<Utc> = "2026-11-20T15:00:00Z".parse().unwrap();
        let zone = chrono_tz::America::New_York;
        let text = export(&numbers, now, zone, 300, 7);
        assert_eq!(text, export(&numbers, now, zone, 300, 7));
        let calls = read(text.as_bytes(), None, zone).unwrap().calls;
        assert!(calls.len() >= 300, "{}", calls.len());
        assert!(
            calls
                .iter()
                .all(|c| c.start < now && c.start > now - Duration::days(15))
        );
        let missed = calls
            .iter()
            .filter(|c| c.direction == super::super::Direction::In && !c.answered)
            .count();
        let strangers = calls
            .iter()
            .filter(|c| c.other_party().contains("555-7"))
            .count();
        assert!(
            missed > 10 && strangers > 5,
            "missed {missed}, strangers {strangers}"
        );
    }

    #[test]
    fn a_phone_written_like_a_formula_is_no_formula_in_the_export() {
        let numbers = vec!["=1+6145550100".to_owned()];
        let now: DateTime<Utc> = "2026-11-20T15:00:00Z".parse().unwrap();
        let text = export(&numbers, now, chrono_tz::America::New_York, 20, 7);
        assert!(
            !text.lines().any(|l| l.starts_with('=') || l.contains(",=")),
            "{text}"
        );
        assert!(text.contains("'=1+6145550100"), "{text}");
        let calls = read(text.as_bytes(), None, chrono_tz::America::New_York)
            .unwrap()
            .calls;
        assert!(
            calls
                .iter()
                .any(|c| c.other_party().ends_with("6145550100"))
        );
    }
}
