//! The words of the activities that start and stop a follow-up plan, apart from the plans so
//! the rules that count contacts (which must leave these out) need nothing else of them.

use crate::api::model::Activity;

pub(super) const STARTED: &str = "Follow-up plan started: ";
pub(super) const STOPPED: &str = "Follow-up plan stopped: ";

/// Whether `activity` starts or stops a plan: a record on the case, not a contact with the
/// family (no clock, colour or board counts it as a touch).
pub fn is_marker(activity: &Activity) -> bool {
    activity.activity_name.starts_with(STARTED) || activity.activity_name.starts_with(STOPPED)
}

/// The description of the activity that starts or stops `plan`.
pub fn marker(plan: &str, start: bool) -> String {
    format!("{}{plan}", if start { STARTED } else { STOPPED })
}
