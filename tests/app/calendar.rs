//! The activity calendar against the sandbox, with a fixed clock.

use std::collections::BTreeSet;
use std::time::Duration;

use chrono::Utc;
use egui_kittest::kittest::{NodeT, Queryable};
use leasedesk::api::model::{ActivityFilter, ActivityQuery};

use crate::support::{TestApp, app, direct_client};

fn open_calendar() -> TestApp {
    let mut t = app();
    t.click("Calendar");
    t.step_until("activities loaded", Duration::from_secs(60), |h| {
        h.state().panes.calendar.activities().is_some()
    });
    t
}

#[test]
fn the_overdue_filter_shows_exactly_the_sandboxs_overdue_activities() {
    let mut t = open_calendar();
    t.choose("Show", "My overdue");
    t.step_until("the overdue list", Duration::from_secs(60), |h| {
        h.state().panes.calendar.filter == ActivityFilter::OverDue
            && h.state()
                .panes
                .calendar
                .activities()
                .is_some_and(|l| l.iter().all(|a| a.overdue))
    });
    let client = direct_client(&t);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let expected: BTreeSet<i64> = runtime
        .block_on(client.activities(&ActivityQuery {
            filter: Some(ActivityFilter::OverDue),
            page_size: Some(5000),
            ..Default::default()
        }))
        .unwrap()
        .into_iter()
        .map(|a| a.id)
        .collect();
    assert!(!expected.is_empty());
    let now = t.clock.now();
    let highlighted: BTreeSet<i64> = t
        .harness
        .state()
        .panes
        .calendar
        .overdue_ids(now)
        .into_iter()
        .collect();
    assert_eq!(
        highlighted, expected,
        "the app's overdue rule agrees with the service"
    );
    t.wait_for_label(&format!("⚠ {} overdue", expected.len()));
    // The agenda lists each of them with the word, not only a colour.
    t.click("Agenda");
    for _ in 0..3 {
        t.click("◀ Previous");
    }
    assert!(t.harness.query_all_by_label("⚠ Overdue").count() > 0);
}

#[test]
fn an_item_turns_overdue_when_the_clock_passes_its_due_time() {
    let mut t = open_calendar();
    let now = t.clock.now();
    let next = t
        .harness
        .state()
        .panes
        .calendar
        .activities()
        .unwrap()
        .iter()
        .filter(|a| {
            !a.completed
                && !a.cancelled
                && !a.no_show
                && !a.all_day
                && a.due_date.with_timezone(&Utc) > now
        })
        .min_by_key(|a| a.due_date)
        .cloned()
        .expect("an open activity due later");
    assert!(
        !t.harness
            .state()
            .panes
            .calendar
            .overdue_ids(now)
            .contains(&next.id)
    );
    let before = t.harness.state().panes.calendar.overdue_ids(now).len();
    t.wait_for_label(&format!("⚠ {before} overdue"));
    t.clock
        .advance(next.due_date.with_timezone(&Utc) - now + chrono::Duration::minutes(1));
    t.harness.step();
    let later = t.clock.now();
    assert!(
        t.harness
            .state()
            .panes
            .calendar
            .overdue_ids(later)
            .contains(&next.id),
        "no input needed: the rule follows the clock"
    );
    let after = t.harness.state().panes.calendar.overdue_ids(later).len();
    assert!(after > before);
    t.wait_for_label(&format!("⚠ {after} overdue"));
}

#[test]
fn views_and_details() {
    let mut t = open_calendar();
    t.click("Month");
    t.wait_for_label("November 2026");
    t.click("Week");
    t.wait_for_text("Times in America/New_York");
    t.click("Agenda");
    let first = t
        .harness
        .state()
        .panes
        .calendar
        .activities()
        .unwrap()
        .iter()
        .find(|a| a.overdue)
        .cloned()
        .unwrap();
    t.harness.state_mut().panes.calendar.selected = Some(first.id);
    t.harness.step();
    t.harness.step();
    t.wait_for_label("Close details");
    t.harness
        .get_by_label(&format!("⚠ {}", first.due_date_descriptive));
    t.click("Open case");
    t.step_until("the activity's case, open", Duration::from_secs(60), |h| {
        h.state()
            .panes
            .cases
            .view
            .as_ref()
            .is_some_and(|v| v.case_number() == first.case_number)
    });
}

