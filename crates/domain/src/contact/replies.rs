//! A messaging tool's log of texts received (CSV with the columns `from`, `at`, `text`): each
//! row checked before anything is logged, and the replies that revoke consent picked out.

use chrono::{DateTime, NaiveDateTime, TimeZone, Utc};
use chrono_tz::Tz;

use super::preference::is_stop_reply;

/// Rows read from one file at most.
pub const MAX_REPLIES: usize = 100_000;
/// Bytes read from one file at most.
pub const MAX_BYTES: usize = 20 * 1024 * 1024;
pub const MAX_CELL: usize = 2_000;

/// One message received.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    /// The line of the file it is on (the header is line 1).
    pub line: usize,
    pub from: String,
    pub at: DateTime<Utc>,
    pub text: String,
}

impl Reply {
    pub fn is_stop(&self) -> bool {
        is_stop_reply(&self.text)
    }
}

/// Why a reply log was not read: the line and what is wrong. The command line words each
/// kind; `Display` is the English for logs and tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplyProblem {
    TooBig,
    NoHeader(String),
    NoColumn(&'static str),
    NotRead { line: usize, detail: String },
    TooMany,
    CellTooLong { line: usize },
    BadTime { line: usize, text: String },
    NoSender { line: usize },
}

impl std::fmt::Display for ReplyProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplyProblem::TooBig => write!(f, "is over {} MB: split it", MAX_BYTES / 1024 / 1024),
            ReplyProblem::NoHeader(e) => write!(f, "has no header line: {e}"),
            ReplyProblem::NoColumn(name) => {
                write!(
                    f,
                    "line 1: needs the columns from, at and text (no {name:?})"
                )
            }
            ReplyProblem::NotRead { line, detail } => write!(f, "line {line}: {detail}"),
            ReplyProblem::TooMany => write!(
                f,
                "holds more than {} messages: split it",
                crate::format::thousands(MAX_REPLIES as u64)
            ),
            ReplyProblem::CellTooLong { line } => {
                write!(
                    f,
                    "line {line}: a cell is over {} characters",
                    crate::format::thousands(MAX_CELL as u64)
                )
            }
            ReplyProblem::BadTime { line, text } => write!(
                f,
                "line {line}: at must be a time such as 2026-11-20 15:04 or \
                 2026-11-20T15:04:00-05:00, not {text:?}"
            ),
            ReplyProblem::NoSender { line } => write!(f, "line {line}: from is empty"),
        }
    }
}

/// Reads the log; times without an offset are in `zone`. An error names the line and what is
/// wrong, and nothing is read.
pub fn read(bytes: &[u8], zone: Tz) -> Result<Vec<Reply>, ReplyProblem> {
    if bytes.len() > MAX_BYTES {
        return Err(ReplyProblem::TooBig);
    }
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(bytes);
    let header: Vec<String> = reader
        .headers()
        .map_err(|e| ReplyProblem::NoHeader(e.to_string()))?
        .iter()
        .map(|h| h.trim().to_ascii_lowercase())
        .collect();
    let column = |name: &'static str| {
        header
            .iter()
            .position(|h| h == name)
            .ok_or(ReplyProblem::NoColumn(name))
    };
    let (from, at, text) = (column("from")?, column("at")?, column("text")?);
    let mut replies = Vec::new();
    for (n, record) in reader.records().enumerate() {
        let line = n + 2;
        let record = record.map_err(|e| ReplyProblem::NotRead {
            line,
            detail: e.to_string(),
        })?;
        if replies.len() == MAX_REPLIES {
            return Err(ReplyProblem::TooMany);
        }
        let cell = |i: usize| record.get(i).unwrap_or("").trim();
        if [from, at, text].iter().any(|i| cell(*i).len() > MAX_CELL) {
            return Err(ReplyProblem::CellTooLong { line });
        }
        let when = moment(cell(at), zone).ok_or_else(|| ReplyProblem::BadTime {
            line,
            text: cell(at).to_owned(),
        })?;
        if cell(from).is_empty() {
            return Err(ReplyProblem::NoSender { line });
        }
        replies.push(Reply {
            line,
            from: cell(from).to_owned(),
            at: when,
            text: cell(text).to_owned(),
        });
    }
    Ok(replies)
}

fn moment(text: &str, zone: Tz) -> Option<DateTime<Utc>> {
    if let Ok(at) = DateTime::parse_from_rfc3339(text) {
        return Some(at.with_timezone(&Utc));
    }
    [
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%d %H:%M",
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%dT%H:%M",
    ]
    .iter()
    .find_map(|f| NaiveDateTime::parse_from_str(text, f).ok())
    .and_then(|local| zone.from_local_datetime(&local).earliest())
    .map(|at| at.with_timezone(&Utc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_is_read_and_its_stop_replies_picked_out() {
        let text = "From,At,Text\n\"(614) 555-0101\",2026-11-20 15:04,Stop.\n6145550102,2026-11-20T15:05:00-05:00,\"Yes, Tuesday works\"\n";
        let replies = read(text.as_bytes(), chrono_tz::America::New_York).unwrap();
        assert_eq!(replies.len(), 2);
        assert!(replies[0].is_stop() && !replies[1].is_stop());
        assert_eq!(replies[0].at, replies[1].at - chrono::Duration::minutes(1));
        assert_eq!(replies[1].line, 3);
    }

    #[test]
    fn a_file_that_is_not_a_reply_log_is_refused_naming_the_line() {
        let zone = chrono_tz::UTC;
        assert_eq!(
            read(b"caller,callee\n1,2\n", zone).unwrap_err(),
            ReplyProblem::NoColumn("from")
        );
        let bad_time = read(b"from,at,text\n614,yesterday,STOP\n", zone).unwrap_err();
        assert!(
            bad_time.to_string().starts_with("line 2: at must be"),
            "{bad_time}"
        );
        let no_from = read(b"from,at,text\n,2026-11-20 15:04,STOP\n", zone).unwrap_err();
        assert_eq!(no_from, ReplyProblem::NoSender { line: 2 });
        assert_eq!(no_from.to_string(), "line 2: from is empty");
        let long = format!("from,at,text\n614,2026-11-20 15:04,{}\n", "x".repeat(3000));
        assert_eq!(
            read(long.as_bytes(), zone).unwrap_err(),
            ReplyProblem::CellTooLong { line: 2 }
        );
    }
}
