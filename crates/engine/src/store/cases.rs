//! The cases the store keeps: written only when they changed, each with its words sealed
//! beside it, and searched the way people type, in memory ([`super::finding`]).

use crate::change::Change;
use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};

use super::finding::{Asked, Findable, SearchIndex, words};
use super::rows::fold;
use super::*;

/// What the search box and filters ask of the store.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StoreQuery {
    pub text: String,
    pub first_name: String,
    pub last_name: String,
    pub kind: Option<IndividualType>,
}

/// The store's answer: at most the limit asked for, and whether there were more.
#[derive(Debug, Clone, Default)]
pub struct StoreMatches {
    pub cases: Vec<SearchCase>,
    pub more: bool,
    pub as_of: Option<DateTime<Utc>>,
}

/// What [`Store::upsert`] did: cases it holds now of those given, and how many of them
/// were new or different (so the screens showing cases read again only then).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Upserted {
    pub kept: usize,
    pub changed: usize,
}

impl Store {
    /// Keeps (or refreshes) these cases, writing only those that changed, and tells when any
    /// did. Blocking: call it off the UI thread.
    pub fn upsert(&self, cases: &[SearchCase]) -> Result<Upserted, StoreError> {
        self.put_cases(cases, true)
    }

    /// As [`Store::upsert`], for cases a screen just read from the service and shows:
    /// kept, and not told as a change (the screen would only read them again).
    pub fn remember(&self, cases: &[SearchCase]) -> Result<Upserted, StoreError> {
        self.put_cases(cases, false)
    }

    fn put_cases(&self, cases: &[SearchCase], tell: bool) -> Result<Upserted, StoreError> {
        let mut conn = self.lock();
        let mut room = MAX_CASES.saturating_sub(count(&conn)?);
        let tx = conn.transaction()?;
        let mut kept = 0;
        let mut changed = 0;
        let mut written = Vec::new();
        let mut touched: Vec<&str> = Vec::new();
        {
            let mut find =
                tx.prepare_cached("SELECT id, digest FROM cases WHERE number_key = ?1")?;
            let mut update = tx.prepare_cached(
                "UPDATE cases SET kind = ?2, digest = ?3, body = ?4 WHERE id = ?1",
            )?;
            let mut insert = tx.prepare_cached(
                "INSERT INTO cases (number_key, kind, digest, body) VALUES (?1, ?2, ?3, ?4)",
            )?;
            let mut keep_words =
                tx.prepare_cached("INSERT OR REPLACE INTO case_words (id, words) VALUES (?1, ?2)")?;
            for case in cases {
                let p = &case.primary;
                let Ok(json) = serde_json::to_vec(case) else {
                    continue;
                };
                if json.len() > MAX_CASE_BYTES || p.case_number.is_empty() {
                    continue;
                }
                let digest = self.keys.digest(&json);
                let kind = p.individual_type_id.code();
                let number_key = self.keys.lookup(CASE_NUMBER, &p.case_number);
                let existing: Option<(i64, i64)> = find
                    .query_row([number_key], |r| Ok((r.get(0)?, r.get(1)?)))
                    .optional()?;
                let body = || self.keys.seal(&case_place(number_key), &json);
                let findable = Findable::of(case);
                let sealed_words = || {
                    self.keys
                        .seal_padded(&words_place(number_key), &findable.to_bytes())
                };
                let id = match existing {
                    Some((_, same)) if same == digest => {
                        kept += 1;
                        continue;
                    }
                    Some((id, _)) => {
                        update.execute(params![id, kind, digest, body()?])?;
                        id
                    }
                    // Over the cap: known cases are still refreshed, new ones not kept.
                    None if room == 0 => continue,
                    None => {
                        insert.execute(params![number_key, kind, digest, body()?])?;
                        room -= 1;
                        tx.last_insert_rowid()
                    }
                };
                keep_words.execute(params![id, sealed_words()?])?;
                written.push((id, number_key, kind, findable, p.assigned_user_id));
                touched.push(p.case_number.as_str());
                kept += 1;
                changed += 1;
            }
        }
        tx.commit()?;
        // Under the store's lock, so no search sees the file and its words disagree.
        if let Some(assignees) = self
            .lead_assignees
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_mut()
        {
            for &(_, number_key, kind, _, assigned) in &written {
                if is_lead_kind(kind) {
                    assignees.insert(number_key, assigned);
                } else {
                    assignees.remove(&number_key);
                }
            }
        }
        if let Some(index) = self
            .words
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_mut()
        {
            for (id, number_key, kind, findable, _) in written {
                index.put(id, number_key, kind, findable);
            }
        }
        drop(conn);
        self.touch(touched);
        if tell && changed > 0 {
            self.landed(&[Change::Cases]);
        }
        Ok(Upserted { kept, changed })
    }

