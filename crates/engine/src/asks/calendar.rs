//! The calendar, My day and the team's days the dialogs warn about clashes with.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};

use super::{Backend, Loading, Request};
use crate::api::Client;
use crate::api::model::ActivityFilter;
use crate::domain::calendar::CalendarFilter;
use crate::domain::contact_story::ContactRule;
use crate::domain::next_step::LeadWork;
use crate::{ActivityDays, answer_keys};

/// The calendar's days (`ranges`) of `filter`'s activities, narrowed as the calendar says.
pub fn calendar_days(
    filter: ActivityFilter,
    me: Option<String>,
    ranges: Vec<(NaiveDate, NaiveDate)>,
    narrow: CalendarFilter,
    loading: Arc<Loading>,
) -> Request<Arc<ActivityDays>> {
    Request::read(move |backend: Backend, client: Client| {
        let (loading, me, ranges, narrow) =
            (loading.clone(), me.clone(), ranges.clone(), narrow.clone());
        async move {
            backend
                .calendar_days(client, filter, me, ranges, narrow, loading)
                .await
        }
    })
}

/// Everyone's activities from `from` to `to` (a dialog's clash warnings).
pub fn team_days(
    from: NaiveDate,
    to: NaiveDate,
    loading: Arc<Loading>,
) -> Request<Arc<ActivityDays>> {
    Request::read(move |backend: Backend, client: Client| {
        let loading = loading.clone();
        async move { backend.team_days(client, from, to, loading).await }
    })
}

/// My day's "New leads" and "Needs a next step" of the user `me`: `whole` works out every
/// lead again (first, and as the clock moves), else only the cases written since the last read
/// where the store can say which.
pub fn lead_work(
    me: i64,
    now: DateTime<Utc>,
    rule: ContactRule,
    loading: Arc<Loading>,
    whole: bool,
) -> Request<Arc<LeadWork>> {
    Request::kept(
        answer_keys::LEAD_WORK,
        move |backend: Backend, client: Client| {
            let (loading, rule) = (loading.clone(), rule.clone());
            async move {
                backend
                    .lead_work(client, Some(me), now, rule, loading, whole)
                    .await
            }
        },
    )
}

/// The same lists over the whole team's leads (My day's missed calls, when "Everyone's
/// activities" is shown).
pub fn team_lead_work(
    now: DateTime<Utc>,
    rule: ContactRule,
    loading: Arc<Loading>,
    whole: bool,
) -> Request<Arc<LeadWork>> {
    Request::read(move |backend: Backend, client: Client| {
        let (loading, rule) = (loading.clone(), rule.clone());
        async move {
            backend
                .lead_work(client, None, now, rule, loading, whole)
                .await
        }
    })
}
