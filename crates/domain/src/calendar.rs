//! Calendar rules over activities: what is overdue, which day and time an activity falls on in
//! the user's time zone, and how a month or a week is laid out.

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, Days, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

use crate::api::model::{Activity, time_zone_by_name};

/// How an activity should be shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemState {
    Overdue,
    Open,
    Completed,
    Cancelled,
    NoShow,
    Rescheduled,
}

/// The zone an activity's times belong to (the API user's), UTC when the name is unknown.
pub fn zone_of(activity: &Activity) -> Tz {
    time_zone_by_name(&activity.time_zone)
        .map(|z| z.iana)
        .unwrap_or(Tz::UTC)
}

/// Not completed (nor cancelled or a no-show) and its due time has passed; an all-day item is
/// overdue once its date is before the user's today. Evaluated against `now`, so the highlight
/// changes as the clock moves.
pub fn is_overdue(activity: &Activity, now: DateTime<Utc>, tz: Tz) -> bool {
    if activity.completed || activity.cancelled || activity.no_show {
        return false;
    }
    if activity.all_day {
        local_day(activity, tz) < now.with_timezone(&tz).date_naive()
    } else {
        activity.due_date.with_timezone(&Utc) < now
    }
}

impl ItemState {
    /// The state in a word, so it is never shown by colour alone.
    pub fn word(self) -> &'static str {
        match self {
            ItemState::Overdue => "Overdue",
            ItemState::Open => "Open",
            ItemState::Completed => "Done",
            ItemState::Cancelled => "Cancelled",
            ItemState::NoShow => "No show",
            ItemState::Rescheduled => "Rescheduled",
        }
    }

    /// Whether it still needs doing (open, rescheduled or overdue).
    pub fn is_open(self) -> bool {
        matches!(
            self,
            ItemState::Overdue | ItemState::Open | ItemState::Rescheduled
        )
    }
}

pub fn state(activity: &Activity, now: DateTime<Utc>, tz: Tz) -> ItemState {
    if activity.completed {
        ItemState::Completed
    } else if activity.cancelled {
        ItemState::Cancelled
    } else if activity.no_show {
        ItemState::NoShow
    } else if is_overdue(activity, now, tz) {
        ItemState::Overdue
    } else if activity.rescheduled {
        ItemState::Rescheduled
    } else {
        ItemState::Open
    }
}

/// The instant an open activity becomes overdue (`None` when it never will: completed,
/// cancelled or a no-show). Sorted, these answer "how many are overdue now" and "when does the
/// next one turn" with a binary search instead of a pass over every activity.
pub fn overdue_from(activity: &Activity, tz: Tz) -> Option<DateTime<Utc>> {
    if activity.completed || activity.cancelled || activity.no_show {
        return None;
    }
    if activity.all_day {
        let next_day = local_day(activity, tz).succ_opt()?.and_time(NaiveTime::MIN);
        tz.from_local_datetime(&next_day)
            .earliest()
            .map(|t| t.with_timezone(&Utc))
    } else {
        // Overdue once strictly past the due time.
        activity
            .due_date
            .with_timezone(&Utc)
            .checked_add_signed(chrono::Duration::nanoseconds(1))
    }
}

/// The day an activity is on for the user. An all-day item keeps the date it carries, whatever
/// the offset, so it never moves to a neighbouring day.
pub fn local_day(activity: &Activity, tz: Tz) -> NaiveDate {
    if activity.all_day {
        activity.due_date.date_naive()
    } else {
        activity.due_date.with_timezone(&tz).date_naive()
    }
}

/// Start and end time of day in the user's zone (`None` for all-day items). An end on a later
/// day is cut at midnight.
pub fn local_times(activity: &Activity, tz: Tz) -> Option<(NaiveTime, NaiveTime)> {
    if activity.all_day {
        return None;
    }
    let start = activity.due_date.with_timezone(&tz);
    let end = activity.due_date_end.with_timezone(&tz);
    let end_time = if end.date_naive() > start.date_naive() {
        NaiveTime::from_hms_opt(23, 59, 59).unwrap_or_default()
    } else {
        end.time()
    };
    Some((start.time(), end_time.max(start.time())))
}

