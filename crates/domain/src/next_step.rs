//! My day's lead lists. "New leads": the agent's leads created in the last week that nobody has
//! reached out to yet (see `speed_to_lead`), oldest first. "Needs a next step": the rest of their
//! active leads with nothing open (no future or overdue activity by anyone), red first, each
//! colour with the latest touch first. Activities are matched to a case by their individual
//! (Search lists every individual of a case), which spares reading 200,000 case-number strings.

use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};

use crate::api::model::{Activity, ActivityCommunity, NewActivity, SearchCase, Timestamp};
use crate::contact::lists::CaseActivities;
use crate::contact_story::{ContactRule, Standing};
use crate::outreach::Channel;
use crate::speed_to_lead::{Colour, LeadFacts};

pub use crate::active_lead::{CLOSED_STATUSES, is_active_lead_of};

/// How many days a new case counts as new.
pub const NEW_CASE_DAYS: i64 = 7;

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct NeedsNextStep {
    pub case_number: String,
    pub individual_id: i64,
    pub name: String,
    pub colour: Colour,
    /// The latest inquiry or contact (or, without one, when the case was created).
    pub since: Timestamp,
    /// Something logged on this desk for the lead waits in the outbox, not sent yet.
    #[serde(default)]
    pub unsent: bool,
}

/// A lead waiting for its first contact.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct NewLead {
    pub case_number: String,
    pub individual_id: i64,
    pub name: String,
    /// The first community of the case (its business hours count the wait).
    pub community_id: Option<i64>,
    pub community: String,
    /// Its `NameUnique` (what the service's activity forms take).
    pub community_unique: String,
    /// When the case was created: the inquiry.
    pub inquired: Timestamp,
    /// Something is booked ahead already (a tour the lead booked online), though nobody called.
    pub booked: bool,
    /// What holds each channel a first reply may take (the contact guard).
    #[serde(default)]
    pub holds: Vec<crate::contact::lists::ChannelHold>,
}

/// A family's call nobody picked up, not called back yet (logged from the phone system's
/// export: `domain::calls`).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MissedCall {
    pub case_number: String,
    pub individual_id: i64,
    pub name: String,
    pub community_id: Option<i64>,
    pub community_unique: String,
    /// When the call came (at the community's clock).
    pub at: Timestamp,
    /// Who called from which number, as the phone system said it.
    #[serde(default)]
    pub from: String,
    /// The agent whose lead it is (said on the team's list).
    #[serde(default)]
    pub agent: String,
    /// What holds calling them back now (the contact guard).
    #[serde(default)]
    pub holds: Vec<crate::contact::lists::ChannelHold>,
}

/// My day's lead lists.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LeadWork {
    pub new_leads: Vec<NewLead>,
    pub next_steps: Vec<NeedsNextStep>,
    /// Missed calls of my leads nobody returned, oldest first.
    #[serde(default)]
    pub missed_calls: Vec<MissedCall>,
    /// Steps of follow-up plans due today or overdue, on my leads, oldest first.
    #[serde(default)]
    pub plan_steps: Vec<crate::outreach::cadence::PlanStepDue>,
}

impl LeadWork {
    /// Adds what another chunk of leads gave.
    pub fn extend(&mut self, more: LeadWork) {
        self.new_leads.extend(more.new_leads);
        self.next_steps.extend(more.next_steps);
        self.missed_calls.extend(more.missed_calls);
        self.plan_steps.extend(more.plan_steps);
    }

    /// Puts `fresh`, worked out again for the cases `redone`, in place of what those cases
    /// gave before (a case no longer among the leads leaves every list), in the lists' orders.
    pub fn replace_cases(&mut self, redone: &std::collections::HashSet<String>, fresh: LeadWork) {
        let kept = |number: &String| !redone.contains(number);
        self.new_leads.retain(|l| kept(&l.case_number));
        self.next_steps.retain(|l| kept(&l.case_number));
        self.missed_calls.retain(|l| kept(&l.case_number));
        self.plan_steps.retain(|l| kept(&l.case_number));
        self.extend(fresh);
        self.order();
    }

