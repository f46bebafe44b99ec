//! Reading a phone system's call export (CSV): the common layouts are known by their header,
//! another is read through a mapping of its columns the user sets once. Every row is checked
//! before anything is logged; a file that is not a call export is refused naming the line.

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

use super::{Call, Direction};

/// Calls read from one file at most.
pub const MAX_CALLS: usize = 100_000;
/// Bytes read from one file at most.
pub const MAX_BYTES: usize = 50 * 1024 * 1024;
/// The longest cell read, in characters.
pub const MAX_CELL: usize = 200;

/// Where each of a call's facts is in the file, by column name.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Columns {
    pub caller: String,
    pub callee: String,
    /// The start, whole ("2026-11-20 15:04"), or its day when `time` names the time's column.
    pub start: String,
    #[serde(default)]
    pub time: Option<String>,
    pub duration: String,
    pub direction: String,
    pub answered: String,
}

/// A layout a phone system exports, known by its header.
pub struct Preset {
    pub name: &'static str,
    columns: [&'static str; 7],
}

/// The layouts read without a mapping: LeaseDesk's own, RingCentral's call log, 3CX's.
pub const PRESETS: [Preset; 3] = [
    Preset {
        name: "LeaseDesk",
        columns: [
            "caller",
            "callee",
            "start",
            "",
            "duration",
            "direction",
            "answered",
        ],
    },
    Preset {
        name: "RingCentral",
        columns: [
            "From",
            "To",
            "Date",
            "Time",
            "Duration",
            "Direction",
            "Result",
        ],
    },
    Preset {
        name: "3CX",
        columns: [
            "From",
            "To",
            "Call Time",
            "",
            "Talking",
            "Direction",
            "Status",
        ],
    },
];

impl Preset {
    pub fn columns(&self) -> Columns {
        let [caller, callee, start, time, duration, direction, answered] = self.columns;
        Columns {
            caller: caller.into(),
            callee: callee.into(),
            start: start.into(),
            time: (!time.is_empty()).then(|| time.into()),
            duration: duration.into(),
            direction: direction.into(),
            answered: answered.into(),
        }
    }
}

impl Columns {
    /// "caller=From,callee=To,start=Date,time=Time,duration=Secs,direction=Dir,answered=Result"
    /// (the command line's `--columns`).
    pub fn parse(spec: &str) -> Result<Columns, String> {
        let mut found: std::collections::HashMap<&str, String> = Default::default();
        for part in spec.split(',').filter(|p| !p.trim().is_empty()) {
            let (key, column) = part
                .split_once('=')
                .ok_or_else(|| format!("{part:?} is not fact=column"))?;
            let key = key.trim();
            if ![
                "caller",
                "callee",
                "start",
                "time",
                "duration",
                "direction",
                "answered",
            ]
            .contains(&key)
            {
                return Err(format!(
                    "{key:?} is not one of caller, callee, start, time, duration, direction, answered"
                ));
            }
            found.insert(key, column.trim().to_owned());
        }
        let mut take = |key: &str| {
            found
                .remove(key)
                .ok_or_else(|| format!("the columns do not say where {key} is"))
        };
        Ok(Columns {
            caller: take("caller")?,
            callee: take("callee")?,
            start: take("start")?,
            time: take("time").ok(),
            duration: take("duration")?,
            direction: take("direction")?,
            answered: take("answered")?,
        })
    }
}

/// The most columns a header offers to map (a wider file is cut there).
pub const MAX_COLUMNS: usize = 60;

/// The column names of a file's first line, to map a layout no preset knows.
pub fn header_of(bytes: &[u8]) -> Vec<String> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let Some(Ok(first)) = reader.records().next() else {
        return Vec::new();
    };
    first
        .iter()
        .map(|h| h.trim().chars().take(MAX_CELL).collect::<String>())
        .filter(|h| !h.is_empty())
        .take(MAX_COLUMNS)
        .collect()
}

