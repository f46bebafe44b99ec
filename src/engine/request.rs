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
