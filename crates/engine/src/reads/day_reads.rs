//! What My day and the tour form read: from the store once it holds everyone's activities (the
//! agent's own leads and their activities; a few days of everyone's), else from the service as
//! before. Nothing here holds every activity.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use chrono::{DateTime, Days, NaiveDate, Utc};

use super::lead_work::{Asked, whole_lead_work};
use crate::Backend;
use crate::api::model::SearchCase;
use crate::api::model::{Activity, ActivityFilter};
use crate::api::{ApiError, Client};
use crate::domain::calendar::{CalendarFilter, local_day, zone_of};
use crate::domain::contact_story::ContactRule;
use crate::domain::next_step::{LeadWork, facts_of, is_active_lead_of, mark_unsent, work_of};
use crate::domain::speed_to_lead::Colour;
use crate::service::activities::{Loading, load_all, load_matching};
use crate::service::cases;
use crate::store::outbox::QueueState;
use crate::store::{DueWindow, Store, StoreError, TeamDays};

impl Backend {
    /// The store, when its first fill of everyone's activities has finished.
    pub(crate) fn filled_store(&self) -> Option<Arc<Store>> {
        self.store()
            .filter(|r| r.activities_complete() && !r.is_empty())
    }

    /// The activities waiting in the outbox to be sent (not those the service refused), as the
    /// lead lists count them.
    pub(crate) fn queued_activities(&self) -> Vec<Activity> {
        self.outbox()
            .entries()
            .iter()
            .filter(|e| !matches!(e.state, QueueState::Refused(_)))
            .filter_map(crate::outbox::as_activity)
            .collect()
    }

    /// Whether figures over the whole portal (Sales, the Search table's Stage column) are a
    /// cheap read of the store rather than every activity from the service. Asked by the
    /// window every frame: never waits for the store's file.
    pub fn figures_are_cheap(&self) -> bool {
        self.store().is_some_and(|s| s.activities_complete())
    }

    /// My day's "New leads" and "Needs a next step" for the user `me` (`None`: the whole
    /// team's, as "Everyone's activities" widens the missed calls): their leads and those
    /// leads' activities, from the store when it is filled; else every lead and everyone's
    /// activities from the service (the rule is the same: `domain::next_step`).
    pub async fn lead_work(
        &self,
        client: Client,
        me: Option<i64>,
        now: DateTime<Utc>,
        rule: ContactRule,
        loading: Arc<Loading>,
        whole: bool,
    ) -> Result<Arc<LeadWork>, ApiError> {
        // What waits in the outbox counts as done on this desk (marked as not sent yet): a
        // first contact logged offline takes the lead off New leads at once.
        let mut queued = self.queued_activities();
        let unsent: HashSet<i64> = queued.iter().map(|a| a.individual_id).collect();
        queued.extend(self.delivered_activities());
        if let Some(store) = self.filled_store() {
            let asked = Asked {
                me,
                now,
                rule: &rule,
                queued: &queued,
            };
            let redo = (!whole)
                .then(|| self.kept_lead_work(&store, &asked))
                .flatten();
            // A few cases changed since the lists were worked out (a sync brought a colleague's
            // new lead): only theirs are worked out again, at once, not behind the wide reads
            // a sync sets off.
            let few = redo.is_some();
            let (store, queued, rule) = (store.clone(), queued.clone(), rule.clone());
            let work = move || {
                let asked = Asked {
                    me,
                    now,
                    rule: &rule,
                    queued: &queued,
                };
                match redo {
                    Some(redo) => redo.run(&store, &asked),
                    None => whole_lead_work(&store, &asked),
                }
            };
            let rows = if few {
                tokio::task::spawn_blocking(work).await
            } else {
                self.one_at_a_time("my day's leads", work).await
            };
            match rows {
                Ok(Ok(kept)) => {
                    crate::answered_from_store();
                    let mut work = kept.work.clone();
                    self.keep_lead_work(me, kept);
                    mark_unsent(&mut work, &unsent);
                    return Ok(Arc::new(work));
                }
                Ok(Err(e)) => tracing::warn!(error = %e, "lead lists not read from the store"),
                Err(e) => tracing::error!(error = %e, "lead lists failed"),
            }
        }
        let leads = cases::leads(client.clone()).await?;
        // Only the activities of the user's own leads are kept from everyone's pages.
        let theirs = individuals_of(leads.iter().filter(|c| is_active_lead_of(c, me)));
        let mut team = load_matching(client, ActivityFilter::AllUsers, loading, move |a| {
            theirs.contains(&a.individual_id)
        })
        .await?;
        team.extend(queued);
        let mut work = work_of(&leads, &team, me, now, &rule);
        mark_unsent(&mut work, &unsent);
        Ok(Arc::new(work))
    }

