//! Closing a lead as lost: from My day, with a reason and where they went from the portal's
//! lists. It is recorded as an activity (the service has no update of individuals), the lead
//! leaves My day without a refresh, the case says so, and Sales counts it by reason and month.

use std::collections::BTreeSet;
use std::time::Duration;

use chrono::{Datelike, Months};
use leasedesk::api::model::ActivityFilter;

use crate::agent_day::{all_activities, expected_lead_lists, lost_cases, me, open_my_day};
use egui_kittest::kittest::Queryable;

use crate::support::{app, direct_client};

const WAIT: Duration = Duration::from_secs(120);
const RECORD: &str = "Lost lead: Cost; went to Home care";

#[test]
fn a_lead_closed_as_lost_leaves_my_day_and_sales_counts_it_by_reason() {
    let mut t = app();
    open_my_day(&mut t);
    wait_for_lead_lists(&mut t);
    let client = direct_client(&t);
    let already = lost_cases(
        &all_activities(&client, ActivityFilter::AllUsers),
        t.clock.now(),
    );
    assert!(
        already.len() >= 12,
        "the demo has lost leads: {}",
        already.len()
    );

    let who = open_first_close_as_lost(&mut t);
    t.wait_for_text("The service cannot change a person's status");
    t.choose("Reason", "Cost");
    t.choose("Went to", "Home care");
    t.click_button("Close as lost");
    t.wait_for_text("closed as lost: recorded on the case");

    // On the service: one completed activity on the case, saying so.
    let activities = all_activities(&client, ActivityFilter::AllUsers);
    let records: Vec<_> = activities
        .iter()
        .filter(|a| a.case_number == who.case_number && a.activity_name == RECORD)
        .collect();
    assert_eq!(records.len(), 1, "recorded once");
    assert!(records[0].completed);
    assert!(lost_cases(&activities, t.clock.now()).contains(&who.case_number));
    t.click_button("Done");

    // My day, without Refresh: the lead is in neither list, and both lists are the rule
    // worked out from the service's reads.
    t.step_until("the lead to leave My day", WAIT, |h| {
        let lists = &h.state().panes.calendar.next_step;
        lists.rows.state.value().is_some()
            && !lists
                .shown()
                .iter()
                .any(|r| r.case_number == who.case_number)
            && !lists
                .new_leads()
                .iter()
                .any(|r| r.case_number == who.case_number)
    });
    let (fresh, idle) = expected_lead_lists(&client, me(&client).id, t.clock.now());
    let lists = &t.harness.state().panes.calendar.next_step;
    let shown: BTreeSet<String> = lists
        .shown()
        .iter()
        .map(|r| r.case_number.clone())
        .collect();
    let new: BTreeSet<String> = lists
        .new_leads()
        .iter()
        .map(|r| r.case_number.clone())
        .collect();
    assert_eq!((new, shown), (fresh, idle));

    // Sales: the last 6 months' records, counted by reason, equal the service's.
    t.click("Sales");
    t.click("Lost leads");
    t.step_until("the lost leads read", WAIT, |h| {
        h.state()
            .panes
            .sales
            .lost
            .records
            .state
            .value()
            .is_some_and(|r| r.iter().any(|r| r.lost.reason == "Cost"))
    });
    let today = t
        .clock
        .now()
        .with_timezone(&chrono_tz::America::New_York)
        .date_naive();
    let from = today
        .checked_sub_months(Months::new(5))
        .unwrap()
        .with_day(1)
        .unwrap();
    let in_period: Vec<&str> = activities
        .iter()
        .filter(|a| a.completed && a.activity_name.starts_with("Lost lead: "))
        .filter(|a| {
            let day = a.due_date.with_timezone(&chrono::Utc).date_naive();
            day >= from && day <= today
        })
        .map(|a| {
            a.activity_name["Lost lead: ".len()..]
                .split("; went to ")
                .next()
                .unwrap()
        })
        .collect();
    assert!(in_period.len() >= 5, "{in_period:?}");
    t.wait_for_text(&format!("{} leads closed as lost since", in_period.len()));
    let cost = in_period.iter().filter(|r| **r == "Cost").count();
    let table = leasedesk::domain::lost_leads::lost_table(
        t.harness
            .state()
            .panes
            .sales
            .lost
            .records
            .state
            .value()
            .unwrap(),
        (from, today),
        leasedesk::domain::lost_leads::LostWhat::Reason,
        leasedesk::domain::lost_leads::LostBy::Community,
    );
    let counted: usize = table
        .rows
        .iter()
        .filter(|r| r.what == "Cost")
        .map(|r| r.total)
        .sum();
    assert_eq!(counted, cost, "Cost, summed over communities");
    t.wait_for_label("Cost");
    // Each reason's total over the communities, on one line (counted here from the service).
    t.wait_for_text(&format!("Cost {cost}"));
    t.wait_for_text("Each reason: ");
}

#[test]
fn a_lead_gone_to_a_competitor_is_recorded_with_the_competitors_name() {
    let mut t = app();
    open_my_day(&mut t);
    wait_for_lead_lists(&mut t);
    let client = direct_client(&t);
    let who = open_first_close_as_lost(&mut t);
    t.choose("Reason", "Cost");
    assert!(
        t.harness.query_by_label("Which community").is_none(),
        "asked only for a competitor"
    );
    t.choose("Went to", "Competitor community");
    t.type_into("Which community", "Oakmont Manor");
    t.click_button("Close as lost");
    t.wait_for_text("closed as lost: recorded on the case");
    let record = all_activities(&client, ActivityFilter::AllUsers)
        .into_iter()
        .find(|a| a.case_number == who.case_number && a.activity_name.starts_with("Lost lead: "))
        .expect("the record on the service");
    let lost = leasedesk::domain::lost_leads::LostLead::parse(&record.activity_name).unwrap();
    assert_eq!(
        lost.destination.as_deref(),
        Some("Competitor community: Oakmont Manor")
    );
}

pub(crate) fn wait_for_lead_lists(t: &mut crate::support::TestApp) {
    t.step_until("the lead lists worked out", WAIT, |h| {
        h.state()
            .panes
            .calendar
            .next_step
            .rows
            .state
            .value()
            .is_some()
    });
}

/// The first "Lost…" of My day, whichever lead it is. A list read again as the click lands
/// (the store finishing its fill under load) can swallow it: a person clicks again.
/// Opens Close as lost on My day's first lead; returns who it closes.
pub(crate) fn open_first_close_as_lost(
    t: &mut crate::support::TestApp,
) -> leasedesk::domain::activity_draft::Who {
    for _ in 0..5 {
        t.click_first("Lost…");
        t.harness.run_steps(3);
        if t.harness.state().close_lost_form().is_some() {
            break;
        }
    }
    t.harness
        .state()
        .close_lost_form()
        .expect("the close-as-lost dialog")
        .target
        .who
        .clone()
}
