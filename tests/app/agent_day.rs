//! The leasing agent's loop against the sandbox: follow an item up and hand the next step to a
//! colleague, see who needs a next step, book a tour around the day's work, be reminded, and
//! open the right case when two people share a name.

use std::collections::{BTreeSet, HashSet};
use std::time::Duration;

use chrono::{NaiveDate, NaiveTime, Timelike};
use egui_kittest::kittest::{NodeT, Queryable};
use leasedesk::api::Client;
use leasedesk::api::model::{
    Activity, ActivityFilter, ActivityQuery, IndividualType, SearchCase, SearchQuery, UserQuery,
};
use leasedesk::domain::reminders::{ReminderKind, ReminderSettings};
use leasedesk::sandbox::DEMO_LOGIN;
use leasedesk::ui::prefs::Prefs;

use crate::support::{Setup, TestApp, block_on, clock, direct_client};

const ZONE: chrono_tz::Tz = chrono_tz::America::New_York;

fn start(dir: &std::path::Path, clock: &leasedesk::clock::Clock, prefs: Prefs) -> TestApp {
    Setup {
        data_dir: Some(dir.to_path_buf()),
        clock: Some(clock.clone()),
        prefs,
        ..Setup::default()
    }
    .start()
}

pub(crate) fn open_my_day(t: &mut TestApp) {
    t.click("Calendar");
    t.step_until("activities loaded", Duration::from_secs(60), |h| {
        h.state().panes.calendar.activities().is_some()
            && h.state().backend().connection().me().is_some()
    });
}

/// Every page of a read, the way a person checking by hand would page through it.
pub(crate) fn all_activities(client: &Client, filter: ActivityFilter) -> Vec<Activity> {
    let mut all = Vec::new();
    for page in 1.. {
        let answer = block_on(client.activities(&ActivityQuery {
            filter: Some(filter),
            page_size: Some(5000),
            page_number: Some(page),
            ..Default::default()
        }))
        .unwrap()
        .into_vec();
        let last = answer.len() < 5000;
        all.extend(answer);
        if last {
            break;
        }
    }
    all
}

pub(crate) fn me(client: &Client) -> leasedesk::api::model::User {
    block_on(client.users(&UserQuery::default()))
        .unwrap()
        .into_vec()
        .into_iter()
        .find(|u| u.email == DEMO_LOGIN)
        .unwrap()
}

/// Waits for the log-outcome dialog with its lists in and its defaults set.
pub(crate) fn wait_for_outcome_form(t: &mut TestApp) {
    t.step_until("the log-outcome dialog", Duration::from_secs(60), |h| {
        h.state().log_outcome_form().is_some_and(|f| {
            f.outcome.type_id.is_some() && f.next.type_id.is_some() && f.next.assignee_id.is_some()
        })
    });
    t.wait_for_label("What was said");
}

pub(crate) fn save_outcome(t: &mut TestApp) -> (i64, i64) {
    t.click("Save outcome and next step");
    t.step_until("both parts saved", Duration::from_secs(60), |h| {
        h.state().log_outcome_form().is_some_and(|f| f.done())
    });
    let saved = t
        .harness
        .state()
        .log_outcome_form()
        .unwrap()
        .saved()
        .clone();
    // Said in words, not ids: the next step's day and time as the form had them.
    let next = t.harness.state().log_outcome_form().unwrap().next.clone();
    t.wait_for_text("✔ Outcome saved, and the next step scheduled for ");
    if !next.all_day {
        let time = leasedesk::domain::format::read_time(&next.start).expect("a time");
        t.wait_for_text(&format!(" at {}", time.format("%-I:%M %P")));
    }
    t.click("Close");
    (saved.outcome_id.unwrap(), saved.next_id.unwrap())
}

