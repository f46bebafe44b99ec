//! Everyone's activities as rows of the store: written only where they changed, and read by
//! window (a due-date range, one assignee) or counted in SQL, never held whole.

use crate::change::Change;
use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::{OptionalExtension, params};

use super::answers::{self, activity_rows_key};
use super::{CASE_NUMBER, Store, StoreError, day_number};
use crate::api::model::Activity;
use crate::domain::calendar::{local_day, zone_of};
use crate::domain::lost_leads::LostLead;

/// The `lost` column: 0 for anything that may be a contact, 1 for a lost-lead record, 2 for
/// another record that is no contact (a follow-up plan started or stopped), 3 for a family's
/// word on being contacted (also no contact).
fn record_kind(activity: &Activity) -> i64 {
    if LostLead::of(activity).is_some() {
        1
    } else if crate::domain::contact::preference::is_preference(activity) {
        CONTACT_WORD
    } else if crate::domain::contact::plan_marker::is_marker(activity) {
        2
    } else {
        0
    }
}

/// What one activity may weigh as JSON.
pub(super) const MAX_ACTIVITY_BYTES: usize = 64 * 1024;
/// Activities kept at most (the largest portals have under a million in 18 months).
pub const MAX_KEPT_ACTIVITIES: usize = 2_000_000;
/// What one window returns at most.
pub const MAX_WINDOW: usize = 100_000;

/// The answer's key that says the families' words from before the kept months were read and
/// kept beside them (no screen uses it).
const OLDER_WORDS: &str = "store/older-words-kept";

impl Store {
    /// Whether the families' words on being contacted from before the kept months are kept
    /// too: until they are, a list that must see every word (`outreach due`) does not answer
    /// from the store.
    pub fn older_words_kept(&self) -> bool {
        self.kept_answer(OLDER_WORDS).is_some()
    }

    /// Keeps the families' words from before the kept months, and says they are kept.
    /// Blocking.
    pub fn keep_older_words(&self, words: &[Activity]) -> Result<(), StoreError> {
        self.keep_activities(words, None)?;
        self.keep_answer(OLDER_WORDS, b"kept", Utc::now())?;
        Ok(())
    }
}

/// Where the newest update the service stamped on a kept activity is (an answer's key no
/// screen uses).
const NEWEST_UPDATE: &str = "store/newest-activity-update";

/// The activities' indexes (as the migrations made them). Until the first fill is complete no
/// screen reads activities from the store, so they are dropped while it runs and built once at
/// its end: inserted into month by month, each month rewrote pages of every index, and a first
/// fill wrote five times the store's size.
const INDEXES: [(&str, &str); 11] = [
    ("activities_due", "activities (due)"),
    ("activities_case", "activities (case_key)"),
    ("activities_community", "activities (community_id, due)"),
    ("activities_assigned", "activities (assigned, due)"),
    ("activities_updated", "activities (updated_day)"),
    (
        "activities_funnel",
        "activities (type_name, state, case_key, due)",
    ),
    (
        "activities_source",
        "activities (case_key, due) WHERE source IS NOT NULL",
    ),
    ("activities_lost", "activities (lost) WHERE lost = 1"),
    ("activities_words", "activities (lost) WHERE lost = 3"),
    (
        "activities_days",
        "activities (day, due, assigned, community_id, type_name, state)",
    ),
    (
        "activities_open",
        "activities (day, due, assigned, community_id, type_name) WHERE state = 0",
    ),
];

/// An activity a keep wrote: it was new or had changed.
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    pub case_number: String,
    pub activity_type: Option<String>,
}

/// Which activities a screen shows: due in `[from, to)`, of one assignee or everyone's.
#[derive(Debug, Clone, PartialEq)]
pub struct DueWindow {
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    /// The staff member's name as activities carry it (`AssignedName`); `None` is everyone.
    pub assigned: Option<String>,
    /// Only those still open (neither completed, cancelled nor a no-show).
    pub open_only: bool,
}

/// Per case (by its number's keyed hash), the first due day of a completed activity of a type.
#[derive(Debug, Clone, PartialEq)]
pub struct FirstDone {
    pub case_key: i64,
    pub type_name: String,
    pub first_due: DateTime<Utc>,
}

