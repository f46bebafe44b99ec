//! Activity read (filters 0–6, dates, paging) and create.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Datelike, Days, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;
use rusqlite::{OptionalExtension, Transaction, params};
use serde_json::json;

use crate::api::model::*;
use crate::auth::{Access, Portal};
use crate::http::{Body, Fail, Params, Reply, json};
use crate::state::AppState;
use crate::store::activities::{
    ActivityRow, insert, pick_community, type_value, type_value_by_master,
};
use crate::store::people::user_in_portal;
use crate::time::{show, show_opt, store};

pub const ACTIVITY_DEFAULT_PAGE: i64 = 100;
pub const ACTIVITY_MAX_PAGE: i64 = 5000;
const MAX_BATCH: usize = 500;

/// Local day boundaries of the API user, as stored (UTC) text.
struct Today {
    now: String,
    date: String,
    start: String,
    tomorrow: String,
    week_start: String,
    week_end: String,
    week_start_date: String,
    week_end_date: String,
}

fn local_midnight(tz: Tz, date: NaiveDate) -> DateTime<Utc> {
    let naive = date.and_hms_opt(0, 0, 0).unwrap_or_default();
    tz.from_local_datetime(&naive)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|| naive.and_utc())
}

impl Today {
    fn new(now: DateTime<Utc>, tz: Tz) -> Self {
        let date = now.with_timezone(&tz).date_naive();
        // Weeks run Sunday to Saturday, as US calendars show them.
        let week_start = date - Days::new(date.weekday().num_days_from_sunday() as u64);
        let week_end = week_start + Days::new(7);
        Today {
            now: store(now),
            date: date.to_string(),
            start: store(local_midnight(tz, date)),
            tomorrow: store(local_midnight(tz, date + Days::new(1))),
            week_start: store(local_midnight(tz, week_start)),
            week_end: store(local_midnight(tz, week_end)),
            week_start_date: week_start.to_string(),
            week_end_date: week_end.to_string(),
        }
    }
}

const OPEN: &str = "(a.completed_at IS NULL AND a.cancelled = 0 AND a.no_show = 0)";

fn overdue_sql(t: &Today) -> String {
    format!(
        "({OPEN} AND ((a.all_day = 0 AND a.due < '{}') OR (a.all_day = 1 AND substr(a.due, 1, 10) < '{}')))",
        t.now, t.date
    )
}

pub async fn read(State(state): State<AppState>, access: Access, query: Params) -> Reply {
    let now = state.clock.now();
    let list = state
        .db
        .read(move |tx| read_tx(tx, &access, &query, now))
        .await?;
    json(StatusCode::OK, &list)
}

fn read_tx(
    tx: &Transaction<'_>,
    access: &Access,
    query: &Params,
    now: DateTime<Utc>,
) -> Result<Vec<Activity>, Fail> {
    let portal = access.portal(query, tx)?;
    let page_size = query
        .bounded("PageSize", ACTIVITY_MAX_PAGE)?
        .unwrap_or(ACTIVITY_DEFAULT_PAGE);
    let page = query.bounded("PageNumber", 10_000_000)?.unwrap_or(1);
    let filter = match query.int("Filter")? {
        None => ActivityFilter::All,
        Some(code) => match ActivityFilter::from_code(code) {
            ActivityFilter::Other(_) => {
                return Err(Fail::bad(format!("Filter must be 0 to 6 (got {code})")));
            }
            known => known,
        },
    };
    let today = Today::new(now, portal.tz);
    let mut sql = vec!["a.portal_id = ?".to_owned()];
    let mut args: Vec<rusqlite::types::Value> = vec![portal.id.into()];
    let individual = query.id("IndividualId")?;
    if let Some(individual) = individual {
        sql.push("a.individual_id = ?".into());
        args.push(individual.into());
    } else if filter != ActivityFilter::AllUsers {
        sql.push("a.assigned_user_id = ?".into());
        args.push(portal.user_id.into());
    }
    let in_range = |start: &str, end: &str, start_date: &str, end_date: &str| {
        format!(
            "((a.all_day = 0 AND a.due >= '{start}' AND a.due < '{end}') OR
              (a.all_day = 1 AND substr(a.due, 1, 10) >= '{start_date}' AND substr(a.due, 1, 10) < '{end_date}'))"
        )
    };
    match filter {
        ActivityFilter::OverDue => sql.push(overdue_sql(&today)),
        ActivityFilter::Due => sql.push(format!("{OPEN} AND NOT {}", overdue_sql(&today))),
        ActivityFilter::DueToday => {
            let tomorrow = (NaiveDate::parse_from_str(&today.date, "%Y-%m-%d").unwrap_or_default()
                + Days::new(1))
            .to_string();
            sql.push(format!(
                "{OPEN} AND {}",
                in_range(&today.start, &today.tomorrow, &today.date, &tomorrow)
            ));
        }
        ActivityFilter::DueThisWeek => sql.push(format!(
            "{OPEN} AND {}",
            in_range(
                &today.week_start,
                &today.week_end,
                &today.week_start_date,
                &today.week_end_date
            )
        )),
        ActivityFilter::History => sql.push(format!("NOT {OPEN}")),
        _ => {}
    }
    for (start, end, column) in [
        ("DateUpdatedStart", "DateUpdatedEnd", "a.date_updated"),
        ("DateCompletedStart", "DateCompletedEnd", "a.completed_at"),
    ] {
        if let Some(from) = query.date(start)? {
            sql.push(format!("{column} >= ?"));
            args.push(store(from).into());
        }
        if let Some(to) = query.date(end)? {
            // A date means the whole of that day.
            let to = if to.time() == chrono::NaiveTime::MIN {
                to + chrono::Duration::days(1)
            } else {
                to
            };
            sql.push(format!("{column} < ?"));
            args.push(store(to).into());
        }
    }
    args.push(page_size.into());
    args.push(((page - 1) * page_size).into());
    let ids: Vec<i64> = tx
        .prepare(&format!(
            "SELECT a.id FROM activities a WHERE {} ORDER BY a.due DESC, a.id DESC LIMIT ? OFFSET ?",
            sql.join(" AND ")
        ))?
        .query_map(rusqlite::params_from_iter(args.iter()), |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    load(tx, &portal, &ids, &today)
}