#[test]
fn an_overdue_item_followed_up_leaves_overdue_and_stays_followed_up_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let clock = clock();
    let mut t = start(dir.path(), &clock, Prefs::default());
    open_my_day(&mut t);
    let overdue = t.harness.state().panes.calendar.overdue_count(clock.now());
    assert!(overdue > 1, "the demo has overdue work");
    t.wait_for_label(&format!("⚠ Overdue ({overdue})"));
    t.wait_for_label("Followed up here (0)");

    // The first "Log outcome…" is the first overdue item's.
    t.click_first("Log outcome…");
    wait_for_outcome_form(&mut t);
    let item = t
        .harness
        .state()
        .log_outcome_form()
        .unwrap()
        .target
        .activity
        .clone()
        .expect("an item is followed up");
    assert!(
        t.harness
            .state()
            .panes
            .calendar
            .overdue_ids(clock.now())
            .contains(&item.id)
    );
    t.type_into(
        "What was said",
        "Spoke with her daughter; wants a second visit",
    );
    // The next step is on the next working day, at my first free half hour from 10:00 (worked
    // out from the service's reads).
    let client = direct_client(&t);
    let monday = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
    let first_free_at_ten = free_from(&my_day_spans(&client, monday), ten(), 30);
    let shown = first_free_at_ten.format("%-I:%M %P").to_string();
    t.step_until("the first free time", Duration::from_secs(30), |h| {
        h.state().log_outcome_form().unwrap().next.start == shown
    });
    let (outcome, next) = save_outcome(&mut t);

    // Both exist on the service, as sent.
    let theirs = block_on(client.activities(&ActivityQuery {
        individual_id: Some(item.individual_id),
        page_size: Some(500),
        ..Default::default()
    }))
    .unwrap()
    .into_vec();
    let outcome = theirs
        .iter()
        .find(|a| a.id == outcome)
        .expect("the outcome");
    assert!(outcome.completed);
    assert_eq!(outcome.case_number, item.case_number);
    let next = theirs.iter().find(|a| a.id == next).expect("the next step");
    assert!(!next.completed);
    assert_eq!(next.assigned_name, me(&client).name);
    let local = next.due_date.with_timezone(&ZONE);
    assert_eq!(
        (local.date_naive(), local.time()),
        (monday, first_free_at_ten),
        "the next working day, at my first free half hour from 10:00"
    );
    // The item itself cannot be changed on the service: it is still open there.
    let original = theirs.iter().find(|a| a.id == item.id).unwrap();
    assert!(!original.completed);

    t.wait_for_label(&format!("⚠ Overdue ({})", overdue - 1));
    t.wait_for_label(&format!("⚠ {} overdue", overdue - 1));
    t.scroll_into_view("Followed up here (1)");
    t.click("Followed up here (1)");
    // The links name what they lead to, as the list names items.
    let kind = outcome.activity_type.clone().unwrap_or_default();
    t.wait_for_text(&format!("↪ Outcome: {kind} "));
    let link = t
        .harness
        .get_by_label_contains("↪ Outcome: ")
        .accesskit_node()
        .label()
        .unwrap_or_default();
    assert!(
        link.ends_with(&format!(", assigned to {}", outcome.assigned_name)),
        "{link}"
    );
    t.wait_for_text(&format!(
        "Next step: {} ",
        next.activity_type.clone().unwrap_or_default()
    ));
    // The followed item reads as done, though the service still has it open.
    let title = item.activity_type.clone().unwrap_or_default();
    t.harness
        .get_by_label(&format!("✔ {title} · {}", item.individual_full_name));
    drop(t);

    // A restart on the same folder remembers it.
    let mut t = start(dir.path(), &clock, Prefs::default());
    open_my_day(&mut t);
    t.wait_for_label(&format!("⚠ Overdue ({})", overdue - 1));
    t.wait_for_label("Followed up here (1)");
    assert!(
        !t.harness
            .state()
            .panes
            .calendar
            .overdue_ids(clock.now())
            .contains(&item.id)
    );
}

#[test]
fn a_next_step_given_to_a_colleague_is_in_their_filter_and_not_in_mine() {
    let dir = tempfile::tempdir().unwrap();
    let clock = clock();
    let mut t = start(dir.path(), &clock, Prefs::default());
    open_my_day(&mut t);
    let client = direct_client(&t);
    let me = me(&client);
    let colleague = block_on(client.users(&UserQuery::default()))
        .unwrap()
        .into_vec()
        .into_iter()
        .find(|u| u.id != me.id)
        .unwrap();
    t.click_first("Log outcome…");
    wait_for_outcome_form(&mut t);
    t.choose("Assigned to", &colleague.name);
    assert_eq!(
        t.harness
            .state()
            .log_outcome_form()
            .unwrap()
            .next
            .assignee_id,
        Some(colleague.id)
    );
    let (_, next) = save_outcome(&mut t);

    t.choose("Show", "Everyone's activities");
    t.step_until(
        "everyone's activities, with the new one",
        Duration::from_secs(60),
        move |h| {
            h.state()
                .panes
                .calendar
                .activities()
                .is_some_and(|l| l.iter().any(|a| a.id == next))
        },
    );
    t.choose("Assigned to", &colleague.name);
    let shown = t.harness.state().panes.calendar.shown_ids();
    assert!(shown.contains(&next), "in the colleague's filter");
    t.choose("Assigned to", &format!("Me ({})", me.name));
    let mine = t.harness.state().panes.calendar.shown_ids();
    assert!(!mine.is_empty(), "Me shows my own work");
    assert!(!mine.contains(&next), "and not the colleague's");
}