#[test]
fn logging_an_activity_from_a_case_makes_it_appear() {
    let mut t = app();
    t.wait_for_cases();
    let row = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .nth(5)
        .unwrap()
        .clone();
    t.click(&row.name);
    t.wait_for_label("Log a call…");
    t.click("Log a call…");
    t.step_until("the form with its lists", Duration::from_secs(60), |h| {
        h.state()
            .log_activity_form()
            .as_ref()
            .is_some_and(|f| f.draft.type_id.is_some())
    });
    assert_eq!(
        t.harness
            .state()
            .log_activity_form()
            .as_ref()
            .unwrap()
            .draft
            .who
            .as_ref()
            .unwrap()
            .name,
        row.name,
        "pre-filled from the case"
    );
    t.wait_for_label("Start time");
    t.field("Start time").focus();
    t.harness.step();
    t.harness
        .key_combination_modifiers(egui::Modifiers::COMMAND, &[egui::Key::A]);
    t.type_into("Start time", "25:99");
    t.type_into("Description", "Called about the two-bedroom");
    t.click("Save activity");
    t.wait_for_text("Start time must look like");
    assert_eq!(
        t.field("Description").value().as_deref(),
        Some("Called about the two-bedroom"),
        "nothing typed is lost"
    );
    t.field("Start time").focus();
    t.harness.step();
    t.harness
        .key_combination_modifiers(egui::Modifiers::COMMAND, &[egui::Key::A]);
    t.type_into("Start time", "16:15");
    t.click("Save activity");
    t.wait_for_text("Activity saved");
    t.click("Close");
    t.step_until(
        "the new activity in the calendar",
        Duration::from_secs(60),
        |h| {
            h.state().panes.calendar.activities().is_some_and(|l| {
                l.iter()
                    .any(|a| a.activity_name == "Called about the two-bedroom")
            })
        },
    );
    let created = t
        .harness
        .state()
        .panes
        .calendar
        .activities()
        .unwrap()
        .iter()
        .find(|a| a.activity_name == "Called about the two-bedroom")
        .cloned()
        .unwrap();
    assert_eq!(created.individual_full_name, row.name);
    assert_eq!(created.activity_type.as_deref(), Some("Call Out"));
    assert_eq!(created.due_date.format("%H:%M").to_string(), "16:15");
    assert_eq!(
        created.assigned_name, "Dana Whitfield",
        "assigned to the signed-in user unless another is chosen"
    );
}

#[test]
fn my_day_lists_overdue_work_first() {
    let mut t = open_calendar();
    let now = t.clock.now();
    let overdue = t.harness.state().panes.calendar.overdue_ids(now).len();
    t.wait_for_label(&format!("⚠ Overdue ({overdue})"));
    t.harness.get_by_label_contains("Due today (");
    t.harness
        .get_by_label_contains("Upcoming tours, next 14 days (");
}

