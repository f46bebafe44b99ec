//! Days as people type them: `2026-12-01`, `12/1/2026`, `12/1` (this year), `Dec 1`,
//! `December 1, 2026`, `1 Dec 2026`, and in Spanish `1 dic 2026`, `1 de diciembre de 2026`.
//! Month before day in figures, as in the United States, where the portals we serve are; an
//! ISO date is never ambiguous. Both languages' month names are read whatever the window
//! speaks: a draft typed in one is still read after the window switches.

use chrono::{Datelike, NaiveDate};

/// Every month's full name in the languages LeaseDesk speaks; a word of three letters or more
/// that begins one of them names that month ("Dec", "dic.", "Sept", "setiembre").
const MONTHS: [[&str; 3]; 12] = [
    ["january", "enero", "enero"],
    ["february", "febrero", "febrero"],
    ["march", "marzo", "marzo"],
    ["april", "abril", "abril"],
    ["may", "mayo", "mayo"],
    ["june", "junio", "junio"],
    ["july", "julio", "julio"],
    ["august", "agosto", "agosto"],
    ["september", "septiembre", "setiembre"],
    ["october", "octubre", "octubre"],
    ["november", "noviembre", "noviembre"],
    ["december", "diciembre", "diciembre"],
];

/// Why a typed text is not a day; the window says it in its language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DayProblem {
    Empty,
    TooLong,
    /// Read, but no such day (February 30th, a 13th month).
    NotOnCalendar,
    /// Figures with slashes that are not month/day/year.
    NotMonthDayYear,
    /// The year is not a number, or not of 4 digits.
    Year,
    /// A month without the day of the month.
    WhichDay,
    /// Nothing in it reads as a day.
    NotADay,
}

fn month_of(word: &str) -> Option<u32> {
    let w = word.trim_end_matches('.').to_lowercase();
    if w.chars().count() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .position(|names| names.iter().any(|full| full.starts_with(&w)))
        .map(|i| i as u32 + 1)
}

fn day(year: i32, month: u32, day: u32) -> Result<NaiveDate, DayProblem> {
    NaiveDate::from_ymd_opt(year, month, day).ok_or(DayProblem::NotOnCalendar)
}

/// A day with its year, as the app writes it (`Nov 28, 2026`, `28 nov 2026`), as ISO
/// (`2026-11-28`, the form of drafts kept before the app wrote days its own way) or US style
/// (`11/28/2026`, typed and sent before the field was left): what a form holds when it is sent.
pub fn read_written(text: &str) -> Option<NaiveDate> {
    let t = text.trim();
    NaiveDate::parse_from_str(t, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(t, super::format::DAY))
        .or_else(|_| NaiveDate::parse_from_str(t, "%m/%d/%Y"))
        .ok()
        .or_else(|| read_words(t, None).ok())
        // The years the app handles anywhere (a "26" read as the year 26 is not one).
        .filter(|d| (1900..=2200).contains(&d.year()))
}

/// Reads a typed day; `today` gives the year when none is typed.
pub fn read_day(text: &str, today: NaiveDate) -> Result<NaiveDate, DayProblem> {
    let t = text.trim();
    if t.is_empty() {
        return Err(DayProblem::Empty);
    }
    if t.len() > 40 {
        return Err(DayProblem::TooLong);
    }
    if let Ok(d) = NaiveDate::parse_from_str(t, "%Y-%m-%d") {
        return Ok(d);
    }
    let number = |s: &str| s.trim().parse::<u32>().ok();
    // 12/1/2026, 12/1/26, 12/1
    if t.contains('/') {
        let parts: Vec<&str> = t.split('/').collect();
        if parts.len() > 3 {
            return Err(DayProblem::NotMonthDayYear);
        }
        let (Some(m), Some(d)) = (
            parts.first().and_then(|s| number(s)),
            parts.get(1).and_then(|s| number(s)),
        ) else {
            return Err(DayProblem::NotMonthDayYear);
        };
        let year = match parts.get(2).map(|s| s.trim()) {
            None => today.year(),
            Some(y) if y.len() == 2 => 2000 + number(y).ok_or(DayProblem::Year)? as i32,
            Some(y) if y.len() == 4 => number(y).ok_or(DayProblem::Year)? as i32,
            Some(_) => return Err(DayProblem::Year),
        };
        return day(year, m, d);
    }
    read_words(t, Some(today.year()))
}

