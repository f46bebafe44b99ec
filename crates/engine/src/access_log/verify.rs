//! Reading the access log back: the whole chain verified (each MAC, each number in turn, each
//! entry linked to the one before, the head matched), the first break named; the tail the next
//! session continues from; files past retention deleted.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::format::{self, LogKey};
use super::{Entry, KEEP_YEARS, What};

/// A whole chain.
#[derive(Debug, Clone, PartialEq)]
pub struct Verified {
    pub entries: u64,
    pub files: usize,
    /// The first entry kept (earlier ones were deleted past retention).
    pub first: u64,
}

/// Where the chain breaks first.
#[derive(Debug, Clone, PartialEq)]
pub struct Broken {
    pub entry: u64,
    pub file: PathBuf,
    pub how: How,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    Altered,
    Removed,
    Reordered,
    Truncated,
}

impl std::fmt::Display for Broken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let file = self
            .file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match self.how {
            How::Altered => write!(f, "entry {} ({file}) was altered", self.entry),
            How::Removed => write!(f, "entry {} ({file}) was removed", self.entry),
            How::Reordered => write!(f, "entry {} ({file}) is out of order", self.entry),
            How::Truncated => write!(
                f,
                "the log was cut: entries from {} on are missing ({file})",
                self.entry
            ),
        }
    }
}

/// Walks every file in order; `each` sees each verified entry's number and sealed bytes.
fn walk(dir: &Path, key: &LogKey, mut each: impl FnMut(u64, &[u8])) -> Result<Verified, Broken> {
    let files = format::files(dir);
    let head = format::read_head(dir, key);
    let broken = |entry: u64, file: &Path, how: How| Broken {
        entry,
        file: file.to_path_buf(),
        how,
    };
    let head_file = dir.join("access.head");
    let head = head.map_err(|()| broken(0, &head_file, How::Altered))?;
    let mut expected: Option<u64> = None;
    let mut last = [0u8; 32];
    let mut first = 0;
    for (n, path) in files.iter().enumerate() {
        let text = std::fs::read_to_string(path)
            .map_err(|_| broken(expected.unwrap_or(1), path, How::Altered))?;
        let whole_lines = text.ends_with('\n') || text.is_empty();
        let lines: Vec<&str> = text.lines().collect();
        for (i, raw) in lines.iter().enumerate() {
            let at = expected.unwrap_or(1);
            if i + 1 == lines.len() && !whole_lines {
                return Err(broken(at, path, How::Truncated));
            }
            let Some(line) = format::parse(raw) else {
                return Err(broken(at, path, How::Altered));
            };
            if key.mac(line.seq, &line.prev, &line.sealed) != line.mac {
                return Err(broken(line.seq.max(at), path, How::Altered));
            }
            match expected {
                None => {
                    first = line.seq;
                    // A file is named after its first entry: a first entry removed shows here.
                    if format::file_name(dir, line.seq) != *path {
                        let named = format::first_of(path).unwrap_or(line.seq);
                        return Err(broken(named, path, How::Removed));
                    }
                }
                Some(want) if line.seq != want => {
                    let want_text = want.to_string();
                    let is_want = |l: &str| l.split('\t').next() == Some(want_text.as_str());
                    let comes_later = lines[i + 1..].iter().any(|l| is_want(l))
                        || files[n + 1..].iter().any(|p| {
                            std::fs::read_to_string(p).is_ok_and(|t| t.lines().any(is_want))
                        });
                    let how = if comes_later || line.seq < want {
                        How::Reordered
                    } else {
                        How::Removed
                    };
                    return Err(broken(want, path, how));
                }
                Some(_) if line.prev != last => return Err(broken(line.seq, path, How::Removed)),
                Some(_) => {}
            }
            if let Some((seq, mac)) = head
                && seq == line.seq
                && mac != line.mac
            {
                return Err(broken(seq, path, How::Altered));
            }
            each(line.seq, &line.sealed);
            last = line.mac;
            expected = Some(line.seq + 1);
        }
    }
    let entries = expected.map_or(0, |e| e - first);
    if let Some((seq, _)) = head
        && expected.is_none_or(|e| seq >= e)
    {
        let file = files.last().cloned().unwrap_or(head_file);
        return Err(broken(expected.unwrap_or(1), &file, How::Truncated));
    }
    Ok(Verified {
        entries,
        files: files.len(),
        first,
    })
}

/// Verifies the whole log in `dir`.
pub fn verify(dir: &Path, key: &LogKey) -> Result<Verified, Broken> {
    walk(dir, key, |_, _| {})
}

/// Every entry with its number, once the whole chain verifies.
pub fn read_all(dir: &Path, key: &LogKey) -> Result<Vec<(u64, Entry)>, Broken> {
    let mut sealed = Vec::new();
    walk(dir, key, |seq, bytes| sealed.push((seq, bytes.to_vec())))?;
    let mut entries = Vec::with_capacity(sealed.len());
    for (seq, bytes) in sealed {
        let entry = key.open(&bytes).ok_or_else(|| Broken {
            entry: seq,
            file: dir.to_path_buf(),
            how: How::Altered,
        })?;
        entries.push((seq, entry));
    }
    Ok(entries)
}

/// Where the next session continues.
pub(super) struct Tail {
    pub path: PathBuf,
    pub seq: u64,
    pub mac: [u8; 32],
    pub last_what: What,
}

/// The last file's last entry, checked; `None` for a new log.
pub(super) fn tail(dir: &Path, key: &LogKey) -> Result<Option<Tail>, Broken> {
    let Some(path) = format::files(dir).pop() else {
        return Ok(None);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let broken = |how| Broken {
        entry: 0,
        file: path.clone(),
        how,
    };
    if !text.is_empty() && !text.ends_with('\n') {
        return Err(broken(How::Truncated));
    }
    let Some(raw) = text.lines().last() else {
        return Ok(None);
    };
    let line = format::parse(raw).ok_or(broken(How::Altered))?;
    if key.mac(line.seq, &line.prev, &line.sealed) != line.mac {
        return Err(broken(How::Altered));
    }
    let entry = key.open(&line.sealed).ok_or(broken(How::Altered))?;
    Ok(Some(Tail {
        path,
        seq: line.seq,
        mac: line.mac,
        last_what: entry.what,
    }))
}

/// Deletes the files (never the last) whose last entry is older than [`KEEP_YEARS`].
pub(super) fn age_out(dir: &Path, key: &LogKey, now: DateTime<Utc>) -> usize {
    let Some(limit) = now.checked_sub_months(chrono::Months::new(12 * KEEP_YEARS as u32)) else {
        return 0;
    };
    let mut files = format::files(dir);
    files.pop();
    let mut removed = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let last = text
            .lines()
            .last()
            .and_then(format::parse)
            .and_then(|l| key.open(&l.sealed));
        match last {
            Some(entry) if entry.at < limit => {
                if std::fs::remove_file(&path).is_ok() {
                    removed += 1;
                }
            }
            // Files are in order: the first one kept ends the search.
            _ => break,
        }
    }
    removed
}
