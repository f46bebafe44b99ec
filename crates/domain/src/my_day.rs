//! "My day", the leasing agent's home: what is overdue, what is due today, and the tours coming
//! up. Built from the calendar's index, so a large portal costs only what is shown.

use chrono::{DateTime, Days, NaiveDate, Utc};

use super::calendar::{CalendarIndex, ItemState, state, zone_of};
use super::follow_up::FollowUps;
use crate::api::model::Activity;

/// What counts as a tour and how far ahead "upcoming" reaches.
#[derive(Debug, Clone, PartialEq)]
pub struct MyDayRules {
    /// Activity type names shown as tours (the portal's names for the Tour type).
    pub tour_types: Vec<String>,
    /// Days from today (today included) that "upcoming tours" covers.
    pub upcoming_days: u32,
}

impl Default for MyDayRules {
    fn default() -> Self {
        MyDayRules {
            tour_types: vec!["Tour".to_owned()],
            upcoming_days: 14,
        }
    }
}

/// Indices into the activities, per section, in the order shown.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MyDay {
    /// Overdue now, the most recently due first.
    pub overdue: Vec<usize>,
    /// Open and due today, not yet overdue, by time.
    pub due_today: Vec<usize>,
    /// Open tours from today on, not yet overdue, by time.
    pub upcoming_tours: Vec<usize>,
    /// Still open on the service but followed up here (outcome logged, next step set), by due
    /// date, the most recent first.
    pub followed_up: Vec<usize>,
}

/// "Overdue (N)" on My day and "⚠ N overdue" over the calendar: the open items past their due
/// moment on the list shown, those read (`listed`) and, on everyone's list, those counted
/// beyond the days read (`not_read`). One figure in both places.
pub fn overdue_count(listed: usize, not_read: usize) -> usize {
    listed.saturating_add(not_read)
}

/// The sections, from the calendar's index (built with the same `followed`).
pub fn my_day(
    activities: &[Activity],
    index: &CalendarIndex,
    followed: &FollowUps,
    now: DateTime<Utc>,
    today: NaiveDate,
    rules: &MyDayRules,
) -> MyDay {
    let is_followed = |i: &usize| followed.contains_key(&activities[*i].id);
    let open_not_overdue = |i: &usize| {
        let a = &activities[*i];
        let s = state(a, now, zone_of(a));
        s.is_open() && s != ItemState::Overdue && !is_followed(i)
    };
    let due_today = index
        .on(today)
        .iter()
        .copied()
        .filter(open_not_overdue)
        .collect();
    let upcoming_tours = (0..rules.upcoming_days)
        .filter_map(|d| today.checked_add_days(Days::new(d.into())))
        .flat_map(|day| index.on(day).iter().copied())
        .filter(open_not_overdue)
        .filter(|&i| {
            activities[i]
                .activity_type
                .as_ref()
                .is_some_and(|t| rules.tour_types.contains(t))
        })
        .collect();
    let followed_up: Vec<usize> = index
        .followed
        .iter()
        .copied()
        .filter(|&i| state(&activities[i], now, zone_of(&activities[i])).is_open())
        .collect();
    MyDay {
        overdue: index.overdue(now).collect(),
        due_today,
        upcoming_tours,
        followed_up,
    }
}

#[cfg(test)]
mod overdue_tests {
    #[test]
    fn the_overdue_figure_counts_those_not_read_too() {
        assert_eq!(super::overdue_count(84, 63), 147);
        assert_eq!(super::overdue_count(7, 0), 7);
        assert_eq!(super::overdue_count(usize::MAX, 1), usize::MAX);
    }
}

#[cfg(test)]
mod tests {
    use chrono::DateTime;

    use super::*;
    use crate::calendar::CalendarFilter;

    fn activity(id: i64, due: &str, kind: &str) -> Activity {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/activities.json"
        ))
        .unwrap();
        let mut list: Vec<Activity> = serde_json::from_str(&text).unwrap();
        let mut a = list.remove(0);
        a.id = id;
        a.due_date = DateTime::parse_from_rfc3339(due).unwrap();
        a.due_date_end = a.due_date + chrono::Duration::hours(1);
        a.all_day = false;
        a.completed = false;
        a.cancelled = false;
        a.no_show = false;
        a.activity_type = Some(kind.to_owned());
        a
    }

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    #[test]
    fn sections_split_overdue_today_and_upcoming_tours() {
        let mut done = activity(5, "2026-11-21T08:00:00-05:00", "Call Out");
        done.completed = true;
        let list = vec![
            activity(1, "2026-11-20T10:00:00-05:00", "Call Out"),
            activity(2, "2026-11-21T09:00:00-05:00", "Tour"),
            activity(3, "2026-11-21T16:00:00-05:00", "Call Out"),
            activity(4, "2026-11-21T17:00:00-05:00", "Tour"),
            done,
            activity(6, "2026-12-03T11:00:00-05:00", "Tour"),
            activity(7, "2026-12-06T11:00:00-05:00", "Tour"),
            activity(8, "2026-11-25T11:00:00-05:00", "Community Tour"),
        ];
        let none = FollowUps::new();
        let index = CalendarIndex::build(&list, &CalendarFilter::default(), &none);
        let now = utc("2026-11-21T15:00:00Z"); // 10:00 in New York
        let today = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
        let day = my_day(&list, &index, &none, now, today, &MyDayRules::default());
        let ids = |v: &[usize]| v.iter().map(|&i| list[i].id).collect::<Vec<_>>();
        assert_eq!(
            ids(&day.overdue),
            vec![2, 1],
            "newest first; done is never overdue"
        );
        assert_eq!(ids(&day.due_today), vec![3, 4]);
        assert_eq!(ids(&day.upcoming_tours), vec![4, 6], "14 days, Tour only");
        let wider = MyDayRules {
            tour_types: vec!["Tour".into(), "Community Tour".into()],
            upcoming_days: 16,
        };
        let day = my_day(&list, &index, &none, now, today, &wider);
        assert_eq!(ids(&day.upcoming_tours), vec![4, 8, 6, 7]);
        // An hour later the 16:00 call is still due today; at 17:30 the tour is overdue.
        let later = my_day(
            &list,
            &index,
            &none,
            utc("2026-11-21T22:30:00Z"),
            today,
            &wider,
        );
        assert_eq!(ids(&later.overdue), vec![4, 3, 2, 1]);
        assert!(later.due_today.is_empty());
        assert!(later.followed_up.is_empty());
        // Following up the overdue call of the 20th and today's 17:00 tour moves them.
        let mut followed = FollowUps::new();
        for id in [1, 4] {
            followed.insert(
                id,
                crate::follow_up::FollowUp {
                    activity_id: id,
                    outcome_id: Some(100 + id),
                    next_id: Some(200 + id),
                    at: now,
                },
            );
        }
        let index = CalendarIndex::build(&list, &CalendarFilter::default(), &followed);
        let day = my_day(&list, &index, &followed, now, today, &wider);
        assert_eq!(ids(&day.overdue), vec![2]);
        assert_eq!(ids(&day.due_today), vec![3]);
        assert_eq!(ids(&day.followed_up), vec![4, 1]);
        assert_eq!(index.overdue_count(now), 1, "the toolbar's count drops too");
    }
}