    /// Whether a hold the lists were worked out with has lifted by `now` (the rows must be
    /// worked out again as of the clock).
    pub fn a_hold_lifted_by(&self, now: DateTime<Utc>) -> bool {
        let lifted = |holds: &[crate::contact::lists::ChannelHold]| {
            holds
                .iter()
                .any(|h| h.next_allowed.is_some_and(|at| at <= now))
        };
        self.new_leads.iter().any(|l| lifted(&l.holds))
            || self.missed_calls.iter().any(|c| lifted(&c.holds))
            || self.plan_steps.iter().any(|s| lifted(&s.holds))
    }

    /// The lists' orders (after chunks were put together).
    pub fn order(&mut self) {
        self.new_leads.sort_by(|a, b| {
            a.inquired
                .cmp(&b.inquired)
                .then(a.case_number.cmp(&b.case_number))
        });
        order(&mut self.next_steps);
        self.missed_calls
            .sort_by(|a, b| a.at.cmp(&b.at).then(a.case_number.cmp(&b.case_number)));
        self.plan_steps
            .sort_by(|a, b| a.day.cmp(&b.day).then(a.case_number.cmp(&b.case_number)));
    }
}

/// An activity logged on this desk and waiting in the outbox, as the lead lists count it:
/// done here, though the service does not have it yet (its id is `id`, below zero, so it is
/// never taken for one of the service's). `None` without an individual to match it to.
pub fn queued_activity(body: &NewActivity, type_name: &str, id: i64) -> Option<Activity> {
    let individual_id = body.individual_id?;
    Some(Activity {
        id,
        activity_status: if body.date_completed.is_some() {
            "Completed".into()
        } else {
            "Open".into()
        },
        // What the service lists as the name is the description it was given (a plan's start,
        // a family's opt-out): read the same way before it is sent.
        activity_name: body
            .description
            .clone()
            .filter(|d| !d.trim().is_empty())
            .unwrap_or_else(|| type_name.to_owned()),
        activity_type: Some(type_name.to_owned()),
        time_zone: String::new(),
        reinquiry: body.re_inquiry.unwrap_or(false),
        community: ActivityCommunity {
            id: 0,
            name: String::new(),
            name_unique: String::new(),
        },
        case_number: body.case_number.clone().unwrap_or_default(),
        individual_id,
        individual_full_name: String::new(),
        assigned_name: String::new(),
        due_date_descriptive: String::new(),
        due_date: body.start,
        due_date_end: body.end.unwrap_or(body.start),
        date_completed: body.date_completed,
        date_updated: None,
        date_created: body.start,
        all_day: body.all_day.unwrap_or(false),
        result_id: 0,
        result_name: String::new(),
        sale_stage: String::new(),
        completed: body.date_completed.is_some(),
        cancelled: false,
        no_show: false,
        rescheduled: false,
        is_activity_history: false,
        overdue: false,
        notes: None,
        market_source: body.market_source.clone(),
    })
}

/// Marks the "Needs a next step" rows of the individuals in `unsent` (their latest work waits
/// in the outbox).
pub fn mark_unsent(work: &mut LeadWork, unsent: &std::collections::HashSet<i64>) {
    for row in &mut work.next_steps {
        row.unsent = unsent.contains(&row.individual_id);
    }
}

/// Each case's facts from `activities`, matched by individual; `cases` in the same order.
pub fn facts_of(
    cases: &[&SearchCase],
    activities: &[Activity],
    now: DateTime<Utc>,
) -> Vec<LeadFacts> {
    // SipHash dominated this loop; foldhash is seeded per process, so still safe on hostile data.
    let mut slot: HashMap<i64, usize, foldhash::fast::RandomState> = HashMap::default();
    for (n, case) in cases.iter().enumerate() {
        slot.insert(case.primary.individual_id, n);
        for r in &case.relationships {
            slot.insert(r.individual_id, n);
        }
    }
    let mut facts = vec![LeadFacts::default(); cases.len()];
    // A contact logged by mistake (and corrected) is no contact.
    let voided = crate::contact::plan_marker::voided(activities);
    for a in activities {
        if voided.contains(&a.id) {
            continue;
        }
        if let Some(&n) = slot.get(&a.individual_id) {
            facts[n].add(a, now);
        }
    }
    facts
}