impl Store {
    /// Keeps these activities (replacing older copies by id), writing only those that changed,
    /// and returns those written (one per row);
    /// with `complete_at`, they complete everyone's activities as of then (the first fill has
    /// finished), which is what [`Store::activities_kept_at`] tells. Blocking.
    pub fn keep_activities(
        &self,
        activities: &[Activity],
        complete_at: Option<DateTime<Utc>>,
    ) -> Result<Vec<Written>, StoreError> {
        let mut conn = self.lock();
        let held: i64 = conn.query_row("SELECT count(*) FROM activities", [], |r| r.get(0))?;
        let mut room =
            MAX_KEPT_ACTIVITIES.saturating_sub(usize::try_from(held).unwrap_or(usize::MAX));
        let tx = conn.transaction()?;
        let complete_before: bool = tx
            .query_row(
                "SELECT 1 FROM answers WHERE key = ?1",
                [self.keys.lookup(answers::ANSWER, &activity_rows_key())],
                |_| Ok(()),
            )
            .optional()?
            .is_some();
        if !complete_before {
            for (name, _) in INDEXES {
                tx.execute_batch(&format!("DROP INDEX IF EXISTS {name}"))?;
            }
        }
        let mut written = Vec::new();
        {
            let mut find = tx.prepare_cached("SELECT digest FROM activities WHERE id = ?1")?;
            let mut voided =
                tx.prepare_cached("SELECT 1 FROM voided WHERE id = ?1 AND case_key = ?2")?;
            let mut void =
                tx.prepare_cached("INSERT OR IGNORE INTO voided (id, case_key) VALUES (?1, ?2)")?;
            let mut mark_void = tx.prepare_cached(
                "UPDATE activities SET state = ?3 WHERE id = ?1 AND case_key = ?2",
            )?;
            let mut put = tx.prepare_cached(
                "INSERT INTO activities
                   (id, due, updated_day, case_key, community_id, assigned, type_name, state, digest, body, source, created, lost, day)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
                 ON CONFLICT (id) DO UPDATE SET due = excluded.due, updated_day = excluded.updated_day,
                   case_key = excluded.case_key, community_id = excluded.community_id,
                   assigned = excluded.assigned, type_name = excluded.type_name,
                   state = excluded.state, digest = excluded.digest, body = excluded.body,
                   source = excluded.source, created = excluded.created, lost = excluded.lost,
                   day = excluded.day",
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
                let case_key = self.keys.lookup(CASE_NUMBER, &activity.case_number);
                let state = if voided.exists(params![activity.id, case_key])? {
                    VOIDED
                } else {
                    state_of(activity)
                };
                put.execute(params![
                    activity.id,
                    activity.due_date.timestamp(),
                    activity.date_updated.map(|d| d.date_naive().to_string()),
                    case_key,
                    activity.community.id,
                    activity.assigned_name,
                    activity.activity_type.as_deref().unwrap_or_default(),
                    state,
                    digest,
                    body,
                    activity.market_source.as_deref().filter(|s| !s.is_empty()),
                    activity.date_created.timestamp(),
                    record_kind(activity),
                    day_number(local_day(activity, zone_of(activity)))
                ])?;
                if let Some(slip) = crate::domain::contact::plan_marker::corrected_id(activity) {
                    void.execute(params![slip, case_key])?;
                    mark_void.execute(params![slip, case_key, VOIDED])?;
                }
                written.push(Written {
                    case_number: activity.case_number.clone(),
                    activity_type: activity.activity_type.clone(),
                });
            }
        }
        if let Some(at) = complete_at {
            for (name, on) in INDEXES {
                tx.execute_batch(&format!("CREATE INDEX IF NOT EXISTS {name} ON {on}"))?;
            }
            tx.execute(
                "INSERT INTO answers (key, digest, body, fetched_at) VALUES (?1, 0, x'', ?2)
                 ON CONFLICT (key) DO UPDATE SET fetched_at = excluded.fetched_at",
                params![
                    self.keys.lookup(answers::ANSWER, &activity_rows_key()),
                    at.to_rfc3339()
                ],
            )?;
        }
        tx.commit()?;
        drop(conn);
        if complete_at.is_some() {
            self.activities_complete
                .store(true, std::sync::atomic::Ordering::SeqCst);
        }
        let newest = activities.iter().filter_map(|a| a.date_updated).max();
        if let Some(newest) = newest
            && self
                .newest_activity_update()
                .is_none_or(|known| newest > known)
        {
            let text = newest.with_timezone(&Utc).to_rfc3339();
            self.keep_answer(NEWEST_UPDATE, text.as_bytes(), Utc::now())?;
        }
        // The first fill's end changes what every screen reads: the store answers them now.
        // A sync's read of changes that wrote nothing changed nothing (told, it had every
        // screen read the whole store again each sync).
        if complete_at.is_some() && !complete_before {
            self.touch_everything();
        } else {
            self.touch(written.iter().map(|w| w.case_number.as_str()));
        }
        if !written.is_empty() || (complete_at.is_some() && !complete_before) {
            self.landed(&[Change::Activities]);
        }
        Ok(written)
    }

