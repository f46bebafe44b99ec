//! Remote values: each is a small state machine fed from the background runtime.

use crate::api::ApiError;

use super::backend::Backend;
use super::context::AppCtx;

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
type Reissue<T> = std::sync::Arc<
    dyn Fn(crate::api::Client) -> futures_util::future::BoxFuture<'static, Result<T, ApiError>>
        + Send
        + Sync,
>;

/// Failures a read recovers from by itself once the service answers again.
pub fn transient(error: &ApiError) -> bool {
    matches!(
        error,
        ApiError::Network { .. }
            | ApiError::Server { .. }
            | ApiError::RateLimited { .. }
            | ApiError::Decode { .. }
            | ApiError::OutcomeUnknown { .. }
    )
}

/// Wait before the next automatic retry of a read: 2, 4, 8, 16, then 30 seconds.
pub fn retry_delay(attempt: u32) -> std::time::Duration {
    std::time::Duration::from_secs((2u64 << attempt.min(4)).min(30))
}

/// A remote value with the channel its answers arrive on. Every request gets a generation
/// number; an answer to anything but the latest request is dropped, so a slow, stale answer
/// never overwrites a newer one (type-ahead search depends on this).
pub struct Slot<T> {
    pub state: Remote<T>,
    generation: u64,
    tx: tokio::sync::mpsc::Sender<Reply<T>>,
    rx: tokio::sync::mpsc::Receiver<Reply<T>>,
    /// For reads: how to ask again, and when the last failure came.
    reissue: Option<Reissue<T>>,
    failed_at: Option<std::time::Instant>,
    attempts: u32,
}

impl<T> Default for Slot<T> {
    fn default() -> Self {
        let (tx, rx) = tokio::sync::mpsc::channel(16);
        Slot {
            state: Remote::Idle,
            generation: 0,
            tx,
            rx,
            reissue: None,
            failed_at: None,
            attempts: 0,
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
        self.reissue = None;
        self.attempts = 0;
        self.send(backend, work);
    }

    fn send<F, Fut>(&mut self, backend: &Backend, work: F)
    where
        F: FnOnce(crate::api::Client) -> Fut + Send + 'static,
        Fut: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        self.generation += 1;
        self.failed_at = None;
        let previous = std::mem::take(&mut self.state).into_previous();
        self.state = Remote::Pending { previous };
        backend.spawn(self.generation, self.tx.clone(), work);
    }

    /// [`Slot::request_read`] the first time a pane asks, and again after [`Slot::reset`];
    /// otherwise nothing, so a pane can call it every frame.
    pub fn read_once<F, Fut>(&mut self, backend: &Backend, work: F)
    where
        F: Fn(crate::api::Client) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        if matches!(self.state, Remote::Idle) {
            self.request_read(backend, work);
        }
    }

    /// A read: like [`Slot::request`], and when it fails for a passing reason (the network,
    /// a 5xx, a rate limit, a garbled answer) [`Slot::poll_read`] asks again by itself with a
    /// growing delay, so screens recover when the service comes back.
    pub fn request_read<F, Fut>(&mut self, backend: &Backend, work: F)
    where
        F: Fn(crate::api::Client) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        let reissue: Reissue<T> = std::sync::Arc::new(move |client| Box::pin(work(client)));
        self.request(backend, {
            let reissue = reissue.clone();
            move |client| reissue(client)
        });
        self.reissue = Some(reissue);
    }

    /// [`Slot::poll`], then the automatic retry of a failed read when its time has come.
    pub fn poll_read(&mut self, backend: &Backend) -> bool {
        let changed = self.poll();
        if let (Remote::Failed { error, .. }, Some(reissue)) = (&self.state, &self.reissue)
            && transient(error)
        {
            let failed_at = *self.failed_at.get_or_insert_with(std::time::Instant::now);
            let wait = retry_delay(self.attempts);
            if failed_at.elapsed() >= wait {
                let reissue = reissue.clone();
                self.attempts += 1;
                self.send(backend, move |client| reissue(client));
            } else {
                backend.repaint_after(wait - failed_at.elapsed());
            }
        }
        changed
    }

    /// When the next automatic retry is due, if one is.
    pub fn retry_in(&self) -> Option<std::time::Duration> {
        match (&self.state, self.failed_at, &self.reissue) {
            (Remote::Failed { error, .. }, Some(at), Some(_)) if transient(error) => {
                Some(retry_delay(self.attempts).saturating_sub(at.elapsed()))
            }
            _ => None,
        }
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
                Ok(value) => {
                    self.attempts = 0;
                    Remote::Ready(value)
                }
                Err(error) => {
                    self.failed_at = Some(std::time::Instant::now());
                    Remote::Failed { error, previous }
                }
            };
            changed = true;
        }
        changed
    }

    /// Forgets the value (e.g. when the connection changes).
    pub fn reset(&mut self) {
        self.generation += 1;
        self.reissue = None;
        self.state = Remote::Idle;
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Whether this slot holds a read that can be asked again.
    pub fn is_read(&self) -> bool {
        self.reissue.is_some()
    }

    /// Asks a read again now (Retry).
    pub fn retry(&mut self, backend: &Backend) {
        if let Some(reissue) = self.reissue.clone() {
            self.attempts = 0;
            self.send(backend, move |client| reissue(client));
        }
    }

    /// Shows the value as if it had just arrived (benchmarks, previews, screenshots).
    #[cfg(feature = "test-hooks")]
    pub fn set_ready(&mut self, value: T) {
        self.generation += 1;
        self.state = Remote::Ready(value);
    }

    /// How every pane shows a remote value's progress and failure: a spinner while the first
    /// answer is awaited, a quieter note while an older value stays on screen, and a failure
    /// with what to do (for a read: when it tries again by itself, and Retry). Nothing when
    /// the value is in. `what` names the value ("cases", "activities… 3,000 so far").
    pub fn status_ui(&mut self, ui: &mut egui::Ui, ctx: &AppCtx, what: &str) {
        let has_previous = self.state.value().is_some();
        match &self.state {
            Remote::Idle | Remote::Ready(_) => {}
            Remote::Pending { .. } => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    let text = match (self.is_read(), has_previous) {
                        (false, _) => format!("Saving {what}…"),
                        (true, true) => format!("Refreshing {what}…"),
                        (true, false) => format!("Loading {what}…"),
                    };
                    ui.label(egui::RichText::new(text).color(ctx.tokens.muted));
                });
            }
            Remote::Failed { error, .. } => {
                let error = error.clone();
                let mut retry = false;
                ui.horizontal_wrapped(|ui| {
                    ui.colored_label(ctx.tokens.error, format!("⚠ {error}"));
                    if self.is_read() {
                        retry = ui.button("Retry").clicked();
                    }
                });
                let mut notes = Vec::new();
                if let Some(wait) = self.retry_in() {
                    notes.push(format!(
                        "Trying again by itself in {} s; your work on this screen is kept.",
                        wait.as_secs() + 1
                    ));
                }
                if has_previous && self.is_read() {
                    notes.push(format!("Showing the {what} loaded before."));
                }
                if !notes.is_empty() {
                    ui.label(egui::RichText::new(notes.join(" ")).color(ctx.tokens.muted));
                }
                if retry {
                    self.retry(ctx.backend);
                }
            }
        }
    }
}