/// A day with its month in words: "Dec 1", "December 1 2026", "1 Dec 2026", "1 dic 2026",
/// "1 de diciembre de 2026". Without `this_year` the year must be written.
fn read_words(t: &str, this_year: Option<i32>) -> Result<NaiveDate, DayProblem> {
    let number = |s: &str| s.trim().parse::<u32>().ok();
    let words: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty() && !matches!(w.to_lowercase().as_str(), "de" | "del"))
        .collect();
    let (month, rest): (Option<u32>, Vec<&str>) = match words.as_slice() {
        [first, rest @ ..] if month_of(first).is_some() => (month_of(first), rest.to_vec()),
        [first, second, rest @ ..] if month_of(second).is_some() => {
            let mut r = vec![*first];
            r.extend(rest);
            (month_of(second), r)
        }
        _ => (None, Vec::new()),
    };
    let Some(month) = month else {
        return Err(DayProblem::NotADay);
    };
    let d = rest
        .first()
        .map(|s| s.trim_end_matches(|c: char| c.is_ascii_alphabetic()))
        .and_then(number)
        .ok_or(DayProblem::WhichDay)?;
    let year = match (rest.get(1), this_year) {
        (None, Some(year)) => year,
        (None, None) => return Err(DayProblem::Year),
        (Some(y), _) if y.len() == 4 => number(y).ok_or(DayProblem::Year)? as i32,
        (Some(_), _) => return Err(DayProblem::Year),
    };
    if rest.len() > 2 {
        return Err(DayProblem::NotADay);
    }
    day(year, month, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn the_written_forms_are_read_and_nothing_else() {
        assert_eq!(read_written("Nov 8, 2026"), Some(ymd(2026, 11, 8)));
        assert_eq!(read_written(" Nov 28, 2026 "), Some(ymd(2026, 11, 28)));
        assert_eq!(read_written("2026-11-28"), Some(ymd(2026, 11, 28)));
        assert_eq!(
            read_written(&crate::format::day(ymd(2027, 1, 5))),
            Some(ymd(2027, 1, 5))
        );
        assert_eq!(
            read_written("Nov 28"),
            None,
            "no year: the field writes one"
        );
        assert_eq!(read_written("11/28/2026"), Some(ymd(2026, 11, 28)));
        assert_eq!(
            read_written("11/28/26"),
            None,
            "a year of two digits is not sent as is"
        );
        assert_eq!(read_written(""), None);
    }

    #[test]
    fn the_forms_people_type_are_read() {
        let today = ymd(2026, 11, 22);
        for text in [
            "2026-12-01",
            " 12/1/2026 ",
            "12/01/2026",
            "12/1/26",
            "12/1",
            "Dec 1",
            "dec 1, 2026",
            "December 1 2026",
            "1 Dec 2026",
            "Dec. 1st",
        ] {
            assert_eq!(read_day(text, today), Ok(ymd(2026, 12, 1)), "{text}");
        }
        assert_eq!(read_day("Sept 3", today), Ok(ymd(2026, 9, 3)));
        assert_eq!(read_day("2/29/2028", today), Ok(ymd(2028, 2, 29)));
    }

    #[test]
    fn spanish_days_are_read_whatever_the_window_speaks() {
        let today = ymd(2026, 11, 22);
        for text in [
            "1 dic 2026",
            "1 dic.",
            "1 de diciembre de 2026",
            "1 de diciembre",
            "diciembre 1",
            "1 DIC 2026",
        ] {
            assert_eq!(read_day(text, today), Ok(ymd(2026, 12, 1)), "{text}");
        }
        assert_eq!(read_day("3 ago", today), Ok(ymd(2026, 8, 3)));
        assert_eq!(read_day("3 setiembre", today), Ok(ymd(2026, 9, 3)));
        assert_eq!(read_day("15 ene 2027", today), Ok(ymd(2027, 1, 15)));
        assert_eq!(read_day("2 abr", today), Ok(ymd(2026, 4, 2)));
        // As the Spanish window writes a day in a field, and reads it when the form is sent.
        assert_eq!(read_written("28 nov 2026"), Some(ymd(2026, 11, 28)));
        assert_eq!(read_written("5 ene 2027"), Some(ymd(2027, 1, 5)));
        assert_eq!(
            read_written("28 nov"),
            None,
            "no year: the field writes one"
        );
    }

    #[test]
    fn what_is_not_a_day_says_why() {
        let today = ymd(2026, 11, 22);
        for (text, why) in [
            ("", DayProblem::Empty),
            ("2/30/2026", DayProblem::NotOnCalendar),
            ("13/1/2026", DayProblem::NotOnCalendar),
            ("30 feb", DayProblem::NotOnCalendar),
            ("Decembre 1", DayProblem::NotADay),
            ("Dec", DayProblem::WhichDay),
            ("dic", DayProblem::WhichDay),
            ("12/1/202", DayProblem::Year),
            ("Dec 1 26", DayProblem::Year),
            ("tomorrow", DayProblem::NotADay),
            ("mañana", DayProblem::NotADay),
            ("de", DayProblem::NotADay),
            ("1/2/3/4", DayProblem::NotMonthDayYear),
            ("a/b", DayProblem::NotMonthDayYear),
            ("Dec 1 2026 noon", DayProblem::NotADay),
        ] {
            assert_eq!(read_day(text, today), Err(why), "{text:?}");
        }
        assert_eq!(read_day(&"1".repeat(41), today), Err(DayProblem::TooLong));
    }
}
