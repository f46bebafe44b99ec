//! Search, Case read, Individual create and Address read.

use axum::extract::State;
use axum::http::StatusCode;
use rusqlite::{OptionalExtension, Transaction, params};
use serde_json::json;

use crate::api::model::*;
use crate::auth::Access;
use crate::http::{Body, Fail, Params, Reply, json};
use crate::state::AppState;
use crate::store::activities::insert_from_individual_create;
use crate::store::people::{
    community_by_unique, digits, fts_query, index_individual, load_search_cases, read_case,
    user_in_portal,
};
use crate::time::store;

pub const SEARCH_DEFAULT_PAGE: i64 = 4000;
pub const SEARCH_MAX_PAGE: i64 = 10_000;

pub async fn search(State(state): State<AppState>, access: Access, query: Params) -> Reply {
    let response = state
        .db
        .read(move |tx| search_tx(tx, &access, &query))
        .await?;
    json(StatusCode::OK, &response)
}

fn search_tx(
    tx: &Transaction<'_>,
    access: &Access,
    query: &Params,
) -> Result<SearchResponse, Fail> {
    let portal = access.portal(query, tx)?;
    let page_size = query
        .bounded("PageSize", SEARCH_MAX_PAGE)?
        .unwrap_or(SEARCH_DEFAULT_PAGE);
    let page = query.bounded("PageNumber", 1_000_000)?.unwrap_or(1);
    let mut filters = vec!["i.portal_id = ?".to_owned()];
    let mut args: Vec<rusqlite::types::Value> = vec![portal.id.into()];
    if let Some(list) = query.text("ListId") {
        let list: i64 = list
            .parse()
            .ok()
            .filter(|id| *id > 0)
            .ok_or_else(|| Fail::bad(format!("ListId {list:?} is not a valid list id")))?;
        let exists: bool = tx.query_row(
            "SELECT EXISTS(SELECT 1 FROM lists WHERE id = ?1 AND portal_id = ?2)",
            params![list, portal.id],
            |r| r.get(0),
        )?;
        if !exists {
            return Err(Fail::bad(format!(
                "ListId {list} is not a valid list id in portal {}",
                portal.id
            )));
        }
        filters.push("i.id IN (SELECT individual_id FROM list_members WHERE list_id = ?)".into());
        args.push(list.into());
    }
    // With `q`, the full-text match leads the join (CROSS JOIN fixes the order), so the cost
    // follows the number of matches rather than the size of the portal.
    let mut from = "individuals i";
    if let Some(q) = query.words("q")? {
        match fts_query(q) {
            Some(fts) => {
                from = "individuals_fts CROSS JOIN individuals i ON i.id = individuals_fts.rowid";
                filters.insert(0, "individuals_fts MATCH ?".into());
                args.insert(0, fts.into());
            }
            None => filters.push("0".into()),
        }
    }
    for (param, column) in [("FirstName", "i.first_name"), ("LastName", "i.last_name")] {
        if let Some(value) = query.search(param)? {
            filters.push(format!("{column} LIKE ? ESCAPE '\\'"));
            args.push(
                format!(
                    "{}%",
                    value
                        .replace('\\', "\\\\")
                        .replace('%', "\\%")
                        .replace('_', "\\_")
                )
                .into(),
            );
        }
    }
    if let Some(kind) = query.int("IndividualTypeId")? {
        if IndividualType::from_code(kind).known_name().is_none() {
            return Err(Fail::bad(format!(
                "IndividualTypeId must be 1, 2, 3, 4 or 6 (got {kind})"
            )));
        }
        filters.push("i.type_id = ?".into());
        args.push(kind.into());
    }
    let matching = format!(
        "SELECT DISTINCT i.case_id AS id FROM {from} WHERE {}",
        filters.join(" AND ")
    );
    let total: i64 = tx.query_row(
        &format!("SELECT COUNT(*) FROM ({matching})"),
        rusqlite::params_from_iter(args.iter()),
        |r| r.get(0),
    )?;
    let mut page_args = args.clone();
    page_args.push(page_size.into());
    page_args.push(((page - 1) * page_size).into());
    let case_ids: Vec<i64> = tx
        .prepare(&format!(
            "SELECT c.id FROM ({matching}) m CROSS JOIN cases c ON c.id = m.id
             JOIN individuals p ON p.id = c.primary_individual_id
             ORDER BY p.last_name COLLATE NOCASE, p.first_name COLLATE NOCASE, c.id
             LIMIT ? OFFSET ?"
        ))?
        .query_map(rusqlite::params_from_iter(page_args.iter()), |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let cases = load_search_cases(tx, &portal, &case_ids)?;
    Ok(SearchResponse {
        total,
        cases: cases.into(),
        tenant: Tenant {
            user_id: portal.user_id,
            company_id: portal.id,
        },
    })
}

pub async fn case(State(state): State<AppState>, access: Access, query: Params) -> Reply {
    let case = state
        .db
        .read(move |tx| {
            let portal = access.portal(&query, tx)?;
            let case_number = query.text("CaseNumber").map(str::to_owned);
            let individual = query.int("IndividualId")?;
            let case_id: Option<i64> = match (case_number, individual) {
                (None, None) => return Err(Fail::bad("CaseNumber or IndividualId is required")),
                (Some(number), _) => match number.parse::<i64>() {
                    Ok(id) => tx
                        .query_row(
                            "SELECT id FROM cases WHERE id = ?1 AND portal_id = ?2",
                            params![id, portal.id],
                            |r| r.get(0),
                        )
                        .optional()?,
                    Err(_) => None,
                },
                (None, Some(individual)) => tx
                    .query_row(
                        "SELECT case_id FROM individuals WHERE id = ?1 AND portal_id = ?2",
                        params![individual, portal.id],
                        |r| r.get(0),
                    )
                    .optional()?,
            };
            let case_id = case_id.ok_or_else(|| {
                Fail::not_found(format!("Case not found in portal {}", portal.id))
            })?;
            read_case(tx, case_id)
        })
        .await?;
    json(StatusCode::OK, &case)
}

pub async fn addresses(State(state): State<AppState>, access: Access, query: Params) -> Reply {
    let list = state
        .db
        .read(move |tx| {
            let portal = access.portal(&query, tx)?;
            let individual = query.id("IndividualId")?;
            let address = query.id("AddressId")?;
            if individual.is_none() && address.is_none() {
                return Err(Fail::bad("IndividualId or AddressId is required"));
            }
            let mut stmt = tx.prepare_cached(
                "SELECT a.id, a.individual_id, i.first_name || ' ' || i.last_name, a.kind, a.line1, a.line2,
                        a.city, a.state, a.postal_code, a.country
                 FROM addresses a JOIN individuals i ON i.id = a.individual_id
                 WHERE i.portal_id = ?1 AND (?2 IS NULL OR a.individual_id = ?2) AND (?3 IS NULL OR a.id = ?3)
                 ORDER BY a.kind = 'Secondary', a.id",
            )?;
            let rows = stmt.query_map(params![portal.id, individual, address], |r| {
                Ok(Address {
                    id: r.get(0)?,
                    individual_id: r.get(1)?,
                    individual_name: r.get(2)?,
                    kind: r.get(3)?,
                    address_line1: r.get(4)?,
                    address_line2: r.get(5)?,
                    city: r.get(6)?,
                    state: r.get(7)?,
                    postal_code: r.get(8)?,
                    country: r.get(9)?,
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await?;
    json(StatusCode::OK, &list)
}

/// Property names the create operation accepts (the object definition is not in the spec;
/// see docs/decisions.md). `casenumber` attaches the individual to an existing case.
const PROPERTIES: &[&str] = &[
    "type",
    "firstname",
    "lastname",
    "email",
    "homephone",
    "mobilephone",
    "workphone",
    "assigneduserid",
    "casenumber",
];

pub async fn create_individuals(
    State(state): State<AppState>,
    access: Access,
    query: Params,
    body: Body,
) -> Reply {
    let request: IndividualCreateRequest = body.parse()?;
    crate::limits::individuals(&request)?;
    let now = state.clock.now();
    let created = state
        .db
        .write(move |tx| create_tx(tx, &access, &query, request, now))
        .await?;
    let count = created.len();
    json(
        StatusCode::OK,
        &json!({"Message": format!("{count} individual(s) saved"), "Individuals": created}),
    )
}

fn create_tx(
    tx: &Transaction<'_>,
    access: &Access,
    query: &Params,
    request: IndividualCreateRequest,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<CreatedIndividual>, Fail> {
    let portal = access.portal(query, tx)?;
    if request.individuals.is_empty() {
        return Err(Fail::bad("individuals must hold at least one individual"));
    }
    let stamp = store(now);
    let mut created = Vec::new();
    let mut first_case: Option<i64> = None;
    for (n, person) in request.individuals.iter().enumerate() {
        let field = |name: &str| format!("individuals[{n}].{name}");
        for p in &person.properties {
            if !PROPERTIES.contains(&p.property.to_ascii_lowercase().as_str()) {
                return Err(Fail::bad(format!(
                    "{}: unknown property {:?}; known properties are {}",
                    field("properties"),
                    p.property,
                    PROPERTIES.join(", ")
                )));
            }
        }
        let kind_text = person
            .get("type")
            .ok_or_else(|| Fail::bad(format!("{} must contain type", field("properties"))))?;
        let kind = IndividualType::from_create_name(kind_text).ok_or_else(|| {
            Fail::bad(format!(
                "{}: type {kind_text:?} is not one of Prospect, Resident, Contact, Referral, Pre Lead",
                field("properties")
            ))
        })?;
        let first = required_text(person, "firstname", &field("properties"))?;
        let last = required_text(person, "lastname", &field("properties"))?;
        let email = person.get("email").unwrap_or("").trim().to_owned();
        if !email.is_empty() && !looks_like_email(&email) {
            return Err(Fail::bad(format!(
                "{}: email {email:?} is not an email address",
                field("properties")
            )));
        }
        let phones = ["homephone", "mobilephone", "workphone"]
            .map(|p| person.get(p).unwrap_or("").trim().to_owned());
        let assigned = match person.get("assigneduserid") {
            Some(text) => {
                let id: i64 = text.trim().parse().map_err(|_| {
                    Fail::bad(format!(
                        "{}: assigneduserid must be a user id",
                        field("properties")
                    ))
                })?;
                user_in_portal(tx, id, portal.id)?.ok_or_else(|| {
                    Fail::bad(format!("{}: user {id} not found", field("properties")))
                })?
            }
            None => portal.user_id,
        };
        let mut community_ids = Vec::new();
        for (c, community) in person.communities.iter().flatten().enumerate() {
            let id =
                community_by_unique(tx, portal.id, &community.name_unique)?.ok_or_else(|| {
                    Fail::bad(format!(
                        "{}[{c}].NameUnique {:?} is not a community",
                        field("communities"),
                        community.name_unique
                    ))
                })?;
            community_ids.push(id);
        }
        let existing = if person.communitymerge == Some(true) {
            None
        } else {
            find_match(
                tx,
                portal.id,
                &email,
                &phones,
                person.integrationid.as_deref(),
            )?
        };
        let (id, case_id, merged) = match existing {
            Some((id, case_id)) => (id, case_id, true),
            None => {
                let case_id = match person.get("casenumber") {
                    Some(number) => number
                        .trim()
                        .parse::<i64>()
                        .ok()
                        .and_then(|id| {
                            tx.query_row(
                                "SELECT id FROM cases WHERE id = ?1 AND portal_id = ?2",
                                params![id, portal.id],
                                |r| r.get(0),
                            )
                            .optional()
                            .ok()
                            .flatten()
                        })
                        .ok_or_else(|| {
                            Fail::bad(format!(
                                "{}: casenumber {number:?} is not a case",
                                field("properties")
                            ))
                        })?,
                    None if person.relationship.is_some() && first_case.is_some() => {
                        first_case.unwrap_or_default()
                    }
                    None => {
                        tx.execute("INSERT INTO cases (portal_id) VALUES (?1)", [portal.id])?;
                        tx.last_insert_rowid()
                    }
                };
                let relationship_id: Option<i64> = match &person.relationship {
                    Some(name) => tx
                        .query_row(
                            "SELECT id FROM type_values WHERE portal_id = ?1 AND list = 10 AND name = ?2 COLLATE NOCASE",
                            params![portal.id, name],
                            |r| r.get(0),
                        )
                        .optional()?,
                    None => None,
                };
                tx.execute(
                    "INSERT INTO individuals (portal_id, case_id, type_id, first_name, last_name, email, home_phone,
                        mobile_phone, work_phone, status_id, assigned_user_id, relationship_type_id, relationship_type,
                        integration_id, date_created)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 1, ?10, ?11, ?12, ?13, ?14)",
                    params![
                        portal.id, case_id, kind.code(), first, last, email, phones[0], phones[1], phones[2], assigned,
                        relationship_id, person.relationship, person.integrationid, stamp
                    ],
                )?;
                let id = tx.last_insert_rowid();
                tx.execute(
                    "UPDATE cases SET primary_individual_id = ?1 WHERE id = ?2 AND primary_individual_id IS NULL",
                    params![id, case_id],
                )?;
                index_individual(tx, id)?;
                (id, case_id, false)
            }
        };
        if first_case.is_none() {
            first_case = Some(case_id);
        }
        for community in &community_ids {
            tx.execute(
                "INSERT OR IGNORE INTO individual_communities (individual_id, community_id) VALUES (?1, ?2)",
                params![id, community],
            )?;
        }
        for (a, address) in person.addresses.iter().flatten().enumerate() {
            if address.address_line1.trim().is_empty() || address.city.trim().is_empty() {
                return Err(Fail::bad(format!(
                    "{}[{a}]: AddressLine1 and City are required",
                    field("addresses")
                )));
            }
            let existing: i64 = tx.query_row(
                "SELECT COUNT(*) FROM addresses WHERE individual_id = ?1",
                [id],
                |r| r.get(0),
            )?;
            tx.execute(
                "INSERT INTO addresses (individual_id, kind, line1, line2, city, state, postal_code, country)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'US')",
                params![
                    id,
                    if existing == 0 { "Primary" } else { "Secondary" },
                    address.address_line1,
                    address.address_line2,
                    address.city,
                    address.state,
                    address.postal_code
                ],
            )?;
        }
        for note in person.notes.iter().flatten() {
            tx.execute(
                "INSERT INTO individual_notes (individual_id, message, date_created) VALUES (?1, ?2, ?3)",
                params![id, note.message, stamp],
            )?;
        }
        for (a, activity) in person.activities.iter().flatten().enumerate() {
            insert_from_individual_create(tx, &portal, id, case_id, &community_ids, activity, now)
                .map_err(|e| Fail::bad(format!("{}[{a}]: {}", field("activities"), e.message)))?;
        }
        created.push(CreatedIndividual {
            individual_id: id,
            case_number: case_id.to_string(),
            merged,
        });
    }
    Ok(created)
}

fn required_text<'a>(person: &'a NewIndividual, name: &str, field: &str) -> Result<&'a str, Fail> {
    person
        .get(name)
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .ok_or_else(|| Fail::bad(format!("{field} must contain a non-empty {name}")))
}

fn looks_like_email(text: &str) -> bool {
    let Some((user, domain)) = text.split_once('@') else {
        return false;
    };
    !user.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !text.contains(char::is_whitespace)
}

/// An existing individual with the same email, phone or integration id.
fn find_match(
    tx: &Transaction<'_>,
    portal: i64,
    email: &str,
    phones: &[String; 3],
    integration: Option<&str>,
) -> Result<Option<(i64, i64)>, Fail> {
    let found = |sql: &str, value: &str| -> Result<Option<(i64, i64)>, Fail> {
        Ok(tx
            .query_row(sql, params![portal, value], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?)
    };
    if let Some(integration) = integration.filter(|i| !i.trim().is_empty())
        && let Some(hit) = found(
            "SELECT id, case_id FROM individuals WHERE portal_id = ?1 AND integration_id = ?2",
            integration,
        )?
    {
        return Ok(Some(hit));
    }
    if !email.is_empty()
        && let Some(hit) = found(
            "SELECT id, case_id FROM individuals WHERE portal_id = ?1 AND email = ?2 COLLATE NOCASE",
            email,
        )?
    {
        return Ok(Some(hit));
    }
    for phone in phones.iter().map(|p| digits(p)).filter(|p| p.len() >= 7) {
        if let Some(fts) = fts_query(&phone) {
            let hit = tx
                .query_row(
                    "SELECT i.id, i.case_id FROM individuals i WHERE i.portal_id = ?1
                     AND i.id IN (SELECT rowid FROM individuals_fts WHERE individuals_fts MATCH ?2) ORDER BY i.id LIMIT 1",
                    params![portal, format!("phones : {fts}")],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?;
            if hit.is_some() {
                return Ok(hit);
            }
        }
    }
    Ok(None)
}
