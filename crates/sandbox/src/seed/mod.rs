//! A deterministic demo portal: the same seed and reference date give the same data.
//!
//! It follows a real sales funnel (inquiry → follow-ups → tour for about 26% → move-in for about
//! 28% of tours), fills units to about 88% with active contracts, and leaves some work overdue.

use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rusqlite::{Transaction, params};

use crate::time::store;
use data::*;

mod activities;
mod catalog;
mod data;
mod follow_up_plans;
mod housing;
mod lost_leads;
mod new_leads;
mod people;
mod training;
mod waitlist;
pub mod working_day;
pub use training::{
    EDNA, EVELYN, HAROLD, MARGARET, OPEN_HOUSE, ROSA, WALTER, anchor as training_anchor,
};
pub(crate) use training::{SCENARIO_PORTAL, scenario as training_scenario};

pub const DEMO_PORTAL: i64 = 4200;
pub const SECOND_PORTAL: i64 = 4300;
pub const DEMO_KEY: &str = "leasedesk-demo-key";
pub const SECOND_KEY: &str = "leasedesk-second-portal-key";
/// Allowed both portals: for trainers, and for the isolation tests.
pub const TRAINING_KEY: &str = "leasedesk-training-key";
pub const DEMO_LOGIN: &str = "dana.whitfield@maplegrove.example";
pub const DEMO_PASSWORD: &str = "LeaseDesk-demo-1";
pub const SECOND_LOGIN: &str = "dana.whitfield@harborlight.example";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedSize {
    Empty,
    Demo,
    Large,
    /// 100,000 cases: the size the store's memory is measured at.
    Huge,
}

/// How much of everything one portal gets.
struct Plan {
    portal: i64,
    email_domain: &'static str,
    communities: &'static [CommunitySpec],
    unit_copies: usize,
    leads: usize,
    /// The leads inquire over this many days before today.
    lead_days: i64,
    followups: (usize, usize),
    resident_activities: (usize, usize),
    referral_sources: usize,
    target_activities: usize,
}

/// The secret the sandbox signs its tokens with: 256 random bits.
pub fn new_jwt_secret() -> String {
    format!(
        "{:032x}{:032x}",
        rand::random::<u128>(),
        rand::random::<u128>()
    )
}

pub fn seed(
    tx: &Transaction<'_>,
    size: SeedSize,
    reference: DateTime<Utc>,
    rng_seed: u64,
    demo_key: &str,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES ('jwt_secret', ?1)",
        [new_jwt_secret()],
    )?;
    for (id, name) in [
        (DEMO_PORTAL, "Maple Grove Living"),
        (SECOND_PORTAL, "Harbor Light Senior Communities"),
    ] {
        tx.execute(
            "INSERT INTO portals (id, name) VALUES (?1, ?2)",
            params![id, name],
        )?;
    }
    for (key, label, portals) in [
        (demo_key, "demo", vec![DEMO_PORTAL]),
        (SECOND_KEY, "second portal", vec![SECOND_PORTAL]),
        (TRAINING_KEY, "training", vec![DEMO_PORTAL, SECOND_PORTAL]),
    ] {
        tx.execute(
            "INSERT OR IGNORE INTO api_keys (key, label) VALUES (?1, ?2)",
            params![key, label],
        )?;
        for portal in portals {
            tx.execute(
                "INSERT OR IGNORE INTO api_key_portals (key, portal_id) VALUES (?1, ?2)",
                params![key, portal],
            )?;
        }
    }
    let demo = Plan {
        portal: DEMO_PORTAL,
        email_domain: "maplegrove.example",
        communities: DEMO_COMMUNITIES,
        unit_copies: 1,
        // About 36 inquiries a month per community, as the field's communities get.
        leads: 1_400,
        lead_days: 400,
        followups: (3, 8),
        resident_activities: (8, 16),
        referral_sources: 40,
        target_activities: 10_000,
    };
    let second = Plan {
        portal: SECOND_PORTAL,
        email_domain: "harborlight.example",
        communities: SECOND_COMMUNITIES,
        unit_copies: 1,
        leads: 90,
        lead_days: 540,
        followups: (2, 5),
        resident_activities: (3, 6),
        referral_sources: 6,
        target_activities: 0,
    };
    match size {
        SeedSize::Empty => {
            Generator::new(tx, &demo, reference, rng_seed)?.staff_and_lists()?;
            Generator::new(tx, &second, reference, rng_seed ^ 0x5EC0)?.staff_and_lists()?;
        }
        SeedSize::Demo => {
            Generator::new(tx, &demo, reference, rng_seed)?.run()?;
            Generator::new(tx, &second, reference, rng_seed ^ 0x5EC0)?.run()?;
        }
        SeedSize::Large => {
            let large = Plan {
                unit_copies: 10,
                leads: 60_000,
                lead_days: 540,
                followups: (4, 10),
                target_activities: 500_000,
                ..demo
            };
            Generator::new(tx, &large, reference, rng_seed)?.run()?;
            Generator::new(tx, &second, reference, rng_seed ^ 0x5EC0)?.run()?;
        }
        SeedSize::Huge => {
            let huge = Plan {
                unit_copies: 16,
                leads: 99_300,
                lead_days: 540,
                followups: (4, 10),
                target_activities: 500_000,
                ..demo
            };
            Generator::new(tx, &huge, reference, rng_seed)?.run()?;
            Generator::new(tx, &second, reference, rng_seed ^ 0x5EC0)?.run()?;
        }
    }
    working_day::top_up(tx, reference)
}

