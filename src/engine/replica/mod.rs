//! The offline copy of a portal: cases kept on this computer so search answers at once and
//! still works when the service cannot be reached, and what each screen last read
//! ([`answers`]) so it opens on what is known. It lives in an in-memory SQLite database
//! (with an FTS5 index) and, where the OS keyring can hold a key, is sealed to one file in the
//! data directory after each sync ([`sealed`]); nothing of it is ever on disk in plain text.
//! See docs/decisions.md ("The offline copy") and docs/security.md.

mod answers;
pub mod outbox;
pub mod sealed;

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use crate::api::model::{IndividualType, SearchCase, SearchIndividual};
pub use sealed::SealKey;

const SCHEMA: &str = include_str!("schema.sql");
const SCHEMA_VERSION: i64 = 3;
/// What one case may weigh as JSON; larger ones are not kept (the service never sends such).
const MAX_CASE_BYTES: usize = 64 * 1024;
/// Cases kept at most; a sync stops adding beyond.
pub const MAX_CASES: usize = 1_000_000;
/// Search words used at most, and letters of each.
const MAX_TERMS: usize = 8;
const MAX_TERM_CHARS: usize = 64;

#[derive(Debug, thiserror::Error)]
pub enum ReplicaError {
    #[error("the offline copy could not be used: {0}")]
    Database(#[from] rusqlite::Error),
    #[error("the offline copy could not be written: {0}")]
    Io(#[from] std::io::Error),
    #[error("the offline copy could not be sealed: {0}")]
    Seal(#[from] sealed::SealError),
    #[error("{0} changes are already waiting to be sent; send or discard some first")]
    Full(usize),
}

/// What the search box and filters ask of the copy.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LocalQuery {
    pub text: String,
    pub first_name: String,
    pub last_name: String,
    pub kind: Option<IndividualType>,
}

/// The copy's answer: at most the limit asked for, and whether there were more.
#[derive(Debug, Clone, Default)]
pub struct LocalMatches {
    pub cases: Vec<SearchCase>,
    pub more: bool,
    pub as_of: Option<DateTime<Utc>>,
}

pub struct CaseReplica {
    conn: Mutex<Connection>,
    /// Where it is sealed to, and with which key; `None` keeps it for this run only.
    file: Option<(PathBuf, SealKey)>,
    /// Set when its file is being deleted; held through each save, so a save on its way
    /// finishes before the file goes and none writes it again after.
    retired: Mutex<bool>,
}

impl CaseReplica {
    /// A copy for this run only (no keyring, or not wanted on disk).
    pub fn in_memory() -> Result<CaseReplica, ReplicaError> {
        Ok(CaseReplica {
            conn: Mutex::new(fresh()?),
            file: None,
            retired: Default::default(),
        })
    }

    /// The copy sealed at `path` under `key`. One that does not open (another key, damaged, an
    /// older layout) is set aside and a new, empty one started: it is only a copy.
    pub fn open(path: &Path, key: SealKey) -> Result<CaseReplica, ReplicaError> {
        let conn = match std::fs::read(path) {
            Ok(bytes) => match load(&key, bytes) {
                Ok(conn) => conn,
                Err(e) => {
                    tracing::warn!(error = %e, "the offline copy could not be opened; starting a new one");
                    fresh()?
                }
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => fresh()?,
            Err(e) => return Err(e.into()),
        };
        Ok(CaseReplica {
            conn: Mutex::new(conn),
            file: Some((path.to_path_buf(), key)),
            retired: Default::default(),
        })
    }

    /// The file for a profile's copy: `offline/<key>.copy` in the data directory.
    pub fn path_for(data_dir: &Path, key: &str) -> PathBuf {
        let safe = crate::paths::safe_file_stem(key);
        data_dir.join("offline").join(format!("{safe}.copy"))
    }

    /// Deletes a sealed copy; a missing one is not an error.
    pub fn remove_file(path: &Path) -> std::io::Result<()> {
        match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// Stops every later save (waiting for one under way): its file is about to be deleted.
    /// Blocking.
    pub fn retire(&self) {
        *self.retired.lock().unwrap_or_else(|p| p.into_inner()) = true;
    }

    pub fn is_on_disk(&self) -> bool {
        self.file.is_some()
    }

    /// Keeps (or refreshes) these cases. Blocking: call it off the UI thread.
    pub fn upsert(&self, cases: &[SearchCase]) -> Result<usize, ReplicaError> {
        let mut conn = self.lock();
        let mut room = MAX_CASES.saturating_sub(count(&conn)?);
        let tx = conn.transaction()?;
        let mut kept = 0;
        {
            let mut find = tx.prepare_cached("SELECT id FROM cases WHERE case_number = ?1")?;
            let mut update = tx.prepare_cached(
                "UPDATE cases SET kind = ?2, first_name = ?3, last_name = ?4, body = ?5 WHERE id = ?1",
            )?;
            let mut insert = tx.prepare_cached(
                "INSERT INTO cases (case_number, kind, first_name, last_name, body) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            let mut unindex = tx.prepare_cached("DELETE FROM case_text WHERE rowid = ?1")?;
            let mut index = tx.prepare_cached(
                "INSERT INTO case_text (rowid, case_number, names, phones, emails) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            for case in cases {
                let p = &case.primary;
                let Ok(json) = serde_json::to_vec(case) else {
                    continue;
                };
                if json.len() > MAX_CASE_BYTES || p.case_number.is_empty() {
                    continue;
                }
                let body = deflate(&json)?;
                let kind = p.individual_type_id.code();
                let existing: Option<i64> =
                    find.query_row([&p.case_number], |r| r.get(0)).optional()?;
                let id = match existing {
                    Some(id) => {
                        update.execute(params![id, kind, p.first_name, p.last_name, body])?;
                        unindex.execute([id])?;
                        id
                    }
                    // Over the cap: known cases are still refreshed, new ones not kept.
                    None if room == 0 => continue,
                    None => {
                        insert.execute(params![
                            p.case_number,
                            kind,
                            p.first_name,
                            p.last_name,
                            body
                        ])?;
                        room -= 1;
                        tx.last_insert_rowid()
                    }
                };
                let text = IndexText::of(case);
                index.execute(params![
                    id,
                    p.case_number,
                    text.names,
                    text.phones,
                    text.emails
                ])?;
                kept += 1;
            }
        }
        tx.commit()?;
        Ok(kept)
    }

    /// Notes that a full sync finished at `at` (the "as of" every view shows).
    pub fn mark_synced(&self, at: DateTime<Utc>) -> Result<(), ReplicaError> {
        self.lock().execute(
            "INSERT OR REPLACE INTO meta (name, value) VALUES ('synced_at', ?1)",
            [at.to_rfc3339()],
        )?;
        Ok(())
    }

    pub fn as_of(&self) -> Option<DateTime<Utc>> {
        synced_at(&self.lock())
    }

    pub fn len(&self) -> usize {
        count(&self.lock()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cases matching `query`, at most `limit`. Words match the starts of words in names,
    /// phones (also typed without separators), emails and case numbers; all words must match.
    pub fn search(&self, query: &LocalQuery, limit: usize) -> Result<LocalMatches, ReplicaError> {
        let conn = self.lock();
        let fetch = i64::try_from(limit.saturating_add(1)).unwrap_or(i64::MAX);
        let kind = query.kind.map(|k| k.code());
        let first = prefix_pattern(&query.first_name);
        let last = prefix_pattern(&query.last_name);
        let filters =
            "(?2 IS NULL OR c.kind = ?2) AND (?3 IS NULL OR c.first_name LIKE ?3 ESCAPE '\\')
                       AND (?4 IS NULL OR c.last_name LIKE ?4 ESCAPE '\\')";
        let bodies: Vec<Vec<u8>> = match match_expression(&query.text) {
            Some(expression) => {
                let sql = format!(
                    "SELECT c.body FROM case_text JOIN cases c ON c.id = case_text.rowid
                     WHERE case_text MATCH ?1 AND {filters} LIMIT ?5"
                );
                let mut stmt = conn.prepare_cached(&sql)?;
                stmt.query_map(params![expression, kind, first, last, fetch], |r| r.get(0))?
                    .collect::<Result<_, _>>()?
            }
            None => {
                let sql = format!(
                    "SELECT c.body FROM cases c WHERE ?1 IS NULL AND {filters} ORDER BY c.id LIMIT ?5"
                );
                let mut stmt = conn.prepare_cached(&sql)?;
                stmt.query_map(
                    params![Option::<String>::None, kind, first, last, fetch],
                    |r| r.get(0),
                )?
                .collect::<Result<_, _>>()?
            }
        };
        let more = bodies.len() > limit;
        let mut inflater = flate2::Decompress::new(false);
        let mut json = Vec::with_capacity(8 * 1024);
        let cases = bodies
            .iter()
            .take(limit)
            .filter_map(|b| {
                inflate(&mut inflater, b, &mut json)?;
                serde_json::from_slice(&json).ok()
            })
            .collect();
        Ok(LocalMatches {
            cases,
            more,
            as_of: synced_at(&conn),
        })
    }

    /// Seals the copy to its file (whole, user-only, replacing the old one only once written).
    /// Blocking. A copy for this run only has nothing to do.
    pub fn save(&self) -> Result<(), ReplicaError> {
        let Some((path, key)) = &self.file else {
            return Ok(());
        };
        let retired = self.retired.lock().unwrap_or_else(|p| p.into_inner());
        if *retired {
            return Ok(());
        }
        let sealed = {
            let mut conn = self.lock();
            let image = conn.serialize(rusqlite::MAIN_DB)?;
            sealed::seal(key, &image)?
        };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        // Readable by this user only, as every file written whole is.
        crate::atomic_file::write_with(path, |file| {
            use std::io::Write;
            file.write_all(&sealed)?;
            Ok::<(), std::io::Error>(())
        })?;
        crate::engine::local::restrict_to_user(path);
        Ok(())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The words of a case the search box finds it by.
struct IndexText {
    names: String,
    phones: String,
    emails: String,
}

impl IndexText {
    fn of(case: &SearchCase) -> IndexText {
        let people = || std::iter::once(&case.primary).chain(&case.relationships);
        let capped = |s: &str| s.chars().take(200).collect::<String>();
        let mut names = String::new();
        let mut phones = String::new();
        let mut emails = String::new();
        for person in people().take(50) {
            let SearchIndividual {
                individual_name,
                first_name,
                last_name,
                ..
            } = person;
            for part in [individual_name, first_name, last_name] {
                names.push_str(&capped(part));
                names.push(' ');
            }
            for phone in [
                &person.home_phone_format,
                &person.mobile_phone_format,
                &person.work_phone_format,
            ] {
                let phone = capped(phone);
                let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
                phones.push_str(&phone);
                phones.push(' ');
                phones.push_str(&digits);
                phones.push(' ');
            }
            if let Some(email) = &person.email {
                emails.push_str(&capped(email));
                emails.push(' ');
            }
        }
        IndexText {
            names,
            phones,
            emails,
        }
    }
}

/// The FTS5 expression for what was typed: each word as a quoted prefix, all required.
/// `None` when nothing searchable was typed.
fn match_expression(text: &str) -> Option<String> {
    let terms: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
        .take(MAX_TERMS)
        .map(|t| {
            let word: String = t.chars().take(MAX_TERM_CHARS).collect();
            // Words are letters and digits only, so quoting cannot be broken out of.
            format!("\"{}\"*", word.to_lowercase())
        })
        .collect();
    (!terms.is_empty()).then(|| terms.join(" "))
}

/// `LIKE` pattern for a name that starts with `text`; `None` when blank.
fn prefix_pattern(text: &str) -> Option<String> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let mut pattern: String = text
        .chars()
        .take(MAX_TERM_CHARS)
        .flat_map(|c| match c {
            '%' | '_' | '\\' => vec!['\\', c],
            c => vec![c],
        })
        .collect();
    pattern.push('%');
    Some(pattern)
}

fn deflate(json: &[u8]) -> std::io::Result<Vec<u8>> {
    use std::io::Write;
    let mut encoder = flate2::write::DeflateEncoder::new(
        Vec::with_capacity(json.len() / 3),
        flate2::Compression::fast(),
    );
    encoder.write_all(json)?;
    encoder.finish()
}

/// Inflates a case's JSON into `json` (one inflater and buffer serve a whole search); `None`
/// when it does not inflate, or to more than a case may weigh.
fn inflate(inflater: &mut flate2::Decompress, body: &[u8], json: &mut Vec<u8>) -> Option<()> {
    inflater.reset(false);
    json.clear();
    loop {
        if json.capacity() - json.len() < 4096 {
            if json.len() > MAX_CASE_BYTES {
                return None;
            }
            json.reserve(json.len().max(4096));
        }
        let consumed = usize::try_from(inflater.total_in()).ok()?;
        let status = inflater
            .decompress_vec(body.get(consumed..)?, json, flate2::FlushDecompress::Finish)
            .ok()?;
        match status {
            flate2::Status::StreamEnd => return (json.len() <= MAX_CASE_BYTES).then_some(()),
            flate2::Status::Ok | flate2::Status::BufError => {
                if usize::try_from(inflater.total_in()).ok()? == consumed
                    && json.capacity() > json.len()
                {
                    // No progress with room to spare: the data is cut short.
                    return None;
                }
            }
        }
    }
}

fn fresh() -> rusqlite::Result<Connection> {
    let conn = Connection::open_in_memory()?;
    conn.execute_batch(SCHEMA)?;
    conn.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    Ok(conn)
}

fn load(key: &SealKey, sealed_bytes: Vec<u8>) -> Result<Connection, ReplicaError> {
    // Opened where it was read (the file can be large); wiped when done.
    let mut bytes = zeroize::Zeroizing::new(sealed_bytes);
    let range = sealed::open_in_place(key, &mut bytes)?;
    let image = &bytes[range];
    let mut conn = Connection::open_in_memory()?;
    conn.deserialize_read_exact(rusqlite::MAIN_DB, image, image.len(), false)?;
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version != SCHEMA_VERSION {
        return Err(rusqlite::Error::InvalidQuery.into());
    }
    Ok(conn)
}

fn count(conn: &Connection) -> rusqlite::Result<usize> {
    let n: i64 = conn.query_row("SELECT count(*) FROM cases", [], |r| r.get(0))?;
    Ok(usize::try_from(n).unwrap_or(0))
}

fn synced_at(conn: &Connection) -> Option<DateTime<Utc>> {
    let text: String = conn
        .query_row("SELECT value FROM meta WHERE name = 'synced_at'", [], |r| {
            r.get(0)
        })
        .optional()
        .ok()
        .flatten()?;
    DateTime::parse_from_rfc3339(&text)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

/// The temporary file is narrowed before anything is written to it.
#[cfg(test)]
mod tests;
