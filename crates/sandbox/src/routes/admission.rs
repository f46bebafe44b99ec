//! Admission requirements of a case: read (instantiated from the community's templates on first
//! read) and update.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use rusqlite::{OptionalExtension, Transaction, params};
use serde_json::json;

use crate::api::model::*;
use crate::auth::Access;
use crate::http::{Body, Fail, Params, Reply, json};
use crate::state::AppState;
use crate::store::activities::{self, ActivityRow};
use crate::time::{show, store};

/// The portal of a case, if the caller may see it.
fn case_portal(tx: &Transaction<'_>, access: &Access, case: i64) -> Result<i64, Fail> {
    tx.query_row("SELECT portal_id FROM cases WHERE id = ?1", [case], |r| {
        r.get::<_, i64>(0)
    })
    .optional()?
    .filter(|p| access.portals.contains(p))
    .ok_or_else(|| Fail::not_found(format!("Case {case} not found")))
}

pub async fn read(State(state): State<AppState>, access: Access, query: Params) -> Reply {
    let now = store(state.clock.now());
    let list = state
        .db
        .write(move |tx| {
            let case = query.id("CaseId")?.ok_or_else(|| Fail::bad("CaseId is required"))?;
            let community = query.id("CommunityId")?.ok_or_else(|| Fail::bad("CommunityId is required"))?;
            let portal = access.portal_by_id(case_portal(tx, &access, case)?, tx)?;
            let in_portal: bool = tx.query_row(
                "SELECT EXISTS(SELECT 1 FROM communities WHERE id = ?1 AND portal_id = ?2)",
                params![community, portal.id],
                |r| r.get(0),
            )?;
            if !in_portal {
                return Err(Fail::bad(format!("CommunityId {community} is not a community of the case's portal")));
            }
            tx.execute(
                "INSERT OR IGNORE INTO admission_met (requirement_id, case_id, user_id, date_created, date_updated)
                 SELECT id, ?1, ?2, ?3, ?3 FROM admission_requirements WHERE community_id = ?4",
                params![case, portal.user_id, now, community],
            )?;
            // The results that fit a document or an assessment, not a sales call's (see
            // docs/decisions.md, "Sandbox: admission requirements").
            let options: Vec<TypeSelectOption> = tx
                .prepare_cached(
                    "SELECT id, name FROM type_values WHERE portal_id = ?1 AND list = 38
                     AND name IN ('Received', 'Pending', 'Not needed') ORDER BY sort_order, name",
                )?
                .query_map([portal.id], |r| Ok(TypeSelectOption { value: r.get(0)?, label: r.get(1)? }))?
                .collect::<Result<_, _>>()?;
            let mut stmt = tx.prepare_cached(
                "SELECT c.id, c.name, r.name, r.description, r.date_created, m.date_updated, m.date_created, m.case_id,
                        m.user_id, u.first_name || ' ' || u.last_name, m.is_met, m.id, coalesce(m.activity_id, 0),
                        r.activity_type_value_id, ty.name, coalesce(rs.name, ''), coalesce(a.result_value_id, 0), m.dismiss
                 FROM admission_met m JOIN admission_requirements r ON r.id = m.requirement_id
                 JOIN communities c ON c.id = r.community_id JOIN users u ON u.id = m.user_id
                 JOIN type_values ty ON ty.id = r.activity_type_value_id
                 LEFT JOIN activities a ON a.id = m.activity_id
                 LEFT JOIN type_values rs ON rs.id = a.result_value_id
                 WHERE m.case_id = ?1 AND r.community_id = ?2 ORDER BY r.id",
            )?;
            let tz = portal.tz;
            let rows = stmt.query_map(params![case, community], |r| {
                Ok(AdmissionRequirement {
                    community_id: r.get(0)?,
                    community_name: r.get(1)?,
                    requirement_name: r.get(2)?,
                    requirement_description: r.get(3)?,
                    requirement_date_created: show(&r.get::<_, String>(4)?, tz),
                    date_updated: show(&r.get::<_, String>(5)?, tz),
                    date_created: show(&r.get::<_, String>(6)?, tz),
                    case_id: r.get(7)?,
                    user_id: r.get(8)?,
                    user_name: r.get(9)?,
                    is_met: r.get(10)?,
                    admission_met_id: r.get(11)?,
                    activity_id: r.get(12)?,
                    activity_type_id: r.get(13)?,
                    activity_type_name: r.get(14)?,
                    activity_result_name: r.get(15)?,
                    activity_result_id: r.get(16)?,
                    dismiss: r.get(17)?,
                    type_select: options.clone(),
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await?;
    json(StatusCode::OK, &list)
}

pub async fn update(
    State(state): State<AppState>,
    access: Access,
    Path(path_id): Path<String>,
    body: Body,
) -> Reply {
    let update: AdmissionUpdate = body.parse()?;
    crate::limits::admission(&update)?;
    let now = state.clock.now();
    state
        .db
        .write(move |tx| {
            let met_id = update.admission_met_id.ok_or_else(|| Fail::bad("AdmissionMetId is required"))?;
            let case = update.case_id.ok_or_else(|| Fail::bad("CaseId is required"))?;
            let result = update.activity_result_id.ok_or_else(|| Fail::bad("ActivityResultId is required"))?;
            if path_id.trim() != met_id.to_string() {
                return Err(Fail::bad(format!("AdmissionMetId {met_id} does not match the address ({path_id})")));
            }
            let portal = access.portal_by_id(case_portal(tx, &access, case)?, tx)?;
            let (community, type_value, activity, name): (i64, i64, Option<i64>, String) = tx
                .query_row(
                    "SELECT r.community_id, r.activity_type_value_id, m.activity_id, r.name
                     FROM admission_met m JOIN admission_requirements r ON r.id = m.requirement_id
                     WHERE m.id = ?1 AND m.case_id = ?2",
                    params![met_id, case],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                )
                .optional()?
                .ok_or_else(|| Fail::not_found(format!("Admission requirement {met_id} not found for case {case}")))?;
            if activities::type_value(tx, portal.id, 38, result)?.is_none() {
                return Err(Fail::bad(format!("ActivityResultId {result} is not in the activity result list (type 38)")));
            }
            let activity = match update.activity_id.filter(|id| *id > 0) {
                Some(id) => {
                    let ok: bool = tx.query_row(
                        "SELECT EXISTS(SELECT 1 FROM activities WHERE id = ?1 AND case_id = ?2)",
                        params![id, case],
                        |r| r.get(0),
                    )?;
                    if !ok {
                        return Err(Fail::bad(format!("ActivityId {id} is not an activity of case {case}")));
                    }
                    id
                }
                None => match activity {
                    Some(id) => id,
                    None => {
                        let primary: i64 = tx.query_row("SELECT primary_individual_id FROM cases WHERE id = ?1", [case], |r| r.get(0))?;
                        let master: i64 = tx.query_row("SELECT master_id FROM type_values WHERE id = ?1", [type_value], |r| r.get(0))?;
                        let row = ActivityRow {
                            individual_id: primary,
                            case_id: case,
                            community_id: community,
                            type_value_id: type_value,
                            type_master_id: master,
                            status_value_id: activities::type_value_by_master(tx, portal.id, 6, 1)?,
                            status_master_id: 1,
                            result_value_id: None,
                            market_source_value_id: None,
                            campaign_id: None,
                            assigned_user_id: portal.user_id,
                            description: name,
                            due: now,
                            due_end: now,
                            all_day: true,
                            completed_at: None,
                            reinquiry: false,
                            notes: vec![],
                        };
                        activities::insert(tx, portal.id, &row, now)?
                    }
                },
            };
            let stamp = store(now);
            if let Some(met) = update.is_met {
                tx.execute(
                    "UPDATE admission_met SET is_met = ?1 WHERE id = ?2",
                    params![met, met_id],
                )?;
                let master = if met { 3 } else { 1 };
                tx.execute(
                    "UPDATE activities SET completed_at = ?1, status_master_id = ?2,
                        status_value_id = coalesce(?3, status_value_id) WHERE id = ?4",
                    params![met.then(|| stamp.clone()), master, activities::type_value_by_master(tx, portal.id, 6, master)?, activity],
                )?;
            }
            tx.execute(
                "UPDATE admission_met SET activity_id = ?1, user_id = ?2, date_updated = ?3 WHERE id = ?4",
                params![activity, portal.user_id, stamp, met_id],
            )?;
            tx.execute(
                "UPDATE activities SET result_value_id = ?1, date_updated = ?2 WHERE id = ?3",
                params![result, stamp, activity],
            )?;
            if let Some(note) = update.note.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
                tx.execute(
                    "INSERT INTO activity_notes (activity_id, message, date_created) VALUES (?1, ?2, ?3)",
                    params![activity, note, stamp],
                )?;
            }
            Ok(())
        })
        .await?;
    json(
        StatusCode::OK,
        &json!({"Message": "Admission requirement updated"}),
    )
}
