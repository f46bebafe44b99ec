//! One HTTP exchange with retries, and the mapping of failures to [`ApiError`].

use std::time::Duration;

use reqwest::{Method, StatusCode, Url, header::HeaderMap};
use serde::de::DeserializeOwned;

use super::{ApiError, ClientOptions, NetworkFailure};

/// A request ready to send (and to send again): everything is owned and already encoded.
pub(crate) struct Outgoing {
    pub method: Method,
    pub url: Url,
    pub body: Option<Vec<u8>>,
}

impl Outgoing {
    /// GET is safe to repeat; POST and PUT are not.
    fn is_read(&self) -> bool {
        self.method == Method::GET
    }
}

/// What came back: a status with its body.
pub(crate) struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

/// Why one attempt failed, and whether the attempt may be repeated.
enum Attempt {
    Answered(Answer),
    /// Nothing reached the server: always safe to repeat.
    NotSent(ApiError),
    /// The request may have reached the server.
    Lost(ApiError),
    /// A final failure that is no fault of the connection: never repeated.
    Refused(ApiError),
}

pub(crate) async fn exchange(
    http: &reqwest::Client,
    headers: &HeaderMap,
    options: &ClientOptions,
    out: &Outgoing,
) -> Result<Answer, ApiError> {
    let policy = &options.retry;
    let mut retry = 0;
    loop {
        let attempt = attempt(http, headers, out, options.max_answer_bytes).await;
        let wait = match &attempt {
            _ if retry >= policy.max_retries => None,
            Attempt::NotSent(_) => Some(policy.backoff(retry)),
            Attempt::Lost(_) if out.is_read() => Some(policy.backoff(retry)),
            Attempt::Answered(a) if out.is_read() => match a.status.as_u16() {
                429 => policy.wait_for_rate_limit(retry, retry_after(&a.headers)),
                502..=504 => Some(policy.backoff(retry)),
                _ => None,
            },
            _ => None,
        };
        if let Some(wait) = wait {
            tracing::debug!(method = %out.method, path = out.url.path(), retry, ?wait, "retrying");
            tokio::time::sleep(wait).await;
            retry += 1;
            continue;
        }
        return match attempt {
            Attempt::Answered(answer) => Ok(answer),
            Attempt::NotSent(error) | Attempt::Refused(error) => Err(error),
            Attempt::Lost(error) if out.is_read() => Err(error),
            Attempt::Lost(error) => Err(ApiError::OutcomeUnknown {
                detail: short_detail(&error),
            }),
        };
    }
}

async fn attempt(
    http: &reqwest::Client,
    headers: &HeaderMap,
    out: &Outgoing,
    max_answer: usize,
) -> Attempt {
    let mut builder = http
        .request(out.method.clone(), out.url.clone())
        .headers(headers.clone());
    if let Some(body) = &out.body {
        builder = builder
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body.clone());
    }
    let response = match builder.send().await {
        Ok(r) => r,
        Err(e) => {
            let (kind, detail) = classify(&e);
            let error = ApiError::Network { kind, detail };
            // Only a failure to connect (TCP or the TLS handshake) means the request never
            // left. Anything after that, however it is worded ("tls", "close_notify"), may
            // have reached the service: its outcome is unknown.
            return if e.is_connect() {
                Attempt::NotSent(error)
            } else {
                Attempt::Lost(error)
            };
        }
    };
    let status = response.status();
    let headers = response.headers().clone();
    tracing::debug!(method = %out.method, path = out.url.path(), status = status.as_u16(), "answer");
    match read_capped(response, max_answer).await {
        Ok(body) => Attempt::Answered(Answer {
            status,
            headers,
            body,
        }),
        // Too large to read: a failure of its own, never repeated.
        Err(Capped::TooLarge) => Attempt::Refused(ApiError::AnswerTooLarge {
            limit_mib: max_answer / (1024 * 1024),
        }),
        Err(Capped::Failed(e)) => {
            let (kind, detail) = classify(&e);
            let kind = if kind == NetworkFailure::Timeout {
                kind
            } else {
                NetworkFailure::Dropped
            };
            Attempt::Lost(ApiError::Network { kind, detail })
        }
    }
}

enum Capped {
    TooLarge,
    Failed(reqwest::Error),
}