    /// The newest update the service stamped on an activity kept (by its clock), sealed like
    /// any answer.
    pub fn newest_activity_update(&self) -> Option<DateTime<Utc>> {
        let (bytes, _) = self.kept_answer(NEWEST_UPDATE)?;
        let text = std::str::from_utf8(&bytes).ok()?;
        Some(DateTime::parse_from_rfc3339(text).ok()?.with_timezone(&Utc))
    }

    /// When everyone's activities were last complete, and the latest day the service says
    /// it updated one of them; `None` before the first fill finished.
    pub fn activities_kept_at(&self) -> Option<(DateTime<Utc>, Option<NaiveDate>)> {
        let conn = self.lock();
        let at: String = conn
            .query_row(
                "SELECT fetched_at FROM answers WHERE key = ?1",
                [self.keys.lookup(answers::ANSWER, &activity_rows_key())],
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
    pub(super) fn activities_json(&self) -> Option<Vec<u8>> {
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
            if out.len() + json.len() + 1 > answers::MAX_ANSWER_BYTES {
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

    /// The activities due in `window`, by due date, at most [`MAX_WINDOW`] (and whether there
    /// were more). Only these rows are opened. Blocking.
    pub fn activities_due(&self, window: &DueWindow) -> Result<(Vec<Activity>, bool), StoreError> {
        let conn = self.lock();
        // Two statements, so the assignee's index is used when there is one (an `OR` on a
        // parameter would hide it from the planner).
        let mut stmt = conn.prepare_cached(if window.assigned.is_some() {
            "SELECT id, body FROM activities INDEXED BY activities_assigned
             WHERE assigned = ?3 AND due >= ?1 AND due < ?2 AND (?4 = 0 OR state = 0)
             ORDER BY due, id LIMIT ?5"
        } else {
            "SELECT id, body FROM activities INDEXED BY activities_due
             WHERE due >= ?1 AND due < ?2 AND ?3 IS NULL AND (?4 = 0 OR state = 0)
             ORDER BY due, id LIMIT ?5"
        })?;
        let limit = i64::try_from(MAX_WINDOW + 1).unwrap_or(i64::MAX);
        let mut rows = stmt.query(params![
            window.from.timestamp(),
            window.to.timestamp(),
            window.assigned,
            window.open_only,
            limit
        ])?;
        let mut out = Vec::new();
        let mut more = false;
        while let Some(row) = rows.next()? {
            if out.len() == MAX_WINDOW {
                more = true;
                break;
            }
            let (id, body): (i64, Vec<u8>) = (row.get(0)?, row.get(1)?);
            out.extend(open_activity(&self.keys, id, &body));
        }
        Ok((out, more))
    }

    /// For each case, the first due date of a completed activity of each of `types`, counted
    /// in SQL (nothing opened): what the funnel's stages are worked out from. Blocking.
    pub fn first_done_by_case(&self, types: &[&str]) -> Result<Vec<FirstDone>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT case_key, type_name, min(due) FROM activities
             WHERE type_name = ?1 AND state = 1 GROUP BY case_key",
        )?;
        let mut out = Vec::new();
        for kind in types {
            let rows = stmt.query_map([kind], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, i64>(2)?,
                ))
            })?;
            for row in rows {
                let (case_key, type_name, due) = row?;
                if let Some(first_due) = DateTime::from_timestamp(due, 0) {
                    out.push(FirstDone {
                        case_key,
                        type_name,
                        first_due,
                    });
                }
            }
        }
        Ok(out)
    }

    /// The activities of these ids that the store keeps (each opened), at most [`MAX_WINDOW`].
    /// Blocking.
    pub fn activities_by_id(&self, ids: &[i64]) -> Result<Vec<Activity>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached("SELECT body FROM activities WHERE id = ?1")?;
        let mut out = Vec::new();
        for &id in ids.iter().take(MAX_WINDOW) {
            if let Some(body) = stmt
                .query_row([id], |r| r.get::<_, Vec<u8>>(0))
                .optional()?
            {
                out.extend(open_activity(&self.keys, id, &body));
            }
        }
        Ok(out)
    }

    /// The keyed hash a case's number is kept under, to match [`FirstDone::case_key`].
    pub fn case_key(&self, case_number: &str) -> i64 {
        self.keys.lookup(CASE_NUMBER, case_number)
    }
}

