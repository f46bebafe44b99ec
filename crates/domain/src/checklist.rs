//! An admission requirement's state and a checklist's progress, one rule for the checklist's
//! lines and bar, the admissions queue, the "at risk" mark, the weekly report and the census.
//! A requirement is met only when the service says so with a result that means done: a result
//! that means "not yet" ("Pending", "Ordered", "Awaiting results"…) leaves it open, in progress,
//! whatever `IsMet` says (a desk may have saved it so before this rule; docs/decisions.md,
//! "A checklist counts only what is met").

use std::collections::HashMap;

use crate::api::model::{Activity, AdmissionRequirement};

/// The characters of a note a checklist line shows at most.
pub const MAX_NOTE_CHARS: usize = 200;

/// Words in a result's name that say the paperwork is not in yet, folded to lower case.
const NOT_YET: [&str; 12] = [
    "pending",
    "ordered",
    "awaiting",
    "waiting",
    "requested",
    "scheduled",
    "in progress",
    "not yet",
    "to follow",
    "incomplete",
    "sent for",
    "due",
];

/// Whether a result named `name` means the requirement is not met yet.
pub fn means_not_yet(name: &str) -> bool {
    let name = name.to_lowercase();
    NOT_YET.iter().any(|word| {
        name.match_indices(word).any(|(at, _)| {
            // Whole words only: "overdue" is not "due", "unscheduled" not "scheduled".
            let before = name[..at].chars().next_back();
            let after = name[at + word.len()..].chars().next();
            before.is_none_or(|c| !c.is_alphanumeric())
                && after.is_none_or(|c| !c.is_alphanumeric())
        })
    })
}

/// Where one requirement stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequirementState {
    /// Met, with a result that means done (or none given).
    Met,
    /// Something was recorded that means not yet ("Pending"): open, and under way.
    InProgress,
    /// Nothing met yet.
    Open,
}

impl RequirementState {
    pub fn of(r: &AdmissionRequirement) -> RequirementState {
        let not_yet = means_not_yet(&r.activity_result_name);
        match (r.is_met, not_yet) {
            (true, false) => RequirementState::Met,
            (_, true) => RequirementState::InProgress,
            (false, false) => RequirementState::Open,
        }
    }

    /// The words a checklist line starts with.
    pub fn name(self) -> &'static str {
        match self {
            RequirementState::Met => "Met",
            RequirementState::InProgress => "In progress",
            RequirementState::Open => "Not met",
        }
    }

    pub fn is_met(self) -> bool {
        self == RequirementState::Met
    }
}

/// "7 of 10 met": dismissed requirements do not count, and only [`RequirementState::Met`] is met.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub met: usize,
    pub total: usize,
}

impl Progress {
    pub fn of(requirements: &[AdmissionRequirement]) -> Progress {
        let counted = requirements.iter().filter(|r| !r.dismiss);
        Progress {
            met: counted
                .clone()
                .filter(|r| RequirementState::of(r).is_met())
                .count(),
            total: counted.count(),
        }
    }

    pub fn fraction(self) -> f32 {
        if self.total == 0 {
            0.0
        } else {
            self.met as f32 / self.total as f32
        }
    }

    pub fn text(self) -> String {
        format!("{} of {} met", self.met, self.total)
    }

    /// Every counted requirement is met.
    pub fn complete(self) -> bool {
        self.met >= self.total
    }
}

