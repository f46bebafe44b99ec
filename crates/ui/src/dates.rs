//! Days and times as the window's language writes them: US English the app's way ("Sat Nov
//! 21", "2:30 pm"), US Spanish by the locale's names from chrono's locale tables ("sáb 21 nov",
//! "2:30 p. m."). Fluent has no date function; these are what the panes pass into a message.

use chrono::{Datelike, NaiveDate, NaiveTime};
use leasedesk_i18n::Language;

use crate::domain::format;

const SPANISH: chrono::Locale = chrono::Locale::es_US;

/// The week as the app lays it out, Monday first (office days, the calls' chart).
pub const WEEK: [chrono::Weekday; 7] = [
    chrono::Weekday::Mon,
    chrono::Weekday::Tue,
    chrono::Weekday::Wed,
    chrono::Weekday::Thu,
    chrono::Weekday::Fri,
    chrono::Weekday::Sat,
    chrono::Weekday::Sun,
];

/// A day with its weekday, its year only when it is not `this_year`.
pub fn weekday(day: NaiveDate, this_year: i32) -> String {
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => said(format::weekday(day, this_year)),
        Language::Spanish if day.year() == this_year => {
            day.format_localized("%a %-d %b", SPANISH).to_string()
        }
        Language::Spanish => day.format_localized("%a %-d %b %Y", SPANISH).to_string(),
    }
}

/// English as the window says it: in the pseudo-locale, marked as the files' words are (a
/// date written by code, not here, then shows plain).
fn said(english: String) -> String {
    match leasedesk_i18n::language() {
        Language::Pseudo => leasedesk_i18n::pseudo(&english),
        _ => english,
    }
}

/// A weekday's short name: "Mon", "lun".
pub fn weekday_short(weekday: chrono::Weekday) -> String {
    // Nov 30, 2026 was a Monday: the day `weekday` of that week is named.
    let day = NaiveDate::from_ymd_opt(2026, 11, 30).unwrap_or_default()
        + chrono::Days::new(u64::from(weekday.num_days_from_monday()));
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => said(day.format("%a").to_string()),
        Language::Spanish => day.format_localized("%a", SPANISH).to_string(),
    }
}

/// A moment with its weekday, without the year: "Mon Nov 30, 2:30 pm", "lun 30 nov, 2:30 p. m.".
pub fn weekday_time(at: chrono::NaiveDateTime) -> String {
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => said(at.format("%a %b %-d, %-I:%M %P").to_string()),
        Language::Spanish => format!(
            "{}, {}",
            at.date().format_localized("%a %-d %b", SPANISH),
            time(at.time())
        ),
    }
}

/// When an item is due: its day and time, or its day alone for an all-day item: "Nov 28, 2026
/// 2:30 pm", "28 nov 2026 (todo el día)".
pub fn due(at: chrono::NaiveDateTime, all_day: bool) -> String {
    if all_day {
        leasedesk_i18n::tr!("date-all-day", day = day(at.date()))
    } else {
        format!("{} {}", day(at.date()), time(at.time()))
    }
}

/// A day with its year: "Nov 30, 2026", "30 nov 2026".
pub fn day(day: NaiveDate) -> String {
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => said(format::day(day)),
        Language::Spanish => day.format_localized("%-d %b %Y", SPANISH).to_string(),
    }
}

/// A day as a form's field holds it, in a form `domain::dates` reads back whatever the window
/// speaks later: "Nov 30, 2026", "30 nov 2026" (never the pseudo-locale's accents).
pub fn typed_day(day: NaiveDate) -> String {
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => format::day(day),
        Language::Spanish => day.format_localized("%-d %b %Y", SPANISH).to_string(),
    }
}

/// A time as a form's field holds it, read back whatever the window speaks later: "2:30 pm",
/// "2:30 p. m.".
pub fn typed_time(t: NaiveTime) -> String {
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => format::field_time(t),
        Language::Spanish => time(t),
    }
}

/// The example an empty time field shows, as the window writes a time: "2:30 pm", "2:30 p. m.".
pub fn time_hint() -> String {
    typed_time(NaiveTime::from_hms_opt(14, 30, 0).unwrap_or_default())
}

/// An hour of the day, as the week view's rows say it: "8 am", "8 a. m.".
pub fn hour(hour: u32) -> String {
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => said(format::hour_label(hour)),
        Language::Spanish => time(NaiveTime::from_hms_opt(hour % 24, 0, 0).unwrap_or_default())
            .replacen(":00", "", 1),
    }
}

/// An hour of the day in a chart's few letters: "8a", "12p"; in Spanish by the 24-hour clock,
/// "8 h", "20 h" ("8 a. m." does not fit under a bar).
pub fn hour_short(hour: u32) -> String {
    let hour = hour % 24;
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => said(match hour {
            0 => "12a".into(),
            12 => "12p".into(),
            h if h < 12 => format!("{h}a"),
            h => format!("{}p", h - 12),
        }),
        Language::Spanish => format!("{hour} h"),
    }
}

