use serde::{Deserialize, Serialize};

use super::{CommunityRef, Note, Timestamp};

/// An activity as returned by `GET /v3/Activity`. Times are in the API user's time zone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Activity {
    pub id: i64,
    pub activity_status: String,
    pub activity_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activity_type: Option<String>,
    pub time_zone: String,
    pub reinquiry: bool,
    pub community: ActivityCommunity,
    pub case_number: String,
    pub individual_id: i64,
    pub individual_full_name: String,
    pub assigned_name: String,
    pub due_date_descriptive: String,
    #[serde(with = "super::stamp")]
    pub due_date: Timestamp,
    #[serde(with = "super::stamp")]
    pub due_date_end: Timestamp,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::stamp::option"
    )]
    pub date_completed: Option<Timestamp>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::stamp::option"
    )]
    pub date_updated: Option<Timestamp>,
    #[serde(with = "super::stamp")]
    pub date_created: Timestamp,
    pub all_day: bool,
    pub result_id: i64,
    pub result_name: String,
    pub sale_stage: String,
    pub completed: bool,
    pub cancelled: bool,
    pub no_show: bool,
    pub rescheduled: bool,
    pub is_activity_history: bool,
    pub overdue: bool,
    /// Notes added to the activity (on create, or by an admission update). Not in the spec's
    /// table; the sandbox sends it (see docs/decisions.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<Vec<ActivityNote>>,
    /// The market source the activity was logged with. Not in the spec's table; the sandbox
    /// sends it when set (see docs/decisions.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub market_source: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct ActivityNote {
    pub message: String,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::stamp::option"
    )]
    pub date_created: Option<Timestamp>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct ActivityCommunity {
    pub id: i64,
    pub name: String,
    pub name_unique: String,
}

/// `POST /v3/Activity` body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActivityCreateRequest {
    pub activities: Vec<NewActivity>,
}

/// One activity to create. Needs `individual_id` or `case_number` (or both).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewActivity {
    pub activity_type_id: i64,
    #[serde(with = "super::stamp")]
    pub start: Timestamp,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub individual_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assigned_user_id: Option<i64>,
    #[serde(default, rename = "allday", skip_serializing_if = "Option::is_none")]
    pub all_day: Option<bool>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::stamp::option"
    )]
    pub end: Option<Timestamp>,
    #[serde(
        default,
        rename = "datecompleted",
        skip_serializing_if = "Option::is_none",
        with = "super::stamp::option"
    )]
    pub date_completed: Option<Timestamp>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub market_source_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub market_source: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub re_inquiry: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<Vec<Note>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub communities: Option<Vec<CommunityRef>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activity_type_master_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activity_status_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activity_status_master_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activity_result_id: Option<i64>,
}

impl NewActivity {
    /// An activity with only the required fields set.
    pub fn new(activity_type_id: i64, start: Timestamp) -> Self {
        Self {
            activity_type_id,
            start,
            individual_id: None,
            case_number: None,
            assigned_user_id: None,
            all_day: None,
            end: None,
            date_completed: None,
            market_source_id: None,
            market_source: None,
            re_inquiry: None,
            campaign_id: None,
            description: None,
            notes: None,
            communities: None,
            activity_type_master_id: None,
            activity_status_id: None,
            activity_status_master_id: None,
            activity_result_id: None,
        }
    }
}

/// What the sandbox answers to an activity create (body not shown by the spec).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase", default)]
pub struct ActivitiesCreated {
    pub activity_ids: Vec<i64>,
    pub message: Option<String>,
}
