//! How dates and times are written for people, named once so every screen, export and report
//! writes them the same way.

use chrono::{Datelike, NaiveDate, NaiveTime, Timelike};

/// `2026-11-21`: what people type and what exports write.
pub const ISO_DAY: &str = "%Y-%m-%d";
/// `Nov 21, 2026`
pub const DAY: &str = "%b %-d, %Y";
/// `Nov 21`
pub const MONTH_DAY: &str = "%b %-d";
/// `Sat Nov 21, 2026`
pub const WEEKDAY: &str = "%a %b %-d, %Y";
/// `Sat Nov 21`, for dates of this year.
pub const WEEKDAY_THIS_YEAR: &str = "%a %b %-d";
/// `Sat 21`, a week view's column title.
pub const COLUMN_DAY: &str = "%a %-d";
/// `November 2026`
pub const MONTH: &str = "%B %Y";
/// `Nov '26`, a chart's month label (`Nov 26` read as a day).
pub const CHART_MONTH: &str = "%b '%y";
/// `2:30 pm`
pub const TIME: &str = "%-I:%M %P";
/// `2:30pm`, where space is short (calendar cells).
pub const TIME_TIGHT: &str = "%-I:%M%P";
/// `14:30`: what people type into a time field.
pub const TIME_24: &str = "%H:%M";

/// A time of day in US Spanish: "2:30 p. m." (CLDR's marks; chrono's locale tables give US
/// Spanish none). The window, the letters and the command line's documents all write it so.
pub fn spanish_time(time: NaiveTime) -> String {
    let mark = if time.hour() < 12 { "a. m." } else { "p. m." };
    format!("{} {mark}", time.format("%-I:%M"))
}

/// An hour of the day as the rest of the window writes times: "8 am", "12 pm" (the week
/// view's rows), not "08:00" beside "10:00 am".
pub fn hour_label(hour: u32) -> String {
    let suffix = if hour % 24 < 12 { "am" } else { "pm" };
    let twelve = match hour % 12 {
        0 => 12,
        h => h,
    };
    format!("{twelve} {suffix}")
}
/// `2:30 PM`: the other way people type a time (read after upper-casing).
pub const TIME_12_TYPED: &str = "%I:%M %p";
/// `Nov 21, 2026 2:30 pm`
pub const DAY_TIME: &str = "%b %-d, %Y %-I:%M %P";
/// `2026-11-21 14:30`: a machine-like stamp (last login, last update).
pub const STAMP: &str = "%Y-%m-%d %H:%M";

/// A time as a field shows it, `2:30 pm`: the way every other time on screen reads.
pub fn field_time(time: chrono::NaiveTime) -> String {
    time.format(TIME).to_string()
}

/// A time as people type it: `14:30`, `2:30 pm`, `2:30PM`, and as Spanish writes it,
/// `2:30 p. m.`; `None` for anything else.
pub fn read_time(text: &str) -> Option<chrono::NaiveTime> {
    let text = text.trim();
    // "p. m." and "p.m." are "PM" (a time with a dot for its colon stays unread).
    let upper = text
        .to_uppercase()
        .replace(['.'], "")
        .replace("A M", "AM")
        .replace("P M", "PM");
    chrono::NaiveTime::parse_from_str(text, TIME_24)
        .or_else(|_| chrono::NaiveTime::parse_from_str(&upper, TIME_12_TYPED))
        .or_else(|_| chrono::NaiveTime::parse_from_str(&upper, "%I:%M%p"))
        .ok()
}

/// `Sat Nov 21`, with the year when it is not `this_year` (old overdue work reaches back).
pub fn weekday(day: NaiveDate, this_year: i32) -> String {
    if day.year() == this_year {
        day.format(WEEKDAY_THIS_YEAR).to_string()
    } else {
        day.format(WEEKDAY).to_string()
    }
}

/// The days from `first` to `last` (both shown), said once: `Nov 23 – 29`, `Nov 30 – Dec 6`,
/// `Dec 28, 2026 – Jan 3, 2027`.
pub fn day_range(first: NaiveDate, last: NaiveDate) -> String {
    if first.year() != last.year() {
        format!("{} – {}", first.format(DAY), last.format(DAY))
    } else if first.month() != last.month() {
        format!("{} – {}", first.format(MONTH_DAY), last.format(MONTH_DAY))
    } else {
        format!("{} – {}", first.format(MONTH_DAY), last.format("%-d"))
    }
}

