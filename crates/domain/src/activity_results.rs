//! Which results an activity's outcome is offered. The service keeps one list of results for
//! everything (Type 38), admission paperwork's ("Received", "Pending", "Not needed", "Deposit
//! received") beside a call's ("Left message", "No answer"): offered to a call, they invite a
//! wrong record. See docs/decisions.md ("Results offered for an activity").

use crate::api::model::TypeRecord;

/// Words that mark a result as admission paperwork's (a requirement's state), folded.
const PAPERWORK: [&str; 4] = ["received", "pending", "not needed", "deposit"];

/// Whether `name` is a result of admission paperwork rather than of a contact.
pub fn is_paperwork(name: &str) -> bool {
    let name = name.to_lowercase();
    PAPERWORK.iter().any(|word| name.contains(word))
}

/// The results an activity's outcome is offered: every result but the paperwork's, keeping the
/// one already chosen (a record read back, or a portal's own choice) and every result when the
/// portal's list has nothing else.
pub fn for_activity(results: &[TypeRecord], chosen: Option<i64>) -> Vec<TypeRecord> {
    let fitting: Vec<TypeRecord> = results
        .iter()
        .filter(|r| !is_paperwork(&r.name) || Some(r.id) == chosen)
        .cloned()
        .collect();
    if fitting.iter().all(|r| Some(r.id) == chosen) {
        results.to_vec()
    } else {
        fitting
    }
}

/// A result of the portal's list, for tests of the rules that read results.
#[cfg(test)]
pub(crate) fn result(id: i64, name: &str) -> TypeRecord {
    TypeRecord {
        id,
        name: name.into(),
        date_created: chrono::DateTime::parse_from_rfc3339("2026-01-05T09:00:00-05:00").unwrap(),
        last_modified_by: 1,
        user_id: 1,
        master_name: "ActivityResult".into(),
        master_id: 38,
        sort_order: id,
        user_full_name: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_calls_outcome_is_not_offered_the_paperworks_results() {
        let all = [
            result(1, "Spoke with prospect"),
            result(2, "Left message"),
            result(3, "Pending"),
            result(4, "Deposit received"),
            result(5, "Not needed"),
            result(6, "Received"),
            result(7, "Not interested"),
        ];
        let names = |rs: Vec<TypeRecord>| rs.into_iter().map(|r| r.id).collect::<Vec<_>>();
        assert_eq!(names(for_activity(&all, None)), vec![1, 2, 7]);
        assert_eq!(
            names(for_activity(&all, Some(3))),
            vec![1, 2, 3, 7],
            "the one chosen stays"
        );
        let only_paperwork = [result(3, "Pending"), result(6, "Received")];
        assert_eq!(names(for_activity(&only_paperwork, None)), vec![3, 6]);
    }
}
