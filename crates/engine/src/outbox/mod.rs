//! Writes kept while the service could not be reached, and sending them when it is back: in
//! the order they were made, one at a time, each marked "sending" on disk before it leaves, and
//! one whose outcome is unknown looked for on the service before it is sent again.

use std::future::Future;
use std::sync::Arc;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64};

use super::{Backend, lock};
use crate::api::model::Activity;
use crate::domain::next_step::queued_activity;

pub(crate) mod call;
mod replay;

use crate::api::ApiError;
use crate::store::outbox::{Outbox, QueueState, Queued, QueuedWrite};

/// What became of a write given to [`Backend::send_or_queue`].
#[derive(Debug, Clone, PartialEq)]
pub enum SentOrQueued<T> {
    Sent(T),
    Queued(OutboxKind),
}

/// The outbox's room: the outbox of this portal's store, the one whose key is lost, the
/// replay, and what it delivered that the store may not have read yet.
#[derive(Default)]
pub(super) struct State {
    outbox: Mutex<Option<Arc<Outbox>>>,
    /// The outbox file kept on disk whose key is lost: its rows are counted and shown, never
    /// sent and never deleted without the user's word (new writes go to `outbox`).
    stranded: Mutex<Option<Arc<Outbox>>>,
    replaying: AtomicBool,
    /// A replay was asked for while one ran.
    replay_again: AtomicBool,
    /// Activities the outbox delivered that the store may not have read yet, numbered: they
    /// still count on this desk until a read into the store after them.
    delivered: Mutex<Vec<(u64, Activity)>>,
    delivered_count: AtomicU64,
    /// Writes of every kind the service took this run, sent at once or from the outbox (what the window announces as saved).
    sent_count: AtomicU64,
}

impl Backend {
    /// The outboxes of the store just opened (or none).
    pub(super) fn set_outboxes(&self, outbox: Option<Arc<Outbox>>, stranded: Option<Arc<Outbox>>) {
        *lock(&self.inner.outbox.outbox) = outbox;
        *lock(&self.inner.outbox.stranded) = stranded;
    }

    pub(super) fn forget_outbox(&self) {
        self.set_outboxes(None, None);
    }

    /// Lets go of the outboxes (to delete their files): the current one is returned to be
    /// dropped when done.
    pub(super) fn close_outboxes(&self) -> Option<Arc<Outbox>> {
        lock(&self.inner.outbox.stranded).take();
        lock(&self.inner.outbox.outbox).take()
    }

