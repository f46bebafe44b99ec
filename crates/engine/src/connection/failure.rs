//! Why a connection failed, as a kind the window words in its own language; the English
//! `Display` is for logs and the command line.

use crate::api::ApiError;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LinkFailure {
    /// A training key on the live service's address: refused before anything is sent.
    #[error(
        "This is a training key: it opens a class's training server, never the live service. Use the key your administrator gave you for the live service, or the class's address with this one"
    )]
    TrainingKeyOnLive,
    /// The profile has no subscription key kept on this computer.
    #[error("No subscription key is stored for {profile}: enter it in Settings")]
    NoKey { profile: String },
    /// The embedded sandbox could not start; `detail` is what failed, as it came.
    #[error("The embedded sandbox could not start: {detail}")]
    SandboxDidNotStart { detail: String },
    /// The app is closing: nothing more is asked.
    #[error("the app is shutting down")]
    ShuttingDown,
    /// The service refused, could not be reached, or LeaseDesk itself failed.
    #[error("{0}")]
    Service(ApiError),
}

impl LinkFailure {
    /// What a request made while the connection is in this state answers: the service's own
    /// failure where there was one, else "not connected" (the status bar says why).
    pub fn as_api_error(&self) -> ApiError {
        match self {
            LinkFailure::Service(error) => error.clone(),
            _ => ApiError::NotConnected,
        }
    }
}
