//! HTTP plumbing shared by every route: the error body, query parameters read the way the
//! ASP.NET service reads them (names case-insensitive), and JSON bodies that name the bad field.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, NaiveDate, Utc};
use serde::de::DeserializeOwned;

/// Request bodies above this are refused with 413.
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// A refused request: `{"statusCode": N, "message": ".."}`, APIM's shape.
#[derive(Debug)]
pub struct Fail {
    pub status: StatusCode,
    pub message: String,
}

impl Fail {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Fail {
            status,
            message: message.into(),
        }
    }
    pub fn bad(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }
    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, message)
    }
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }
    pub fn internal(message: impl Into<String>) -> Self {
        let message = message.into();
        tracing::error!(%message, "sandbox internal error");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }
}

impl From<rusqlite::Error> for Fail {
    fn from(e: rusqlite::Error) -> Self {
        Fail::internal(format!("database error: {e}"))
    }
}

impl IntoResponse for Fail {
    fn into_response(self) -> Response {
        let body = serde_json::json!({"statusCode": self.status.as_u16(), "message": self.message});
        (self.status, axum::Json(body)).into_response()
    }
}

pub type Reply = Result<Response, Fail>;

/// 200 or 201 with a JSON body.
pub fn json(status: StatusCode, value: &impl serde::Serialize) -> Reply {
    let body = serde_json::to_vec(value).map_err(|e| Fail::internal(e.to_string()))?;
    Ok((
        status,
        [(
            axum::http::header::CONTENT_TYPE,
            "application/json; charset=utf-8",
        )],
        body,
    )
        .into_response())
}

/// The query string, with names matched case-insensitively.
pub struct Params(Vec<(String, String)>);

impl<S: Send + Sync> FromRequestParts<S> for Params {
    type Rejection = Fail;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Fail> {
        let query = parts.uri.query().unwrap_or("");
        Ok(Params(
            form_urlencoded::parse(query.as_bytes())
                .into_owned()
                .collect(),
        ))
    }
}

impl Params {
    pub fn text(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty())
    }

    pub fn int(&self, name: &str) -> Result<Option<i64>, Fail> {
        self.text(name)
            .map(|v| {
                v.parse::<i64>()
                    .map_err(|_| Fail::bad(format!("{name} must be a whole number (got {v:?})")))
            })
            .transpose()
    }

    pub fn required_int(&self, name: &str) -> Result<i64, Fail> {
        self.int(name)?
            .ok_or_else(|| Fail::bad(format!("{name} is required")))
    }

    /// A positive identifier: zero and negative numbers are refused.
    pub fn id(&self, name: &str) -> Result<Option<i64>, Fail> {
        match self.int(name)? {
            Some(v) if v <= 0 => Err(Fail::bad(format!(
                "{name} must be a positive number (got {v})"
            ))),
            other => Ok(other),
        }
    }

    /// A page size or number within `1..=max`.
    pub fn bounded(&self, name: &str, max: i64) -> Result<Option<i64>, Fail> {
        match self.int(name)? {
            Some(v) if !(1..=max).contains(&v) => Err(Fail::bad(format!(
                "{name} must be between 1 and {max} (got {v})"
            ))),
            other => Ok(other),
        }
    }

    pub fn bool(&self, name: &str) -> Result<Option<bool>, Fail> {
        self.text(name)
            .map(|v| match v.to_ascii_lowercase().as_str() {
                "true" | "1" => Ok(true),
                "false" | "0" => Ok(false),
                _ => Err(Fail::bad(format!(
                    "{name} must be true or false (got {v:?})"
                ))),
            })
            .transpose()
    }

    /// A date (`2026-11-21`) or a date-time with an offset; dates mean midnight UTC.
    pub fn date(&self, name: &str) -> Result<Option<DateTime<Utc>>, Fail> {
        self.text(name)
            .map(|v| {
                if let Ok(d) = NaiveDate::parse_from_str(v, "%Y-%m-%d") {
                    return Ok(d.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc());
                }
                DateTime::parse_from_rfc3339(v)
                    .map(|t| t.with_timezone(&Utc))
                    .map_err(|_| {
                        Fail::bad(format!("{name} must be a date like 2026-11-21 (got {v:?})"))
                    })
            })
            .transpose()
    }
}

/// The raw request body, read up to [`BODY_LIMIT`] (413 beyond it).
pub struct Body(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for Body {
    type Rejection = Fail;

    async fn from_request(req: Request, _: &S) -> Result<Self, Fail> {
        axum::body::to_bytes(req.into_body(), BODY_LIMIT)
            .await
            .map(Body)
            .map_err(|_| {
                Fail::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!("The request body is larger than {} KiB", BODY_LIMIT / 1024),
                )
            })
    }
}

impl Body {
    /// Decodes the body, naming the field that is wrong (`units[2].Capacity: invalid type …`).
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, Fail> {
        if self.0.iter().all(u8::is_ascii_whitespace) {
            return Err(Fail::bad("A JSON request body is required"));
        }
        let mut de = serde_json::Deserializer::from_slice(&self.0);
        serde_path_to_error::deserialize(&mut de).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            if inner.is_syntax() || inner.is_eof() {
                Fail::bad(format!("The request body is not valid JSON: {inner}"))
            } else if path == "." {
                Fail::bad(format!("Invalid request body: {inner}"))
            } else {
                Fail::bad(format!("Invalid request body at {path}: {inner}"))
            }
        })
    }
}

/// Unknown routes: 404 in the same JSON shape.
pub async fn not_found(uri: axum::http::Uri) -> Fail {
    Fail::not_found(format!("Resource not found: {}", uri.path()))
}

/// ASP.NET routes ignore case and a trailing slash; the router here matches lower-case paths
/// without one, so every path is folded first.
pub fn fold_path(mut req: Request) -> Request {
    let uri = req.uri();
    let path = uri.path();
    let mut folded = path.to_ascii_lowercase();
    while folded.len() > 1 && folded.ends_with('/') {
        folded.pop();
    }
    if folded != path {
        let rebuilt = match uri.query() {
            Some(q) => format!("{folded}?{q}"),
            None => folded,
        };
        if let Ok(new_uri) = rebuilt.parse() {
            *req.uri_mut() = new_uri;
        }
    }
    req
}
