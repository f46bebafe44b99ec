//! Which cases are leads still worked, and whose: one rule for My day, the team's lists, the
//! phone system's import and every count of "your leads" (the rule stands below all of them).

use crate::api::model::{IndividualType, SearchCase};

/// Statuses of a lead that is no longer worked.
pub const CLOSED_STATUSES: [&str; 3] = ["Lost", "Inactive", "Moved In"];

/// Whether `case` is one of `me`'s active leads (anyone's, with `None`).
pub fn is_active_lead_of(case: &SearchCase, me: Option<i64>) -> bool {
    let p = &case.primary;
    matches!(
        p.individual_type_id,
        IndividualType::Prospect | IndividualType::PreLead
    ) && me.is_none_or(|me| p.assigned_user_id == me)
        && !CLOSED_STATUSES.contains(&p.individual_status_name.as_str())
}
