use serde::{Deserialize, Serialize};

/// A community, embedded in search results and returned by `GET /v3/Community`.
/// `Abbreviation`, `Color` and `AddressId` appear in search results only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Community {
    pub id: i64,
    pub name: String,
    pub name_unique: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abbreviation: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address_id: Option<i64>,
}