impl Columns {
    /// The facts a mapping names, in order, with the words a column for each is likely to
    /// carry (to offer a first guess).
    pub const FACTS: [(&'static str, &'static [&'static str]); 7] = [
        ("caller", &["caller", "from", "calling"]),
        ("callee", &["callee", "to", "dialed", "called"]),
        ("start", &["start", "date", "when", "time"]),
        ("time", &[]),
        (
            "duration",
            &["duration", "length", "secs", "seconds", "talk"],
        ),
        ("direction", &["direction", "dir", "type"]),
        ("answered", &["answered", "result", "status", "picked"]),
    ];

    /// A mapping from one column name per fact (`time` may be empty: the start holds it);
    /// refused with the first fact no column was chosen for.
    pub fn from_choices(choices: &[String; 7]) -> Result<Columns, &'static str> {
        for (i, (fact, _)) in Columns::FACTS.iter().enumerate() {
            if *fact != "time" && choices[i].trim().is_empty() {
                return Err(fact);
            }
        }
        Ok(Columns {
            caller: choices[0].clone(),
            callee: choices[1].clone(),
            start: choices[2].clone(),
            time: (!choices[3].trim().is_empty()).then(|| choices[3].clone()),
            duration: choices[4].clone(),
            direction: choices[5].clone(),
            answered: choices[6].clone(),
        })
    }

    /// A first guess from a header: for each fact, the first column whose name has its words.
    pub fn guess(header: &[String]) -> [String; 7] {
        let mut out: [String; 7] = Default::default();
        for (i, (_, words)) in Columns::FACTS.iter().enumerate() {
            if let Some(column) = header.iter().find(|h| {
                let h = h.to_lowercase();
                words.iter().any(|w| {
                    h.split(|c: char| !c.is_alphanumeric())
                        .any(|part| part == *w)
                })
            }) {
                out[i] = column.clone();
            }
        }
        out
    }
}

/// The layout a file was read by when it was read through the user's own mapping.
pub const YOUR_COLUMNS: &str = "your columns";

/// A file that cannot be read as calls: the line and what is wrong there.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportError {
    pub line: usize,
    pub problem: ExportProblem,
}

/// What is wrong with a call export (the window words it; `Display` is the English for the
/// command line and logs).
#[derive(Debug, Clone, PartialEq)]
pub enum ExportProblem {
    /// Over [`MAX_BYTES`].
    TooLarge,
    /// Not UTF-8 text.
    NotText,
    Empty,
    /// The header row could not be read (the reader's own detail).
    Header(String),
    /// The header is none of the known layouts.
    UnknownLayout,
    /// A column the mapping names is not in the header.
    NoColumn(String),
    /// A row could not be read (the reader's own detail).
    NotRead(String),
    /// More than [`MAX_CALLS`] calls.
    TooManyCalls,
    /// A cell longer than the reader takes: which fact ("start", "time", "caller", "callee",
    /// "duration", "direction", "result").
    CellTooLong(&'static str),
    /// The cell as written.
    Direction(String),
    Start(String),
    Duration(String),
    Result(String),
}

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

impl std::fmt::Display for ExportProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExportProblem::TooLarge => write!(f, "the file is over {} MB", MAX_BYTES / 1024 / 1024),
            ExportProblem::NotText => write!(f, "the file is not text (UTF-8)"),
            ExportProblem::Empty => write!(f, "the file is empty"),
            ExportProblem::Header(detail) => write!(f, "not a call export: {detail}"),
            ExportProblem::UnknownLayout => write!(
                f,
                "not a call export: the header is none of the known layouts ({}); set which column is which",
                preset_names()
            ),
            ExportProblem::NoColumn(name) => {
                write!(f, "not a call export: no column {name:?} in the header")
            }
            ExportProblem::NotRead(detail) => write!(f, "not read: {detail}"),
            ExportProblem::TooManyCalls => {
                write!(f, "more than {MAX_CALLS} calls in one file: split it")
            }
            ExportProblem::CellTooLong(what) => {
                write!(f, "the {what} is over {MAX_CELL} characters")
            }
            ExportProblem::Direction(text) => {
                write!(f, "the direction {text:?} is neither in nor out")
            }
            ExportProblem::Start(text) => write!(f, "the start {text:?} is not a date and time"),
            ExportProblem::Duration(text) => {
                write!(f, "the duration {text:?} is not seconds or h:mm:ss")
            }
            ExportProblem::Result(text) => {
                write!(f, "the result {text:?} says neither answered nor missed")
            }
        }
    }
}