pub(crate) use crate::speed_by_hand::REACHING_THEM;

/// Every prospect and pre-lead case of the portal, as Search gives them.
pub(crate) fn all_leads(client: &Client) -> Vec<SearchCase> {
    let mut leads = Vec::new();
    for kind in [IndividualType::Prospect, IndividualType::PreLead] {
        let answer = block_on(client.search(&SearchQuery {
            individual_type_id: Some(kind),
            page_size: Some(4000),
            ..Default::default()
        }))
        .unwrap();
        leads.extend(answer.cases.into_vec());
    }
    leads
}

/// The lead lists, worked out here from the service's reads alone: (new leads, needs a next
/// step), as case numbers.
pub(crate) use crate::lost_by_hand::lost_cases;

pub(crate) fn expected_lead_lists(
    client: &Client,
    me: i64,
    now: chrono::DateTime<chrono::Utc>,
) -> (BTreeSet<String>, BTreeSet<String>) {
    let leads = all_leads(client);
    let activities = all_activities(client, ActivityFilter::AllUsers);
    let open: HashSet<&str> = activities
        .iter()
        .filter(|a| !a.completed && !a.cancelled && !a.no_show)
        .map(|a| a.case_number.as_str())
        .collect();
    let contacted: HashSet<&str> = activities
        .iter()
        .filter(|a| {
            a.completed
                && REACHING_THEM.contains(&a.activity_type.as_deref().unwrap_or(""))
                && a.due_date <= now
        })
        .map(|a| a.case_number.as_str())
        .collect();
    let lost = lost_cases(&activities, now);
    let week_ago = now - chrono::Duration::days(7);
    let mut fresh = BTreeSet::new();
    let mut idle = BTreeSet::new();
    for case in &leads {
        let p = &case.primary;
        if p.assigned_user_id != me
            || ["Lost", "Inactive", "Moved In"].contains(&p.individual_status_name.as_str())
        {
            continue;
        }
        let number = p.case_number.as_str();
        if lost.contains(number) {
            continue;
        }
        if p.date_created >= week_ago && !contacted.contains(number) {
            fresh.insert(number.to_owned());
        } else if !open.contains(number) {
            // Anything open, overdue or ahead, is a step already taken.
            idle.insert(number.to_owned());
        }
    }
    (fresh, idle)
}

#[test]
fn needs_a_next_step_equals_the_rule_worked_out_from_the_services_reads() {
    let mut t = crate::support::app();
    open_my_day(&mut t);
    t.step_until(
        "Needs a next step worked out",
        Duration::from_secs(120),
        |h| {
            let data = &h.state().panes.calendar.next_step;
            data.rows.state.value().is_some()
        },
    );
    let client = direct_client(&t);
    let (fresh, expected) = expected_lead_lists(&client, me(&client).id, t.clock.now());
    assert!(
        !expected.is_empty(),
        "the demo has leads without a next step"
    );
    let rows = t.harness.state().panes.calendar.next_step.shown().to_vec();
    let shown: BTreeSet<String> = rows.iter().map(|r| r.case_number.clone()).collect();
    assert_eq!(shown, expected);
    let new: BTreeSet<String> = t
        .harness
        .state()
        .panes
        .calendar
        .next_step
        .new_leads()
        .iter()
        .map(|r| r.case_number.clone())
        .collect();
    assert_eq!(new, fresh, "New leads");
    // "Since" is a day that has been, never one ahead (follow-ups booked ahead are not it).
    let now = t.clock.now();
    assert!(rows.iter().all(|r| r.since <= now), "{rows:?}");
    // Red first, then amber, then green; newest first within each colour.
    for pair in rows.windows(2) {
        assert!(pair[0].colour <= pair[1].colour, "{pair:?}");
        if pair[0].colour == pair[1].colour {
            assert!(pair[0].since >= pair[1].since, "{pair:?}");
        }
    }
    t.wait_for_label(&format!("Needs a next step ({})", expected.len()));
}