/// The weeks (Sunday first) that show `month`, as a month view draws them.
pub fn month_grid(year: i32, month: u32) -> Vec<[NaiveDate; 7]> {
    let Some(first) = NaiveDate::from_ymd_opt(year, month, 1) else {
        return Vec::new();
    };
    let last = first
        .checked_add_months(chrono::Months::new(1))
        .map_or(first, |next| next - Days::new(1));
    let mut start = first - Days::new(first.weekday().num_days_from_sunday() as u64);
    let mut weeks = Vec::new();
    while start <= last {
        weeks.push(std::array::from_fn(|i| start + Days::new(i as u64)));
        start = start + Days::new(7);
    }
    weeks
}

/// The Sunday-to-Saturday week containing `date`.
pub fn week_of(date: NaiveDate) -> [NaiveDate; 7] {
    let start = date - Days::new(date.weekday().num_days_from_sunday() as u64);
    std::array::from_fn(|i| start + Days::new(i as u64))
}

/// One number that sorts an item where the calendar shows it: by local day, all-day items
/// first, then by due instant (milliseconds, shifted to be positive).
fn day_order(day: NaiveDate, a: &Activity) -> u128 {
    let day = u128::from(day.num_days_from_ce().max(0).unsigned_abs());
    let timed = u128::from(!a.all_day);
    let instant = (i128::from(a.due_date.timestamp_millis()) + (1i128 << 62)).max(0) as u128;
    (day << 96) | (timed << 95) | (instant & ((1u128 << 95) - 1))
}

/// What the calendar's community, type and user filters hold; `None` lets everything through.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CalendarFilter {
    pub community: Option<String>,
    pub kind: Option<String>,
    pub assignee: Option<String>,
}

impl CalendarFilter {
    pub fn admits(&self, a: &Activity) -> bool {
        self.community
            .as_ref()
            .is_none_or(|c| &a.community.name == c)
            && self
                .kind
                .as_ref()
                .is_none_or(|k| a.activity_type.as_ref() == Some(k))
            && self.assignee.as_ref().is_none_or(|u| &a.assigned_name == u)
    }
}

/// The community, type and user names the filters offer, sorted.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FilterOptions {
    pub communities: Vec<String>,
    pub kinds: Vec<String>,
    pub assignees: Vec<String>,
}

impl FilterOptions {
    pub fn of(activities: &[Activity]) -> Self {
        let names = |pick: &dyn Fn(&Activity) -> Option<&String>| {
            let set: std::collections::BTreeSet<&String> =
                activities.iter().filter_map(pick).collect();
            set.into_iter().cloned().collect::<Vec<String>>()
        };
        FilterOptions {
            communities: names(&|a| Some(&a.community.name)),
            kinds: names(&|a| a.activity_type.as_ref()),
            assignees: names(&|a| Some(&a.assigned_name)),
        }
    }

    /// Every name of both, sorted, each once.
    pub fn union(&self, other: FilterOptions) -> FilterOptions {
        let join = |a: &[String], b: Vec<String>| {
            let set: std::collections::BTreeSet<String> = a.iter().cloned().chain(b).collect();
            set.into_iter().collect::<Vec<String>>()
        };
        FilterOptions {
            communities: join(&self.communities, other.communities),
            kinds: join(&self.kinds, other.kinds),
            assignees: join(&self.assignees, other.assignees),
        }
    }
}