/// The known layouts' names: "LeaseDesk, RingCentral, 3CX".
pub fn preset_names() -> String {
    PRESETS
        .iter()
        .map(|p| p.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The calls of an export, with the layout they were read by.
#[derive(Debug, Clone, PartialEq)]
pub struct Export {
    pub layout: String,
    pub calls: Vec<Call>,
}

/// Reads `bytes` as a call export: by `columns` when given, else by the preset whose columns
/// the header has. Times without an offset are the phone system's, taken in `zone`.
pub fn read(bytes: &[u8], columns: Option<&Columns>, zone: Tz) -> Result<Export, ExportError> {
    let fail = |line: usize, problem: ExportProblem| ExportError { line, problem };
    if bytes.len() > MAX_BYTES {
        return Err(fail(0, ExportProblem::TooLarge));
    }
    let text =
        std::str::from_utf8(bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes)).map_err(|e| {
            let line = 1 + bytes[..e.valid_up_to()]
                .iter()
                .filter(|b| **b == b'\n')
                .count();
            fail(line, ExportProblem::NotText)
        })?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut records = reader.records();
    let header = match records.next() {
        Some(Ok(h)) => h,
        Some(Err(e)) => return Err(fail(1, ExportProblem::Header(e.to_string()))),
        None => return Err(fail(1, ExportProblem::Empty)),
    };
    let header: Vec<String> = header.iter().map(|h| h.trim().to_owned()).collect();
    let position = |name: &str| header.iter().position(|h| h.eq_ignore_ascii_case(name));
    let (layout, columns) = match columns {
        Some(c) => (YOUR_COLUMNS.to_owned(), c.clone()),
        None => PRESETS
            .iter()
            .map(|p| (p.name.to_owned(), p.columns()))
            .find(|(_, c)| c.names().iter().all(|n| position(n).is_some()))
            .ok_or_else(|| fail(1, ExportProblem::UnknownLayout))?,
    };
    let mut at = Vec::new();
    for name in columns.names() {
        at.push(position(&name).ok_or_else(|| {
            fail(
                1,
                ExportProblem::NoColumn(name.chars().take(MAX_CELL).collect()),
            )
        })?);
    }
    let time_at = columns.time.as_ref().map(|_| at[3]);
    let (caller, callee, start) = (at[0], at[1], at[2]);
    let (duration, direction, answered) = (at[at.len() - 3], at[at.len() - 2], at[at.len() - 1]);
    let mut calls = Vec::new();
    for (index, record) in records.enumerate() {
        let line = index + 2;
        let record = record.map_err(|e| fail(line, ExportProblem::NotRead(e.to_string())))?;
        if record.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        if calls.len() == MAX_CALLS {
            return Err(fail(line, ExportProblem::TooManyCalls));
        }
        let cell = |i: usize, what: &'static str| -> Result<&str, ExportError> {
            let text = record.get(i).unwrap_or("").trim();
            if text.chars().count() > MAX_CELL {
                return Err(fail(line, ExportProblem::CellTooLong(what)));
            }
            Ok(text)
        };
        let when = match time_at {
            Some(t) => format!("{} {}", cell(start, "start")?, cell(t, "time")?),
            None => cell(start, "start")?.to_owned(),
        };
        calls.push(Call {
            line,
            direction: direction_of(cell(direction, "direction")?).ok_or_else(|| {
                let text = cell(direction, "direction").unwrap_or("");
                fail(line, ExportProblem::Direction(text.to_owned()))
            })?,
            caller: cell(caller, "caller")?.to_owned(),
            callee: cell(callee, "callee")?.to_owned(),
            start: start_of(&when, zone)
                .ok_or_else(|| fail(line, ExportProblem::Start(when.clone())))?,
            seconds: seconds_of(cell(duration, "duration")?).ok_or_else(|| {
                let text = cell(duration, "duration").unwrap_or("");
                fail(line, ExportProblem::Duration(text.to_owned()))
            })?,
            answered: answered_of(cell(answered, "result")?).ok_or_else(|| {
                let text = cell(answered, "result").unwrap_or("");
                fail(line, ExportProblem::Result(text.to_owned()))
            })?,
        });
    }
    Ok(Export { layout, calls })
}

