//! Where a person is, for the clock: the time zones of a state (a state split between two
//! zones gives both, and the guard keeps to both windows at once), and the holidays of the
//! states that forbid calls on them.

use chrono::{Datelike, Duration, NaiveDate, Weekday};
use chrono_tz::America as us;
use chrono_tz::Pacific;
use chrono_tz::Tz;

/// One place whose clock and state rules a contact must keep to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The state's postal code; `None` where it is not known.
    pub state: Option<[u8; 2]>,
    pub zone: Tz,
}

impl Place {
    pub fn state_code(&self) -> Option<&str> {
        self.state
            .as_ref()
            .and_then(|s| std::str::from_utf8(s).ok())
    }
}

/// A state's postal code, from what an address holds ("FL", "fl", "Florida" is not read: the
/// service's addresses carry the code).
pub fn state_code(text: &str) -> Option<[u8; 2]> {
    let t = text.trim().as_bytes();
    (t.len() == 2 && t.iter().all(u8::is_ascii_alphabetic))
        .then(|| [t[0].to_ascii_uppercase(), t[1].to_ascii_uppercase()])
        .filter(|code| !zones_of(std::str::from_utf8(code).unwrap_or("")).is_empty())
}

/// Every zone a part of `state` keeps (postal code), the most populous first.
pub fn zones_of(state: &str) -> &'static [Tz] {
    match state {
        "CT" | "DE" | "DC" | "GA" | "MA" | "MD" | "ME" | "NC" | "NH" | "NJ" | "NY" | "OH"
        | "PA" | "RI" | "SC" | "VA" | "VT" | "WV" => &[us::New_York],
        "MI" => &[us::Detroit, us::Menominee],
        "IN" => &[us::Indiana::Indianapolis, us::Chicago],
        "FL" | "KY" | "TN" => &[us::New_York, us::Chicago],
        "AL" | "AR" | "IA" | "IL" | "LA" | "MN" | "MO" | "MS" | "OK" | "WI" => &[us::Chicago],
        "KS" | "NE" | "ND" | "SD" | "TX" => &[us::Chicago, us::Denver],
        "CO" | "MT" | "NM" | "UT" | "WY" => &[us::Denver],
        "ID" => &[us::Boise, us::Los_Angeles],
        "OR" => &[us::Los_Angeles, us::Boise],
        "AZ" => &[us::Phoenix, us::Denver],
        "CA" | "NV" | "WA" => &[us::Los_Angeles],
        "AK" => &[us::Anchorage, us::Adak],
        "HI" => &[Pacific::Honolulu],
        "PR" | "VI" => &[us::Puerto_Rico],
        "GU" | "MP" => &[Pacific::Guam],
        "AS" => &[Pacific::Pago_Pago],
        _ => &[],
    }
}

/// The places of a person with addresses in `states` (postal codes as the addresses hold
/// them), beside their community's (its zone, and its state where a director said it: the
/// service does not show it). One address: its state's zones. Several, or none readable:
/// every address's, and the community's clock with its state's rule (not said: every
/// state's strictest at once, since the person may be in any of them).
pub fn places_of(
    states: &[&str],
    community_zone: Tz,
    community_state: Option<[u8; 2]>,
) -> Vec<Place> {
    let known: Vec<[u8; 2]> = states.iter().filter_map(|s| state_code(s)).collect();
    let mut places = Vec::new();
    for code in &known {
        let name = std::str::from_utf8(code).unwrap_or("");
        for zone in zones_of(name) {
            let place = Place {
                state: Some(*code),
                zone: *zone,
            };
            if !places.contains(&place) {
                places.push(place);
            }
        }
    }
    if known.len() != 1 || known.len() != states.len() {
        places.push(Place {
            state: community_state,
            zone: community_zone,
        });
    }
    places
}

