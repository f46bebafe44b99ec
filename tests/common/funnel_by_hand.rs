//! The sales funnel worked out the plain way, from the stage table in the issue, to check the
//! app's and the report's figures against (shared by the app and e2e suites).

use std::collections::HashMap;

use chrono::{Days, NaiveDate};
use leasedesk::api::model::{Activity, HousingContract};

fn stage_of(activity_type: &str) -> Option<usize> {
    match activity_type {
        "Inquiry" | "Web Form" | "Walk-in" | "Referral" | "Call In" => Some(0),
        "Tour" | "Home Visit" | "Assessment" => Some(1),
        "Deposit" | "Contract Signed" | "Room Reserve" => Some(2),
        "Move In" => Some(3),
        _ => None,
    }
}

/// For the cases that entered the funnel in the `days` days ending on `as_of`: case number →
/// the furthest stage reached (0 inquiry … 3 move-in).
pub fn furthest_in_cohort(
    activities: &[Activity],
    contracts: &[HousingContract],
    as_of: NaiveDate,
    days: u64,
) -> HashMap<String, usize> {
    let mut first: HashMap<String, [Option<NaiveDate>; 4]> = HashMap::new();
    let mut reach = |case: &str, stage: usize, day: NaiveDate| {
        if day <= as_of {
            let slot = &mut first.entry(case.to_owned()).or_default()[stage];
            *slot = Some(slot.map_or(day, |d| d.min(day)));
        }
    };
    for a in activities {
        if a.completed
            && !a.cancelled
            && !a.no_show
            && let Some(stage) = a.activity_type.as_deref().and_then(stage_of)
        {
            reach(&a.case_number, stage, a.due_date.date_naive());
        }
    }
    for c in contracts {
        reach(&c.case_number, 3, c.move_in_date.date_naive());
    }
    let since = as_of - Days::new(days - 1);
    first
        .into_iter()
        .filter(|(_, dates)| dates.iter().flatten().min().is_some_and(|d| *d >= since))
        .filter_map(|(case, dates)| Some((case, (0..4).rev().find(|&s| dates[s].is_some())?)))
        .collect()
}
