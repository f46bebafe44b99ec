//! The team's contacts due at a moment (`outreach due`), read from the service: every case
//! and everyone's activities, then the same rules as My day's lists and the contact guard.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::activities::{Loading, load_all};
use crate::api::model::ActivityFilter;
use crate::api::{ApiError, Client};
use crate::domain::contact_story::ContactRule;
use crate::domain::outreach::due::{DueContact, due};

/// Every contact due at `at` over the portal, each with the guard's answer.
pub async fn due_at(
    client: &Client,
    at: DateTime<Utc>,
    rule: &ContactRule,
) -> Result<Vec<DueContact>, ApiError> {
    let (cases, activities) = tokio::try_join!(
        crate::reports::all_cases(client),
        load_all(
            client.clone(),
            ActivityFilter::AllUsers,
            Arc::new(Loading::default())
        ),
    )?;
    Ok(due(&cases, &activities, at, rule))
}
