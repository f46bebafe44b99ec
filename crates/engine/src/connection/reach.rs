//! Whether the service answers: noted from every answer, chosen by hand ("Work offline"), and
//! told to the screens when it comes back.

use std::sync::atomic::Ordering;

use chrono::{DateTime, Utc};

use crate::api::{ApiError, NetworkFailure};
use crate::{Backend, lock};

/// Whether the service answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reach {
    #[default]
    Unknown,
    Online,
    Offline {
        since: DateTime<Utc>,
    },
}

/// How long the service must have been unreachable for its return to count as "back online".
const OUTAGE: chrono::TimeDelta = chrono::TimeDelta::seconds(2);

/// What a request gets while the user works offline by choice: the answer of a service that
/// cannot be reached, so reads show the store and writes wait in the outbox.
pub fn chosen_offline() -> ApiError {
    ApiError::Network {
        kind: NetworkFailure::Connect,
        detail: CHOSEN_OFFLINE.into(),
    }
}

/// The detail of [`chosen_offline`]'s failure (logs and the command line read it as it is).
const CHOSEN_OFFLINE: &str = "you chose Work offline; choose Go online in the status bar to send";

/// Whether `error` is what a request got because the user chose Work offline (the window
/// says so in its own words, not as a network failure).
pub fn is_chosen_offline(error: &ApiError) -> bool {
    matches!(
        error,
        ApiError::Network {
            kind: NetworkFailure::Connect,
            detail,
        } if detail == CHOSEN_OFFLINE
    )
}

/// A failure that means the service could not be reached (rather than refused).
pub fn unreachable(error: &ApiError) -> bool {
    matches!(
        error,
        ApiError::Network {
            kind: NetworkFailure::Connect | NetworkFailure::Timeout | NetworkFailure::Dropped,
            ..
        } | ApiError::OutcomeUnknown { .. }
    )
}

impl Backend {
    /// A new connection: whether the service answers is not known yet.
    pub(crate) fn forget_reach(&self) {
        *lock(&self.inner.connection.reach) = Reach::Unknown;
    }
}

impl crate::ConnectionRoom<'_> {
    pub fn reach(&self) -> Reach {
        *lock(&self.0.inner.connection.reach)
    }

    /// Whether the user chose to work offline.
    pub fn working_offline(&self) -> bool {
        self.0.inner.connection.work_offline.load(Ordering::SeqCst)
    }

    /// "Work offline" / "Go online". Going online syncs, sends what waits, and has screens
    /// that could not read ask again at once.
    pub fn set_work_offline(&self, offline: bool) {
        let was = self
            .0
            .inner
            .connection
            .work_offline
            .swap(offline, Ordering::SeqCst);
        if was == offline {
            return;
        }
        if offline {
            tracing::info!("working offline by choice");
        } else {
            tracing::info!("going online again");
            *lock(&self.0.inner.connection.reach) = Reach::Unknown;
            self.0
                .inner
                .connection
                .back_online
                .fetch_add(1, Ordering::SeqCst);
            self.0.sync().now();
            self.0.outbox().replay();
        }
        self.0.events().wake();
    }

    /// Changes each time the service can be asked again; see [`Offline::back_online`].
    pub fn back_online(&self) -> u64 {
        self.0.inner.connection.back_online.load(Ordering::SeqCst)
    }

    /// Learns from every answer whether the service is there.
    pub fn note_reach<T>(&self, result: &Result<T, ApiError>) {
        if self.0.connection().working_offline() {
            return;
        }
        let now = Utc::now();
        let mut reach = lock(&self.0.inner.connection.reach);
        let next = match result {
            Err(e) if unreachable(e) => match *reach {
                Reach::Offline { since } => Reach::Offline { since },
                _ => Reach::Offline { since: now },
            },
            Err(ApiError::Config { .. } | ApiError::Internal | ApiError::NotConnected) => *reach,
            _ => Reach::Online,
        };
        if *reach != next {
            let was = std::mem::replace(&mut *reach, next);
            drop(reach);
            if next == Reach::Online {
                tracing::info!("the service answers again");
                // After a real outage, screens that failed ask again at once; one path
                // failing while others answer (a flicker) leaves them to their own retry.
                if let Reach::Offline { since } = was
                    && now.signed_duration_since(since) >= OUTAGE
                {
                    self.0
                        .inner
                        .connection
                        .back_online
                        .fetch_add(1, Ordering::SeqCst);
                }
                self.0.outbox().replay();
            } else {
                tracing::warn!("the service cannot be reached");
                self.0.start_probing();
            }
            self.0.events().wake();
        }
    }
}
