//! The keys under which screens keep their last answers in the store
//! (a screen's `Slot::keep_as`). A key names what was asked: a read with other
//! parameters has another key. The background sync fills the screens' main keys, so they
//! open on what is known even before they were first shown.

use crate::api::model::ActivityFilter;

pub const LOOKUPS: &str = "lookups";
/// Who the API user is and the portal's time zone.
pub const IDENTITY: &str = "identity";
pub const INTAKE_LISTS: &str = "intake-lists";
/// The lost reasons and destinations (closing a lead as lost).
pub const LOST_LISTS: &str = "lost-lists";
pub const COMMUNITIES: &str = "communities";
/// The waitlist's priorities (WaitlistPriorityType).
pub const WAITLIST_PRIORITIES: &str = "waitlist-priorities";
/// Communities, units, the contracts the panes use and the lists (Inventory and the move-in
/// wizard; see `InventoryData::keep_for_panes`).
pub const INVENTORY: &str = "inventory";
/// The active housing contracts (the admissions queue).
pub const HOUSING_CONTRACTS: &str = "housing-contracts";
pub const LEADS: &str = "leads";
/// My day's "New leads" and "Needs a next step" (worked out by the engine).
pub const LEAD_WORK: &str = "lead-work";

pub fn activities(filter: ActivityFilter) -> String {
    format!("activities/{filter:?}")
}

pub fn campaigns(search: &str) -> String {
    format!("campaigns?search={}", search.trim())
}

/// Each listed campaign's event days (for the campaign list).
pub fn campaign_days(search: &str) -> String {
    format!("campaign-days/{search}")
}

pub fn campaign_members(campaign_id: i64) -> String {
    format!("campaign/{campaign_id}/members")
}

pub fn users(q: &str) -> String {
    format!("users?q={}", q.trim())
}

/// A case (`part` empty) or a part of it: "addresses", "activities", "contracts", ...
pub fn case(case_number: &str, part: &str) -> String {
    if part.is_empty() {
        format!("case/{case_number}")
    } else {
        format!("case/{case_number}/{part}")
    }
}

pub fn unit(unit_id: i64, part: &str) -> String {
    format!("unit/{unit_id}/{part}")
}

pub fn admission(case_id: i64, community_id: i64) -> String {
    format!("admission/{case_id}/{community_id}")
}
