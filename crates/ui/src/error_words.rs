//! The service's failures in the window's language: what went wrong and what to do. The
//! service's own message and the technical detail are quoted as they came; the client's
//! `Display` (English) is for logs and the command line.

use crate::api::{ApiError, NetworkFailure};
use leasedesk_i18n::tr;

/// A failure talking to the service, in words: "Could not reach the service (…). Check …".
pub fn api_error(error: &ApiError) -> String {
    match error {
        ApiError::Unauthorized { message } => tr!("api-unauthorized", message = message.as_str()),
        ApiError::Forbidden { message } => tr!("api-forbidden", message = message.as_str()),
        ApiError::NotFound { message } => tr!("api-not-found", message = message.as_str()),
        ApiError::Invalid { message } => tr!("api-invalid", message = message.as_str()),
        ApiError::RateLimited {
            retry_after: Some(wait),
            ..
        } => tr!("api-rate-limited-in", seconds = wait.as_secs().max(1)),
        ApiError::RateLimited { .. } => tr!("api-rate-limited"),
        ApiError::OverBudget { what, limit_mib } => tr!(
            "api-over-budget",
            what = what.as_str(),
            limit = limit_mib.to_string()
        ),
        ApiError::Server { status, message } => tr!(
            "api-server",
            status = status.to_string(),
            message = message.as_str()
        ),
        ApiError::Status { status, message } => tr!(
            "api-status",
            status = status.to_string(),
            message = message.as_str()
        ),
        ApiError::Network { kind, detail } => {
            let detail = detail.as_str();
            match kind {
                NetworkFailure::Connect => tr!("api-connect", detail = detail),
                NetworkFailure::Timeout => tr!("api-timeout", detail = detail),
                NetworkFailure::Tls => tr!("api-tls", detail = detail),
                NetworkFailure::Dropped => tr!("api-dropped", detail = detail),
            }
        }
        ApiError::OutcomeUnknown { detail } => {
            tr!("api-outcome-unknown", detail = detail.as_str())
        }
        ApiError::Decode { path, detail } => {
            tr!("api-decode", path = path.as_str(), detail = detail.as_str())
        }
        ApiError::Redirected { status, location } => tr!(
            "api-redirected",
            status = status.to_string(),
            location = location.as_str()
        ),
        ApiError::AnswerTooLarge { limit_mib } => {
            tr!("api-too-large", limit = limit_mib.to_string())
        }
        ApiError::Internal => tr!("api-internal"),
        ApiError::Config { message } => tr!("api-config", message = message.as_str()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leasedesk_i18n::Language;

    /// Every failure, in English, says what the client's own text says (the words moved,
    /// unchanged), and in Spanish says something else.
    #[test]
    fn each_failure_reads_as_before_in_english_and_is_spanish_in_spanish() {
        let all = [
            ApiError::Unauthorized {
                message: "m".into(),
            },
            ApiError::Forbidden {
                message: "m".into(),
            },
            ApiError::NotFound {
                message: "m".into(),
            },
            ApiError::Invalid {
                message: "m".into(),
            },
            ApiError::RateLimited {
                retry_after: Some(std::time::Duration::from_secs(7)),
                message: "m".into(),
            },
            ApiError::RateLimited {
                retry_after: None,
                message: "m".into(),
            },
            ApiError::OverBudget {
                what: "cases".into(),
                limit_mib: 64,
            },
            ApiError::Server {
                status: 503,
                message: "m".into(),
            },
            ApiError::Status {
                status: 409,
                message: "m".into(),
            },
            ApiError::Network {
                kind: NetworkFailure::Connect,
                detail: "d".into(),
            },
            ApiError::Network {
                kind: NetworkFailure::Timeout,
                detail: "d".into(),
            },
            ApiError::Network {
                kind: NetworkFailure::Tls,
                detail: "d".into(),
            },
            ApiError::Network {
                kind: NetworkFailure::Dropped,
                detail: "d".into(),
            },
            ApiError::OutcomeUnknown { detail: "d".into() },
            ApiError::Decode {
                path: "p".into(),
                detail: "d".into(),
            },
            ApiError::Redirected {
                status: 302,
                location: "https://elsewhere.example".into(),
            },
            ApiError::AnswerTooLarge { limit_mib: 32 },
            ApiError::Internal,
            ApiError::Config {
                message: "m".into(),
            },
        ];
        for error in &all {
            let english = leasedesk_i18n::in_language(Language::English, || api_error(error));
            let spanish = leasedesk_i18n::in_language(Language::Spanish, || api_error(error));
            assert_eq!(english, error.to_string(), "{error:?}");
            assert_ne!(spanish, english, "{error:?}");
        }
    }
}
