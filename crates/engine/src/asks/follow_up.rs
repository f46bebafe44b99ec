//! Creating activities (an outcome and its next step, a tour) so that what cannot reach the
//! service waits in the outbox, in order, rather than being lost or sent twice: the follow-up's
//! safe creates (`service::follow_up`) with the outbox behind them.

use crate::api::ApiError;
use crate::api::Client;
use crate::request::Request;
use crate::service::follow_up;
pub use crate::service::follow_up::{Create, CreateError, Saved, Stopped};
use crate::{Backend, OutboxKind, chosen_offline};
use crate::{QueueState, QueuedWrite};

/// How a save ended: on the service (whole, or stopped part way), or with what was not sent
/// kept in the outbox.
#[derive(Debug, Clone)]
pub enum FollowUpSaved {
    Done(Result<Saved, Stopped>),
    Queued { saved: Saved, kind: OutboxKind },
}

/// The outcome and next step to create, and each as the outbox would keep it.
pub struct Parts {
    pub outcome: Option<Create>,
    pub next: Option<Create>,
    pub writes: [Option<QueuedWrite>; 2],
}

impl Parts {
    /// What is not saved yet, in order, for the outbox: after a lost answer (`lost`) the first
    /// is looked for on the service before it is sent again.
    fn left(&self, saved: &Saved, lost: bool) -> Vec<(QueuedWrite, QueueState)> {
        let unsaved = [saved.outcome_id.is_none(), saved.next_id.is_none()];
        let mut left = Vec::new();
        for (write, unsaved) in self.writes.iter().zip(unsaved) {
            if let (Some(write), true) = (write, unsaved) {
                let state = if lost && left.is_empty() {
                    write.after_lost_answer()
                } else {
                    QueueState::Waiting
                };
                left.push((write.clone(), state));
            }
        }
        left
    }
}

/// Saves the outcome and the next step (either may be absent), as [`save_or_queue`] does.
pub fn follow_up(parts: Parts, saved: Saved, look_first: bool) -> Request<FollowUpSaved> {
    let parts = std::sync::Arc::new(parts);
    Request::write_or_queue(move |backend, client| {
        let (parts, saved) = (parts.clone(), saved.clone());
        async move { Ok(save_or_queue(&backend, client, &parts, saved, look_first).await) }
    })
}

/// Saves the outcome and the next step (either may be absent); what cannot reach the service (or, working offline or
/// behind changes already waiting, is not tried) goes to the outbox, in order.
async fn save_or_queue(
    backend: &Backend,
    client: Client,
    parts: &Parts,
    saved: Saved,
    look_first: bool,
) -> FollowUpSaved {
    if backend.outbox().must_queue() {
        if let Some(kind) = backend.queue_writes(parts.left(&saved, false)).await {
            backend.outbox().replay();
            return FollowUpSaved::Queued { saved, kind };
        }
        if backend.connection().working_offline() {
            let error = CreateError::Failed(chosen_offline());
            return FollowUpSaved::Done(Err(Stopped { saved, error }));
        }
    }
    let (outcome, next) = (parts.outcome.clone(), parts.next.clone());
    let result = follow_up::save(client, outcome, next, saved, look_first).await;
    // What the service answered, for the status bar (the dialog's Ok may be only queued).
    let saved_some = match &result {
        Ok(saved) | Err(Stopped { saved, .. }) => {
            saved.outcome_id.is_some() || saved.next_id.is_some()
        }
    };
    if saved_some {
        backend.count_delivered();
        backend.sent(&[crate::Change::Activities]);
    }
    match &result {
        Ok(_) => backend.connection().note_reach(&Ok::<(), ApiError>(())),
        Err(Stopped {
            error: CreateError::Failed(e),
            ..
        }) => backend.connection().note_reach(&Err::<(), _>(e.clone())),
        Err(_) => {}
    }
    match result {
        Ok(saved) => FollowUpSaved::Done(Ok(saved)),
        Err(stopped) => {
            let lost = match &stopped.error {
                CreateError::Failed(ApiError::Network { .. }) => false,
                CreateError::Unknown(_) => true,
                _ => return FollowUpSaved::Done(Err(stopped)),
            };
            match backend.queue_writes(parts.left(&stopped.saved, lost)).await {
                Some(kind) => FollowUpSaved::Queued {
                    saved: stopped.saved,
                    kind,
                },
                None => FollowUpSaved::Done(Err(stopped)),
            }
        }
    }
}
