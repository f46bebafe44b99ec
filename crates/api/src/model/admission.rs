use serde::{Deserialize, Serialize};

use super::Timestamp;

/// An admission requirement of a case, as returned by `GET /v3/admission`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct AdmissionRequirement {
    pub community_id: i64,
    pub community_name: String,
    pub requirement_name: String,
    pub requirement_description: String,
    #[serde(with = "super::stamp")]
    pub requirement_date_created: Timestamp,
    #[serde(with = "super::stamp")]
    pub date_updated: Timestamp,
    #[serde(with = "super::stamp")]
    pub date_created: Timestamp,
    pub case_id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub is_met: bool,
    pub admission_met_id: i64,
    pub activity_id: i64,
    pub activity_type_id: i64,
    pub activity_type_name: String,
    pub activity_result_name: String,
    pub activity_result_id: i64,
    pub dismiss: bool,
    pub type_select: Vec<TypeSelectOption>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TypeSelectOption {
    pub value: i64,
    pub label: String,
}

/// `PUT /v3/admission/{AdmissionMetId}` body. The three ids are required by the service;
/// they are `Option` so a request missing one can be expressed and refused.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct AdmissionUpdate {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub admission_met_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activity_result_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_met: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activity_id: Option<i64>,
}
