//! The desk's access log as the engine keeps it: opened once the data folder and the keyring
//! are known, written to as the window reports what was seen, stopped when the engine goes.

use std::path::Path;
use std::sync::Mutex;

use chrono::Utc;

use super::{AccessLog, Entry, LogKey, What};
use crate::secrets::{SecretKind, SecretStore, Stored};
use crate::store::sealed::SealKey;

/// The keyring account the log's key is kept under.
const ACCOUNT: &str = "access-log";
/// A key given in the environment instead (a headless desk, or a check on another computer).
pub const KEY_VARIABLE: &str = "LEASEDESK_AUDIT_KEY";

/// The desk's key: the environment's when set, else the keyring's (made on first use). The
/// flag says whether it outlives this run (a key kept for the session only cannot verify the
/// log tomorrow).
pub fn desk_key(secrets: &SecretStore, create: bool) -> Result<(SealKey, bool), KeyProblem> {
    if let Ok(hex) = std::env::var(KEY_VARIABLE) {
        return SealKey::from_hex(&hex)
            .map(|k| (k, true))
            .ok_or(KeyProblem::BadVariable);
    }
    match secrets
        .read(ACCOUNT, SecretKind::AccessLogKey)
        .map_err(|e| KeyProblem::Detail(e.to_string()))?
    {
        Some(hex) => SealKey::from_hex(hex.expose())
            .map(|k| (k, true))
            .ok_or(KeyProblem::Damaged),
        None if create => {
            let key = SealKey::generate().map_err(|e| KeyProblem::Detail(e.to_string()))?;
            let kept = secrets.set(
                ACCOUNT,
                SecretKind::AccessLogKey,
                &crate::api::Secret::new(key.to_hex().as_str()),
            );
            Ok((key, kept == Stored::Keyring))
        }
        None => Err(KeyProblem::Missing),
    }
}

/// Why the desk's key could not be had: the command line words each.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyProblem {
    #[error("{var} must be 64 hexadecimal digits", var = KEY_VARIABLE)]
    BadVariable,
    #[error("the access log's key in the keyring is damaged")]
    Damaged,
    #[error(
        "no access log key on this computer (the keyring has none and {var} is not set)",
        var = KEY_VARIABLE
    )]
    Missing,
    /// The keyring's or the system's detail, as it came.
    #[error("{0}")]
    Detail(String),
}

/// The log and who is at the desk.
#[derive(Default)]
pub(crate) struct DeskLog {
    log: Mutex<Option<AccessLog>>,
    user: Mutex<String>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl DeskLog {
    pub fn start(&self, data_dir: &Path, secrets: &SecretStore) {
        let (key, lasting) = match desk_key(secrets, true) {
            Ok(found) => found,
            Err(e) => {
                tracing::warn!(error = %e, "the access log could not be started");
                return;
            }
        };
        if !lasting {
            tracing::warn!(
                "the access log's key is kept for this session only (no keyring): its entries cannot be verified after this run"
            );
        }
        let user = self.user();
        match AccessLog::open(
            &data_dir.join("audit"),
            LogKey::from_seal(&key),
            &user,
            Utc::now(),
        ) {
            Ok(log) => *lock(&self.log) = Some(log),
            Err(e) => tracing::warn!(error = %e, "the access log could not be opened"),
        }
    }

    pub fn set_user(&self, user: &str) {
        *lock(&self.user) = user.chars().take(80).collect();
    }

    fn user(&self) -> String {
        let user = lock(&self.user).clone();
        if user.is_empty() {
            "(not signed in)".to_owned()
        } else {
            user
        }
    }

    /// Appends an entry now; a failure is logged (once per kind of failure), never shown as
    /// the work's own failure.
    pub fn record(&self, what: What, case: Option<&str>, detail: &str) {
        let entry = Entry::new(Utc::now(), &self.user(), what, case, detail);
        if let Some(log) = lock(&self.log).as_mut()
            && let Err(e) = log.append(&entry)
        {
            tracing::warn!(error = %e, "an access log entry could not be written");
        }
    }

    /// Entries this run has written (none while the log is not open).
    pub fn count(&self) -> Option<u64> {
        lock(&self.log).as_ref().map(AccessLog::count)
    }
}

impl Drop for DeskLog {
    fn drop(&mut self) {
        let user = self.user();
        if let Some(log) = lock(&self.log).take()
            && let Err(e) = log.close(&user, Utc::now())
        {
            tracing::warn!(error = %e, "the access log's stop entry could not be written");
        }
    }
}