/// A quarter hour on `day` when one of my open items starts, and one from which `minutes` are
/// free of them (both from the service's reads).
fn busy_and_free(client: &Client, day: NaiveDate, minutes: i64) -> (NaiveTime, NaiveTime) {
    let spans = my_day_spans(client, day);
    let quarter = |t: &NaiveTime| t.minute().is_multiple_of(15) && (8..20).contains(&t.hour());
    let (busy, _) = *spans
        .iter()
        .find(|(start, _)| quarter(start))
        .expect("the working-day seed gives me work that day");
    (busy, free_from(&spans, NaiveTime::MIN, minutes))
}

/// The first quarter hour from `from` (8 am at the earliest) from which `minutes` are free of
/// `spans`.
fn free_from(spans: &[(NaiveTime, NaiveTime)], from: NaiveTime, minutes: i64) -> NaiveTime {
    (8 * 4..19 * 4)
        .filter_map(|q| NaiveTime::from_hms_opt(q / 4, (q % 4) * 15, 0))
        .filter(|start| *start >= from)
        .find(|start| {
            let end = *start + chrono::Duration::minutes(minutes);
            spans
                .iter()
                .all(|(s, e)| !(*s < end && *start < (*e).max(*s + chrono::Duration::minutes(1))))
        })
        .expect("free time that day")
}

fn ten() -> NaiveTime {
    NaiveTime::from_hms_opt(10, 0, 0).unwrap()
}

/// Local start times of my open, timed activities on `day`.
fn my_day_spans(client: &Client, day: NaiveDate) -> Vec<(NaiveTime, NaiveTime)> {
    all_activities(client, ActivityFilter::All)
        .into_iter()
        .filter(|a| !a.all_day && !a.completed && !a.cancelled && !a.no_show)
        .filter(|a| a.due_date.with_timezone(&ZONE).date_naive() == day)
        .map(|a| {
            let start = a.due_date.with_timezone(&ZONE).time();
            let end = a.due_date_end.with_timezone(&ZONE).time().max(start);
            (start, end)
        })
        .collect()
}

#[test]
fn a_tour_overlapping_the_agents_work_is_warned_about_and_a_free_slot_is_not() {
    let mut t = crate::support::app();
    t.wait_for_cases();
    let name = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .next()
        .unwrap()
        .name
        .clone();
    t.click(&name);
    t.wait_for_label("Schedule a tour…");
    t.click("Schedule a tour…");
    t.step_until("the tour form", Duration::from_secs(60), |h| {
        h.state().schedule_tour_form().is_some()
    });
    let monday = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
    let client = direct_client(&t);
    let (busy, free) = busy_and_free(&client, monday, 60);

    // Read as it is typed, US style too, and the dialog does not move while it is.
    t.harness.run_steps(3);
    let before = t.harness.get_by_label("Schedule tour").rect();
    t.replace_text("Day", "11/23/2026");
    t.wait_for_text("day · Mon Nov 23");
    t.wait_for_text("means Mon Nov 23, 2026");
    assert_eq!(t.harness.get_by_label("Schedule tour").rect(), before);
    // A day that is not one has no activities: the panel says so, and no "nothing else".
    t.replace_text("Day", "31 feb");
    t.wait_for_text("Their activities show once the day is a day of the calendar.");
    assert_eq!(
        t.harness
            .query_all_by_label_contains("Nothing else that day")
            .count(),
        0
    );
    t.replace_text("Day", "11/23/2026");
    t.wait_for_text("day · Mon Nov 23");
    t.choose("Time", &busy.format("%-I:%M %P").to_string());
    t.wait_for_text("⚠ The tour overlaps");
    t.choose("Time", &free.format("%-I:%M %P").to_string());
    t.step_until("no warning", Duration::from_secs(10), |h| {
        h.query_all_by_label_contains("⚠ The tour overlaps").count() == 0
    });
    // The warning is only a warning: the tour can be booked over a clash.
    t.choose("Time", &busy.format("%-I:%M %P").to_string());
    t.click("Schedule tour");
    t.wait_for_text("✔ Tour scheduled");
    let booked = all_activities(&client, ActivityFilter::All)
        .into_iter()
        .find(|a| {
            a.activity_type.as_deref() == Some("Tour")
                && a.due_date.with_timezone(&ZONE).date_naive() == monday
                && a.due_date.with_timezone(&ZONE).time() == busy
                && a.individual_full_name == name
        });
    assert!(booked.is_some(), "the tour is on the service");
}

