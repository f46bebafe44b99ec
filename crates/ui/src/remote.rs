//! Remote values: each is a small state machine fed from the background runtime.

use chrono::{DateTime, Utc};

use crate::api::ApiError;

use super::context::AppCtx;
use crate::engine::Backend;
use leasedesk_i18n::tr;

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

pub use crate::engine::request::{Ask, Delivery, Keep, Request, Work};

type Reply<T> = (u64, Delivery<T>);

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
    reissue: Option<Work<T>>,
    failed_at: Option<std::time::Instant>,
    attempts: u32,
    /// Where reads are kept in the store, if they are.
    keep: Option<Keep<T>>,
    /// When the value shown was read from the service: now for a fresh answer, earlier for
    /// one from the store (`from_copy`).
    loaded_at: Option<DateTime<Utc>>,
    from_copy: bool,
    /// The value shown was worked out from the store (as of its last sync) while the service
    /// was not known to be out of reach; if it is now, the screen says it shows the copy.
    from_store: Option<DateTime<Utc>>,
    /// [`Backend::back_online`] when the last request left: a read that failed before the
    /// service came back asks again at once rather than at its next retry.
    online_seen: u64,
    /// The last request was a write that goes to the outbox when it cannot be sent.
    queueable: bool,
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
            keep: None,
            loaded_at: None,
            from_copy: false,
            from_store: None,
            online_seen: 0,
            queueable: false,
        }
    }
}