/// The `state` of an activity a correction on its case says was logged by mistake: neither
/// open nor done, so no count, clock or colour takes it.
const VOIDED: i64 = 4;

/// 0 open, 1 completed, 2 cancelled, 3 a no-show.
fn state_of(a: &Activity) -> i64 {
    if a.no_show {
        3
    } else if a.cancelled {
        2
    } else if a.completed {
        1
    } else {
        0
    }
}

pub(super) fn activity_place(id: i64) -> String {
    format!("activities/{id}")
}

/// Types a lost-lead record is made with (`Update`, or `Other` where a portal has no Update).
pub const LOST_RECORD_TYPES: [&str; 2] = ["Update", "Other"];

/// The activity sealed as row `id`; `None` when it does not open or decode (damaged, or
/// written by a later version), which the store's readers skip.
pub(super) fn open_activity(keys: &super::rows::RowKeys, id: i64, body: &[u8]) -> Option<Activity> {
    let json = keys.open(&activity_place(id), body, MAX_ACTIVITY_BYTES)?;
    serde_json::from_slice(&json).ok()
}

/// The `lost` column's value for a family's word on being contacted.
pub(super) const CONTACT_WORD: i64 = 3;

/// Marks the families' words among rows kept before the store knew them (their bodies opened
/// once, only those completed of the types records are made with). Blocking.
pub(super) fn mark_contact_words(
    tx: &rusqlite::Transaction<'_>,
    keys: &super::rows::RowKeys,
) -> Result<usize, StoreError> {
    let mut found = Vec::new();
    {
        let mut stmt = tx.prepare(
            "SELECT id, body FROM activities WHERE state = 1 AND lost = 0 AND type_name IN (?1, ?2)",
        )?;
        let mut rows = stmt.query(LOST_RECORD_TYPES)?;
        while let Some(row) = rows.next()? {
            let (id, body): (i64, Vec<u8>) = (row.get(0)?, row.get(1)?);
            if open_activity(keys, id, &body)
                .is_some_and(|a| crate::domain::contact::preference::is_preference(&a))
            {
                found.push(id);
            }
        }
    }
    for id in &found {
        tx.execute(
            "UPDATE activities SET lost = ?2 WHERE id = ?1",
            params![id, CONTACT_WORD],
        )?;
    }
    Ok(found.len())
}

/// Marks the lost-lead records among rows kept before the store had the column (their
/// bodies opened once, only those of the types such records are made with). Blocking.
pub(super) fn mark_lost_records(
    tx: &rusqlite::Transaction<'_>,
    keys: &super::rows::RowKeys,
) -> Result<usize, StoreError> {
    let mut found = Vec::new();
    {
        let mut stmt = tx
            .prepare("SELECT id, body FROM activities WHERE state = 1 AND type_name IN (?1, ?2)")?;
        let mut rows = stmt.query(LOST_RECORD_TYPES)?;
        while let Some(row) = rows.next()? {
            let (id, body): (i64, Vec<u8>) = (row.get(0)?, row.get(1)?);
            if let Some(activity) = open_activity(keys, id, &body)
                && LostLead::of(&activity).is_some()
            {
                found.push(id);
            }
        }
    }
    for id in &found {
        tx.execute("UPDATE activities SET lost = 1 WHERE id = ?1", [id])?;
    }
    Ok(found.len())
}
