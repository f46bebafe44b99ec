//! Referral partners' packs read from the service: every partner's, or one community's.

use std::sync::Arc;

use chrono::NaiveDate;

use crate::activities::Loading;
use crate::api::Client;
use crate::domain::funnel::journeys;
use crate::domain::partner_pack::{PackInputs, PartnerPack, contacts_of, pack, partners};
use crate::domain::report::case_facts;
use crate::reports::{ReportError, community_named, load};

/// Each referral partner's pack as of `as_of`, for one community (by unique name) or all.
pub async fn partner_packs(
    client: &Client,
    label: &str,
    community: Option<&str>,
    as_of: NaiveDate,
    settings: &crate::domain::report::ReportSettings,
) -> Result<Vec<PartnerPack>, ReportError> {
    let data = load(client.clone(), Arc::new(Loading::default())).await?;
    let chosen = community
        .map(|name| community_named(&data.communities, name).map(|c| c.name.clone()))
        .transpose()?;
    let list = journeys(&data.activities, &data.contracts, as_of);
    let facts = case_facts(&data.cases, &data.members, &data.activities);
    let contacts = contacts_of(&data.cases);
    let inputs = PackInputs {
        portal: label,
        community: chosen.as_deref(),
        journeys: &list,
        facts: &facts,
        units: &data.units,
        contracts: &data.contracts,
        contacts: &contacts,
        as_of,
    };
    Ok(partners(&settings.lead_rules.paid_sources, &contacts)
        .iter()
        .map(|partner| pack(partner, &inputs))
        .collect())
}
