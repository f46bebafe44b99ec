use serde::{Deserialize, Serialize};

use super::Timestamp;

/// A housing contract as returned by `GET /v3/HousingContract`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct HousingContract {
    pub id: i64,
    #[serde(with = "super::stamp")]
    pub date_created: Timestamp,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::stamp::option"
    )]
    pub date_updated: Option<Timestamp>,
    pub community_id: i64,
    pub community_name: String,
    pub name_unique: String,
    #[serde(with = "super::stamp")]
    pub move_in_date: Timestamp,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::stamp::option"
    )]
    pub move_out_date: Option<Timestamp>,
    pub unit_id: i64,
    pub unit_number: String,
    pub square_foot: f64,
    pub base_monthly: f64,
    pub capacity: i64,
    pub floor_plan: String,
    pub care_group: String,
    #[serde(with = "super::stamp")]
    pub unit_date_created: Timestamp,
    #[serde(with = "super::stamp")]
    pub unit_date_updated: Timestamp,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monthly_fee: Option<f64>,
    pub is_repayable: bool,
    pub case_number: String,
    pub individual_id: i64,
    pub individual_name: String,
    /// False means the contract has expired or been cancelled.
    pub active_lease: bool,
}

/// `POST /v3/HousingContract` body. Needs `unit_id` or `unit_number`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HousingContractCreate {
    #[serde(rename = "CommunityNameUnique")]
    pub community_name_unique: String,
    pub individuals: Vec<ContractIndividual>,
    #[serde(rename = "UnitId", default, skip_serializing_if = "Option::is_none")]
    pub unit_id: Option<i64>,
    #[serde(
        rename = "UnitNumber",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub unit_number: Option<String>,
    #[serde(
        rename = "MoveOutResident",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub move_out_resident: Option<bool>,
    #[serde(
        rename = "IsTransfer",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub is_transfer: Option<bool>,
    #[serde(
        rename = "CreateMoveInActivity",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub create_move_in_activity: Option<bool>,
    #[serde(
        rename = "IsWaitlist",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub is_waitlist: Option<bool>,
    #[serde(
        rename = "IsRepayable",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub is_repayable: Option<bool>,
    /// Required by the service; `Option` so that a request without it can be expressed
    /// (and refused with a 400 that names the field).
    #[serde(
        rename = "MoveInDate",
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::stamp::option"
    )]
    pub move_in_date: Option<Timestamp>,
    #[serde(
        rename = "MoveOutDate",
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::stamp::option"
    )]
    pub move_out_date: Option<Timestamp>,
    #[serde(
        rename = "EntranceFee",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub entrance_fee: Option<f64>,
    #[serde(rename = "Deposit", default, skip_serializing_if = "Option::is_none")]
    pub deposit: Option<f64>,
    #[serde(
        rename = "MonthlyFee",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub monthly_fee: Option<f64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ContractIndividual {
    #[serde(rename = "IndividualId")]
    pub individual_id: i64,
}

/// `POST /v3/HousingContract` 201 response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct HousingContractsCreated {
    pub housing_contract_ids: Vec<i64>,
    pub message: String,
}