#[test]
fn the_calendar_reads_the_days_it_shows_from_the_store_not_every_activity() {
    use chrono::{Datelike, Days};
    let mut t = app();
    t.wait_connected();
    crate::support::wait_for_filled_store(&mut t);
    let client = direct_client(&t);
    let mine = crate::support::block_on(leasedesk::service::activities::load_all(
        client,
        ActivityFilter::All,
        Default::default(),
    ))
    .unwrap();
    let now = t.clock.now();
    let today = now.date_naive();
    let loaded = |t: &TestApp| -> BTreeSet<i64> {
        t.harness
            .state()
            .panes
            .calendar
            .activities()
            .map(|l| l.iter().map(|a| a.id).collect())
            .unwrap_or_default()
    };
    // My day: the week ahead and every open overdue one, not the whole list.
    let wanted: BTreeSet<i64> = mine
        .iter()
        .filter(|a| {
            let day = a.due_date.date_naive();
            let open = !a.completed && !a.cancelled && !a.no_show;
            (day >= today && day < today + Days::new(7))
                || (open && a.due_date.with_timezone(&Utc) < now)
        })
        .map(|a| a.id)
        .collect();
    assert!(!wanted.is_empty());
    t.click("Calendar");
    // A list read before the store was filled is read again once the sync says so: wait for
    // the store's answer, not merely for one that includes the week.
    t.step_until(
        "My day's days from the store",
        Duration::from_secs(60),
        |h| {
            let shown: BTreeSet<i64> = h
                .state()
                .panes
                .calendar
                .activities()
                .map(|l| l.iter().map(|a| a.id).collect())
                .unwrap_or_default();
            wanted.is_subset(&shown) && shown.len() * 2 < mine.len()
        },
    );
    let held = loaded(&t).len();
    assert!(
        held * 2 < mine.len(),
        "the calendar holds {held} of the user's {} activities",
        mine.len()
    );
    // Two months ahead in the month view: that month's days are read when shown.
    t.click("Month");
    t.click("Next ▶");
    t.click("Next ▶");
    let ahead = today
        .with_day(1)
        .and_then(|d| d.checked_add_months(chrono::Months::new(2)))
        .unwrap();
    let that_month: BTreeSet<i64> = mine
        .iter()
        .filter(|a| {
            let day = a.due_date.date_naive();
            day.year() == ahead.year() && day.month() == ahead.month()
        })
        .map(|a| a.id)
        .collect();
    assert!(!that_month.is_empty(), "the demo has work booked then");
    t.step_until("the month shown", Duration::from_secs(60), |h| {
        let shown: BTreeSet<i64> = h
            .state()
            .panes
            .calendar
            .activities()
            .map(|l| l.iter().map(|a| a.id).collect())
            .unwrap_or_default();
        that_month.is_subset(&shown)
    });
}

#[test]
fn the_calendar_filters_say_whose_work_the_list_holds() {
    let mut t = open_calendar();
    let combo = |t: &TestApp, label: &str| {
        t.harness
            .query_all_by_role_and_label(egui::accesskit::Role::ComboBox, label)
            .last()
            .map(|n| {
                let n = n.accesskit_node();
                (n.value().unwrap_or_default(), n.is_disabled())
            })
            .unwrap_or_else(|| panic!("no drop-down {label:?}"))
    };
    // The service's "All" is the user's own work: the words say so, and whose is not offered.
    assert_eq!(combo(&t, "Show"), ("My activities".to_owned(), false));
    assert_eq!(combo(&t, "Assigned to"), ("Me".to_owned(), true));
    t.choose("Show", "Everyone's activities");
    t.step_until("everyone's list", Duration::from_secs(60), |h| {
        h.state().panes.calendar.filter == ActivityFilter::AllUsers
    });
    assert_eq!(combo(&t, "Assigned to"), ("Anyone".to_owned(), false));
    // The count is of the days the view shows.
    t.click("Week");
    let now = t.clock.now();
    t.step_until("the week's count", Duration::from_secs(60), |h| {
        let calendar = &h.state().panes.calendar;
        let Some(list) = calendar.activities() else {
            return false;
        };
        let Some(first) = list.first() else {
            return false;
        };
        let today = now.with_timezone(first.due_date.offset()).date_naive();
        let shown = calendar.shown_ids();
        let week = leasedesk::domain::calendar::week_of(today);
        let in_week = list
            .iter()
            .filter(|a| shown.contains(&a.id))
            .filter(|a| {
                let day = a.due_date.date_naive();
                day >= week[0] && day <= week[6]
            })
            .count();
        h.query_by_label(&format!("{in_week} shown")).is_some()
    });
}

/// Creates `activities` on the service and syncs until the store holds them all.
fn created_and_synced(
    t: &mut TestApp,
    direct: &leasedesk::api::Client,
    activities: Vec<leasedesk::api::model::NewActivity>,
) -> leasedesk::api::model::ActivitiesCreated {
    let count = activities.len();
    let created = crate::support::block_on(direct.create_activities(activities)).unwrap();
    let kept_before = t
        .harness
        .state()
        .backend()
        .offline_copy()
        .store()
        .unwrap()
        .activities_len();
    t.harness.state().backend().sync().now();
    t.step_until(
        "the new activities in the store",
        Duration::from_secs(120),
        |h| {
            h.state()
                .backend()
                .offline_copy()
                .store()
                .unwrap()
                .activities_len()
                >= kept_before + count
        },
    );
    created
}

