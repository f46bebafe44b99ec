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
}

impl SecretKind {
    fn suffix(self) -> &'static str {
        match self {
            SecretKind::SubscriptionKey => "subscription-key",
            SecretKind::Password => "password",
        }
    }
}

pub struct SecretStore {
    /// `None` when the keyring cannot be used: then `session` holds everything.
    keyring_ok: bool,
    why_not: Option<String>,
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
            Err(e) => Self::session_only(e.to_string()),
        }
    }

    pub fn session_only(why: impl Into<String>) -> SecretStore {
        SecretStore {
            keyring_ok: false,
            why_not: Some(why.into()),
            session: Mutex::default(),
        }
    }

    /// Whether secrets outlive this run.
    pub fn is_persistent(&self) -> bool {
        self.keyring_ok
    }

    /// Why the keyring is not used, for the Settings pane.
    pub fn why_session_only(&self) -> Option<&str> {
        self.why_not.as_deref()
    }

    fn account(profile: &str, kind: SecretKind) -> String {
        format!("{profile}/{}", kind.suffix())
    }

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

    /// Stores a secret; an empty one deletes it. Falls back to the session when the keyring
    /// refuses, and says so in the returned note.
    pub fn set(&self, profile: &str, kind: SecretKind, value: &Secret) -> Result<(), String> {
        let account = Self::account(profile, kind);
        if self.keyring_ok {
            let entry = keyring_core::Entry::new(SERVICE, &account).map_err(|e| e.to_string())?;
            let result = if value.is_empty() {
                match entry.delete_credential() {
                    Ok(()) | Err(keyring_core::Error::NoEntry) => Ok(()),
                    Err(e) => Err(e),
                }
            } else {
                entry.set_password(value.expose())
            };
            return result.map_err(|e| format!("The keyring refused to store the secret: {e}"));
        }
        if let Ok(mut session) = self.session.lock() {
            if value.is_empty() {
                session.remove(&account);
            } else {
                session.insert(account, value.clone());
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_store_keeps_secrets_in_memory() {
        let store = SecretStore::session_only("no secret service");
        assert!(!store.is_persistent());
        store
            .set("Live", SecretKind::SubscriptionKey, &Secret::new("k-123"))
            .unwrap();
        assert_eq!(
            store
                .get("Live", SecretKind::SubscriptionKey)
                .unwrap()
                .expose(),
            "k-123"
        );
        assert!(store.get("Live", SecretKind::Password).is_none());
        store
            .set("Live", SecretKind::SubscriptionKey, &Secret::default())
            .unwrap();
        assert!(store.get("Live", SecretKind::SubscriptionKey).is_none());
    }

    #[test]
    fn keyring_store_uses_the_default_credential_store() {
        keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());
        let store = SecretStore::detect();
        assert!(store.is_persistent());
        store
            .set("Live", SecretKind::Password, &Secret::new("pw-9"))
            .unwrap();
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
