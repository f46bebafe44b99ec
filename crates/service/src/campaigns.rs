//! What the campaign list shows beside each campaign: its event's days. The campaign read has
//! no date; its members carry the event's start and end, so a campaign's days are its members'.

use std::collections::BTreeMap;

use crate::api::model::Timestamp;
use crate::api::{ApiError, Client};

/// At most this many campaigns are asked for their days (one read each).
pub const MAX_DATED: usize = 60;

/// Each campaign's event start and end, from its first member; a campaign nobody is invited to
/// has none yet and is left out.
pub async fn event_days(
    client: Client,
    campaigns: Vec<i64>,
) -> Result<BTreeMap<i64, (Timestamp, Timestamp)>, ApiError> {
    let mut days = BTreeMap::new();
    for id in campaigns.into_iter().take(MAX_DATED) {
        let members = client.campaign_individuals(id).await?;
        if let Some(m) = members.iter().next() {
            days.insert(id, (m.campaign_start, m.campaign_end));
        }
    }
    Ok(days)
}
