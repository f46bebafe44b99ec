//! Query parameters of the reads, one struct per operation so optional filters are named.
//! `PortalId` is not here: the client adds it (spelled as each operation wants).

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use super::{ActivityFilter, IndividualType, TypeList};

/// `GET /v3/Search/`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SearchQuery {
    #[serde(rename = "ListId", skip_serializing_if = "Option::is_none")]
    pub list_id: Option<i64>,
    #[serde(rename = "PageNumber", skip_serializing_if = "Option::is_none")]
    pub page_number: Option<i64>,
    #[serde(rename = "PageSize", skip_serializing_if = "Option::is_none")]
    pub page_size: Option<i64>,
    #[serde(rename = "q", skip_serializing_if = "Option::is_none")]
    pub q: Option<String>,
    #[serde(rename = "FirstName", skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(rename = "LastName", skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    #[serde(rename = "IndividualTypeId", skip_serializing_if = "Option::is_none")]
    pub individual_type_id: Option<IndividualType>,
}

/// `GET /v3/HousingContract`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HousingContractQuery {
    #[serde(rename = "IndividualId", skip_serializing_if = "Option::is_none")]
    pub individual_id: Option<i64>,
    #[serde(rename = "CaseNumber", skip_serializing_if = "Option::is_none")]
    pub case_number: Option<String>,
    #[serde(rename = "UnitId", skip_serializing_if = "Option::is_none")]
    pub unit_id: Option<i64>,
    #[serde(rename = "Id", skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    #[serde(rename = "CommunityId", skip_serializing_if = "Option::is_none")]
    pub community_id: Option<i64>,
}

/// `GET /v3/Activity`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ActivityQuery {
    #[serde(rename = "IndividualId", skip_serializing_if = "Option::is_none")]
    pub individual_id: Option<i64>,
    #[serde(rename = "PageSize", skip_serializing_if = "Option::is_none")]
    pub page_size: Option<i64>,
    #[serde(rename = "PageNumber", skip_serializing_if = "Option::is_none")]
    pub page_number: Option<i64>,
    #[serde(rename = "Filter", skip_serializing_if = "Option::is_none")]
    pub filter: Option<ActivityFilter>,
    #[serde(rename = "DateUpdatedStart", skip_serializing_if = "Option::is_none")]
    pub date_updated_start: Option<DayOrTime>,
    #[serde(rename = "DateUpdatedEnd", skip_serializing_if = "Option::is_none")]
    pub date_updated_end: Option<NaiveDate>,
    #[serde(rename = "DateCompletedStart", skip_serializing_if = "Option::is_none")]
    pub date_completed_start: Option<NaiveDate>,
    #[serde(rename = "DateCompletedEnd", skip_serializing_if = "Option::is_none")]
    pub date_completed_end: Option<NaiveDate>,
}

/// A date filter's value: the spec types it a date; a date-time with its offset narrows it to
/// the moment (see `docs/decisions.md`, "Activities changed since a moment").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DayOrTime {
    Day(NaiveDate),
    Time(DateTime<Utc>),
}

impl From<NaiveDate> for DayOrTime {
    fn from(day: NaiveDate) -> Self {
        Self::Day(day)
    }
}

/// `GET /v3/Type`. `Type` is required, so it is not optional here.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TypeQuery {
    #[serde(rename = "Type")]
    pub list: TypeList,
    #[serde(rename = "MasterId", skip_serializing_if = "Option::is_none")]
    pub master_id: Option<i64>,
    #[serde(rename = "Id", skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    #[serde(rename = "Search", skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
    #[serde(rename = "Limit", skip_serializing_if = "Option::is_none")]
    pub limit: Option<i64>,
    /// A string on the wire, as the spec lists it.
    #[serde(rename = "CommunityId", skip_serializing_if = "Option::is_none")]
    pub community_id: Option<String>,
}

impl TypeQuery {
    pub fn list(list: TypeList) -> Self {
        Self {
            list,
            master_id: None,
            id: None,
            search: None,
            limit: None,
            community_id: None,
        }
    }
}

/// `GET /v3/Transaction/`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TransactionQuery {
    #[serde(rename = "Id", skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    #[serde(rename = "IndividualId", skip_serializing_if = "Option::is_none")]
    pub individual_id: Option<i64>,
    #[serde(rename = "HousingContractId", skip_serializing_if = "Option::is_none")]
    pub housing_contract_id: Option<i64>,
    #[serde(rename = "UnitId", skip_serializing_if = "Option::is_none")]
    pub unit_id: Option<i64>,
    #[serde(rename = "CampaignId", skip_serializing_if = "Option::is_none")]
    pub campaign_id: Option<i64>,
    #[serde(rename = "TransactionTypeId", skip_serializing_if = "Option::is_none")]
    pub transaction_type_id: Option<i64>,
}

/// `GET /v3/Case/`: one of the two is required (the service answers 400 otherwise).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CaseQuery {
    #[serde(rename = "CaseNumber", skip_serializing_if = "Option::is_none")]
    pub case_number: Option<String>,
    #[serde(rename = "IndividualId", skip_serializing_if = "Option::is_none")]
    pub individual_id: Option<i64>,
}

/// `GET /v3/Address`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AddressQuery {
    #[serde(rename = "IndividualId", skip_serializing_if = "Option::is_none")]
    pub individual_id: Option<i64>,
    #[serde(rename = "AddressId", skip_serializing_if = "Option::is_none")]
    pub address_id: Option<i64>,
}

/// `GET /v3/Campaign/`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CampaignQuery {
    #[serde(rename = "CampaignId", skip_serializing_if = "Option::is_none")]
    pub campaign_id: Option<i64>,
    #[serde(rename = "Search", skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
}

/// `GET /v3/User`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct UserQuery {
    #[serde(rename = "q", skip_serializing_if = "Option::is_none")]
    pub q: Option<String>,
    #[serde(rename = "Id", skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
}

/// `GET /v3/Unit` (not described by the spec; see docs/decisions.md).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct UnitQuery {
    #[serde(rename = "CommunityId", skip_serializing_if = "Option::is_none")]
    pub community_id: Option<i64>,
}