/// Each activity's latest note (by its date; the last one listed when undated), on one line
/// and cut to [`MAX_NOTE_CHARS`], by activity id.
pub fn latest_notes(activities: &[Activity]) -> HashMap<i64, String> {
    activities
        .iter()
        .filter_map(|a| {
            let notes = a.notes.as_deref()?;
            let latest = notes
                .iter()
                .enumerate()
                .max_by_key(|(i, n)| (n.date_created, *i))?
                .1;
            let line: String = latest
                .message
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let cut: String = line.chars().take(MAX_NOTE_CHARS).collect();
            let cut = if cut.len() < line.len() {
                format!("{cut}…")
            } else {
                cut
            };
            (!cut.is_empty()).then_some((a.id, cut))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn requirements() -> Vec<AdmissionRequirement> {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/admission.json"
        ))
        .unwrap();
        let one: Vec<AdmissionRequirement> = serde_json::from_str(&text).unwrap();
        vec![one[0].clone(); 3]
    }

    #[test]
    fn progress_leaves_out_dismissed_requirements() {
        let mut list = requirements();
        for (i, r) in list.iter_mut().enumerate() {
            r.is_met = i == 0;
            r.activity_result_name = "Received".into();
            r.dismiss = false;
        }
        let all = Progress::of(&list);
        assert_eq!((all.met, all.total), (1, list.len()));
        list[1].dismiss = true;
        let p = Progress::of(&list);
        assert_eq!(p.total, list.len() - 1);
        assert_eq!(p.text(), format!("1 of {} met", list.len() - 1));
        assert!(p.fraction() > 0.0);
        assert!(!p.complete());
    }

    #[test]
    fn a_result_that_means_not_yet_is_in_progress_and_not_met_whatever_is_met_says() {
        let mut list = requirements();
        for r in &mut list {
            r.dismiss = false;
        }
        list[0].is_met = true;
        list[0].activity_result_name = "Received".into();
        // Saved as met with "Pending" by a desk before the rule: still not met.
        list[1].is_met = true;
        list[1].activity_result_name = "Pending".into();
        list[2].is_met = false;
        list[2].activity_result_name = "Ordered".into();
        let states: Vec<_> = list.iter().map(RequirementState::of).collect();
        assert_eq!(
            states,
            [
                RequirementState::Met,
                RequirementState::InProgress,
                RequirementState::InProgress
            ]
        );
        assert_eq!(Progress::of(&list).text(), "1 of 3 met");
        list[2].activity_result_name = String::new();
        assert_eq!(RequirementState::of(&list[2]), RequirementState::Open);
    }

    #[test]
    fn a_requirements_line_shows_its_activitys_latest_note_on_one_line() {
        let mut list: Vec<Activity> =
            serde_json::from_str(include_str!("../../../tests/fixtures/activities.json")).unwrap();
        let mut a = list.remove(0);
        a.id = 7;
        a.notes = Some(
            serde_json::from_value(serde_json::json!([
                {"Message": "Ordered at the clinic", "DateCreated": "2026-11-20T09:00:00-05:00"},
                {"Message": "Result due\nMonday", "DateCreated": "2026-11-24T09:00:00-05:00"}
            ]))
            .unwrap(),
        );
        let mut quiet = a.clone();
        quiet.id = 8;
        quiet.notes = None;
        let notes = latest_notes(&[a.clone(), quiet]);
        assert_eq!(notes.get(&7).map(String::as_str), Some("Result due Monday"));
        assert!(!notes.contains_key(&8));
        a.notes = Some(
            serde_json::from_value(serde_json::json!([{ "Message": "x".repeat(500) }])).unwrap(),
        );
        assert_eq!(
            latest_notes(&[a])[&7].chars().count(),
            MAX_NOTE_CHARS + 1,
            "cut, with an ellipsis"
        );
    }

    #[test]
    fn not_yet_is_read_from_whole_words_of_the_results_name() {
        for name in [
            "Pending",
            "Results pending",
            "Ordered",
            "Awaiting results",
            "Requested from physician",
            "Scheduled",
            "In progress",
            "Not yet received",
            "Due Monday",
        ] {
            assert!(means_not_yet(name), "{name}");
        }
        for name in [
            "Received",
            "Not needed",
            "Deposit received",
            "Complete",
            "Overdue paperwork filed",
            "",
        ] {
            assert!(!means_not_yet(name), "{name}");
        }
    }
}
