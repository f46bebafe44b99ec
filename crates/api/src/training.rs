//! The training server's own routes beside the v3 service (not in the spec): the class roster
//! and resets, which only the trainer's key may call.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// The first activity and individual ids after the scenario's own: from these on, a record is
/// a trainee's write.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "PascalCase")]
pub struct Firsts {
    pub activity_id: i64,
    pub individual_id: i64,
}

/// `GET /training/class`: a row per seat (trainee 0 is the trainer).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "PascalCase")]
pub struct RosterSeat {
    pub trainee: usize,
    pub portal_id: i64,
    pub login: String,
    pub reset_at: DateTime<Utc>,
    pub scenario_hash: String,
    pub firsts: Firsts,
}

/// `POST /training/reset[?Trainee=N]`: what was reset, and how long it took.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "PascalCase")]
pub struct ResetReport {
    pub portals: Vec<i64>,
    pub milliseconds: u64,
    pub scenario_hash: String,
}
