//! What can go wrong talking to the service, each with a message that tells staff what to do.

use std::time::Duration;

/// Which kind of network failure happened: they call for different actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NetworkFailure {
    /// No connection could be made (DNS, refused, unreachable).
    Connect,
    /// The service did not answer within the request timeout.
    Timeout,
    /// The secure connection could not be established (certificate, protocol).
    Tls,
    /// The connection dropped or the answer was cut off.
    Dropped,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// 401: missing or wrong subscription key, or a bad or expired token.
    #[error(
        "Access denied: {message}. Check the subscription key, user name and password in Settings"
    )]
    Unauthorized { message: String },

    /// 403: the key is valid but may not use this portal.
    #[error(
        "Not allowed: {message}. Check the PortalId in Settings, or ask your administrator for access"
    )]
    Forbidden { message: String },

    /// 404: what was asked for does not exist in this portal.
    #[error(
        "Not found: {message}. The record may have been removed, or it belongs to another portal"
    )]
    NotFound { message: String },

    /// 400: the service refused the request; `message` is its own text.
    #[error("The service refused the request: {message}. Correct it and try again")]
    Invalid { message: String },

    /// 429: too many requests.
    #[error("{}", rate_limited_text(*.retry_after))]
    RateLimited {
        retry_after: Option<Duration>,
        message: String,
    },

    /// A read of many pages passed what LeaseDesk reads for it (a service sending far more than
    /// any portal holds).
    #[error(
        "The service sent more than {limit_mib} MiB for {what}, more than any portal holds, so LeaseDesk stopped reading. Nothing was written; ask your administrator to check the service"
    )]
    OverBudget { what: BudgetOf, limit_mib: u64 },

    /// 5xx.
    #[error(
        "The service failed (HTTP {status}): {message}. Try again in a moment; if it keeps failing, contact your administrator"
    )]
    Server { status: u16, message: String },

    /// Any other unexpected status (403, 409, 413, …).
    #[error("The service answered HTTP {status}: {message}")]
    Status { status: u16, message: String },

    /// The request never got an answer.
    #[error("{}", network_text(*.kind, .detail))]
    Network {
        kind: NetworkFailure,
        detail: String,
    },

    /// A write may or may not have been applied: the request left, no answer came back.
    #[error(
        "No answer came back for this change ({detail}), so it is not known whether it was saved. Check the record before trying again"
    )]
    OutcomeUnknown { detail: String },

    /// The answer could not be read as the expected record.
    #[error(
        "The service sent data LeaseDesk could not read (at {path}: {detail}). Please report this"
    )]
    Decode { path: String, detail: String },

    /// The service answered with a redirect, which is never followed: the key (and on a token
    /// request the password) would go with it.
    #[error(
        "The service answered with a redirect (HTTP {status}) to {location}, which LeaseDesk does not follow, so your key and password were not sent there. Check the base URL in Settings; if it is right, ask your administrator about the redirect"
    )]
    Redirected { status: u16, location: String },

    /// The answer was larger than the client accepts.
    #[error(
        "The service sent an answer larger than {limit_mib} MiB, which LeaseDesk does not read. Narrow the request (a filter, a smaller page) and try again"
    )]
    AnswerTooLarge { limit_mib: usize },

    /// LeaseDesk itself failed while handling the request (a bug, logged).
    #[error(
        "LeaseDesk failed while handling this request; it has been written to the log. Try again, and report it if it happens again"
    )]
    Internal,

    /// LeaseDesk has no connection to ask on (the connection failed before any request, or the
    /// app is closing): where the status bar says why.
    #[error(
        "LeaseDesk is not connected to the service: the status bar says why. Connect in Settings"
    )]
    NotConnected,

    /// The connection settings themselves are wrong (e.g. a base URL that is not a URL).
    #[error("The connection settings are not valid: {message}. Fix them in Settings")]
    Config { message: String },
}

/// What a read of many pages was reading when it passed its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BudgetOf {
    #[error("every case")]
    EveryCase,
    #[error("the report's cases")]
    ReportCases,
    #[error("the leads")]
    Leads,
    #[error("the activities")]
    Activities,
    #[error("the team's activities")]
    TeamActivities,
    #[error("the families' older words")]
    OlderWords,
}

fn rate_limited_text(retry_after: Option<Duration>) -> String {
    match retry_after {
        Some(wait) => format!(
            "The service is busy (rate limit reached). Try again in {} s",
            wait.as_secs().max(1)
        ),
        None => "The service is busy (rate limit reached). Try again in a moment".to_owned(),
    }
}

fn network_text(kind: NetworkFailure, detail: &str) -> String {
    match kind {
        NetworkFailure::Connect => format!(
            "Could not reach the service ({detail}). Check your network connection and the base URL in Settings"
        ),
        NetworkFailure::Timeout => format!(
            "The service did not answer in time ({detail}). Check your network connection and try again"
        ),
        NetworkFailure::Tls => format!(
            "A secure connection could not be made ({detail}). Check that the base URL is right and uses https"
        ),
        NetworkFailure::Dropped => {
            format!("The connection was lost before the answer arrived ({detail}). Try again")
        }
    }
}

impl ApiError {
    /// The HTTP status the error came with, if any.
    pub fn status(&self) -> Option<u16> {
        match self {
            ApiError::Unauthorized { .. } => Some(401),
            ApiError::Forbidden { .. } => Some(403),
            ApiError::NotFound { .. } => Some(404),
            ApiError::Invalid { .. } => Some(400),
            ApiError::RateLimited { .. } => Some(429),
            ApiError::Server { status, .. } | ApiError::Status { status, .. } => Some(*status),
            _ => None,
        }
    }
}
