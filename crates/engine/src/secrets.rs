//! Subscription keys and passwords: in the OS keyring when there is one, otherwise in memory for
//! this run only (a headless Linux box has no secret service), and the UI says which.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::api::Secret;

const SERVICE: &str = "LeaseDesk";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SecretKind {
    SubscriptionKey,
    Password,
    /// The key a store is sealed with (the "profile" is the store's name).
    OfflineCopyKey,
    /// How many times the store's outbox was written, kept with its key (a file put back from
    /// before is refused).
    OfflineCopyCounter,
    /// The key the desk's access log is sealed and chained with.
    AccessLogKey,
}

impl SecretKind {
    fn suffix(self) -> &'static str {
        match self {
            SecretKind::SubscriptionKey => "subscription-key",
            SecretKind::Password => "password",
            SecretKind::OfflineCopyKey => "offline-copy-key",
            SecretKind::OfflineCopyCounter => "offline-copy-counter",
            SecretKind::AccessLogKey => "access-log-key",
        }
    }
}

/// Why secrets are kept for this session only; the window says it, with what to do. The
/// keyring's own words (a D-Bus error, a store name) go to the log only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoKeyring {
    /// This computer has no keyring service.
    NoService,
    /// The keyring is locked or refused access.
    Locked,
    /// The keyring did not answer.
    NoAnswer,
    /// The keyring answered in a way LeaseDesk cannot use.
    Unusable,
    /// The keyring refused to store one secret (it holds the others).
    Refused,
    /// Chosen so (tests, a run that keeps nothing).
    NotWanted,
}

fn why_no_keyring(error: &keyring_core::Error) -> NoKeyring {
    match error {
        keyring_core::Error::NoDefaultStore => NoKeyring::NoService,
        keyring_core::Error::NoStorageAccess(_) => NoKeyring::Locked,
        keyring_core::Error::PlatformFailure(_) => NoKeyring::NoAnswer,
        _ => NoKeyring::Unusable,
    }
}

pub struct SecretStore {
    /// `None` when the keyring cannot be used: then `session` holds everything.
    keyring_ok: bool,
    why_not: Option<NoKeyring>,
    session: Mutex<HashMap<String, Secret>>,
}

impl SecretStore {
    /// Uses whatever default store keyring-core has (the platform's, set up by `keyring`, or a
    /// mock in tests) if it answers; otherwise keeps secrets for this session only.
    pub fn detect() -> SecretStore {
        let probe =
            keyring_core::Entry::new(SERVICE, "probe").and_then(|e| match e.get_password() {
                Ok(_) | Err(keyring_core::Error::NoEntry) => Ok(()),
                Err(other) => Err(other),
            });
        match probe {
            Ok(()) => SecretStore {
                keyring_ok: true,
                why_not: None,
                session: Mutex::default(),
            },
            Err(e) => {
                // The keyring's own words (a D-Bus error, a store name) go to the log; Settings
                // says what it means and what to do.
                tracing::warn!(error = %e, "the system keyring cannot be used");
                Self::session_only(why_no_keyring(&e))
            }
        }
    }

    pub fn session_only(why: NoKeyring) -> SecretStore {
        SecretStore {
            keyring_ok: false,
            why_not: Some(why),
            session: Mutex::default(),
        }
    }

    /// Whether secrets outlive this run.
    pub fn is_persistent(&self) -> bool {
        self.keyring_ok
    }

    /// Why the keyring is not used, for the Settings pane.
    pub fn why_session_only(&self) -> Option<NoKeyring> {
        self.why_not
    }

    fn account(profile: &str, kind: SecretKind) -> String {
        format!("{profile}/{}", kind.suffix())
    }

    /// The secret, from the keyring when it has it, else from this session.
    pub fn get(&self, profile: &str, kind: SecretKind) -> Option<Secret> {
        let account = Self::account(profile, kind);
        if self.keyring_ok
            && let Ok(value) =
                keyring_core::Entry::new(SERVICE, &account).and_then(|e| e.get_password())
        {
            return Some(Secret::new(value));
        }
        self.session.lock().ok()?.get(&account).cloned()
    }

