//! Campaigns, their members and their event days.

use std::collections::BTreeMap;

use super::Request;
use crate::answer_keys;
use crate::api::Client;
use crate::api::model::{Campaign, CampaignIndividual, CampaignQuery, Records, Timestamp};

/// The campaigns whose name matches `search` (all when empty).
pub fn campaigns(search: &str) -> Request<Records<Campaign>> {
    let wanted = Some(search.trim().to_owned()).filter(|s| !s.is_empty());
    Request::kept(answer_keys::campaigns(search), move |_, client: Client| {
        let search = wanted.clone();
        async move {
            client
                .campaigns(&CampaignQuery {
                    campaign_id: None,
                    search,
                })
                .await
        }
    })
}

pub fn members(campaign_id: i64) -> Request<Records<CampaignIndividual>> {
    Request::kept(
        answer_keys::campaign_members(campaign_id),
        move |_, client: Client| async move { client.campaign_individuals(campaign_id).await },
    )
}

/// The listed campaigns' event days (`search`: what the list was asked for).
pub fn event_days(
    search: &str,
    campaigns: Vec<i64>,
) -> Request<BTreeMap<i64, (Timestamp, Timestamp)>> {
    Request::kept(
        answer_keys::campaign_days(search),
        move |_, client: Client| crate::service::campaigns::event_days(client, campaigns.clone()),
    )
}
