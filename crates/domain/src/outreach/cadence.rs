//! Follow-up plans (cadences): named steps ("call now, email the same day, call again in a
//! day…") started on a case in one action. The service can neither change nor delete an
//! activity, so a plan's steps are never created ahead: the start and the stop are each one
//! completed activity on the case ("Follow-up plan started: New lead"), which every desk reads;
//! each step's day is worked out from the start on the community's business days, and a step
//! is done by the contact the agent logs (Email Out, Call Out, Mail Out on or after its day).
//! Once the family answers (an Email In, Call In, tour or move-in after the start), the steps
//! left are skipped. See docs/decisions.md, "Follow-up plans: started and stopped by an
//! activity, steps never created ahead".

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use chrono_tz::Tz;

use super::{Channel, Purpose};
use crate::api::model::Activity;
use crate::speed_to_lead::BusinessHours;

use crate::contact::plan_marker::{STARTED, STOPPED};
pub use crate::contact::plan_marker::{is_marker, marker};

#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PlanStep {
    /// Business days after the start (0: the day it starts).
    pub after_days: u32,
    pub channel: Channel,
    pub purpose: Purpose,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub name: &'static str,
    pub steps: Vec<PlanStep>,
}

fn step(after_days: u32, channel: Channel, purpose: Purpose) -> PlanStep {
    PlanStep {
        after_days,
        channel,
        purpose,
    }
}

/// The standard plans' names, as their start and stop markers record them (every desk reads
/// them back; the window translates them).
pub const NEW_LEAD: &str = "New lead";
pub const AFTER_A_TOUR: &str = "After a tour";
pub const GONE_QUIET: &str = "Gone quiet";

/// The plans every desk knows (the same on each, so a colleague's plan reads the same).
pub fn standard_plans() -> Vec<Plan> {
    use Channel::*;
    use Purpose::*;
    vec![
        Plan {
            name: NEW_LEAD,
            steps: vec![
                step(0, Call, FirstReply),
                step(0, Email, FirstReply),
                step(1, Call, NoAnswer),
                step(3, Email, NoAnswer),
                step(7, Call, NoAnswer),
            ],
        },
        Plan {
            name: AFTER_A_TOUR,
            steps: vec![
                step(0, Email, AfterTour),
                step(2, Call, AfterTour),
                step(5, Email, AfterTour),
            ],
        },
        Plan {
            name: GONE_QUIET,
            steps: vec![
                step(0, Email, NoAnswer),
                step(3, Call, NoAnswer),
                step(10, Letter, NoAnswer),
            ],
        },
    ]
}

/// The plan running on a case: the last one started and not stopped since, with its start.
pub fn running(activities: &[Activity]) -> Option<(String, DateTime<Utc>)> {
    let mut marks: Vec<(DateTime<Utc>, bool, &str)> = activities
        .iter()
        .filter(|a| !a.cancelled)
        .filter_map(|a| {
            let name = a.activity_name.trim();
            let at = a.due_date.with_timezone(&Utc);
            if let Some(plan) = name.strip_prefix(STARTED) {
                Some((at, true, plan))
            } else {
                name.strip_prefix(STOPPED).map(|plan| (at, false, plan))
            }
        })
        .collect();
    marks.sort_by_key(|(at, start, _)| (*at, !*start));
    let (at, start, plan) = marks.last()?;
    start.then(|| (plan.to_string(), *at))
}

/// The `n`th business day from `start` (itself when open; else the next open day).
pub fn business_day(start: NaiveDate, n: u32, hours: &BusinessHours) -> NaiveDate {
    let open = |d: NaiveDate| hours.days[d.weekday().num_days_from_monday() as usize];
    if !hours.days.iter().any(|d| *d) {
        return start + Duration::days(i64::from(n));
    }
    let mut day = start;
    while !open(day) {
        day += Duration::days(1);
    }
    for _ in 0..n {
        day += Duration::days(1);
        while !open(day) {
            day += Duration::days(1);
        }
    }
    day
}

#[derive(Debug, Clone, PartialEq)]
pub enum StepState {
    /// Logged: the activity that did it, when.
    Done(DateTime<Utc>),
    /// The family answered first: what they did, when.
    Skipped(String, DateTime<Utc>),
    /// Its day is today.
    Due,
    /// Its day has passed and nothing was logged.
    Overdue,
    Coming,
}

#[derive(Debug, Clone, PartialEq)]
pub struct StepDue {
    pub step: PlanStep,
    pub day: NaiveDate,
    pub state: StepState,
}