#[test]
fn everyones_busy_day_lists_a_page_counts_the_rest_and_a_narrowing_lists_them_all() {
    use chrono::Datelike;
    use leasedesk::api::model::{NewActivity, TypeList, TypeQuery};
    use leasedesk::domain::calendar::{local_day, month_grid, zone_of};
    use std::collections::BTreeMap;
    let mut t = app();
    t.wait_connected();
    crate::support::wait_for_filled_store(&mut t);
    let direct = direct_client(&t);
    let types = crate::support::block_on(direct.types(&TypeQuery::list(TypeList::ActivityTypes)))
        .unwrap()
        .into_vec();
    let (first_kind, second_kind) = (&types[0], &types[1]);
    let everyone = || crate::agent_day::all_activities(&direct, ActivityFilter::AllUsers);
    let person = everyone()[0].individual_id;
    // A busy day tomorrow: sixty more activities, half of each of two types.
    let start = t.clock.now().fixed_offset() + chrono::Duration::days(1);
    let busy: Vec<NewActivity> = (0..60)
        .map(|i| NewActivity {
            individual_id: Some(person),
            description: Some(format!("Busy day {i}")),
            ..NewActivity::new(
                [first_kind, second_kind][i % 2].id,
                start + chrono::Duration::minutes(i as i64),
            )
        })
        .collect();
    let created = created_and_synced(&mut t, &direct, busy);

    let every = everyone();
    let day_of = |a: &leasedesk::api::model::Activity| local_day(a, zone_of(a));
    let busy_day = every
        .iter()
        .filter(|a| a.id == created.activity_ids[0])
        .map(day_of)
        .next()
        .unwrap();
    t.click("Calendar");
    t.choose("Show", "Everyone's activities");
    t.click("Month");
    let today = t.harness.state().panes.calendar.anchor.unwrap();
    if (busy_day.year(), busy_day.month()) != (today.year(), today.month()) {
        t.click("Next ▶");
    }
    let grid = month_grid(busy_day.year(), busy_day.month());
    let (first, last) = (grid[0][0], grid[grid.len() - 1][6]);
    t.step_until(
        "the month read, a page of the busy day",
        Duration::from_secs(60),
        |h| {
            let calendar = &h.state().panes.calendar;
            calendar.has_read(first, last) && calendar.more_on(busy_day) > 0
        },
    );
    // Every activity of every day shown is counted: listed, or counted beyond the page.
    let mut by_hand: BTreeMap<chrono::NaiveDate, usize> = BTreeMap::new();
    for a in &every {
        *by_hand.entry(day_of(a)).or_default() += 1;
    }
    let calendar = &t.harness.state().panes.calendar;
    let mut more_in_all = 0;
    for week in &grid {
        for &day in week {
            assert_eq!(
                calendar.listed_on(day) + calendar.more_on(day),
                by_hand.get(&day).copied().unwrap_or(0),
                "{day}"
            );
            more_in_all += calendar.more_on(day);
        }
    }
    assert!(calendar.listed_on(busy_day) >= leasedesk::engine::TEAM_PER_DAY);
    t.wait_for_label(&format!(
        "{} more not listed",
        leasedesk::domain::format::thousands(more_in_all as u64)
    ));

    // Narrowed to one type, read again from the store: all of that day's of the type listed.
    let of_kind = every
        .iter()
        .filter(|a| day_of(a) == busy_day && a.activity_type.as_deref() == Some(&first_kind.name))
        .count();
    assert!((30..=leasedesk::engine::TEAM_PER_DAY).contains(&of_kind));
    t.choose("Activity type", &first_kind.name);
    t.step_until(
        "the type's activities, all listed",
        Duration::from_secs(60),
        |h| {
            let calendar = &h.state().panes.calendar;
            calendar.more_on(busy_day) == 0 && calendar.listed_on(busy_day) == of_kind
        },
    );
}

