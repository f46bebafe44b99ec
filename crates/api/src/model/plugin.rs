use serde::{Deserialize, Serialize};

/// `PUT /v3/plugin` body. No `CommunityId` means the whole portal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PluginUpdate {
    #[serde(
        rename = "CommunityId",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub community_id: Option<i64>,
    #[serde(rename = "Endpoint")]
    pub endpoint: String,
}

/// `PUT /v3/plugin` 200 response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PluginResponse {
    pub timestamp: String,
    pub links: Vec<serde_json::Value>,
    pub message: String,
}
