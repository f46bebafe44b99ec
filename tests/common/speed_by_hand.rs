//! Speed to lead worked out the plain way (shared by the app and e2e suites): which activity
//! types are us reaching the lead, and business minutes counted a minute at a time.

use chrono::{DateTime, Datelike, Timelike, Utc};
use leasedesk::api::model::Activity;

/// Activity types that are us reaching the lead (calls, emails, mail, visits and meetings we
/// made), listed here apart from the app's own table: the checks must not borrow the rule.
pub const REACHING_THEM: [&str; 11] = [
    "Call Out",
    "Email Out",
    "Mail Out",
    "Tour",
    "Appointment",
    "Home Visit",
    "Meeting",
    "Assessment",
    "Outreach Appointment",
    "Outreach Call Out",
    "Respond to Referral",
];

/// Business minutes by brute force, a minute at a time: Monday to Saturday, 8 am to 6 pm in
/// New York (the default office hours).
pub fn business_minutes(from: DateTime<Utc>, to: DateTime<Utc>) -> i64 {
    let mut t = from;
    let mut n = 0;
    while t < to {
        let local = t.with_timezone(&chrono_tz::America::New_York);
        let open = local.weekday() != chrono::Weekday::Sun && (8..18).contains(&local.hour());
        n += i64::from(open);
        t += chrono::Duration::minutes(1);
    }
    n
}

/// The first completed activity reaching the lead of case `case`, up to `now`.
pub fn first_contact(
    activities: &[Activity],
    case: &str,
    now: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    activities
        .iter()
        .filter(|a| {
            a.case_number == case
                && a.completed
                && REACHING_THEM.contains(&a.activity_type.as_deref().unwrap_or(""))
                && a.due_date <= now
        })
        .map(|a| a.due_date.with_timezone(&Utc))
        .min()
}