struct UnitSlot {
    id: i64,
    community: usize,
    capacity: i64,
    monthly: f64,
    entrance: f64,
    /// How many residents the plan puts here; filled first by the funnel, then by earlier residents.
    planned: i64,
    filled: i64,
    first_move_in: Option<DateTime<Utc>>,
}

struct Generator<'a, 'b> {
    tx: &'a Transaction<'b>,
    plan: &'a Plan,
    rng: StdRng,
    /// What `rng` was seeded with (parts drawn apart from it start from it).
    seed: u64,
    now: DateTime<Utc>,
    stamp: String,
    lists: HashMap<i64, Vec<i64>>,
    masters: HashMap<(i64, i64), i64>,
    users: Vec<i64>,
    communities: Vec<i64>,
    units: Vec<UnitSlot>,
    serial: usize,
    activities: usize,
    hot_prospects: Vec<i64>,
    admission_cases: Vec<(i64, i64, usize)>,
    individuals_with_community: Vec<(i64, i64, usize)>,
    /// When each of them was created (their history starts then).
    created_of: HashMap<i64, DateTime<Utc>>,
    /// When the next activity was booked (entered), if at an earlier touch: taken by the next
    /// `activity`.
    booked_at: Option<DateTime<Utc>>,
}

impl<'a, 'b> Generator<'a, 'b> {
    fn new(
        tx: &'a Transaction<'b>,
        plan: &'a Plan,
        now: DateTime<Utc>,
        seed: u64,
    ) -> rusqlite::Result<Self> {
        let mut me = Generator {
            tx,
            plan,
            rng: StdRng::seed_from_u64(seed),
            seed,
            now,
            stamp: store(now - Duration::days(2000)),
            lists: HashMap::new(),
            masters: HashMap::new(),
            users: Vec::new(),
            communities: Vec::new(),
            units: Vec::new(),
            serial: 0,
            activities: 0,
            hot_prospects: Vec::new(),
            admission_cases: Vec::new(),
            individuals_with_community: Vec::new(),
            created_of: HashMap::new(),
            booked_at: None,
        };
        me.type_lists()?;
        me.communities_and_units()?;
        Ok(me)
    }

    fn run(mut self) -> rusqlite::Result<()> {
        self.staff()?;
        let leads = self.plan.leads;
        for _ in 0..leads {
            self.lead()?;
        }
        self.namesakes()?;
        self.earlier_residents()?;
        self.upcoming_moves()?;
        for n in 0..self.plan.referral_sources {
            self.referral_source(n)?;
        }
        self.campaigns()?;
        self.admissions()?;
        self.saved_lists()?;
        self.top_up_activities()?;
        self.new_leads(self.seed)?;
        self.lost_leads(self.seed)?;
        self.follow_up_plans()?;
        self.waitlisters()?;
        Ok(())
    }

    fn staff_and_lists(mut self) -> rusqlite::Result<()> {
        self.staff()?;
        self.saved_lists()
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::Db;

    /// Every row of every table but `meta` (which holds the random token secret), in a stable
    /// order, as text.
    fn dump(db: &Db) -> Vec<String> {
        db.with_conn(|conn| {
            let tables: Vec<String> = conn
                .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'meta' ORDER BY name")
                .unwrap()
                .query_map([], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            let mut rows = Vec::new();
            for table in tables {
                let mut stmt = conn.prepare(&format!("SELECT * FROM \"{table}\"")).unwrap();
                let columns = stmt.column_count();
                let mut table_rows: Vec<String> = stmt
                    .query_map([], |r| {
                        let cells: Vec<String> = (0..columns)
                            .map(|i| format!("{:?}", r.get_ref(i).unwrap()))
                            .collect();
                        Ok(format!("{table}: {}", cells.join(" | ")))
                    })
                    .unwrap()
                    .collect::<Result<_, _>>()
                    .unwrap();
                table_rows.sort();
                rows.extend(table_rows);
            }
            rows
        })
    }

    fn seeded(rng_seed: u64) -> Db {
        let db = Db::open(None).unwrap();
        let reference = Utc.with_ymd_and_hms(2026, 11, 21, 15, 0, 0).unwrap();
        db.with_conn(|conn| {
            let tx = conn.transaction().unwrap();
            seed(&tx, SeedSize::Demo, reference, rng_seed, DEMO_KEY).unwrap();
            tx.commit().unwrap();
        });
        db
    }

    #[test]
    fn the_same_seed_and_date_give_the_same_database() {
        let first = dump(&seeded(42));
        assert!(first.len() > 10_000, "the demo portal is not empty");
        assert_eq!(first, dump(&seeded(42)), "same seed, same rows");
        assert_ne!(first, dump(&seeded(43)), "another seed, other rows");
    }

    #[test]
    fn no_individual_is_created_after_the_day_it_is_seeded_on() {
        let db = seeded(42);
        let reference = Utc.with_ymd_and_hms(2026, 11, 21, 15, 0, 0).unwrap();
        let (count, latest): (i64, String) = db.with_conn(|conn| {
            conn.query_row(
                "SELECT COUNT(*), MAX(date_created) FROM individuals",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap()
        });
        assert!(count > 100);
        let latest = chrono::DateTime::parse_from_rfc3339(&latest).unwrap();
        assert!(latest <= reference, "an individual created {latest}");
    }
}
