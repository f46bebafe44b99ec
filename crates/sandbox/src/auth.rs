//! Who is calling: the subscription key (APIM's check), an optional bearer token, and the
//! portal and API user a request acts for.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Argon2, Params};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use chrono_tz::Tz;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rusqlite::{OptionalExtension, Transaction};
use serde::{Deserialize, Serialize};

use super::http::{Fail, Params as Query};
use super::state::AppState;
use crate::api::model::time_zone_by_id;

pub const TOKEN_LIFETIME_SECS: i64 = 7200;

const MISSING_KEY: &str = "Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.";
const INVALID_KEY: &str = "Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.";
const BAD_TOKEN: &str = "Access denied due to an invalid or expired access token. Obtain a new token from /v3/user/auth/jwt/token.";

/// A caller whose key was accepted.
pub struct Access {
    pub portals: Vec<i64>,
    /// The user of a valid bearer token, if one was sent.
    pub token: Option<Claims>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Claims {
    pub sub: String,
    pub portal: i64,
    pub iat: i64,
    pub exp: i64,
}

/// The portal a request acts in, and the API user whose time zone and activities apply.
#[derive(Debug, Clone)]
pub struct Portal {
    pub id: i64,
    pub user_id: i64,
    pub tz: Tz,
    pub tz_name: &'static str,
}

impl FromRequestParts<AppState> for Access {
    type Rejection = Fail;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Fail> {
        let key = parts
            .headers
            .get("Ocp-Apim-Subscription-Key")
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .ok_or_else(|| Fail::unauthorized(MISSING_KEY))?;
        let peer = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|info| info.0.ip());
        if let Some(peer) = peer {
            state.key_guesses.check(peer, key)?;
        }
        let Some(portals) = state.keys.get(key).cloned() else {
            if let Some(peer) = peer {
                state.key_guesses.failed(peer);
            }
            return Err(Fail::unauthorized(INVALID_KEY));
        };
        if let Some(peer) = peer {
            state.key_guesses.worked(peer, key);
        }
        if let Some(connection) = parts
            .extensions
            .get::<std::sync::Arc<super::serve::ConnectionFlags>>()
        {
            connection.showed_a_valid_key();
        }
        let token = match parts.headers.get(axum::http::header::AUTHORIZATION) {
            None => None,
            Some(value) => {
                let text = value.to_str().map_err(|_| Fail::unauthorized(BAD_TOKEN))?;
                let jwt = text
                    .strip_prefix("Bearer ")
                    .or_else(|| text.strip_prefix("bearer "))
                    .ok_or_else(|| Fail::unauthorized(BAD_TOKEN))?;
                Some(verify_token(state, jwt.trim())?)
            }
        };
        Ok(Access { portals, token })
    }
}

impl Access {
    /// The portal named by `PortalId` (any case, so `Portalid` too), if this key may use it.
    pub fn portal(&self, query: &Query, tx: &Transaction<'_>) -> Result<Portal, Fail> {
        let id = query.required_int("PortalId")?;
        self.portal_by_id(id, tx)
    }

    pub fn portal_by_id(&self, id: i64, tx: &Transaction<'_>) -> Result<Portal, Fail> {
        if !self.portals.contains(&id) {
            return Err(Fail::forbidden(format!(
                "The subscription key is not allowed to access portal {id}"
            )));
        }
        let user_id = match &self.token {
            Some(claims) if claims.portal != id => {
                return Err(Fail::unauthorized(format!(
                    "The access token was issued for portal {}, not {id}",
                    claims.portal
                )));
            }
            Some(claims) => claims
                .sub
                .parse()
                .map_err(|_| Fail::unauthorized(BAD_TOKEN))?,
            None => tx
                .query_row("SELECT api_user_id FROM portals WHERE id = ?1", [id], |r| {
                    r.get::<_, Option<i64>>(0)
                })
                .optional()?
                .flatten()
                .ok_or_else(|| Fail::forbidden(format!("Portal {id} has no API user")))?,
        };
        let zone_id: i64 = tx
            .query_row(
                "SELECT time_zone_id FROM users WHERE id = ?1",
                [user_id],
                |r| r.get(0),
            )
            .optional()?
            .ok_or_else(|| Fail::unauthorized(BAD_TOKEN))?;
        let zone = time_zone_by_id(zone_id).unwrap_or(crate::api::model::TIME_ZONES[0]);
        Ok(Portal {
            id,
            user_id,
            tz: zone.iana,
            tz_name: zone.name,
        })
    }
}

pub fn issue_token(secret: &[u8], user_id: i64, portal: i64, now: i64) -> Result<String, Fail> {
    let claims = Claims {
        sub: user_id.to_string(),
        portal,
        iat: now,
        exp: now + TOKEN_LIFETIME_SECS,
    };
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        &claims,
        &EncodingKey::from_secret(secret),
    )
    .map_err(|e| Fail::internal(format!("token could not be signed: {e}")))
}

fn verify_token(state: &AppState, jwt: &str) -> Result<Claims, Fail> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    validation.validate_exp = false; // checked below against the sandbox clock
    let data = jsonwebtoken::decode::<Claims>(
        jwt,
        &DecodingKey::from_secret(&state.jwt_secret),
        &validation,
    )
    .map_err(|_| Fail::unauthorized(BAD_TOKEN))?;
    if data.claims.exp <= state.clock.now().timestamp() {
        return Err(Fail::unauthorized(BAD_TOKEN));
    }
    Ok(data.claims)
}

/// Argon2id with small parameters: the sandbox holds demo passwords, and seeding hashes many.
fn hasher() -> Argon2<'static> {
    let params = Params::new(4096, 2, 1, None).unwrap_or_default();
    Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params)
}

pub fn hash_password(password: &str, salt_seed: &[u8; 16]) -> String {
    let salt = SaltString::encode_b64(salt_seed)
        .unwrap_or_else(|_| SaltString::from_b64("c2FuZGJveHNhbHQ").unwrap());
    hasher()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .unwrap_or_default()
}

pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        hasher()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// A hash of no one's password, checked when the user name is unknown, so a login takes as
/// long for an unknown email as for a known one and timing does not tell which emails exist.
pub fn decoy_hash() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash_password("no one's password", &[0x5a; 16]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_verify_only_with_the_right_text() {
        let hash = hash_password("correct horse", &[7; 16]);
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("wrong horse", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
    }
}
