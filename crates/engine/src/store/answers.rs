//! What screens last read from the service, kept beside the cases: each answer's JSON, sealed,
//! under the key of what was asked ("inventory", "campaign/12/members"), with when it came.
//! Everyone's activities are rows of their own ([`ACTIVITY_ROWS`]), so a sync writes only the
//! ones that changed and never reads them all to merge. The store is only a cache: an answer
//! that does not fit is not kept.

use crate::change::Change;
use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};

use super::{Store, StoreError};
use crate::api::model::{Activity, ActivityFilter, IndividualType, SearchCase};

/// What one answer may weigh as JSON (a large portal's every activity fits).
pub const MAX_ANSWER_BYTES: usize = 256 * 1024 * 1024;
/// Answers kept at most; the oldest goes first.
pub const MAX_ANSWERS: usize = 2000;
const MAX_KEY_CHARS: usize = 200;

/// The answer kept as rows: everyone's activities (the calendar's and My Day's key).
pub fn activity_rows_key() -> String {
    crate::answer_keys::activities(ActivityFilter::AllUsers)
}

impl Store {
    /// Keeps `json` as the answer to `key`, fetched `at`. Blocking: call it off the UI thread.
    /// Returns whether it was kept (too large, a too-long key, or rows that do not read, is not).
    pub fn keep_answer(
        &self,
        key: &str,
        json: &[u8],
        at: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        if json.len() > MAX_ANSWER_BYTES || key.chars().count() > MAX_KEY_CHARS {
            return Ok(false);
        }
        if key == crate::answer_keys::LEADS {
            // The leads are the prospect and pre-lead cases: kept as cases, the answer is
            // complete, so it says when they were all known.
            let Ok(leads) = serde_json::from_slice::<Vec<SearchCase>>(json) else {
                return Ok(false);
            };
            self.upsert(&leads)?;
            self.mark_leads_known(at, true)?;
            return Ok(true);
        }
        if key == activity_rows_key() {
            let Ok(activities) = serde_json::from_slice::<Vec<Activity>>(json) else {
                return Ok(false);
            };
            self.keep_activities(&activities, None)?;
            // A screen's answer may be a part of them: it refreshes "as of" only once the
            // sync has filled them all.
            self.lock().execute(
                "UPDATE answers SET fetched_at = ?2 WHERE key = ?1",
                params![self.keys.lookup(ANSWER, key), at.to_rfc3339()],
            )?;
            return Ok(true);
        }
        let lookup = self.keys.lookup(ANSWER, key);
        let digest = self.keys.digest(json);
        let same: Option<i64> = self
            .lock()
            .query_row("SELECT digest FROM answers WHERE key = ?1", [lookup], |r| {
                r.get(0)
            })
            .optional()?;
        if same == Some(digest) {
            // Only when it came moves on: a few bytes, not the answer again.
            self.lock().execute(
                "UPDATE answers SET fetched_at = ?2 WHERE key = ?1",
                params![lookup, at.to_rfc3339()],
            )?;
            return Ok(true);
        }
        let body = self.keys.seal(&answer_place(lookup), json)?;
        self.put_answer(lookup, digest, &body, at)?;
        Ok(true)
    }

    /// As [`Store::keep_answer`], for an answer whose records are of these kinds: when
    /// it differs from the one kept before (by digest), the store says they changed. Returns
    /// whether it differed.
    pub fn keep_answer_of(
        &self,
        key: &str,
        json: &[u8],
        at: DateTime<Utc>,
        kinds: &[Change],
    ) -> Result<bool, StoreError> {
        let before = self.answer_digest(key);
        self.keep_answer(key, json, at)?;
        let differs = self.answer_digest(key) != before;
        if differs {
            if kinds
                .iter()
                .any(|k| matches!(k, Change::Activities | Change::Cases))
            {
                self.touch_everything();
            }
            self.landed(kinds);
        }
        Ok(differs)
    }