/// `cases` are the portal's cases (any page of them), `activities` everyone's activities (or
/// at least those of `me`'s leads), `me` the API user's id.
pub fn lead_work(
    cases: &[SearchCase],
    activities: &[Activity],
    me: i64,
    now: DateTime<Utc>,
    rule: &ContactRule,
) -> LeadWork {
    work_of(cases, activities, Some(me), now, rule)
}

/// The lists over every agent's leads (what the whole team has to do): `outreach due`.
pub fn team_work(
    cases: &[SearchCase],
    activities: &[Activity],
    now: DateTime<Utc>,
    rule: &ContactRule,
) -> LeadWork {
    work_of(cases, activities, None, now, rule)
}

/// The lists over `me`'s leads, or (`None`) over every agent's.
pub fn work_of(
    cases: &[SearchCase],
    activities: &[Activity],
    me: Option<i64>,
    now: DateTime<Utc>,
    rule: &ContactRule,
) -> LeadWork {
    let worked: Vec<&SearchCase> = cases.iter().filter(|c| is_active_lead_of(c, me)).collect();
    let facts = facts_of(&worked, activities, now);
    let new_since = now
        .checked_sub_signed(Duration::days(NEW_CASE_DAYS))
        .unwrap_or(now);
    let mut work = LeadWork::default();
    let pursued: Vec<&SearchCase> = worked
        .iter()
        .zip(&facts)
        .filter(|(_, f)| !f.is_lost())
        .map(|(c, _)| *c)
        .collect();
    work.plan_steps = crate::outreach::cadence::steps_due(
        &pursued,
        activities,
        |community| *rule.rules.hours_of(community),
        rule.zone,
        now,
    );
    let calls = crate::calls::unreturned(activities);
    for (case, f) in worked.iter().zip(facts) {
        let p = &case.primary;
        let community = case.primary.communities.first();
        if let Some(call) = calls.get(p.case_number.as_str())
            && !f.is_lost()
        {
            work.missed_calls.push(MissedCall {
                case_number: p.case_number.clone(),
                individual_id: p.individual_id,
                name: p.individual_name.clone(),
                community_id: community.map(|c| c.id),
                community_unique: community.map(|c| c.name_unique.clone()).unwrap_or_default(),
                at: call.at,
                from: call.from.clone(),
                agent: p.assigned_user.clone(),
                holds: Vec::new(),
            });
        }
        let standing = f.standing(p.date_created, community.map(|c| c.id), now, rule);
        let (colour, since) = match standing {
            Standing::Lost { .. } => continue,
            Standing::Waiting { inquired, .. } if inquired.with_timezone(&Utc) >= new_since => {
                work.new_leads.push(NewLead {
                    case_number: p.case_number.clone(),
                    individual_id: p.individual_id,
                    name: p.individual_name.clone(),
                    community_id: community.map(|c| c.id),
                    community: community.map(|c| c.name.clone()).unwrap_or_default(),
                    community_unique: community.map(|c| c.name_unique.clone()).unwrap_or_default(),
                    inquired: p.date_created,
                    booked: f.booked,
                    holds: Vec::new(),
                });
                continue;
            }
            // Waiting longer than a week: among the next steps, in the colour of its wait, by
            // its latest touch (an inquiry since).
            Standing::Waiting {
                inquired, colour, ..
            } => (colour, f.last_touch.unwrap_or(inquired)),
            Standing::Contacted { last, colour, .. } => (colour, last),
        };
        if f.open {
            // Anything open, overdue or ahead, is a next step already taken.
            continue;
        }
        work.next_steps.push(NeedsNextStep {
            case_number: p.case_number.clone(),
            individual_id: p.individual_id,
            name: p.individual_name.clone(),
            colour,
            // A case created ahead of today keeps that date: the row says so, nothing is made up.
            since,
            unsent: false,
        });
    }
    guard(&mut work, activities, now, rule);
    work.order();
    work
}

