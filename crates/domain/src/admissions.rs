//! The admissions queue: signed contracts moving in soon (and those that moved in lately), each
//! with its checklist progress once read, sorted by move-in day; a move-in close at hand with its
//! checklist not complete is marked.

use chrono::NaiveDate;

use crate::api::model::HousingContract;
use crate::checklist::Progress;

/// Days before the move-in when an incomplete checklist is a problem.
pub const AT_RISK_DAYS: i64 = 3;
/// How far back moved-in residents stay on the queue (paperwork often follows the move).
pub const RECENT_DAYS: i64 = 14;

/// One move-in on the queue.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct QueueEntry {
    #[serde(skip)]
    pub contract_id: i64,
    pub move_in: NaiveDate,
    pub name: String,
    pub case_number: String,
    #[serde(skip)]
    pub community_id: i64,
    pub community: String,
    pub unit_number: String,
}

impl QueueEntry {
    /// The move-in a contract is.
    pub fn of(c: &HousingContract) -> Self {
        QueueEntry {
            contract_id: c.id,
            move_in: c.move_in_date.date_naive(),
            name: c.individual_name.clone(),
            case_number: c.case_number.clone(),
            community_id: c.community_id,
            community: c.community_name.clone(),
            unit_number: c.unit_number.clone(),
        }
    }

    /// Moving in within [`AT_RISK_DAYS`] with requirements still open (someone who has moved in
    /// is not "not ready": see [`Self::paperwork_open`]).
    pub fn at_risk(&self, progress: Option<Progress>, today: NaiveDate) -> bool {
        let close = (self.move_in - today).num_days() <= AT_RISK_DAYS;
        self.is_upcoming(today) && close && progress.is_some_and(|p| !p.complete())
    }

    /// Moved in already with requirements still open (paperwork often follows the move).
    pub fn paperwork_open(&self, progress: Option<Progress>, today: NaiveDate) -> bool {
        !self.is_upcoming(today) && progress.is_some_and(|p| !p.complete())
    }

    /// Still to move in: a move-in dated today has happened (the family is "moved in", not
    /// also "pending" or "at risk"; the census counts them from today).
    pub fn is_upcoming(&self, today: NaiveDate) -> bool {
        self.move_in > today
    }
}

/// The move-in a case's checklist in `community` is for: its active contract there, the latest
/// move-in first when there are several.
pub fn move_in_of(
    contracts: &[HousingContract],
    case_number: &str,
    community: i64,
) -> Option<QueueEntry> {
    contracts
        .iter()
        .filter(|c| c.active_lease && c.case_number == case_number && c.community_id == community)
        .max_by_key(|c| c.move_in_date)
        .map(QueueEntry::of)
}

/// Active contracts moving in from `today` to `ahead` days on, and those that moved in during
/// the last [`RECENT_DAYS`], in one community or all, by move-in day (then name).
pub fn queue(
    contracts: &[HousingContract],
    today: NaiveDate,
    ahead: i64,
    community: Option<i64>,
) -> Vec<QueueEntry> {
    let mut list: Vec<QueueEntry> = contracts
        .iter()
        .filter(|c| c.active_lease && community.is_none_or(|id| c.community_id == id))
        .filter(|c| {
            let days = (c.move_in_date.date_naive() - today).num_days();
            (-RECENT_DAYS..=ahead).contains(&days)
        })
        .map(QueueEntry::of)
        .collect();
    list.sort_by(|a, b| (a.move_in, &a.name).cmp(&(b.move_in, &b.name)));
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::occupancy::fixtures::{at, contract};

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn the_queue_holds_the_next_days_and_the_last_two_weeks_in_date_order() {
        let today = day(2026, 11, 21);
        let contracts = vec![
            contract(1, 1, at(2026, 12, 30), None, true), // beyond 30 days
            contract(2, 2, at(2026, 12, 1), None, true),
            contract(3, 3, at(2026, 11, 22), None, true),
            contract(4, 4, at(2026, 11, 10), None, true), // 11 days ago
            contract(5, 5, at(2026, 10, 1), None, true),  // long ago
            contract(6, 6, at(2026, 11, 25), None, false), // cancelled
        ];
        let q = queue(&contracts, today, 30, None);
        let ids: Vec<i64> = q.iter().map(|e| e.contract_id).collect();
        assert_eq!(ids, [4, 3, 2]);
        assert!(!q[0].is_upcoming(today));
        assert!(q[1].is_upcoming(today));
        assert!(
            queue(&contracts, today, 30, Some(2)).is_empty(),
            "another community"
        );
    }

    #[test]
    fn close_move_ins_with_open_requirements_are_at_risk() {
        let today = day(2026, 11, 21);
        let q = queue(
            &[
                contract(1, 1, at(2026, 11, 23), None, true),
                contract(2, 2, at(2026, 12, 10), None, true),
            ],
            today,
            30,
            None,
        );
        let open = Some(Progress { met: 5, total: 8 });
        let done = Some(Progress { met: 8, total: 8 });
        assert!(q[0].at_risk(open, today));
        assert!(!q[0].at_risk(done, today));
        assert!(!q[0].at_risk(None, today), "not known yet: not marked");
        assert!(!q[1].at_risk(open, today), "far enough away");
        // Once moved in, open requirements are paperwork to finish, not a readiness alarm.
        let later = day(2026, 11, 25);
        assert!(!q[0].at_risk(open, later));
        assert!(q[0].paperwork_open(open, later));
        assert!(!q[0].paperwork_open(done, later));
        // On the move-in day itself: moved in, with paperwork open; not at risk, not upcoming.
        let moving_day = day(2026, 11, 23);
        assert!(!q[0].is_upcoming(moving_day));
        assert!(!q[0].at_risk(open, moving_day));
        assert!(q[0].paperwork_open(open, moving_day));
        assert!(q[0].is_upcoming(day(2026, 11, 22)));
        assert!(!q[0].paperwork_open(open, today), "not moved in yet");
    }

    #[test]
    fn a_cases_checklist_is_for_its_latest_active_move_in_in_that_community() {
        let mut first = contract(1, 1, at(2025, 3, 1), None, true);
        first.case_number = "77".into();
        let mut second = contract(2, 1, at(2026, 12, 1), None, true);
        second.case_number = "77".into();
        let mut ended = contract(3, 1, at(2026, 12, 9), None, false);
        ended.case_number = "77".into();
        let all = [first, second.clone(), ended];
        let about = move_in_of(&all, "77", second.community_id).unwrap();
        assert_eq!(about.contract_id, 2);
        assert_eq!(about.move_in, day(2026, 12, 1));
        assert!(move_in_of(&all, "78", second.community_id).is_none());
        assert!(move_in_of(&all, "77", second.community_id + 1).is_none());
    }
}
