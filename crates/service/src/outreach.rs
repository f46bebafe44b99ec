//! The team's contacts due at a moment (`outreach due`), read from the service: every case,
//! then every activity of the active leads' people (every page: a family's word left unread
//! would let a contact through), then the same rules as My day's lists and the contact guard.

use std::collections::HashSet;

use chrono::{DateTime, Utc};

use crate::activities::load_every_matching;
use crate::api::model::ActivityFilter;
use crate::api::{ApiError, Client};
use crate::domain::contact_story::ContactRule;
use crate::domain::next_step::is_active_lead_of;
use crate::domain::outreach_due::{DueContact, due};

/// Bytes of activities `outreach due` reads at most (a portal of a million activities is about
/// 700 MB of pages; only the leads' are kept).
pub const DUE_ACTIVITY_BYTES: u64 = 1536 * 1024 * 1024;

/// Every contact due at `at` over the portal, each with the guard's answer.
pub async fn due_at(
    client: &Client,
    at: DateTime<Utc>,
    rule: &ContactRule,
) -> Result<Vec<DueContact>, ApiError> {
    let cases = crate::reports::all_cases(client).await?;
    let people: HashSet<i64> = cases
        .iter()
        .filter(|c| is_active_lead_of(c, None))
        .flat_map(|c| {
            std::iter::once(c.primary.individual_id)
                .chain(c.relationships.iter().map(|r| r.individual_id))
        })
        .collect();
    let activities = load_every_matching(
        client,
        ActivityFilter::AllUsers,
        DUE_ACTIVITY_BYTES,
        crate::api::BudgetOf::TeamActivities,
        |mut a| {
            // Notes are never read by the lists or the guard: not kept for 100,000 cases.
            a.notes = None;
            people.contains(&a.individual_id).then_some(a)
        },
    )
    .await?;
    Ok(due(&cases, &activities, at, rule))
}
