//! Everyone's days a page at a time: a team's month holds tens of thousands of activities, more
//! than anyone reads in a calendar cell. Each day is counted on the index and only its first few
//! (in time order) are opened; the open ones before the first day (the overdue) likewise.

use chrono::NaiveDate;
use rusqlite::params;

use super::activities::open_activity;
use super::{Store, StoreError, day_number, day_of};
use crate::api::model::Activity;

/// Which of everyone's activities a view shows: its days (in each activity's own zone), and
/// the narrowing chosen (one community, one type, one person).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TeamDays {
    pub from: NaiveDate,
    /// The last day, included.
    pub to: NaiveDate,
    pub community_id: Option<i64>,
    pub kind: Option<String>,
    pub assignee: Option<String>,
    /// Only what was done (completed, cancelled or a no-show): the history filter.
    pub done_only: bool,
}

/// A page of everyone's days.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DaysPage {
    /// At most the page's share of each day, each day's in time order.
    pub activities: Vec<Activity>,
    /// Per day, how many there are in all (those opened included); days with none left out.
    pub counts: Vec<(NaiveDate, usize)>,
}

/// What one day may open at most.
pub const MAX_PER_DAY: usize = 500;

impl Store {
    /// The days of `window`: every day counted, at most `per_day` of each opened. Blocking.
    pub fn team_days(&self, window: &TeamDays, per_day: usize) -> Result<DaysPage, StoreError> {
        let per_day = per_day.min(MAX_PER_DAY);
        let conn = self.lock();
        let (from, to) = (day_number(window.from), day_number(window.to));
        let narrowed = params![
            from,
            to,
            window.community_id,
            window.kind,
            window.assignee,
            window.done_only
        ];
        const NARROWED: &str =
            "(?3 IS NULL OR community_id = ?3) AND (?4 IS NULL OR type_name = ?4)
             AND (?5 IS NULL OR assigned = ?5) AND (?6 = 0 OR state <> 0)";
        let mut counts = Vec::new();
        {
            let mut stmt = conn.prepare_cached(&format!(
                "SELECT day, count(*) FROM activities INDEXED BY activities_days
                 WHERE day BETWEEN ?1 AND ?2 AND {NARROWED} GROUP BY day ORDER BY day"
            ))?;
            let mut rows = stmt.query(narrowed)?;
            while let Some(row) = rows.next()? {
                let (day, count): (i64, i64) = (row.get(0)?, row.get(1)?);
                if let (Some(day), Ok(count)) = (day_of(day), usize::try_from(count)) {
                    counts.push((day, count));
                }
            }
        }
        let mut ids = Vec::new();
        {
            let mut stmt = conn.prepare_cached(&format!(
                "SELECT id FROM activities INDEXED BY activities_days
                 WHERE day = ?1 AND day = ?2 AND {NARROWED} ORDER BY due, id LIMIT ?7"
            ))?;
            let limit = i64::try_from(per_day).unwrap_or(i64::MAX);
            for (day, _) in &counts {
                let day = day_number(*day);
                let mut rows = stmt.query(params![
                    day,
                    day,
                    window.community_id,
                    window.kind,
                    window.assignee,
                    window.done_only,
                    limit
                ])?;
                while let Some(row) = rows.next()? {
                    ids.push(row.get::<_, i64>(0)?);
                }
            }
        }
        let activities = open_each(self, &conn, &ids)?;
        Ok(DaysPage { activities, counts })
    }

    /// Everyone's open activities on days before `before` (narrowed as `window` is): how many
    /// there are, and the latest `limit` of them opened, in time order. Blocking.
    pub fn team_overdue(
        &self,
        window: &TeamDays,
        before: NaiveDate,
        limit: usize,
    ) -> Result<(Vec<Activity>, usize), StoreError> {
        let conn = self.lock();
        const NARROWED: &str = "state = 0 AND day < ?1 AND (?2 IS NULL OR community_id = ?2)
             AND (?3 IS NULL OR type_name = ?3) AND (?4 IS NULL OR assigned = ?4)";
        let narrowed = params![
            day_number(before),
            window.community_id,
            window.kind,
            window.assignee
        ];
        let count: i64 = conn
            .prepare_cached(&format!(
                "SELECT count(*) FROM activities INDEXED BY activities_open WHERE {NARROWED}"
            ))?
            .query_row(narrowed, |r| r.get(0))?;
        let limit = i64::try_from(limit.min(MAX_PER_DAY)).unwrap_or(0);
        let ids: Vec<i64> = conn
            .prepare_cached(&format!(
                "SELECT id FROM activities INDEXED BY activities_open WHERE {NARROWED}
                 ORDER BY day DESC, due DESC, id DESC LIMIT ?5"
            ))?
            .query_map(
                params![
                    day_number(before),
                    window.community_id,
                    window.kind,
                    window.assignee,
                    limit
                ],
                |r| r.get(0),
            )?
            .collect::<Result<_, _>>()?;
        let mut opened = open_each(self, &conn, &ids)?;
        opened.reverse();
        Ok((opened, usize::try_from(count).unwrap_or(0)))
    }
}

/// The rows of `ids`, opened in that order (one that does not open is left out).
fn open_each(
    store: &Store,
    conn: &rusqlite::Connection,
    ids: &[i64],
) -> Result<Vec<Activity>, StoreError> {
    let mut body = conn.prepare_cached("SELECT body FROM activities WHERE id = ?1")?;
    let mut out = Vec::with_capacity(ids.len());
    for &id in ids {
        let sealed: Vec<u8> = body.query_row([id], |r| r.get(0))?;
        out.extend(open_activity(&store.keys, id, &sealed));
    }
    Ok(out)
}
