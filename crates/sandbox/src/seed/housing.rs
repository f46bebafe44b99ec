//! Communities, units, housing contracts and their transactions, and earlier residents.

use super::data::*;
use crate::api::model::{ActivityStatusMaster as S, ActivityTypeMaster as T, TypeList};
use crate::store::people::index_individual;
use crate::time::store;
use chrono::{DateTime, Duration, Utc};
use rand::Rng;
use rand::seq::IndexedRandom;
use rusqlite::params;

use super::{Generator, UnitSlot};

impl Generator<'_, '_> {
    pub(super) fn communities_and_units(&mut self) -> rusqlite::Result<()> {
        for (c, spec) in self.plan.communities.iter().enumerate() {
            self.tx.execute(
                "INSERT INTO communities (portal_id, name, name_unique, abbreviation, color, address_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![self.plan.portal, spec.name, spec.unique, spec.abbreviation, spec.color, 900 + c as i64],
            )?;
            self.communities.push(self.tx.last_insert_rowid());
            let mut index = 0usize;
            for copy in 0..self.plan.unit_copies {
                for mix in spec.units {
                    for _ in 0..mix.count {
                        let floor = 1 + index / 24 + copy * 10;
                        let number = format!("{floor}{:02}", 1 + index % 24);
                        index += 1;
                        let monthly =
                            (mix.monthly + self.rng.random_range(-3..=3) as f64 * 50.0).max(1000.0);
                        let entrance = (monthly * 0.5 / 100.0).round() * 100.0;
                        self.tx.execute(
                            "INSERT INTO units (portal_id, community_id, number, name, care_group_value_id, floor_plan_value_id,
                                square_feet, capacity, base_monthly, base_entrance, date_created, date_updated)
                             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11)",
                            params![
                                self.plan.portal, self.communities[c], number,
                                format!("{} {number}", FLOOR_PLANS[mix.floor_plan]),
                                self.list_value(TypeList::CARE_GROUP, mix.care_group),
                                self.list_value(TypeList::FLOOR_PLAN, mix.floor_plan),
                                mix.square_feet, mix.capacity, monthly, entrance, self.stamp
                            ],
                        )?;
                        let planned = if self.rng.random_bool(0.88) {
                            if mix.capacity > 1 && self.rng.random_bool(0.55) {
                                2
                            } else {
                                1
                            }
                        } else {
                            0
                        };
                        self.units.push(UnitSlot {
                            id: self.tx.last_insert_rowid(),
                            community: c,
                            capacity: mix.capacity,
                            monthly,
                            entrance,
                            planned,
                            filled: 0,
                            first_move_in: None,
                        });
                    }
                }
            }
        }
        Ok(())
    }

    pub(super) fn contract(
        &mut self,
        slot: usize,
        individual: i64,
        move_in: DateTime<Utc>,
    ) -> rusqlite::Result<i64> {
        let unit = &self.units[slot];
        let (unit_id, monthly, entrance) = (unit.id, unit.monthly, unit.entrance);
        let monthly_fee = if unit.capacity > 1 && unit.filled > 0 {
            monthly * 0.35
        } else {
            monthly
        };
        self.tx.execute(
            "INSERT INTO housing_contracts (portal_id, unit_id, individual_id, move_in, monthly_fee, entrance_fee, deposit,
                is_repayable, active, date_created)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1000, ?7, 1, ?8)",
            params![
                self.plan.portal, unit_id, individual, store(move_in), monthly_fee, entrance,
                self.rng.random_bool(0.3), store(move_in - Duration::days(14))
            ],
        )?;
        let contract = self.tx.last_insert_rowid();
        let unit = &mut self.units[slot];
        unit.filled += 1;
        unit.first_move_in = Some(unit.first_move_in.map_or(move_in, |t| t.min(move_in)));
        self.transactions(
            individual,
            contract,
            unit_id,
            move_in,
            entrance,
            monthly_fee,
        )?;
        Ok(contract)
    }

    pub(super) fn transactions(
        &mut self,
        individual: i64,
        contract: i64,
        unit: i64,
        move_in: DateTime<Utc>,
        entrance: f64,
        monthly: f64,
    ) -> rusqlite::Result<()> {
        let mut rows = vec![
            ("Entrance Fee", "Entrance fee", entrance, move_in),
            ("Deposit", "Deposit", 1000.0, move_in - Duration::days(14)),
        ];
        for month in 0..3 {
            let effective = self.now - Duration::days(30 * month);
            if effective > move_in {
                rows.push(("Rent", "Monthly fee", monthly, effective));
            }
        }
        for (kind, text, amount, effective) in rows {
            self.tx.execute(
                "INSERT INTO transactions (portal_id, individual_id, housing_contract_id, unit_id, type_value_id, description,
                    status, amount, units, date_created, effective_date)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'Posted', ?7, 1, ?8, ?8)",
                params![
                    self.plan.portal, individual, contract, unit,
                    self.list_value(TypeList::TransactionTypes, TRANSACTION_TYPES.iter().position(|t| *t == kind).unwrap_or(0)),
                    text, amount, store(effective)
                ],
            )?;
        }
        Ok(())
    }

    /// Fills the remaining planned places with residents who moved in before the funnel window,
    /// gives some units an ended contract from an earlier resident, and gives residents
    /// everyday activities.
    pub(super) fn earlier_residents(&mut self) -> rusqlite::Result<()> {
        for slot in 0..self.units.len() {
            while self.units[slot].filled < self.units[slot].planned {
                let community = self.units[slot].community;
                let move_in = (self.now - Duration::days(self.rng.random_range(560..2200)))
                    .date_naive()
                    .and_hms_opt(5, 0, 0)
                    .unwrap_or_default()
                    .and_utc();
                let (case, primary) = match (
                    self.units[slot].filled,
                    self.units[slot].first_move_in,
                ) {
                    // A couple shares a case: the second resident joins the first one's case.
                    (1, Some(_)) => {
                        let first: (i64, i64) = self.tx.query_row(
                            "SELECT h.individual_id, i.case_id FROM housing_contracts h JOIN individuals i ON i.id = h.individual_id
                             WHERE h.unit_id = ?1 AND h.active = 1 LIMIT 1",
                            [self.units[slot].id],
                            |r| Ok((r.get(0)?, r.get(1)?)),
                        )?;
                        let last: String = self.tx.query_row(
                            "SELECT last_name FROM individuals WHERE id = ?1",
                            [first.0],
                            |r| r.get(0),
                        )?;
                        let assigned = self.agent();
                        let (spouse, _) = self.individual(
                            first.1,
                            2,
                            5,
                            true,
                            Some(&last),
                            Some(2),
                            move_in.min(self.now),
                            Some(community),
                            assigned,
                        )?;
                        index_individual(self.tx, spouse)?;
                        (first.1, spouse)
                    }
                    // A future move-in's case was still opened before today.
                    _ => {
                        let created = (move_in - Duration::days(60)).min(self.now);
                        self.case(2, 5, created, community)?
                    }
                };
                let when = self.units[slot].first_move_in.unwrap_or(move_in);
                self.contract(slot, primary, when)?;
                let (lo, hi) = self.plan.resident_activities;
                for _ in 0..self.rng.random_range(lo..=hi) {
                    let due = {
                        let offset = Duration::days(self.rng.random_range(-20..540));
                        self.at_work_hour(self.now - offset)
                    };
                    let kind = *[T::Meeting, T::CallIn, T::Update, T::Event, T::CallOut]
                        .choose(&mut self.rng)
                        .unwrap_or(&T::Meeting);
                    let state = self.state_for(due);
                    let text = match kind {
                        T::Meeting => "Care conference",
                        T::Event => "Attended community event",
                        T::Update => "Service plan update",
                        _ => "Call with family",
                    };
                    self.activity(
                        (primary, case),
                        community,
                        kind,
                        due,
                        false,
                        state,
                        None,
                        None,
                        text,
                    )?;
                }
            }
        }
        // Earlier residents who moved out: history for the contract view and move-out counts.
        for slot in 0..self.units.len() {
            if !self.rng.random_bool(0.3) {
                continue;
            }
            let community = self.units[slot].community;
            let latest_out = self.units[slot].first_move_in.unwrap_or(self.now) - Duration::days(1);
            let move_out = latest_out - Duration::days(self.rng.random_range(0..300));
            let move_in = move_out - Duration::days(self.rng.random_range(200..1500));
            let (case, primary) = self.case(2, 7, move_in - Duration::days(45), community)?;
            self.tx.execute(
                "INSERT INTO housing_contracts (portal_id, unit_id, individual_id, move_in, move_out, monthly_fee, is_repayable,
                    active, date_created, date_updated)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, 0, ?7, ?8)",
                params![
                    self.plan.portal, self.units[slot].id, primary, store(move_in), store(move_out), self.units[slot].monthly,
                    store(move_in - Duration::days(14)), store(move_out)
                ],
            )?;
            if self.now - move_out < Duration::days(540) {
                self.activity(
                    (primary, case),
                    community,
                    T::MoveOut,
                    move_out,
                    true,
                    S::Completed,
                    None,
                    None,
                    "Move out",
                )?;
            }
        }
        Ok(())
    }

    /// Signed contracts moving in over the next 90 days (a few within the week) for deposits
    /// that have no unit yet, and notices: about one resident in twenty-five moving out in the
    /// next three months. Both get their scheduled activity.
    pub(super) fn upcoming_moves(&mut self) -> rusqlite::Result<()> {
        // Deposits still waiting for a unit first, then toured prospects who have just paid one,
        // so the admissions queue and the forecast have a dozen or so move-ins ahead.
        let mut movers: Vec<(i64, i64, usize)> = Vec::new();
        for (case, primary, community) in self.admission_cases.clone() {
            let housed: bool = self.tx.query_row(
                "SELECT EXISTS(SELECT 1 FROM housing_contracts WHERE individual_id = ?1)",
                [primary],
                |r| r.get(0),
            )?;
            if !housed {
                movers.push((case, primary, community));
            }
        }
        let tour = self.master_value(TypeList::ACTIVITY_TYPE, T::Tour.code());
        let toured: Vec<(i64, i64, i64)> = self
            .tx
            .prepare(
                "SELECT DISTINCT i.case_id, i.id, a.community_id FROM individuals i
                 JOIN activities a ON a.individual_id = i.id
                 WHERE i.portal_id = ?1 AND i.status_id = 3 AND a.type_value_id = ?2
                    AND a.completed_at IS NOT NULL
                 ORDER BY i.id",
            )?
            .query_map(params![self.plan.portal, tour], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })?
            .collect::<Result<_, _>>()?;
        for (case, primary, community_id) in toured {
            if movers.len() >= UPCOMING_MOVES || !self.rng.random_bool(0.3) {
                continue;
            }
            let Some(community) = self.communities.iter().position(|&c| c == community_id) else {
                continue;
            };
            let paid = {
                let offset = Duration::days(self.rng.random_range(1..10));
                self.at_work_hour(self.now - offset)
            };
            self.activity(
                (primary, case),
                community,
                T::Deposit,
                paid,
                false,
                S::Completed,
                Some(8),
                None,
                "Deposit received",
            )?;
            self.admission_cases.push((case, primary, community));
            movers.push((case, primary, community));
        }
        let mut n = 0usize;
        for (case, primary, community) in movers {
            let Some(slot) = self.vacant_unit(community)? else {
                continue;
            };
            // A third within the week, a third within the month, the rest within 90 days.
            let days = match n % 3 {
                0 => self.rng.random_range(1..8),
                1 => self.rng.random_range(8..31),
                _ => self.rng.random_range(31..90),
            };
            n += 1;
            let move_in = (self.now + Duration::days(days))
                .date_naive()
                .and_hms_opt(5, 0, 0)
                .unwrap_or_default()
                .and_utc();
            self.contract(slot, primary, move_in)?;
            self.tx.execute(
                "UPDATE individuals SET status_id = 4 WHERE id = ?1",
                [primary],
            )?;
            self.activity(
                (primary, case),
                community,
                T::MoveIn,
                move_in,
                true,
                S::Assigned,
                None,
                None,
                "Move in",
            )?;
        }
        let residents: Vec<(i64, i64, i64, i64)> = self
            .tx
            .prepare(
                "SELECT h.id, h.individual_id, i.case_id, u.community_id FROM housing_contracts h
                 JOIN individuals i ON i.id = h.individual_id JOIN units u ON u.id = h.unit_id
                 WHERE h.portal_id = ?1 AND h.active = 1 AND h.move_out IS NULL AND h.move_in < ?2
                 ORDER BY h.id",
            )?
            .query_map(params![self.plan.portal, store(self.now)], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })?
            .collect::<Result<_, _>>()?;
        for (contract, individual, case, community_id) in residents {
            if !self.rng.random_bool(0.04) {
                continue;
            }
            let move_out = (self.now + Duration::days(self.rng.random_range(5..85)))
                .date_naive()
                .and_hms_opt(5, 0, 0)
                .unwrap_or_default()
                .and_utc();
            self.tx.execute(
                "UPDATE housing_contracts SET move_out = ?1, date_updated = ?2 WHERE id = ?3",
                params![store(move_out), store(self.now), contract],
            )?;
            let community = self
                .communities
                .iter()
                .position(|&c| c == community_id)
                .unwrap_or(0);
            self.activity(
                (individual, case),
                community,
                T::MoveOut,
                move_out,
                true,
                S::Assigned,
                None,
                None,
                "Move out (notice given)",
            )?;
        }
        Ok(())
    }
}

/// How many move-ins the seed plans ahead, at most.
const UPCOMING_MOVES: usize = 14;
/// Vacant units left free in each community.
const KEEP_FREE: usize = 4;

impl Generator<'_, '_> {
    /// A unit of the community nobody lives in now or is about to, the last one first; a few
    /// stay free in every community so there is always somewhere to move someone in.
    fn vacant_unit(&mut self, community: usize) -> rusqlite::Result<Option<usize>> {
        let mut free = Vec::new();
        for slot in 0..self.units.len() {
            if self.units[slot].community != community {
                continue;
            }
            let taken: bool = self.tx.query_row(
                "SELECT EXISTS(SELECT 1 FROM housing_contracts WHERE unit_id = ?1 AND active = 1
                    AND (move_out IS NULL OR move_out > ?2))",
                params![self.units[slot].id, store(self.now)],
                |r| r.get(0),
            )?;
            if !taken {
                free.push(slot);
            }
        }
        Ok(if free.len() > KEEP_FREE {
            free.last().copied()
        } else {
            None
        })
    }
}
