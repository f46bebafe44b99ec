//! Remote values: each is a small state machine fed from the background runtime.

use crate::api::ApiError;

use super::backend::Backend;

/// A value that lives on the server. `previous` keeps the last good value while refreshing or
/// after a failure, so screens do not flicker or go blank.
#[derive(Debug, Clone, Default)]
pub enum Remote<T> {
    #[default]
    Idle,
    Pending {
        previous: Option<T>,
    },
    Ready(T),
    Failed {
        error: ApiError,
        previous: Option<T>,
    },
}

impl<T> Remote<T> {
    /// The value to show: the current one, or the previous one while pending or failed.
    pub fn value(&self) -> Option<&T> {
        match self {
            Remote::Ready(v) => Some(v),
            Remote::Pending { previous } | Remote::Failed { previous, .. } => previous.as_ref(),
            Remote::Idle => None,
        }
    }

    pub fn is_pending(&self) -> bool {
        matches!(self, Remote::Pending { .. })
    }

    pub fn error(&self) -> Option<&ApiError> {
        match self {
            Remote::Failed { error, .. } => Some(error),
            _ => None,
        }
    }

    fn into_previous(self) -> Option<T> {
        match self {
            Remote::Ready(v) => Some(v),
            Remote::Pending { previous } | Remote::Failed { previous, .. } => previous,
            Remote::Idle => None,
        }
    }
}

type Reply<T> = (u64, Result<T, ApiError>);

/// A remote value with the channel its answers arrive on. Every request gets a generation
/// number; an answer to anything but the latest request is dropped, so a slow, stale answer
/// never overwrites a newer one (type-ahead search depends on this).
pub struct Slot<T> {
    pub state: Remote<T>,
    generation: u64,
    tx: tokio::sync::mpsc::Sender<Reply<T>>,
    rx: tokio::sync::mpsc::Receiver<Reply<T>>,
}

impl<T> Default for Slot<T> {
    fn default() -> Self {
        let (tx, rx) = tokio::sync::mpsc::channel(16);
        Slot {
            state: Remote::Idle,
            generation: 0,
            tx,
            rx,
        }
    }
}

impl<T: Send + 'static> Slot<T> {
    /// Starts a request on the background runtime; the slot shows `Pending` until it answers.
    pub fn request<F, Fut>(&mut self, backend: &Backend, work: F)
    where
        F: FnOnce(crate::api::Client) -> Fut + Send + 'static,
        Fut: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        self.generation += 1;
        let previous = std::mem::take(&mut self.state).into_previous();
        self.state = Remote::Pending { previous };
        backend.spawn(self.generation, self.tx.clone(), work);
    }

    /// Takes in whatever arrived. Returns true when the state changed.
    pub fn poll(&mut self) -> bool {
        let mut changed = false;
        while let Ok((generation, result)) = self.rx.try_recv() {
            if generation != self.generation {
                continue;
            }
            let previous = std::mem::take(&mut self.state).into_previous();
            self.state = match result {
                Ok(value) => Remote::Ready(value),
                Err(error) => Remote::Failed { error, previous },
            };
            changed = true;
        }
        changed
    }

    /// Forgets the value (e.g. when the connection changes).
    pub fn reset(&mut self) {
        self.generation += 1;
        self.state = Remote::Idle;
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }
}