fn load(
    tx: &Transaction<'_>,
    portal: &Portal,
    ids: &[i64],
    today: &Today,
) -> Result<Vec<Activity>, Fail> {
    let ids_json = serde_json::to_string(ids).unwrap_or_default();
    let mut notes: std::collections::HashMap<i64, Vec<ActivityNote>> = Default::default();
    let mut stmt = tx.prepare_cached(
        "SELECT activity_id, message, date_created FROM activity_notes
         WHERE activity_id IN (SELECT value FROM json_each(?1)) ORDER BY id",
    )?;
    for row in stmt.query_map([&ids_json], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
        ))
    })? {
        let (id, message, created) = row?;
        notes.entry(id).or_default().push(ActivityNote {
            message,
            date_created: Some(show(&created, portal.tz)),
        });
    }
    let overdue = overdue_sql(today);
    let mut stmt = tx.prepare_cached(&format!(
        "SELECT a.id, coalesce(st.name, ''), a.description, ty.name, a.reinquiry, c.id, c.name, c.name_unique,
                a.case_id, a.individual_id, i.first_name || ' ' || i.last_name, u.first_name || ' ' || u.last_name,
                a.due, a.due_end, a.completed_at, a.date_updated, a.date_created, a.all_day,
                coalesce(a.result_value_id, 0), coalesce(rs.name, ''), a.sale_stage,
                a.completed_at IS NOT NULL, a.cancelled, a.no_show, a.rescheduled, {overdue}, ms.name
         FROM activities a
         JOIN communities c ON c.id = a.community_id
         JOIN individuals i ON i.id = a.individual_id
         JOIN users u ON u.id = a.assigned_user_id
         JOIN type_values ty ON ty.id = a.type_value_id
         LEFT JOIN type_values st ON st.id = a.status_value_id
         LEFT JOIN type_values rs ON rs.id = a.result_value_id
         LEFT JOIN type_values ms ON ms.id = a.market_source_value_id
         WHERE a.id IN (SELECT value FROM json_each(?1))"
    ))?;
    let mut by_id: std::collections::HashMap<i64, Activity> = Default::default();
    let rows = stmt.query_map([&ids_json], |r| {
        let all_day: bool = r.get(17)?;
        let due_text: String = r.get(12)?;
        let due_end_text: String = r.get(13)?;
        let completed: bool = r.get(21)?;
        let cancelled: bool = r.get(22)?;
        let no_show: bool = r.get(23)?;
        let overdue: bool = r.get(25)?;
        let place = |text: &str| {
            if all_day {
                show_all_day(text, portal.tz)
            } else {
                show(text, portal.tz)
            }
        };
        let due = place(&due_text);
        let type_name: String = r.get(3)?;
        let description: String = r.get(2)?;
        let completed_at: Option<String> = r.get(14)?;
        let id: i64 = r.get(0)?;
        Ok(Activity {
            id,
            activity_status: r.get(1)?,
            activity_name: if description.is_empty() {
                type_name.clone()
            } else {
                description
            },
            activity_type: Some(type_name),
            time_zone: portal.tz_name.to_owned(),
            reinquiry: r.get(4)?,
            community: ActivityCommunity {
                id: r.get(5)?,
                name: r.get(6)?,
                name_unique: r.get(7)?,
            },
            case_number: r.get::<_, i64>(8)?.to_string(),
            individual_id: r.get(9)?,
            individual_full_name: r.get(10)?,
            assigned_name: r.get(11)?,
            due_date_descriptive: descriptive(
                due,
                all_day,
                completed_at.as_deref().map(|t| show(t, portal.tz)),
                cancelled,
                no_show,
                overdue,
                today,
            ),
            due_date: due,
            due_date_end: place(&due_end_text),
            date_completed: show_opt(completed_at, portal.tz),
            date_updated: show_opt(r.get(15)?, portal.tz),
            date_created: show(&r.get::<_, String>(16)?, portal.tz),
            all_day,
            result_id: r.get(18)?,
            result_name: r.get(19)?,
            sale_stage: r.get(20)?,
            completed,
            cancelled,
            no_show,
            rescheduled: r.get(24)?,
            is_activity_history: completed || cancelled || no_show,
            overdue,
            notes: None,
            market_source: r.get(26)?,
        })
    })?;
    for row in rows {
        let activity = row?;
        by_id.insert(activity.id, activity);
    }
    Ok(ids
        .iter()
        .filter_map(|id| by_id.remove(id))
        .map(|mut a| {
            a.notes = notes.remove(&a.id);
            a
        })
        .collect())
}