    /// Keeps an activity the outbox just delivered counted until the store has read it (see
    /// [`Backend::sent`]): a screen reading in between would see neither.
    pub(crate) fn keep_delivered(&self, entry: &Queued) {
        if let Some(activity) = as_activity(entry) {
            let n = self
                .inner
                .outbox
                .delivered_count
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst)
                + 1;
            let mut delivered = lock(&self.inner.outbox.delivered);
            delivered.push((n, activity));
            // A store that never reads them back (no fill yet) keeps a bounded few.
            if delivered.len() > 1000 {
                delivered.remove(0);
            }
        }
    }

    /// The number of the last activity delivered, before a read into the store begins.
    pub(crate) fn delivered_mark(&self) -> u64 {
        self.inner
            .outbox
            .delivered_count
            .load(std::sync::atomic::Ordering::SeqCst)
    }

    /// A read into the store that began at `mark` has what was delivered before it.
    pub(crate) fn forget_delivered(&self, mark: u64) {
        lock(&self.inner.outbox.delivered).retain(|(n, _)| *n > mark);
    }

    /// Delivered activities the store may not have yet.
    pub(crate) fn delivered_activities(&self) -> Vec<Activity> {
        lock(&self.inner.outbox.delivered)
            .iter()
            .map(|(_, a)| a.clone())
            .collect()
    }

    /// The delivered activities that `keep` keeps, copying only those.
    pub(crate) fn delivered_matching(&self, keep: impl Fn(&Activity) -> bool) -> Vec<Activity> {
        lock(&self.inner.outbox.delivered)
            .iter()
            .filter(|(_, a)| keep(a))
            .map(|(_, a)| a.clone())
            .collect()
    }

    pub(super) fn queue(&self) -> Option<Arc<Outbox>> {
        lock(&self.inner.outbox.outbox).clone()
    }

    /// Counts a write the service took (see [`Self::changes_delivered`]).
    pub(crate) fn count_delivered(&self) {
        self.inner
            .outbox
            .sent_count
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }

    fn unopened_outboxes(&self) -> Vec<Arc<Outbox>> {
        let stranded = lock(&self.inner.outbox.stranded).clone();
        stranded
            .into_iter()
            .chain(self.queue())
            .filter(|o| o.unopened_count() > 0)
            .collect()
    }

    /// Keeps a write to send later; it is on disk when this returns. `Sending` when it may
    /// have reached the service already (checked before it is sent again).
    pub async fn queue_write(&self, write: QueuedWrite, state: QueueState) -> Option<i64> {
        let outbox = self.queue()?;
        let queued = tokio::task::spawn_blocking(move || outbox.push(&write, state)).await;
        self.events().wake();
        match queued {
            Ok(Ok(id)) => Some(id),
            Ok(Err(e)) => {
                tracing::error!(error = %e, "a write could not be kept to send later");
                None
            }
            Err(e) => {
                tracing::error!(error = %e, "a write could not be kept to send later");
                None
            }
        }
    }

    /// Sends a write, or keeps it in the outbox to send later: when the service cannot be
    /// reached, when the user works offline, and when changes already wait (it goes behind
    /// them, so they arrive in the order they were made). Without an outbox the failure is
    /// the answer, and the form keeps what was typed.
    pub async fn send_or_queue<T>(
        &self,
        write: QueuedWrite,
        send: impl Future<Output = Result<T, ApiError>>,
    ) -> Result<SentOrQueued<T>, ApiError> {
        let queue = |state| async {
            self.queue_writes(vec![(write.clone(), state)])
                .await
                .map(SentOrQueued::Queued)
        };
        if self.outbox().must_queue() {
            if let Some(queued) = queue(QueueState::Waiting).await {
                self.outbox().replay();
                return Ok(queued);
            }
            if self.connection().working_offline() {
                return Err(super::connection::reach::chosen_offline());
            }
        }
        let sent = send.await;
        self.connection().note_reach(&sent);
        match sent {
            Ok(sent) => {
                self.count_delivered();
                self.sent(write.changes());
                Ok(SentOrQueued::Sent(sent))
            }
            Err(e @ ApiError::Network { .. }) => queue(QueueState::Waiting).await.ok_or(e),
            Err(e @ ApiError::OutcomeUnknown { .. }) if write.queued_after_lost_answer() => {
                queue(write.after_lost_answer()).await.ok_or(e)
            }
            Err(e) => Err(e),
        }
    }

    /// Keeps several writes to send later, in this order (an outcome, then its next step).
    /// `None` when there is no outbox or the disk refused one.
    pub async fn queue_writes(&self, writes: Vec<(QueuedWrite, QueueState)>) -> Option<OutboxKind> {
        let kind = self.outbox().kind()?;
        for (write, state) in writes {
            // Screens show what waits beside what the service has (the calendar's "Waiting
            // to be sent", the queue's pending marks): they read again now.
            let changes = write.changes();
            self.queue_write(write, state).await?;
            self.tell_changes(changes);
        }
        Some(kind)
    }

    fn change_queued(&self, id: i64, state: Option<QueueState>) {
        let Some(outbox) = self.queue() else {
            return;
        };
        let me = self.clone();
        let resend = state.is_some();
        self.run(async move {
            let changed = tokio::task::spawn_blocking(move || match state {
                Some(state) => outbox.set_state(id, state),
                None => outbox.remove(id),
            })
            .await;
            if !matches!(changed, Ok(Ok(()))) {
                tracing::error!("a queued write could not be changed");
            }
            me.events().wake();
            if resend {
                me.outbox().replay();
            }
        });
    }
}