    /// The secret, telling "there is none" (`Ok(None)`) apart from "the keyring could not be
    /// read" (`Err`, with why): a key must never be made anew because a locked or failing
    /// keyring did not answer.
    pub fn read(&self, profile: &str, kind: SecretKind) -> Result<Option<Secret>, String> {
        let account = Self::account(profile, kind);
        if self.keyring_ok {
            return match keyring_core::Entry::new(SERVICE, &account).and_then(|e| e.get_password())
            {
                Ok(value) => Ok(Some(Secret::new(value))),
                Err(keyring_core::Error::NoEntry) => Ok(self.session_get(&account)),
                Err(e) => Err(e.to_string()),
            };
        }
        Ok(self.session_get(&account))
    }

    fn session_get(&self, account: &str) -> Option<Secret> {
        self.session.lock().ok()?.get(account).cloned()
    }

    /// Stores a secret; an empty one deletes it. When the keyring refuses, the secret is kept
    /// for this session instead, and the answer says why, so nothing typed is lost.
    pub fn set(&self, profile: &str, kind: SecretKind, value: &Secret) -> Stored {
        let account = Self::account(profile, kind);
        if self.keyring_ok {
            let result = keyring_core::Entry::new(SERVICE, &account).and_then(|entry| {
                if value.is_empty() {
                    match entry.delete_credential() {
                        Ok(()) | Err(keyring_core::Error::NoEntry) => Ok(()),
                        Err(e) => Err(e),
                    }
                } else {
                    entry.set_password(value.expose())
                }
            });
            match result {
                Ok(()) => {
                    self.session_put(&account, value);
                    return Stored::Keyring;
                }
                Err(e) => {
                    tracing::warn!(error = %e, "the keyring refused a secret; kept for this session");
                    self.session_put(&account, value);
                    return Stored::SessionOnly(NoKeyring::Refused);
                }
            }
        }
        self.session_put(&account, value);
        Stored::SessionOnly(self.why_not.unwrap_or(NoKeyring::Unusable))
    }

    fn session_put(&self, account: &str, value: &Secret) {
        if let Ok(mut session) = self.session.lock() {
            if value.is_empty() {
                session.remove(account);
            } else {
                session.insert(account.to_owned(), value.clone());
            }
        }
    }
}

/// Where a secret went.
#[derive(Debug, Clone, PartialEq)]
pub enum Stored {
    Keyring,
    /// Kept in memory for this run only, and why.
    SessionOnly(NoKeyring),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_store_keeps_secrets_in_memory() {
        let store = SecretStore::session_only(NoKeyring::NotWanted);
        assert!(!store.is_persistent());
        assert!(matches!(
            store.set("Live", SecretKind::SubscriptionKey, &Secret::new("k-123")),
            Stored::SessionOnly(_)
        ));
        assert_eq!(
            store
                .get("Live", SecretKind::SubscriptionKey)
                .unwrap()
                .expose(),
            "k-123"
        );
        assert!(store.get("Live", SecretKind::Password).is_none());
        store.set("Live", SecretKind::SubscriptionKey, &Secret::default());
        assert!(store.get("Live", SecretKind::SubscriptionKey).is_none());
    }

    #[test]
    fn why_the_keyring_is_not_used_is_said_in_words_not_the_platforms() {
        let locked = keyring_core::Error::NoStorageAccess(Box::new(std::io::Error::other(
            "org.freedesktop.DBus.Error.ServiceUnknown: The name is not activatable",
        )));
        assert_eq!(why_no_keyring(&locked), NoKeyring::Locked);
        assert_eq!(
            why_no_keyring(&keyring_core::Error::NoDefaultStore),
            NoKeyring::NoService
        );
        let failed = keyring_core::Error::PlatformFailure(Box::new(std::io::Error::other(
            "secret service: timeout",
        )));
        assert_eq!(why_no_keyring(&failed), NoKeyring::NoAnswer);
    }

    #[test]
    fn keyring_store_uses_the_default_credential_store() {
        keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());
        let store = SecretStore::detect();
        assert!(store.is_persistent());
        assert_eq!(
            store.set("Live", SecretKind::Password, &Secret::new("pw-9")),
            Stored::Keyring
        );
        let raw = keyring_core::Entry::new(SERVICE, "Live/password")
            .unwrap()
            .get_password()
            .unwrap();
        assert_eq!(raw, "pw-9", "the secret is in the keyring");
        assert_eq!(
            store.get("Live", SecretKind::Password).unwrap().expose(),
            "pw-9"
        );
    }
}
