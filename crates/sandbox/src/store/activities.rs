//! Writing activities: the validated row, the sale stage a type implies, the insert itself, and
//! the type-list and community lookups activity writes share (activity create, individual
//! create, move-in, admission update, the seed).

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Transaction, params};

use crate::api::model::*;
use crate::auth::Portal;
use crate::http::Fail;
use crate::time::store;

/// An activity carried by an individual create: it happens now.
pub fn insert_from_individual_create(
    tx: &Transaction<'_>,
    portal: &Portal,
    individual_id: i64,
    case_id: i64,
    communities: &[i64],
    a: &NewIndividualActivity,
    now: DateTime<Utc>,
) -> Result<i64, Fail> {
    let master = a
        .activity_type_master_id
        .unwrap_or(ActivityTypeMaster::Inquiry.code());
    let type_value_id = type_value_by_master(tx, portal.id, 7, master)?.ok_or_else(|| {
        Fail::bad(format!(
            "activityTypeMasterId {master} has no activity type in this portal"
        ))
    })?;
    let status =
        match a.activity_status_id {
            Some(id) => Some(type_value(tx, portal.id, 6, id)?.ok_or_else(|| {
                Fail::bad(format!("activityStatusId {id} is not in its type list"))
            })?),
            None => None,
        };
    let result = match a.activity_result_id {
        Some(id) => Some(
            type_value(tx, portal.id, 38, id)?
                .ok_or_else(|| Fail::bad(format!("activityResultId {id} is not in its type list")))?
                .0,
        ),
        None => None,
    };
    let status_master = status
        .as_ref()
        .map(|s| s.1)
        .unwrap_or(ActivityStatusMaster::Completed.code());
    let community_id = match communities.first() {
        Some(id) => *id,
        None => pick_community(tx, portal.id, individual_id, None)?,
    };
    let row = ActivityRow {
        individual_id,
        case_id,
        community_id,
        type_value_id,
        type_master_id: master,
        status_value_id: match status {
            Some((v, _, _)) => Some(v),
            None => type_value_by_master(tx, portal.id, 6, status_master)?,
        },
        status_master_id: status_master,
        result_value_id: result,
        market_source_value_id: None,
        campaign_id: None,
        assigned_user_id: portal.user_id,
        description: a.description.clone().unwrap_or_default(),
        due: now,
        due_end: now,
        all_day: false,
        completed_at: (status_master == 3).then_some(now),
        reinquiry: a.re_inquiry.unwrap_or(false),
        notes: vec![],
    };
    insert(tx, portal.id, &row, now)
}

/// The named community, else the individual's first, else the portal's first.
pub fn pick_community(
    tx: &Transaction<'_>,
    portal: i64,
    individual: i64,
    named: Option<&[CommunityRef]>,
) -> Result<i64, Fail> {
    if let Some(first) = named.and_then(|c| c.first()) {
        for (n, c) in named.unwrap_or_default().iter().enumerate() {
            super::people::community_by_unique(tx, portal, &c.name_unique)?.ok_or_else(|| {
                Fail::bad(format!(
                    "communities[{n}].NameUnique {:?} is not a community",
                    c.name_unique
                ))
            })?;
        }
        return Ok(
            super::people::community_by_unique(tx, portal, &first.name_unique)?.unwrap_or_default(),
        );
    }
    let own: Option<i64> = tx
        .query_row(
            "SELECT community_id FROM individual_communities WHERE individual_id = ?1 ORDER BY community_id LIMIT 1",
            [individual],
            |r| r.get(0),
        )
        .optional()?;
    match own {
        Some(id) => Ok(id),
        None => tx
            .query_row(
                "SELECT id FROM communities WHERE portal_id = ?1 ORDER BY id LIMIT 1",
                [portal],
                |r| r.get(0),
            )
            .optional()?
            .ok_or_else(|| Fail::bad("the portal has no community to assign the activity to")),
    }
}

