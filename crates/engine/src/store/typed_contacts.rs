//! Addresses and numbers typed in a message on this desk, kept per case because the service
//! cannot add them to a person: one sealed row per case (docs/decisions.md, "Sent only after
//! a hand-off").

use rusqlite::{OptionalExtension, params};

use super::{CASE_NUMBER, Store, StoreError};
use crate::domain::outreach::TypedContact;

/// What one case's row may weigh.
const MAX_TYPED_BYTES: usize = 16 * 1024;

fn typed_place(case_key: i64) -> String {
    format!("typed_contacts/{case_key}")
}

impl Store {
    /// Keeps what was typed for someone of `case_number`. Blocking.
    pub fn keep_typed_contact(
        &self,
        case_number: &str,
        typed: TypedContact,
    ) -> Result<(), StoreError> {
        let key = self.keys.lookup(CASE_NUMBER, case_number);
        let kept = TypedContact::merged(self.typed_contacts(case_number), typed);
        let json = serde_json::to_vec(&kept).unwrap_or_default();
        let body = self.keys.seal(&typed_place(key), &json)?;
        self.lock().execute(
            "INSERT OR REPLACE INTO typed_contacts (case_key, body) VALUES (?1, ?2)",
            params![key, body],
        )?;
        Ok(())
    }

    /// What was typed for the people of `case_number` on this desk, the latest first. Blocking.
    pub fn typed_contacts(&self, case_number: &str) -> Vec<TypedContact> {
        let key = self.keys.lookup(CASE_NUMBER, case_number);
        let body: Option<Vec<u8>> = self
            .lock()
            .query_row(
                "SELECT body FROM typed_contacts WHERE case_key = ?1",
                [key],
                |r| r.get(0),
            )
            .optional()
            .ok()
            .flatten();
        body.and_then(|b| self.keys.open(&typed_place(key), &b, MAX_TYPED_BYTES))
            .and_then(|json| serde_json::from_slice(&json).ok())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_contacts_are_kept_sealed_per_case_and_person() {
        let store = Store::in_memory().unwrap();
        let at = chrono::Utc::now();
        let typed = |id, email: &str, phone: &str| TypedContact {
            individual_id: id,
            email: email.into(),
            phone: phone.into(),
            at,
        };
        store
            .keep_typed_contact("1778", typed(5, "ann@example.org", ""))
            .unwrap();
        store
            .keep_typed_contact("1778", typed(5, "", "614-555-0100"))
            .unwrap();
        store
            .keep_typed_contact("1778", typed(6, "bo@example.org", ""))
            .unwrap();
        let kept = store.typed_contacts("1778");
        assert_eq!(kept.len(), 2);
        assert_eq!(kept[1], typed(5, "ann@example.org", "614-555-0100"));
        assert!(store.typed_contacts("1779").is_empty());
        let raw: Vec<u8> = store
            .lock()
            .query_row("SELECT body FROM typed_contacts", [], |r| r.get(0))
            .unwrap();
        assert!(!raw.windows(3).any(|w| w == b"ann"), "sealed");
    }
}