/// A step of a running plan whose day has come, for My day.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PlanStepDue {
    pub case_number: String,
    pub individual_id: i64,
    pub name: String,
    pub community_id: Option<i64>,
    pub plan: String,
    pub step: PlanStep,
    pub day: NaiveDate,
    pub overdue: bool,
    /// What holds the step's channel now (the contact guard): the step moves to the moment
    /// named, and is not offered before.
    #[serde(default)]
    pub holds: Vec<crate::contact::lists::ChannelHold>,
}

/// The plan known by `name` (the standard plans, the same on every desk).
pub fn plan_named(name: &str) -> Option<Plan> {
    standard_plans().into_iter().find(|p| p.name == name)
}

/// The next step due today or overdue of each plan running on `cases`, from their activities
/// (all of each case's, in any order). A plan this desk does not know is left out.
pub fn steps_due(
    cases: &[&crate::api::model::SearchCase],
    activities: &[Activity],
    hours_of: impl Fn(Option<i64>) -> BusinessHours,
    zone: Tz,
    now: DateTime<Utc>,
) -> Vec<PlanStepDue> {
    use std::collections::HashMap;
    let mut with_plan: HashMap<&str, Vec<&Activity>> = HashMap::new();
    for a in activities {
        if a.activity_name.starts_with(STARTED) {
            with_plan.entry(a.case_number.as_str()).or_default();
        }
    }
    if with_plan.is_empty() {
        return Vec::new();
    }
    for a in activities {
        if let Some(list) = with_plan.get_mut(a.case_number.as_str()) {
            list.push(a);
        }
    }
    let mut due = Vec::new();
    for case in cases {
        let p = &case.primary;
        let Some(list) = with_plan.get(p.case_number.as_str()) else {
            continue;
        };
        let owned: Vec<Activity> = list.iter().map(|a| (*a).clone()).collect();
        let Some((name, started)) = running(&owned) else {
            continue;
        };
        let Some(plan) = plan_named(&name) else {
            continue;
        };
        let community_id = p.communities.first().map(|c| c.id);
        let hours = hours_of(community_id);
        // The next step only: the one to do now (the rest follow once it is logged).
        let next = steps(&plan, started, &owned, &hours, zone, now)
            .into_iter()
            .find(|s| matches!(s.state, StepState::Due | StepState::Overdue));
        if let Some(s) = next {
            let overdue = s.state == StepState::Overdue;
            due.push(PlanStepDue {
                case_number: p.case_number.clone(),
                individual_id: p.individual_id,
                name: p.individual_name.clone(),
                community_id,
                plan: name.clone(),
                step: s.step,
                day: s.day,
                overdue,
                holds: Vec::new(),
            });
        }
    }
    due
}

/// What shows the family answered.
fn is_answer(activity: &Activity) -> bool {
    let kind = activity
        .activity_type
        .as_deref()
        .unwrap_or("")
        .to_lowercase();
    [
        "email in", "call in", "tour", "move in", "move-in", "walk-in",
    ]
    .iter()
    .any(|k| kind == *k)
        && !activity.cancelled
}

fn logged_type(channel: Channel) -> &'static str {
    match channel {
        Channel::Email | Channel::Text => "email out",
        Channel::Call => "call out",
        Channel::Letter => "mail out",
    }
}

