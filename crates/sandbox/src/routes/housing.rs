//! Communities, units, housing contracts and transactions.

use std::collections::HashSet;

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Transaction, params};

use crate::api::model::Transaction as TransactionRecord;
use crate::api::model::*;
use crate::auth::{Access, Portal};
use crate::http::{Body, Fail, Params, Reply, json};
use crate::state::AppState;
use crate::store::activities::{self, ActivityRow};
use crate::store::people::community_by_unique;
use crate::time::{show, show_opt, store};

const MAX_UNITS_PER_REQUEST: usize = 500;

pub async fn communities(State(state): State<AppState>, access: Access, query: Params) -> Reply {
    let list = state
        .db
        .read(move |tx| {
            let portal = access.portal(&query, tx)?;
            let mut stmt = tx.prepare_cached(
                "SELECT id, name, name_unique, abbreviation, color, address_id FROM communities WHERE portal_id = ?1 ORDER BY name",
            )?;
            let rows = stmt.query_map([portal.id], |r| {
                Ok(Community {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    name_unique: r.get(2)?,
                    abbreviation: Some(r.get(3)?),
                    color: Some(r.get(4)?),
                    address_id: Some(r.get(5)?),
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await?;
    json(StatusCode::OK, &list)
}

pub async fn units(State(state): State<AppState>, access: Access, query: Params) -> Reply {
    let list = state
        .db
        .read(move |tx| {
            let portal = access.portal(&query, tx)?;
            let community = query.id("CommunityId")?;
            let mut stmt = tx.prepare_cached(
                "SELECT u.id, u.number, u.name, c.id, c.name, cg.id, cg.name, fp.id, fp.name, u.square_feet, u.capacity,
                        u.base_monthly, u.base_entrance
                 FROM units u JOIN communities c ON c.id = u.community_id
                 JOIN type_values cg ON cg.id = u.care_group_value_id
                 LEFT JOIN type_values fp ON fp.id = u.floor_plan_value_id
                 WHERE u.portal_id = ?1 AND (?2 IS NULL OR u.community_id = ?2)
                 ORDER BY c.name, length(u.number), u.number",
            )?;
            let rows = stmt.query_map(params![portal.id, community], |r| {
                Ok(Unit {
                    id: r.get(0)?,
                    number: r.get(1)?,
                    name: r.get(2)?,
                    community_id: r.get(3)?,
                    community_name: r.get(4)?,
                    care_group_id: r.get(5)?,
                    care_group: r.get(6)?,
                    floor_plan_id: r.get(7)?,
                    floor_plan: r.get(8)?,
                    square_feet: r.get(9)?,
                    capacity: r.get(10)?,
                    base_monthly: r.get(11)?,
                    base_entrance: r.get(12)?,
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await?;
    json(StatusCode::OK, &list)
}

pub async fn create_units(
    State(state): State<AppState>,
    access: Access,
    query: Params,
    body: Body,
) -> Reply {
    let request: UnitCreateRequest = body.parse()?;
    crate::limits::units(&request)?;
    let now = store(state.clock.now());
    let ids = state
        .db
        .write(move |tx| {
            let portal = access.portal(&query, tx)?;
            if request.units.is_empty() {
                return Err(Fail::bad("units must hold at least one unit"));
            }
            if request.units.len() > MAX_UNITS_PER_REQUEST {
                return Err(Fail::bad(format!("units may hold at most {MAX_UNITS_PER_REQUEST} units per request")));
            }
            let mut seen = HashSet::new();
            let mut ids = Vec::new();
            for (n, unit) in request.units.iter().enumerate() {
                let bad = |field: &str, why: String| Fail::bad(format!("units[{n}].{field} {why}"));
                let community = community_by_unique(tx, portal.id, &unit.community_unique)?
                    .ok_or_else(|| bad("CommunityUnique", format!("{:?} is not a community of this portal", unit.community_unique)))?;
                if activities::type_value(tx, portal.id, 14, unit.care_group_id)?.is_none() {
                    return Err(bad("CareGroupId", format!("{} is not in the care group list (type 14)", unit.care_group_id)));
                }
                if let Some(plan) = unit.floor_plan_id
                    && activities::type_value(tx, portal.id, 11, plan)?.is_none()
                {
                    return Err(bad("FloorPlanId", format!("{plan} is not in the floor plan list (type 11)")));
                }
                let number = unit.number.0.trim();
                if number.is_empty() || number.chars().count() > 20 {
                    return Err(bad("Number", "must be 1 to 20 characters".into()));
                }
                if unit.name.chars().count() > 100 {
                    return Err(bad("Name", "must be at most 100 characters".into()));
                }
                let capacity = unit.capacity.unwrap_or(1);
                if !(1..=20).contains(&capacity) {
                    return Err(bad("Capacity", format!("must be between 1 and 20 (got {capacity})")));
                }
                for (field, value) in [("SquareFeet", unit.square_feet), ("BaseMonthly", unit.base_monthly), ("BaseEntrance", unit.base_entrance)] {
                    if value.is_some_and(|v| !v.is_finite() || v < 0.0) {
                        return Err(bad(field, "must be zero or more".into()));
                    }
                }
                let exists: bool = tx.query_row(
                    "SELECT EXISTS(SELECT 1 FROM units WHERE community_id = ?1 AND number = ?2 COLLATE NOCASE)",
                    params![community, number],
                    |r| r.get(0),
                )?;
                if exists || !seen.insert((community, number.to_lowercase())) {
                    return Err(bad("Number", format!("{number:?} already exists in {}", unit.community_unique)));
                }
                tx.execute(
                    "INSERT INTO units (portal_id, community_id, number, name, care_group_value_id, floor_plan_value_id,
                        square_feet, capacity, base_monthly, base_entrance, date_created, date_updated)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11)",
                    params![
                        portal.id, community, number, unit.name.trim(), unit.care_group_id, unit.floor_plan_id,
                        unit.square_feet, capacity, unit.base_monthly, unit.base_entrance, now
                    ],
                )?;
                ids.push(tx.last_insert_rowid());
            }
            Ok(ids)
        })
        .await?;
    let message = format!("{} unit(s) created", ids.len());
    json(
        StatusCode::OK,
        &UnitsCreated {
            unit_ids: ids,
            message,
        },
    )
}

pub async fn contracts(State(state): State<AppState>, access: Access, query: Params) -> Reply {
    let list = state
        .db
        .read(move |tx| {
            let portal = access.portal(&query, tx)?;
            // A case number that is not a number matches no case.
            let case = query
                .text("CaseNumber")
                .map(|text| text.parse::<i64>().unwrap_or(-1));
            read_contracts(
                tx,
                &portal,
                &ContractFilter {
                    individual: query.id("IndividualId")?,
                    case,
                    unit: query.id("UnitId")?,
                    id: query.id("Id")?,
                    community: query.id("CommunityId")?,
                },
            )
        })
        .await?;
    json(StatusCode::OK, &list)
}

#[derive(Default)]
pub struct ContractFilter {
    pub individual: Option<i64>,
    pub case: Option<i64>,
    pub unit: Option<i64>,
    pub id: Option<i64>,
    pub community: Option<i64>,
}

pub fn read_contracts(
    tx: &Transaction<'_>,
    portal: &Portal,
    f: &ContractFilter,
) -> Result<Vec<HousingContract>, Fail> {
    let mut stmt = tx.prepare_cached(
        "SELECT h.id, h.date_created, h.date_updated, c.id, c.name, c.name_unique, h.move_in, h.move_out, u.id, u.number,
                coalesce(u.square_feet, 0), coalesce(u.base_monthly, 0), u.capacity, coalesce(fp.name, ''), cg.name,
                u.date_created, u.date_updated, h.monthly_fee, h.is_repayable, i.case_id, i.id,
                i.first_name || ' ' || i.last_name, h.active
         FROM housing_contracts h
         JOIN units u ON u.id = h.unit_id
         JOIN communities c ON c.id = u.community_id
         JOIN individuals i ON i.id = h.individual_id
         JOIN type_values cg ON cg.id = u.care_group_value_id
         LEFT JOIN type_values fp ON fp.id = u.floor_plan_value_id
         WHERE h.portal_id = ?1 AND (?2 IS NULL OR h.individual_id = ?2) AND (?3 IS NULL OR i.case_id = ?3)
           AND (?4 IS NULL OR h.unit_id = ?4) AND (?5 IS NULL OR h.id = ?5) AND (?6 IS NULL OR u.community_id = ?6)
         ORDER BY h.id",
    )?;
    let tz = portal.tz;
    let rows = stmt.query_map(
        params![portal.id, f.individual, f.case, f.unit, f.id, f.community],
        |r| {
            Ok(HousingContract {
                id: r.get(0)?,
                date_created: show(&r.get::<_, String>(1)?, tz),
                date_updated: show_opt(r.get(2)?, tz),
                community_id: r.get(3)?,
                community_name: r.get(4)?,
                name_unique: r.get(5)?,
                move_in_date: show(&r.get::<_, String>(6)?, tz),
                move_out_date: show_opt(r.get(7)?, tz),
                unit_id: r.get(8)?,
                unit_number: r.get(9)?,
                square_foot: r.get(10)?,
                base_monthly: r.get(11)?,
                capacity: r.get(12)?,
                floor_plan: r.get(13)?,
                care_group: r.get(14)?,
                unit_date_created: show(&r.get::<_, String>(15)?, tz),
                unit_date_updated: show(&r.get::<_, String>(16)?, tz),
                monthly_fee: r.get(17)?,
                is_repayable: r.get(18)?,
                case_number: r.get::<_, i64>(19)?.to_string(),
                individual_id: r.get(20)?,
                individual_name: r.get(21)?,
                active_lease: r.get(22)?,
            })
        },
    )?;
    Ok(rows.collect::<Result<Vec<_>, _>>()?)
}

pub async fn create_contract(
    State(state): State<AppState>,
    access: Access,
    query: Params,
    body: Body,
) -> Reply {
    let request: HousingContractCreate = body.parse()?;
    crate::limits::contract(&request)?;
    let now = state.clock.now();
    let ids = state
        .db
        .write(move |tx| create_contract_tx(tx, &access, &query, &request, now))
        .await?;
    let message = format!("{} housing contract(s) created", ids.len());
    json(
        StatusCode::CREATED,
        &HousingContractsCreated {
            housing_contract_ids: ids,
            message,
        },
    )
}

fn create_contract_tx(
    tx: &Transaction<'_>,
    access: &Access,
    query: &Params,
    r: &HousingContractCreate,
    now: DateTime<Utc>,
) -> Result<Vec<i64>, Fail> {
    let portal = access.portal(query, tx)?;
    let community =
        community_by_unique(tx, portal.id, &r.community_name_unique)?.ok_or_else(|| {
            Fail::bad(format!(
                "CommunityNameUnique {:?} is not a community of this portal",
                r.community_name_unique
            ))
        })?;
    let move_in = r
        .move_in_date
        .ok_or_else(|| Fail::bad("MoveInDate is required"))?
        .with_timezone(&Utc);
    if let Some(out) = r.move_out_date
        && out.with_timezone(&Utc) < move_in
    {
        return Err(Fail::bad("MoveOutDate must not be before MoveInDate"));
    }
    for (field, value) in [
        ("EntranceFee", r.entrance_fee),
        ("Deposit", r.deposit),
        ("MonthlyFee", r.monthly_fee),
    ] {
        if value.is_some_and(|v| !v.is_finite() || v < 0.0) {
            return Err(Fail::bad(format!("{field} must be zero or more")));
        }
    }
    let (unit_id, unit_number, capacity, base_monthly): (i64, String, i64, Option<f64>) = match (r.unit_id, r.unit_number.as_deref()) {
        (None, None) => return Err(Fail::bad("UnitId or UnitNumber is required")),
        (Some(id), _) => tx
            .query_row(
                "SELECT id, number, capacity, base_monthly FROM units WHERE id = ?1 AND community_id = ?2",
                params![id, community],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
            )
            .optional()?
            .ok_or_else(|| Fail::bad(format!("UnitId {id} is not a unit of {}", r.community_name_unique)))?,
        (None, Some(number)) => tx
            .query_row(
                "SELECT id, number, capacity, base_monthly FROM units WHERE number = ?1 COLLATE NOCASE AND community_id = ?2",
                params![number.trim(), community],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
            )
            .optional()?
            .ok_or_else(|| Fail::bad(format!("UnitNumber {number:?} is not a unit of {}", r.community_name_unique)))?,
    };
    if r.individuals.is_empty() {
        return Err(Fail::bad("individuals must name at least one individual"));
    }
    let mut people = Vec::new();
    for (n, who) in r.individuals.iter().enumerate() {
        let found: Option<i64> = tx
            .query_row(
                "SELECT case_id FROM individuals WHERE id = ?1 AND portal_id = ?2",
                params![who.individual_id, portal.id],
                |row| row.get(0),
            )
            .optional()?;
        let case_id = found.ok_or_else(|| {
            Fail::bad(format!(
                "individuals[{n}].IndividualId {} was not found or is not accessible",
                who.individual_id
            ))
        })?;
        if people.iter().any(|(id, _)| *id == who.individual_id) {
            return Err(Fail::bad(format!(
                "individuals[{n}].IndividualId {} is listed twice",
                who.individual_id
            )));
        }
        people.push((who.individual_id, case_id));
    }
    let stamp = store(now);
    if r.move_out_resident == Some(true) {
        for (id, _) in &people {
            tx.execute(
                "UPDATE housing_contracts SET active = 0, move_out = ?1, date_updated = ?2 WHERE individual_id = ?3 AND active = 1",
                params![store(move_in), stamp, id],
            )?;
        }
    }
    let living: Vec<i64> = tx
        .prepare_cached(
            "SELECT individual_id FROM housing_contracts WHERE unit_id = ?1 AND active = 1",
        )?
        .query_map([unit_id], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    if let Some((id, _)) = people.iter().find(|(id, _)| living.contains(id)) {
        return Err(Fail::bad(format!(
            "Individual {id} already has an active contract on unit {unit_number}"
        )));
    }
    if living.len() + people.len() > capacity as usize {
        return Err(Fail::bad(format!(
            "Unit {unit_number} has capacity {capacity} with {} active contract(s): there is no room for {} more",
            living.len(),
            people.len()
        )));
    }
    let monthly = r.monthly_fee.or(base_monthly);
    let mut ids = Vec::new();
    for (individual, case_id) in &people {
        tx.execute(
            "INSERT INTO housing_contracts (portal_id, unit_id, individual_id, move_in, move_out, monthly_fee, entrance_fee,
                deposit, is_repayable, is_transfer, is_waitlist, active, date_created)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 1, ?12)",
            params![
                portal.id, unit_id, individual, store(move_in), r.move_out_date.map(|t| store(t.with_timezone(&Utc))),
                monthly, r.entrance_fee, r.deposit, r.is_repayable.unwrap_or(false), r.is_transfer.unwrap_or(false),
                r.is_waitlist.unwrap_or(false), stamp
            ],
        )?;
        let contract = tx.last_insert_rowid();
        ids.push(contract);
        for (kind, amount, what) in [
            ("Entrance Fee", r.entrance_fee, "Entrance fee"),
            ("Deposit", r.deposit, "Deposit"),
            ("Rent", monthly, "Monthly fee, first month"),
        ] {
            if let Some(amount) = amount.filter(|a| *a > 0.0) {
                insert_transaction(
                    tx,
                    portal.id,
                    *individual,
                    contract,
                    unit_id,
                    kind,
                    what,
                    amount,
                    now,
                    move_in,
                )?;
            }
        }
        tx.execute(
            "UPDATE individuals SET type_id = 2, status_id = 5 WHERE id = ?1 AND type_id IN (1, 6)",
            [individual],
        )?;
        tx.execute(
            "INSERT OR IGNORE INTO individual_communities (individual_id, community_id) VALUES (?1, ?2)",
            params![individual, community],
        )?;
        if r.create_move_in_activity != Some(false) {
            move_in_activity(tx, &portal, *individual, *case_id, community, move_in, now)?;
        }
    }
    Ok(ids)
}

fn move_in_activity(
    tx: &Transaction<'_>,
    portal: &Portal,
    individual: i64,
    case_id: i64,
    community: i64,
    move_in: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), Fail> {
    let master = ActivityTypeMaster::MoveIn.code();
    let Some(type_value_id) = activities::type_value_by_master(tx, portal.id, 7, master)? else {
        return Ok(());
    };
    let done = move_in <= now;
    let status_master = if done { 3 } else { 1 };
    let row = ActivityRow {
        individual_id: individual,
        case_id,
        community_id: community,
        type_value_id,
        type_master_id: master,
        status_value_id: activities::type_value_by_master(tx, portal.id, 6, status_master)?,
        status_master_id: status_master,
        result_value_id: None,
        market_source_value_id: None,
        campaign_id: None,
        assigned_user_id: portal.user_id,
        description: "Move in".into(),
        due: move_in,
        due_end: move_in,
        all_day: true,
        completed_at: done.then_some(move_in),
        reinquiry: false,
        notes: vec![],
    };
    activities::insert(tx, portal.id, &row, now)?;
    Ok(())
}

#[allow(clippy::too_many_arguments)]
pub fn insert_transaction(
    tx: &Transaction<'_>,
    portal: i64,
    individual: i64,
    contract: i64,
    unit: i64,
    type_name: &str,
    description: &str,
    amount: f64,
    created: DateTime<Utc>,
    effective: DateTime<Utc>,
) -> Result<(), Fail> {
    let type_value: i64 = tx
        .query_row(
            "SELECT id FROM type_values WHERE portal_id = ?1 AND list = 24 AND name = ?2",
            params![portal, type_name],
            |r| r.get(0),
        )
        .optional()?
        .ok_or_else(|| {
            Fail::internal(format!(
                "transaction type {type_name} is missing from the portal"
            ))
        })?;
    tx.execute(
        "INSERT INTO transactions (portal_id, individual_id, housing_contract_id, unit_id, type_value_id, description,
            status, amount, units, date_created, effective_date)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'Posted', ?7, 1, ?8, ?9)",
        params![portal, individual, contract, unit, type_value, description, amount, store(created), store(effective)],
    )?;
    Ok(())
}

/// Currency text as the service writes it: `$2,500.00`.
pub fn money(amount: f64) -> String {
    let cents = (amount.abs() * 100.0).round() as i64;
    let whole = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, ch) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    format!(
        "{}${grouped}.{:02}",
        if amount < 0.0 { "-" } else { "" },
        cents % 100
    )
}

pub async fn transactions(State(state): State<AppState>, access: Access, query: Params) -> Reply {
    let list = state
        .db
        .read(move |tx| {
            let portal = access.portal(&query, tx)?;
            let names = ["Id", "IndividualId", "HousingContractId", "UnitId", "CampaignId", "TransactionTypeId"];
            let mut values = Vec::new();
            for name in names {
                values.push(query.id(name)?);
            }
            if values.iter().all(Option::is_none) {
                return Err(Fail::bad(format!("Give at least one of {}", names.join(", "))));
            }
            let mut stmt = tx.prepare_cached(
                "SELECT t.id, t.description, ty.name, t.status, t.amount, t.units, t.date_created, t.effective_date,
                        t.individual_id, i.first_name || ' ' || i.last_name, t.housing_contract_id, t.unit_id, u.number
                 FROM transactions t JOIN type_values ty ON ty.id = t.type_value_id
                 JOIN individuals i ON i.id = t.individual_id JOIN units u ON u.id = t.unit_id
                 WHERE t.portal_id = ?1 AND (?2 IS NULL OR t.id = ?2) AND (?3 IS NULL OR t.individual_id = ?3)
                   AND (?4 IS NULL OR t.housing_contract_id = ?4) AND (?5 IS NULL OR t.unit_id = ?5)
                   AND (?6 IS NULL OR t.campaign_id = ?6) AND (?7 IS NULL OR t.type_value_id = ?7)
                 ORDER BY t.effective_date, t.id",
            )?;
            let tz = portal.tz;
            let rows = stmt.query_map(
                params![portal.id, values[0], values[1], values[2], values[3], values[4], values[5]],
                |r| {
                    let amount: f64 = r.get(4)?;
                    Ok(TransactionRecord {
                        id: r.get(0)?,
                        description: r.get(1)?,
                        kind: r.get(2)?,
                        status: r.get(3)?,
                        amount,
                        units: r.get(5)?,
                        date_created: show(&r.get::<_, String>(6)?, tz),
                        effective_date: show(&r.get::<_, String>(7)?, tz),
                        individual_id: r.get(8)?,
                        individual_name: r.get(9)?,
                        housing_contract_id: r.get(10)?,
                        unit_id: r.get(11)?,
                        unit_name: r.get(12)?,
                        total: money(amount),
                    })
                },
            )?;
            let list = rows.collect::<Result<Vec<_>, _>>()?;
            if list.is_empty() {
                return Err(Fail::not_found("No transactions found"));
            }
            Ok(list)
        })
        .await?;
    json(StatusCode::OK, &list)
}

#[cfg(test)]
mod tests {
    #[test]
    fn money_is_grouped_with_two_decimals() {
        assert_eq!(super::money(2500.0), "$2,500.00");
        assert_eq!(super::money(1234567.891), "$1,234,567.89");
        assert_eq!(super::money(-45.5), "-$45.50");
        assert_eq!(super::money(0.0), "$0.00");
    }
}
