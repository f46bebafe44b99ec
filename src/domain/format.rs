//! How dates and times are written for people, named once so every screen, export and report
//! writes them the same way.

use chrono::{Datelike, NaiveDate};

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
/// `Nov 26`, a chart's month label.
pub const CHART_MONTH: &str = "%b %y";
/// `2:30 pm`
pub const TIME: &str = "%-I:%M %P";
/// `2:30pm`, where space is short (calendar cells).
pub const TIME_TIGHT: &str = "%-I:%M%P";
/// `14:30`: what people type into a time field.
pub const TIME_24: &str = "%H:%M";
/// `2:30 PM`: the other way people type a time (read after upper-casing).
pub const TIME_12_TYPED: &str = "%I:%M %p";
/// `Nov 21, 2026 2:30 pm`
pub const DAY_TIME: &str = "%b %-d, %Y %-I:%M %P";
/// `2026-11-21 14:30`: a machine-like stamp (last login, last update).
pub const STAMP: &str = "%Y-%m-%d %H:%M";

/// `Sat Nov 21`, with the year when it is not `this_year` (old overdue work reaches back).
pub fn weekday(day: NaiveDate, this_year: i32) -> String {
    if day.year() == this_year {
        day.format(WEEKDAY_THIS_YEAR).to_string()
    } else {
        day.format(WEEKDAY).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_year_shows_only_when_it_differs() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 20).unwrap();
        assert_eq!(weekday(day, 2026), "Fri Nov 20");
        assert_eq!(weekday(day, 2027), "Fri Nov 20, 2026");
        assert_eq!(day.format(DAY).to_string(), "Nov 20, 2026");
    }
}