/// Each step of `plan` started at `started`: its day and whether it is done, skipped, due,
/// overdue or coming.
pub fn steps(
    plan: &Plan,
    started: DateTime<Utc>,
    activities: &[Activity],
    hours: &BusinessHours,
    zone: Tz,
    now: DateTime<Utc>,
) -> Vec<StepDue> {
    let start_day = started.with_timezone(&zone).date_naive();
    let today = now.with_timezone(&zone).date_naive();
    let mut since: Vec<&Activity> = activities
        .iter()
        .filter(|a| a.due_date.with_timezone(&Utc) >= started && !a.cancelled)
        .collect();
    since.sort_by_key(|a| (a.due_date, a.id));
    let answer = since
        .iter()
        .find(|a| is_answer(a) && (a.completed || a.due_date.with_timezone(&Utc) <= now))
        .map(|a| {
            (
                a.activity_type.clone().unwrap_or_default(),
                a.due_date.with_timezone(&Utc),
            )
        });
    let mut used = vec![false; since.len()];
    plan.steps
        .iter()
        .map(|s| {
            let day = business_day(start_day, s.after_days, hours);
            let kind = logged_type(s.channel);
            let done = since.iter().enumerate().find(|(i, a)| {
                !used[*i]
                    && a.completed
                    && a.activity_type.as_deref().unwrap_or("").to_lowercase() == kind
                    && !a.activity_name.starts_with(STARTED)
            });
            let state = if let Some((i, a)) = done {
                used[i] = true;
                StepState::Done(a.due_date.with_timezone(&Utc))
            } else if let Some((what, at)) = &answer {
                StepState::Skipped(what.clone(), *at)
            } else if day < today {
                StepState::Overdue
            } else if day == today {
                StepState::Due
            } else {
                StepState::Coming
            };
            StepDue {
                step: *s,
                day,
                state,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn activity(id: i64, kind: &str, name: &str, at: &str, completed: bool) -> Activity {
        let path = format!(
            "{}/../../tests/fixtures/activities.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let list: Vec<Activity> =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let mut a = list[0].clone();
        a.id = id;
        a.activity_type = Some(kind.into());
        a.activity_name = name.into();
        a.due_date = chrono::DateTime::parse_from_rfc3339(at).unwrap();
        a.due_date_end = a.due_date;
        a.completed = completed;
        a.cancelled = false;
        a
    }

    fn utc(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    #[test]
    fn business_days_skip_the_days_the_office_is_closed() {
        let hours = BusinessHours::default(); // Monday to Saturday
        let friday = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        assert_eq!(business_day(friday, 0, &hours), friday);
        assert_eq!(
            business_day(friday, 1, &hours).day(),
            28,
            "Saturday is open"
        );
        assert_eq!(business_day(friday, 2, &hours).day(), 30, "Sunday is not");
        let sunday = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        assert_eq!(business_day(sunday, 0, &hours).day(), 30);
    }

    #[test]
    fn starting_a_plan_is_no_contact_with_the_family() {
        let now = utc("2026-11-27T15:00:00Z");
        let mut facts = crate::speed_to_lead::LeadFacts::default();
        facts.add(
            &activity(
                1,
                "Update",
                &marker("New lead", true),
                "2026-11-27T14:00:00Z",
                true,
            ),
            now,
        );
        assert_eq!(facts.last_touch, None, "the start is not a touch");
        facts.add(
            &activity(
                2,
                "Call Out",
                "Call (First reply): Reached",
                "2026-11-27T14:30:00Z",
                true,
            ),
            now,
        );
        assert!(facts.last_touch.is_some(), "the call is");
    }

    #[test]
    fn the_running_plan_is_the_last_started_and_not_stopped() {
        let started = activity(
            1,
            "Update",
            &marker("New lead", true),
            "2026-11-20T09:00:00-05:00",
            true,
        );
        let stopped = activity(
            2,
            "Update",
            &marker("New lead", false),
            "2026-11-21T09:00:00-05:00",
            true,
        );
        let again = activity(
            3,
            "Update",
            &marker("Gone quiet", true),
            "2026-11-24T09:00:00-05:00",
            true,
        );
        assert_eq!(
            running(std::slice::from_ref(&started))
                .map(|r| r.0)
                .as_deref(),
            Some("New lead")
        );
        assert_eq!(running(&[started.clone(), stopped.clone()]), None);
        assert_eq!(
            running(&[again, stopped, started]).map(|r| r.0).as_deref(),
            Some("Gone quiet")
        );
    }

    #[test]
    fn steps_fall_on_business_days_are_done_by_logged_contacts_and_skipped_once_the_family_answers()
    {
        let plan = &standard_plans()[0]; // call, email, call +1, email +3, call +7
        let zone = chrono_tz::America::New_York;
        let started = utc("2026-11-27T14:00:00Z"); // Friday 9 am
        let hours = BusinessHours::default();
        let call = activity(
            10,
            "Call Out",
            "Call (First reply): Voicemail",
            "2026-11-27T14:05:00Z",
            true,
        );
        let on_monday = utc("2026-11-30T15:00:00Z");
        let states = steps(
            plan,
            started,
            std::slice::from_ref(&call),
            &hours,
            zone,
            on_monday,
        );
        let days: Vec<u32> = states.iter().map(|s| s.day.day()).collect();
        assert_eq!(
            days,
            vec![27, 27, 28, 1, 5],
            "Sunday skipped: Dec 1 and Dec 5"
        );
        assert!(matches!(states[0].state, StepState::Done(_)));
        assert_eq!(
            states[1].state,
            StepState::Overdue,
            "the email was not sent"
        );
        assert_eq!(states[2].state, StepState::Overdue);
        assert_eq!(states[3].state, StepState::Coming);
        // The daughter emails back on Saturday: what is left is skipped.
        let answer = activity(
            11,
            "Email In",
            "Re: thank you",
            "2026-11-28T16:00:00Z",
            true,
        );
        let states = steps(plan, started, &[call, answer], &hours, zone, on_monday);
        assert!(matches!(states[0].state, StepState::Done(_)));
        for s in &states[1..] {
            assert!(
                matches!(&s.state, StepState::Skipped(what, _) if what == "Email In"),
                "{s:?}"
            );
        }
    }
}
