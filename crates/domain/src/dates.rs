//! Days as people type them: `2026-12-01`, `12/1/2026`, `12/1` (this year), `Dec 1`,
//! `December 1, 2026`, `1 Dec 2026`. Month before day, as in the United States, where the
//! portals we serve are; an ISO date is never ambiguous.

use chrono::{Datelike, NaiveDate};

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

fn month_of(word: &str) -> Option<u32> {
    let w = word.trim_end_matches('.').to_ascii_lowercase();
    if w.len() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .position(|m| w.starts_with(m) && m.starts_with(&w[..3]))
        .filter(|&i| {
            // "March" and "Mar" read as March; "Marchx" does not.
            let full = [
                "january",
                "february",
                "march",
                "april",
                "may",
                "june",
                "july",
                "august",
                "september",
                "october",
                "november",
                "december",
            ][i];
            full.starts_with(&w) || (w == "sept" && i == 8)
        })
        .map(|i| i as u32 + 1)
}

fn day(year: i32, month: u32, day: u32, text: &str) -> Result<NaiveDate, String> {
    NaiveDate::from_ymd_opt(year, month, day)
        .ok_or_else(|| format!("{text:?} is not a day of the calendar"))
}

/// A day with its year, as the app writes it (`Nov 28, 2026`), as ISO (`2026-11-28`, the form
/// of drafts kept before the app wrote days its own way) or US style (`11/28/2026`, typed and
/// sent before the field was left): what a form holds when it is sent.
pub fn read_written(text: &str) -> Option<NaiveDate> {
    let t = text.trim();
    NaiveDate::parse_from_str(t, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(t, super::format::DAY))
        .or_else(|_| NaiveDate::parse_from_str(t, "%m/%d/%Y"))
        .ok()
        // The years the app handles anywhere (a "26" read as the year 26 is not one).
        .filter(|d| (1900..=2200).contains(&d.year()))
}

/// Reads a typed day; `today` gives the year when none is typed.
pub fn read_day(text: &str, today: NaiveDate) -> Result<NaiveDate, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("Type a day, e.g. 2026-12-01, 12/1/2026 or Dec 1".into());
    }
    if t.len() > 40 {
        return Err("That is too long to be a day".into());
    }
    if let Ok(d) = NaiveDate::parse_from_str(t, "%Y-%m-%d") {
        return Ok(d);
    }
    let number = |s: &str| s.trim().parse::<u32>().ok();
    // 12/1/2026, 12/1/26, 12/1
    if t.contains('/') {
        let parts: Vec<&str> = t.split('/').collect();
        if parts.len() > 3 {
            return Err(format!("{t:?} is not a day: write it as month/day/year"));
        }
        let (Some(m), Some(d)) = (
            parts.first().and_then(|s| number(s)),
            parts.get(1).and_then(|s| number(s)),
        ) else {
            return Err(format!("{t:?} is not a day: write it as month/day/year"));
        };
        let year = match parts.get(2).map(|s| s.trim()) {
            None => today.year(),
            Some(y) if y.len() == 2 => 2000 + number(y).ok_or(format!("{t:?}: the year"))? as i32,
            Some(y) if y.len() == 4 => number(y).ok_or(format!("{t:?}: the year"))? as i32,
            Some(_) => return Err(format!("{t:?}: write the year with 4 digits")),
        };
        return day(year, m, d, t);
    }
    // Dec 1, December 1 2026, 1 Dec 2026
    let words: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
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
        return Err(format!(
            "{t:?} is not a day: type 2026-12-01, 12/1/2026 or Dec 1"
        ));
    };
    let d = rest
        .first()
        .map(|s| s.trim_end_matches(|c: char| c.is_ascii_alphabetic()))
        .and_then(number)
        .ok_or_else(|| format!("{t:?}: which day of the month?"))?;
    let year = match rest.get(1) {
        None => today.year(),
        Some(y) if y.len() == 4 => number(y).ok_or(format!("{t:?}: the year"))? as i32,
        Some(_) => return Err(format!("{t:?}: write the year with 4 digits")),
    };
    if rest.len() > 2 {
        return Err(format!(
            "{t:?} is not a day: type 2026-12-01, 12/1/2026 or Dec 1"
        ));
    }
    day(year, month, d, t)
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
    fn what_is_not_a_day_says_why() {
        let today = ymd(2026, 11, 22);
        for (text, says) in [
            ("", "Type a day"),
            ("2/30/2026", "not a day of the calendar"),
            ("13/1/2026", "not a day of the calendar"),
            ("Decembre 1", "is not a day"),
            ("Dec", "which day of the month"),
            ("12/1/202", "4 digits"),
            ("tomorrow", "is not a day"),
            ("1/2/3/4", "month/day/year"),
        ] {
            let err = read_day(text, today).unwrap_err();
            assert!(err.contains(says), "{text:?}: {err}");
        }
    }
}
