//! Reading timestamps as the live service writes them. It writes ISO 8601 with an offset; for a
//! date stored without a zone ASP.NET writes none (`2026-11-22T10:00:00`), and such a time is
//! read in the API user's time zone. A timestamp outside the years 1900 to 2200 is refused where
//! it is read, naming its field: no real record has one, and date arithmetic further on must not
//! meet one. Timestamps are written with their offset, as chrono writes them.

use std::cell::Cell;

use chrono::{DateTime, Datelike, NaiveDateTime, TimeZone};
use chrono_tz::Tz;
use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

use super::Timestamp;

pub const FIRST_YEAR: i32 = 1900;
pub const LAST_YEAR: i32 = 2200;

thread_local! {
    static ZONE: Cell<Option<Tz>> = const { Cell::new(None) };
}

/// Runs `read` with timestamps that carry no offset read in `zone` (UTC when `None`).
pub fn reading_in<R>(zone: Option<Tz>, read: impl FnOnce() -> R) -> R {
    let before = ZONE.with(|z| z.replace(zone));
    let result = read();
    ZONE.with(|z| z.set(before));
    result
}

/// A timestamp as text: with an offset, or without one in the reading zone.
pub fn parse(text: &str) -> Result<Timestamp, String> {
    let text = text.trim();
    let parsed = DateTime::parse_from_rfc3339(text)
        .or_else(|_| text.parse::<Timestamp>())
        .ok()
        .or_else(|| {
            let naive = [
                "%Y-%m-%dT%H:%M:%S%.f",
                "%Y-%m-%d %H:%M:%S%.f",
                "%Y-%m-%dT%H:%M",
            ]
            .iter()
            .find_map(|f| NaiveDateTime::parse_from_str(text, f).ok())?;
            let zone = ZONE.with(Cell::get).unwrap_or(Tz::UTC);
            zone.from_local_datetime(&naive)
                .earliest()
                .map(|t| t.fixed_offset())
        })
        .ok_or_else(|| format!("{text:?} is not a date and time"))?;
    if !(FIRST_YEAR..=LAST_YEAR).contains(&parsed.year()) {
        return Err(format!(
            "{text:?} is outside the years {FIRST_YEAR} to {LAST_YEAR}"
        ));
    }
    Ok(parsed)
}

/// What a record that cannot be read says of a bad timestamp: never the text itself (it may be
/// anything the service sent), and marked as LeaseDesk's own words ([`crate::redact`]).
const NOT_A_STAMP: &str = "LeaseDesk: not a date and time in the years 1900 to 2200";

pub fn serialize<S: Serializer>(t: &Timestamp, s: S) -> Result<S::Ok, S::Error> {
    t.serialize(s)
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Timestamp, D::Error> {
    let text = String::deserialize(d)?;
    parse(&text).map_err(|_| D::Error::custom(NOT_A_STAMP))
}

/// The same for fields that may be absent or null.
pub mod option {
    use super::*;

    pub fn serialize<S: Serializer>(t: &Option<Timestamp>, s: S) -> Result<S::Ok, S::Error> {
        t.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Timestamp>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(text) => parse(&text)
                .map(Some)
                .map_err(|_| D::Error::custom(NOT_A_STAMP)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_are_kept_and_offsetless_times_are_read_in_the_users_zone() {
        let with = parse("2026-11-22T10:00:00.250-05:00").unwrap();
        assert_eq!(with.to_rfc3339(), "2026-11-22T10:00:00.250-05:00");
        assert_eq!(
            parse("2026-11-22T15:00:00Z")
                .unwrap()
                .offset()
                .local_minus_utc(),
            0
        );
        let eastern = reading_in(Some(Tz::America__New_York), || parse("2026-11-22T10:00:00"));
        assert_eq!(eastern.unwrap().to_rfc3339(), "2026-11-22T10:00:00-05:00");
        let summer = reading_in(Some(Tz::America__New_York), || {
            parse("2026-07-01T10:00:00.5")
        });
        assert_eq!(
            summer.unwrap().to_rfc3339(),
            "2026-07-01T10:00:00.500-04:00"
        );
        assert_eq!(
            parse("2026-11-22T10:00:00").unwrap().to_rfc3339(),
            "2026-11-22T10:00:00+00:00",
            "UTC when no zone is known"
        );
    }

    #[test]
    fn absurd_years_and_garbage_are_refused() {
        for text in [
            "+262142-12-31T23:30:00Z",
            "+100000-01-01T00:00:00Z",
            "1899-12-31T23:59:59Z",
            "2201-01-01T00:00:00Z",
            "yesterday",
            "",
        ] {
            assert!(parse(text).is_err(), "{text:?} should be refused");
        }
        assert!(parse("1900-01-01T00:00:00Z").is_ok());
        assert!(parse("2200-12-31T23:59:59Z").is_ok());
    }
}
