//! Lost leads worked out the plain way from the service's activity reads (shared by the app
//! and e2e suites): a completed "Lost lead: …" activity with no inquiry, web form, walk-in,
//! call or email in, or referral after it.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use leasedesk::api::model::Activity;

const INBOUND: [&str; 7] = [
    "Inquiry",
    "Web Form",
    "Walk-in",
    "Call In",
    "Email In",
    "Referral",
    "Outreach Call In",
];

/// The case numbers closed as lost as of `now`.
pub fn lost_cases(activities: &[Activity], now: DateTime<Utc>) -> HashSet<String> {
    // Per case: the latest lost record, and the latest inbound activity.
    type Latest = (Option<DateTime<Utc>>, Option<DateTime<Utc>>);
    let mut latest: HashMap<&str, Latest> = HashMap::new();
    for a in activities
        .iter()
        .filter(|a| a.completed && a.due_date <= now)
    {
        let at = a.due_date.with_timezone(&Utc);
        let entry = latest.entry(a.case_number.as_str()).or_default();
        if a.activity_name.starts_with("Lost lead: ") {
            entry.0 = entry.0.max(Some(at));
        } else if INBOUND.contains(&a.activity_type.as_deref().unwrap_or("")) {
            entry.1 = entry.1.max(Some(at));
        }
    }
    latest
        .into_iter()
        .filter(|(_, (lost, back))| lost.is_some() && *back <= *lost)
        .map(|(case, _)| case.to_owned())
        .collect()
}
