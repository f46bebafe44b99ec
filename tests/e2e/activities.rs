//! Activity read filters and create, against the sandbox.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Offset, Utc};
use leasedesk::api::model::*;

use crate::support::{client, local_only, reference, status, target, unique};

async fn page(filter: ActivityFilter) -> Vec<Activity> {
    client()
        .activities(&ActivityQuery {
            filter: Some(filter),
            page_size: Some(5000),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_vec()
}

/// The API user of the demo portal, who filters 0–5 are about.
async fn api_user() -> String {
    let t = client()
        .search(&SearchQuery {
            page_size: Some(1),
            ..Default::default()
        })
        .await
        .unwrap()
        .tenant;
    client()
        .users(&UserQuery {
            id: Some(t.user_id),
            ..Default::default()
        })
        .await
        .unwrap()[0]
        .name
        .clone()
}

#[tokio::test]
async fn overdue_filter_returns_exactly_the_open_past_due_activities_of_the_user() {
    let _ = local_only!();
    let me = api_user().await;
    let now = reference();
    let overdue = page(ActivityFilter::OverDue).await;
    assert!(overdue.len() > 5, "the demo seed leaves work overdue");
    for a in &overdue {
        assert!(
            a.overdue && !a.completed && !a.cancelled && !a.no_show,
            "{a:?}"
        );
        assert_eq!(a.assigned_name, me);
        assert!(a.due_date.with_timezone(&Utc) < now || a.all_day);
        assert!(
            a.due_date_descriptive.starts_with("Overdue since"),
            "{}",
            a.due_date_descriptive
        );
    }
    let everything = page(ActivityFilter::All).await;
    let flagged: Vec<i64> = everything
        .iter()
        .filter(|a| a.overdue)
        .map(|a| a.id)
        .collect();
    let mut listed: Vec<i64> = overdue.iter().map(|a| a.id).collect();
    listed.sort_unstable();
    let mut flagged_sorted = flagged.clone();
    flagged_sorted.sort_unstable();
    assert_eq!(
        listed, flagged_sorted,
        "the filter and the Overdue flag agree"
    );
}

#[tokio::test]
async fn other_filters() {
    let _ = local_only!();
    let me = api_user().await;
    let history = page(ActivityFilter::History).await;
    assert!(!history.is_empty());
    assert!(history.iter().all(|a| a.is_activity_history && !a.overdue));
    let due = page(ActivityFilter::Due).await;
    assert!(
        due.iter()
            .all(|a| !a.completed && !a.overdue && !a.cancelled)
    );
    let today = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
    for a in page(ActivityFilter::DueToday).await {
        assert_eq!(a.due_date.date_naive(), today, "{a:?}");
        assert!(!a.completed);
    }
    let week_start = today - Duration::days(today.weekday().num_days_from_sunday() as i64);
    for a in page(ActivityFilter::DueThisWeek).await {
        let day = a.due_date.date_naive();
        assert!(
            day >= week_start && day < week_start + Duration::days(7),
            "{day}"
        );
    }
    let all_users = page(ActivityFilter::AllUsers).await;
    assert!(
        all_users.iter().any(|a| a.assigned_name != me),
        "All users includes other agents"
    );
    assert!(
        page(ActivityFilter::All)
            .await
            .iter()
            .all(|a| a.assigned_name == me)
    );
    assert!(
        all_users
            .iter()
            .all(|a| a.time_zone == "Eastern Standard Time")
    );
    let eastern = chrono_tz::America::New_York;
    assert!(
        all_users.iter().all(|a| a.all_day
            || a.due_date == a.due_date.with_timezone(&eastern).fixed_offset()
                && *a.due_date.offset() == a.due_date.with_timezone(&eastern).offset().fix()),
        "times are in the API user's zone"
    );
}

#[tokio::test]
async fn paging_and_bad_parameters() {
    let c = client();
    let first = c
        .activities(&ActivityQuery {
            filter: Some(ActivityFilter::AllUsers),
            page_size: Some(100),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(first.len(), 100);
    let second = c
        .activities(&ActivityQuery {
            filter: Some(ActivityFilter::AllUsers),
            page_size: Some(100),
            page_number: Some(2),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(second.iter().all(|a| !first.iter().any(|b| b.id == a.id)));
    assert!(
        first.windows(2).all(|w| w[0].due_date >= w[1].due_date),
        "newest due first"
    );
    for bad in [
        ActivityQuery {
            filter: Some(ActivityFilter::Other(9)),
            ..Default::default()
        },
        ActivityQuery {
            page_size: Some(0),
            ..Default::default()
        },
        ActivityQuery {
            page_size: Some(1_000_000),
            ..Default::default()
        },
    ] {
        let err = c.activities(&bad).await.unwrap_err();
        assert_eq!(status(&err), 400, "{bad:?}");
    }
}

#[tokio::test]
async fn completed_date_filter() {
    let _ = local_only!();
    let day = NaiveDate::from_ymd_opt(2026, 11, 3).unwrap();
    let list = client()
        .activities(&ActivityQuery {
            filter: Some(ActivityFilter::AllUsers),
            date_completed_start: Some(day),
            date_completed_end: Some(day + Duration::days(6)),
            page_size: Some(5000),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(!list.is_empty());
    for a in list {
        let done = a
            .date_completed
            .expect("only completed activities")
            .with_timezone(&Utc)
            .date_naive();
        assert!(done >= day && done <= day + Duration::days(7), "{done}");
    }
}

async fn new_prospect() -> (i64, String) {
    let person = NewIndividual::new(IndividualType::Prospect, "Activity", &unique("Tester"));
    let created = client()
        .create_individuals(vec![person])
        .await
        .unwrap()
        .individuals
        .remove(0);
    (created.individual_id, created.case_number)
}

async fn activity_type(master: ActivityTypeMaster) -> i64 {
    let types = client()
        .types(&TypeQuery {
            master_id: Some(master.code()),
            ..TypeQuery::list(TypeList::ACTIVITY_TYPE)
        })
        .await
        .unwrap();
    types[0].id
}

fn at(text: &str) -> Timestamp {
    DateTime::parse_from_rfc3339(text).unwrap()
}

#[tokio::test]
async fn create_activities_and_read_them_back() {
    let c = client();
    let (individual, case_number) = new_prospect().await;
    let tour = activity_type(ActivityTypeMaster::Tour).await;
    let task = activity_type(ActivityTypeMaster::ToDo).await;
    let mut visit = NewActivity::new(tour, at("2026-11-24T14:00:00-05:00"));
    visit.individual_id = Some(individual);
    visit.end = Some(at("2026-11-24T15:00:00-05:00"));
    visit.description = Some("Tour of the garden wing".into());
    visit.notes = Some(vec![Note {
        message: "Bring floor plans".into(),
    }]);
    visit.communities = Some(vec![CommunityRef {
        name_unique: "riverside".into(),
    }]);
    // An all-day task written late in the evening in Pacific time stays on its date.
    let mut todo = NewActivity::new(task, at("2026-11-25T23:30:00-08:00"));
    todo.case_number = Some(case_number.clone());
    todo.all_day = Some(true);
    let created = c.create_activities(vec![visit, todo]).await.unwrap();
    assert_eq!(created.activity_ids.len(), 2);
    let list = c
        .activities(&ActivityQuery {
            individual_id: Some(individual),
            ..Default::default()
        })
        .await
        .unwrap();
    let visit = list
        .iter()
        .find(|a| a.id == created.activity_ids[0])
        .unwrap();
    assert_eq!(visit.activity_name, "Tour of the garden wing");
    assert_eq!(visit.community.name_unique, "riverside");
    assert_eq!(
        visit.due_date.with_timezone(&Utc),
        at("2026-11-24T19:00:00Z")
    );
    assert!(!visit.completed);
    assert_eq!(
        visit.notes.as_ref().unwrap()[0].message,
        "Bring floor plans"
    );
    assert_eq!(visit.case_number, case_number);
    let todo = list
        .iter()
        .find(|a| a.id == created.activity_ids[1])
        .unwrap();
    assert!(todo.all_day);
    assert_eq!(
        todo.due_date.date_naive(),
        NaiveDate::from_ymd_opt(2026, 11, 25).unwrap()
    );
}

#[tokio::test]
async fn a_completed_activity_is_history_and_never_overdue() {
    let c = client();
    let (individual, _) = new_prospect().await;
    let call = activity_type(ActivityTypeMaster::CallOut).await;
    let mut done = NewActivity::new(call, at("2026-01-05T10:00:00-05:00"));
    done.individual_id = Some(individual);
    done.date_completed = Some(at("2026-01-05T10:20:00-05:00"));
    let mut missed = NewActivity::new(call, at("2026-01-06T10:00:00-05:00"));
    missed.individual_id = Some(individual);
    let ids = c
        .create_activities(vec![done, missed])
        .await
        .unwrap()
        .activity_ids;
    let list = c
        .activities(&ActivityQuery {
            individual_id: Some(individual),
            ..Default::default()
        })
        .await
        .unwrap();
    let done = list.iter().find(|a| a.id == ids[0]).unwrap();
    assert!(done.completed && done.is_activity_history && !done.overdue);
    let missed = list.iter().find(|a| a.id == ids[1]).unwrap();
    assert!(missed.overdue && !missed.completed);
}

#[tokio::test]
async fn activity_create_errors_name_the_field() {
    let c = client();
    let (individual, _) = new_prospect().await;
    let mut unknown_type = NewActivity::new(99_999, at("2026-11-24T14:00:00-05:00"));
    unknown_type.individual_id = Some(individual);
    let err = c.create_activities(vec![unknown_type]).await.unwrap_err();
    assert_eq!(status(&err), 400);
    assert!(
        err.to_string().contains("activities[0].activityTypeId"),
        "{err}"
    );
    let tour = activity_type(ActivityTypeMaster::Tour).await;
    let nobody = NewActivity::new(tour, at("2026-11-24T14:00:00-05:00"));
    let err = c.create_activities(vec![nobody]).await.unwrap_err();
    assert!(
        err.to_string().contains("individualId or caseNumber"),
        "{err}"
    );
    let mut backwards = NewActivity::new(tour, at("2026-11-24T14:00:00-05:00"));
    backwards.individual_id = Some(individual);
    backwards.end = Some(at("2026-11-24T13:00:00-05:00"));
    let err = c.create_activities(vec![backwards]).await.unwrap_err();
    assert!(err.to_string().contains("end"), "{err}");
    assert!(
        c.activities(&ActivityQuery {
            individual_id: Some(individual),
            ..Default::default()
        })
        .await
        .unwrap()
        .is_empty()
    );
    let _ = target();
}

#[tokio::test]
async fn a_create_whose_answer_was_lost_is_found_past_the_first_page_by_its_reference() {
    use leasedesk::service::follow_up::{Create, create_checked};
    // A sandbox of its own: 600 more activities must not change what other tests count.
    let sandbox = crate::support::start_local().await;
    let c = crate::support::client_for(&sandbox.base_url, &sandbox.key, sandbox.portal_id);
    let person = NewIndividual::new(IndividualType::Prospect, "Activity", &unique("Long"));
    let individual = c
        .create_individuals(vec![person])
        .await
        .unwrap()
        .individuals[0]
        .individual_id;
    let task = c
        .types(&TypeQuery {
            master_id: Some(ActivityTypeMaster::ToDo.code()),
            ..TypeQuery::list(TypeList::ACTIVITY_TYPE)
        })
        .await
        .unwrap()[0]
        .id;
    // A long-standing resident: more activities than one page of 500.
    for batch in 0..2 {
        let filler: Vec<NewActivity> = (0..300)
            .map(|n| {
                let mut a = NewActivity::new(task, at("2026-11-10T09:00:00-05:00"));
                a.individual_id = Some(individual);
                a.description = Some(format!("Filler {batch}-{n}"));
                a
            })
            .collect();
        c.create_activities(filler).await.unwrap();
    }
    // Sent once; its answer "lost". The oldest, so the service lists it last.
    let mut body = NewActivity::new(task, at("2020-01-06T10:00:00-05:00"));
    body.individual_id = Some(individual);
    body.description = Some("Sent once, answer lost".into());
    let reference = unique("ref");
    leasedesk::domain::follow_up::with_reference(&mut body, &reference);
    let sent = c.create_activities(vec![body.clone()]).await.unwrap();
    let first_page = c
        .activities(&ActivityQuery {
            individual_id: Some(individual),
            page_size: Some(500),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(
        first_page.iter().all(|a| a.id != sent.activity_ids[0]),
        "the create is not on the first page"
    );
    let found = create_checked(
        &c,
        &Create {
            body,
            type_name: "a name the look does not need".into(),
        },
        true,
    )
    .await
    .unwrap();
    assert_eq!(found, sent.activity_ids[0], "found by its reference");
    let all = c
        .activities(&ActivityQuery {
            individual_id: Some(individual),
            page_size: Some(5000),
            ..Default::default()
        })
        .await
        .unwrap();
    let copies = all
        .iter()
        .filter(|a| a.activity_name == "Sent once, answer lost")
        .count();
    assert_eq!(copies, 1, "not sent again");
}

#[tokio::test]
async fn changed_since_a_moment_returns_only_what_was_stamped_from_then_on() {
    let _ = local_only!();
    let all = client()
        .activities(&ActivityQuery {
            filter: Some(ActivityFilter::AllUsers),
            page_size: Some(5000),
            date_updated_start: Some(DayOrTime::Day(reference().date_naive() - Duration::days(2))),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_vec();
    let mut stamps: Vec<DateTime<Utc>> = all
        .iter()
        .filter_map(|a| a.date_updated.map(|d| d.with_timezone(&Utc)))
        .collect();
    stamps.sort();
    assert!(
        stamps.len() > 10,
        "the seed stamps updates in the last days"
    );
    // A moment between two stamps splits them there, whatever the day.
    let from = stamps[stamps.len() / 2];
    let since = client()
        .activities(&ActivityQuery {
            filter: Some(ActivityFilter::AllUsers),
            page_size: Some(5000),
            date_updated_start: Some(DayOrTime::Time(from)),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_vec();
    let expected = stamps.iter().filter(|s| **s >= from).count();
    assert!(expected < stamps.len());
    assert!(
        since.iter().all(|a| a
            .date_updated
            .is_some_and(|d| d.with_timezone(&Utc) >= from)),
        "nothing stamped before the moment"
    );
    assert!(since.len() >= expected, "{} < {expected}", since.len());
}
