//! Individuals and cases: the full-text index, the Search and Case forms, and lookups by name
//! or id that more than one route needs.

use rusqlite::{OptionalExtension, Transaction, params};

use crate::api::model::*;
use crate::auth::Portal;
use crate::http::Fail;
use crate::time::show;

/// Individual status ids and names (the service's status list).
pub const STATUSES: &[(i64, &str)] = &[
    (1, "New"),
    (2, "Contacted"),
    (3, "Active"),
    (4, "Deposit"),
    (5, "Moved In"),
    (6, "Lost"),
    (7, "Inactive"),
];

pub fn status_name(id: i64) -> &'static str {
    STATUSES
        .iter()
        .find(|(i, _)| *i == id)
        .map(|(_, n)| *n)
        .unwrap_or("Unknown")
}

/// Turns free text into an FTS5 query: every word must match the start of a token.
pub fn fts_query(q: &str) -> Option<String> {
    let words: Vec<String> = q
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| format!("\"{}\"*", w.to_lowercase()))
        .collect();
    (!words.is_empty()).then(|| words.join(" "))
}

/// Keeps the full-text row of an individual in step with its record. Phones are indexed as
/// written and as bare digits, so "614-555-0142" and "6145550142" both find them.
pub fn index_individual(tx: &Transaction<'_>, id: i64) -> rusqlite::Result<()> {
    let (names, email, phones): (String, String, Vec<String>) = tx.query_row(
        "SELECT first_name || ' ' || last_name, email, home_phone, mobile_phone, work_phone FROM individuals WHERE id = ?1",
        [id],
        |r| Ok((r.get(0)?, r.get(1)?, vec![r.get(2)?, r.get(3)?, r.get(4)?])),
    )?;
    let phone_text: Vec<String> = phones
        .iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| [p.clone(), digits(p)])
        .collect();
    tx.execute("DELETE FROM individuals_fts WHERE rowid = ?1", [id])?;
    tx.execute(
        "INSERT INTO individuals_fts (rowid, names, email, phones) VALUES (?1, ?2, ?3, ?4)",
        params![id, names, email, phone_text.join(" ")],
    )?;
    Ok(())
}

