//! What a screen asks the engine for, and how the answer comes back: a read (kept in the offline
//! copy or not), a write, or a write that waits in the outbox.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::api::ApiError;

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
    /// offline copy.
    Stored {
        value: T,
        as_of: DateTime<Utc>,
    },
}

/// What a request is, for the backend: a read (kept in the offline copy or not), a write, or
/// a write that waits in the outbox when it cannot be sent. Working offline, only the last
/// runs; the others fail at once, as when the service cannot be reached.
pub enum Ask<T> {
    Read(Option<Keep<T>>),
    Write,
    WriteOrQueue,
}

type Encode<T> = Arc<dyn Fn(&T) -> Option<Vec<u8>> + Send + Sync>;
type Decode<T> = Arc<dyn Fn(&[u8]) -> Option<T> + Send + Sync>;

/// How a read's answer is kept in the offline copy: under `key`, as JSON.
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
            super::Backend,
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
        F: Fn(super::Backend, crate::api::Client) -> Fut + Send + Sync + 'static,
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
        F: Fn(super::Backend, crate::api::Client) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        Self::with(Ask::Read(None), work)
    }

    /// A write sent once; its failure is the answer.
    pub(crate) fn write<F, Fut>(work: F) -> Self
    where
        F: Fn(super::Backend, crate::api::Client) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        Self::with(Ask::Write, work)
    }

    /// A write that still runs while the user works offline (and then only queues).
    pub(crate) fn write_or_queue<F, Fut>(work: F) -> Self
    where
        F: Fn(super::Backend, crate::api::Client) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        Self::with(Ask::WriteOrQueue, work)
    }

    /// A write of the caller's own (tests of the engine's request machinery).
    #[cfg(feature = "test-hooks")]
    pub fn test_write<F, Fut>(work: F) -> Self
    where
        F: Fn(super::Backend, crate::api::Client) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        Self::write(work)
    }

    /// Where its answer is kept in the store, for a kept read.
    pub fn key(&self) -> Option<&str> {
        match &self.ask {
            Ask::Read(Some(keep)) => Some(&keep.key),
            _ => None,
        }
    }
}

impl<T: Serialize + DeserializeOwned + Send + 'static> Request<T> {
    /// A read kept in the store under `key`: its last answer shows at once next time, and
    /// while the service cannot be reached.
    pub(crate) fn kept<F, Fut>(key: impl Into<String>, work: F) -> Self
    where
        F: Fn(super::Backend, crate::api::Client) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
    {
        Self::with(Ask::Read(Some(Keep::new(key))), work)
    }
}