impl Columns {
    /// The column names, in the order caller, callee, start, [time], duration, direction,
    /// answered.
    fn names(&self) -> Vec<String> {
        let mut names = vec![self.caller.clone(), self.callee.clone(), self.start.clone()];
        names.extend(self.time.clone());
        names.extend([
            self.duration.clone(),
            self.direction.clone(),
            self.answered.clone(),
        ]);
        names
    }
}

fn direction_of(text: &str) -> Option<Direction> {
    match text.to_ascii_lowercase().as_str() {
        "in" | "inbound" | "incoming" | "i" => Some(Direction::In),
        "out" | "outbound" | "outgoing" | "o" => Some(Direction::Out),
        _ => None,
    }
}

fn answered_of(text: &str) -> Option<bool> {
    match text.to_ascii_lowercase().as_str() {
        "yes" | "y" | "true" | "1" | "answered" | "accepted" | "call connected" | "connected"
        | "completed" | "reached" => Some(true),
        "no" | "n" | "false" | "0" | "missed" | "unanswered" | "no answer" | "voicemail"
        | "busy" | "hang up" | "abandoned" | "not answered" => Some(false),
        _ => None,
    }
}

/// Seconds, "252", "252s", "4:12" or "0:04:12".
fn seconds_of(text: &str) -> Option<u32> {
    let text = text.trim_end_matches(['s', 'S']).trim();
    if let Ok(n) = text.parse::<u32>() {
        return (n <= 86_400).then_some(n);
    }
    let parts: Vec<u32> = text
        .split(':')
        .map(|p| p.parse::<u32>().ok())
        .collect::<Option<_>>()?;
    let n = match parts[..] {
        [m, s] if s < 60 => m * 60 + s,
        [h, m, s] if m < 60 && s < 60 => h * 3600 + m * 60 + s,
        _ => return None,
    };
    (n <= 86_400).then_some(n)
}

