//! The words of the activities that are records on a case rather than contacts with the family
//! (a follow-up plan started or stopped, an agent disputing the move-in score), apart from
//! what writes them so the rules that count contacts (which must leave these out) need nothing
//! else of them.

use crate::api::model::Activity;

pub(super) const STARTED: &str = "Follow-up plan started: ";
pub(super) const STOPPED: &str = "Follow-up plan stopped: ";
const DISPUTED: &str = "Move-in score disputed: ";

/// Whether `activity` starts or stops a plan, or disputes a score: a record on the case, not a
/// contact with the family (no clock, colour or board counts it as a touch).
pub fn is_marker(activity: &Activity) -> bool {
    [STARTED, STOPPED, DISPUTED]
        .iter()
        .any(|p| activity.activity_name.starts_with(p))
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