/// Why `text` is not a day, in the window's words.
pub fn day_problem(text: &str, problem: crate::domain::dates::DayProblem) -> String {
    use crate::domain::dates::DayProblem;
    use leasedesk_i18n::tr;
    let shown = crate::typed::shown(text);
    let text = shown.as_str();
    match problem {
        DayProblem::Empty => tr!("day-problem-empty"),
        DayProblem::TooLong => tr!("day-problem-too-long"),
        DayProblem::NotOnCalendar => tr!("day-problem-not-on-calendar", text = text),
        DayProblem::NotMonthDayYear => tr!("day-problem-month-day-year", text = text),
        DayProblem::Year => tr!("day-problem-year", text = text),
        DayProblem::WhichDay => tr!("day-problem-which-day", text = text),
        DayProblem::NotADay => tr!("day-problem-not-a-day", text = text),
    }
}

/// A day with its weekday and year: "Sat Nov 21, 2026", "sáb 21 nov 2026".
pub fn weekday_with_year(day: NaiveDate) -> String {
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => said(day.format(format::WEEKDAY).to_string()),
        Language::Spanish => day.format_localized("%a %-d %b %Y", SPANISH).to_string(),
    }
}

/// A month and its year: "November 2026", "noviembre de 2026".
pub fn month(day: NaiveDate) -> String {
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => said(day.format(format::MONTH).to_string()),
        Language::Spanish => day.format_localized("%B de %Y", SPANISH).to_string(),
    }
}

/// A time of day: "2:30 pm", "2:30 p. m." (the locale's tables give US Spanish no marks).
pub fn time(t: NaiveTime) -> String {
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => said(t.format(format::TIME).to_string()),
        Language::Spanish => format::spanish_time(t),
    }
}

/// A week's column heading: "Mon 30", "lun 30".
pub fn column_day(day: NaiveDate) -> String {
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => said(day.format(format::COLUMN_DAY).to_string()),
        Language::Spanish => day.format_localized("%a %-d", SPANISH).to_string(),
    }
}

/// The days from `first` to `last`, written short (the year only when they differ in it): "Nov
/// 30 – Dec 6", "30 nov – 6 dic".
pub fn day_range(first: NaiveDate, last: NaiveDate) -> String {
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => said(format::day_range(first, last)),
        Language::Spanish if first.year() != last.year() => {
            format!("{} – {}", day(first), day(last))
        }
        Language::Spanish if first.month() != last.month() => format!(
            "{} – {}",
            first.format_localized("%-d %b", SPANISH),
            last.format_localized("%-d %b", SPANISH)
        ),
        Language::Spanish => format!(
            "{} – {}",
            first.format("%-d"),
            last.format_localized("%-d %b", SPANISH)
        ),
    }
}

/// A day without its year or weekday: "Dec 3", "3 dic".
pub fn month_day(day: NaiveDate) -> String {
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => said(day.format(format::MONTH_DAY).to_string()),
        Language::Spanish => day.format_localized("%-d %b", SPANISH).to_string(),
    }
}

/// A month short, with its year: "Nov 2026", "nov 2026".
pub fn short_month(day: NaiveDate) -> String {
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => said(day.format("%b %Y").to_string()),
        Language::Spanish => day.format_localized("%b %Y", SPANISH).to_string(),
    }
}

/// A time of day written tight, for a crowded calendar: "2:30pm", "2:30 p. m.".
pub fn time_tight(t: NaiveTime) -> String {
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => said(t.format(format::TIME_TIGHT).to_string()),
        Language::Spanish => time(t),
    }
}

