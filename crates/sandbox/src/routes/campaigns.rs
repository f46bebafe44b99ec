//! Campaign read, campaign members read and add.

use axum::extract::State;
use axum::http::StatusCode;
use rusqlite::{OptionalExtension, params};
use serde_json::json;

use crate::api::model::*;
use crate::auth::Access;
use crate::http::{Body, Fail, Params, Reply, json, like_anywhere};
use crate::state::AppState;
use crate::time::show;

pub async fn campaigns(State(state): State<AppState>, access: Access, query: Params) -> Reply {
    let list = state
        .db
        .read(move |tx| {
            // `Portalid` is read by the same case-insensitive lookup as `PortalId`.
            let portal = access.portal(&query, tx)?;
            let id = query.id("CampaignId")?;
            let search = query.search("Search")?.map(like_anywhere);
            let mut stmt = tx.prepare_cached(
                "SELECT id, portal_id, name, date_created, is_active FROM campaigns
                 WHERE portal_id = ?1 AND (?2 IS NULL OR id = ?2) AND (?3 IS NULL OR lower(name) LIKE ?3 ESCAPE '\\')
                 ORDER BY is_active DESC, date_created DESC",
            )?;
            let rows = stmt.query_map(params![portal.id, id, search], |r| {
                Ok(Campaign {
                    id: r.get(0)?,
                    company_id: r.get(1)?,
                    name: r.get(2)?,
                    date_created: show(&r.get::<_, String>(3)?, portal.tz),
                    is_active: r.get(4)?,
                    selected: false,
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await?;
    json(StatusCode::OK, &list)
}

pub async fn members(State(state): State<AppState>, access: Access, query: Params) -> Reply {
    let list = state
        .db
        .read(move |tx| {
            let portal = access.portal(&query, tx)?;
            let campaign = query.id("CampaignId")?.ok_or_else(|| Fail::bad("CampaignId is required"))?;
            let (starts, ends): (String, String) = tx
                .query_row(
                    "SELECT starts, ends FROM campaigns WHERE id = ?1 AND portal_id = ?2",
                    params![campaign, portal.id],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?
                .ok_or_else(|| Fail::not_found(format!("Campaign {campaign} not found in portal {}", portal.id)))?;
            let mut stmt = tx.prepare_cached(
                "SELECT i.id, i.first_name, i.last_name, i.email, i.home_phone,
                        coalesce(a.line1, ''), coalesce(a.city, ''), coalesce(a.postal_code, ''), coalesce(a.country, ''),
                        m.status_id, i.type_id,
                        coalesce(mc.name, (SELECT c.name FROM individual_communities ic JOIN communities c ON c.id = ic.community_id
                                            WHERE ic.individual_id = i.id ORDER BY c.id LIMIT 1), ''),
                        i.relationship_type, m.response, i.case_id
                 FROM campaign_members m JOIN individuals i ON i.id = m.individual_id
                 LEFT JOIN communities mc ON mc.id = m.community_id
                 LEFT JOIN addresses a ON a.id = (SELECT id FROM addresses WHERE individual_id = i.id ORDER BY kind = 'Secondary', id LIMIT 1)
                 WHERE m.campaign_id = ?1 ORDER BY i.last_name, i.first_name",
            )?;
            let rows = stmt.query_map([campaign], |r| {
                let home: String = r.get(4)?;
                Ok(CampaignIndividual {
                    individual_id: r.get(0)?,
                    first_name: r.get(1)?,
                    last_name: r.get(2)?,
                    email: r.get(3)?,
                    home: (!home.is_empty()).then_some(home),
                    address_line1: r.get(5)?,
                    city: r.get(6)?,
                    postal_code: r.get(7)?,
                    country: r.get(8)?,
                    campaign_status: CampaignStatus::from_code(r.get(9)?).to_string(),
                    kind: IndividualType::from_code(r.get(10)?).to_string(),
                    community: r.get(11)?,
                    relationship_type: r.get(12)?,
                    response: r.get(13)?,
                    campaign_start: show(&starts, portal.tz),
                    campaign_end: show(&ends, portal.tz),
                    case_id: r.get(14)?,
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await?;
    json(StatusCode::OK, &list)
}

pub async fn add(
    State(state): State<AppState>,
    access: Access,
    query: Params,
    body: Body,
) -> Reply {
    let request: CampaignIndividualAdd = body.parse()?;
    crate::limits::campaign_members(&request)?;
    let count = state
        .db
        .write(move |tx| {
            let portal = access.portal(&query, tx)?;
            let exists: bool = tx.query_row(
                "SELECT EXISTS(SELECT 1 FROM campaigns WHERE id = ?1 AND portal_id = ?2)",
                params![request.campaign_id, portal.id],
                |r| r.get(0),
            )?;
            if !exists {
                return Err(Fail::bad(format!("CampaignId {} is not a campaign of this portal", request.campaign_id)));
            }
            if request.individuals.is_empty() {
                return Err(Fail::bad("Individuals must name at least one individual"));
            }
            for (n, member) in request.individuals.iter().enumerate() {
                if member.campaign_status_id.known_name().is_none() {
                    return Err(Fail::bad(format!(
                        "Individuals[{n}].CampaignStatusId must be 1 to 5 (got {})",
                        member.campaign_status_id.code()
                    )));
                }
                let found: bool = tx.query_row(
                    "SELECT EXISTS(SELECT 1 FROM individuals WHERE id = ?1 AND portal_id = ?2)",
                    params![member.individual_id, portal.id],
                    |r| r.get(0),
                )?;
                if !found {
                    return Err(Fail::bad(format!(
                        "Individuals[{n}].IndividualId {} is not an individual of this portal",
                        member.individual_id
                    )));
                }
                // Someone already in the campaign gets the new status.
                tx.execute(
                    "INSERT INTO campaign_members (campaign_id, individual_id, status_id) VALUES (?1, ?2, ?3)
                     ON CONFLICT (campaign_id, individual_id) DO UPDATE SET status_id = excluded.status_id",
                    params![request.campaign_id, member.individual_id, member.campaign_status_id.code()],
                )?;
            }
            Ok(request.individuals.len())
        })
        .await?;
    json(
        StatusCode::CREATED,
        &json!({"Message": format!("{count} individual(s) added to the campaign")}),
    )
}