/// The channels a new lead's first reply may take (My day offers each).
pub const FIRST_REPLY_CHANNELS: [Channel; 3] = [Channel::Call, Channel::Email, Channel::Text];

/// Asks the contact guard about every contact the lists offer: each row says what holds its
/// channels (a plan step the family's word holds is not offered, one the clock holds moves to
/// its next allowed moment).
fn guard(work: &mut LeadWork, activities: &[Activity], now: DateTime<Utc>, rule: &ContactRule) {
    // The community's clock under the federal rule, the community's own state's where a
    // director said it, and a director's hours: the store knows no family's state (the
    // dialog a row opens reads it, and holds by it too).
    let by_community: std::collections::HashMap<Option<i64>, crate::contact::Rules> = work
        .new_leads
        .iter()
        .map(|l| l.community_id)
        .chain(work.missed_calls.iter().map(|c| c.community_id))
        .chain(work.plan_steps.iter().map(|s| s.community_id))
        .collect::<std::collections::HashSet<_>>()
        .into_iter()
        .map(|id| (id, rule.rules.calling.rules_for(id).community_only()))
        .collect();
    let rules_of = |community: Option<i64>| &by_community[&community];
    let zone = rule.zone;
    let cases = work
        .new_leads
        .iter()
        .map(|l| l.case_number.as_str())
        .chain(work.missed_calls.iter().map(|c| c.case_number.as_str()))
        .chain(work.plan_steps.iter().map(|s| s.case_number.as_str()));
    let of = CaseActivities::of(cases, activities);
    for lead in &mut work.new_leads {
        lead.holds = of.holds(
            &lead.case_number,
            lead.individual_id,
            &FIRST_REPLY_CHANNELS,
            now,
            zone,
            rules_of(lead.community_id),
        );
    }
    for call in &mut work.missed_calls {
        call.holds = of.holds(
            &call.case_number,
            call.individual_id,
            &[Channel::Call],
            now,
            zone,
            rules_of(call.community_id),
        );
    }
    for step in &mut work.plan_steps {
        step.holds = of.holds(
            &step.case_number,
            step.individual_id,
            &[step.step.channel],
            now,
            zone,
            rules_of(step.community_id),
        );
    }
}

