use serde::{Deserialize, Serialize};

use super::Timestamp;

/// A user as returned by `GET /v3/User`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct User {
    pub id: i64,
    pub name: String,
    pub email: String,
    #[serde(with = "super::stamp")]
    pub date_created: Timestamp,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::stamp::option"
    )]
    pub last_login_date: Option<Timestamp>,
}

/// One element of the `POST /v3/user` body (an array). Every field is required.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct NewUser {
    pub community: Vec<CommunityId>,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub time_zone_id: i64,
    pub send_activation_email: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct CommunityId {
    #[serde(rename = "Id")]
    pub id: i64,
}

/// What the sandbox answers to a user create (not shown by the spec).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase", default)]
pub struct UsersCreated {
    pub user_ids: Vec<i64>,
    pub message: Option<String>,
}
