//! What screens last read from the service, kept beside the cases: each answer's JSON,
//! deflated, under the key of what was asked ("inventory", "activities/mine"), with when it
//! came. The copy is only a cache: an answer that does not fit is not kept.

use std::io::Read;

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};

use super::{CaseReplica, ReplicaError, deflate};

/// What one answer may weigh as JSON (a large portal's every activity fits).
pub const MAX_ANSWER_BYTES: usize = 256 * 1024 * 1024;
/// Answers kept at most; the oldest goes first.
pub const MAX_ANSWERS: usize = 2000;
const MAX_KEY_CHARS: usize = 200;

impl CaseReplica {
    /// Keeps `json` as the answer to `key`, fetched `at`. Blocking: call it off the UI thread.
    /// Returns whether it was kept (too large, or a too-long key, is not).
    pub fn keep_answer(
        &self,
        key: &str,
        json: &[u8],
        at: DateTime<Utc>,
    ) -> Result<bool, ReplicaError> {
        if json.len() > MAX_ANSWER_BYTES || key.chars().count() > MAX_KEY_CHARS {
            return Ok(false);
        }
        let body = deflate(json)?;
        let mut conn = self.lock();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO answers (key, body, fetched_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (key) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at",
            params![key, body, at.to_rfc3339()],
        )?;
        tx.execute(
            "DELETE FROM answers WHERE key NOT IN
             (SELECT key FROM answers ORDER BY fetched_at DESC LIMIT ?1)",
            params![i64::try_from(MAX_ANSWERS).unwrap_or(i64::MAX)],
        )?;
        tx.commit()?;
        Ok(true)
    }

    /// The answer kept for `key` and when it came; `None` when none is kept, or it does not
    /// inflate within the size an answer may have.
    pub fn kept_answer(&self, key: &str) -> Option<(Vec<u8>, DateTime<Utc>)> {
        let (body, at): (Vec<u8>, String) = self
            .lock()
            .query_row(
                "SELECT body, fetched_at FROM answers WHERE key = ?1",
                params![key],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .ok()
            .flatten()?;
        let at = DateTime::parse_from_rfc3339(&at).ok()?.with_timezone(&Utc);
        let limit = u64::try_from(MAX_ANSWER_BYTES).ok()?.saturating_add(1);
        let mut json = Vec::new();
        flate2::read::DeflateDecoder::new(body.as_slice())
            .take(limit)
            .read_to_end(&mut json)
            .ok()?;
        (json.len() <= MAX_ANSWER_BYTES).then_some((json, at))
    }

    /// How many answers are kept.
    pub fn answers_kept(&self) -> usize {
        self.lock()
            .query_row("SELECT count(*) FROM answers", [], |r| r.get::<_, i64>(0))
            .ok()
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(0)
    }
}
