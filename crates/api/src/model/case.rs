use serde::{Deserialize, Serialize};

use super::IndividualType;

/// `GET /v3/Case/` response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Case {
    pub case_number: String,
    pub primary_individual_id: i64,
    pub individuals: Vec<CaseIndividual>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct CaseIndividual {
    pub individual_id: i64,
    pub individual_name: String,
    pub individual_type_id: IndividualType,
    pub individual_type: String,
    /// Only for related individuals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relationship_type_id: Option<i64>,
    /// Only for related individuals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relationship_type: Option<String>,
    pub primary_individual: bool,
}
