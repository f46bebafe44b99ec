//! The cases the store keeps: written only when they changed, indexed by keyed hashes of their
//! words (never the words), and searched the way people type.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};

use super::*;

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

/// Where a case's row is sealed for: it opens nowhere else.
/// What [`CaseReplica::upsert`] did: cases it holds now of those given, and how many of them
/// were new or different (so the screens showing cases read again only then).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Upserted {
    pub kept: usize,
    pub changed: usize,
}

/// A case number as the service gives them, in order: what comes before its digits (none in
/// the sandbox; "C-" in the specification's example) and the number they make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseSequence {
    pub prefix: String,
    pub value: u64,
}

impl CaseSequence {
    pub fn of(case_number: &str) -> Option<CaseSequence> {
        let text = case_number.trim();
        let digits = text.len() - text.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let (prefix, number) = text.split_at(text.len() - digits);
        Some(CaseSequence {
            prefix: prefix.to_owned(),
            value: number.parse().ok()?,
        })
    }

    /// The case number `ahead` places after this one.
    pub fn after(&self, ahead: u64) -> String {
        format!("{}{}", self.prefix, self.value.saturating_add(ahead))
    }
}

impl std::fmt::Display for CaseSequence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.after(0))
    }
}

/// Where the highest case number kept is (an answer's key no screen uses).
const HIGHEST_CASE: &str = "store/highest-case-number";

/// The words of `text`: runs of letters and digits.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
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

impl CaseReplica {
    /// Keeps (or refreshes) these cases, writing only those that changed. Blocking: call it
    /// off the UI thread.
    pub fn upsert(&self, cases: &[SearchCase]) -> Result<Upserted, ReplicaError> {
        let mut conn = self.lock();
        let mut room = MAX_CASES.saturating_sub(count(&conn)?);
        let tx = conn.transaction()?;
        let mut kept = 0;
        let mut changed = 0;
        {
            let mut find =
                tx.prepare_cached("SELECT id, digest FROM cases WHERE number_key = ?1")?;
            let mut update = tx.prepare_cached(
                "UPDATE cases SET kind = ?2, digest = ?3, body = ?4 WHERE id = ?1",
            )?;
            let mut insert = tx.prepare_cached(
                "INSERT INTO cases (number_key, kind, digest, body) VALUES (?1, ?2, ?3, ?4)",
            )?;
            let mut unindex = tx.prepare_cached("DELETE FROM case_terms WHERE rowid = ?1")?;
            let mut index =
                tx.prepare_cached("INSERT INTO case_terms (rowid, terms) VALUES (?1, ?2)")?;
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
                let id = match existing {
                    Some((_, same)) if same == digest => {
                        kept += 1;
                        continue;
                    }
                    Some((id, _)) => {
                        update.execute(params![id, kind, digest, body()?])?;
                        unindex.execute([id])?;
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
                index.execute(params![id, self.terms_of(case)])?;
                kept += 1;
                changed += 1;
            }
        }
        tx.commit()?;
        drop(conn);
        let highest = cases
            .iter()
            .filter_map(|c| CaseSequence::of(&c.primary.case_number))
            .max_by_key(|n| n.value);
        if let Some(highest) = highest
            && self
                .highest_case_number()
                .is_none_or(|known| highest.value >= known.value)
        {
            self.keep_answer(HIGHEST_CASE, highest.to_string().as_bytes(), Utc::now())?;
        }
        Ok(Upserted { kept, changed })
    }

    /// The highest case number kept (case numbers are given in order: see `docs/decisions.md`,
    /// "New cases between sweeps"), sealed like any answer; written again whenever a read
    /// brings it, so the answers' oldest-out limit does not drop it.
    pub fn highest_case_number(&self) -> Option<CaseSequence> {
        let (bytes, _) = self.kept_answer(HIGHEST_CASE)?;
        CaseSequence::of(std::str::from_utf8(&bytes).ok()?)
    }

    /// The cases matching `query`, at most `limit`. Words match the starts of words in names,
    /// phones (also typed without separators), emails and case numbers; all words must match.
    pub fn search(&self, query: &LocalQuery, limit: usize) -> Result<LocalMatches, ReplicaError> {
        let conn = self.lock();
        let fetch = i64::try_from(limit.saturating_add(1)).unwrap_or(i64::MAX);
        let kind = query.kind.map(|k| k.code());
        let mut terms: Vec<String> = words(&query.text)
            .take(MAX_TERMS)
            .map(|w| self.keys.query_term(b'w', w))
            .collect();
        for (field, name) in [(b'f', &query.first_name), (b'l', &query.last_name)] {
            if !name.trim().is_empty() {
                terms.push(self.keys.query_term(field, name.trim()));
            }
        }
        let rows: Vec<(i64, Vec<u8>)> = if terms.is_empty() {
            let mut stmt = conn.prepare_cached(
                "SELECT number_key, body FROM cases WHERE ?1 IS NULL OR kind = ?1
                 ORDER BY id LIMIT ?2",
            )?;
            stmt.query_map(params![kind, fetch], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<Result<_, _>>()?
        } else {
            // Terms are "t" and hex digits: nothing in them is FTS5 syntax.
            let expression = terms.join(" ");
            let mut stmt = conn.prepare_cached(
                "SELECT c.number_key, c.body FROM case_terms JOIN cases c ON c.id = case_terms.rowid
                 WHERE case_terms MATCH ?1 AND (?2 IS NULL OR c.kind = ?2) LIMIT ?3",
            )?;
            stmt.query_map(params![expression, kind, fetch], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?
            .collect::<Result<_, _>>()?
        };
        let more = rows.len() > limit;
        let cases = rows
            .iter()
            .take(limit)
            .filter_map(|(number_key, body)| {
                let json = self
                    .keys
                    .open(&case_place(*number_key), body, MAX_CASE_BYTES)?;
                serde_json::from_slice(&json).ok()
            })
            .collect();
        Ok(LocalMatches {
            cases,
            more,
            as_of: synced_at(&conn),
        })
    }

    /// The blind index terms of a case, space-separated.
    fn terms_of(&self, case: &SearchCase) -> String {
        let text = IndexText::of(case);
        let mut terms = Vec::new();
        for word in [
            &text.names,
            &text.phones,
            &text.emails,
            &case.primary.case_number,
        ]
        .into_iter()
        .flat_map(|t| words(t))
        {
            self.keys.prefix_terms(b'w', word, &mut terms);
        }
        self.keys
            .prefix_terms(b'f', case.primary.first_name.trim(), &mut terms);
        self.keys
            .prefix_terms(b'l', case.primary.last_name.trim(), &mut terms);
        terms.sort_unstable();
        terms.dedup();
        terms.join(" ")
    }
}
