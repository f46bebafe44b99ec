use serde::{Deserialize, Serialize};

use super::Timestamp;

/// One value of a drop-down list, as returned by `GET /v3/Type`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct TypeRecord {
    pub id: i64,
    pub name: String,
    #[serde(with = "super::stamp")]
    pub date_created: Timestamp,
    pub last_modified_by: i64,
    pub user_id: i64,
    pub master_name: String,
    pub master_id: i64,
    pub sort_order: i64,
    pub user_full_name: String,
}