/// The loaded activities indexed once when the data or the filters change, so that no view
/// sorts or scans the whole list per frame.
#[derive(Debug, Clone, Default)]
pub struct CalendarIndex {
    /// Indices of the activities the filters let through.
    pub shown: Vec<usize>,
    /// `shown` by local day, each day all-day items first then by time.
    pub days: BTreeMap<NaiveDate, Vec<usize>>,
    /// `shown` in date order.
    pub agenda: Vec<usize>,
    /// When each shown open item turns overdue, with its index, sorted by time.
    pub overdue_at: Vec<(DateTime<Utc>, usize)>,
    /// Shown items followed up here, the most recently due first.
    pub followed: Vec<usize>,
}

impl CalendarIndex {
    /// `followed` items (followed up here) never count as overdue: they are dealt with. One
    /// pass over the list and one sort, so a large portal indexes in milliseconds.
    pub fn build(
        activities: &[Activity],
        filter: &CalendarFilter,
        followed: &crate::follow_up::FollowUps,
    ) -> Self {
        let shown: Vec<usize> = (0..activities.len())
            .filter(|&i| filter.admits(&activities[i]))
            .collect();
        // Most activities share a zone: look its name up once per run of the same name.
        let mut zone: Option<(&str, Tz)> = None;
        let mut keyed = Vec::with_capacity(shown.len());
        let mut overdue_at: Vec<(DateTime<Utc>, usize)> = Vec::new();
        let mut followed_shown = Vec::new();
        for &i in &shown {
            let a = &activities[i];
            let tz = match zone {
                Some((name, tz)) if name == a.time_zone => tz,
                _ => {
                    let tz = zone_of(a);
                    zone = Some((&a.time_zone, tz));
                    tz
                }
            };
            keyed.push((day_order(local_day(a, tz), a), a.id, i));
            if !followed.is_empty() && followed.contains_key(&a.id) {
                followed_shown.push(i);
            } else if let Some(t) = overdue_from(a, tz) {
                overdue_at.push((t, i));
            }
        }
        keyed.sort_unstable();
        let agenda: Vec<usize> = keyed.iter().map(|k| k.2).collect();
        let mut days: BTreeMap<NaiveDate, Vec<usize>> = BTreeMap::new();
        for run in keyed.chunk_by(|x, y| x.0 >> 96 == y.0 >> 96) {
            let i = run[0].2;
            let a = &activities[i];
            days.insert(local_day(a, zone_of(a)), run.iter().map(|k| k.2).collect());
        }
        overdue_at.sort_unstable();
        followed_shown.sort_by_key(|&i| std::cmp::Reverse(activities[i].due_date));
        CalendarIndex {
            shown,
            days,
            agenda,
            overdue_at,
            followed: followed_shown,
        }
    }

    /// How many shown items are overdue at `now` (a binary search).
    pub fn overdue_count(&self, now: DateTime<Utc>) -> usize {
        self.overdue_at.partition_point(|(t, _)| *t <= now)
    }

    /// The overdue items at `now`, the most recently due first.
    pub fn overdue(&self, now: DateTime<Utc>) -> impl Iterator<Item = usize> + '_ {
        self.overdue_at[..self.overdue_count(now)]
            .iter()
            .rev()
            .map(|&(_, i)| i)
    }

    /// The next instant an open item turns overdue, after `now`.
    pub fn next_overdue(&self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.overdue_at
            .get(self.overdue_count(now))
            .map(|(t, _)| *t)
    }

    /// The items on a local day.
    pub fn on(&self, day: NaiveDate) -> &[usize] {
        self.days.get(&day).map_or(&[], Vec::as_slice)
    }
}

/// How many of `count` items fit in `slots` lines of a month cell, and how many go under
/// "+N more" (which itself takes a line).
pub fn fit(count: usize, slots: usize) -> (usize, usize) {
    if count <= slots {
        (count, 0)
    } else {
        let shown = slots.saturating_sub(1);
        (shown, count - shown)
    }
}