    /// Red, amber or green of every active lead of the portal, by case number: from the store's
    /// columns when it is filled, else from every lead and everyone's activities.
    pub async fn lead_colours(
        &self,
        client: Client,
        now: DateTime<Utc>,
        rule: ContactRule,
        loading: Arc<Loading>,
    ) -> Result<Arc<HashMap<String, Colour>>, ApiError> {
        if let Some(store) = self.filled_store() {
            let rule = rule.clone();
            let read = self
                .one_at_a_time("lead colours", move || store.lead_colours(now, &rule))
                .await;
            match read {
                Ok(Ok(colours)) => {
                    crate::answered_from_store();
                    return Ok(Arc::new(colours));
                }
                Ok(Err(e)) => tracing::warn!(error = %e, "colours not read from the store"),
                Err(e) => tracing::error!(error = %e, "colours failed"),
            }
        }
        let leads = cases::leads(client.clone()).await?;
        let active: Vec<&SearchCase> = leads
            .iter()
            .filter(|c| is_active_lead_of(c, None))
            .collect();
        // Only the active leads' activities are kept from everyone's pages.
        let theirs = individuals_of(active.iter().copied());
        let team = load_matching(client, ActivityFilter::AllUsers, loading, move |a| {
            theirs.contains(&a.individual_id)
        })
        .await?;
        let facts = facts_of(&active, &team, now);
        Ok(Arc::new(
            active
                .iter()
                .zip(facts)
                .filter_map(|(c, f)| {
                    let community = c.primary.communities.first().map(|c| c.id);
                    let standing = f.standing(c.primary.date_created, community, now, &rule);
                    Some((c.primary.case_number.clone(), standing.colour()?))
                })
                .collect(),
        ))
    }

    /// Everyone's activities due from `from` to `to` (whole days, with a day's margin either
    /// side for time zones): from the store when it is filled, else all of them from the service
    /// (the caller keeps the days it shows).
    pub async fn team_days(
        &self,
        client: Client,
        from: NaiveDate,
        to: NaiveDate,
        loading: Arc<Loading>,
    ) -> Result<Arc<ActivityDays>, ApiError> {
        self.days_of(
            client,
            ActivityFilter::AllUsers,
            None,
            vec![(from, to)],
            None,
            loading,
        )
        .await
    }

    /// The calendar's activities for `filter` on the days of `ranges`, and every open one of
    /// theirs due before (overdue, however old), from the store when it is filled. Filters
    /// the store cannot tell (overdue, due, due today or this week: the service's own rules
    /// about days and zones) and a store not filled yet read the service's whole list.
    ///
    /// Everyone's days (the team's filter) are read from the store a page at a time: `narrow`
    /// (one community, type or person) is applied there, each day counted and its first
    /// [`TEAM_PER_DAY`] opened, the overdue before them counted and the latest opened; the
    /// answer says how many more each day has.
    pub async fn calendar_days(
        &self,
        client: Client,
        filter: ActivityFilter,
        me_name: Option<String>,
        ranges: Vec<(NaiveDate, NaiveDate)>,
        narrow: CalendarFilter,
        loading: Arc<Loading>,
    ) -> Result<Arc<ActivityDays>, ApiError> {
        self.days_of(client, filter, me_name, ranges, Some(narrow), loading)
            .await
    }