/// A moment with an offset, or a local one in `zone`: "2026-11-20 15:04[:05]",
/// "2026-11-20T15:04", "11/20/2026 3:04 PM", "Fri 11/20/2026 3:04:05 PM".
fn start_of(text: &str, zone: Tz) -> Option<DateTime<Utc>> {
    let text = text.trim();
    if let Ok(at) = DateTime::parse_from_rfc3339(text) {
        return Some(at.with_timezone(&Utc));
    }
    // A weekday in front ("Fri 11/20/2026") is dropped.
    let text = match text.split_once(' ') {
        Some((first, rest)) if first.chars().all(|c| c.is_ascii_alphabetic()) => rest,
        _ => text,
    };
    let (day_text, time_text) = text.split_once([' ', 'T'])?;
    let day = ["%Y-%m-%d", "%m/%d/%Y", "%m/%d/%y"]
        .iter()
        .find_map(|f| NaiveDate::parse_from_str(day_text.trim(), f).ok())?;
    let time_text = time_text.trim().to_ascii_uppercase();
    let time = [
        "%H:%M:%S",
        "%H:%M",
        "%I:%M:%S %p",
        "%I:%M %p",
        "%I:%M:%S%p",
        "%I:%M%p",
    ]
    .iter()
    .find_map(|f| NaiveTime::parse_from_str(&time_text, f).ok())?;
    let local = NaiveDateTime::new(day, time);
    // A time the clocks skipped is read an hour on; one they repeated, the first time.
    zone.from_local_datetime(&local)
        .earliest()
        .or_else(|| {
            zone.from_local_datetime(&(local + chrono::Duration::hours(1)))
                .earliest()
        })
        .map(|at| at.with_timezone(&Utc))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_layout_no_preset_knows_is_guessed_then_read_by_the_mapping() {
        let file = "Caller ID,Dialed,When,Secs,Dir,Picked up\n\
                    (614) 555-0100,(614) 555-0199,2026-11-20 15:04,252,in,yes\n";
        assert!(read(file.as_bytes(), None, chrono_tz::UTC).is_err());
        let header = header_of(file.as_bytes());
        assert_eq!(header.len(), 6);
        let guess = Columns::guess(&header);
        assert_eq!(
            guess,
            [
                "Caller ID",
                "Dialed",
                "When",
                "",
                "Secs",
                "Dir",
                "Picked up"
            ]
            .map(String::from)
        );
        let columns = Columns::from_choices(&guess).unwrap();
        let export = read(file.as_bytes(), Some(&columns), chrono_tz::UTC).unwrap();
        assert_eq!(export.calls.len(), 1);
        assert_eq!(export.calls[0].seconds, 252);
        let mut missing = guess.clone();
        missing[4].clear();
        assert_eq!(Columns::from_choices(&missing).unwrap_err(), "duration");
    }

    use super::*;

    const CHICAGO: Tz = chrono_tz::America::Chicago;

    #[test]
    fn each_preset_is_known_by_its_header() {
        let ours = "caller,callee,start,duration,direction,answered\n(614) 555-0199,614-555-0100,2026-11-20 09:04,252,in,yes\n";
        let export = read(ours.as_bytes(), None, CHICAGO).unwrap();
        assert_eq!(export.layout, "LeaseDesk");
        let call = &export.calls[0];
        assert_eq!(
            (call.line, call.direction, call.seconds, call.answered),
            (2, Direction::In, 252, true)
        );
        assert_eq!(
            call.start,
            "2026-11-20T15:04:00Z".parse::<DateTime<Utc>>().unwrap()
        );

        let ring = "\u{feff}Type,From,To,Date,Time,Action,Result,Duration,Direction\nVoice,(614) 555-0100,(614) 555-0199,Fri 11/20/2026,3:04:05 PM,Phone Call,Missed,0:00:00,Outbound\n";
        let export = read(ring.as_bytes(), None, CHICAGO).unwrap();
        assert_eq!(export.layout, "RingCentral");
        let call = &export.calls[0];
        assert_eq!(
            (call.direction, call.answered, call.other_party()),
            (Direction::Out, false, "(614) 555-0199")
        );
        assert_eq!(
            call.start,
            "2026-11-20T21:04:05Z".parse::<DateTime<Utc>>().unwrap()
        );

        let cx = "Call Time,From,To,Direction,Status,Ringing,Talking\n2026-11-20T09:00:00-05:00,6145550199,100,Inbound,Unanswered,00:00:20,00:00:00\n";
        let export = read(cx.as_bytes(), None, CHICAGO).unwrap();
        assert_eq!(export.layout, "3CX");
        assert_eq!(
            export.calls[0].start,
            "2026-11-20T14:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
    }

    #[test]
    fn a_file_that_is_not_calls_is_refused_naming_the_line() {
        let units = "CommunityUnique,Number\nmaple,101\n";
        let e = read(units.as_bytes(), None, CHICAGO).unwrap_err();
        assert_eq!(e.line, 1);
        assert_eq!(e.problem, ExportProblem::UnknownLayout, "{e}");
        let bad = "caller,callee,start,duration,direction,answered\n1,2,2026-11-20 09:04,252,in,yes\n1,2,tomorrow,252,in,yes\n";
        let e = read(bad.as_bytes(), None, CHICAGO).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3: the start \"tomorrow\" is not a date and time"
        );
        let bad = "caller,callee,start,duration,direction,answered\n1,2,2026-11-20 09:04,252,sideways,yes\n";
        assert_eq!(read(bad.as_bytes(), None, CHICAGO).unwrap_err().line, 2);
        assert_eq!(read(b"\xff\xfe", None, CHICAGO).unwrap_err().line, 1);
    }

    #[test]
    fn a_mapping_reads_a_layout_no_preset_knows() {
        let columns = Columns::parse(
            "caller=Who,callee=Whom,start=When,duration=Secs,direction=Way,answered=Picked",
        )
        .unwrap();
        let file =
            "When,Who,Whom,Secs,Way,Picked\n11/20/2026 9:04 AM,614 555 0199,100,4:12,incoming,1\n";
        let export = read(file.as_bytes(), Some(&columns), CHICAGO).unwrap();
        assert_eq!(export.calls[0].seconds, 252);
        assert!(Columns::parse("caller=Who").is_err());
        assert!(Columns::parse("colour=Red").is_err());
    }
}