/// Reads the body, stopping as soon as it passes `max` bytes (whatever `Content-Length` says).
async fn read_capped(mut response: reqwest::Response, max: usize) -> Result<Vec<u8>, Capped> {
    if response
        .content_length()
        .is_some_and(|n| usize::try_from(n).map_or(true, |n| n > max))
    {
        return Err(Capped::TooLarge);
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(Capped::Failed)? {
        if body.len().saturating_add(chunk.len()) > max {
            return Err(Capped::TooLarge);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

fn classify(e: &reqwest::Error) -> (NetworkFailure, String) {
    let mut chain = Vec::new();
    let mut source: Option<&dyn std::error::Error> = Some(e);
    while let Some(s) = source {
        chain.push(s.to_string());
        source = s.source();
    }
    // reqwest's outer text repeats the URL; the innermost causes are what a person can act on.
    let detail = chain
        .iter()
        .skip(1)
        .last()
        .cloned()
        .unwrap_or_else(|| chain.join(": "));
    let text = chain.join(": ").to_lowercase();
    let kind = if e.is_timeout() {
        NetworkFailure::Timeout
    } else if !e.is_connect() {
        NetworkFailure::Dropped
    } else if text.contains("certificate") || text.contains("tls") || text.contains("handshake") {
        NetworkFailure::Tls
    } else {
        NetworkFailure::Connect
    };
    (kind, detail)
}

fn short_detail(error: &ApiError) -> String {
    match error {
        ApiError::Network {
            kind: NetworkFailure::Timeout,
            ..
        } => "the request timed out".into(),
        ApiError::Network { detail, .. } => format!("connection lost: {detail}"),
        other => other.to_string(),
    }
}

/// `Retry-After` as seconds or as an HTTP date.
pub(crate) fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let value = headers
        .get(reqwest::header::RETRY_AFTER)?
        .to_str()
        .ok()?
        .trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds).min(LONGEST_RETRY_AFTER));
    }
    let when = chrono::DateTime::parse_from_rfc2822(value).ok()?;
    let wait = when
        .signed_duration_since(chrono::Utc::now())
        .to_std()
        .unwrap_or_default();
    Some(wait.min(LONGEST_RETRY_AFTER))
}

/// A `Retry-After` is believed up to a day: a broken or hostile service's "wait
/// 18446744073709551615 s" is shown as a day, not as that number.
pub(crate) const LONGEST_RETRY_AFTER: Duration = Duration::from_secs(24 * 60 * 60);

/// Characters of the service's own words kept in an error, which is shown and logged.
pub(crate) const MAX_ERROR_TEXT: usize = 300;

/// The service's words made safe to show and to log: at most [`MAX_ERROR_TEXT`] characters,
/// on one line, with no control character (a message cannot forge a log line or drive the
/// terminal with escape codes).
pub(crate) fn tidy_error_text(text: &str) -> String {
    let mut out = String::new();
    let mut taken = 0;
    let mut last_space = true;
    for c in text.trim().chars() {
        let c = if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
            ' '
        } else {
            c
        };
        if c == ' ' && last_space {
            continue;
        }
        last_space = c == ' ';
        if taken == MAX_ERROR_TEXT {
            out.push('…');
            break;
        }
        out.push(c);
        taken += 1;
    }
    out.trim_end().to_owned()
}

/// Maps a non-success answer to the error for its status.
pub(crate) fn status_error(answer: &Answer) -> ApiError {
    let message = error_message(answer);
    match answer.status.as_u16() {
        300..=399 => ApiError::Redirected {
            status: answer.status.as_u16(),
            location: answer
                .headers
                .get(reqwest::header::LOCATION)
                .and_then(|l| l.to_str().ok())
                .unwrap_or("nowhere")
                .chars()
                .take(200)
                .collect(),
        },
        400 => ApiError::Invalid { message },
        401 => ApiError::Unauthorized { message },
        403 => ApiError::Forbidden { message },
        404 => ApiError::NotFound { message },
        429 => ApiError::RateLimited {
            retry_after: retry_after(&answer.headers),
            message,
        },
        status @ 500..=599 => ApiError::Server { status, message },
        status => ApiError::Status { status, message },
    }
}

/// The service's own words: APIM's `{"statusCode","message"}`, an ASP.NET `Message`, or
/// the body as text; the status reason when there is nothing else.
fn error_message(answer: &Answer) -> String {
    if let Ok(serde_json::Value::Object(map)) =
        serde_json::from_slice::<serde_json::Value>(&answer.body)
    {
        for key in ["message", "Message", "error", "title"] {
            if let Some(serde_json::Value::String(text)) = map.get(key)
                && !tidy_error_text(text).is_empty()
            {
                return tidy_error_text(text);
            }
        }
    }
    let text = tidy_error_text(&String::from_utf8_lossy(&answer.body));
    if text.is_empty() {
        return answer
            .status
            .canonical_reason()
            .unwrap_or("no details")
            .to_owned();
    }
    text
}

/// Decodes a success body, naming the JSON path that failed (e.g. `Cases[3].Primary.DateCreated`).
pub(crate) fn decode<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    let mut de = serde_json::Deserializer::from_slice(body);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        ApiError::Decode {
            path: if path == "." {
                "(top level)".into()
            } else {
                path
            },
            detail: crate::redact::reason(e.inner(), None),
        }
    })
}
