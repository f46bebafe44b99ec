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
/// A query parameter longer than this is refused, whatever it is.
pub const MAX_PARAM: usize = 1000;
/// Search text (`q`, `FirstName`, `Search`…) is at most this many characters…
pub const MAX_SEARCH_CHARS: usize = 200;
/// …and `q` at most this many words.
pub const MAX_SEARCH_WORDS: usize = 8;

/// What every unexpected failure says; the detail goes to the log only.
pub const INTERNAL: &str =
    "The sandbox failed to handle this request. The details are in its log; try again";

/// A refused request: `{"statusCode": N, "message": ".."}`, APIM's shape.
#[derive(Debug)]
pub struct Fail {
    pub status: StatusCode,
    pub message: String,
    /// Seconds, sent as `Retry-After` (busy database, too many failed logins).
    pub retry_after: Option<u64>,
}

impl Fail {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Fail {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    /// 503 with `Retry-After`: the database is busy (another process holds it).
    pub fn busy() -> Self {
        Fail {
            retry_after: Some(1),
            ..Self::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "The sandbox's database is busy. Try again in 1 second",
            )
        }
    }

    /// 429 with `Retry-After`, in APIM's words.
    pub fn rate_limited(seconds: u64) -> Self {
        Fail {
            retry_after: Some(seconds),
            ..Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("Rate limit is exceeded. Try again in {seconds} seconds."),
            )
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
    /// An unexpected failure: the detail is logged, the answer says only that it happened.
    pub fn internal(detail: impl Into<String>) -> Self {
        let detail = detail.into();
        tracing::error!(%detail, "sandbox internal error");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, INTERNAL)
    }
}

impl From<rusqlite::Error> for Fail {
    fn from(e: rusqlite::Error) -> Self {
        use rusqlite::ErrorCode::{DatabaseBusy, DatabaseLocked};
        match e.sqlite_error_code() {
            Some(DatabaseBusy | DatabaseLocked) => {
                tracing::warn!(error = %e, "database busy; answered 503");
                Fail::busy()
            }
            _ => Fail::internal(format!("database error: {e}")),
        }
    }
}

impl IntoResponse for Fail {
    fn into_response(self) -> Response {
        let body = serde_json::json!({"statusCode": self.status.as_u16(), "message": self.message});
        let mut response = (self.status, axum::Json(body)).into_response();
        if let Some(seconds) = self.retry_after
            && let Ok(value) = axum::http::HeaderValue::from_str(&seconds.to_string())
        {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, value);
        }
        response
    }
}

/// At most `max` elements in the array at `field`.
pub fn cap_list<T>(list: &[T], max: usize, field: &str) -> Result<(), Fail> {
    if list.len() > max {
        return Err(Fail::bad(format!(
            "{field} may hold at most {max} entries (got {})",
            list.len()
        )));
    }
    Ok(())
}

/// At most `max` characters in the text at `field`.
pub fn cap_text(text: &str, max: usize, field: &str) -> Result<(), Fail> {
    if text.chars().count() > max {
        return Err(Fail::bad(format!(
            "{field} may be at most {max} characters long"
        )));
    }
    Ok(())
}