/// All-day activities are stored as a date at midnight UTC and shown as midnight of that same
/// date in the user's zone, so they never move to a neighbouring day.
fn show_all_day(text: &str, tz: Tz) -> Timestamp {
    let date =
        NaiveDate::parse_from_str(text.get(..10).unwrap_or(""), "%Y-%m-%d").unwrap_or_default();
    local_midnight(tz, date).with_timezone(&tz).fixed_offset()
}

fn descriptive(
    due: Timestamp,
    all_day: bool,
    completed: Option<Timestamp>,
    cancelled: bool,
    no_show: bool,
    overdue: bool,
    today: &Today,
) -> String {
    let day = |t: Timestamp| t.format("%b %-d, %Y").to_string();
    if let Some(done) = completed {
        return format!("Completed {}", day(done));
    }
    if cancelled {
        return format!("Cancelled (was due {})", day(due));
    }
    if no_show {
        return format!("No show on {}", day(due));
    }
    if overdue {
        return format!("Overdue since {}", day(due));
    }
    if due.date_naive().to_string() == today.date {
        return if all_day {
            "Due today".into()
        } else {
            format!("Due today at {}", due.format("%-I:%M %p"))
        };
    }
    format!("Due {}", day(due))
}

// ---- Create ----

pub async fn create(
    State(state): State<AppState>,
    access: Access,
    query: Params,
    body: Body,
) -> Reply {
    let request: ActivityCreateRequest = body.parse()?;
    crate::limits::activities(&request)?;
    let now = state.clock.now();
    let ids = state
        .db
        .write(move |tx| {
            let portal = access.portal(&query, tx)?;
            if request.activities.is_empty() {
                return Err(Fail::bad("activities must hold at least one activity"));
            }
            if request.activities.len() > MAX_BATCH {
                return Err(Fail::bad(format!(
                    "activities may hold at most {MAX_BATCH} activities per request"
                )));
            }
            let mut ids = Vec::new();
            for (n, activity) in request.activities.iter().enumerate() {
                let row = validate(tx, &portal, activity)
                    .map_err(|e| Fail::bad(format!("activities[{n}].{}", e.message)))?;
                ids.push(insert(tx, portal.id, &row, now)?);
            }
            Ok(ids)
        })
        .await?;
    json(
        StatusCode::CREATED,
        &json!({"ActivityIds": ids, "Message": format!("{} activit{} created", ids.len(), if ids.len() == 1 { "y" } else { "ies" })}),
    )
}

