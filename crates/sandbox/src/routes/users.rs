//! User read and create, and the token operation.

use std::collections::HashSet;

use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use rusqlite::{OptionalExtension, params};
use serde::Deserialize;

use crate::api::model::*;
use crate::auth::{self, Access};
use crate::http::{Body, Fail, Params, Reply, json, like_anywhere};
use crate::state::AppState;
use crate::time::{show, show_opt, store};

const MAX_USERS_PER_REQUEST: usize = 100;

pub async fn users(State(state): State<AppState>, access: Access, query: Params) -> Reply {
    let list = state
        .db
        .read(move |tx| {
            let portal = access.portal(&query, tx)?;
            let id = query.int("Id")?;
            let q = query.words("q")?.map(str::to_owned);
            let q_id: Option<i64> = q.as_deref().and_then(|q| q.parse().ok());
            let like = q.as_deref().map(like_anywhere);
            let mut stmt = tx.prepare_cached(
                "SELECT id, first_name || ' ' || last_name, email, date_created, last_login_date FROM users
                 WHERE portal_id = ?1 AND (?2 IS NULL OR id = ?2)
                   AND (?3 IS NULL OR id = ?4 OR lower(email) LIKE ?3 ESCAPE '\\' OR lower(first_name || ' ' || last_name) LIKE ?3 ESCAPE '\\')
                 ORDER BY last_name, first_name",
            )?;
            let rows = stmt.query_map(params![portal.id, id, like, q_id], |r| {
                Ok(User {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    email: r.get(2)?,
                    date_created: show(&r.get::<_, String>(3)?, portal.tz),
                    last_login_date: show_opt(r.get(4)?, portal.tz),
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await?;
    json(StatusCode::OK, &list)
}

pub async fn create(
    State(state): State<AppState>,
    access: Access,
    query: Params,
    body: Body,
) -> Reply {
    let users: Vec<NewUser> = body.parse()?;
    crate::limits::users(&users)?;
    let now = store(state.clock.now());
    let ids = state
        .db
        .write(move |tx| {
            let portal = access.portal(&query, tx)?;
            if users.is_empty() {
                return Err(Fail::bad("The body must be an array of at least one user"));
            }
            if users.len() > MAX_USERS_PER_REQUEST {
                return Err(Fail::bad(format!("At most {MAX_USERS_PER_REQUEST} users per request")));
            }
            let mut emails = HashSet::new();
            let mut ids = Vec::new();
            for (n, user) in users.iter().enumerate() {
                let bad = |field: &str, why: &str| Fail::bad(format!("[{n}].{field} {why}"));
                if user.first_name.trim().is_empty() {
                    return Err(bad("FirstName", "is required"));
                }
                if user.last_name.trim().is_empty() {
                    return Err(bad("LastName", "is required"));
                }
                let email = user.email.trim().to_lowercase();
                let valid = email.split_once('@').is_some_and(|(u, d)| !u.is_empty() && d.contains('.'));
                if !valid {
                    return Err(bad("Email", "is not an email address"));
                }
                let taken: bool = tx.query_row(
                    "SELECT EXISTS(SELECT 1 FROM users WHERE portal_id = ?1 AND email = ?2 COLLATE NOCASE)",
                    params![portal.id, email],
                    |r| r.get(0),
                )?;
                if taken || !emails.insert(email.clone()) {
                    return Err(bad("Email", "is already used by another user"));
                }
                if time_zone_by_id(user.time_zone_id).is_none() {
                    let known: Vec<String> = TIME_ZONES.iter().map(|z| format!("{} {}", z.id, z.name)).collect();
                    return Err(bad("TimeZoneId", &format!("is not known; use one of: {}", known.join(", "))));
                }
                if user.community.is_empty() {
                    return Err(bad("Community", "must name at least one community"));
                }
                for (c, community) in user.community.iter().enumerate() {
                    let ok: bool = tx.query_row(
                        "SELECT EXISTS(SELECT 1 FROM communities WHERE id = ?1 AND portal_id = ?2)",
                        params![community.id, portal.id],
                        |r| r.get(0),
                    )?;
                    if !ok {
                        return Err(bad(&format!("Community[{c}].Id"), &format!("{} is not a community of this portal", community.id)));
                    }
                }
                tx.execute(
                    "INSERT INTO users (portal_id, first_name, last_name, email, time_zone_id, date_created, activation_sent)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    params![
                        portal.id, user.first_name.trim(), user.last_name.trim(), email, user.time_zone_id, now,
                        user.send_activation_email
                    ],
                )?;
                let id = tx.last_insert_rowid();
                for community in &user.community {
                    tx.execute(
                        "INSERT OR IGNORE INTO user_communities (user_id, community_id) VALUES (?1, ?2)",
                        params![id, community.id],
                    )?;
                }
                ids.push(id);
            }
            Ok(ids)
        })
        .await?;
    let message = format!("{} user(s) created", ids.len());
    json(
        StatusCode::OK,
        &UsersCreated {
            user_ids: ids,
            message: Some(message),
        },
    )
}

/// The token body with every field optional, so a missing one gets the spec's 400.
#[derive(Deserialize)]
struct Credentials {
    username: Option<String>,
    password: Option<String>,
}

pub async fn token(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    access: Access,
    body: Body,
) -> Reply {
    let credentials: Credentials = body.parse()?;
    let (Some(username), Some(password)) = (
        credentials.username.filter(|u| !u.trim().is_empty()),
        credentials.password.filter(|p| !p.is_empty()),
    ) else {
        return Err(Fail::bad("username and password are required"));
    };
    crate::http::cap_text(&username, 254, "username")?;
    crate::http::cap_text(&password, 1024, "password")?;
    let now = state.clock.now();
    let address = peer.ip().to_string();
    state.logins.check(&username, &address, now.timestamp())?;
    let lookup = (username.trim().to_owned(), access.portals.clone());
    let found: Option<(i64, i64, Option<String>)> =
        state
            .db
            .read(move |tx| {
                Ok(tx
                .query_row(
                    "SELECT id, portal_id, password_hash FROM users WHERE email = ?1 COLLATE NOCASE
                     AND portal_id IN (SELECT value FROM json_each(?2)) ORDER BY id LIMIT 1",
                    params![lookup.0, serde_json::to_string(&lookup.1).unwrap_or_default()],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )
                .optional()?)
            })
            .await?;
    // Hashing runs outside the database lock; an unknown user is checked against a decoy so
    // the answer takes as long either way.
    let hash = found
        .as_ref()
        .and_then(|(_, _, h)| h.clone())
        .unwrap_or_else(|| auth::decoy_hash().to_owned());
    let matches = tokio::task::spawn_blocking(move || auth::verify_password(&password, &hash))
        .await
        .map_err(|e| Fail::internal(format!("password check failed: {e}")))?;
    let Some((user, portal, Some(_))) = found.filter(|_| matches) else {
        state.logins.failed(&username, &address, now.timestamp());
        return Err(Fail::unauthorized(
            "Not authorized to access the API: the user name or password is wrong",
        ));
    };
    state.logins.succeeded(&username);
    let secret = state.jwt_secret.clone();
    let token = state
        .db
        .write(move |tx| {
            tx.execute(
                "UPDATE users SET last_login_date = ?1 WHERE id = ?2",
                params![store(now), user],
            )?;
            auth::issue_token(&secret, user, portal, now.timestamp())
        })
        .await?;
    json(
        StatusCode::OK,
        &serde_json::json!({"access_token": token, "token_type": "Bearer", "expires_in": auth::TOKEN_LIFETIME_SECS}),
    )
}
