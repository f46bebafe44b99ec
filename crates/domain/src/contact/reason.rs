//! Why the guard holds a contact, in parts: the window says it in its language; `Display`
//! says it in English for the command line's JSON and the logs' tests.

use std::fmt;

use chrono::{NaiveDate, NaiveDateTime};

use super::preference::{self, Action, Scope};
use crate::channel::Channel;

/// Why a contact is held.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Reason {
    /// The family's word stands: "They asked: stop texting (replied STOP), Nov 3, 2026, logged
    /// by Dana Ortiz. Only their consent lifts it."
    Asked {
        action: Action,
        scope: Scope,
        how: String,
        /// The day it was said, on the desk's clock.
        on: NaiveDate,
        by: String,
    },
    /// A day the law where they are allows no calls or texts.
    ClosedDay {
        holiday: bool,
        /// The state they are in; `None` where no single address settles it.
        state: Option<String>,
        /// Their clock now.
        local: NaiveDateTime,
        channel: Channel,
    },
    /// Outside the hours allowed where they are.
    Hours {
        state: Option<String>,
        local: NaiveDateTime,
        channel: Channel,
        /// Minutes from midnight.
        opens: u16,
        closes: u16,
        /// The hours are Saturday's own.
        saturday: bool,
    },
    /// The team's attempts in the last 24 hours reached the state's cap.
    Cap {
        count: usize,
        /// Who made the last attempt ("" when not known).
        by: String,
        /// The last attempt, on their clock.
        last: NaiveDateTime,
        /// The state whose cap it is; `None` for the strictest where several may apply.
        state: Option<String>,
        cap: u8,
    },
}

fn verb(channel: Channel) -> &'static str {
    if channel == Channel::Text {
        "texts"
    } else {
        "calls"
    }
}

fn where_(state: &Option<String>) -> String {
    match state {
        Some(state) => format!("in {state}"),
        None => "where they may be (no single address on file)".to_owned(),
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Asked {
                action,
                scope,
                how,
                on,
                by,
            } => {
                let how = if how.is_empty() {
                    String::new()
                } else {
                    format!(" ({how})")
                };
                let by = if by.is_empty() {
                    String::new()
                } else {
                    format!(", logged by {by}")
                };
                write!(
                    f,
                    "They asked: {}{how}, {}{by}. Only their consent lifts it.",
                    preference::phrase(*action, *scope),
                    on.format("%b %-d, %Y"),
                )
            }
            Reason::ClosedDay {
                holiday,
                state,
                local,
                channel,
            } => write!(
                f,
                "It is {} for them {} ({}), when the law there allows no {}.",
                if *holiday { "a holiday" } else { "Sunday" },
                where_(state),
                local.format("%a %-I:%M %P"),
                verb(*channel)
            ),
            Reason::Hours {
                state,
                local,
                channel,
                opens,
                closes,
                saturday,
            } => write!(
                f,
                "It is {} for them {}; {} are allowed {}–{}{} there.",
                local.format("%-I:%M %P"),
                where_(state),
                verb(*channel),
                super::rules::clock(*opens),
                super::rules::clock(*closes),
                if *saturday { " on Saturdays" } else { "" }
            ),
            Reason::Cap {
                count,
                by,
                last,
                state,
                cap,
            } => write!(
                f,
                "{count} calls or texts in the last 24 hours (the last by {} at {}); {} allows {cap}.",
                if by.is_empty() { "someone" } else { by },
                last.format("%a %-I:%M %P"),
                state.as_deref().unwrap_or("the strictest state"),
            ),
        }
    }
}