/// Whether `day` is a holiday on which a state that forbids holiday calls forbids them: the
/// federal holidays (with the day off observed when one falls on a weekend, Ala. Code
/// 1-3-8), and Alabama's, Louisiana's, Pennsylvania's, Rhode Island's and Utah's own. Holding on a day that is no holiday in the
/// person's state only makes the guard stricter.
pub fn is_holiday(day: NaiveDate, state: Option<&str>) -> bool {
    let year = day.year();
    let mut days = federal_holidays(year);
    // A holiday on a Saturday is taken on the Friday, on a Sunday on the Monday; both days
    // are held.
    let observed: Vec<NaiveDate> = days
        .iter()
        .filter_map(|d| match d.weekday() {
            Weekday::Sat => d.pred_opt(),
            Weekday::Sun => d.succ_opt(),
            _ => None,
        })
        .collect();
    days.extend(observed);
    // New Year's Day of next year observed on this year's December 31.
    if let Some(next) = NaiveDate::from_ymd_opt(year + 1, 1, 1)
        && next.weekday() == Weekday::Sat
    {
        days.push(next - Duration::days(1));
    }
    let easter = easter(year);
    match state {
        Some("AL") | None => {
            days.push(nth_weekday(year, 4, Weekday::Mon, 4)); // Confederate Memorial Day
            days.push(nth_weekday(year, 6, Weekday::Mon, 1)); // Jefferson Davis' birthday
        }
        _ => {}
    }
    match state {
        Some("LA") | None => {
            days.push(easter - Duration::days(47)); // Mardi Gras
            days.push(easter - Duration::days(2)); // Good Friday
        }
        _ => {}
    }
    // The Tuesday after the first Monday of November.
    let election_day = nth_weekday(year, 11, Weekday::Mon, 1) + Duration::days(1);
    match state {
        // 44 P.S. 11.
        Some("PA") | None => {
            days.push(easter - Duration::days(2)); // Good Friday
            days.push(on(year, 6, 14)); // Flag Day
            days.push(election_day);
        }
        _ => {}
    }
    match state {
        // R.I. Gen. Laws 25-1-1: a holiday on a Sunday is taken on the Monday.
        Some("RI") | None => {
            let independence = on(year, 5, 4);
            days.push(independence);
            if independence.weekday() == Weekday::Sun {
                days.push(independence + Duration::days(1));
            }
            days.push(nth_weekday(year, 8, Weekday::Mon, 2)); // Victory Day
            if year % 2 == 0 {
                days.push(election_day); // in a year of a general election
            }
        }
        _ => {}
    }
    match state {
        // Utah Code 63G-1-301.
        Some("UT") | None => {
            let pioneer = on(year, 7, 24);
            days.push(pioneer);
            days.extend(match pioneer.weekday() {
                Weekday::Sat => pioneer.pred_opt(),
                Weekday::Sun => pioneer.succ_opt(),
                _ => None,
            });
            days.push(easter - Duration::days(2)); // Good Friday
            // Juneteenth on a Tuesday to Friday is kept on the Monday before.
            let juneteenth = on(year, 6, 19);
            let back = juneteenth.weekday().num_days_from_monday();
            if (1..=4).contains(&back) {
                days.push(juneteenth - Duration::days(back.into()));
            }
        }
        _ => {}
    }
    days.contains(&day)
}

fn on(year: i32, month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(year, month, day).unwrap_or_default()
}

fn federal_holidays(year: i32) -> Vec<NaiveDate> {
    let on = |m, d| NaiveDate::from_ymd_opt(year, m, d).unwrap_or_default();
    vec![
        on(1, 1),
        nth_weekday(year, 1, Weekday::Mon, 3),
        nth_weekday(year, 2, Weekday::Mon, 3),
        last_weekday(year, 5, Weekday::Mon),
        on(6, 19),
        on(7, 4),
        nth_weekday(year, 9, Weekday::Mon, 1),
        nth_weekday(year, 10, Weekday::Mon, 2),
        on(11, 11),
        nth_weekday(year, 11, Weekday::Thu, 4),
        on(12, 25),
    ]
}

fn nth_weekday(year: i32, month: u32, weekday: Weekday, n: u8) -> NaiveDate {
    NaiveDate::from_weekday_of_month_opt(year, month, weekday, n).unwrap_or_default()
}

fn last_weekday(year: i32, month: u32, weekday: Weekday) -> NaiveDate {
    let mut day =
        NaiveDate::from_ymd_opt(year, month + 1, 1).unwrap_or_default() - Duration::days(1);
    while day.weekday() != weekday {
        day -= Duration::days(1);
    }
    day
}

