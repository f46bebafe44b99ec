//! Timestamps are stored as RFC 3339 text in UTC with milliseconds, so text order is time order.

use chrono::{DateTime, SecondsFormat, Utc};
use chrono_tz::Tz;

use crate::api::model::Timestamp;

pub fn store(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// A stored time shown in the API user's zone (bad text, which only a hand-edited database
/// could hold, shows as the epoch rather than failing the whole read).
pub fn show(text: &str, tz: Tz) -> Timestamp {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&tz).fixed_offset())
        .unwrap_or_default()
}

pub fn show_opt(text: Option<String>, tz: Tz) -> Option<Timestamp> {
    text.map(|t| show(&t, tz))
}