/// My open tour due soonest after `after`.
fn next_tour(client: &Client, after: chrono::DateTime<chrono::Utc>) -> Activity {
    all_activities(client, ActivityFilter::All)
        .into_iter()
        .filter(|a| a.activity_type.as_deref() == Some("Tour") && !a.completed)
        .filter(|a| a.due_date > after)
        .min_by_key(|a| a.due_date)
        .unwrap()
}

/// Lets the app look at its reminders (once a second) a few times.
fn let_reminders_run(t: &mut TestApp) {
    let until = std::time::Instant::now() + Duration::from_millis(2500);
    while std::time::Instant::now() < until {
        t.harness.step();
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn starting_reminders_for(t: &TestApp, id: i64) -> usize {
    t.reminders
        .0
        .lock()
        .unwrap()
        .iter()
        .filter(|r| r.activity_id == id && r.kind == ReminderKind::Starting)
        .count()
}

#[test]
fn a_tour_reminds_once_at_its_lead_time_and_not_again_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let clock = clock();
    let mut t = start(dir.path(), &clock, Prefs::default());
    open_my_day(&mut t);
    let client = direct_client(&t);
    let tour = next_tour(&client, clock.now());
    let lead = chrono::Duration::minutes(ReminderSettings::default().minutes_before.into());
    let remind_at = tour.due_date.with_timezone(&chrono::Utc) - lead;
    assert!(remind_at > clock.now(), "the seed's tour is a while away");

    let_reminders_run(&mut t);
    assert_eq!(
        starting_reminders_for(&t, tour.id),
        0,
        "not before its time"
    );
    clock.advance(remind_at - clock.now());
    let sink = t.reminders.clone();
    t.step_until("the tour's reminder", Duration::from_secs(10), move |_| {
        sink.0
            .lock()
            .unwrap()
            .iter()
            .any(|r| r.activity_id == tour.id)
    });
    clock.advance(chrono::Duration::minutes(2));
    let_reminders_run(&mut t);
    assert_eq!(starting_reminders_for(&t, tour.id), 1, "exactly once");

    // The bell lists it too, and its entry opens the case.
    t.harness
        .query_all_by_label_contains("Reminders (")
        .next()
        .expect("the bell counts what is new")
        .click();
    t.harness.step();
    t.harness.step();
    let entry = format!("○ Tour with {}", tour.individual_full_name);
    t.wait_for_text(&entry);
    t.harness
        .query_all_by_label_contains(&entry)
        .next()
        .unwrap()
        .click();
    let case = tour.case_number.clone();
    t.step_until("the tour's case", Duration::from_secs(60), move |h| {
        h.state()
            .panes
            .cases
            .view
            .as_ref()
            .is_some_and(|v| v.case_number() == case)
    });
    drop(t);

    let mut t = start(dir.path(), &clock, Prefs::default());
    open_my_day(&mut t);
    let_reminders_run(&mut t);
    assert_eq!(
        starting_reminders_for(&t, tour.id),
        0,
        "not again after a restart"
    );
}

#[test]
fn quiet_hours_hold_reminders_back() {
    let dir = tempfile::tempdir().unwrap();
    let clock = clock();
    let prefs = Prefs {
        reminders: ReminderSettings {
            // 9:00 to 12:00 in New York: the whole test.
            quiet_from: NaiveTime::from_hms_opt(9, 0, 0),
            quiet_until: NaiveTime::from_hms_opt(12, 0, 0),
            ..ReminderSettings::default()
        },
        ..Prefs::default()
    };
    let mut t = start(dir.path(), &clock, prefs);
    open_my_day(&mut t);
    let tour = next_tour(&direct_client(&t), clock.now());
    assert!(tour.due_date.with_timezone(&ZONE).time() < NaiveTime::from_hms_opt(12, 0, 0).unwrap());
    clock.advance(
        tour.due_date.with_timezone(&chrono::Utc) - chrono::Duration::minutes(15) - clock.now(),
    );
    let_reminders_run(&mut t);
    assert!(
        t.reminders.0.lock().unwrap().is_empty(),
        "nothing during quiet hours"
    );
    assert!(t.harness.state().reminders.list.is_empty());
}

#[test]
fn namesakes_open_their_own_cases_from_the_calendar() {
    let mut t = crate::support::app();
    open_my_day(&mut t);
    let label = "○ Call Out · Margaret Collins";
    // Only the calls: a busy day lists more than fit before "Show all".
    t.choose("Activity type", "Call Out");
    t.wait_for_label(label);
    assert_eq!(
        t.harness.query_all_by_label(label).count(),
        2,
        "two namesakes due today"
    );
    let mut opened = Vec::new();
    let mut chosen: Vec<i64> = Vec::new();
    for nth in 0..2 {
        t.click("Calendar");
        // The list may still be settling from the case just closed: a person whose click
        // landed on the row that moved there clicks the one they meant again.
        for _ in 0..3 {
            // Scrolled to, as a person scrolls a long day down to the one they mean.
            t.harness
                .query_all_by_label(label)
                .nth(nth)
                .unwrap()
                .scroll_to_me();
            t.harness.run_steps(20);
            // Stands still for two frames before the click, as a person looks first.
            let mut last = None;
            for _ in 0..50 {
                let rect = t
                    .harness
                    .query_all_by_label(label)
                    .nth(nth)
                    .map(|n| n.rect());
                if rect.is_some() && rect == last {
                    break;
                }
                last = rect;
                t.harness.step();
            }
            t.harness
                .query_all_by_label(label)
                .nth(nth)
                .unwrap()
                .click();
            t.harness.step();
            t.harness.step();
            if t.harness
                .state()
                .panes
                .calendar
                .selected
                .is_some_and(|id| !chosen.contains(&id))
            {
                break;
            }
        }
        let id = t.harness.state().panes.calendar.selected.unwrap();
        chosen.push(id);
        let item = t
            .harness
            .state()
            .panes
            .calendar
            .activities()
            .unwrap()
            .iter()
            .find(|a| a.id == id)
            .cloned()
            .unwrap();
        t.click("Open case");
        let case = item.case_number.clone();
        t.step_until("the item's own case", Duration::from_secs(60), move |h| {
            h.state()
                .panes
                .cases
                .view
                .as_ref()
                .and_then(|v| v.whole())
                .is_some_and(|w| w.case.case_number == case)
        });
        let whole = t
            .harness
            .state()
            .panes
            .cases
            .view
            .as_ref()
            .unwrap()
            .whole()
            .unwrap()
            .clone();
        assert!(
            whole
                .case
                .individuals
                .iter()
                .any(|i| i.individual_id == item.individual_id),
            "the case holds the person the item is about"
        );
        opened.push(whole.case.case_number);
    }
    assert_ne!(opened[0], opened[1], "each namesake opens their own case");
}

#[test]
fn next_steps_and_a_tour_day_from_the_store_agree_with_the_services_reads() {
    let mut t = Setup::default().start();
    t.wait_connected();
    crate::support::wait_for_filled_store(&mut t);
    let client = direct_client(&t);
    let me = me(&client).id;
    let now = t.clock.now();
    let backend = t.harness.state().backend().clone();
    let rule = leasedesk::domain::contact_story::ContactRule {
        rules: Default::default(),
        zone: backend.connection().zone(),
    };
    let work = block_on(backend.lead_work(
        client.clone(),
        Some(me),
        now,
        rule,
        Default::default(),
        true,
    ))
    .unwrap();
    let shown: BTreeSet<String> = work
        .next_steps
        .iter()
        .map(|r| r.case_number.clone())
        .collect();
    let new: BTreeSet<String> = work
        .new_leads
        .iter()
        .map(|r| r.case_number.clone())
        .collect();
    let (fresh, expected) = expected_lead_lists(&client, me, now);
    assert!(!expected.is_empty());
    assert_eq!(shown, expected);
    assert_eq!(new, fresh);
    assert!(
        !work.new_leads.is_empty() && work.new_leads.iter().all(|l| l.community_id.is_some()),
        "each new lead's community (its office hours) comes from the store too"
    );

    // A few days of everyone's, from the store: exactly the service's activities due then.
    let day = now.date_naive();
    let days = block_on(backend.team_days(
        client.clone(),
        day,
        day + chrono::Days::new(1),
        Default::default(),
    ))
    .unwrap();
    assert!(days.covers(day) && !days.covers(day + chrono::Days::new(9)));
    let every = block_on(leasedesk::service::activities::load_all(
        client,
        ActivityFilter::AllUsers,
        Default::default(),
    ))
    .unwrap();
    let due_those_days = |list: &[leasedesk::api::model::Activity]| -> BTreeSet<i64> {
        list.iter()
            .filter(|a| {
                let d = a.due_date.date_naive();
                d >= day && d <= day + chrono::Days::new(1)
            })
            .map(|a| a.id)
            .collect()
    };
    assert!(!due_those_days(&every).is_empty());
    assert_eq!(due_those_days(&days.activities), due_those_days(&every));
    assert!(
        days.activities.len() * 4 < every.len(),
        "a few days, not everything: {} of {}",
        days.activities.len(),
        every.len()
    );
}

#[test]
fn a_next_step_over_the_assignees_work_is_warned_about_and_a_free_time_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let clock = clock();
    let mut t = start(dir.path(), &clock, Prefs::default());
    open_my_day(&mut t);
    let monday = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
    let client = direct_client(&t);
    let (busy, free) = busy_and_free(&client, monday, 30);

    // A small window: the warning stays in view under the fields, whatever is scrolled.
    t.harness.set_size(egui::vec2(1000.0, 650.0));
    t.click_first("Log outcome…");
    wait_for_outcome_form(&mut t);
    t.replace_text("On", "2026-11-23");
    // Until a time is chosen, it is my first free half hour from 10:00 that day.
    let free_at_ten = free_from(&my_day_spans(&client, monday), ten(), 30);
    let shown = free_at_ten.format("%-I:%M %P").to_string();
    t.step_until("the first free time", Duration::from_secs(30), |h| {
        h.state().log_outcome_form().unwrap().next.start == shown
    });
    assert!(
        t.harness
            .query_by_label_contains("⚠ The next step is within")
            .is_none(),
        "the default clashes"
    );
    // The list marks the times I am busy at.
    let busy_label = format!("{} · busy", busy.format("%-I:%M %P"));
    t.choose("Time, from a list", &busy_label);
    t.wait_for_text("⚠ The next step is within half an hour of");
    t.until_still("Save outcome and next step");
    let warning = t
        .harness
        .query_by_label_contains("⚠ The next step is within")
        .expect("the warning")
        .rect();
    assert!(
        warning.top() >= 0.0 && warning.bottom() <= 650.0,
        "the warning at {warning:?} is out of the window"
    );
    t.choose("Time, from a list", &free.format("%-I:%M %P").to_string());
    t.step_until("no warning", Duration::from_secs(10), |h| {
        h.query_all_by_label_contains("⚠ The next step is within")
            .count()
            == 0
    });
    // Only a warning: the next step can be saved over a clash, and the chosen time stays.
    t.choose("Time, from a list", &busy_label);
    t.wait_for_text("⚠ The next step is within half an hour of");
    let (_, next) = save_outcome(&mut t);
    let saved = all_activities(&client, ActivityFilter::All)
        .into_iter()
        .find(|a| a.id == next)
        .expect("the next step is on the service");
    assert_eq!(saved.due_date.with_timezone(&ZONE).time(), busy);
}

