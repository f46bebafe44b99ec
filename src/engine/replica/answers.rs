//! What screens last read from the service, kept beside the cases: each answer's JSON, sealed,
//! under the key of what was asked ("inventory", "campaign/12/members"), with when it came.
//! Everyone's activities are rows of their own ([`ACTIVITY_ROWS`]), so a sync writes only the
//! ones that changed and never reads them all to merge. The copy is only a cache: an answer
//! that does not fit is not kept.

use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::{OptionalExtension, params};

use super::{CaseReplica, ReplicaError};
use crate::api::model::{Activity, ActivityFilter};

/// What one answer may weigh as JSON (a large portal's every activity fits).
pub const MAX_ANSWER_BYTES: usize = 256 * 1024 * 1024;
/// Answers kept at most; the oldest goes first.
pub const MAX_ANSWERS: usize = 2000;
const MAX_KEY_CHARS: usize = 200;
/// What one activity may weigh as JSON.
const MAX_ACTIVITY_BYTES: usize = 64 * 1024;
/// Activities kept at most (the largest portals have under a million in 18 months).
pub const MAX_KEPT_ACTIVITIES: usize = 2_000_000;

/// The answer kept as rows: everyone's activities (the calendar's and My Day's key).
pub fn activity_rows_key() -> String {
    crate::engine::kept::activities(ActivityFilter::AllUsers)
}

impl CaseReplica {
    /// Keeps `json` as the answer to `key`, fetched `at`. Blocking: call it off the UI thread.
    /// Returns whether it was kept (too large, a too-long key, or rows that do not read, is not).
    pub fn keep_answer(
        &self,
        key: &str,
        json: &[u8],
        at: DateTime<Utc>,
    ) -> Result<bool, ReplicaError> {
        if json.len() > MAX_ANSWER_BYTES || key.chars().count() > MAX_KEY_CHARS {
            return Ok(false);
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
        let body = self.keys.seal(&answer_place(lookup), json)?;
        self.put_answer(lookup, &body, at)?;
        Ok(true)
    }

    fn put_answer(&self, key: i64, body: &[u8], at: DateTime<Utc>) -> Result<(), ReplicaError> {
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
        let json = self
            .keys
            .open(&answer_place(lookup), &body, MAX_ANSWER_BYTES)?;
        Some((json.to_vec(), at))
    }

    /// How many answers are kept.
    pub fn answers_kept(&self) -> usize {
        self.lock()
            .query_row("SELECT count(*) FROM answers", [], |r| r.get::<_, i64>(0))
            .ok()
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(0)
    }

    /// Keeps these activities (replacing older copies by id), writing only those that changed;
    /// with `complete_at`, they complete everyone's activities as of then (the first fill has
    /// finished), which is what [`CaseReplica::activities_kept_at`] tells. Blocking.
    pub fn keep_activities(
        &self,
        activities: &[Activity],
        complete_at: Option<DateTime<Utc>>,
    ) -> Result<usize, ReplicaError> {
        let mut conn = self.lock();
        let held: i64 = conn.query_row("SELECT count(*) FROM activities", [], |r| r.get(0))?;
        let mut room =
            MAX_KEPT_ACTIVITIES.saturating_sub(usize::try_from(held).unwrap_or(usize::MAX));
        let tx = conn.transaction()?;
        let mut written = 0;
        {
            let mut find = tx.prepare_cached("SELECT digest FROM activities WHERE id = ?1")?;
            let mut put = tx.prepare_cached(
                "INSERT INTO activities (id, due, updated_day, case_key, community_id, assigned, digest, body)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                 ON CONFLICT (id) DO UPDATE SET due = excluded.due, updated_day = excluded.updated_day,
                   case_key = excluded.case_key, community_id = excluded.community_id,
                   assigned = excluded.assigned, digest = excluded.digest, body = excluded.body",
            )?;
            for activity in activities {
                let Ok(json) = serde_json::to_vec(activity) else {
                    continue;
                };
                if json.len() > MAX_ACTIVITY_BYTES {
                    continue;
                }
                let digest = self.keys.digest(&json);
                let known: Option<i64> = find.query_row([activity.id], |r| r.get(0)).optional()?;
                match known {
                    Some(same) if same == digest => continue,
                    Some(_) => {}
                    None if room == 0 => continue,
                    None => room -= 1,
                }
                let body = self.keys.seal(&activity_place(activity.id), &json)?;
                put.execute(params![
                    activity.id,
                    activity.due_date.timestamp(),
                    activity.date_updated.map(|d| d.date_naive().to_string()),
                    self.keys.lookup(super::CASE_NUMBER, &activity.case_number),
                    activity.community.id,
                    activity.assigned_name,
                    digest,
                    body
                ])?;
                written += 1;
            }
        }
        if let Some(at) = complete_at {
            tx.execute(
                "INSERT INTO answers (key, body, fetched_at) VALUES (?1, x'', ?2)
                 ON CONFLICT (key) DO UPDATE SET fetched_at = excluded.fetched_at",
                params![
                    self.keys.lookup(ANSWER, &activity_rows_key()),
                    at.to_rfc3339()
                ],
            )?;
        }
        tx.commit()?;
        Ok(written)
    }

    /// When everyone's activities were last complete, and the latest day the service says
    /// it updated one of them; `None` before the first fill finished.
    pub fn activities_kept_at(&self) -> Option<(DateTime<Utc>, Option<NaiveDate>)> {
        let conn = self.lock();
        let at: String = conn
            .query_row(
                "SELECT fetched_at FROM answers WHERE key = ?1",
                [self.keys.lookup(ANSWER, &activity_rows_key())],
                |r| r.get(0),
            )
            .optional()
            .ok()
            .flatten()?;
        let at = DateTime::parse_from_rfc3339(&at).ok()?.with_timezone(&Utc);
        let latest: Option<String> = conn
            .query_row("SELECT max(updated_day) FROM activities", [], |r| r.get(0))
            .ok()
            .flatten();
        Some((at, latest.and_then(|d| d.parse().ok())))
    }

    /// How many activities are kept.
    pub fn activities_len(&self) -> usize {
        self.lock()
            .query_row("SELECT count(*) FROM activities", [], |r| {
                r.get::<_, i64>(0)
            })
            .ok()
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(0)
    }

    /// Every kept activity as one JSON array, by due date.
    fn activities_json(&self) -> Option<Vec<u8>> {
        let conn = self.lock();
        let mut stmt = conn
            .prepare_cached("SELECT id, body FROM activities ORDER BY due, id")
            .ok()?;
        let mut rows = stmt.query([]).ok()?;
        let mut out = vec![b'['];
        while let Some(row) = rows.next().ok()? {
            let (id, body): (i64, Vec<u8>) = (row.get(0).ok()?, row.get(1).ok()?);
            let Some(json) = self
                .keys
                .open(&activity_place(id), &body, MAX_ACTIVITY_BYTES)
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
}

/// The [`super::rows::RowKeys::lookup`] kind of answers' keys.
pub(super) const ANSWER: u8 = b'a';

fn answer_place(key: i64) -> String {
    format!("answers/{key}")
}

fn activity_place(id: i64) -> String {
    format!("activities/{id}")
}