impl crate::OutboxRoom<'_> {
    /// How many saved changes the service has taken this run.
    pub fn changes_delivered(&self) -> u64 {
        self.0
            .inner
            .outbox
            .sent_count
            .load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Everything waiting or refused, oldest first.
    pub fn entries(&self) -> Arc<Vec<Queued>> {
        self.0.queue().map(|o| o.entries()).unwrap_or_default()
    }

    /// Saved changes that do not open with this computer's key (a lost or reset key): kept,
    /// never sent, counted so the user can be told.
    pub fn unopened_changes(&self) -> usize {
        let stranded = lock(&self.0.inner.outbox.stranded).clone();
        self.0.queue().map_or(0, |o| o.unopened_count())
            + stranded.map_or(0, |o| o.unopened_count())
    }

    /// Every change saved on this computer and not sent: waiting, refused, or unopened.
    pub fn unsent_changes(&self) -> usize {
        self.0.outbox().entries().len() + self.0.outbox().unopened_changes()
    }

    /// Copies the changes that cannot be opened, still sealed, to `dest` (to be opened where
    /// their key is): how many, or why not. Blocking (a small file).
    pub fn export_unopened_to(&self, dest: &std::path::Path) -> Result<usize, String> {
        // The stranded outbox first when there is one (it holds the lost key's rows).
        match self.0.unopened_outboxes().first() {
            Some(outbox) => outbox.export_unopened(dest).map_err(|e| e.to_string()),
            None => Ok(0),
        }
    }

    /// Deletes the changes that cannot be opened, if there are exactly `expected` (the count
    /// the user confirmed).
    pub fn discard_unopened(&self, expected: usize) {
        if self.0.outbox().unopened_changes() != expected {
            tracing::warn!("the count of unopened changes moved; nothing discarded");
            return;
        }
        let outboxes = self.0.unopened_outboxes();
        let me = self.0.clone();
        self.0.run(async move {
            let _ = tokio::task::spawn_blocking(move || {
                for outbox in outboxes {
                    let count = outbox.unopened_count();
                    if let Err(e) = outbox.discard_unopened(count) {
                        tracing::error!(error = %e, "unopened changes could not be discarded");
                    }
                }
            })
            .await;
            me.events().wake();
        });
    }

    /// Whether changes wait to be sent (a new one then goes behind them, to keep the order).
    pub fn has_waiting(&self) -> bool {
        self.0
            .outbox()
            .entries()
            .iter()
            .any(|e| !matches!(e.state, QueueState::Refused(_)))
    }

    /// Whether writes can be kept to send later, and whether they outlive the app.
    pub fn kind(&self) -> Option<OutboxKind> {
        self.0.queue().map(|o| {
            if o.is_on_disk() {
                OutboxKind::OnDisk
            } else {
                OutboxKind::ThisRunOnly
            }
        })
    }

    /// Whether a write should go straight to the outbox without being tried: the user works
    /// offline, or changes already wait (it goes behind them, to keep the order).
    pub fn must_queue(&self) -> bool {
        self.0.connection().working_offline() || self.0.outbox().has_waiting()
    }

    /// Forgets a queued write (Discard, or after an edited copy was saved).
    pub fn discard_queued(&self, id: i64) {
        self.0.change_queued(id, None);
    }

    /// Sends a refused write again as it is.
    pub fn resend_queued(&self, id: i64) {
        self.0.change_queued(id, Some(QueueState::Waiting));
    }
}

/// Whether writes can be queued, and whether they outlive the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutboxKind {
    OnDisk,
    ThisRunOnly,
}

pub(crate) fn as_activity(entry: &Queued) -> Option<Activity> {
    match &entry.write {
        QueuedWrite::LogActivity(write) => {
            queued_activity(&write.body, &write.type_name, -entry.id.max(1))
        }
        QueuedWrite::CampaignMove(_)
        | QueuedWrite::NewIndividual(_)
        | QueuedWrite::MoveIn(_)
        | QueuedWrite::AdmissionUpdate(_)
        | QueuedWrite::NewUnits(_) => None,
    }
}
