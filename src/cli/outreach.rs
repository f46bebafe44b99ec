//! `leasedesk outreach due`: every contact the team's lists would have someone make at a
//! moment, each with the contact guard's answer, as JSON for a schedule or a compliance check.

use chrono::{DateTime, Utc};

use super::{Connected, Failure};
use crate::domain::contact_story::ContactRule;

/// What `outreach due` is asked.
#[derive(Debug, Clone)]
pub struct DueArgs {
    pub at: DateTime<Utc>,
    /// The community's clock (business days, and the guard for someone with no address).
    pub rule: ContactRule,
}

pub async fn due(connected: Connected, args: DueArgs) -> Result<String, Failure> {
    let rows = crate::service::outreach::due_at(&connected.client, args.at, &args.rule)
        .await
        .map_err(|e| Failure::Run(format!("the portal could not be read: {e}")))?;
    let held = rows.iter().filter(|r| !r.allowed).count();
    let answer = serde_json::json!({
        "as_of": args.at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        "zone": args.rule.zone.name(),
        "count": rows.len(),
        "held": held,
        "due": rows,
    });
    Ok(format!("{answer}\n"))
}
