//! A string that must never be printed: subscription keys, passwords, tokens.

use std::fmt;

/// Holds a secret value. `Debug` and `Display` print a fixed mask so a secret cannot reach a
/// log line or a panic message by accident; read it with [`Secret::expose`] only where it is sent.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl From<&str> for Secret {
    fn from(value: &str) -> Self {
        Self::new(value)
    }
}

impl From<String> for Secret {
    fn from(value: String) -> Self {
        Self(value)
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

impl Drop for Secret {
    /// The value is wiped from memory when the secret goes, so it does not linger in freed
    /// memory. (A string that grew while typed may have left earlier copies behind; the OS
    /// keyring, not this, is the protection at rest.)
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.0);
    }
}

impl Secret {
    /// Writes the raw value: only for the request bodies that must carry it (the token
    /// request's password, the sandbox's token answer). `Secret` has no `Serialize` of its
    /// own, so no other serialization can leak it.
    pub fn serialize_exposed<S: serde::Serializer>(
        secret: &Secret,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.serialize_str(&secret.0)
    }

    /// The value to edit in place (the Settings form's fields).
    /// The text itself, for a text field that edits it in place (and so never copies it).
    pub fn text_mut(&mut self) -> &mut String {
        &mut self.0
    }
}

impl<'de> serde::Deserialize<'de> for Secret {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(Secret)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_and_display_hide_the_value() {
        let s = Secret::new("hunter2-key");
        assert!(!format!("{s:?}").contains("hunter2"));
        assert!(!format!("{s}").contains("hunter2"));
        assert_eq!(s.expose(), "hunter2-key");
    }
}