/// "Needs a next step"'s order: red first, then amber, then green, each with the latest touch
/// first.
pub fn order(rows: &mut [NeedsNextStep]) {
    rows.sort_by(|a, b| a.colour.cmp(&b.colour).then(b.since.cmp(&a.since)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::model::IndividualType;

    fn rule() -> ContactRule {
        ContactRule {
            rules: Default::default(),
            zone: chrono_tz::America::Chicago,
        }
    }

    fn fixture<T: serde::de::DeserializeOwned>(name: &str) -> T {
        let path = format!("{}/../../tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
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

    fn numbers_and_colours(work: &LeadWork) -> (Vec<&str>, Vec<(&str, Colour)>) {
        (
            work.new_leads
                .iter()
                .map(|l| l.case_number.as_str())
                .collect(),
            work.next_steps
                .iter()
                .map(|r| (r.case_number.as_str(), r.colour))
                .collect(),
        )
    }

    #[test]
    fn new_uncontacted_leads_and_idle_ones_are_listed_apart() {
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
            case(
                "9",
                7,
                IndividualType::Prospect,
                "New",
                "2026-11-21T08:00:00-05:00",
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
            // 7: new, a call scheduled but nobody has reached them yet: still a new lead.
            activity("7", "Call Out", "2026-11-23T10:00:00-05:00", false),
            // 8: new and already called back yesterday (23 hours ago: green).
            activity("8", "Call Out", "2026-11-20T11:00:00-05:00", true),
            // 9: new; a mass email is not a contact.
            activity("9", "Mass Email", "2026-11-21T09:00:00-05:00", true),
        ];
        let work = lead_work(&cases, &activities, 7, now, &rule());
        assert_eq!(
            numbers_and_colours(&work),
            (
                vec!["7", "9"],
                vec![("3", Colour::Red), ("2", Colour::Red), ("8", Colour::Green)]
            ),
            "new leads oldest first; then red first, latest touch first; not lost, not another \
             agent's, not residents"
        );
        assert!(work.new_leads[0].booked && !work.new_leads[1].booked);
        assert_eq!(
            work.new_leads[0].community_id,
            cases[6].primary.communities.first().map(|c| c.id)
        );
        assert_eq!(
            lead_work(&cases, &activities, 99, now, &rule()),
            LeadWork::default()
        );
        assert!(
            lead_work(&[], &activities, 7, now, &rule())
                .next_steps
                .is_empty()
        );
    }

    #[test]
    fn a_lead_closed_as_lost_leaves_both_lists_until_it_inquires_again() {
        let now = "2026-11-21T15:00:00Z".parse().unwrap();
        let old = "2026-09-01T10:00:00-05:00";
        let cases = vec![
            case("1", 7, IndividualType::Prospect, "Active", old),
            case("2", 7, IndividualType::Prospect, "Active", old),
            case(
                "3",
                7,
                IndividualType::Prospect,
                "New",
                "2026-11-20T09:00:00-05:00",
            ),
        ];
        let lost = |n: &str, at: &str| {
            let mut a = activity(n, "Update", at, true);
            a.activity_name = crate::lost_leads::LostLead {
                reason: "Price".into(),
                destination: None,
            }
            .description();
            a
        };
        let activities = vec![
            activity("1", "Call Out", "2026-10-01T10:00:00-05:00", true),
            lost("1", "2026-10-02T10:00:00-05:00"),
            activity("2", "Call Out", "2026-10-01T10:00:00-05:00", true),
            lost("2", "2026-10-02T10:00:00-05:00"),
            // Back through the website: a lead again.
            activity("2", "Web Form", "2026-11-01T10:00:00-05:00", true),
            lost("3", "2026-11-20T10:00:00-05:00"),
        ];
        let work = lead_work(&cases, &activities, 7, now, &rule());
        assert_eq!(
            numbers_and_colours(&work),
            (vec![], vec![("2", Colour::Red)]),
            "1 and 3 are lost; 2 came back after it was lost"
        );
        assert_eq!(
            work.next_steps[0].since,
            chrono::DateTime::parse_from_rfc3339("2026-11-01T10:00:00-05:00").unwrap(),
            "a lost record is not a contact"
        );
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
        let work = lead_work(&cases, &activities, 7, now, &rule());
        assert_eq!(
            numbers_and_colours(&work),
            (vec!["2", "3"], vec![("1", Colour::Red)])
        );
        assert_eq!(
            work.next_steps[0].since.to_rfc3339(),
            "2026-11-02T10:00:00-05:00"
        );
        assert!(
            work.next_steps
                .iter()
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
            "Active",
            "2026-09-20T09:00:00-05:00",
        )];
        let rule = rule();
        let mut activities = vec![
            activity("1", "Inquiry", "2026-09-20T09:00:00-05:00", true),
            activity("1", "Call Out", "2026-11-20T09:00:00-05:00", true),
        ];
        assert_eq!(
            lead_work(&cases, &activities, 7, now, &rule)
                .next_steps
                .len(),
            1
        );
        activities.push(activity("1", "Tour", "2026-11-26T10:00:00-05:00", false));
        assert!(
            lead_work(&cases, &activities, 7, now, &rule)
                .next_steps
                .is_empty()
        );
        // An overdue open call is a step taken too (it shows as overdue instead).
        activities.pop();
        activities.push(activity(
            "1",
            "Call Out",
            "2026-11-20T12:00:00-05:00",
            false,
        ));
        assert!(
            lead_work(&cases, &activities, 7, now, &rule)
                .next_steps
                .is_empty()
        );
    }

    #[test]
    fn a_new_lead_leaves_the_list_with_its_first_contact() {
        let now = "2026-11-21T15:00:00Z".parse().unwrap();
        let cases = vec![case(
            "1",
            7,
            IndividualType::Prospect,
            "New",
            "2026-11-21T08:00:00-05:00",
        )];
        let rule = rule();
        let mut activities = vec![activity("1", "Web Form", "2026-11-21T08:00:00-05:00", true)];
        assert_eq!(
            lead_work(&cases, &activities, 7, now, &rule)
                .new_leads
                .len(),
            1
        );
        // The lead calling again is not our contact.
        activities.push(activity("1", "Call In", "2026-11-21T09:00:00-05:00", true));
        assert_eq!(
            lead_work(&cases, &activities, 7, now, &rule)
                .new_leads
                .len(),
            1
        );
        activities.push(activity(
            "1",
            "Email Out",
            "2026-11-21T09:30:00-05:00",
            true,
        ));
        let work = lead_work(&cases, &activities, 7, now, &rule);
        assert!(work.new_leads.is_empty());
        assert_eq!(numbers_and_colours(&work).1, vec![("1", Colour::Green)]);
    }

    #[test]
    fn the_lists_say_what_the_contact_guard_holds_on_each_channel() {
        use crate::contact::{Action, Scope, preference};
        // Monday 10 pm in Chicago: past every state's calling hours there; email is not held
        // by the clock.
        let now = "2026-11-24T04:00:00Z".parse().unwrap();
        let cases = vec![
            case(
                "1",
                7,
                IndividualType::Prospect,
                "New",
                "2026-11-23T09:00:00-06:00",
            ),
            case(
                "2",
                7,
                IndividualType::Prospect,
                "New",
                "2026-11-23T09:00:00-06:00",
            ),
        ];
        let mut opt_out = activity("2", "Email In", "2026-11-23T10:00:00-06:00", true);
        opt_out.activity_name =
            preference::description(Action::OptOut, Scope::Only(Channel::Email), "by phone");
        let activities = vec![
            activity("1", "Web Form", "2026-11-23T09:00:00-06:00", true),
            activity("2", "Web Form", "2026-11-23T09:00:00-06:00", true),
            opt_out,
        ];
        let work = lead_work(&cases, &activities, 7, now, &rule());
        // The opt-out is no contact: both are still new leads.
        assert_eq!(numbers_and_colours(&work).0, vec!["1", "2"]);
        let one = &work.new_leads[0];
        let call = crate::contact::lists::hold_on(&one.holds, Channel::Call).unwrap();
        // The next morning at 8, by the community's clock (the federal window: the list reads
        // no address).
        assert_eq!(
            call.next_allowed,
            Some("2026-11-24T14:00:00Z".parse().unwrap()),
            "{}",
            call.reason
        );
        assert!(crate::contact::lists::hold_on(&one.holds, Channel::Email).is_none());
        let two = &work.new_leads[1];
        let email = crate::contact::lists::hold_on(&two.holds, Channel::Email).unwrap();
        assert_eq!(email.next_allowed, None);
        assert!(
            email.reason.to_string().contains("stop emailing"),
            "{}",
            email.reason
        );

        // The team's list names the same hold, and the agent.
        let due = crate::outreach_due::due(&cases, &activities, now, &rule());
        assert_eq!(due.len(), 2);
        assert!(!due[0].allowed);
        assert_eq!(due[0].what, "first reply");
        assert_eq!(due[0].next_allowed, call.next_allowed);
        // At 11 am the next day the call is allowed.
        let later = "2026-11-24T17:00:00Z".parse().unwrap();
        let due = crate::outreach_due::due(&cases, &activities, later, &rule());
        assert!(due[0].allowed, "{}", due[0].reason);
    }

    #[test]
    fn an_opt_out_waiting_in_the_outbox_reads_as_the_family_s_word() {
        let body: NewActivity = serde_json::from_value(serde_json::json!({
            "activityTypeId": 1,
            "start": "2026-11-23T10:00:00-06:00",
            "individualId": 5,
            "caseNumber": "5",
            "description": "Contact preference: stop calling — how: by phone",
        }))
        .unwrap();
        let queued = queued_activity(&body, "Other", -1).unwrap();
        let words = crate::contact::preference::preferences(&[queued]);
        assert_eq!(words.len(), 1);
        assert_eq!(words[0].individual_id, 5);
    }
}