#[test]
fn a_crowded_hour_of_the_week_is_counted_in_a_plus_n_that_opens_the_days_list() {
    use leasedesk::api::model::{NewActivity, TypeList, TypeQuery};
    use leasedesk::domain::calendar::{local_day, zone_of};
    let mut t = app();
    t.wait_connected();
    crate::support::wait_for_filled_store(&mut t);
    let direct = direct_client(&t);
    let kind = crate::support::block_on(direct.types(&TypeQuery::list(TypeList::ActivityTypes)))
        .unwrap()[0]
        .id;
    let everyone = || crate::agent_day::all_activities(&direct, ActivityFilter::AllUsers);
    let person = everyone()[0].individual_id;
    let me = t
        .harness
        .state()
        .backend()
        .connection()
        .me()
        .unwrap()
        .user_id;
    // Thirty of the user's own activities at the same hour the day after tomorrow: side by side, no column fits.
    let at = (t.clock.now() + chrono::Duration::days(2))
        .date_naive()
        .and_hms_opt(15, 0, 0)
        .unwrap()
        .and_utc()
        .fixed_offset();
    let crowd: Vec<NewActivity> = (0..30)
        .map(|i| NewActivity {
            individual_id: Some(person),
            description: Some(format!("Crowded hour {i}")),
            assigned_user_id: Some(me),
            ..NewActivity::new(kind, at)
        })
        .collect();
    let created = created_and_synced(&mut t, &direct, crowd);
    let crowded_day = everyone()
        .iter()
        .find(|a| a.id == created.activity_ids[0])
        .map(|a| local_day(a, zone_of(a)))
        .unwrap();

    // The user's own are read whole (everyone's a page a day), so all thirty are in the week.
    t.click("Calendar");
    t.click("Week");
    if crowded_day
        > leasedesk::domain::calendar::week_of(t.harness.state().panes.calendar.anchor.unwrap())[6]
    {
        t.click("Next ▶");
    }
    let plus_n = |h: &egui_kittest::Harness<'_, leasedesk::ui::app::LeaseDeskApp>| {
        h.query_all_by_label_contains("+")
            .filter_map(|n| n.accesskit_node().label())
            .filter_map(|l| l.strip_prefix('+').and_then(|n| n.parse::<usize>().ok()))
            .collect::<Vec<_>>()
    };
    t.step_until(
        "a \"+N\" for the crowded hour",
        Duration::from_secs(60),
        |h| plus_n(h).iter().any(|&n| n >= 25),
    );
    // At most a few of the thirty are drawn side by side; the rest are counted, none lost.
    let counted = plus_n(&t.harness).into_iter().max().unwrap();
    assert!(
        (25..=30 + everyone().len()).contains(&counted),
        "{counted} counted"
    );
    // The blocks drawn beside it are a few letters wide: they name the person, not "3:0…".
    let name = everyone()
        .into_iter()
        .find(|a| a.id == created.activity_ids[0])
        .unwrap()
        .individual_full_name;
    let labels: Vec<String> = t
        .harness
        .query_all_by_label_contains(&name)
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    assert!(
        labels
            .iter()
            .any(|l| l.ends_with(name.as_str()) && !l.contains(':')),
        "no narrow block names {name}: {labels:?}"
    );
    t.click(&format!("+{counted}"));
    t.step_until("the crowded day as a list", Duration::from_secs(10), |h| {
        let calendar = &h.state().panes.calendar;
        calendar.view == leasedesk::ui::panes::calendar::View::Agenda
            && calendar.anchor == Some(crowded_day)
    });
}

#[test]
fn the_agenda_says_the_eight_weeks_it_lists_once() {
    use chrono::Datelike;
    use leasedesk::domain::{calendar::week_of, format};
    let mut t = open_calendar();
    t.click("Agenda");
    let today = t
        .clock
        .now()
        .with_timezone(&chrono_tz::America::New_York)
        .date_naive();
    let anchor = t.harness.state().panes.calendar.anchor.unwrap_or(today);
    let week = week_of(anchor);
    let last = week[0] + chrono::Days::new(55);
    t.wait_for_label(&format::day_range(week[0], last));
    // Not the first week alone beside it, nor the same eight weeks said a second way.
    assert!(
        t.harness
            .query_by_label(&format::day_range(week[0], week[6]))
            .is_none()
    );
    assert!(
        t.harness
            .query_by_label_contains(&format!("{} to ", format::weekday(week[0], today.year())))
            .is_none()
    );
    // A week that crosses a month names both months.
    t.click("Week");
    t.wait_for_label(&format::day_range(week[0], week[6]));
}
