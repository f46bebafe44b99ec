use serde::{Deserialize, Serialize};

use super::{CampaignStatus, Timestamp};

/// A campaign as returned by `GET /v3/Campaign/`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Campaign {
    pub id: i64,
    pub company_id: i64,
    pub name: String,
    #[serde(with = "super::stamp")]
    pub date_created: Timestamp,
    pub is_active: bool,
    pub selected: bool,
}

/// A campaign member as returned by `GET /v3/CampaignIndividual`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct CampaignIndividual {
    /// Carried on the wire as a string of digits.
    #[serde(with = "super::digit_string")]
    pub individual_id: i64,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub home: Option<String>,
    pub address_line1: String,
    pub city: String,
    pub postal_code: String,
    pub country: String,
    /// A campaign status name (Invited, RSVP, Attended, No Show, Cancelled).
    pub campaign_status: String,
    /// The individual type name.
    #[serde(rename = "Type")]
    pub kind: String,
    /// The community name.
    pub community: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relationship_type: Option<String>,
    /// May be empty.
    pub response: String,
    #[serde(with = "super::stamp")]
    pub campaign_start: Timestamp,
    #[serde(with = "super::stamp")]
    pub campaign_end: Timestamp,
    pub case_id: i64,
}

impl CampaignIndividual {
    pub fn status(&self) -> Option<CampaignStatus> {
        CampaignStatus::from_name(&self.campaign_status)
    }
}

/// `POST /v3/CampaignIndividual` body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CampaignIndividualAdd {
    #[serde(rename = "CampaignId")]
    pub campaign_id: i64,
    #[serde(rename = "Individuals")]
    pub individuals: Vec<CampaignMember>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct CampaignMember {
    #[serde(rename = "IndividualId")]
    pub individual_id: i64,
    #[serde(rename = "CampaignStatusId")]
    pub campaign_status_id: CampaignStatus,
}