/// The one way money is shown (exports keep plain numbers): dollars and cents with thousands
/// separators, `$12,345.40`, `-$80.00`. Not a finite number: `—`. The service does not say a
/// portal's currency; every portal we know bills in US dollars (see `docs/decisions.md`).
/// `text` as it is safe to print to a terminal: every control character but the line break
/// (escape sequences that clear the screen or set the title, bells, C1 controls) shown as
/// `\u{..}`, so nothing a service or a file said can drive the terminal.
pub fn for_terminal(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() && c != '\n') {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.chars()
            .map(|c| {
                if c.is_control() && c != '\n' {
                    c.escape_unicode().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

pub fn money(amount: f64) -> String {
    if !amount.is_finite() {
        return "—".to_owned();
    }
    // Cents as a whole number first, so 999.995 rounds to $1,000.00 and never to $999.100.
    let cents = (amount.abs() * 100.0).round().min(u64::MAX as f64) as u64;
    let sign = if amount < 0.0 && cents > 0 { "-" } else { "" };
    format!("{sign}${}.{:02}", thousands(cents / 100), cents % 100)
}

/// Money per month: `$5,350.00/month`.
pub fn monthly(amount: f64) -> String {
    format!("{}/month", money(amount))
}

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A count with its noun: `1 case`, `1,204 cases` (nouns that take an s).
pub fn count(n: usize, noun: &str) -> String {
    let s = if n == 1 { "" } else { "s" };
    format!("{} {noun}{s}", thousands(n as u64))
}

/// A day the app's one way: `Nov 28, 2026`.
/// When an item is due: its day and time, or its day alone for an all-day item (whose time,
/// midnight, means nothing to a reader).
pub fn due<Tz: chrono::TimeZone>(at: chrono::DateTime<Tz>, all_day: bool) -> String
where
    Tz::Offset: std::fmt::Display,
{
    if all_day {
        format!("{} (all day)", at.format(DAY))
    } else {
        at.format(DAY_TIME).to_string()
    }
}

pub fn day(day: chrono::NaiveDate) -> String {
    day.format(DAY).to_string()
}

/// A typed phone number as the service shows them, `(614) 665-6127`, when it is a North
/// American number (10 digits, or 11 with a leading 1, in the usual separators); anything else
/// (an extension, a foreign number, letters) is kept as typed, trimmed.
pub fn phone(typed: &str) -> String {
    let typed = typed.trim();
    let plain = typed
        .chars()
        .all(|c| c.is_ascii_digit() || " ()-.+".contains(c));
    let digits: String = typed.chars().filter(char::is_ascii_digit).collect();
    let national = match digits.len() {
        10 => Some(digits.as_str()),
        11 if digits.starts_with('1') => digits.get(1..),
        _ => None,
    };
    match national {
        Some(d) if plain => format!("({}) {}-{}", &d[..3], &d[3..6], &d[6..]),
        _ => typed.to_owned(),
    }
}

/// A share as a whole percentage: `0.256` as `26%`; none as `—`.
pub fn percent(share: Option<f64>) -> String {
    share
        .filter(|s| s.is_finite())
        .map_or("—".to_owned(), |s| format!("{:.0}%", s * 100.0))
}

/// Occupancy (of units or of beds) to a tenth of a percent, as Inventory, "Beside the
/// industry" and the weekly report all write it: `0.8992` as `89.9%` (never 90% on one page and
/// 89.9% on the next); none as `—`.
pub fn occupancy_percent(share: Option<f64>) -> String {
    share
        .filter(|s| s.is_finite())
        .map_or("—".to_owned(), |s| format!("{:.1}%", s * 100.0))
}

/// When something was last known, for "as of …": the time alone today, else the day too.
pub fn as_of(
    at: chrono::DateTime<chrono::Utc>,
    now: chrono::DateTime<chrono::Utc>,
    zone: chrono_tz::Tz,
) -> String {
    format!("as of {}", moment(at, now, zone).0)
}

/// When `at` was, written as short as `now` allows: the time on the same day, else the day and
/// the time; and whether it was today.
pub fn moment(
    at: chrono::DateTime<chrono::Utc>,
    now: chrono::DateTime<chrono::Utc>,
    zone: chrono_tz::Tz,
) -> (String, bool) {
    let (at, now) = (at.with_timezone(&zone), now.with_timezone(&zone));
    if at.date_naive() == now.date_naive() {
        (at.format(TIME).to_string(), true)
    } else {
        (at.format(DAY_TIME).to_string(), false)
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_spanish_time_has_the_us_marks_and_no_leading_zero() {
        let t = |h, m| NaiveTime::from_hms_opt(h, m, 0).unwrap();
        assert_eq!(spanish_time(t(0, 5)), "12:05 a. m.");
        assert_eq!(spanish_time(t(11, 59)), "11:59 a. m.");
        assert_eq!(spanish_time(t(12, 0)), "12:00 p. m.");
        assert_eq!(spanish_time(t(20, 30)), "8:30 p. m.");
    }

    #[test]
    fn a_range_of_days_names_the_month_and_year_only_when_they_change() {
        let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        assert_eq!(day_range(d(2026, 11, 23), d(2026, 11, 29)), "Nov 23 – 29");
        assert_eq!(day_range(d(2026, 11, 30), d(2026, 12, 6)), "Nov 30 – Dec 6");
        assert_eq!(
            day_range(d(2026, 12, 28), d(2027, 1, 3)),
            "Dec 28, 2026 – Jan 3, 2027"
        );
    }
    #[test]
    fn hours_read_as_the_rest_of_the_window_writes_times() {
        let labels: Vec<String> = [0, 8, 11, 12, 13, 23]
            .into_iter()
            .map(super::hour_label)
            .collect();
        assert_eq!(labels, ["12 am", "8 am", "11 am", "12 pm", "1 pm", "11 pm"]);
    }

    use super::{field_time, phone, read_time};

    #[test]
    fn a_time_a_field_shows_reads_back_as_the_same_time() {
        for (h, m) in [(0, 0), (6, 28), (10, 0), (12, 30), (14, 30), (23, 59)] {
            let time = chrono::NaiveTime::from_hms_opt(h, m, 0).unwrap();
            assert_eq!(read_time(&field_time(time)), Some(time), "{time}");
        }
        let half_two = chrono::NaiveTime::from_hms_opt(14, 30, 0);
        assert_eq!(field_time(half_two.unwrap()), "2:30 pm");
        for typed in [
            "14:30",
            " 2:30 pm ",
            "2:30 PM",
            "2:30pm",
            "02:30 pm",
            "2:30 p. m.",
            "2:30 p.m.",
            "2:30 P. M.",
        ] {
            assert_eq!(read_time(typed), half_two, "{typed:?}");
        }
        for wrong in [
            "",
            "25:00",
            "2.30 pm",
            "2.30 p. m.",
            "half two",
            "2:30 p. x.",
        ] {
            assert_eq!(read_time(wrong), None, "{wrong:?}");
        }
    }

    #[test]
    fn phones_are_written_as_the_service_writes_them_and_others_are_left_alone() {
        assert_eq!(phone("6146656127"), "(614) 665-6127");
        assert_eq!(phone(" 614.665.6127 "), "(614) 665-6127");
        assert_eq!(phone("+1 614-665-6127"), "(614) 665-6127");
        assert_eq!(phone("(614) 665-6127"), "(614) 665-6127");
        assert_eq!(phone("614-665-6127 ext 12"), "614-665-6127 ext 12");
        assert_eq!(phone("+44 20 7946 0958"), "+44 20 7946 0958");
        assert_eq!(phone("665-6127"), "665-6127");
        assert_eq!(phone(""), "");
    }

    use super::*;

    #[test]
    fn an_all_day_item_is_due_on_its_day_without_a_time() {
        let at = chrono::DateTime::parse_from_rfc3339("2026-11-25T00:00:00-05:00").unwrap();
        assert_eq!(due(at, true), "Nov 25, 2026 (all day)");
        let at = chrono::DateTime::parse_from_rfc3339("2026-11-25T14:30:00-05:00").unwrap();
        assert!(
            due(at, false).starts_with("Nov 25, 2026 2:30"),
            "{}",
            due(at, false)
        );
    }

    #[test]
    fn as_of_names_the_day_only_when_it_is_not_today() {
        let zone: chrono_tz::Tz = "America/Chicago".parse().unwrap();
        let now = "2026-11-23T20:00:00Z".parse().unwrap();
        let today = "2026-11-23T20:02:00Z".parse().unwrap();
        assert_eq!(as_of(today, now, zone), "as of 2:02 pm");
        let yesterday = "2026-11-23T03:00:00Z".parse().unwrap();
        assert_eq!(as_of(yesterday, now, zone), "as of Nov 22, 2026 9:00 pm");
    }

    #[test]
    fn money_and_counts_read_like_a_report() {
        assert_eq!(money(12345.4), "$12,345.40");
        assert_eq!(money(999.995), "$1,000.00");
        assert_eq!(money(1_346_412.5), "$1,346,412.50");
        assert_eq!(money(-80.0), "-$80.00");
        assert_eq!(money(-0.001), "$0.00");
        assert_eq!(money(0.0), "$0.00");
        assert_eq!(money(f64::NAN), "—");
        assert_eq!(money(f64::INFINITY), "—");
        assert_eq!(monthly(5350.0), "$5,350.00/month");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(12), "12");
        assert_eq!(percent(Some(0.256)), "26%");
        assert_eq!(percent(None), "—");
        assert_eq!(count(1, "case"), "1 case");
        assert_eq!(count(0, "case"), "0 cases");
        assert_eq!(count(1204, "case"), "1,204 cases");
    }

    #[test]
    fn the_year_shows_only_when_it_differs() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 20).unwrap();
        assert_eq!(weekday(day, 2026), "Fri Nov 20");
        assert_eq!(weekday(day, 2027), "Fri Nov 20, 2026");
        assert_eq!(day.format(DAY).to_string(), "Nov 20, 2026");
    }

    #[test]
    fn what_is_printed_to_a_terminal_cannot_drive_it() {
        let hostile = "Ann\u{1b}]0;owned\u{7}\u{1b}[2J\r\u{9b}31m Lee\nnext line";
        let safe = for_terminal(hostile);
        assert!(!safe.chars().any(|c| c.is_control() && c != '\n'), "{safe}");
        assert!(safe.contains("Ann") && safe.contains("Lee\nnext line"));
        assert_eq!(for_terminal("plain\n"), "plain\n");
    }
}
