//! "Needs a next step": the agent's active prospects and pre-leads whose case has nothing open
//! (no future or overdue activity by anyone): those created in the last seven days that nobody
//! has contacted yet first, then the rest, each with the latest inquiry or contact first. Activities are matched to a case
//! by their individual (Search lists every individual of a case), which spares reading 200,000
//! case-number strings.

use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};

use crate::api::model::{Activity, IndividualType, SearchCase, Timestamp};

/// Activity types that are the lead reaching out, not the agent: they are not "contact".
pub const INQUIRY_TYPES: [&str; 6] = [
    "Inquiry", "Web Form", "Walk-in", "Referral", "Call In", "Email In",
];

/// [`INQUIRY_TYPES`] as a match (a length switch first: this runs once per activity).
fn is_inquiry(kind: &str) -> bool {
    matches!(
        kind,
        "Inquiry" | "Web Form" | "Walk-in" | "Referral" | "Call In" | "Email In"
    )
}

/// Statuses of a lead that is no longer worked.
pub const CLOSED_STATUSES: [&str; 3] = ["Lost", "Inactive", "Moved In"];

/// How many days a new case counts as new.
pub const NEW_CASE_DAYS: i64 = 7;

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Reason {
    /// Nothing is scheduled on the case.
    NothingOpen,
    /// Created in the last week and nobody has contacted them yet.
    NewNotContacted,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct NeedsNextStep {
    pub case_number: String,
    pub individual_id: i64,
    pub name: String,
    pub reason: Reason,
    /// The latest inquiry (or, without one, when the case was created).
    pub since: Timestamp,
}

/// `cases` are the portal's cases (any page of them), `activities` everyone's activities, `me`
/// the API user's id. Only leads with nothing open (no activity by anyone that is neither done,
/// cancelled nor a no-show) are listed: new uncontacted cases first, then the rest, each by
/// [`order`].
pub fn needs_next_step(
    cases: &[SearchCase],
    activities: &[Activity],
    me: i64,
    now: DateTime<Utc>,
) -> Vec<NeedsNextStep> {
    /// What the activities say about one of the agent's cases.
    #[derive(Default, Clone, Copy)]
    struct Facts {
        open: bool,
        contacted: bool,
        /// The latest inquiry or completed contact up to now.
        last_touch: Option<Timestamp>,
    }
    // Only the agent's active leads are looked at, so each activity costs one lookup.
    let worked: Vec<&SearchCase> = cases
        .iter()
        .filter(|case| {
            let p = &case.primary;
            matches!(
                p.individual_type_id,
                IndividualType::Prospect | IndividualType::PreLead
            ) && p.assigned_user_id == me
                && !CLOSED_STATUSES.contains(&p.individual_status_name.as_str())
        })
        .collect();
    // SipHash dominated this loop; foldhash is seeded per process, so still safe on hostile data.
    // Each activity is matched by its individual (a number in the record) rather than its
    // case number (a string elsewhere in memory): an individual belongs to one case.
    let mut slot: HashMap<i64, usize, foldhash::fast::RandomState> = HashMap::default();
    for (n, case) in worked.iter().enumerate() {
        slot.insert(case.primary.individual_id, n);
        for r in &case.relationships {
            slot.insert(r.individual_id, n);
        }
    }
    let mut facts = vec![Facts::default(); worked.len()];
    for a in activities {
        let Some(&n) = slot.get(&a.individual_id) else {
            continue;
        };
        let f = &mut facts[n];
        if !a.completed && !a.cancelled && !a.no_show {
            // Anything open, overdue or ahead, is a next step already taken.
            f.open = true;
            continue;
        }
        if !a.completed {
            continue;
        }
        let inquiry = is_inquiry(a.activity_type.as_deref().unwrap_or_default());
        f.contacted |= !inquiry;
        // A record dated ahead of today is not a touch yet: "since" is never in the future.
        if a.due_date.with_timezone(&Utc) <= now {
            f.last_touch = Some(f.last_touch.map_or(a.due_date, |t| t.max(a.due_date)));
        }
    }
    let new_since = now
        .checked_sub_signed(Duration::days(NEW_CASE_DAYS))
        .unwrap_or(now);
    let mut rows = Vec::new();
    for (case, f) in worked.iter().zip(facts) {
        if f.open {
            continue;
        }
        let p = &case.primary;
        let reason = if p.date_created.with_timezone(&Utc) >= new_since && !f.contacted {
            Reason::NewNotContacted
        } else {
            Reason::NothingOpen
        };
        rows.push(NeedsNextStep {
            case_number: p.case_number.clone(),
            individual_id: p.individual_id,
            name: p.individual_name.clone(),
            reason,
            // A case created ahead of today keeps that date: the row says so, nothing is made up.
            since: f.last_touch.unwrap_or(p.date_created),
        });
    }
    order(&mut rows);
    rows
}

/// The list's order: new uncontacted first, then the rest, each with the latest touch first.
pub fn order(rows: &mut [NeedsNextStep]) {
    rows.sort_by(|a, b| {
        let later = |r: &NeedsNextStep| r.reason != Reason::NewNotContacted;
        later(a).cmp(&later(b)).then(b.since.cmp(&a.since))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture<T: serde::de::DeserializeOwned>(name: &str) -> T {
        let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    fn case(
        number: &str,
        me: i64,
        kind: IndividualType,
        status: &str,
        created: &str,
    ) -> SearchCase {
        let response: crate::api::model::SearchResponse = fixture("search.json");
        let mut case = response.cases[0].clone();
        let p = &mut case.primary;
        p.case_number = number.into();
        p.individual_id = number.parse().unwrap();
        p.individual_name = format!("Person {number}");
        p.assigned_user_id = me;
        p.individual_type_id = kind;
        p.individual_status_name = status.into();
        p.date_created = chrono::DateTime::parse_from_rfc3339(created).unwrap();
        case
    }

    fn activity(case: &str, kind: &str, due: &str, completed: bool) -> Activity {
        let mut a: Vec<Activity> = fixture("activities.json");
        let mut a = a.remove(0);
        a.case_number = case.into();
        a.individual_id = case.parse().unwrap();
        a.activity_type = Some(kind.into());
        a.due_date = chrono::DateTime::parse_from_rfc3339(due).unwrap();
        a.completed = completed;
        a.cancelled = false;
        a.no_show = false;
        a
    }

    #[test]
    fn the_inquiry_match_is_the_inquiry_list() {
        for kind in INQUIRY_TYPES {
            assert!(is_inquiry(kind));
        }
        assert!(!is_inquiry("Call Out"));
        assert!(!is_inquiry("inquiry"));
    }

    #[test]
    fn idle_and_new_uncontacted_cases_need_a_next_step() {
        let now = "2026-11-21T15:00:00Z".parse().unwrap();
        let old = "2026-09-01T10:00:00-05:00";
        let cases = vec![
            case("1", 7, IndividualType::Prospect, "Active", old),
            case("2", 7, IndividualType::Prospect, "Active", old),
            case("3", 7, IndividualType::PreLead, "New", old),
            case("4", 7, IndividualType::Prospect, "Lost", old),
            case("5", 8, IndividualType::Prospect, "Active", old),
            case("6", 7, IndividualType::Resident, "Moved In", old),
            case(
                "7",
                7,
                IndividualType::Prospect,
                "New",
                "2026-11-19T09:00:00-05:00",
            ),
            case(
                "8",
                7,
                IndividualType::Prospect,
                "New",
                "2026-11-20T09:00:00-05:00",
            ),
        ];
        let activities = vec![
            // 1: a call scheduled (open): nothing needed.
            activity("1", "Call Out", "2026-11-25T10:00:00-05:00", false),
            // 2: only done work; inquiry in October.
            activity("2", "Inquiry", "2026-10-02T10:00:00-05:00", true),
            activity("2", "Call Out", "2026-10-03T10:00:00-05:00", true),
            // 3: an inquiry in November, nothing since.
            activity("3", "Web Form", "2026-11-02T10:00:00-05:00", true),
            // 7: new, with a call scheduled but nobody has reached them yet: a step is taken.
            activity("7", "Call Out", "2026-11-23T10:00:00-05:00", false),
            // 8: new and already called back.
            activity("8", "Call Out", "2026-11-20T11:00:00-05:00", true),
        ];
        let rows = needs_next_step(&cases, &activities, 7, now);
        let got: Vec<(&str, Reason)> = rows
            .iter()
            .map(|r| (r.case_number.as_str(), r.reason))
            .collect();
        assert_eq!(
            got,
            vec![
                ("8", Reason::NothingOpen),
                ("3", Reason::NothingOpen),
                ("2", Reason::NothingOpen),
            ],
            "latest touch first; nothing open only; not lost, not another agent's, not residents"
        );
        assert!(needs_next_step(&cases, &activities, 99, now).is_empty());
        assert!(needs_next_step(&[], &activities, 7, now).is_empty());
    }

    #[test]
    fn since_is_the_latest_touch_up_to_now_never_a_date_ahead() {
        let now = "2026-11-21T15:00:00Z".parse().unwrap();
        let cases = vec![
            case(
                "1",
                7,
                IndividualType::Prospect,
                "Active",
                "2026-09-01T10:00:00-05:00",
            ),
            case(
                "2",
                7,
                IndividualType::Prospect,
                "New",
                "2026-11-20T09:00:00-05:00",
            ),
            // Created ahead of today (a record the service holds as it is).
            case(
                "3",
                7,
                IndividualType::Prospect,
                "New",
                "2026-12-12T09:00:00-05:00",
            ),
        ];
        let activities = vec![
            activity("1", "Inquiry", "2026-09-01T10:00:00-05:00", true),
            activity("1", "Call Out", "2026-11-02T10:00:00-05:00", true),
            // Marked done but dated ahead: not a touch yet.
            activity("1", "Call In", "2026-12-14T10:00:00-05:00", true),
            // Cancelled and no-show items are not open and not contact.
            {
                let mut a = activity("1", "Tour", "2026-11-25T10:00:00-05:00", false);
                a.cancelled = true;
                a
            },
            {
                let mut a = activity("2", "Tour", "2026-11-20T14:00:00-05:00", false);
                a.no_show = true;
                a
            },
            activity("2", "Web Form", "2026-11-20T09:00:00-05:00", true),
        ];
        let rows = needs_next_step(&cases, &activities, 7, now);
        let got: Vec<(&str, Reason, String)> = rows
            .iter()
            .map(|r| (r.case_number.as_str(), r.reason, r.since.to_rfc3339()))
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    "3",
                    Reason::NewNotContacted,
                    "2026-12-12T09:00:00-05:00".into()
                ),
                (
                    "2",
                    Reason::NewNotContacted,
                    "2026-11-20T09:00:00-05:00".into()
                ),
                ("1", Reason::NothingOpen, "2026-11-02T10:00:00-05:00".into()),
            ]
        );
        assert!(
            rows.iter()
                .filter(|r| r.case_number != "3")
                .all(|r| r.since.with_timezone(&Utc) <= now)
        );
    }

    #[test]
    fn a_booked_tour_takes_a_lead_off_the_list() {
        let now = "2026-11-21T15:00:00Z".parse().unwrap();
        let cases = vec![case(
            "1",
            7,
            IndividualType::Prospect,
            "New",
            "2026-11-20T09:00:00-05:00",
        )];
        let mut activities = vec![activity("1", "Inquiry", "2026-11-20T09:00:00-05:00", true)];
        assert_eq!(needs_next_step(&cases, &activities, 7, now).len(), 1);
        activities.push(activity("1", "Tour", "2026-11-26T10:00:00-05:00", false));
        assert!(needs_next_step(&cases, &activities, 7, now).is_empty());
        // An overdue open call is a step taken too (it shows as overdue instead).
        activities.pop();
        activities.push(activity(
            "1",
            "Call Out",
            "2026-11-20T12:00:00-05:00",
            false,
        ));
        assert!(needs_next_step(&cases, &activities, 7, now).is_empty());
    }
}
