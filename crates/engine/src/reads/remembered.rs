//! What this computer remembers for a portal because the service cannot (the local store,
//! [`crate::local`]): which items were followed up here, and which reminders were shown. The
//! window asks the engine; it never holds the store.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::domain::follow_up::{FollowUp, FollowUps};
use crate::domain::reminders::{ReminderKind, Sent};

impl crate::RememberedRoom<'_> {
    /// Items followed up here (empty until connected).
    pub fn follow_ups(&self) -> Arc<FollowUps> {
        self.0
            .follow_up_file()
            .map(|l| l.follow_ups())
            .unwrap_or_default()
    }

    /// Changes whenever something is remembered; `None` until connected.
    pub fn version(&self) -> Option<u64> {
        self.0.follow_up_file().map(|l| l.version())
    }

    /// Reminders already shown (they are not shown again, also after a restart).
    pub fn reminders_shown(&self) -> Option<Arc<Sent>> {
        self.0.follow_up_file().map(|l| l.sent())
    }

    /// Remembers that an activity was followed up here, off the UI thread; `not_kept` is
    /// called (on a worker) when it could not be written.
    pub fn remember_follow_up(&self, record: FollowUp, not_kept: impl FnOnce() + Send + 'static) {
        let Some(store) = self.0.follow_up_file() else {
            return not_kept();
        };
        self.0.run(async move {
            let written =
                tokio::task::spawn_blocking(move || store.record_follow_up(&record)).await;
            if !matches!(written, Ok(Ok(()))) {
                not_kept();
            }
        });
    }

    /// Remembers that a reminder was shown, off the UI thread, then runs `then` (showing it).
    pub fn remember_reminder_shown(
        &self,
        activity_id: i64,
        kind: ReminderKind,
        at: DateTime<Utc>,
        then: impl FnOnce() + Send + 'static,
    ) {
        let store = self.0.follow_up_file();
        self.0.run(async move {
            let _ = tokio::task::spawn_blocking(move || {
                if let Some(store) = store
                    && let Err(e) = store.record_sent(activity_id, kind, at)
                {
                    tracing::warn!(error = %e, "a reminder may be sent again after a restart");
                }
                then();
            })
            .await;
        });
    }

    /// Keeps an address or number typed for someone of `case_number` in this portal's store
    /// (sealed), off the UI thread; the service cannot add it to the person.
    pub fn remember_typed_contact(
        &self,
        case_number: String,
        typed: crate::domain::outreach::TypedContact,
    ) {
        let Some(store) = self.0.store() else {
            return;
        };
        self.0.run(async move {
            let kept =
                tokio::task::spawn_blocking(move || store.keep_typed_contact(&case_number, typed))
                    .await;
            if !matches!(kept, Ok(Ok(()))) {
                tracing::warn!("an address typed in a message could not be kept on this desk");
            }
        });
    }
}
