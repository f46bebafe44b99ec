//! Speed to lead in the agent's day: new leads waiting on a business-hours clock, and the first
//! contact that takes one off the list.

use std::collections::BTreeSet;
use std::time::Duration;

use crate::agent_day::{expected_lead_lists, me, open_my_day, save_outcome, wait_for_outcome_form};
use leasedesk::domain::reminders::ReminderKind;

use crate::support::{app, direct_client};

const WAIT: Duration = Duration::from_secs(120);

#[test]
fn new_leads_wait_on_a_business_clock_and_leave_with_their_first_contact() {
    let mut t = app();
    open_my_day(&mut t);
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
    let client = direct_client(&t);
    let now = t.clock.now();
    let (fresh, _) = expected_lead_lists(&client, me(&client).id, now);
    let leads = t
        .harness
        .state()
        .panes
        .calendar
        .next_step
        .new_leads()
        .to_vec();
    let shown: BTreeSet<String> = leads.iter().map(|l| l.case_number.clone()).collect();
    assert_eq!(shown, fresh, "the list is the leads nobody reached out to");
    assert!(leads.len() >= 4, "the demo has leads waiting: {leads:?}");
    assert!(
        leads.windows(2).all(|w| w[0].inquired <= w[1].inquired),
        "oldest first"
    );
    t.wait_for_label(&format!("New leads ({})", leads.len()));
    // Saturday 10:00 in New York; the office is open Monday to Saturday, 8 to 6. The demo's
    // inquiries of 12 and 40 minutes ago, of 6 am (two business hours: the office opened at 8)
    // and of Wednesday 10 am (8 + 10 + 10 + 2 hours: three business days of ten hours).
    for waited in [
        "12 min waiting",
        "40 min waiting",
        "2 h waiting",
        "3 business d waiting",
    ] {
        t.wait_for_label(waited);
    }

    // Each lead of the last day is announced once (a desktop notification and the bell).
    let announced = |t: &crate::support::TestApp| -> Vec<String> {
        t.reminders
            .0
            .lock()
            .unwrap()
            .iter()
            .filter(|r| r.kind == ReminderKind::NewLead)
            .map(|r| r.case_number.clone())
            .collect()
    };
    let recent: BTreeSet<String> = leads
        .iter()
        .filter(|l| now - l.inquired.with_timezone(&chrono::Utc) <= chrono::Duration::hours(24))
        .map(|l| l.case_number.clone())
        .collect();
    assert_eq!(recent.len(), 3, "12 and 40 minutes and 4 hours ago");
    let started = std::time::Instant::now();
    while announced(&t).len() < recent.len() && started.elapsed() < WAIT {
        t.harness.step();
        std::thread::sleep(Duration::from_millis(50));
    }
    // Reminders are looked at once a second: three more looks announce nothing again.
    let settle = std::time::Instant::now();
    while settle.elapsed() < Duration::from_secs(3) {
        t.harness.step();
        std::thread::sleep(Duration::from_millis(50));
    }
    let once = announced(&t);
    assert_eq!(once.len(), recent.len(), "{once:?}");
    assert_eq!(once.iter().cloned().collect::<BTreeSet<_>>(), recent);

    // The newest lead is called back: it leaves the list without a refresh.
    let newest = leads.last().unwrap().clone();
    t.click(&format!("Log first contact with {}…", newest.name));
    wait_for_outcome_form(&mut t);
    t.type_into("What was said", "Called back; a tour next week suits her");
    save_outcome(&mut t);
    t.wait_for_label(&format!("New leads ({})", leads.len() - 1));
    assert!(
        t.harness
            .state()
            .panes
            .calendar
            .next_step
            .new_leads()
            .iter()
            .all(|l| l.case_number != newest.case_number)
    );
    // And the independent count agrees.
    let (fresh, _) = expected_lead_lists(&client, me(&client).id, now);
    assert!(!fresh.contains(&newest.case_number));
}
