use serde::{Deserialize, Serialize};

/// An address as returned by `GET /v3/Address`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Address {
    pub id: i64,
    pub individual_id: i64,
    pub individual_name: String,
    /// `Primary` or `Secondary`.
    #[serde(rename = "Type")]
    pub kind: String,
    pub address_line1: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address_line2: Option<String>,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    pub country: String,
}
