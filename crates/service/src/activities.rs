//! Reading activities page by page (1,000 a page) with a count of what has arrived, up to a
//! limit: the calendar's list (the API user's) and the team's (everyone's, for "needs a next
//! step" and tour clashes); and the store's sync, a month at a time the first time and
//! then only what changed.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};

use crate::api::model::{Activity, ActivityFilter, ActivityQuery, DayOrTime};
use crate::api::{ApiError, BudgetOf, Client};
use crate::budget::ByteBudget;

pub const PAGE: i64 = 1000;
/// Bytes one read of activities takes at most (the cap of [`MAX_ACTIVITIES`] is far inside it).
pub const ACTIVITY_BYTES: u64 = 384 * 1024 * 1024;
/// Stop after this many activities: a month of a very large portal still fits.
pub const MAX_ACTIVITIES: usize = 200_000;

/// How far a load has got, shared with the screen.
#[derive(Debug, Default)]
pub struct Loading {
    pub loaded: AtomicUsize,
    /// Records the service sent that could not be read (left out).
    pub skipped: AtomicUsize,
}

/// Every activity the filter gives, page by page.
pub async fn load_all(
    client: Client,
    filter: ActivityFilter,
    progress: Arc<Loading>,
) -> Result<Arc<Vec<Activity>>, ApiError> {
    load_matching(client, filter, progress, |_| true)
        .await
        .map(Arc::new)
}

/// Every activity of `filter` (page by page, up to [`MAX_ACTIVITIES`] read) that `keep` takes:
/// the others are dropped page by page, so only what is kept is ever held.
pub async fn load_matching(
    client: Client,
    filter: ActivityFilter,
    progress: Arc<Loading>,
    keep: impl Fn(&Activity) -> bool,
) -> Result<Vec<Activity>, ApiError> {
    let pages = Pages {
        filter,
        limit: ACTIVITY_BYTES,
        what: BudgetOf::Activities,
        max_read: Some(MAX_ACTIVITIES),
        progress: Some(progress),
        updated_before: None,
    };
    pages.read(&client, |a| keep(&a).then_some(a)).await
}

/// Every activity of `filter` that `keep` keeps (as it returns it: a field it does not need may
/// be dropped), from every page: for a list that must be whole (the contact guard's: a
/// family's word on a page left unread would be missed). Past `limit` bytes read it is
/// refused, never answered from part of the portal.
pub async fn load_every_matching(
    client: &Client,
    filter: ActivityFilter,
    limit: u64,
    what: BudgetOf,
    keep: impl Fn(Activity) -> Option<Activity>,
) -> Result<Vec<Activity>, ApiError> {
    let pages = Pages {
        filter,
        limit,
        what,
        max_read: None,
        progress: None,
        updated_before: None,
    };
    pages.read(client, keep).await
}

/// Bytes the read of the families' older words takes at most (every activity older than the
/// store's months passes by once; a portal of a million is about 700 MB).
pub const OLDER_WORDS_BYTES: u64 = 1536 * 1024 * 1024;

/// Every family's word on being contacted (everyone's, every page) last updated up to `end`:
/// the store keeps the last [`SYNC_MONTHS`] of activities, and a word stands however old it
/// is, so the words from before are read once and kept beside them.
pub async fn load_words_up_to(client: &Client, end: NaiveDate) -> Result<Vec<Activity>, ApiError> {
    let pages = Pages {
        filter: ActivityFilter::AllUsers,
        limit: OLDER_WORDS_BYTES,
        what: BudgetOf::OlderWords,
        max_read: None,
        progress: None,
        updated_before: Some(end),
    };
    pages
        .read(client, |a| {
            crate::domain::contact::preference::is_preference(&a).then_some(a)
        })
        .await
}

/// A read of every page of a list of activities.
struct Pages {
    filter: ActivityFilter,
    /// Bytes read at most (refused past it).
    limit: u64,
    what: BudgetOf,
    /// Stop (answering with what was read) after this many records.
    max_read: Option<usize>,
    progress: Option<Arc<Loading>>,
    /// Only what was last updated up to this day.
    updated_before: Option<NaiveDate>,
}

impl Pages {
    async fn read(
        &self,
        client: &Client,
        keep: impl Fn(Activity) -> Option<Activity>,
    ) -> Result<Vec<Activity>, ApiError> {
        if let Some(progress) = &self.progress {
            progress.loaded.store(0, Ordering::SeqCst);
            progress.skipped.store(0, Ordering::SeqCst);
        }
        let (client, budget) = ByteBudget::new(client, self.limit, self.what);
        let mut kept = Vec::new();
        let mut read = 0usize;
        for page in 1.. {
            let query = ActivityQuery {
                filter: Some(self.filter),
                page_size: Some(PAGE),
                page_number: Some(page),
                date_updated_end: self.updated_before,
                ..Default::default()
            };
            let batch = client.activities(&query).await?;
            // A skipped record still took its place on the page.
            let received = batch.len() + batch.skipped;
            read = read.saturating_add(batch.len());
            if let Some(progress) = &self.progress {
                progress.skipped.fetch_add(batch.skipped, Ordering::SeqCst);
                progress.loaded.store(read, Ordering::SeqCst);
            }
            kept.extend(batch.into_iter().filter_map(&keep));
            budget.check()?;
            if (received as i64) < PAGE || self.max_read.is_some_and(|max| read >= max) {
                break;
            }
        }
        Ok(kept)
    }
}