impl<T: Send + 'static> Slot<T> {
    /// Asks the engine (`engine::asks`): the slot shows `Pending` until it answers. A read
    /// kept in the store shows its last answer at once; a read that fails for a passing
    /// reason (the network, a 5xx, a rate limit, a garbled answer) is asked again by
    /// [`Slot::poll_read`] with a growing delay, so screens recover when the service comes
    /// back; a write that may queue runs even while the user works offline.
    pub fn ask(&mut self, backend: &Backend, request: Request<T>) {
        let Request { ask, work } = request;
        self.attempts = 0;
        match ask {
            Ask::Read(keep) => {
                self.keep = keep;
                self.reissue = Some(work.clone());
                self.queueable = false;
            }
            Ask::Write | Ask::WriteOrQueue => {
                self.queueable = matches!(ask, Ask::WriteOrQueue);
                self.reissue = None;
            }
        }
        self.send(backend, work);
    }

    /// [`Slot::ask`] the first time a pane asks, and again after [`Slot::reset`]; otherwise
    /// nothing, so a pane can call it every frame.
    pub fn ask_once(&mut self, backend: &Backend, request: impl FnOnce() -> Request<T>) {
        if matches!(self.state, Remote::Idle) {
            self.ask(backend, request());
        }
    }

    fn send(&mut self, backend: &Backend, work: Work<T>) {
        self.generation += 1;
        self.failed_at = None;
        let previous = std::mem::take(&mut self.state).into_previous();
        self.state = Remote::Pending { previous };
        self.online_seen = backend.connection().back_online();
        let ask = match (&self.reissue, self.queueable) {
            (Some(_), _) => Ask::Read(self.keep.clone()),
            (None, true) => Ask::WriteOrQueue,
            (None, false) => Ask::Write,
        };
        let engine = backend.clone();
        backend.spawn(self.generation, self.tx.clone(), ask, move |api| {
            work(engine, api)
        });
    }

    /// [`Slot::poll`], then the automatic retry of a failed read when its time has come, and
    /// a read again of what the store answered once the service answers.
    pub fn poll_read(&mut self, backend: &Backend) -> bool {
        let changed = self.poll();
        if let (Remote::Ready(_), true, Some(reissue)) =
            (&self.state, self.from_copy, &self.reissue)
            && !backend.connection().working_offline()
            && (backend.connection().back_online() != self.online_seen
                || backend.connection().reach() == crate::engine::Reach::Online)
        {
            let reissue = reissue.clone();
            self.send(backend, reissue);
        }
        if let (Remote::Failed { error, .. }, Some(reissue)) = (&self.state, &self.reissue)
            && transient(error)
        {
            let failed_at = *self.failed_at.get_or_insert_with(std::time::Instant::now);
            let wait = retry_delay(self.attempts);
            if failed_at.elapsed() >= wait || backend.connection().back_online() != self.online_seen
            {
                let reissue = reissue.clone();
                self.attempts += 1;
                self.send(backend, reissue);
            } else {
                backend.events().wake_after(wait - failed_at.elapsed());
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
        while let Ok((generation, delivery)) = self.rx.try_recv() {
            if generation != self.generation {
                continue;
            }
            let result = match delivery {
                Delivery::Kept { value, as_of } => {
                    // Only where nothing fresher is shown; the service's answer follows.
                    if let Remote::Pending { previous: None } = self.state {
                        self.state = Remote::Pending {
                            previous: Some(value),
                        };
                        self.loaded_at = Some(as_of);
                        self.from_copy = true;
                        changed = true;
                    }
                    continue;
                }
                Delivery::FromCopy { value, as_of } => {
                    self.attempts = 0;
                    self.loaded_at = Some(as_of);
                    self.from_copy = true;
                    self.from_store = None;
                    self.state = Remote::Ready(value);
                    changed = true;
                    continue;
                }
                Delivery::Stored { value, as_of } => {
                    self.attempts = 0;
                    self.loaded_at = Some(Utc::now());
                    self.from_copy = false;
                    self.from_store = Some(as_of);
                    self.state = Remote::Ready(value);
                    changed = true;
                    continue;
                }
                Delivery::Answer(result) => result,
            };
            let previous = std::mem::take(&mut self.state).into_previous();
            self.state = match result {
                Ok(value) => {
                    self.attempts = 0;
                    self.loaded_at = Some(Utc::now());
                    self.from_copy = false;
                    self.from_store = None;
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
        self.loaded_at = None;
        self.from_copy = false;
        self.from_store = None;
    }

    /// When the value shown came from the store rather than this run's service
    /// answer: when the service sent it.
    pub fn as_of(&self) -> Option<DateTime<Utc>> {
        self.from_copy.then_some(self.loaded_at).flatten()
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
        // Out of reach, a read is answered from the store without asking the network: the
        // service itself is asked now, and its answer has every screen read again.
        backend.connection().retry_now();
        if let Some(reissue) = self.reissue.clone() {
            self.attempts = 0;
            self.send(backend, reissue);
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
    ///
    /// Whatever it says, it is one scope with one id, and while a read waits or fails for a
    /// passing reason it is one row of one height: a read flapping between "Refreshing" and
    /// "Offline" moves nothing below it and takes no focus from a field being typed in.
    pub fn status_ui(&mut self, ui: &mut egui::Ui, ctx: &AppCtx, what: &str) {
        let retry = ui
            .push_id("remote status", |ui| self.status_inner_ui(ui, ctx, what))
            .inner;
        if retry {
            self.retry(ctx.backend);
        }
    }

    /// [`Slot::status_ui`] in a slot of one height whatever it says (nothing, "Refreshing…"
    /// with its spinner, a failure): a re-read after a change never moves what is below.
    pub fn status_slot_ui(&mut self, ui: &mut egui::Ui, ctx: &AppCtx, what: &str) {
        let height = ui.spacing().interact_size.y + 4.0;
        ui.allocate_ui_with_layout(
            egui::vec2(ui.available_width(), height),
            egui::Layout::top_down(egui::Align::Min),
            |ui| {
                ui.set_min_height(height);
                ui.set_max_height(height);
                self.status_ui(ui, ctx, what);
            },
        );
    }

    fn status_inner_ui(&self, ui: &mut egui::Ui, ctx: &AppCtx, what: &str) -> bool {
        let has_previous = self.state.value().is_some();
        // Worked out from the store before the service was found out of reach: the copy too.
        let stored_offline = self.from_store.filter(|_| {
            ctx.backend.connection().working_offline()
                || matches!(
                    ctx.backend.connection().reach(),
                    crate::engine::Reach::Offline { .. }
                )
        });
        let kept = self.as_of().or(stored_offline).map(|at| {
            let (when, today) = crate::dates::moment(at, ctx.now, ctx.zone);
            let today = if today { "yes" } else { "no" };
            tr!("remote-as-of", when = when, today = today)
        });
        // "the case" as given; "activities" made "the activities" (Spanish names come with
        // their article: "las actividades").
        let definite = if what.starts_with("the ") {
            what.to_owned()
        } else {
            tr!("remote-definite", thing = what)
        };
        let offline_words = |by_hand: bool| {
            if by_hand {
                tr!("remote-working-offline")
            } else {
                tr!("remote-offline")
            }
        };
        let copy_words = |kept: &Option<String>| match kept {
            Some(kept) => tr!(
                "remote-copy-of",
                what = definite.as_str(),
                kept = kept.as_str()
            ),
            None => tr!("remote-copy-of-unkept", what = definite.as_str()),
        };
        match &self.state {
            Remote::Idle => false,
            Remote::Ready(_) if self.from_copy || stored_offline.is_some() => {
                // Worked out from the store while the service is out of reach.
                let by_hand = ctx.backend.connection().working_offline();
                let mut parts = vec![offline_words(by_hand)];
                parts.push(copy_words(&kept));
                if by_hand {
                    parts.push(tr!("remote-go-online"));
                }
                status_row_ui(
                    ui,
                    StatusRow {
                        text: parts.join(" "),
                        colour: ctx.tokens.warning,
                        retry: !by_hand,
                        trying: ctx.backend.connection().trying_to_reach(),
                        ..StatusRow::default()
                    },
                )
            }
            Remote::Ready(_) => {
                // A kept read first shows the copy with a "Refreshing" row; the row stays,
                // empty, so what is below does not jump as the user reaches for it.
                if self.keep.is_some() && self.is_read() {
                    status_row_ui(ui, StatusRow::default());
                }
                false
            }
            Remote::Pending { .. } => {
                let text = match (self.is_read(), has_previous, &kept) {
                    (false, _, _) => tr!("remote-saving", what = what),
                    (true, true, Some(kept)) => tr!(
                        "remote-refreshing-copy",
                        what = definite.as_str(),
                        kept = kept.as_str()
                    ),
                    (true, true, None) => tr!("remote-refreshing", what = definite.as_str()),
                    (true, false, _) => tr!("remote-loading", what = what),
                };
                status_row_ui(ui, StatusRow::progress(text, ctx));
                false
            }
            Remote::Failed { error, .. } => {
                // Unreachable with something to show: the work goes on, so not in red.
                let offline = crate::engine::unreachable(error) && has_previous;
                // Offline by the user's choice: nothing to retry until they go online.
                let by_hand = offline && ctx.backend.connection().working_offline();
                let passing = self.is_read() && transient(error);
                let mut parts = vec![if offline {
                    offline_words(by_hand)
                } else {
                    format!("⚠ {}", crate::error_words::api_error(error))
                }];
                if has_previous && self.is_read() {
                    parts.push(match &kept {
                        Some(_) => copy_words(&kept),
                        None => tr!("remote-loaded-before", what = definite.as_str()),
                    });
                }
                if by_hand {
                    parts.push(tr!("remote-go-online"));
                } else if let Some(wait) = self.retry_in() {
                    parts.push(tr!("remote-retry-in", seconds = wait.as_secs() + 1));
                }
                let colour = if offline {
                    ctx.tokens.warning
                } else {
                    ctx.tokens.error
                };
                let text = parts.join(" ");
                if passing || offline {
                    // Unreachable: the technical detail is there for whoever wants it.
                    let hover = offline
                        .then(|| format!("{text}\n\n{}", crate::error_words::api_error(error)));
                    status_row_ui(
                        ui,
                        StatusRow {
                            text,
                            hover,
                            colour,
                            retry: self.is_read() && !by_hand,
                            trying: offline && ctx.backend.connection().trying_to_reach(),
                            ..StatusRow::default()
                        },
                    )
                } else {
                    // A refusal does not come and go by itself: all of it is shown, wrapped.
                    let mut retry = false;
                    ui.horizontal_wrapped(|ui| {
                        ui.colored_label(colour, text);
                        if self.is_read() {
                            retry = ui.button(tr!("remote-retry")).clicked();
                        }
                    });
                    retry
                }
            }
        }
    }
}

/// What one status row says: see [`status_row_ui`].
#[derive(Default)]
pub struct StatusRow {
    pub spinner: bool,
    pub text: String,
    pub colour: egui::Color32,
    /// Shown on hover instead of the text alone (it is cut to one line).
    pub hover: Option<String>,
    pub retry: bool,
    /// Retry was pressed and the service is being asked: the button says so, greyed.
    pub trying: bool,
}

impl StatusRow {
    /// Work under way: a spinner and quiet words.
    pub fn progress(text: String, ctx: &AppCtx) -> StatusRow {
        StatusRow {
            spinner: true,
            text,
            colour: ctx.tokens.muted,
            ..StatusRow::default()
        }
    }
}

/// One row of one height whatever it says (the text cut to fit, all of it on hover), with
/// Retry at its end when asked for. Returns whether Retry was clicked.
pub fn status_row_ui(ui: &mut egui::Ui, row: StatusRow) -> bool {
    let height = ui.spacing().interact_size.y;
    let width = ui.available_width();
    let mut clicked = false;
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_size(egui::vec2(width, height));
            ui.set_max_height(height);
            if row.spinner {
                crate::widgets::spinner_ui(ui);
            }
            if row.text.is_empty() {
                return;
            }
            let retry_width = if row.retry { 64.0 } else { 0.0 };
            let text_width = (ui.available_width() - retry_width).max(40.0);
            let label = ui
                .scope(|ui| {
                    ui.set_max_width(text_width);
                    let text = egui::RichText::new(&row.text).color(row.colour);
                    ui.add(egui::Label::new(text).truncate())
                })
                .inner;
            if let Some(hover) = &row.hover {
                label.on_hover_text(hover);
            }
            if row.retry && row.trying {
                ui.add_enabled(false, egui::Button::new(tr!("remote-trying")))
                    .on_disabled_hover_text(tr!("remote-trying-hint"));
            } else if row.retry {
                clicked = ui.button(tr!("remote-retry")).clicked();
            }
        },
    );
    clicked
}
