//! Units and housing contracts as rows of the store, so the census forecast is counted from
//! plain columns (a unit's community, care group, beds and rent; a contract's unit, days and
//! whether it is on) and only the contracts of residents moving during it are opened.

use crate::change::Change;
use std::collections::HashSet;

use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::{OptionalExtension, params};

use super::{Store, StoreError, day_number, day_of};
use crate::api::model::{HousingContract, Unit};
use crate::domain::census::{Forecast, StayFacts, UnitFacts, forecast_of};

/// What one contract may weigh as JSON.
const MAX_CONTRACT_BYTES: usize = 64 * 1024;
/// Contracts and units kept at most (the largest portals have a few hundred thousand).
pub const MAX_KEPT_CONTRACTS: usize = 1_000_000;
pub const MAX_KEPT_UNITS: usize = 500_000;
/// The meta row saying when the rows were last written whole.
const INVENTORY_ROWS: &str = "inventory_rows";

fn contract_place(id: i64) -> String {
    format!("contracts/{id}")
}

impl Store {
    /// When the units and contracts were last kept as rows; `None` before a sync wrote them.
    pub fn inventory_kept_at(&self) -> Option<DateTime<Utc>> {
        super::meta_time(&self.lock(), INVENTORY_ROWS)
    }

    /// Keeps these units and contracts as the whole inventory: rows that changed are written,
    /// rows no longer in it deleted, the rest left alone (a sync with nothing changed writes
    /// only when it was). Returns how many rows were written or deleted. Blocking.
    pub fn keep_inventory(
        &self,
        units: &[Unit],
        contracts: &[HousingContract],
        at: DateTime<Utc>,
    ) -> Result<usize, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction()?;
        let mut put_unit = tx.prepare_cached(
            "INSERT OR REPLACE INTO units
               (id, community_name, care_group, number, capacity, base_monthly, digest)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?;
        let units = units.iter().take(MAX_KEPT_UNITS);
        let (kept_units, mut written) = self.keep_changed(
            &tx,
            "units",
            units,
            |u| u.id,
            usize::MAX,
            |unit, _, digest| {
                put_unit.execute(params![
                    unit.id,
                    unit.community_name,
                    unit.care_group,
                    unit.number,
                    unit.capacity,
                    unit.base_monthly.filter(|r| r.is_finite()),
                    digest
                ])?;
                Ok(())
            },
        )?;
        let mut put_contract = tx.prepare_cached(
            "INSERT OR REPLACE INTO contracts
               (id, unit_id, move_in, move_out, active, digest, body)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?;
        let contracts = contracts.iter().take(MAX_KEPT_CONTRACTS);
        let (kept_contracts, contracts_written) = self.keep_changed(
            &tx,
            "contracts",
            contracts,
            |c| c.id,
            MAX_CONTRACT_BYTES,
            |contract, json, digest| {
                let body = self.keys.seal(&contract_place(contract.id), json)?;
                let stay = StayFacts::from(contract);
                put_contract.execute(params![
                    contract.id,
                    stay.unit_id,
                    day_number(stay.move_in),
                    stay.move_out.map(day_number),
                    stay.active,
                    digest,
                    body
                ])?;
                Ok(())
            },
        )?;
        written += contracts_written;
        drop((put_unit, put_contract));
        written += delete_missing(&tx, "units", &kept_units)?;
        written += delete_missing(&tx, "contracts", &kept_contracts)?;
        tx.execute(
            "INSERT INTO meta (name, value) VALUES (?1, ?2)
             ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            params![INVENTORY_ROWS, at.to_rfc3339()],
        )?;
        tx.commit()?;
        if written > 0 {
            self.landed(&[Change::Contracts, Change::Units]);
        }
        Ok(written)
    }

    /// Puts each of `rows` (at most `max_bytes` as JSON) whose keyed digest differs from the
    /// one `table` holds for its id. Returns the ids of the rows kept (written or unchanged)
    /// and how many were written.
    fn keep_changed<'r, T: serde::Serialize + 'r>(
        &self,
        tx: &rusqlite::Transaction<'_>,
        table: &str,
        rows: impl Iterator<Item = &'r T>,
        id_of: impl Fn(&T) -> i64,
        max_bytes: usize,
        mut put: impl FnMut(&T, &[u8], i64) -> Result<(), StoreError>,
    ) -> Result<(HashSet<i64>, usize), StoreError> {
        let mut find = tx.prepare_cached(&format!("SELECT digest FROM {table} WHERE id = ?1"))?;
        let (mut kept, mut written) = (HashSet::new(), 0);
        for row in rows {
            let Ok(json) = serde_json::to_vec(row) else {
                continue;
            };
            if json.len() > max_bytes {
                continue;
            }
            let id = id_of(row);
            kept.insert(id);
            let digest = self.keys.digest(&json);
            let known: Option<i64> = find.query_row([id], |r| r.get(0)).optional()?;
            if known != Some(digest) {
                put(row, &json, digest)?;
                written += 1;
            }
        }
        Ok((kept, written))
    }

    /// The census forecast for `days` days from `start`, as [`crate::domain::census::forecast`]
    /// gives it over the kept units and contracts (vacant units of equal days in the order of
    /// their ids): counted from the plain columns, with only the moving contracts opened for
    /// their resident's name and case. `None` when no sync has kept the rows yet. Blocking.
    /// The move dates of the contracts with a move-in or move-out after `since` up to `today`,
    /// by their unit's community. Blocking.
    pub fn moves_since(
        &self,
        since: NaiveDate,
        today: NaiveDate,
    ) -> Result<Vec<crate::domain::benchmarks::MoveDates>, StoreError> {
        let conn = self.lock();
        let (from, to) = (day_number(since), day_number(today));
        let mut stmt = conn.prepare_cached(
            "SELECT u.community_name, c.move_in, c.move_out FROM contracts c
             JOIN units u ON u.id = c.unit_id
             WHERE (c.move_in > ?1 AND c.move_in <= ?2) OR (c.move_out > ?1 AND c.move_out <= ?2)",
        )?;
        let rows = stmt.query_map([from, to], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, Option<i64>>(2)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (community, move_in, move_out) = row?;
            if let Some(move_in) = super::day_of(move_in) {
                out.push(crate::domain::benchmarks::MoveDates {
                    community,
                    move_in,
                    move_out: move_out.and_then(super::day_of),
                });
            }
        }
        Ok(out)
    }

    pub fn forecast(&self, start: NaiveDate, days: usize) -> Result<Option<Forecast>, StoreError> {
        if self.inventory_kept_at().is_none() {
            return Ok(None);
        }
        let conn = self.lock();
        let units: Vec<UnitFacts> = conn
            .prepare_cached(
                "SELECT id, community_name, care_group, number, capacity, base_monthly
                 FROM units ORDER BY id",
            )?
            .query_map([], |r| {
                Ok(UnitFacts {
                    id: r.get(0)?,
                    community_name: r.get(1)?,
                    care_group: r.get(2)?,
                    number: r.get(3)?,
                    capacity: r.get(4)?,
                    base_monthly: r.get(5)?,
                })
            })?
            .collect::<Result<_, _>>()?;
        let first = day_number(start);
        let end = first.saturating_add(i64::try_from(days.max(1)).unwrap_or(i64::MAX));
        // Contracts that only tell since when a unit is empty: the last move-out per unit.
        let mut stays = Vec::new();
        let mut ids = Vec::new();
        {
            let mut last_out = conn.prepare_cached(
                "SELECT unit_id, max(move_out) FROM contracts
                 WHERE move_out IS NOT NULL AND move_out <= ?1 GROUP BY unit_id",
            )?;
            let mut rows = last_out.query([first])?;
            while let Some(row) = rows.next()? {
                let Some(out) = day_of(row.get(1)?) else {
                    continue;
                };
                stays.push(StayFacts {
                    unit_id: row.get(0)?,
                    move_in: out,
                    move_out: Some(out),
                    active: false,
                });
                ids.push(None);
            }
        }
        // Leases on during the forecast's days: they fill the units, and move.
        {
            let mut on = conn.prepare_cached(
                "SELECT id, unit_id, move_in, move_out FROM contracts
                 WHERE active = 1 AND move_in < ?2 AND (move_out IS NULL OR move_out >= ?1)",
            )?;
            let mut rows = on.query([first, end])?;
            while let Some(row) = rows.next()? {
                let Some(move_in) = day_of(row.get(2)?) else {
                    continue;
                };
                let move_out: Option<i64> = row.get(3)?;
                stays.push(StayFacts {
                    unit_id: row.get(1)?,
                    move_in,
                    move_out: move_out.and_then(day_of),
                    active: true,
                });
                ids.push(Some(row.get::<_, i64>(0)?));
            }
        }
        let counted = forecast_of(&units, &stays, start, days);
        let mut body = conn.prepare_cached("SELECT body FROM contracts WHERE id = ?1")?;
        Ok(Some(counted.named(|i| {
            let id = ids.get(i).copied().flatten()?;
            let sealed: Vec<u8> = body.query_row([id], |r| r.get(0)).ok()?;
            let json = self
                .keys
                .open(&contract_place(id), &sealed, MAX_CONTRACT_BYTES)?;
            let c: HousingContract = serde_json::from_slice(&json).ok()?;
            Some((c.individual_name, c.case_number))
        })))
    }

    /// Every kept contract, opened `batch_size` at a time by id, each batch given to `each`;
    /// nothing is held but a batch. Returns how many were opened. Blocking.
    pub fn each_contract_batch(
        &self,
        batch_size: usize,
        mut each: impl FnMut(Vec<HousingContract>),
    ) -> Result<usize, StoreError> {
        let batch_size = batch_size.max(1);
        let limit = i64::try_from(batch_size).unwrap_or(i64::MAX);
        let mut after = i64::MIN;
        let mut opened = 0;
        loop {
            let batch: Vec<(i64, Vec<u8>)> = {
                let conn = self.lock();
                let mut stmt = conn.prepare_cached(
                    "SELECT id, body FROM contracts WHERE id > ?1 ORDER BY id LIMIT ?2",
                )?;
                stmt.query_map([after, limit], |r| Ok((r.get(0)?, r.get(1)?)))?
                    .collect::<Result<_, _>>()?
            };
            let Some(&(last, _)) = batch.last() else {
                break;
            };
            after = last;
            let full = batch.len() == batch_size;
            let contracts: Vec<HousingContract> = batch
                .iter()
                .filter_map(|(id, sealed)| {
                    let json = self
                        .keys
                        .open(&contract_place(*id), sealed, MAX_CONTRACT_BYTES)?;
                    serde_json::from_slice(&json).ok()
                })
                .collect();
            opened += contracts.len();
            each(contracts);
            if !full {
                break;
            }
        }
        Ok(opened)
    }
}

/// Deletes the rows of `table` whose id is not in `kept`; returns how many.
fn delete_missing(
    tx: &rusqlite::Transaction<'_>,
    table: &str,
    kept: &HashSet<i64>,
) -> Result<usize, StoreError> {
    let held: Vec<i64> = tx
        .prepare(&format!("SELECT id FROM {table}"))?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let mut gone = tx.prepare(&format!("DELETE FROM {table} WHERE id = ?1"))?;
    let mut deleted = 0;
    for id in held.into_iter().filter(|id| !kept.contains(id)) {
        deleted += gone.execute([id])?;
    }
    Ok(deleted)
}