/// The Search form of the given cases, in the given order.
pub fn load_search_cases(
    tx: &Transaction<'_>,
    portal: &Portal,
    case_ids: &[i64],
) -> Result<Vec<SearchCase>, Fail> {
    let ids = serde_json::to_string(case_ids).unwrap_or_default();
    let mut communities: std::collections::HashMap<i64, Vec<Community>> = Default::default();
    let mut stmt = tx.prepare_cached(
        "SELECT ic.individual_id, c.id, c.name, c.name_unique, c.abbreviation, c.color, c.address_id
         FROM individual_communities ic JOIN communities c ON c.id = ic.community_id
         JOIN individuals i ON i.id = ic.individual_id
         WHERE i.case_id IN (SELECT value FROM json_each(?1)) ORDER BY c.id",
    )?;
    let rows = stmt.query_map([&ids], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            Community {
                id: r.get(1)?,
                name: r.get(2)?,
                name_unique: r.get(3)?,
                abbreviation: Some(r.get(4)?),
                color: Some(r.get(5)?),
                address_id: Some(r.get(6)?),
            },
        ))
    })?;
    for row in rows {
        let (individual, community) = row?;
        communities.entry(individual).or_default().push(community);
    }
    let mut stmt = tx.prepare_cached(
        "SELECT i.case_id, i.id, i.first_name, i.last_name, i.type_id, c.primary_individual_id = i.id,
                i.is_primary_contact, u.first_name || ' ' || u.last_name, i.assigned_user_id, i.status_id,
                i.relationship_type_id, i.relationship_type, i.date_created, i.home_phone, i.mobile_phone,
                i.work_phone, i.email,
                (SELECT ms.name FROM activities a JOIN type_values ms ON ms.id = a.market_source_value_id
                 WHERE a.individual_id = i.id AND a.market_source_value_id IS NOT NULL ORDER BY a.due, a.id LIMIT 1)
         FROM individuals i JOIN cases c ON c.id = i.case_id JOIN users u ON u.id = i.assigned_user_id
         WHERE i.case_id IN (SELECT value FROM json_each(?1)) ORDER BY i.id",
    )?;
    let mut by_case: std::collections::HashMap<
        i64,
        (Option<SearchIndividual>, Vec<SearchIndividual>),
    > = Default::default();
    let rows = stmt.query_map([&ids], |r| {
        let case_id: i64 = r.get(0)?;
        let id: i64 = r.get(1)?;
        let first: String = r.get(2)?;
        let last: String = r.get(3)?;
        let kind = IndividualType::from_code(r.get(4)?);
        let primary: bool = r.get(5)?;
        let relationship_type_id: Option<i64> = r.get(10)?;
        let relationship_type: Option<String> = r.get(11)?;
        let created: String = r.get(12)?;
        let email: String = r.get(16)?;
        Ok((
            case_id,
            primary,
            SearchIndividual {
                case_number: case_id.to_string(),
                individual_id: id,
                individual_name: format!("{first} {last}"),
                first_name: first,
                last_name: last,
                individual_type_id: kind,
                individual_type: kind.to_string(),
                primary_individual: primary,
                is_primary_contact: r.get(6)?,
                assigned_user: r.get(7)?,
                assigned_user_id: r.get(8)?,
                individual_status_id: r.get(9)?,
                individual_status_name: status_name(r.get(9)?).to_owned(),
                relationship_type_smart: if primary {
                    "Self".to_owned()
                } else {
                    relationship_type.clone().unwrap_or_else(|| "Other".into())
                },
                date_created: show(&created, portal.tz),
                home_phone_format: r.get(13)?,
                mobile_phone_format: r.get(14)?,
                work_phone_format: r.get(15)?,
                avatar_fallback: format!(
                    "/images/avatar/{}.png",
                    kind.to_string().to_lowercase().replace(' ', "-")
                ),
                communities: Vec::new(),
                community_count: 0,
                relationship_type_id: if primary { None } else { relationship_type_id },
                relationship_type: if primary { None } else { relationship_type },
                email: (!primary && !email.is_empty()).then_some(email),
                market_source: r.get(17)?,
            },
        ))
    })?;
    for row in rows {
        let (case_id, primary, mut person) = row?;
        person.communities = communities
            .remove(&person.individual_id)
            .unwrap_or_default();
        person.community_count = person.communities.len() as i64;
        let entry = by_case.entry(case_id).or_default();
        if primary {
            entry.0 = Some(person);
        } else {
            entry.1.push(person);
        }
    }
    Ok(case_ids
        .iter()
        .filter_map(|id| by_case.remove(id))
        .filter_map(|(primary, relationships)| {
            primary.map(|primary| SearchCase {
                primary,
                relationships,
            })
        })
        .collect())
}

pub fn read_case(tx: &Transaction<'_>, case_id: i64) -> Result<Case, Fail> {
    let primary: i64 = tx.query_row(
        "SELECT primary_individual_id FROM cases WHERE id = ?1",
        [case_id],
        |r| r.get(0),
    )?;
    let individuals = tx
        .prepare_cached(
            "SELECT id, first_name || ' ' || last_name, type_id, relationship_type_id, relationship_type
             FROM individuals WHERE case_id = ?1 ORDER BY id",
        )?
        .query_map([case_id], |r| {
            let id: i64 = r.get(0)?;
            let kind = IndividualType::from_code(r.get(2)?);
            let is_primary = id == primary;
            Ok(CaseIndividual {
                individual_id: id,
                individual_name: r.get(1)?,
                individual_type_id: kind,
                individual_type: kind.to_string(),
                relationship_type_id: if is_primary { None } else { r.get(3)? },
                relationship_type: if is_primary { None } else { r.get(4)? },
                primary_individual: is_primary,
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(Case {
        case_number: case_id.to_string(),
        primary_individual_id: primary,
        individuals,
    })
}

pub fn community_by_unique(
    tx: &Transaction<'_>,
    portal: i64,
    unique: &str,
) -> Result<Option<i64>, Fail> {
    Ok(tx
        .query_row(
            "SELECT id FROM communities WHERE portal_id = ?1 AND name_unique = ?2 COLLATE NOCASE",
            params![portal, unique.trim()],
            |r| r.get(0),
        )
        .optional()?)
}

pub fn user_in_portal(tx: &Transaction<'_>, user: i64, portal: i64) -> Result<Option<i64>, Fail> {
    Ok(tx
        .query_row(
            "SELECT id FROM users WHERE id = ?1 AND portal_id = ?2",
            params![user, portal],
            |r| r.get(0),
        )
        .optional()?)
}

pub fn digits(text: &str) -> String {
    text.chars().filter(char::is_ascii_digit).collect()
}