/// Side-by-side lanes for the timed items of one day, so overlapping items do not cover each
/// other: `(lane, lanes in its group)` per item, in the order given (sorted by start). Items are
/// taken to last at least `min_len`, the height they are drawn with.
pub fn lanes(spans: &[(NaiveTime, NaiveTime)], min_len: chrono::Duration) -> Vec<(usize, usize)> {
    let (placed, widths) = lane_groups(spans, min_len);
    placed
        .into_iter()
        .map(|(lane, group)| (lane, widths[group]))
        .collect()
}

/// Each item's lane and group (items overlapping one another, directly or through others),
/// and each group's number of lanes.
fn lane_groups(
    spans: &[(NaiveTime, NaiveTime)],
    min_len: chrono::Duration,
) -> (Vec<(usize, usize)>, Vec<usize>) {
    let mut placed = Vec::with_capacity(spans.len());
    let mut widths = Vec::new();
    let mut lane_ends: Vec<NaiveTime> = Vec::new();
    let mut group_end = NaiveTime::MIN;
    for (i, &(start, end)) in spans.iter().enumerate() {
        if i == 0 || start >= group_end {
            if i > 0 {
                widths.push(lane_ends.len().max(1));
            }
            lane_ends.clear();
            group_end = start;
        }
        let end = end.max(start + min_len);
        let lane = match lane_ends.iter().position(|&e| e <= start) {
            Some(free) => {
                lane_ends[free] = end;
                free
            }
            None => {
                lane_ends.push(end);
                lane_ends.len() - 1
            }
        };
        placed.push((lane, widths.len()));
        group_end = group_end.max(end);
    }
    if !spans.is_empty() {
        widths.push(lane_ends.len().max(1));
    }
    (placed, widths)
}