    /// The cases matching `query`, at most `limit`. Words match the starts of words in names,
    /// phones (also typed without separators), emails and case numbers; all words must match.
    /// The first search reads every case's sealed words into memory; later ones read only
    /// the cases they return.
    pub fn search(&self, query: &StoreQuery, limit: usize) -> Result<StoreMatches, StoreError> {
        let conn = self.lock();
        let asked = asked_of(query);
        let (rows, more): (Vec<(i64, i64)>, bool) = if asked.is_everyone() {
            // Everyone (of a kind): the first rows, without reading anyone's words.
            let fetch = i64::try_from(limit.saturating_add(1)).unwrap_or(i64::MAX);
            let mut stmt = conn.prepare_cached(
                "SELECT id, number_key FROM cases WHERE ?1 IS NULL OR kind = ?1
                 ORDER BY id LIMIT ?2",
            )?;
            let mut rows: Vec<(i64, i64)> = stmt
                .query_map(params![asked.kind, fetch], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<Result<_, _>>()?;
            let more = rows.len() > limit;
            rows.truncate(limit);
            (rows, more)
        } else {
            let mut found = self.with_words(&conn, |index| {
                index.matching_each(std::slice::from_ref(&asked), limit.saturating_add(1))
            })?;
            let mut rows = found.pop().unwrap_or_default();
            let more = rows.len() > limit;
            rows.truncate(limit);
            (rows, more)
        };
        Ok(StoreMatches {
            cases: self.open_cases(&conn, rows)?,
            more,
            as_of: synced_at(&conn),
        })
    }

    /// The cases each of `queries` finds (at most `limit` each), in one walk over the words:
    /// the intake's duplicate check asks a dozen questions at once. A query without words
    /// finds nothing here.
    pub fn search_each(
        &self,
        queries: &[StoreQuery],
        limit: usize,
    ) -> Result<Vec<Vec<SearchCase>>, StoreError> {
        let conn = self.lock();
        let asked: Vec<Asked> = queries.iter().map(asked_of).collect();
        let found = self.with_words(&conn, |index| index.matching_each(&asked, limit))?;
        found
            .into_iter()
            .zip(&asked)
            .map(|(rows, asked)| {
                if asked.is_everyone() {
                    Ok(Vec::new())
                } else {
                    self.open_cases(&conn, rows)
                }
            })
            .collect()
    }

    /// Runs `read` on the words held in memory, read from the store first if need be.
    fn with_words<T>(
        &self,
        conn: &Connection,
        read: impl FnOnce(&SearchIndex) -> T,
    ) -> Result<T, StoreError> {
        let mut held = self.words.lock().unwrap_or_else(|p| p.into_inner());
        let index = match held.as_mut() {
            Some(index) => index,
            None => held.insert(self.read_words(conn)?),
        };
        index.prepare();
        Ok(read(index))
    }

    /// The cases of these rows, opened (one that does not open is left out).
    fn open_cases(
        &self,
        conn: &Connection,
        rows: Vec<(i64, i64)>,
    ) -> Result<Vec<SearchCase>, StoreError> {
        let mut body_of = conn.prepare_cached("SELECT body FROM cases WHERE id = ?1")?;
        let mut cases = Vec::with_capacity(rows.len());
        for (id, number_key) in rows {
            let Some(body) = body_of
                .query_row([id], |r| r.get::<_, Vec<u8>>(0))
                .optional()?
            else {
                continue;
            };
            let json = self
                .keys
                .open(&case_place(number_key), &body, MAX_CASE_BYTES);
            if let Some(case) = json.and_then(|j| serde_json::from_slice(&j).ok()) {
                cases.push(case);
            }
        }
        Ok(cases)
    }

    /// What the words read for search hold in memory, in bytes (0 before the first search).
    pub fn search_words_bytes(&self) -> usize {
        self.words
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .map_or(0, SearchIndex::bytes)
    }

    /// Every kept case's words, opened from their rows (a row whose words do not open is
    /// read from its case).
    fn read_words(&self, conn: &Connection) -> Result<SearchIndex, StoreError> {
        let mut index = SearchIndex::default();
        let mut stmt = conn.prepare_cached(
            "SELECT c.id, c.number_key, c.kind, w.words
             FROM cases c LEFT JOIN case_words w ON w.id = c.id ORDER BY c.id",
        )?;
        let mut body_of = conn.prepare_cached("SELECT body FROM cases WHERE id = ?1")?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let (id, number_key, kind): (i64, i64, i64) = (row.get(0)?, row.get(1)?, row.get(2)?);
            let sealed: Option<Vec<u8>> = row.get(3)?;
            let findable = sealed
                .and_then(|s| self.keys.open_padded(&words_place(number_key), &s))
                .and_then(|plain| Findable::from_bytes(&plain))
                .or_else(|| {
                    let body: Vec<u8> = body_of.query_row([id], |r| r.get(0)).ok()?;
                    let json = self
                        .keys
                        .open(&case_place(number_key), &body, MAX_CASE_BYTES)?;
                    let case: SearchCase = serde_json::from_slice(&json).ok()?;
                    Some(Findable::of(&case))
                });
            if let Some(findable) = findable {
                index.put(id, number_key, kind, findable);
            }
        }
        tracing::debug!(
            cases = index.len(),
            bytes = index.bytes(),
            "search words read from the store"
        );
        Ok(index)
    }
}

