//! `outreach due`: every contact the team's lists would have someone make at a moment (a new
//! lead's first call, a missed call to return, a follow-up plan's step), each with the contact
//! guard's answer, for a schedule or a compliance check. The same rules as My day's lists, over
//! every agent's leads.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};

use crate::api::model::{Activity, SearchCase};
use crate::contact::lists::{ChannelHold, hold_on};
use crate::contact_story::ContactRule;
use crate::next_step::{LeadWork, team_work};
use crate::outreach::Channel;

/// One contact due, as `outreach due` prints it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct DueContact {
    pub case_number: String,
    pub individual_id: i64,
    pub name: String,
    /// The agent the case is assigned to.
    pub assigned_user: String,
    /// "first reply", "missed call" or "plan step".
    pub what: &'static str,
    /// The plan, for a plan step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan: Option<String>,
    /// "call", "text", "email" or "letter".
    pub channel: &'static str,
    /// The day it is due (for a plan step, its business day; else the day it came in).
    pub due: NaiveDate,
    pub overdue: bool,
    pub allowed: bool,
    pub reason: String,
    pub next_allowed: Option<DateTime<Utc>>,
}

/// What is said of a contact nothing holds.
pub const ALLOWED: &str = "Allowed: nothing the family said or the law holds it.";

fn channel_word(channel: Channel) -> &'static str {
    match channel {
        Channel::Call => "call",
        Channel::Text => "text",
        Channel::Email => "email",
        Channel::Letter => "letter",
    }
}

fn answer(holds: &[ChannelHold], channel: Channel) -> (bool, String, Option<DateTime<Utc>>) {
    match hold_on(holds, channel) {
        None => (true, ALLOWED.to_owned(), None),
        Some(hold) => (false, hold.reason.to_string(), hold.next_allowed),
    }
}

/// Every contact due at `now` over `cases` (the portal's) and `activities` (everyone's), in
/// the lists' order: new leads oldest first, then missed calls, then plan steps.
pub fn due(
    cases: &[SearchCase],
    activities: &[Activity],
    now: DateTime<Utc>,
    rule: &ContactRule,
) -> Vec<DueContact> {
    rows_of(&team_work(cases, activities, now, rule), cases, now, rule)
}

/// The rows of the team's lists `work` (worked out a few hundred cases at a time, put together
/// and ordered: [`LeadWork::extend`], [`LeadWork::order`]), each case's agent read from
/// `cases`.
pub fn rows_of(
    work: &LeadWork,
    cases: &[SearchCase],
    now: DateTime<Utc>,
    rule: &ContactRule,
) -> Vec<DueContact> {
    let agents: HashMap<&str, &str> = cases
        .iter()
        .map(|c| {
            (
                c.primary.case_number.as_str(),
                c.primary.assigned_user.as_str(),
            )
        })
        .collect();
    let agent = |case: &str| agents.get(case).copied().unwrap_or("").to_owned();
    let day = |at: &crate::api::model::Timestamp| at.with_timezone(&rule.zone).date_naive();
    let today = now.with_timezone(&rule.zone).date_naive();
    // One row, with the guard's answer on its channel.
    let row = |case_number: &str,
               individual_id: i64,
               name: &str,
               what: &'static str,
               plan: Option<String>,
               channel: Channel,
               due: NaiveDate,
               overdue: bool,
               holds: &[ChannelHold]| {
        let (allowed, reason, next_allowed) = answer(holds, channel);
        DueContact {
            case_number: case_number.to_owned(),
            individual_id,
            name: name.to_owned(),
            assigned_user: agent(case_number),
            what,
            plan,
            channel: channel_word(channel),
            due,
            overdue,
            allowed,
            reason,
            next_allowed,
        }
    };
    let mut rows =
        Vec::with_capacity(work.new_leads.len() + work.missed_calls.len() + work.plan_steps.len());
    for lead in &work.new_leads {
        let day = day(&lead.inquired);
        rows.push(row(
            &lead.case_number,
            lead.individual_id,
            &lead.name,
            "first reply",
            None,
            Channel::Call,
            day,
            day < today,
            &lead.holds,
        ));
    }
    for call in &work.missed_calls {
        let day = day(&call.at);
        rows.push(row(
            &call.case_number,
            call.individual_id,
            &call.name,
            "missed call",
            None,
            Channel::Call,
            day,
            day < today,
            &call.holds,
        ));
    }
    for step in &work.plan_steps {
        rows.push(row(
            &step.case_number,
            step.individual_id,
            &step.name,
            "plan step",
            Some(step.plan.clone()),
            step.step.channel,
            step.day,
            step.overdue,
            &step.holds,
        ));
    }
    rows
}