    async fn days_of(
        &self,
        client: Client,
        filter: ActivityFilter,
        me_name: Option<String>,
        ranges: Vec<(NaiveDate, NaiveDate)>,
        paged: Option<CalendarFilter>,
        loading: Arc<Loading>,
    ) -> Result<Arc<ActivityDays>, ApiError> {
        let assigned = match filter {
            ActivityFilter::AllUsers => Some(None),
            ActivityFilter::All | ActivityFilter::History => me_name.clone().map(Some),
            _ => None,
        };
        let ranges = merged(ranges);
        if let (Some(assigned), Some(store), false) =
            (assigned, self.filled_store(), ranges.is_empty())
        {
            let wanted = ranges.clone();
            let read = self
                .one_at_a_time("calendar days", move || match (assigned, paged) {
                    (None, Some(narrow)) => {
                        read_team_days(&store, filter, &narrow, me_name, &wanted)
                    }
                    (assigned, _) => read_days(&store, filter, assigned, &wanted)
                        .map(|activities| (activities, Vec::new(), 0)),
                })
                .await;
            match read {
                Ok(Ok((activities, more, more_overdue))) => {
                    crate::answered_from_store();
                    return Ok(Arc::new(ActivityDays {
                        activities: Arc::new(activities),
                        covers: Some(ranges),
                        more,
                        more_overdue,
                    }));
                }
                Ok(Err(e)) => tracing::warn!(error = %e, "activities not read from the store"),
                Err(e) => tracing::error!(error = %e, "reading activities failed"),
            }
        }
        if ranges.is_empty() {
            let every = load_all(client, filter, loading).await?;
            return Ok(Arc::new(ActivityDays {
                activities: every,
                covers: None,
                ..ActivityDays::default()
            }));
        }
        // No filled store (it is being filled, or this portal keeps none): the service has no
        // due-date filter, so every page is read, but only the days asked for (and what is
        // still open before them) are kept, as the store would answer.
        let window = DaysWindow::of(filter, &ranges);
        let activities = load_matching(client, filter, loading, move |a| window.holds(a)).await?;
        Ok(Arc::new(ActivityDays {
            activities: Arc::new(activities),
            covers: Some(ranges),
            ..ActivityDays::default()
        }))
    }
}

impl crate::RememberedRoom<'_> {
    /// The family's words (opt-outs, consents) logged on this desk for `case_number` that the
    /// case's activities as read may not hold yet: waiting in the outbox, or sent since. The
    /// contact guard honours them at once, offline too.
    pub fn words_logged_here(&self, case_number: &str) -> Vec<crate::domain::contact::Preference> {
        use crate::domain::contact::preference::is_preference;
        // Asked every frame by the dialogs that guard contact: only this case's preference
        // rows are copied (the outbox and the delivered list are read in place).
        let mut mine: Vec<Activity> = self
            .0
            .outbox()
            .entries()
            .iter()
            .filter(|e| !matches!(e.state, QueueState::Refused(_)))
            .filter_map(crate::outbox::as_activity)
            .filter(|a| a.case_number == case_number && is_preference(a))
            .collect();
        mine.extend(
            self.0
                .delivered_matching(|a| a.case_number == case_number && is_preference(a)),
        );
        crate::domain::contact::preference::preferences(&mine)
    }
}

/// The people of these cases: each primary and each relative.
fn individuals_of<'a>(
    cases: impl Iterator<Item = &'a SearchCase>,
) -> std::collections::HashSet<i64, foldhash::fast::RandomState> {
    let mut ids = std::collections::HashSet::default();
    for case in cases {
        ids.insert(case.primary.individual_id);
        ids.extend(case.relationships.iter().map(|r| r.individual_id));
    }
    ids
}

/// What [`read_days`] takes from the store, as a test on one activity read from the service.
struct DaysWindow {
    /// Open activities due before this are the overdue ones (none for history).
    overdue_before: Option<DateTime<Utc>>,
    days: Vec<(DateTime<Utc>, DateTime<Utc>)>,
    history: bool,
}

impl DaysWindow {
    fn of(filter: ActivityFilter, ranges: &[(NaiveDate, NaiveDate)]) -> Self {
        let history = filter == ActivityFilter::History;
        DaysWindow {
            overdue_before: ranges
                .first()
                .filter(|_| !history)
                .map(|(first, _)| edge(*first, -1)),
            days: ranges
                .iter()
                .map(|(from, to)| (edge(*from, -1), edge(*to, 2)))
                .collect(),
            history,
        }
    }

    fn holds(&self, a: &Activity) -> bool {
        let due = a.due_date.with_timezone(&Utc);
        let done = a.completed || a.cancelled || a.no_show;
        if self.history && !done {
            return false;
        }
        self.overdue_before
            .is_some_and(|before| !done && due < before)
            || self.days.iter().any(|(from, to)| *from <= due && due < *to)
    }
}