/// Where a day's timed items go in a column that fits `max_lanes` lanes (at least one).
#[derive(Debug, Clone, PartialEq)]
pub struct DayLanes {
    /// Per item, in the order given: `(lane, lanes)` to draw it in, or `None` when it is
    /// folded into its group's "+N".
    pub placed: Vec<Option<(usize, usize)>>,
    /// Per group with more items side by side than fit: its last lane holds "+N" from the
    /// first folded item's start.
    pub folded: Vec<Folded>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Folded {
    pub lane: usize,
    pub lanes: usize,
    pub start: NaiveTime,
    pub count: usize,
}

/// [`lanes`], for a column `max_lanes` wide: a group needing more lanes keeps the first
/// `max_lanes - 1` and folds the items of the others into one "+N" in its last lane, so no
/// item is drawn narrower than a lane (on a busy team's day, hundreds of hairlines otherwise).
pub fn fold_lanes(
    spans: &[(NaiveTime, NaiveTime)],
    min_len: chrono::Duration,
    max_lanes: usize,
) -> DayLanes {
    let max_lanes = max_lanes.max(1);
    let (groups, widths) = lane_groups(spans, min_len);
    let mut folded: Vec<Option<Folded>> = vec![None; widths.len()];
    let placed = groups
        .iter()
        .zip(spans)
        .map(|(&(lane, group), &(start, _))| {
            if widths[group] <= max_lanes {
                return Some((lane, widths[group]));
            }
            if lane + 1 < max_lanes {
                return Some((lane, max_lanes));
            }
            let fold = folded[group].get_or_insert(Folded {
                lane: max_lanes - 1,
                lanes: max_lanes,
                start,
                count: 0,
            });
            fold.start = fold.start.min(start);
            fold.count += 1;
            None
        })
        .collect();
    DayLanes {
        placed,
        folded: folded.into_iter().flatten().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_wider_than_the_column_keeps_its_first_lanes_and_folds_the_rest_into_one_count() {
        let at = |h: u32, m: u32| NaiveTime::from_hms_opt(h, m, 0).unwrap();
        let quarter = chrono::Duration::minutes(15);
        // Ten items at 9:00 (one group ten lanes wide), then one alone at 14:00.
        let mut spans = vec![(at(9, 0), at(10, 0)); 10];
        spans.push((at(14, 0), at(15, 0)));
        let day = fold_lanes(&spans, quarter, 3);
        assert_eq!(day.placed[0], Some((0, 3)));
        assert_eq!(day.placed[1], Some((1, 3)));
        assert!(day.placed[2..10].iter().all(Option::is_none));
        assert_eq!(
            day.placed[10],
            Some((0, 1)),
            "a group that fits is as lanes() puts it"
        );
        assert_eq!(
            day.folded,
            vec![Folded {
                lane: 2,
                lanes: 3,
                start: at(9, 0),
                count: 8
            }]
        );
        // Shown and folded add up to every item.
        let shown = day.placed.iter().flatten().count();
        let hidden: usize = day.folded.iter().map(|f| f.count).sum();
        assert_eq!(shown + hidden, spans.len());
        // Wide enough: nothing folded, the same lanes as lanes().
        let wide = fold_lanes(&spans, quarter, 10);
        assert!(wide.folded.is_empty());
        let expected: Vec<_> = lanes(&spans, quarter).into_iter().map(Some).collect();
        assert_eq!(wide.placed, expected);
        // One lane: everything of a group of two or more is counted, nothing drawn over it.
        let narrow = fold_lanes(&spans, quarter, 0);
        assert_eq!(narrow.folded[0].count, 10);
        assert_eq!(narrow.folded[0].lane, 0);
        assert!(fold_lanes(&[], quarter, 3).placed.is_empty());
    }

    #[test]
    fn a_chain_of_overlaps_folds_from_its_first_folded_start() {
        let at = |h: u32, m: u32| NaiveTime::from_hms_opt(h, m, 0).unwrap();
        let quarter = chrono::Duration::minutes(15);
        // 9:00-10:00, 9:00-10:00, 9:30-10:30, 10:15-11:00: one group three lanes wide.
        let spans = [
            (at(9, 0), at(10, 0)),
            (at(9, 0), at(10, 0)),
            (at(9, 30), at(10, 30)),
            (at(10, 15), at(11, 0)),
        ];
        let day = fold_lanes(&spans, quarter, 2);
        assert_eq!(day.placed[0], Some((0, 2)));
        assert_eq!(day.placed[1], None);
        assert_eq!(day.placed[2], None);
        assert_eq!(day.placed[3], Some((0, 2)), "lane 0 is free again at 10:15");
        assert_eq!(day.folded.len(), 1);
        assert_eq!((day.folded[0].start, day.folded[0].count), (at(9, 0), 2));
    }

    fn activity(due: &str, all_day: bool) -> Activity {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/activities.json"
        ))
        .unwrap();
        let mut a: Vec<Activity> = serde_json::from_str(&text).unwrap();
        let mut a = a.remove(0);
        a.due_date = DateTime::parse_from_rfc3339(due).unwrap();
        a.due_date_end = a.due_date + chrono::Duration::hours(1);
        a.all_day = all_day;
        a.completed = false;
        a
    }

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    const EASTERN: Tz = Tz::America__New_York;

    #[test]
    fn overdue_when_open_and_past_due() {
        let tour = activity("2026-11-21T10:00:00-05:00", false);
        assert!(
            !is_overdue(&tour, utc("2026-11-21T14:59:00Z"), EASTERN),
            "a minute before"
        );
        assert!(
            is_overdue(&tour, utc("2026-11-21T15:01:00Z"), EASTERN),
            "a minute after"
        );
        let mut done = tour.clone();
        done.completed = true;
        assert!(
            !is_overdue(&done, utc("2026-12-01T00:00:00Z"), EASTERN),
            "completed is never overdue"
        );
        let mut cancelled = tour.clone();
        cancelled.cancelled = true;
        assert_eq!(
            state(&cancelled, utc("2026-12-01T00:00:00Z"), EASTERN),
            ItemState::Cancelled
        );
        assert_eq!(
            state(&tour, utc("2026-12-01T00:00:00Z"), EASTERN),
            ItemState::Overdue
        );
    }