/// A moment the way the status bar says it: its time alone when it is today (with `true`),
/// its day and time otherwise: "1:23 pm", "Nov 28, 2026 1:23 pm", "28 nov 2026 1:23 p. m.".
pub fn moment(
    at: chrono::DateTime<chrono::Utc>,
    now: chrono::DateTime<chrono::Utc>,
    zone: chrono_tz::Tz,
) -> (String, bool) {
    let (local, today) = (at.with_timezone(&zone), now.with_timezone(&zone));
    match leasedesk_i18n::language() {
        Language::English | Language::Pseudo => {
            let (words, today) = format::moment(at, now, zone);
            (said(words), today)
        }
        Language::Spanish if local.date_naive() == today.date_naive() => (time(local.time()), true),
        Language::Spanish => (
            format!(
                "{} {}",
                local.date_naive().format_localized("%-d %b %Y", SPANISH),
                time(local.time())
            ),
            false,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_holds_a_day_the_domain_reads_back_in_any_language() {
        use crate::domain::dates::{DayProblem, read_day, read_written};
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        for (day, lang, written) in [
            ((2026, 12, 3), Language::English, "Dec 3, 2026"),
            ((2026, 12, 3), Language::Spanish, "3 dic 2026"),
            ((2027, 1, 15), Language::Spanish, "15 ene 2027"),
            ((2026, 9, 1), Language::Pseudo, "Sep 1, 2026"),
        ] {
            let day = NaiveDate::from_ymd_opt(day.0, day.1, day.2).unwrap();
            let typed = leasedesk_i18n::in_language(lang, || typed_day(day));
            assert_eq!(typed, written);
            assert_eq!(read_written(&typed), Some(day), "{typed}");
            assert_eq!(read_day(&typed, today), Ok(day), "{typed}");
        }
        let said = |lang, text: &str| {
            let problem = read_day(text, today).unwrap_err();
            leasedesk_i18n::in_language(lang, || day_problem(text, problem))
        };
        assert_eq!(
            said(Language::English, " 2/30/2026"),
            "\"2/30/2026\" is not a day of the calendar"
        );
        assert_eq!(
            said(Language::Spanish, "2/30/2026"),
            "\"2/30/2026\" no es un día del calendario"
        );
        assert_eq!(said(Language::Spanish, "dic"), "\"dic\": ¿qué día del mes?");
        assert_eq!(
            said(Language::Spanish, "mañana"),
            "\"mañana\" no es un día: escriba 2026-12-01, 12/1/2026 o 1 dic"
        );
        assert_eq!(read_day("", today), Err(DayProblem::Empty));
        let hours = |lang| {
            leasedesk_i18n::in_language(lang, || {
                [0, 8, 12, 20].map(|h| format!("{} / {}", hour(h), hour_short(h)))
            })
        };
        assert_eq!(
            hours(Language::English),
            ["12 am / 12a", "8 am / 8a", "12 pm / 12p", "8 pm / 8p"]
        );
        assert_eq!(
            hours(Language::Spanish),
            [
                "12 a. m. / 0 h",
                "8 a. m. / 8 h",
                "12 p. m. / 12 h",
                "8 p. m. / 20 h"
            ]
        );
        let half_two = NaiveTime::from_hms_opt(14, 30, 0).unwrap();
        for (lang, written) in [
            (Language::English, "2:30 pm"),
            (Language::Spanish, "2:30 p. m."),
            (Language::Pseudo, "2:30 pm"),
        ] {
            let typed = leasedesk_i18n::in_language(lang, || typed_time(half_two));
            assert_eq!(typed, written);
            assert_eq!(crate::domain::format::read_time(&typed), Some(half_two));
        }
        assert!(
            leasedesk_i18n::in_language(Language::Spanish, || day_problem("", DayProblem::Empty))
                .starts_with("Escriba un día")
        );
    }

    #[test]
    fn each_language_writes_days_and_times_its_own_way() {
        let day = NaiveDate::from_ymd_opt(2026, 12, 3).unwrap();
        let afternoon = NaiveTime::from_hms_opt(14, 30, 0).unwrap();
        leasedesk_i18n::set_language_on_this_thread(Language::English);
        assert_eq!(weekday(day, 2026), "Thu Dec 3");
        assert_eq!(weekday_with_year(day), "Thu Dec 3, 2026");
        assert_eq!(month(day), "December 2026");
        assert_eq!(time(afternoon), "2:30 pm");
        assert_eq!(weekday_short(chrono::Weekday::Sun), "Sun");
        assert_eq!(
            due(day.and_time(afternoon), false),
            crate::domain::format::due(day.and_time(afternoon).and_utc(), false)
        );
        assert_eq!(
            due(day.and_time(afternoon), true),
            crate::domain::format::due(day.and_time(afternoon).and_utc(), true)
        );
        assert_eq!(weekday_time(day.and_time(afternoon)), "Thu Dec 3, 2:30 pm");
        leasedesk_i18n::set_language_on_this_thread(Language::Spanish);
        assert_eq!(weekday_short(chrono::Weekday::Mon), "lun");
        let monday = NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
        assert_eq!(column_day(monday), "lun 30");
        assert_eq!(day_range(monday, day), "30 nov – 3 dic");
        assert_eq!(day_range(day, day + chrono::Days::new(3)), "3 – 6 dic");
        assert_eq!(
            weekday_time(day.and_time(afternoon)),
            "jue 3 dic, 2:30 p. m."
        );
        assert_eq!(weekday(day, 2026), "jue 3 dic");
        assert_eq!(weekday(day, 2027), "jue 3 dic 2026");
        assert_eq!(weekday_with_year(day), "jue 3 dic 2026");
        assert_eq!(month(day), "diciembre de 2026");
        assert_eq!(time(afternoon), "2:30 p. m.");
        assert_eq!(
            time(NaiveTime::from_hms_opt(9, 5, 0).unwrap()),
            "9:05 a. m."
        );
        let at = chrono::DateTime::parse_from_rfc3339("2026-11-28T18:23:00Z")
            .unwrap()
            .to_utc();
        let zone = chrono_tz::America::New_York;
        assert_eq!(moment(at, at, zone), ("1:23 p. m.".to_owned(), true));
        let next_day = at + chrono::Duration::days(1);
        assert_eq!(
            moment(at, next_day, zone),
            ("28 nov 2026 1:23 p. m.".to_owned(), false)
        );
        leasedesk_i18n::set_language_on_this_thread(Language::English);
    }
}