/// Ranges sorted, and those that overlap or touch made one.
fn merged(mut ranges: Vec<(NaiveDate, NaiveDate)>) -> Vec<(NaiveDate, NaiveDate)> {
    ranges.retain(|(from, to)| from <= to);
    ranges.sort();
    let mut out: Vec<(NaiveDate, NaiveDate)> = Vec::new();
    for (from, to) in ranges {
        match out.last_mut() {
            Some(last) if from <= last.1.checked_add_days(Days::new(1)).unwrap_or(last.1) => {
                last.1 = last.1.max(to);
            }
            _ => out.push((from, to)),
        }
    }
    out
}

/// Midnight UTC of `day` moved by `days` (a day's margin covers every zone).
fn edge(day: NaiveDate, days: i64) -> DateTime<Utc> {
    let moved = if days < 0 {
        day.checked_sub_days(Days::new(days.unsigned_abs()))
    } else {
        day.checked_add_days(Days::new(days.unsigned_abs()))
    };
    moved
        .unwrap_or(day)
        .and_hms_opt(0, 0, 0)
        .unwrap_or_default()
        .and_utc()
}

/// The store's rows for [`Backend::calendar_days`]: each range's, and (but for History) the
/// open ones due before the first range.
fn read_days(
    store: &Store,
    filter: ActivityFilter,
    assigned: Option<String>,
    ranges: &[(NaiveDate, NaiveDate)],
) -> Result<Vec<Activity>, StoreError> {
    let mut out: Vec<Activity> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut add = |list: Vec<Activity>, out: &mut Vec<Activity>| {
        for a in list {
            if seen.insert(a.id) {
                out.push(a);
            }
        }
    };
    if filter != ActivityFilter::History
        && let Some((first, _)) = ranges.first()
    {
        let earliest = NaiveDate::from_ymd_opt(1900, 1, 1).unwrap_or_default();
        let (overdue, _) = store.activities_due(&DueWindow {
            from: edge(earliest, 0),
            to: edge(*first, -1),
            assigned: assigned.clone(),
            open_only: true,
        })?;
        add(overdue, &mut out);
    }
    for (from, to) in ranges {
        let (list, _) = store.activities_due(&DueWindow {
            from: edge(*from, -1),
            to: edge(*to, 2),
            assigned: assigned.clone(),
            open_only: false,
        })?;
        add(list, &mut out);
    }
    if filter == ActivityFilter::History {
        out.retain(|a| a.completed || a.cancelled || a.no_show);
    }
    Ok(out)
}

/// What a read of days found: the activities, per day how many more there are, and how many
/// more open ones before the first day.
type DaysRead = (Vec<Activity>, Vec<(NaiveDate, usize)>, usize);

/// Everyone's activities opened per day at most (the rest counted).
pub const TEAM_PER_DAY: usize = 40;

