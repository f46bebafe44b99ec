//! Who saw whom: each desk's append-only access log. Every entry names a case number, the user,
//! what happened and when (never a name or a personal field), sealed with AES-256-GCM and
//! chained by an HMAC over its number, the previous entry's MAC and the sealed bytes, under keys
//! derived from one key the OS keyring holds. Altering, removing, reordering or cutting entries
//! is found by [`verify`]; without the key nobody can write an entry that verifies.
//!
//! Files live in `<data>/audit/`: `access-<first entry>.log`, a new one begun (and the change
//! logged in both) when the current one passes [`ROTATE_AT`] bytes; the head (the last entry's
//! number and MAC, itself MAC'd) is kept beside them, so a cut tail is found too. Files whose
//! last entry is older than six years are deleted at start (45 CFR 164.316(b)(2)(i)).

pub(crate) mod desk;
mod format;
mod verify;

use std::io::Write;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

pub use desk::{KEY_VARIABLE, KeyProblem, desk_key};
pub use format::LogKey;
pub use verify::{Broken, How, Verified, read_all, verify};

/// A file is closed and a new one begun past this size.
pub const ROTATE_AT: u64 = 16 * 1024 * 1024;
/// Entries are kept this long (HIPAA keeps such records six years).
pub const KEEP_YEARS: i32 = 6;
/// Characters of an entry's detail kept.
pub const MAX_DETAIL: usize = 200;

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum What {
    CaseOpened,
    PersonShown,
    Exported,
    Printed,
    HandedOff,
    OverrideRefused,
    LogStarted,
    LogStopped,
    LogRotated,
}

impl What {
    pub fn name(self) -> &'static str {
        match self {
            What::CaseOpened => "case opened",
            What::PersonShown => "person's details shown",
            What::Exported => "export",
            What::Printed => "print",
            What::HandedOff => "outreach handed to the OS",
            What::OverrideRefused => "guard override refused",
            What::LogStarted => "log started",
            What::LogStopped => "log stopped",
            What::LogRotated => "log rotated",
        }
    }
}

/// One entry as written (inside the seal).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub at: DateTime<Utc>,
    pub user: String,
    pub what: What,
    /// The case's number, when it concerns one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case: Option<String>,
    /// What it held, in counts and kinds ("CSV, 1,594 cases"): never a name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
}

impl Entry {
    pub fn new(
        at: DateTime<Utc>,
        user: &str,
        what: What,
        case: Option<&str>,
        detail: &str,
    ) -> Self {
        Entry {
            at,
            user: user.chars().take(80).collect(),
            what,
            // A case number is digits; anything else is not kept.
            case: case
                .map(str::trim)
                .filter(|c| {
                    !c.is_empty() && c.len() <= 20 && c.chars().all(|ch| ch.is_ascii_digit())
                })
                .map(str::to_owned),
            detail: detail
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .take(MAX_DETAIL)
                .collect(),
        }
    }
}

/// `text` with every word that may be a name left out: only lowercase words, numbers and
/// punctuation are kept ("CSV of 1,594 cases"; "letter to Ruth Ellison" → "letter to … …").
pub fn counts_only(text: &str) -> String {
    text.split_whitespace()
        .map(|word| {
            let plain = word
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || ",.;:()%-–·".contains(c));
            if plain { word } else { "…" }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The log a desk appends to.
pub struct AccessLog {
    dir: PathBuf,
    key: LogKey,
    file: std::fs::File,
    file_len: u64,
    /// The next entry's number.
    next: u64,
    /// The last entry's MAC (zeros before the first).
    last: [u8; 32],
}

/// Why the log could not be opened or written.
#[derive(Debug, thiserror::Error)]
pub enum LogError {
    #[error("the access log could not be written: {0}")]
    Io(#[from] std::io::Error),
    #[error("the access log's last entry does not verify: {0}")]
    Broken(Broken),
}

impl AccessLog {
    /// Opens the log in `dir` (created if need be), deletes files past retention, and appends
    /// "log started" (saying when the last session ended without "log stopped").
    pub fn open(dir: &Path, key: LogKey, user: &str, now: DateTime<Utc>) -> Result<Self, LogError> {
        std::fs::create_dir_all(dir)?;
        verify::age_out(dir, &key, now);
        let tail = verify::tail(dir, &key).map_err(LogError::Broken)?;
        let (path, next, last, ended_cleanly) = match tail {
            Some(tail) => (
                tail.path,
                tail.seq + 1,
                tail.mac,
                tail.last_what == What::LogStopped,
            ),
            None => (format::file_name(dir, 1), 1, [0; 32], true),
        };
        let file = open_append(&path)?;
        let file_len = file.metadata()?.len();
        let mut log = AccessLog {
            dir: dir.to_path_buf(),
            key,
            file,
            file_len,
            next,
            last,
        };
        let detail = if ended_cleanly {
            ""
        } else {
            "the previous session ended without a stop entry"
        };
        log.append(&Entry::new(now, user, What::LogStarted, None, detail))?;
        Ok(log)
    }

    /// Appends `entry`, rotating first when the file is full.
    pub fn append(&mut self, entry: &Entry) -> Result<(), LogError> {
        if self.file_len >= ROTATE_AT {
            self.rotate(entry.at, &entry.user)?;
        }
        self.write(entry)
    }

    fn write(&mut self, entry: &Entry) -> Result<(), LogError> {
        let (line, mac) = format::line(&self.key, self.next, &self.last, entry)?;
        self.file.write_all(line.as_bytes())?;
        self.file_len += line.len() as u64;
        self.last = mac;
        format::write_head(&self.dir, &self.key, self.next, &mac)?;
        self.next += 1;
        Ok(())
    }

    fn rotate(&mut self, at: DateTime<Utc>, user: &str) -> Result<(), LogError> {
        let to = format::file_name(&self.dir, self.next + 1);
        let name = to
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        self.write(&Entry::new(
            at,
            user,
            What::LogRotated,
            None,
            &format!("continued in {name}"),
        ))?;
        self.file = open_append(&to)?;
        self.file_len = 0;
        self.write(&Entry::new(
            at,
            user,
            What::LogRotated,
            None,
            "continued from the previous file",
        ))
    }

    /// Appends "log stopped".
    pub fn close(mut self, user: &str, now: DateTime<Utc>) -> Result<(), LogError> {
        self.append(&Entry::new(now, user, What::LogStopped, None, ""))?;
        self.file.sync_all()?;
        Ok(())
    }

    /// Entries written so far (the next one's number less one).
    pub fn count(&self) -> u64 {
        self.next - 1
    }
}

fn open_append(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)
}

#[cfg(test)]
mod tests;
