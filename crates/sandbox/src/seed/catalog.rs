//! Staff, type lists, campaigns, admission requirements and saved lists of a demo portal.

use super::data::*;
use crate::api::model::{ActivityStatusMaster as S, ActivityTypeMaster as T, TypeList};
use crate::auth::hash_password;
use crate::time::store;
use chrono::Duration;
use rand::Rng;
use rand::seq::IndexedRandom;
use rusqlite::params;
use std::collections::HashMap;

use super::{DEMO_PASSWORD, Generator};

impl Generator<'_, '_> {
    pub(super) fn type_value(
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

    pub(super) fn simple_list(&mut self, list: TypeList, names: &[&str]) -> rusqlite::Result<()> {
        for (i, name) in names.iter().enumerate() {
            self.type_value(list, name, i as i64 + 1, name, i + 1)?;
        }
        Ok(())
    }

    pub(super) fn type_lists(&mut self) -> rusqlite::Result<()> {
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
        let individual_statuses: Vec<&str> = crate::store::people::STATUSES
            .iter()
            .map(|(_, n)| *n)
            .collect();
        self.simple_list(TypeList::Status, &individual_statuses)?;
        self.simple_list(TypeList::InquiryMethodType, INQUIRY_METHODS)?;
        self.simple_list(TypeList::LostLeadType, LOST_REASONS)?;
        self.simple_list(TypeList::LostLeadDestinationType, LOST_DESTINATIONS)?;
        self.simple_list(TypeList::WaitlistPriorityType, WAITLIST_PRIORITIES)?;
        Ok(())
    }

    pub(super) fn list_value(&self, list: TypeList, index: usize) -> i64 {
        self.lists[&list.code()][index]
    }

    pub(super) fn master_value(&self, list: TypeList, master: i64) -> i64 {
        self.masters[&(list.code(), master)]
    }

    pub(super) fn staff(&mut self) -> rusqlite::Result<()> {
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
    pub(super) fn agent(&mut self) -> i64 {
        if self.rng.random_bool(0.35) {
            self.users[0]
        } else {
            self.users[self.rng.random_range(1..5)]
        }
    }

    // ---- People ----

    pub(super) fn campaigns(&mut self) -> rusqlite::Result<()> {
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

    pub(super) fn admissions(&mut self) -> rusqlite::Result<()> {
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
                // Who met it and when is the activity's: each row says its own.
                let (activity, updated_by, updated) = if met {
                    let due = {
                        let offset = Duration::days(self.rng.random_range(1..60));
                        self.at_work_hour(self.now - offset)
                    };
                    let by = self.agent();
                    let id = self.activity(
                        (primary, case),
                        community,
                        T::from_code(master),
                        due,
                        true,
                        S::Completed,
                        Some(received),
                        None,
                        name,
                    )?;
                    (Some(id), by, store(due))
                } else {
                    (None, self.users[6], self.stamp.clone())
                };
                self.tx.execute(
                    "INSERT INTO admission_met (requirement_id, case_id, is_met, user_id, activity_id, dismiss, date_created, date_updated)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                    // A row met long ago was made no later than it was met.
                    params![requirement, case, met, updated_by, activity, !met && self.rng.random_bool(0.1), self.stamp.clone().min(updated.clone()), updated],
                )?;
            }
        }
        Ok(())
    }

    pub(super) fn saved_lists(&mut self) -> rusqlite::Result<()> {
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
}