#[test]
fn the_outcomes_result_is_chosen_from_its_list() {
    let mut t = crate::support::app();
    open_my_day(&mut t);
    t.click_first("Log outcome…");
    wait_for_outcome_form(&mut t);
    t.choose("Result", "Left message");
    let form = t.harness.state().log_outcome_form().unwrap();
    assert!(form.outcome.result_id.is_some());
    // A call's outcome is not offered admission paperwork's results (the service keeps one
    // list for both).
    t.harness
        .query_all_by_role_and_label(egui::accesskit::Role::ComboBox, "Result")
        .last()
        .unwrap()
        .click();
    t.wait_for_label("No answer");
    let offered = |label: &str| {
        t.harness
            .query_all_by_label(label)
            .any(|n| n.accesskit_node().role() != egui::accesskit::Role::Label)
    };
    assert!(offered("Spoke with prospect"));
    for paperwork in ["Pending", "Deposit received", "Not needed", "Received"] {
        assert!(!offered(paperwork), "{paperwork} offered for a call");
    }
}

#[test]
fn escape_after_the_outcome_is_saved_closes_without_asking_to_discard() {
    let dir = tempfile::tempdir().unwrap();
    let clock = clock();
    let mut t = start(dir.path(), &clock, Prefs::default());
    open_my_day(&mut t);
    t.click_first("Log outcome…");
    wait_for_outcome_form(&mut t);
    t.type_into("What was said", "Left a message with her son");
    t.click("Save outcome and next step");
    t.step_until("both parts saved", Duration::from_secs(60), |h| {
        h.state().log_outcome_form().is_some_and(|f| f.done())
    });
    t.wait_for_text("✔ Outcome saved");
    t.harness.key_press(egui::Key::Escape);
    t.step_until("the dialog closed", Duration::from_secs(10), |h| {
        h.state().log_outcome_form().is_none()
    });
    assert!(
        t.harness
            .query_by_label("Close and lose what you typed?")
            .is_none(),
        "nothing typed is lost: it was saved"
    );
}

