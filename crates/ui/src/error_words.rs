//! The service's failures in the window's language: what went wrong and what to do. The
//! service's own message and the technical detail are quoted as they came; the client's
//! `Display` (English) is for logs and the command line.

use crate::api::{ApiError, BudgetOf, NetworkFailure};
use leasedesk_engine::LinkFailure;
use leasedesk_i18n::tr;

/// A failure talking to the service, in words: "Could not reach the service (…). Check …".
pub fn api_error(error: &ApiError) -> String {
    if leasedesk_engine::is_chosen_offline(error) {
        return tr!("api-chosen-offline");
    }
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
            what = budget_of(*what),
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
        ApiError::NotConnected => tr!("api-not-connected"),
        ApiError::Config { message } => tr!("api-config", message = message.as_str()),
    }
}

/// Why an activity (an outcome, a next step, a tour, an inquiry) was not saved, or may not
/// have been.
pub fn create_error(error: &leasedesk_engine::asks::follow_up::CreateError) -> String {
    use leasedesk_engine::asks::follow_up::CreateError;
    match error {
        CreateError::Failed(e) => api_error(e),
        CreateError::NotSaved => tr!("create-not-saved"),
        CreateError::Unknown(e) => tr!("create-unknown", error = api_error(e)),
    }
}

/// What a read of many pages was reading.
fn budget_of(what: BudgetOf) -> String {
    match what {
        BudgetOf::EveryCase => tr!("budget-every-case"),
        BudgetOf::ReportCases => tr!("budget-report-cases"),
        BudgetOf::Leads => tr!("budget-leads"),
        BudgetOf::Activities => tr!("budget-activities"),
        BudgetOf::TeamActivities => tr!("budget-team-activities"),
        BudgetOf::OlderWords => tr!("budget-older-words"),
    }
}

/// Why the connection failed, in words: the service's failure as above, else what to do.
pub fn link_failure(why: &LinkFailure) -> String {
    match why {
        LinkFailure::TrainingKeyOnLive => tr!("link-training-key-on-live"),
        LinkFailure::NoKey { profile } => tr!("link-no-key", profile = profile.as_str()),
        LinkFailure::SandboxDidNotStart { detail } => {
            tr!("link-sandbox-did-not-start", detail = detail.as_str())
        }
        LinkFailure::ShuttingDown => tr!("link-shutting-down"),
        LinkFailure::Service(error) => api_error(error),
    }
}

/// A connection's label as shown: the embedded sandbox's in the window's language, a
/// profile's as its user named it.
pub fn link_label(label: &str) -> String {
    if label == leasedesk_engine::SANDBOX_LABEL {
        tr!("top-sandbox")
    } else {
        label.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leasedesk_i18n::Language;

    /// Each one's words in English are its own `Display` (moved unchanged, for logs and the
    /// command line), and in Spanish something else.
    fn english_as_before_and_spanish_otherwise<T: std::fmt::Display + std::fmt::Debug>(
        all: &[T],
        words: impl Fn(&T) -> String,
    ) {
        for one in all {
            let english = leasedesk_i18n::in_language(Language::English, || words(one));
            let spanish = leasedesk_i18n::in_language(Language::Spanish, || words(one));
            assert_eq!(english, one.to_string(), "{one:?}");
            assert_ne!(spanish, english, "{one:?}");
        }
    }

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
                what: BudgetOf::EveryCase,
                limit_mib: 64,
            },
            ApiError::OverBudget {
                what: BudgetOf::OlderWords,
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
            ApiError::NotConnected,
            ApiError::Config {
                message: "m".into(),
            },
        ];
        english_as_before_and_spanish_otherwise(&all, api_error);
    }

    /// Each reason a connection failed reads in English as the engine's own text (for logs and
    /// the command line), and otherwise in Spanish.
    #[test]
    fn each_connection_failure_reads_as_the_engines_in_english_and_is_spanish_in_spanish() {
        let all = [
            LinkFailure::TrainingKeyOnLive,
            LinkFailure::NoKey {
                profile: "Oak Grove".into(),
            },
            LinkFailure::SandboxDidNotStart { detail: "d".into() },
            LinkFailure::ShuttingDown,
            LinkFailure::Service(ApiError::Unauthorized {
                message: "m".into(),
            }),
        ];
        english_as_before_and_spanish_otherwise(&all, link_failure);
        assert_eq!(
            leasedesk_i18n::in_language(Language::Spanish, || link_label(
                leasedesk_engine::SANDBOX_LABEL
            )),
            leasedesk_i18n::in_language(Language::Spanish, || tr!("top-sandbox"))
        );
        assert_eq!(link_label("Oak Grove"), "Oak Grove");
    }

    /// Whether a save went through is said in each language, the service's failure in words.
    #[test]
    fn an_unsaved_activity_is_said_in_each_language() {
        use leasedesk_engine::asks::follow_up::CreateError;
        let all = [
            CreateError::NotSaved,
            CreateError::Unknown(ApiError::Network {
                kind: NetworkFailure::Timeout,
                detail: "d".into(),
            }),
            CreateError::Failed(ApiError::Server {
                status: 503,
                message: "m".into(),
            }),
        ];
        english_as_before_and_spanish_otherwise(&all, create_error);
    }

    /// Work offline by choice is said as the choice it is, not as a network to check.
    #[test]
    fn a_request_held_by_work_offline_says_so_in_each_language() {
        let error = leasedesk_engine::chosen_offline();
        let english = leasedesk_i18n::in_language(Language::English, || api_error(&error));
        let spanish = leasedesk_i18n::in_language(Language::Spanish, || api_error(&error));
        assert!(english.starts_with("You chose Work offline"), "{english}");
        assert!(
            spanish.starts_with("Eligió Trabajar sin conexión"),
            "{spanish}"
        );
        assert!(!leasedesk_engine::is_chosen_offline(&ApiError::Network {
            kind: NetworkFailure::Connect,
            detail: "refused".into(),
        }));
    }
}
