//! What a screen asks the engine for, and how the answer comes back: a read (kept in the offline
//! copy or not), a write, or a write that waits in the outbox.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde::de::DeserializeOwned;

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::Ordering;

use futures_util::FutureExt;

use crate::api::{ApiError, Client};
use crate::{ClientState, LinkFailure};

/// What arrives for a request: the kept copy of its last answer (at once, to show while the
/// service is asked), then the service's answer.
pub enum Delivery<T> {
    Kept {
        value: T,
        as_of: DateTime<Utc>,
    },
    Answer(Result<T, ApiError>),
    /// The answer, worked out from the store while the service cannot be reached: as of the
    /// store's last sync (`as_of`), and asked again once the service answers.
    FromCopy {
        value: T,
        as_of: DateTime<Utc>,
    },
    /// The answer, worked out from the store (as of its last sync, `as_of`) while the service
    /// was not known to be out of reach: if it turns out to be, the screen says it shows the
    /// store.
    Stored {
        value: T,
        as_of: DateTime<Utc>,
    },
}

/// What a request is, for the backend: a read (kept in the store or not), a write, or
/// a write that waits in the outbox when it cannot be sent. Working offline, only the last
/// runs; the others fail at once, as when the service cannot be reached.
pub enum Ask<T> {
    Read(Option<Keep<T>>),
    Write,
    WriteOrQueue,
}

type Encode<T> = Arc<dyn Fn(&T) -> Option<Vec<u8>> + Send + Sync>;
type Decode<T> = Arc<dyn Fn(&[u8]) -> Option<T> + Send + Sync>;

/// How a read's answer is kept in the store: under `key`, as JSON.
pub struct Keep<T> {
    pub key: String,
    pub encode: Encode<T>,
    pub decode: Decode<T>,
}

impl<T> Clone for Keep<T> {
    fn clone(&self) -> Self {
        Keep {
            key: self.key.clone(),
            encode: self.encode.clone(),
            decode: self.decode.clone(),
        }
    }
}

impl<T: Serialize + DeserializeOwned> Keep<T> {
    pub fn new(key: impl Into<String>) -> Keep<T> {
        Keep {
            key: key.into(),
            encode: Arc::new(|value| serde_json::to_vec(value).ok()),
            decode: Arc::new(|json| serde_json::from_slice(json).ok()),
        }
    }
}

/// How a request's answer is worked out on the runtime: with the engine and the connection's
/// client. Built only inside the engine (`engine::asks`), so no pane composes a service call.
pub type Work<T> = Arc<
    dyn Fn(
            crate::Backend,
            crate::api::Client,
        ) -> futures_util::future::BoxFuture<'static, Result<T, ApiError>>
        + Send
        + Sync,
>;

/// What a pane asks of the engine, in the pane's words (the constructors are in
/// `engine::asks`): a read, kept in the store under its key or not, a write, or a write that
/// waits in the outbox when it cannot be sent. A slot (`ui::remote::Slot::ask`) runs it.
pub struct Request<T> {
    pub ask: Ask<T>,
    pub work: Work<T>,
}

impl<T: Send + 'static> Request<T> {
    fn with<F, Fut>(ask: Ask<T>, work: F) -> Self
    where
        F: Fn(crate::Backend, crate::api::Client) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        Request {
            ask,
            work: Arc::new(move |backend, client| Box::pin(work(backend, client))),
        }
    }

    /// A read not kept in the store (asked again by itself after a passing failure).
    pub(crate) fn read<F, Fut>(work: F) -> Self
    where
        F: Fn(crate::Backend, crate::api::Client) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        Self::with(Ask::Read(None), work)
    }

    /// A write sent once; its failure is the answer.
    pub(crate) fn write<F, Fut>(work: F) -> Self
    where
        F: Fn(crate::Backend, crate::api::Client) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        Self::with(Ask::Write, work)
    }

    /// A write that still runs while the user works offline (and then only queues).
    pub(crate) fn write_or_queue<F, Fut>(work: F) -> Self
    where
        F: Fn(crate::Backend, crate::api::Client) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        Self::with(Ask::WriteOrQueue, work)
    }

    /// A write of the caller's own (tests of the engine's request machinery).
    #[cfg(feature = "test-hooks")]
    pub fn test_write<F, Fut>(work: F) -> Self
    where
        F: Fn(crate::Backend, crate::api::Client) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        Self::write(work)
    }
}

impl<T: Serialize + DeserializeOwned + Send + 'static> Request<T> {
    /// A read kept in the store under `key`: its last answer shows at once next time, and
    /// while the service cannot be reached.
    pub(crate) fn kept<F, Fut>(key: impl Into<String>, work: F) -> Self
    where
        F: Fn(crate::Backend, crate::api::Client) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        Self::with(Ask::Read(Some(Keep::new(key))), work)
    }
}