/// Checks one activity of a create request; errors start with the field name.
fn validate(tx: &Transaction<'_>, portal: &Portal, a: &NewActivity) -> Result<ActivityRow, Fail> {
    let (type_value_id, type_master_id, _) = type_value(tx, portal.id, 7, a.activity_type_id)?
        .ok_or_else(|| {
            Fail::bad(format!(
                "activityTypeId {} is not an activity type of this portal",
                a.activity_type_id
            ))
        })?;
    let (individual_id, case_id) =
        resolve_individual(tx, portal.id, a.individual_id, a.case_number.as_deref())?;
    let assigned_user_id = match a.assigned_user_id {
        Some(id) => user_in_portal(tx, id, portal.id)?.ok_or_else(|| {
            Fail::bad(format!("assignedUserId {id} is not a user of this portal"))
        })?,
        None => portal.user_id,
    };
    let all_day = a.all_day.unwrap_or(false);
    // An all-day activity keeps the calendar date the client wrote, whatever its offset.
    let place = |t: Timestamp| {
        if all_day {
            t.date_naive().and_time(chrono::NaiveTime::MIN).and_utc()
        } else {
            t.with_timezone(&Utc)
        }
    };
    let start = place(a.start);
    let end = match a.end {
        Some(end) if end < a.start => return Err(Fail::bad("end must not be before start")),
        Some(end) => place(end),
        None if all_day => start,
        None => start + chrono::Duration::hours(1),
    };
    let list_value =
        |list: i64, id: Option<i64>, field: &str| -> Result<Option<(i64, i64)>, Fail> {
            match id {
                None => Ok(None),
                Some(id) => type_value(tx, portal.id, list, id)?
                    .map(|(v, m, _)| Some((v, m)))
                    .ok_or_else(|| Fail::bad(format!("{field} {id} is not in its type list"))),
            }
        };
    let market_source = list_value(4, a.market_source_id, "marketSourceId")?;
    let status_value = list_value(6, a.activity_status_id, "activityStatusId")?;
    let result_value = list_value(38, a.activity_result_id, "activityResultId")?;
    if let Some(master) = a.activity_status_master_id
        && ActivityStatusMaster::from_code(master)
            .known_name()
            .is_none()
    {
        return Err(Fail::bad(format!(
            "activityStatusMasterId must be 1 to 8 (got {master})"
        )));
    }
    let mut status_master = a
        .activity_status_master_id
        .or(status_value.map(|(_, m)| m))
        .unwrap_or(if a.date_completed.is_some() { 3 } else { 1 });
    if a.date_completed.is_some() && status_master == 1 {
        status_master = 3;
    }
    let status_value_id = match status_value {
        Some((v, _)) => Some(v),
        None => type_value_by_master(tx, portal.id, 6, status_master)?,
    };
    let completed_at = match (a.date_completed, status_master) {
        (Some(done), _) => Some(done.with_timezone(&Utc)),
        (None, 3) => Some(end),
        _ => None,
    };
    let campaign_id = match a.campaign_id {
        Some(id) => Some(
            tx.query_row(
                "SELECT id FROM campaigns WHERE id = ?1 AND portal_id = ?2",
                params![id, portal.id],
                |r| r.get(0),
            )
            .optional()?
            .ok_or_else(|| {
                Fail::bad(format!("campaignId {id} is not a campaign of this portal"))
            })?,
        ),
        None => None,
    };
    let community_id = pick_community(tx, portal.id, individual_id, a.communities.as_deref())?;
    Ok(ActivityRow {
        individual_id,
        case_id,
        community_id,
        type_value_id,
        type_master_id,
        status_value_id,
        status_master_id: status_master,
        result_value_id: result_value.map(|(v, _)| v),
        market_source_value_id: market_source.map(|(v, _)| v),
        campaign_id,
        assigned_user_id,
        description: a.description.clone().unwrap_or_default(),
        due: start,
        due_end: end,
        all_day,
        completed_at,
        reinquiry: a.re_inquiry.unwrap_or(false),
        notes: a
            .notes
            .iter()
            .flatten()
            .map(|n| n.message.clone())
            .filter(|m| !m.trim().is_empty())
            .collect(),
    })
}

fn resolve_individual(
    tx: &Transaction<'_>,
    portal: i64,
    individual: Option<i64>,
    case: Option<&str>,
) -> Result<(i64, i64), Fail> {
    let case_id = match case.map(str::trim).filter(|c| !c.is_empty()) {
        Some(text) => Some(
            text.parse::<i64>()
                .ok()
                .and_then(|id| {
                    tx.query_row(
                        "SELECT id FROM cases WHERE id = ?1 AND portal_id = ?2",
                        params![id, portal],
                        |r| r.get::<_, i64>(0),
                    )
                    .optional()
                    .ok()
                    .flatten()
                })
                .ok_or_else(|| {
                    Fail::bad(format!("caseNumber {text:?} is not a case of this portal"))
                })?,
        ),
        None => None,
    };
    match (individual, case_id) {
        (None, None) => Err(Fail::bad("individualId or caseNumber is required")),
        (Some(id), case_id) => {
            let found: i64 = tx
                .query_row(
                    "SELECT case_id FROM individuals WHERE id = ?1 AND portal_id = ?2",
                    params![id, portal],
                    |r| r.get(0),
                )
                .optional()?
                .ok_or_else(|| {
                    Fail::bad(format!(
                        "individualId {id} is not an individual of this portal"
                    ))
                })?;
            if case_id.is_some_and(|c| c != found) {
                return Err(Fail::bad(format!(
                    "individualId {id} is not in case {}",
                    case_id.unwrap_or_default()
                )));
            }
            Ok((id, found))
        }
        (None, Some(case_id)) => {
            let primary: i64 = tx.query_row(
                "SELECT primary_individual_id FROM cases WHERE id = ?1",
                [case_id],
                |r| r.get(0),
            )?;
            Ok((primary, case_id))
        }
    }
}
