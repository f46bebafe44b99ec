//! The words of the activities that are records on a case rather than contacts with the family
//! (a follow-up plan started or stopped, an agent disputing the move-in score), apart from
//! what writes them so the rules that count contacts (which must leave these out) need nothing
//! else of them.

use crate::api::model::Activity;

pub(crate) const STARTED: &str = "Follow-up plan started: ";
pub(crate) const STOPPED: &str = "Follow-up plan stopped: ";
const DISPUTED: &str = "Move-in score disputed: ";
/// A slip answered: the activity named was logged by mistake (the service cannot delete it).
const MISTAKE: &str = "Logged by mistake, it did not happen: activity ";

/// Whether `activity` starts or stops a plan, or disputes a score: a record on the case, not a
/// contact with the family (no clock, colour or board counts it as a touch); so is a family's
/// contact preference.
pub fn is_marker(activity: &Activity) -> bool {
    [STARTED, STOPPED, DISPUTED, MISTAKE]
        .iter()
        .any(|p| activity.activity_name.starts_with(p))
        || super::preference::is_preference(activity)
}

/// The description of the activity by which an agent disputes a lead's score: what the score
/// said and why the agent sees it otherwise.
pub fn score_disputed(score: &str, why: &str) -> String {
    format!(
        "{DISPUTED}the score said {score}; the agent: {}",
        why.trim()
    )
}

/// The description of the activity that starts or stops `plan`.
pub fn marker(plan: &str, start: bool) -> String {
    format!("{}{plan}", if start { STARTED } else { STOPPED })
}

/// The description of the activity that says activity `id` (`what`: "Email Out, Nov 28 2:30
/// pm") was logged by mistake and did not happen.
pub fn logged_by_mistake(id: i64, what: &str) -> String {
    format!("{MISTAKE}{id} ({what})")
}

/// The activity `activity` says was logged by mistake, when it is such a correction.
pub fn corrected_id(activity: &Activity) -> Option<i64> {
    let rest = activity.activity_name.strip_prefix(MISTAKE)?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The activities of `activities` that a correction among them says were logged by mistake,
/// each only of the correction's own case (a correction cannot void another case's contact).
pub fn voided(activities: &[Activity]) -> std::collections::HashSet<i64> {
    let corrections: Vec<(i64, &str)> = activities
        .iter()
        .filter_map(|a| Some((corrected_id(a)?, a.case_number.as_str())))
        .collect();
    if corrections.is_empty() {
        return Default::default();
    }
    activities
        .iter()
        .filter(|a| corrections.contains(&(a.id, a.case_number.as_str())))
        .map(|a| a.id)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn activity(id: i64, case: &str, name: &str) -> Activity {
        let mut list: Vec<Activity> =
            serde_json::from_str(include_str!("../../../../tests/fixtures/activities.json"))
                .unwrap();
        let mut a = list.remove(0);
        a.id = id;
        a.case_number = case.into();
        a.activity_name = name.into();
        a
    }

    #[test]
    fn a_correction_voids_the_activity_it_names_in_its_own_case_only() {
        let note = logged_by_mistake(41, "Email Out, Nov 28 2:30 pm");
        let correction = activity(90, "100", &note);
        assert!(is_marker(&correction), "a record, not a contact");
        assert_eq!(corrected_id(&correction), Some(41));
        let slip = activity(41, "100", "Email: Welcome");
        let other_case = activity(41, "200", "Email: Welcome");
        let kept = activity(42, "100", "Call Out");
        assert_eq!(
            voided(&[slip.clone(), kept.clone(), correction.clone()]),
            [41].into_iter().collect()
        );
        assert!(voided(&[other_case, kept.clone(), correction]).is_empty());
        assert!(voided(&[slip, kept]).is_empty());
        assert_eq!(
            corrected_id(&activity(1, "1", "Email: about activity 5")),
            None
        );
    }
}