/// A `LIKE` pattern matching `text` anywhere, with `%`, `_` and `\` taken literally (use
/// `ESCAPE '\'`).
pub fn like_anywhere(text: &str) -> String {
    let escaped = text
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
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
        let params: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
            .into_owned()
            .collect();
        if params.len() > 50 {
            return Err(Fail::bad("Too many query parameters (at most 50)"));
        }
        for (name, value) in &params {
            cap_text(name, 100, "A query parameter's name")?;
            cap_text(value, MAX_PARAM, name)?;
        }
        Ok(Params(params))
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

    /// Search text: at most [`MAX_SEARCH_CHARS`] characters.
    pub fn search(&self, name: &str) -> Result<Option<&str>, Fail> {
        match self.text(name) {
            Some(text) => cap_text(text, MAX_SEARCH_CHARS, name).map(|()| Some(text)),
            None => Ok(None),
        }
    }

    /// `q`: search text of at most [`MAX_SEARCH_WORDS`] words.
    pub fn words(&self, name: &str) -> Result<Option<&str>, Fail> {
        let text = self.search(name)?;
        if text.is_some_and(|t| t.split_whitespace().count() > MAX_SEARCH_WORDS) {
            return Err(Fail::bad(format!(
                "{name} may hold at most {MAX_SEARCH_WORDS} words"
            )));
        }
        Ok(text)
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

    /// A date (`2026-11-21`) or a date-time with an offset, in the years 1900 to 2200; dates
    /// mean midnight UTC.
    pub fn date(&self, name: &str) -> Result<Option<DateTime<Utc>>, Fail> {
        use crate::api::model::stamp::{FIRST_YEAR, LAST_YEAR};
        use chrono::Datelike;
        self.text(name)
            .map(|v| {
                let parsed = NaiveDate::parse_from_str(v, "%Y-%m-%d")
                    .ok()
                    .and_then(|d| d.and_hms_opt(0, 0, 0))
                    .map(|d| d.and_utc())
                    .or_else(|| {
                        DateTime::parse_from_rfc3339(v)
                            .ok()
                            .map(|t| t.with_timezone(&Utc))
                    })
                    .ok_or_else(|| {
                        Fail::bad(format!("{name} must be a date like 2026-11-21 (got {v:?})"))
                    })?;
                if !(FIRST_YEAR..=LAST_YEAR).contains(&parsed.year()) {
                    return Err(Fail::bad(format!(
                        "{name} must be a date in the years {FIRST_YEAR} to {LAST_YEAR}"
                    )));
                }
                Ok(parsed)
            })
            .transpose()
    }
}

/// How long a request's body may take to arrive once its headers did (408 after).
pub const BODY_READ: std::time::Duration = std::time::Duration::from_secs(10);

/// The raw request body, read up to [`BODY_LIMIT`] (413 beyond it) within [`BODY_READ`].
pub struct Body(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for Body {
    type Rejection = Fail;

    async fn from_request(req: Request, _: &S) -> Result<Self, Fail> {
        let read =
            tokio::time::timeout(BODY_READ, axum::body::to_bytes(req.into_body(), BODY_LIMIT))
                .await
                .map_err(|_| {
                    Fail::new(
                        StatusCode::REQUEST_TIMEOUT,
                        format!(
                            "The request body did not arrive within {} seconds",
                            BODY_READ.as_secs()
                        ),
                    )
                })?;
        read.map(Body).map_err(|_| {
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

/// Every request passes here first. A `Host` that is a name other than `localhost` is refused:
/// a web page could point its own name at 127.0.0.1 (DNS rebinding) and use the published demo
/// keys from the visitor's browser; an address (`127.0.0.1:8080`, a proxy's) is fine. And a
/// handler that panics (a bug) still answers, with a 500 that says nothing of the panic.
pub async fn guard(req: Request, next: axum::middleware::Next) -> Response {
    if let Some(host) = req.headers().get(axum::http::header::HOST)
        && !host_allowed(host.to_str().unwrap_or(""))
    {
        return Fail::forbidden(
            "This sandbox answers only to an address (such as 127.0.0.1) or localhost, not to a host name",
        )
        .into_response();
    }
    use futures_util::FutureExt;
    match std::panic::AssertUnwindSafe(next.run(req))
        .catch_unwind()
        .await
    {
        Ok(response) => response,
        Err(panic) => {
            let text = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Fail::internal(format!("a request handler panicked: {text}")).into_response()
        }
    }
}

/// `localhost` or an IP address, with or without a port.
pub fn host_allowed(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if !name.ends_with(']') && name.contains(':') => {
            // A bare IPv6 address without brackets and port.
            let _ = port;
            host
        }
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
        _ => host,
    };
    let name = name.trim_start_matches('[').trim_end_matches(']');
    name.eq_ignore_ascii_case("localhost") || name.parse::<std::net::IpAddr>().is_ok()
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

#[cfg(test)]
mod tests {
    use super::host_allowed;

    #[test]
    fn only_addresses_and_localhost_are_served() {
        for ok in [
            "127.0.0.1:8080",
            "127.0.0.1",
            "localhost:8080",
            "LOCALHOST",
            "[::1]:8080",
            "10.0.0.5:80",
            "::1",
        ] {
            assert!(host_allowed(ok), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "evil.example",
            "127.0.0.1.nip.io:8080",
            "localhost.evil.example",
            "",
        ] {
            assert!(!host_allowed(bad), "{bad}");
        }
    }
}