    #[test]
    fn all_day_items_are_overdue_from_the_next_local_day() {
        let task = activity("2026-11-21T00:00:00-05:00", true);
        // 23:30 Eastern on the 21st is already the 22nd in UTC: still not overdue.
        assert!(!is_overdue(&task, utc("2026-11-22T04:30:00Z"), EASTERN));
        assert!(is_overdue(&task, utc("2026-11-22T05:30:00Z"), EASTERN));
    }

    #[test]
    fn activities_land_on_the_users_local_day() {
        // 02:30 UTC on the 22nd is 21:30 on the 21st in New York.
        let call = activity("2026-11-22T02:30:00+00:00", false);
        assert_eq!(
            local_day(&call, EASTERN),
            NaiveDate::from_ymd_opt(2026, 11, 21).unwrap()
        );
        assert_eq!(
            local_day(&call, Tz::UTC),
            NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
        );
        let (start, _) = local_times(&call, EASTERN).unwrap();
        assert_eq!(start, NaiveTime::from_hms_opt(21, 30, 0).unwrap());
        // An all-day task keeps its date in any zone.
        let task = activity("2026-11-25T00:00:00-08:00", true);
        assert_eq!(
            local_day(&task, EASTERN),
            NaiveDate::from_ymd_opt(2026, 11, 25).unwrap()
        );
        assert_eq!(
            local_day(&task, Tz::Australia__Sydney),
            NaiveDate::from_ymd_opt(2026, 11, 25).unwrap()
        );
        assert_eq!(local_times(&task, EASTERN), None);
        // Summer time moves the offset, not the wall-clock time.
        let summer = activity("2026-07-01T14:00:00Z", false);
        assert_eq!(
            local_times(&summer, EASTERN).unwrap().0,
            NaiveTime::from_hms_opt(10, 0, 0).unwrap()
        );
        assert_eq!(
            zone_of(&summer),
            EASTERN,
            "the fixture's TimeZone is Eastern Standard Time"
        );
    }

    #[test]
    fn overdue_from_agrees_with_is_overdue() {
        let tour = activity("2026-11-21T10:00:00-05:00", false);
        let task = activity("2026-11-21T00:00:00-05:00", true);
        for a in [&tour, &task] {
            let from = overdue_from(a, EASTERN).unwrap();
            assert!(!is_overdue(
                a,
                from - chrono::Duration::milliseconds(1),
                EASTERN
            ));
            assert!(is_overdue(a, from, EASTERN));
        }
        let mut done = tour.clone();
        done.completed = true;
        assert_eq!(overdue_from(&done, EASTERN), None);
    }

    #[test]
    fn month_grid_covers_the_month_in_whole_weeks() {
        let november = month_grid(2026, 11);
        assert_eq!(november.len(), 5);
        assert_eq!(
            november[0][0],
            NaiveDate::from_ymd_opt(2026, 11, 1).unwrap(),
            "Nov 1 2026 is a Sunday"
        );
        assert_eq!(
            november[4][6],
            NaiveDate::from_ymd_opt(2026, 12, 5).unwrap()
        );
        let august = month_grid(2026, 8);
        assert_eq!(
            august.len(),
            6,
            "Aug 2026 starts on a Saturday and spans six weeks"
        );
        assert_eq!(august[0][0], NaiveDate::from_ymd_opt(2026, 7, 26).unwrap());
        assert!(
            august
                .iter()
                .flatten()
                .any(|d| *d == NaiveDate::from_ymd_opt(2026, 8, 31).unwrap())
        );
        let week = week_of(NaiveDate::from_ymd_opt(2026, 11, 21).unwrap());
        assert_eq!(week[0], NaiveDate::from_ymd_opt(2026, 11, 15).unwrap());
    }

