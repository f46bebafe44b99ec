//! What is wrong with a director's calling rules (their hours, a community's, a line of the
//! states' table), as kinds; the window words them. `Display` is the English for logs and
//! tests.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesProblem {
    /// Hours that would open before 8 am or close after 9 pm.
    Wider,
    /// Hours that do not open before they close.
    Backwards,
    /// A time not written HH:MM: the start's (`start`) or the end's.
    NotATime { start: bool, text: String },
    /// A community's state that is no postal code.
    NotAState(String),
    /// One of a community's two times without the other.
    OneTime,
    /// More communities than the rules keep.
    TooManyCommunities(usize),
    /// A table longer than the rules keep, in KB.
    TableTooLong(usize),
    /// A table of more rows than the rules keep.
    TooManyRows(usize),
    /// A line of the table (the header is line 1) and what is wrong with it.
    Line { line: usize, problem: LineProblem },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineProblem {
    /// Not read as CSV (the reader's own detail).
    Unreadable(String),
    State,
    Opens,
    Closes,
    /// The state's hours are wider than the law's, or backwards.
    Hours(String),
    Cap,
    /// The state's row names no source.
    NoSource(String),
    SaturdayTimes,
    /// The state's Saturday hours are wider than its own, or backwards.
    SaturdayHours(String),
}

impl fmt::Display for RulesProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesProblem::Wider => {
                write!(
                    f,
                    "a community's hours may narrow the law's 8 am–9 pm, never widen it"
                )
            }
            RulesProblem::Backwards => write!(f, "the hours must open before they close"),
            RulesProblem::NotATime { start, text } => write!(
                f,
                "{} must be a time such as 09:00, not {text:?}",
                if *start { "The start" } else { "The end" }
            ),
            RulesProblem::NotAState(text) => write!(
                f,
                "State must be a two-letter postal code such as FL, not {text:?}"
            ),
            RulesProblem::OneTime => {
                write!(f, "give both times, or neither to keep the desk's hours")
            }
            RulesProblem::TooManyCommunities(most) => write!(f, "at most {most} communities"),
            RulesProblem::TableTooLong(kb) => write!(f, "the table is longer than {kb} KB"),
            RulesProblem::TooManyRows(most) => write!(f, "more than {most} rows"),
            RulesProblem::Line { line, problem } => write!(f, "line {line}: {problem}"),
        }
    }
}

impl fmt::Display for LineProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineProblem::Unreadable(detail) => write!(f, "{detail}"),
            LineProblem::State => write!(f, "state must be a two-letter postal code"),
            LineProblem::Opens => write!(f, "opens must be HH:MM"),
            LineProblem::Closes => write!(f, "closes must be HH:MM"),
            LineProblem::Hours(state) => write!(
                f,
                "{state}'s hours must lie within 8:00–21:00 and open before they close"
            ),
            LineProblem::Cap => write!(f, "cap_24h must be a number from 1"),
            LineProblem::NoSource(state) => write!(f, "{state} names no source"),
            LineProblem::SaturdayTimes => {
                write!(f, "sat_opens and sat_closes must be HH:MM (or both empty)")
            }
            LineProblem::SaturdayHours(state) => write!(
                f,
                "{state}'s Saturday hours must lie within its own and open before they close"
            ),
        }
    }
}
