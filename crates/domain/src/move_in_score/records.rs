//! The score's records from the service's own reads (cases, everyone's activities, contracts):
//! what the report and the checks use, and the same records the store gives from its rows.

use std::collections::HashMap;

use chrono::{NaiveDate, Utc};

use super::features::{LeadRecord, told};
use crate::api::model::{Activity, HousingContract, SearchCase};
use crate::contact::plan_marker::is_marker;
use crate::lost_leads::LostLead;
use crate::next_step::is_active_lead_of;

impl LeadRecord {
    /// A case with nothing added yet: when it inquired, its source and first community, and
    /// whether it is still a lead.
    pub fn of_case(case: &SearchCase) -> LeadRecord {
        let p = &case.primary;
        LeadRecord {
            case_number: p.case_number.clone(),
            inquired: p.date_created.date_naive(),
            moved_in: None,
            lost: None,
            active: is_active_lead_of(case, None),
            source: p.market_source.clone().unwrap_or_default(),
            community: p
                .communities
                .first()
                .map(|c| c.name.clone())
                .unwrap_or_default(),
            touches: Vec::new(),
        }
    }
}

/// The day an activity counts on: its due day in UTC (as the store keeps it).
pub fn day_of(activity: &Activity) -> NaiveDate {
    activity.due_date.with_timezone(&Utc).date_naive()
}

/// Every case's record as of `as_of`, from the service's reads.
pub fn records_of(
    cases: &[SearchCase],
    activities: &[Activity],
    contracts: &[HousingContract],
    as_of: NaiveDate,
) -> Vec<LeadRecord> {
    let mut records: Vec<LeadRecord> = cases.iter().map(LeadRecord::of_case).collect();
    let at: HashMap<String, usize> = records
        .iter()
        .enumerate()
        .map(|(i, r)| (r.case_number.clone(), i))
        .collect();
    for a in activities {
        let (Some(&i), Some(kind)) = (at.get(&a.case_number), a.activity_type.as_deref()) else {
            continue;
        };
        let day = day_of(a);
        if day > as_of || is_marker(a) {
            continue;
        }
        let done = a.completed && !a.cancelled && !a.no_show;
        records[i].add(day, told(done, kind, LostLead::of(a).is_some()));
    }
    for c in contracts {
        let day = c.move_in_date.date_naive();
        if day <= as_of
            && let Some(&i) = at.get(&c.case_number)
        {
            records[i].add_move_in(day);
        }
    }
    records
}
