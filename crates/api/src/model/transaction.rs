use serde::{Deserialize, Serialize};

use super::Timestamp;

/// A transaction as returned by `GET /v3/Transaction/`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Transaction {
    pub id: i64,
    pub description: String,
    #[serde(rename = "Type")]
    pub kind: String,
    pub status: String,
    pub amount: f64,
    pub units: f64,
    #[serde(with = "super::stamp")]
    pub date_created: Timestamp,
    #[serde(with = "super::stamp")]
    pub effective_date: Timestamp,
    pub individual_id: i64,
    pub individual_name: String,
    pub housing_contract_id: i64,
    pub unit_id: i64,
    pub unit_name: String,
    /// Currency-formatted text of the amount.
    pub total: String,
}
