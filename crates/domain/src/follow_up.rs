//! Following up an activity: the service cannot change an activity once made, so "what happened"
//! is a new, completed activity and "what next" another, scheduled one; the app remembers
//! locally which item they follow up. After a create whose answer was lost, the individual's
//! activities are read and the one sent is looked for, so nothing is created twice.

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use crate::api::model::{Activity, NewActivity};

/// An activity followed up here: the outcome logged and the next step scheduled for it.
#[derive(Debug, Clone, PartialEq)]
pub struct FollowUp {
    pub activity_id: i64,
    pub outcome_id: Option<i64>,
    pub next_id: Option<i64>,
    pub at: DateTime<Utc>,
}

/// Followed-up items by the id of the activity they follow up.
pub type FollowUps = HashMap<i64, FollowUp>;

/// How a write kept in the outbox marks its activity: a note with this and a random number.
/// The service has no idempotency key, so the note is how a send whose answer was lost is
/// recognised exactly when read back (docs/decisions.md, "Looking before sending again").
pub const REFERENCE_PREFIX: &str = "LeaseDesk reference ";

/// The reference note `sent` carries, if any.
pub fn reference_of(sent: &NewActivity) -> Option<&str> {
    sent.notes
        .iter()
        .flatten()
        .map(|n| n.message.as_str())
        .find(|m| m.starts_with(REFERENCE_PREFIX))
}

/// Gives `body` the reference note `LeaseDesk reference {id}` unless it has one.
pub fn with_reference(body: &mut NewActivity, id: &str) {
    if reference_of(body).is_none() {
        body.notes
            .get_or_insert_with(Vec::new)
            .push(crate::api::model::Note {
                message: format!("{REFERENCE_PREFIX}{id}"),
            });
    }
}

/// The activity `sent` created, among the individual's activities read after a lost answer:
/// the one carrying its reference note when it has one; otherwise (sent before it had one)
/// same type, same start, same description. `type_name` is the name of `sent`'s type.
pub fn find_created(read: &[Activity], sent: &NewActivity, type_name: &str) -> Option<i64> {
    if let Some(reference) = reference_of(sent)
        && let Some(found) = read
            .iter()
            .find(|a| a.notes.iter().flatten().any(|n| n.message == reference))
    {
        return Some(found.id);
    }
    let description = sent.description.as_deref().unwrap_or(type_name);
    read.iter()
        .filter(|a| Some(a.individual_id) == sent.individual_id || sent.individual_id.is_none())
        .find(|a| {
            a.activity_type.as_deref() == Some(type_name)
                && a.due_date == sent.start
                && a.activity_name == description
        })
        .map(|a| a.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read() -> Vec<Activity> {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/activities.json"
        ))
        .unwrap();
        serde_json::from_str(&text).unwrap()
    }

    #[test]
    fn a_lost_create_is_found_by_type_start_and_description() {
        let list = read();
        let a = &list[0];
        let mut sent = NewActivity::new(7, a.due_date);
        sent.individual_id = Some(a.individual_id);
        sent.description = Some(a.activity_name.clone());
        let kind = a.activity_type.clone().unwrap();
        assert_eq!(find_created(&list, &sent, &kind), Some(a.id));
        sent.start = a.due_date + chrono::Duration::minutes(1);
        assert_eq!(find_created(&list, &sent, &kind), None, "another start");
        sent.start = a.due_date;
        assert_eq!(find_created(&list, &sent, "Email In"), None, "another type");
    }
}