/// Months of activities the store is filled with the first time, read a month at a
/// time (by the date each was last updated, the only date range the service filters on).
pub const SYNC_MONTHS: u32 = 18;

/// The windows of a first fill: `months` calendar months up to `today`'s (inclusive), oldest
/// first, each from its first day to its last (the last one to `today`).
pub fn month_windows(today: NaiveDate, months: u32) -> Vec<(NaiveDate, NaiveDate)> {
    let this_month = today.with_day(1).unwrap_or(today);
    let mut windows = Vec::new();
    for back in (0..months).rev() {
        let Some(start) = this_month.checked_sub_months(Months::new(back)) else {
            continue;
        };
        let end = start
            .checked_add_months(Months::new(1))
            .and_then(|next| next.pred_opt())
            .map_or(today, |last| last.min(today));
        windows.push((start, end));
    }
    windows
}

/// Every activity (everyone's) last updated from `start` (a day, or a moment) to `end` (a
/// whole day, inclusive; open-ended without `end`), page by page, up to [`MAX_ACTIVITIES`].
pub async fn load_updated(
    client: &Client,
    start: DayOrTime,
    end: Option<NaiveDate>,
) -> Result<Vec<Activity>, ApiError> {
    let (client, budget) = ByteBudget::new(client, ACTIVITY_BYTES, BudgetOf::Activities);
    let mut all = Vec::new();
    for page in 1.. {
        let query = ActivityQuery {
            filter: Some(ActivityFilter::AllUsers),
            page_size: Some(PAGE),
            page_number: Some(page),
            date_updated_start: Some(start),
            date_updated_end: end,
            ..Default::default()
        };
        let batch = client.activities(&query).await?;
        let received = batch.len() + batch.skipped;
        all.extend(batch);
        budget.check()?;
        if (received as i64) < PAGE || all.len() >= MAX_ACTIVITIES {
            break;
        }
    }
    Ok(all)
}

/// The first day to read changes from, for activities kept at `kept_at` whose newest update
/// the service stamped on `latest` (its clock and time zone, not this computer's): the day
/// before that, or before `kept_at` when that is earlier or nothing is stamped.
pub fn changed_since(latest: Option<NaiveDate>, kept_at: DateTime<Utc>) -> NaiveDate {
    let ours = kept_at.date_naive();
    let last = latest.map_or(ours, |d| d.min(ours));
    last.pred_opt().unwrap_or(last)
}

/// The newest day the service stamped an update on one of `activities`.
pub fn latest_update(activities: &[Activity]) -> Option<NaiveDate> {
    activities
        .iter()
        .filter_map(|a| a.date_updated.map(|d| d.date_naive()))
        .max()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn a_first_fill_reads_whole_months_oldest_first_up_to_today() {
        let windows = month_windows(day("2026-11-23"), 18);
        assert_eq!(windows.len(), 18);
        assert_eq!(windows[0], (day("2025-06-01"), day("2025-06-30")));
        assert_eq!(windows[8], (day("2026-02-01"), day("2026-02-28")));
        assert_eq!(windows[17], (day("2026-11-01"), day("2026-11-23")));
        for pair in windows.windows(2) {
            assert_eq!(
                pair[0].1.succ_opt(),
                Some(pair[1].0),
                "no day missed or read twice"
            );
        }
        assert!(month_windows(day("2026-11-23"), 0).is_empty());
        // Near the start of the calendar, months that do not exist are left out.
        assert_eq!(month_windows(NaiveDate::MIN, 3).len(), 1);
    }

    #[test]
    fn changes_are_read_from_the_day_before_the_services_own_newest_stamp() {
        let text = include_str!("../../../tests/fixtures/activities.json");
        let mut list: Vec<Activity> = serde_json::from_str(text).unwrap();
        let stamp = |d: &str| Some(format!("{d}T23:30:00-05:00").parse().unwrap());
        list[0].date_updated = stamp("2026-11-10");
        list[1].date_updated = stamp("2026-11-12");
        let at = |d: &str| format!("{d}T12:00:00Z").parse().unwrap();
        // This computer's clock ahead of the service's: the service's stamp decides.
        assert_eq!(
            changed_since(latest_update(&list), at("2026-11-30")),
            day("2026-11-11")
        );
        // This computer's clock behind: its own keep time decides.
        assert_eq!(
            changed_since(latest_update(&list), at("2026-11-05")),
            day("2026-11-04")
        );
        // An absurd stamp from the service cannot push the start past what was kept.
        list[0].date_updated = stamp("9999-12-31");
        assert_eq!(
            changed_since(latest_update(&list), at("2026-11-30")),
            day("2026-11-29")
        );
        for a in &mut list {
            a.date_updated = None;
        }
        assert_eq!(
            changed_since(latest_update(&list), at("2026-11-30")),
            day("2026-11-29")
        );
        assert_eq!(
            changed_since(latest_update(&[]), at("2026-11-30")),
            day("2026-11-29")
        );
    }
}