/// Whether a case of this kind is a lead (a prospect or a pre-lead).
pub(super) fn is_lead_kind(kind: i64) -> bool {
    [
        IndividualType::Prospect.code(),
        IndividualType::PreLead.code(),
    ]
    .contains(&kind)
}

/// What `query` asks, folded as the words are kept.
fn asked_of(query: &StoreQuery) -> Asked {
    let name = |typed: &str| Some(fold(typed.trim())).filter(|n| !n.is_empty());
    Asked {
        words: words(&query.text)
            .take(MAX_SEARCH_WORDS)
            .map(fold)
            .collect(),
        first: name(&query.first_name),
        last: name(&query.last_name),
        kind: query.kind.map(|k| k.code()),
    }
}

/// Where a case's words are sealed for: they open nowhere else.
fn words_place(number_key: i64) -> String {
    format!("cases/{number_key}/words")
}

/// The migration to sealed words: every kept case's words, taken from its sealed JSON.
pub(super) fn seal_words_of_kept_cases(
    tx: &rusqlite::Transaction<'_>,
    keys: &RowKeys,
) -> Result<(), StoreError> {
    let mut read = tx.prepare("SELECT id, number_key, body FROM cases")?;
    let mut write = tx.prepare("INSERT OR REPLACE INTO case_words (id, words) VALUES (?1, ?2)")?;
    let mut rows = read.query([])?;
    while let Some(row) = rows.next()? {
        let (id, number_key, body): (i64, i64, Vec<u8>) = (row.get(0)?, row.get(1)?, row.get(2)?);
        let Some(json) = keys.open(&case_place(number_key), &body, MAX_CASE_BYTES) else {
            continue;
        };
        let Ok(case) = serde_json::from_slice::<SearchCase>(&json) else {
            continue;
        };
        let sealed = keys.seal_padded(&words_place(number_key), &Findable::of(&case).to_bytes())?;
        write.execute(params![id, sealed])?;
    }
    Ok(())
}
