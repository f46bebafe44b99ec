use serde::{Deserialize, Serialize};

use crate::Secret;

/// `POST /v3/user/auth/jwt/token` body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TokenRequest {
    pub username: String,
    #[serde(serialize_with = "Secret::serialize_exposed")]
    pub password: Secret,
}

/// `POST /v3/user/auth/jwt/token` 200 response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TokenResponse {
    #[serde(serialize_with = "Secret::serialize_exposed")]
    pub access_token: Secret,
    pub token_type: String,
    /// Seconds (the unit is not stated by the service; 7200 is two hours).
    pub expires_in: i64,
}