/// A validated activity, ready to insert.
pub struct ActivityRow {
    pub individual_id: i64,
    pub case_id: i64,
    pub community_id: i64,
    pub type_value_id: i64,
    pub type_master_id: i64,
    pub status_value_id: Option<i64>,
    pub status_master_id: i64,
    pub result_value_id: Option<i64>,
    pub market_source_value_id: Option<i64>,
    pub campaign_id: Option<i64>,
    pub assigned_user_id: i64,
    pub description: String,
    pub due: DateTime<Utc>,
    pub due_end: DateTime<Utc>,
    pub all_day: bool,
    pub completed_at: Option<DateTime<Utc>>,
    pub reinquiry: bool,
    pub notes: Vec<String>,
}

pub fn sale_stage(type_master: i64) -> &'static str {
    match ActivityTypeMaster::from_code(type_master) {
        ActivityTypeMaster::Inquiry | ActivityTypeMaster::WebForm | ActivityTypeMaster::WalkIn => {
            "Inquiry"
        }
        ActivityTypeMaster::Tour
        | ActivityTypeMaster::Appointment
        | ActivityTypeMaster::HomeVisit => "Tour",
        ActivityTypeMaster::Deposit | ActivityTypeMaster::ContractSigned => "Deposit",
        ActivityTypeMaster::MoveIn => "Moved In",
        ActivityTypeMaster::MoveOut => "Moved Out",
        ActivityTypeMaster::Assessment
        | ActivityTypeMaster::PreAdmit
        | ActivityTypeMaster::Paperwork
        | ActivityTypeMaster::Admission => "Pre-Admission",
        _ => "Follow-up",
    }
}

pub fn insert(
    tx: &Transaction<'_>,
    portal_id: i64,
    row: &ActivityRow,
    now: DateTime<Utc>,
) -> Result<i64, Fail> {
    let status = ActivityStatusMaster::from_code(row.status_master_id);
    let stamp = store(now);
    let (due, due_end) = if row.all_day {
        (
            all_day_text(row.due),
            all_day_text(row.due_end.max(row.due)),
        )
    } else {
        (store(row.due), store(row.due_end.max(row.due)))
    };
    tx.execute(
        "INSERT INTO activities (portal_id, individual_id, case_id, community_id, type_value_id, status_value_id,
            status_master_id, result_value_id, market_source_value_id, campaign_id, assigned_user_id, description,
            sale_stage, due, due_end, all_day, completed_at, cancelled, no_show, rescheduled, reinquiry,
            date_created, date_updated)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?22)",
        params![
            portal_id, row.individual_id, row.case_id, row.community_id, row.type_value_id, row.status_value_id,
            row.status_master_id, row.result_value_id, row.market_source_value_id, row.campaign_id, row.assigned_user_id,
            row.description, sale_stage(row.type_master_id), due, due_end, row.all_day, row.completed_at.map(store),
            status == ActivityStatusMaster::Cancelled, status == ActivityStatusMaster::Noshow,
            matches!(status, ActivityStatusMaster::Rescheduled | ActivityStatusMaster::Reschedule), row.reinquiry, stamp
        ],
    )?;
    let id = tx.last_insert_rowid();
    for note in &row.notes {
        tx.execute(
            "INSERT INTO activity_notes (activity_id, message, date_created) VALUES (?1, ?2, ?3)",
            params![id, note, stamp],
        )?;
    }
    Ok(id)
}

/// The calendar date the client meant, kept as that date at midnight UTC.
fn all_day_text(t: DateTime<Utc>) -> String {
    format!("{}T00:00:00.000Z", t.date_naive())
}

/// A value of a type list of the portal: (value id, master id, name).
pub fn type_value(
    tx: &Transaction<'_>,
    portal: i64,
    list: i64,
    id: i64,
) -> Result<Option<(i64, i64, String)>, Fail> {
    Ok(tx
        .query_row(
            "SELECT id, master_id, name FROM type_values WHERE portal_id = ?1 AND list = ?2 AND id = ?3",
            params![portal, list, id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?)
}

/// The first value of a list with the given master (e.g. the "Move In" activity type).
pub fn type_value_by_master(
    tx: &Transaction<'_>,
    portal: i64,
    list: i64,
    master: i64,
) -> Result<Option<i64>, Fail> {
    Ok(tx
        .query_row(
            "SELECT id FROM type_values WHERE portal_id = ?1 AND list = ?2 AND master_id = ?3 ORDER BY sort_order, id LIMIT 1",
            params![portal, list, master],
            |r| r.get(0),
        )
        .optional()?)
}