/// Easter Sunday (the Gregorian computus, Meeus/Jones/Butcher).
fn easter(year: i32) -> NaiveDate {
    let a = year % 19;
    let b = year / 100;
    let c = year % 100;
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    NaiveDate::from_ymd_opt(year, month as u32, day as u32).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn every_state_and_dc_has_a_zone_and_a_split_state_has_both() {
        for state in [
            "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL",
            "IN", "IA", "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE",
            "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD",
            "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY",
        ] {
            assert!(!zones_of(state).is_empty(), "{state}");
        }
        assert_eq!(zones_of("FL"), &[us::New_York, us::Chicago]);
        assert_eq!(state_code(" fl "), Some(*b"FL"));
        assert_eq!(state_code("Florida"), None);
        assert_eq!(state_code("ZZ"), None);
    }

    #[test]
    fn one_address_is_its_states_zones_and_none_or_several_add_the_community() {
        let one = places_of(&["FL"], us::Denver, None);
        assert_eq!(one.len(), 2);
        assert!(one.iter().all(|p| p.state_code() == Some("FL")));
        let none = places_of(&[], us::Denver, None);
        assert_eq!(
            none,
            vec![Place {
                state: None,
                zone: us::Denver
            }]
        );
        let two = places_of(&["OH", "AZ"], us::Chicago, None);
        assert_eq!(two.len(), 4, "{two:?}");
        assert_eq!(two.last().unwrap().state, None);
        let unreadable = places_of(&["OH", "Ohio"], us::Chicago, None);
        assert_eq!(unreadable.len(), 2, "{unreadable:?}");
    }

    #[test]
    fn holidays_are_found_observed_and_by_state() {
        assert!(is_holiday(day(2026, 11, 26), Some("AL")), "Thanksgiving");
        assert!(
            is_holiday(day(2026, 7, 3), Some("LA")),
            "July 4 on a Saturday: Friday"
        );
        assert!(
            is_holiday(day(2027, 12, 24), Some("AL")),
            "Christmas 2027 on a Saturday"
        );
        assert!(
            is_holiday(day(2027, 12, 31), Some("AL")),
            "New Year 2028 on a Saturday"
        );
        assert!(is_holiday(day(2026, 2, 17), Some("LA")), "Mardi Gras 2026");
        assert!(!is_holiday(day(2026, 2, 17), Some("AL")));
        assert!(
            is_holiday(day(2026, 4, 27), Some("AL")),
            "Confederate Memorial Day 2026"
        );
        assert!(
            is_holiday(day(2026, 2, 17), None),
            "unknown state: every listed holiday"
        );
        assert!(!is_holiday(day(2026, 11, 27), Some("AL")));
        assert_eq!(easter(2026), day(2026, 4, 5));
        assert_eq!(easter(2027), day(2027, 3, 28));
    }

    #[test]
    fn pennsylvania_rhode_island_and_utah_keep_their_own_holidays() {
        // Pennsylvania: Good Friday, Flag Day, Election Day (44 P.S. 11).
        assert!(is_holiday(day(2026, 4, 3), Some("PA")), "Good Friday 2026");
        assert!(is_holiday(day(2026, 6, 14), Some("PA")), "Flag Day");
        assert!(
            is_holiday(day(2027, 11, 2), Some("PA")),
            "Election Day 2027"
        );
        assert!(!is_holiday(day(2026, 6, 14), Some("OH")));
        // Rhode Island: May 4, Victory Day, Election Day in even years only (25-1-1).
        assert!(is_holiday(day(2026, 5, 4), Some("RI")));
        assert!(is_holiday(day(2026, 8, 10), Some("RI")), "Victory Day 2026");
        assert!(
            is_holiday(day(2026, 11, 3), Some("RI")),
            "Election Day 2026"
        );
        assert!(
            !is_holiday(day(2027, 11, 2), Some("RI")),
            "no general election"
        );
        assert!(is_holiday(day(2031, 5, 5), Some("RI")), "May 4 on a Sunday");
        // Utah: Pioneer Day (a Friday in 2026, a Saturday kept on Friday in 2027), Good
        // Friday, and Juneteenth's Monday (63G-1-301).
        assert!(is_holiday(day(2026, 7, 24), Some("UT")));
        assert!(is_holiday(day(2027, 7, 23), Some("UT")));
        assert!(is_holiday(day(2026, 4, 3), Some("UT")));
        assert!(
            is_holiday(day(2026, 6, 15), Some("UT")),
            "June 19 2026 is a Friday"
        );
        assert!(!is_holiday(day(2026, 6, 15), Some("TX")));
        // A person of no known state is held on every state's days.
        for d in [day(2026, 6, 14), day(2026, 8, 10), day(2026, 7, 24)] {
            assert!(is_holiday(d, None), "{d}");
        }
    }
}