/// "Reminders (N)" counts what the bell lists that arrived since it was opened, and a switch to
/// another portal leaves none of the first portal's items in it.
#[test]
fn the_bell_counts_what_it_lists_and_another_portal_starts_it_afresh() {
    let mut t = crate::support::app();
    open_my_day(&mut t);
    t.step_until("the new leads in the bell", Duration::from_secs(60), |h| {
        !h.state().reminders.waiting.is_empty()
    });
    let listed = |t: &TestApp| -> Vec<(String, ReminderKind)> {
        let r = &t.harness.state().reminders;
        r.waiting
            .iter()
            .chain(r.list.iter().filter(|r| r.kind != ReminderKind::NewLead))
            .map(|r| (r.case_number.clone(), r.kind))
            .collect()
    };
    let bell = |t: &TestApp| -> String {
        t.harness
            .query_all_by_label_contains("Reminders")
            .next()
            .and_then(|n| n.accesskit_node().label())
            .unwrap_or_default()
    };
    // What was announced (the desktop's notifications) and is still listed: the count.
    let announced_and_listed = |t: &TestApp| -> usize {
        let announced: HashSet<(i64, ReminderKind)> = t
            .reminders
            .0
            .lock()
            .unwrap()
            .iter()
            .map(|r| (r.activity_id, r.kind))
            .collect();
        let r = &t.harness.state().reminders;
        r.waiting
            .iter()
            .chain(r.list.iter().filter(|r| r.kind != ReminderKind::NewLead))
            .filter(|r| announced.contains(&(r.activity_id, r.kind)))
            .count()
    };
    t.step_until("the bell's count", Duration::from_secs(10), |h| {
        h.state().reminders.unseen() > 0
    });
    // Each is announced once the store has kept it as shown (its write runs on its own
    // thread): wait for the engine's work, not for the clock.
    let recorded = t.reminders.0.clone();
    t.step_until(
        "the announcements made",
        Duration::from_secs(30),
        move |h| {
            let announced: HashSet<(i64, ReminderKind)> = recorded
                .lock()
                .unwrap()
                .iter()
                .map(|r| (r.activity_id, r.kind))
                .collect();
            let r = &h.state().reminders;
            r.waiting
                .iter()
                .chain(r.list.iter().filter(|r| r.kind != ReminderKind::NewLead))
                .filter(|r| announced.contains(&(r.activity_id, r.kind)))
                .count()
                == r.unseen()
        },
    );
    t.harness.step();
    let first = listed(&t);
    let count = announced_and_listed(&t);
    assert!(count > 0 && count <= first.len(), "{count} of {first:?}");
    assert_eq!(bell(&t), format!("Reminders ({count})"), "{first:?}");
    // Opened: nothing new.
    t.harness
        .query_all_by_label_contains("Reminders (")
        .next()
        .unwrap()
        .click();
    t.harness.step();
    t.harness.step();
    assert_eq!(t.harness.state().reminders.unseen(), 0);
    t.harness.key_press(egui::Key::Escape);
    t.harness.step();
    assert_eq!(bell(&t), "Reminders");

    t.click("Settings");
    t.click("Use the second demo portal");
    t.step_until("the second portal", Duration::from_secs(60), |h| {
        h.state().backend().connection().link().is_second_sandbox()
    });
    t.harness.step();
    let first_cases: HashSet<String> = first.into_iter().map(|(c, _)| c).collect();
    let all_kept = {
        let r = &t.harness.state().reminders;
        r.waiting
            .iter()
            .chain(&r.list)
            .map(|r| r.case_number.clone())
            .collect::<Vec<_>>()
    };
    assert!(
        all_kept.iter().all(|c| !first_cases.contains(c)),
        "the first portal's items are still in the bell: {all_kept:?}"
    );
    // Its own items, once read, are all the bell lists and counts.
    t.wait_at_rest();
    t.harness.step();
    let second = listed(&t);
    assert!(second.iter().all(|(c, _)| !first_cases.contains(c)));
    assert!(t.harness.state().reminders.unseen() <= second.len());
}