/// Everyone's days for [`Backend::calendar_days`], a page at a time: per range, each day's first
/// [`TEAM_PER_DAY`] and how many more it has, and (but for History) the latest open ones before
/// the first day and how many more of those there are.
/// The user's own are read whole besides (their reminders and overdue count need every one).
fn read_team_days(
    store: &Store,
    filter: ActivityFilter,
    narrow: &CalendarFilter,
    me_name: Option<String>,
    ranges: &[(NaiveDate, NaiveDate)],
) -> Result<DaysRead, StoreError> {
    let community_id = narrow
        .community
        .as_ref()
        .map(|name| community_named(store, name).unwrap_or(-1));
    let base = TeamDays {
        community_id,
        kind: narrow.kind.clone(),
        assignee: narrow.assignee.clone(),
        done_only: filter == ActivityFilter::History,
        ..TeamDays::default()
    };
    let mut out: Vec<Activity> = match me_name {
        Some(me) => read_days(store, filter, Some(me), ranges)?,
        None => Vec::new(),
    };
    let mut seen: std::collections::HashSet<i64> = out.iter().map(|a| a.id).collect();
    let mut counts = Vec::new();
    let mut overdue = 0;
    if filter != ActivityFilter::History
        && let Some((first, _)) = ranges.first()
    {
        let (latest, count) = store.team_overdue(&base, *first, TEAM_PER_DAY)?;
        overdue = count;
        out.extend(latest.into_iter().filter(|a| seen.insert(a.id)));
    }
    for (from, to) in ranges {
        let window = TeamDays {
            from: *from,
            to: *to,
            ..base.clone()
        };
        let page = store.team_days(&window, TEAM_PER_DAY)?;
        counts.extend(page.counts);
        out.extend(page.activities.into_iter().filter(|a| seen.insert(a.id)));
    }
    // What is not shown: each day's count less what was read of it and passes the narrowing
    // as the calendar applies it (the user's own were read whole).
    let done_only = filter == ActivityFilter::History;
    let shown =
        |a: &&Activity| narrow.admits(a) && (!done_only || a.completed || a.cancelled || a.no_show);
    let mut read_per_day: HashMap<NaiveDate, usize> = HashMap::new();
    let mut open_before = 0;
    let first = ranges.first().map(|(first, _)| *first);
    for a in out.iter().filter(shown) {
        let day = local_day(a, zone_of(a));
        *read_per_day.entry(day).or_default() += 1;
        let done = a.completed || a.cancelled || a.no_show;
        if !done && first.is_some_and(|first| day < first) {
            open_before += 1;
        }
    }
    let more = counts
        .into_iter()
        .filter_map(|(day, n)| {
            let hidden = n.saturating_sub(read_per_day.get(&day).copied().unwrap_or(0));
            (hidden > 0).then_some((day, hidden))
        })
        .collect();
    Ok((out, more, overdue.saturating_sub(open_before)))
}

/// The id of the community named `name`, from the communities the sync kept.
fn community_named(store: &Store, name: &str) -> Option<i64> {
    let (json, _) = store.kept_answer(crate::answer_keys::COMMUNITIES)?;
    let list: Vec<crate::api::model::Community> = serde_json::from_slice(&json).ok()?;
    list.iter().find(|c| c.name == name).map(|c| c.id)
}

/// Activities over some days.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct ActivityDays {
    pub activities: Arc<Vec<Activity>>,
    /// The days they cover; `None`: every day (the service's whole list).
    pub covers: Option<Vec<(NaiveDate, NaiveDate)>>,
    /// Everyone's days read a page at a time: per day, how many it has beyond those read.
    #[serde(default)]
    pub more: Vec<(NaiveDate, usize)>,
    /// Open ones before the first day beyond those read.
    #[serde(default)]
    pub more_overdue: usize,
}

impl ActivityDays {
    /// How many activities `day` has beyond those read.
    pub fn more_on(&self, day: NaiveDate) -> usize {
        self.more
            .binary_search_by_key(&day, |(d, _)| *d)
            .map_or(0, |i| self.more[i].1)
    }

    /// How many everyone's days have beyond those read, in all.
    pub fn more_in_all(&self) -> usize {
        self.more.iter().map(|(_, n)| n).sum()
    }
}

impl ActivityDays {
    /// Whether `day` is among the days read.
    pub fn covers(&self, day: NaiveDate) -> bool {
        self.covers_days(day, day)
    }

    /// Whether every day from `from` to `to` was read.
    pub fn covers_days(&self, from: NaiveDate, to: NaiveDate) -> bool {
        self.covers
            .as_ref()
            .is_none_or(|ranges| ranges.iter().any(|(a, b)| *a <= from && to <= *b))
    }
}

/// A queued activity as the lead lists count it (its id below zero: never the service's).
#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
    }

    #[test]
    fn ranges_that_touch_are_read_as_one() {
        assert_eq!(
            merged(vec![
                (day(20), day(24)),
                (day(1), day(5)),
                (day(6), day(9)),
                (day(22), day(28))
            ]),
            vec![(day(1), day(9)), (day(20), day(28))]
        );
        let days = ActivityDays {
            covers: Some(merged(vec![(day(1), day(9)), (day(20), day(28))])),
            ..Default::default()
        };
        assert!(days.covers_days(day(2), day(9)));
        assert!(!days.covers_days(day(8), day(21)));
        assert!(
            ActivityDays::default().covers(day(30)),
            "a whole list covers any day"
        );
    }
}
