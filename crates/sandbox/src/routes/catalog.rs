//! Type read (drop-down value lists) and the plugin endpoint.

use axum::extract::State;
use axum::http::StatusCode;
use rusqlite::{OptionalExtension, params};
use serde_json::json;

use crate::api::model::*;
use crate::auth::Access;
use crate::http::{Body, Fail, Params, Reply, json, like_anywhere};
use crate::state::AppState;
use crate::time::{show, store};

pub async fn types(State(state): State<AppState>, access: Access, query: Params) -> Reply {
    let list = state
        .db
        .read(move |tx| {
            let portal = access.portal(&query, tx)?;
            let code = query.int("Type")?.ok_or_else(|| Fail::bad("Type is required"))?;
            let list = TypeList::from_code(code);
            if list.known_name().is_none() {
                return Err(Fail::bad(format!("Type {code} is not a valid type list")));
            }
            if let Some(community) = query.text("CommunityId")
                && community.parse::<i64>().is_err()
            {
                return Err(Fail::bad(format!("CommunityId must be a community id (got {community:?})")));
            }
            let limit = query.bounded("Limit", 10_000)?.unwrap_or(10_000);
            let search = query.search("Search")?.map(like_anywhere);
            let (master, id) = (query.int("MasterId")?, query.int("Id")?);
            let api_user: (i64, String) = tx.query_row(
                "SELECT id, first_name || ' ' || last_name FROM users WHERE id = ?1",
                [portal.user_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            // The user list is the portal's users themselves.
            let sql = if list == TypeList::USER {
                "SELECT id, first_name || ' ' || last_name, date_created, id, 'User', 0 FROM users
                 WHERE portal_id = ?1 AND (?3 IS NULL OR 0 = ?3) AND (?4 IS NULL OR id = ?4)
                   AND (?5 IS NULL OR lower(first_name || ' ' || last_name) LIKE ?5 ESCAPE '\\') AND ?2 = ?2
                 ORDER BY last_name, first_name LIMIT ?6"
            } else {
                "SELECT id, name, date_created, master_id, master_name, sort_order FROM type_values
                 WHERE portal_id = ?1 AND list = ?2 AND (?3 IS NULL OR master_id = ?3) AND (?4 IS NULL OR id = ?4)
                   AND (?5 IS NULL OR lower(name) LIKE ?5 ESCAPE '\\')
                 ORDER BY sort_order, name LIMIT ?6"
            };
            let mut stmt = tx.prepare_cached(sql)?;
            let rows = stmt.query_map(params![portal.id, code, master, id, search, limit], |r| {
                Ok(TypeRecord {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    date_created: show(&r.get::<_, String>(2)?, portal.tz),
                    last_modified_by: api_user.0,
                    user_id: api_user.0,
                    master_name: r.get(4)?,
                    master_id: r.get(3)?,
                    sort_order: r.get(5)?,
                    user_full_name: api_user.1.clone(),
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await?;
    json(StatusCode::OK, &list)
}

pub async fn plugin(
    State(state): State<AppState>,
    access: Access,
    query: Params,
    body: Body,
) -> Reply {
    let update: PluginUpdate = body.parse()?;
    crate::limits::plugin(&update)?;
    let now = state.clock.now();
    let endpoint = update.endpoint.trim().to_owned();
    let parsed = url::Url::parse(&endpoint)
        .map_err(|_| Fail::bad(format!("Endpoint {endpoint:?} is not a web address")))?;
    if parsed.scheme() != "https" || parsed.host_str().is_none_or(str::is_empty) {
        return Err(Fail::bad(format!(
            "Endpoint must be an https:// address served with a valid SSL certificate (got {endpoint:?})"
        )));
    }
    let message = state
        .db
        .write(move |tx| {
            let portal = access.portal(&query, tx)?;
            let scope = match update.community_id {
                Some(id) => tx
                    .query_row("SELECT name FROM communities WHERE id = ?1 AND portal_id = ?2", params![id, portal.id], |r| r.get::<_, String>(0))
                    .optional()?
                    .ok_or_else(|| Fail::bad(format!("CommunityId {id} is not a community of this portal")))?,
                None => "the whole portal".to_owned(),
            };
            tx.execute(
                "INSERT INTO plugin_endpoints (portal_id, community_id, endpoint, date_updated) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (portal_id, community_id) DO UPDATE SET endpoint = excluded.endpoint, date_updated = excluded.date_updated",
                params![portal.id, update.community_id.unwrap_or(0), endpoint, store(now)],
            )?;
            Ok(format!("Plugin endpoint set for {scope}"))
        })
        .await?;
    json(
        StatusCode::OK,
        &json!({"timestamp": store(now), "links": [], "message": message}),
    )
}
