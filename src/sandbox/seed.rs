//! A deterministic demo portal: the same seed and reference date give the same data.
//!
//! It follows a real sales funnel (inquiry → follow-ups → tour for about 26% → move-in for about
//! 28% of tours), fills units to about 88% with active contracts, and leaves some work overdue.

use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rusqlite::{Transaction, params};

use super::auth::hash_password;
use super::routes::people::index_individual;
use super::seed_data::*;
use super::time::store;
use crate::api::model::{ActivityStatusMaster as S, ActivityTypeMaster as T, TypeList};

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
}

/// How much of everything one portal gets.
struct Plan {
    portal: i64,
    email_domain: &'static str,
    communities: &'static [CommunitySpec],
    unit_copies: usize,
    leads: usize,
    followups: (usize, usize),
    resident_activities: (usize, usize),
    referral_sources: usize,
    target_activities: usize,
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
        [format!(
            "{:032x}{:032x}",
            rand::random::<u128>(),
            rand::random::<u128>()
        )],
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
        leads: 720,
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
                followups: (4, 10),
                target_activities: 500_000,
                ..demo
            };
            Generator::new(tx, &large, reference, rng_seed)?.run()?;
            Generator::new(tx, &second, reference, rng_seed ^ 0x5EC0)?.run()?;
        }
    }
    Ok(())
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
        self.earlier_residents()?;
        for _ in 0..self.plan.referral_sources {
            self.referral_source()?;
        }
        self.campaigns()?;
        self.admissions()?;
        self.saved_lists()?;
        self.top_up_activities()?;
        Ok(())
    }

    fn staff_and_lists(mut self) -> rusqlite::Result<()> {
        self.staff()?;
        self.saved_lists()
    }

    // ---- Value lists, communities, units, staff ----

    fn type_value(
        &mut self,
        list: TypeList,
        name: &str,
        master: i64,
        master_name: &str,
        sort: usize,
    ) -> rusqlite::Result<i64> {
        self.tx.execute(
            "INSERT INTO type_values (portal_id, list, name, master_id, master_name, sort_order, date_created)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![self.plan.portal, list.code(), name, master, master_name, sort as i64, self.stamp],
        )?;
        let id = self.tx.last_insert_rowid();
        self.lists.entry(list.code()).or_default().push(id);
        self.masters.insert((list.code(), master), id);
        Ok(id)
    }

    fn simple_list(&mut self, list: TypeList, names: &[&str]) -> rusqlite::Result<()> {
        for (i, name) in names.iter().enumerate() {
            self.type_value(list, name, i as i64 + 1, name, i + 1)?;
        }
        Ok(())
    }

    fn type_lists(&mut self) -> rusqlite::Result<()> {
        for (i, status) in S::ALL.iter().enumerate() {
            let name = status.to_string();
            self.type_value(
                TypeList::ACTIVITY_STATUS,
                &name,
                status.code(),
                &name,
                i + 1,
            )?;
        }
        for (i, kind) in T::ALL.iter().enumerate() {
            let name = kind.to_string();
            self.type_value(TypeList::ACTIVITY_TYPE, &name, kind.code(), &name, i + 1)?;
        }
        self.simple_list(TypeList::MARKET_SOURCE, MARKET_SOURCES)?;
        self.simple_list(TypeList::ACTIVITY_RESULT, RESULTS)?;
        self.simple_list(TypeList::FLOOR_PLAN, FLOOR_PLANS)?;
        self.simple_list(TypeList::CARE_GROUP, CARE_GROUPS)?;
        self.simple_list(TypeList::RelationshipType, RELATIONSHIPS)?;
        self.simple_list(TypeList::SalesStage, SALES_STAGES)?;
        self.simple_list(TypeList::TransactionTypes, TRANSACTION_TYPES)?;
        self.simple_list(TypeList::TransactionStatus, TRANSACTION_STATUSES)?;
        self.simple_list(TypeList::CampaignType, CAMPAIGN_TYPES)?;
        self.simple_list(TypeList::MoveOutReason, MOVE_OUT_REASONS)?;
        self.simple_list(TypeList::ReferralCategory, REFERRAL_CATEGORIES)?;
        let statuses: Vec<String> = crate::api::model::CampaignStatus::ALL
            .iter()
            .map(|s| s.to_string())
            .collect();
        let statuses: Vec<&str> = statuses.iter().map(String::as_str).collect();
        self.simple_list(TypeList::CampaignIndividualStatus, &statuses)?;
        let individual_statuses: Vec<&str> = super::routes::people::STATUSES
            .iter()
            .map(|(_, n)| *n)
            .collect();
        self.simple_list(TypeList::Status, &individual_statuses)?;
        Ok(())
    }

    fn list_value(&self, list: TypeList, index: usize) -> i64 {
        self.lists[&list.code()][index]
    }

    fn master_value(&self, list: TypeList, master: i64) -> i64 {
        self.masters[&(list.code(), master)]
    }

    fn communities_and_units(&mut self) -> rusqlite::Result<()> {
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

    fn staff(&mut self) -> rusqlite::Result<()> {
        for (i, (first, last, zone)) in DEMO_USERS.iter().enumerate() {
            let email = format!(
                "{}.{}@{}",
                first.to_lowercase(),
                last.to_lowercase(),
                self.plan.email_domain
            );
            // Only the demo login has a password; hashing is kept to one per portal.
            let hash =
                (i == 0).then(|| hash_password(DEMO_PASSWORD, &[self.plan.portal as u8; 16]));
            self.tx.execute(
                "INSERT INTO users (portal_id, first_name, last_name, email, time_zone_id, password_hash, date_created, last_login_date)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    self.plan.portal, first, last, email, zone, hash, self.stamp,
                    (i < 5).then(|| store(self.now - Duration::hours(3 + 7 * i as i64)))
                ],
            )?;
            let id = self.tx.last_insert_rowid();
            for community in &self.communities {
                self.tx.execute(
                    "INSERT INTO user_communities (user_id, community_id) VALUES (?1, ?2)",
                    params![id, community],
                )?;
            }
            self.users.push(id);
        }
        self.tx.execute(
            "UPDATE portals SET api_user_id = ?1 WHERE id = ?2",
            params![self.users[0], self.plan.portal],
        )?;
        Ok(())
    }

    /// The API user gets about a third of the work, the other agents the rest.
    fn agent(&mut self) -> i64 {
        if self.rng.random_bool(0.35) {
            self.users[0]
        } else {
            self.users[self.rng.random_range(1..5)]
        }
    }

    // ---- People ----

    fn person(&mut self, senior: bool, last: Option<&str>) -> (String, String, String, String) {
        let first = if senior {
            *FIRST_NAMES_SENIOR.choose(&mut self.rng).unwrap_or(&"Ruth")
        } else {
            *FIRST_NAMES_ADULT.choose(&mut self.rng).unwrap_or(&"Ann")
        };
        let last = last.map(str::to_owned).unwrap_or_else(|| {
            LAST_NAMES
                .choose(&mut self.rng)
                .unwrap_or(&"Smith")
                .to_string()
        });
        self.serial += 1;
        let email = format!(
            "{}.{}{}@example.com",
            first.to_lowercase(),
            last.to_lowercase().replace('\'', ""),
            self.serial
        );
        let phone = format!(
            "({}) {}-{:04}",
            ["614", "740", "380"][self.serial % 3],
            200 + self.serial % 800,
            self.rng.random_range(0..10_000)
        );
        (first.to_owned(), last, email, phone)
    }

    #[allow(clippy::too_many_arguments)]
    fn individual(
        &mut self,
        case: i64,
        kind: i64,
        status: i64,
        senior: bool,
        last: Option<&str>,
        relationship: Option<usize>,
        created: DateTime<Utc>,
        community: Option<usize>,
        assigned: i64,
    ) -> rusqlite::Result<(i64, String)> {
        let (first, last, email, phone) = self.person(senior, last);
        let (home, mobile) = if senior {
            (phone, String::new())
        } else {
            (String::new(), phone)
        };
        let rel = relationship.map(|r| {
            (
                self.list_value(TypeList::RelationshipType, r),
                RELATIONSHIPS[r],
            )
        });
        self.tx.execute(
            "INSERT INTO individuals (portal_id, case_id, type_id, first_name, last_name, email, home_phone, mobile_phone,
                status_id, assigned_user_id, relationship_type_id, relationship_type, is_primary_contact, date_created)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
            params![
                self.plan.portal, case, kind, first, last, email, home, mobile, status, assigned, rel.map(|r| r.0),
                rel.map(|r| r.1), relationship.is_some(), store(created)
            ],
        )?;
        let id = self.tx.last_insert_rowid();
        if let Some(c) = community {
            self.tx.execute(
                "INSERT INTO individual_communities (individual_id, community_id) VALUES (?1, ?2)",
                params![id, self.communities[c]],
            )?;
        }
        if senior {
            let (city, state, zip) = *CITIES.choose(&mut self.rng).unwrap_or(&CITIES[0]);
            let street = STREETS.choose(&mut self.rng).unwrap_or(&STREETS[0]);
            self.tx.execute(
                "INSERT INTO addresses (individual_id, kind, line1, city, state, postal_code, country) VALUES (?1, 'Primary', ?2, ?3, ?4, ?5, 'US')",
                params![id, format!("{} {street}", self.rng.random_range(10..9900)), city, state, format!("{zip}{:02}", self.rng.random_range(1..99))],
            )?;
        }
        Ok((id, last))
    }

    /// A new case with its primary individual, indexed for search: (case, primary, last name,
    /// assigned user).
    fn start_case(
        &mut self,
        kind: i64,
        status: i64,
        senior: bool,
        created: DateTime<Utc>,
        community: usize,
    ) -> rusqlite::Result<(i64, i64, String, i64)> {
        self.tx.execute(
            "INSERT INTO cases (portal_id) VALUES (?1)",
            [self.plan.portal],
        )?;
        let case = self.tx.last_insert_rowid();
        let assigned = self.agent();
        let (primary, last) = self.individual(
            case,
            kind,
            status,
            senior,
            None,
            None,
            created,
            Some(community),
            assigned,
        )?;
        self.tx.execute(
            "UPDATE cases SET primary_individual_id = ?1 WHERE id = ?2",
            params![primary, case],
        )?;
        index_individual(self.tx, primary)?;
        Ok((case, primary, last, assigned))
    }

    /// A case with a primary individual and sometimes a family contact.
    fn case(
        &mut self,
        kind: i64,
        status: i64,
        created: DateTime<Utc>,
        community: usize,
    ) -> rusqlite::Result<(i64, i64)> {
        let (case, primary, last, assigned) =
            self.start_case(kind, status, true, created, community)?;
        if self.rng.random_bool(0.6) {
            let relationship = self.rng.random_range(0..RELATIONSHIPS.len());
            let same_name = matches!(relationship, 0 | 2 | 7).then_some(last.as_str());
            let (contact, _) = self.individual(
                case,
                3,
                3,
                false,
                same_name,
                Some(relationship),
                created,
                None,
                assigned,
            )?;
            index_individual(self.tx, contact)?;
        }
        self.individuals_with_community
            .push((primary, case, community));
        Ok((case, primary))
    }

    // ---- Activities ----

    #[allow(clippy::too_many_arguments)]
    fn activity(
        &mut self,
        who: (i64, i64),
        community: usize,
        kind: T,
        due: DateTime<Utc>,
        all_day: bool,
        state: S,
        result: Option<usize>,
        market_source: Option<usize>,
        description: &str,
    ) -> rusqlite::Result<i64> {
        let assigned = self.tx.query_row(
            "SELECT assigned_user_id FROM individuals WHERE id = ?1",
            [who.0],
            |r| r.get::<_, i64>(0),
        )?;
        let done = matches!(state, S::Completed);
        let minutes = if matches!(kind, T::Tour | T::Appointment | T::HomeVisit) {
            60
        } else {
            15
        };
        let (due_text, end_text) = if all_day {
            let date = format!("{}T00:00:00.000Z", due.date_naive());
            (date.clone(), date)
        } else {
            (store(due), store(due + Duration::minutes(minutes)))
        };
        let created = due.min(self.now) - Duration::days(self.rng.random_range(0..4));
        self.tx.execute(
            "INSERT INTO activities (portal_id, individual_id, case_id, community_id, type_value_id, status_value_id,
                status_master_id, result_value_id, market_source_value_id, assigned_user_id, description, sale_stage,
                due, due_end, all_day, completed_at, cancelled, no_show, rescheduled, date_created, date_updated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)",
            params![
                self.plan.portal, who.0, who.1, self.communities[community],
                self.master_value(TypeList::ACTIVITY_TYPE, kind.code()),
                self.master_value(TypeList::ACTIVITY_STATUS, state.code()), state.code(),
                result.map(|r| self.list_value(TypeList::ACTIVITY_RESULT, r)),
                market_source.map(|m| self.list_value(TypeList::MARKET_SOURCE, m)),
                assigned, description, super::routes::activities::sale_stage(kind.code()), due_text, end_text, all_day,
                done.then(|| store(due + Duration::minutes(minutes))), state == S::Cancelled, state == S::Noshow,
                state == S::Rescheduled, store(created), store(if done { due + Duration::minutes(minutes) } else { created })
            ],
        )?;
        self.activities += 1;
        Ok(self.tx.last_insert_rowid())
    }

    /// Past work is done; recent past work is sometimes still open (overdue); future work is open.
    fn state_for(&mut self, due: DateTime<Utc>) -> S {
        let recent = self.now - due < Duration::days(21);
        if due > self.now || (recent && self.rng.random_bool(0.22)) {
            S::Assigned
        } else {
            S::Completed
        }
    }

    fn follow_up(
        &mut self,
        who: (i64, i64),
        community: usize,
        due: DateTime<Utc>,
    ) -> rusqlite::Result<()> {
        let kind = *[
            T::CallOut,
            T::EmailOut,
            T::CallIn,
            T::EmailIn,
            T::CallOut,
            T::ToDo,
        ]
        .choose(&mut self.rng)
        .unwrap_or(&T::CallOut);
        let state = self.state_for(due);
        let result = (state == S::Completed)
            .then(|| *[0usize, 1, 2, 0, 1].choose(&mut self.rng).unwrap_or(&0));
        let all_day = kind == T::ToDo;
        let text = match kind {
            T::CallOut => "Follow-up call",
            T::EmailOut => "Sent brochure and pricing",
            T::CallIn => "Prospect called with questions",
            T::EmailIn => "Email from family",
            _ => "Send thank-you card",
        };
        self.activity(
            who, community, kind, due, all_day, state, result, None, text,
        )?;
        Ok(())
    }

    /// Business hours, 9:00 to 17:00 Eastern (14:00 to 22:00 UTC).
    fn at_work_hour(&mut self, day: DateTime<Utc>) -> DateTime<Utc> {
        let date = day.date_naive();
        let hour = self.rng.random_range(14..22);
        let minute = *[0, 15, 30, 45].choose(&mut self.rng).unwrap_or(&0);
        date.and_hms_opt(hour, minute, 0)
            .unwrap_or_default()
            .and_utc()
    }

    // ---- The funnel ----

    fn lead(&mut self) -> rusqlite::Result<()> {
        let days_ago = self.rng.random_range(1..540);
        let inquiry = self.at_work_hour(self.now - Duration::days(days_ago));
        let community = self.rng.random_range(0..self.communities.len());
        let kind = if self.rng.random_bool(0.08) { 6 } else { 1 };
        let (case, primary) = self.case(kind, 2, inquiry, community)?;
        let who = (primary, case);
        let source = self.rng.random_range(0..MARKET_SOURCES.len());
        self.activity(
            who,
            community,
            T::Inquiry,
            inquiry,
            false,
            S::Completed,
            Some(0),
            Some(source),
            "Initial inquiry",
        )?;
        let (lo, hi) = self.plan.followups;
        let mut day = inquiry;
        for _ in 0..self.rng.random_range(lo..=hi) {
            day = {
                let offset = Duration::days(self.rng.random_range(2..12));
                self.at_work_hour(day + offset)
            };
            if day > self.now + Duration::days(21) {
                break;
            }
            self.follow_up(who, community, day)?;
        }
        if !self.rng.random_bool(0.26) {
            let lost = days_ago > 120 && self.rng.random_bool(0.5);
            let status = if lost { 6 } else { 3 };
            self.tx.execute(
                "UPDATE individuals SET status_id = ?1 WHERE id = ?2",
                params![status, primary],
            )?;
            return Ok(());
        }
        let tour = {
            let offset = Duration::days(self.rng.random_range(4..30));
            self.at_work_hour(inquiry + offset)
        };
        let tour_state = if tour > self.now {
            S::AppointmentSet
        } else if self.rng.random_bool(0.08) {
            S::Noshow
        } else if self.rng.random_bool(0.06) {
            S::Rescheduled
        } else {
            self.state_for(tour)
        };
        let result = (tour_state == S::Completed).then_some(3);
        self.activity(
            who,
            community,
            T::Tour,
            tour,
            false,
            tour_state,
            result,
            None,
            "Community tour",
        )?;
        if tour > self.now - Duration::days(30) {
            self.hot_prospects.push(primary);
        }
        // Only completed tours can convert: 36% of those is about 28% of all tours.
        if tour_state != S::Completed || !self.rng.random_bool(0.36) {
            self.tx.execute(
                "UPDATE individuals SET status_id = 3 WHERE id = ?1",
                [primary],
            )?;
            return Ok(());
        }
        // A deposit, the paperwork, then the move-in.
        let deposit = {
            let offset = Duration::days(self.rng.random_range(3..20));
            self.at_work_hour(tour + offset)
        };
        let deposit_state = self.state_for(deposit);
        self.activity(
            who,
            community,
            T::Deposit,
            deposit,
            false,
            deposit_state,
            Some(8),
            None,
            "Deposit received",
        )?;
        self.admission_cases.push((case, primary, community));
        let move_in = (deposit + Duration::days(self.rng.random_range(10..40)))
            .date_naive()
            .and_hms_opt(5, 0, 0)
            .unwrap_or_default()
            .and_utc();
        let slot = self.units.iter().position(|u| {
            u.community == community && u.filled < u.planned && u.first_move_in.is_none()
        });
        match slot {
            Some(slot) if move_in <= self.now => {
                self.activity(
                    who,
                    community,
                    T::MoveIn,
                    move_in,
                    true,
                    S::Completed,
                    None,
                    None,
                    "Move in",
                )?;
                self.contract(slot, primary, move_in)?;
                self.tx.execute(
                    "UPDATE individuals SET type_id = 2, status_id = 5 WHERE id = ?1",
                    [primary],
                )?;
            }
            _ => {
                let state = if move_in > self.now {
                    S::Assigned
                } else {
                    S::Completed
                };
                self.activity(
                    who,
                    community,
                    T::Assessment,
                    deposit + Duration::days(5),
                    false,
                    state,
                    None,
                    None,
                    "Care assessment",
                )?;
                self.tx.execute(
                    "UPDATE individuals SET status_id = 4 WHERE id = ?1",
                    [primary],
                )?;
            }
        }
        Ok(())
    }

    fn contract(
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

    fn transactions(
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
    fn earlier_residents(&mut self) -> rusqlite::Result<()> {
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
                            move_in,
                            Some(community),
                            assigned,
                        )?;
                        index_individual(self.tx, spouse)?;
                        (first.1, spouse)
                    }
                    _ => self.case(2, 5, move_in - Duration::days(60), community)?,
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

    fn referral_source(&mut self) -> rusqlite::Result<()> {
        let created = self.now - Duration::days(self.rng.random_range(30..900));
        let community = self.rng.random_range(0..self.communities.len());
        let (case, id, _, _) = self.start_case(4, 3, false, created, community)?;
        let visit = {
            let offset = Duration::days(self.rng.random_range(-10..120));
            self.at_work_hour(self.now - offset)
        };
        let state = self.state_for(visit);
        self.activity(
            (id, case),
            community,
            T::OutreachAppointment,
            visit,
            false,
            state,
            None,
            None,
            "Lunch with discharge planners",
        )?;
        Ok(())
    }

    fn campaigns(&mut self) -> rusqlite::Result<()> {
        let mut pool: Vec<(i64, i64, usize)> = self.individuals_with_community.clone();
        pool.sort_unstable();
        for (name, active, days_ahead) in CAMPAIGNS {
            let starts = self.at_work_hour(self.now + Duration::days(*days_ahead));
            self.tx.execute(
                "INSERT INTO campaigns (portal_id, name, date_created, is_active, starts, ends) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    self.plan.portal, name, store(starts - Duration::days(45)), active, store(starts),
                    store(starts + Duration::hours(3))
                ],
            )?;
            let campaign = self.tx.last_insert_rowid();
            let size = self.rng.random_range(15..45).min(pool.len());
            let members: Vec<(i64, i64, usize)> =
                pool.choose_multiple(&mut self.rng, size).cloned().collect();
            for (n, (individual, _, community)) in members.into_iter().enumerate() {
                // Every status appears: the first five members take one each.
                let status = if n < 5 {
                    n as i64 + 1
                } else if *days_ahead > 0 {
                    *[1, 1, 2, 2, 5].choose(&mut self.rng).unwrap_or(&1)
                } else {
                    *[3, 3, 4, 5].choose(&mut self.rng).unwrap_or(&3)
                };
                let response = if status == 2 {
                    *CAMPAIGN_RESPONSES.choose(&mut self.rng).unwrap_or(&"")
                } else {
                    ""
                };
                self.tx.execute(
                    "INSERT OR IGNORE INTO campaign_members (campaign_id, individual_id, community_id, status_id, response)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![campaign, individual, self.communities[community], status, response],
                )?;
            }
        }
        Ok(())
    }

    fn admissions(&mut self) -> rusqlite::Result<()> {
        let mut templates: HashMap<usize, Vec<(i64, i64, &'static str)>> = HashMap::new();
        for c in 0..self.communities.len() {
            for (name, description, master) in ADMISSION_TEMPLATES {
                let type_value = self.master_value(TypeList::ACTIVITY_TYPE, *master);
                self.tx.execute(
                    "INSERT INTO admission_requirements (community_id, name, description, activity_type_value_id, date_created)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![self.communities[c], name, description, type_value, self.stamp],
                )?;
                templates
                    .entry(c)
                    .or_default()
                    .push((self.tx.last_insert_rowid(), *master, name));
            }
        }
        let received = RESULTS.iter().position(|r| *r == "Received").unwrap_or(0);
        let cases = self.admission_cases.clone();
        for (case, primary, community) in cases {
            for (requirement, master, name) in templates[&community].clone() {
                let met = self.rng.random_bool(0.5);
                let activity = if met {
                    let due = {
                        let offset = Duration::days(self.rng.random_range(1..60));
                        self.at_work_hour(self.now - offset)
                    };
                    Some(self.activity(
                        (primary, case),
                        community,
                        T::from_code(master),
                        due,
                        true,
                        S::Completed,
                        Some(received),
                        None,
                        name,
                    )?)
                } else {
                    None
                };
                self.tx.execute(
                    "INSERT INTO admission_met (requirement_id, case_id, is_met, user_id, activity_id, dismiss, date_created, date_updated)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
                    params![requirement, case, met, self.users[6], activity, !met && self.rng.random_bool(0.1), self.stamp],
                )?;
            }
        }
        Ok(())
    }

    fn saved_lists(&mut self) -> rusqlite::Result<()> {
        let hot = serde_json::to_string(&self.hot_prospects).unwrap_or_else(|_| "[]".into());
        let lists = [
            (
                "Hot prospects",
                "SELECT ?1, value FROM json_each(?3) WHERE ?2 = ?2",
            ),
            (
                "Referral partners",
                "SELECT ?1, id FROM individuals WHERE portal_id = ?2 AND type_id = 4 AND ?3 = ?3",
            ),
            (
                "Deposits pending move-in",
                "SELECT ?1, id FROM individuals WHERE portal_id = ?2 AND status_id = 4 AND ?3 = ?3",
            ),
        ];
        for (name, members) in lists {
            self.tx.execute(
                "INSERT INTO lists (portal_id, name) VALUES (?1, ?2)",
                params![self.plan.portal, name],
            )?;
            let list = self.tx.last_insert_rowid();
            self.tx.execute(
                &format!("INSERT OR IGNORE INTO list_members (list_id, individual_id) {members}"),
                params![list, self.plan.portal, hot],
            )?;
        }
        Ok(())
    }

    /// Large portals: more history on existing people until the activity target is reached.
    fn top_up_activities(&mut self) -> rusqlite::Result<()> {
        let people = self.individuals_with_community.clone();
        let mut i = 0usize;
        while self.activities < self.plan.target_activities && !people.is_empty() {
            let (individual, case, community) = people[(i * 7919) % people.len()];
            i += 1;
            let due = {
                let offset = Duration::days(self.rng.random_range(1..540));
                self.at_work_hour(self.now - offset)
            };
            self.follow_up((individual, case), community, due)?;
        }
        Ok(())
    }
}
