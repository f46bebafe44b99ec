//! People and cases: names, contact details, the sales funnel of each lead, referral sources.

use super::data::*;
use crate::api::model::{ActivityStatusMaster as S, ActivityTypeMaster as T, TypeList};
use crate::store::people::index_individual;
use crate::time::store;
use chrono::{DateTime, Duration, Utc};
use rand::Rng;
use rand::seq::IndexedRandom;
use rusqlite::params;

use super::Generator;

impl Generator<'_, '_> {
    pub(super) fn person(
        &mut self,
        senior: bool,
        last: Option<&str>,
    ) -> (String, String, String, String) {
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
    pub(super) fn individual(
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
    pub(super) fn start_case(
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

    /// Two prospects of the API user who share a name, in different cases and communities, each
    /// with a call due later today: what goes wrong when a case is found by name.
    pub(super) fn namesakes(&mut self) -> rusqlite::Result<()> {
        for (i, (first, last)) in NAMESAKES.iter().enumerate() {
            let community = i % self.communities.len();
            let created = self.now - Duration::days(20 + 9 * i as i64);
            let (case, primary, _, _) = self.start_case(1, 3, true, created, community)?;
            self.tx.execute(
                "UPDATE individuals SET first_name = ?1, last_name = ?2, assigned_user_id = ?3
                 WHERE id = ?4",
                params![first, last, self.users[0], primary],
            )?;
            index_individual(self.tx, primary)?;
            let due = super::working_day::in_office_hours(self.now + Duration::hours(3 + i as i64));
            let note = [
                "Call back about the one-bedroom",
                "Confirm the assessment date",
            ][i % 2];
            self.activity(
                (primary, case),
                community,
                T::CallOut,
                due,
                false,
                S::Assigned,
                None,
                None,
                note,
            )?;
        }
        Ok(())
    }

    /// A case with a primary individual and sometimes a family contact.
    pub(super) fn case(
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
        self.created_of.insert(primary, created);
        Ok((case, primary))
    }

    // ---- Activities ----

    pub(super) fn lead(&mut self) -> rusqlite::Result<()> {
        let days_ago = self.rng.random_range(1..self.plan.lead_days.max(2));
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
        // Most inquiries are called back within two days (the field's average is 46 hours);
        // one still waiting is a new lead.
        let callback = inquiry + Duration::minutes(self.rng.random_range(20..48 * 60));
        if callback <= self.now {
            self.activity(
                who,
                community,
                T::CallOut,
                callback,
                false,
                S::Completed,
                Some(0),
                None,
                "Returned the inquiry",
            )?;
        }
        let (lo, hi) = self.plan.followups;
        let mut day = inquiry;
        for _ in 0..self.rng.random_range(lo..=hi) {
            let touched = day.max(callback.min(self.now));
            day = {
                let offset = Duration::days(self.rng.random_range(2..12));
                self.at_work_hour(day + offset)
            };
            if day > self.now + Duration::days(21) {
                break;
            }
            // Three in four follow-ups are set up at the touch before them, as a team working
            // its leads does; the rest are entered shortly before they are due. A fixed step,
            // not a draw: the rest of the demo stays as it was.
            if !self.activities.is_multiple_of(4) && touched <= self.now {
                self.booked_at = Some(touched);
            }
            self.follow_up(who, community, day)?;
        }
        if !self.rng.random_bool(0.28) {
            let lost = days_ago > 120 && self.rng.random_bool(0.5);
            let status = if lost { 6 } else { 3 };
            self.tx.execute(
                "UPDATE individuals SET status_id = ?1 WHERE id = ?2",
                params![status, primary],
            )?;
            return Ok(());
        }
        let tour = {
            // Most leads who tour do so within two weeks of asking.
            let offset = Duration::days(self.rng.random_range(2..16));
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
        // Only completed tours can convert: 42% of those is about 30% of all tours, and with
        // 28% of leads touring about 7% of inquiries move in (the field's figures).
        if tour_state != S::Completed || !self.rng.random_bool(0.42) {
            self.tx.execute(
                "UPDATE individuals SET status_id = 3 WHERE id = ?1",
                [primary],
            )?;
            return Ok(());
        }
        // A deposit, the paperwork, then the move-in.
        let deposit = {
            let offset = Duration::days(self.rng.random_range(2..14));
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
        let move_in = (deposit + Duration::days(self.rng.random_range(7..30)))
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

    /// A referral partner's person (the `n`th): a discharge planner or adviser who refers
    /// through one of the partners' market sources, met over lunch.
    pub(super) fn referral_source(&mut self, n: usize) -> rusqlite::Result<()> {
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
            Some(super::data::PARTNER_SOURCES[n % super::data::PARTNER_SOURCES.len()]),
            "Lunch with discharge planners",
        )?;
        Ok(())
    }
}