    #[test]
    fn days_list_all_day_items_first_then_by_time_and_clusters_the_rest() {
        let list = vec![
            activity("2026-11-21T15:00:00-05:00", false),
            activity("2026-11-21T00:00:00-05:00", true),
            activity("2026-11-21T09:00:00-05:00", false),
        ];
        let index = CalendarIndex::build(&list, &CalendarFilter::default(), &Default::default());
        assert_eq!(
            index.days[&NaiveDate::from_ymd_opt(2026, 11, 21).unwrap()],
            vec![1, 2, 0]
        );
        assert_eq!(index.agenda, vec![1, 2, 0]);
        assert_eq!(fit(3, 4), (3, 0));
        assert_eq!(fit(10, 4), (3, 7), "three shown, then +7 more");
        assert_eq!(fit(0, 4), (0, 0));
    }

    #[test]
    fn the_index_follows_the_filters_and_the_clock() {
        let mut list = vec![
            activity("2026-11-21T09:00:00-05:00", false),
            activity("2026-11-21T15:00:00-05:00", false),
            activity("2026-11-20T00:00:00-05:00", true),
        ];
        list[1].community.name = "Riverside".into();
        list[0].community.name = "Maple".into();
        list[2].community.name = "Maple".into();
        for (i, a) in list.iter_mut().enumerate() {
            a.id = i as i64 + 1;
        }
        let none = Default::default();
        let all = CalendarIndex::build(&list, &CalendarFilter::default(), &none);
        assert_eq!(all.shown, vec![0, 1, 2]);
        assert_eq!(all.agenda, vec![2, 0, 1], "by day, then time");
        let noon = utc("2026-11-21T17:00:00Z");
        assert_eq!(
            all.overdue_count(noon),
            2,
            "the task of the 20th and the 9:00"
        );
        assert_eq!(all.overdue(noon).collect::<Vec<_>>(), vec![0, 2]);
        assert_eq!(
            all.next_overdue(noon),
            Some(utc("2026-11-21T20:00:00.000000001Z"))
        );
        let maple = CalendarIndex::build(
            &list,
            &CalendarFilter {
                community: Some("Maple".into()),
                ..CalendarFilter::default()
            },
            &none,
        );
        assert_eq!(maple.shown, vec![0, 2]);
        assert_eq!(
            maple.on(NaiveDate::from_ymd_opt(2026, 11, 21).unwrap()),
            &[0]
        );
        let options = FilterOptions::of(&list);
        assert_eq!(options.communities, vec!["Maple", "Riverside"]);
        let mut followed = crate::follow_up::FollowUps::new();
        followed.insert(
            list[0].id,
            crate::follow_up::FollowUp {
                activity_id: list[0].id,
                outcome_id: Some(9),
                next_id: None,
                at: noon,
            },
        );
        let dealt_with = CalendarIndex::build(&list, &CalendarFilter::default(), &followed);
        assert_eq!(
            dealt_with.overdue_count(noon),
            1,
            "a followed-up item is not overdue"
        );
    }

    #[test]
    fn overlapping_items_share_the_width() {
        let t = |h, m| NaiveTime::from_hms_opt(h, m, 0).unwrap();
        let spans = [
            (t(9, 0), t(10, 0)),
            (t(9, 30), t(10, 30)),
            (t(10, 0), t(11, 0)),
            (t(13, 0), t(14, 0)),
        ];
        let quarter = chrono::Duration::minutes(15);
        assert_eq!(lanes(&spans, quarter), vec![(0, 2), (1, 2), (0, 2), (0, 1)]);
        assert!(lanes(&[], quarter).is_empty());
        // Back-to-back quarter hours drawn half an hour tall go side by side.
        let short = [(t(9, 30), t(9, 45)), (t(9, 45), t(10, 0))];
        assert_eq!(lanes(&short, quarter), vec![(0, 1), (0, 1)]);
        assert_eq!(
            lanes(&short, chrono::Duration::minutes(30)),
            vec![(0, 2), (1, 2)]
        );
        let _ = Tz::UTC.with_ymd_and_hms(2026, 1, 1, 0, 0, 0);
    }
}