    /// The digest of the answer kept for `key`, to tell whether a newer one differs.
    pub fn answer_digest(&self, key: &str) -> Option<i64> {
        let lookup = self.keys.lookup(ANSWER, key);
        self.lock()
            .query_row("SELECT digest FROM answers WHERE key = ?1", [lookup], |r| {
                r.get(0)
            })
            .optional()
            .ok()
            .flatten()
    }

    fn put_answer(
        &self,
        key: i64,
        digest: i64,
        body: &[u8],
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO answers (key, digest, body, fetched_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (key) DO UPDATE SET digest = excluded.digest, body = excluded.body,
               fetched_at = excluded.fetched_at",
            params![key, digest, body, at.to_rfc3339()],
        )?;
        tx.execute(
            "DELETE FROM answers WHERE key NOT IN
             (SELECT key FROM answers ORDER BY fetched_at DESC LIMIT ?1)",
            params![i64::try_from(MAX_ANSWERS).unwrap_or(i64::MAX)],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// The answer kept for `key` and when it came; `None` when none is kept, or it does not
    /// open within the size an answer may have.
    pub fn kept_answer(&self, key: &str) -> Option<(Vec<u8>, DateTime<Utc>)> {
        let lookup = self.keys.lookup(ANSWER, key);
        let (body, at): (Vec<u8>, String) = self
            .lock()
            .query_row(
                "SELECT body, fetched_at FROM answers WHERE key = ?1",
                params![lookup],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .ok()
            .flatten()?;
        let at = DateTime::parse_from_rfc3339(&at).ok()?.with_timezone(&Utc);
        if key == activity_rows_key() {
            return Some((self.activities_json()?, at));
        }
        if key == crate::answer_keys::LEADS {
            return Some((self.leads_json()?, at));
        }
        let json = self
            .keys
            .open(&answer_place(lookup), &body, MAX_ANSWER_BYTES)?;
        Some((json.to_vec(), at))
    }

    /// Notes that the leads in the cases are complete as of `at` (a sweep read every case, or
    /// a screen every lead); with `first` false only an existing note moves on (the changed
    /// cases were read since).
    pub fn mark_leads_known(&self, at: DateTime<Utc>, first: bool) -> Result<(), StoreError> {
        let key = self.keys.lookup(ANSWER, crate::answer_keys::LEADS);
        let sql = if first {
            "INSERT INTO answers (key, digest, body, fetched_at) VALUES (?1, 0, x'', ?2)
             ON CONFLICT (key) DO UPDATE SET fetched_at = excluded.fetched_at"
        } else {
            "UPDATE answers SET fetched_at = ?2 WHERE key = ?1"
        };
        self.lock().execute(sql, params![key, at.to_rfc3339()])?;
        Ok(())
    }

    /// Every prospect and pre-lead case, as one JSON array (the leads' answer).
    fn leads_json(&self) -> Option<Vec<u8>> {
        let conn = self.lock();
        let mut stmt = conn
            .prepare_cached("SELECT number_key, body FROM cases WHERE kind IN (?1, ?2) ORDER BY id")
            .ok()?;
        let kinds = [
            IndividualType::Prospect.code(),
            IndividualType::PreLead.code(),
        ];
        let mut rows = stmt.query(kinds).ok()?;
        let mut out = vec![b'['];
        while let Some(row) = rows.next().ok()? {
            let (number_key, body): (i64, Vec<u8>) = (row.get(0).ok()?, row.get(1).ok()?);
            let Some(json) =
                self.keys
                    .open(&super::case_place(number_key), &body, super::MAX_CASE_BYTES)
            else {
                continue;
            };
            if out.len() + json.len() + 1 > MAX_ANSWER_BYTES {
                break;
            }
            if out.len() > 1 {
                out.push(b',');
            }
            out.extend_from_slice(&json);
        }
        out.push(b']');
        Some(out)
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

/// The [`super::rows::RowKeys::lookup`] kind of answers' keys.
pub(super) const ANSWER: u8 = b'a';

fn answer_place(key: i64) -> String {
    format!("answers/{key}")
}