impl crate::Backend {
    /// Runs `work` with the current client on the runtime and sends its answer, tagged with
    /// `generation`, to `reply`; then wakes the UI. A read kept in the store first
    /// sends the answer kept there (if any), and keeps the service's answer.
    pub fn spawn<T, F, Fut>(
        &self,
        generation: u64,
        reply: tokio::sync::mpsc::Sender<(u64, Delivery<T>)>,
        ask: Ask<T>,
        work: F,
    ) where
        T: Send + 'static,
        F: FnOnce(Client) -> Fut + Send + 'static,
        Fut: Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        let me = self.clone();
        let mut client_rx = self.client_changes();
        self.inner.reads.in_flight.fetch_add(1, Ordering::SeqCst);
        self.events().wake();
        let epoch = self.connection().epoch();
        let (keep, queueable) = match ask {
            Ask::Read(keep) => (keep, false),
            Ask::Write => (None, false),
            Ask::WriteOrQueue => (None, true),
        };
        self.inner.runtime.spawn(async move {
            if let Some(keep) = &keep
                && let Some((value, as_of)) = me.kept_answer(keep).await
            {
                let _ = reply
                    .send((generation, Delivery::Kept { value, as_of }))
                    .await;
                me.events().wake();
            }
            let state = client_rx
                .wait_for(|s| !matches!(s, ClientState::Waiting))
                .await
                .map(|s| s.clone())
                .unwrap_or(ClientState::Failed(LinkFailure::ShuttingDown));
            let (result, from_store) = FROM_STORE
                .scope(std::cell::Cell::new(false), async {
                    let result = match state {
                        _ if me.connection().working_offline() && !queueable => {
                            Err(crate::connection::reach::chosen_offline())
                        }
                        // A panic in the work (a bug) still answers the pane, which would otherwise
                        // wait for ever.
                        ClientState::Ready(client) => AssertUnwindSafe(work(client))
                            .catch_unwind()
                            .await
                            .unwrap_or_else(|panic| {
                                tracing::error!(
                                    panic = panic_text(&panic),
                                    "a request failed with a panic"
                                );
                                Err(ApiError::Internal)
                            }),
                        ClientState::Failed(why) => Err(why.as_api_error()),
                        ClientState::Waiting => Err(ApiError::Internal),
                    };
                    (result, FROM_STORE.with(std::cell::Cell::get))
                })
                .await;
            // Not connected: the connection's own failure stays the last one said.
            if let Err(error) = &result
                && *error != ApiError::NotConnected
            {
                me.set_last_error(error.clone());
            }
            // A write that may have been queued says nothing about the service by its Ok:
            // `send_or_queue` notes what the service itself answered.
            // Nor does an answer the store gave without asking the service.
            if !((queueable || from_store) && result.is_ok()) {
                me.connection().note_reach(&result);
            }
            // An answer from the connection before the current one is not this copy's; one
            // worked out from the store is not kept in it again (the rows are there: keeping
            // a screen's whole list beside them wrote tens of MB, and held it while the store
            // was busy, each time a screen read again).
            if let (Ok(value), Some(keep), true, false) =
                (&result, &keep, me.connection().epoch() == epoch, from_store)
            {
                me.keep_answer(keep, value);
            }
            me.inner.reads.in_flight.fetch_sub(1, Ordering::SeqCst);
            // Worked out from the store while the service is out of reach: the screen says it
            // shows the store, and asks again when the service answers.
            let offline = me.connection().working_offline()
                || matches!(
                    me.connection().reach(),
                    crate::connection::reach::Reach::Offline { .. }
                );
            let delivery = match result {
                Ok(value) if from_store => {
                    let as_of = me
                        .store()
                        .and_then(|r| r.as_of())
                        .unwrap_or_else(chrono::Utc::now);
                    if offline {
                        Delivery::FromCopy { as_of, value }
                    } else {
                        Delivery::Stored { as_of, value }
                    }
                }
                result => Delivery::Answer(result),
            };
            let _ = reply.send((generation, delivery)).await;
            me.events().wake();
            me.give_back_soon();
        });
    }

    /// Runs a side task (file export, connection test, a sync's follow-up) on the runtime,
    /// counted as work under way until it ends (see [`Backend::at_rest`]).
    pub fn run<Fut>(&self, task: Fut)
    where
        Fut: Future<Output = ()> + Send + 'static,
    {
        let under_way = UnderWay::start(self);
        self.inner.runtime.spawn(async move {
            task.await;
            drop(under_way);
        });
    }

    /// Runs a task that waits most of its life (the sync's timer, the probe, a give-back
    /// after a pause): not counted as work under way.
    pub(crate) fn run_waiting<Fut>(&self, task: Fut)
    where
        Fut: Future<Output = ()> + Send + 'static,
    {
        self.inner.runtime.spawn(task);
    }

    /// Nothing under way: no request, no side task, no sync, no change waiting to be taken.
    /// What tests wait on before they look or click, instead of the clock.
    pub fn at_rest(&self) -> bool {
        self.inner.reads.in_flight.load(Ordering::SeqCst) == 0
            && self.inner.reads.under_way.load(Ordering::SeqCst) == 0
            && !self.sync_under_way()
            && !self.events_waiting()
    }
}

/// Counts a task as under way while it lives (dropped at its end, or when the runtime drops
/// it unfinished).
struct UnderWay(crate::Backend);

impl UnderWay {
    fn start(backend: &crate::Backend) -> UnderWay {
        backend.inner.reads.under_way.fetch_add(1, Ordering::SeqCst);
        UnderWay(backend.clone())
    }
}

impl Drop for UnderWay {
    fn drop(&mut self) {
        self.0.inner.reads.under_way.fetch_sub(1, Ordering::SeqCst);
        self.0.events().wake();
    }
}

tokio::task_local! {
    /// Set by a read the store answered without asking the service.
    static FROM_STORE: std::cell::Cell<bool>;
}

/// Marks the read running in this task as answered by the store (so it says nothing about
/// whether the service can be reached).
pub(crate) fn answered_from_store() {
    let _ = FROM_STORE.try_with(|flag| flag.set(true));
}

/// What a caught panic said, for the log: scrubbed of what may be a person's (the log's tail
/// goes into crash reports).
pub(crate) fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    let said = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown".into());
    leasedesk_base::log_text::scrubbed(&said)
}
