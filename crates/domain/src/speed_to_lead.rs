//! Speed to lead and follow-up discipline: which activities are the community reaching out, how
//! long a new lead has waited for that (in business hours), and the red/amber/green colour of an
//! active lead. The figures are worked out from what the service gives: the case's
//! `DateCreated`, and its activities' types, completion and due dates.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::api::model::{Activity, Timestamp};

/// Activity types that are the community reaching out to the lead: the first completed one is
/// the first contact. Inquiries (the lead reaching us), mass mailings and events are not.
pub const OUTBOUND_TYPES: [&str; 11] = [
    "Call Out",
    "Email Out",
    "Mail Out",
    "Tour",
    "Appointment",
    "Home Visit",
    "Meeting",
    "Assessment",
    "Outreach Appointment",
    "Outreach Call Out",
    "Respond to Referral",
];

/// Whether an activity of `kind` is the community reaching out.
pub fn is_outbound(kind: &str) -> bool {
    OUTBOUND_TYPES.contains(&kind)
}

/// When a completed activity happened: its own time (the due date the call or visit was logged
/// at), not when the record was marked done, which may be hours later at a desk.
pub fn happened_at(activity: &Activity) -> Timestamp {
    activity.due_date
}

/// The hours a community answers leads, in its own zone. Days run Monday (0) to Sunday (6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BusinessHours {
    /// Minutes after midnight the office opens.
    pub opens: u16,
    /// Minutes after midnight it closes (after `opens`; otherwise the day counts nothing).
    pub closes: u16,
    pub days: [bool; 7],
}

impl Default for BusinessHours {
    /// Monday to Saturday, 8 am to 6 pm: how most sales offices of the field are staffed.
    fn default() -> Self {
        BusinessHours {
            opens: 8 * 60,
            closes: 18 * 60,
            days: [true, true, true, true, true, true, false],
        }
    }
}

impl BusinessHours {
    /// The minutes the office is open on a day it opens (its business day, for waits in days).
    pub fn minutes_a_day(&self) -> i64 {
        (i64::from(self.closes.min(24 * 60)) - i64::from(self.opens)).max(0)
    }

    fn open_on(&self, day: NaiveDate) -> bool {
        self.days[day.weekday().num_days_from_monday() as usize]
    }

    /// Open minutes of `day` between `from` and `to` (local times of that day).
    fn open_within(&self, day: NaiveDate, from: NaiveDateTime, to: NaiveDateTime) -> i64 {
        if !self.open_on(day) {
            return 0;
        }
        let at = |minute: u16| {
            day.and_hms_opt(0, 0, 0).unwrap_or_default()
                + Duration::minutes(i64::from(minute.min(24 * 60)))
        };
        let start = from.max(at(self.opens));
        let end = to.min(at(self.closes));
        (end - start).num_minutes().max(0)
    }

    /// Open days among the `count` days from `first`: whole weeks by arithmetic, so a lead
    /// waiting for years costs no more than one waiting a day.
    fn open_days(&self, first: NaiveDate, count: i64) -> i64 {
        let per_week = self.days.iter().filter(|d| **d).count() as i64;
        let weeks = count / 7;
        let start = first.weekday().num_days_from_monday() as i64;
        let rest = (0..count % 7)
            .filter(|i| self.days[((start + i) % 7) as usize])
            .count() as i64;
        weeks * per_week + rest
    }

    /// Business minutes from `from` to `to`, counted in `zone`; none when `to` is not later.
    pub fn minutes_between(&self, from: DateTime<Utc>, to: DateTime<Utc>, zone: Tz) -> i64 {
        if to <= from {
            return 0;
        }
        let (from, to) = (
            from.with_timezone(&zone).naive_local(),
            to.with_timezone(&zone).naive_local(),
        );
        let (first, last) = (from.date(), to.date());
        if first == last {
            return self.open_within(first, from, to);
        }
        let end_of_first = first.and_hms_opt(23, 59, 59).unwrap_or(from) + Duration::seconds(1);
        let start_of_last = last.and_hms_opt(0, 0, 0).unwrap_or(to);
        let between = (last - first).num_days() - 1;
        let middle = match first.succ_opt() {
            Some(next) if between > 0 => self.open_days(next, between) * self.minutes_a_day(),
            _ => 0,
        };
        self.open_within(first, from, end_of_first)
            + middle
            + self.open_within(last, start_of_last, to)
    }
}

/// Written for a label: "Mon–Sat 8:00–18:00".
pub fn describe(hours: &BusinessHours) -> String {
    const NAMES: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    let days: Vec<&str> = NAMES
        .iter()
        .zip(hours.days)
        .filter(|(_, open)| *open)
        .map(|(name, _)| *name)
        .collect();
    let time = |m: u16| format!("{}:{:02}", m / 60, m % 60);
    format!(
        "{} {}–{}",
        days.join(" "),
        time(hours.opens),
        time(hours.closes)
    )
}

/// Red/amber/green of an active lead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// Worst first: the order lists are sorted in.
    Red,
    Amber,
    Green,
}

impl Colour {
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "Red",
            Colour::Amber => "Amber",
            Colour::Green => "Green",
        }
    }
}

/// When a lead with nothing booked turns amber and red (hours since the last touch).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ColourRule {
    pub amber_after_hours: u32,
    pub red_after_hours: u32,
}

impl Default for ColourRule {
    fn default() -> Self {
        ColourRule {
            amber_after_hours: 24,
            red_after_hours: 48,
        }
    }
}

/// What a case's activities say about it, gathered one activity at a time.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct LeadFacts {
    /// Something open (neither done, cancelled nor a no-show), overdue or ahead.
    pub open: bool,
    /// Something open due after now: a next step is booked.
    pub booked: bool,
    /// The first completed outbound contact.
    pub first_contact: Option<Timestamp>,
    /// The latest inquiry or completed contact up to now.
    pub last_touch: Option<Timestamp>,
    /// The latest lost-lead record (`lost_leads`).
    pub lost: Option<Timestamp>,
    /// The latest completed activity of the person reaching us (an inquiry, a call in).
    pub last_inbound: Option<Timestamp>,
}

impl LeadFacts {
    /// What one case's activities say, leaving out any a correction among them says was
    /// logged by mistake.
    pub fn of(activities: &[Activity], now: DateTime<Utc>) -> LeadFacts {
        let voided = crate::contact::plan_marker::voided(activities);
        let mut facts = LeadFacts::default();
        for a in activities.iter().filter(|a| !voided.contains(&a.id)) {
            facts.add(a, now);
        }
        facts
    }

    /// Takes one of the case's activities into account.
    pub fn add(&mut self, a: &Activity, now: DateTime<Utc>) {
        if !a.completed && !a.cancelled && !a.no_show {
            self.open = true;
            self.booked |= a.due_date.with_timezone(&Utc) > now;
            return;
        }
        if !a.completed {
            return;
        }
        let at = happened_at(a);
        if at.with_timezone(&Utc) > now {
            // Recorded ahead of today: not a touch yet.
            return;
        }
        if crate::lost_leads::LostLead::of(a).is_some() {
            self.lost = Some(self.lost.map_or(at, |t| t.max(at)));
            return;
        }
        if crate::contact::plan_marker::is_marker(a) {
            // A follow-up plan started or stopped: nobody was contacted.
            return;
        }
        if crate::lost_leads::is_inbound(a.activity_type.as_deref().unwrap_or_default()) {
            self.last_inbound = Some(self.last_inbound.map_or(at, |t| t.max(at)));
        }
        if is_outbound(a.activity_type.as_deref().unwrap_or_default()) {
            self.first_contact = Some(self.first_contact.map_or(at, |t| t.min(at)));
        }
        self.last_touch = Some(self.last_touch.map_or(at, |t| t.max(at)));
    }

    /// Closed as lost, and not back since.
    pub fn is_lost(&self) -> bool {
        crate::lost_leads::still_lost(self.lost, self.last_inbound)
    }

    /// The lead's colour: green while something is booked ahead; otherwise by the hours since
    /// the last touch (or since the case was created, when nothing was ever done).
    pub fn colour(&self, created: Timestamp, now: DateTime<Utc>, rule: &ColourRule) -> Colour {
        if self.booked {
            return Colour::Green;
        }
        let since = self.last_touch.unwrap_or(created).with_timezone(&Utc);
        let hours = (now - since).num_hours();
        if hours >= i64::from(rule.red_after_hours) {
            Colour::Red
        } else if hours >= i64::from(rule.amber_after_hours) {
            Colour::Amber
        } else {
            Colour::Green
        }
    }
}

/// How long a new lead may wait for a first contact, in business minutes, before it turns red;
/// it turns amber at half of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ResponseTarget {
    pub minutes: u32,
}

impl Default for ResponseTarget {
    fn default() -> Self {
        ResponseTarget { minutes: 60 }
    }
}

impl ResponseTarget {
    /// The colour of a lead that has waited `waited` business minutes.
    pub fn colour(&self, waited: i64) -> Colour {
        let target = i64::from(self.minutes.max(1));
        if waited >= target {
            Colour::Red
        } else if waited * 2 >= target {
            Colour::Amber
        } else {
            Colour::Green
        }
    }
}

/// The sales discipline's settings: the response target, the offices' hours (one for the
/// portal, others for communities where they differ) and the follow-up colours.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LeadRules {
    pub response: ResponseTarget,
    pub hours: BusinessHours,
    /// Communities (by id) whose office keeps other hours.
    pub community_hours: Vec<(i64, BusinessHours)>,
    pub colours: ColourRule,
    /// Sources paid for a move-in, and what they charge.
    pub paid_sources: Vec<crate::referral::PaidSource>,
    /// The calling hours and the states' table as a director set them (the contact guard).
    pub calling: crate::contact::rules::CallingRules,
}

impl Default for LeadRules {
    fn default() -> Self {
        LeadRules {
            response: ResponseTarget::default(),
            hours: BusinessHours::default(),
            community_hours: Vec::new(),
            colours: ColourRule::default(),
            // The field's usual paid channel: a placement agency, a month's rent a move-in.
            paid_sources: vec![crate::referral::PaidSource {
                name: "Placement agency".into(),
                fee: crate::referral::Fee::PercentOfFirstMonth(100),
            }],
            calling: Default::default(),
        }
    }
}

impl LeadRules {
    /// The hours of `community` (the portal's, unless it has its own).
    pub fn hours_of(&self, community: Option<i64>) -> &BusinessHours {
        community
            .and_then(|id| self.community_hours.iter().find(|(c, _)| *c == id))
            .map_or(&self.hours, |(_, h)| h)
    }

    /// Business minutes a lead inquiring at `inquired` at `community` has waited by `now`.
    pub fn waited(
        &self,
        inquired: Timestamp,
        community: Option<i64>,
        now: DateTime<Utc>,
        zone: Tz,
    ) -> i64 {
        self.hours_of(community)
            .minutes_between(inquired.with_timezone(&Utc), now, zone)
    }
}

/// "45 min", "3 h 10 min", "2 business days 4 h" of business time (a business day counted as 24 hours
/// would mislead, so days are the office's: `minutes_a_day`).
pub fn waited_text(minutes: i64, hours: &BusinessHours) -> String {
    let day = hours.minutes_a_day().max(1);
    if minutes < 60 {
        format!("{minutes} min")
    } else if minutes < day {
        match minutes % 60 {
            0 => format!("{} h", minutes / 60),
            m => format!("{} h {m} min", minutes / 60),
        }
    } else {
        let (days, rest) = (minutes / day, (minutes % day) / 60);
        let days = if days == 1 {
            "1 business day".to_owned()
        } else {
            format!("{days} business days")
        };
        match rest {
            0 => days,
            h => format!("{days} {h} h"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::America::New_York;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn activity(kind: &str, due: &str, completed: bool) -> Activity {
        let mut list: Vec<Activity> =
            serde_json::from_str(include_str!("../../../tests/fixtures/activities.json")).unwrap();
        let mut a = list.remove(0);
        a.activity_type = Some(kind.into());
        a.due_date = DateTime::parse_from_rfc3339(due).unwrap();
        a.date_completed = None;
        a.completed = completed;
        a.cancelled = false;
        a.no_show = false;
        a
    }

    #[test]
    fn business_minutes_count_only_open_hours_in_the_communitys_zone() {
        let hours = BusinessHours::default();
        // Tue Nov 24 2026, 9:00 to 9:45 New York time.
        let tue_9 = at("2026-11-24T09:00:00-05:00");
        assert_eq!(
            hours.minutes_between(tue_9, at("2026-11-24T09:45:00-05:00"), New_York),
            45
        );
        // An inquiry at 5:30 pm answered at 8:30 next morning waited one business hour.
        assert_eq!(
            hours.minutes_between(
                at("2026-11-24T17:30:00-05:00"),
                at("2026-11-25T08:30:00-05:00"),
                New_York
            ),
            60
        );
        // Saturday 5 pm to Monday 9 am: an hour on Saturday, none on Sunday, one on Monday.
        assert_eq!(
            hours.minutes_between(
                at("2026-11-28T17:00:00-05:00"),
                at("2026-11-30T09:00:00-05:00"),
                New_York
            ),
            120
        );
        // Overnight in UTC is still the afternoon in New York.
        assert_eq!(
            hours.minutes_between(
                at("2026-11-24T20:00:00Z"),
                at("2026-11-24T22:00:00Z"),
                New_York
            ),
            120
        );
        // Whole weeks by arithmetic: 4 weeks from a Monday 8 am are 24 open days of 10 hours.
        assert_eq!(
            hours.minutes_between(
                at("2026-11-23T08:00:00-05:00"),
                at("2026-12-21T08:00:00-05:00"),
                New_York
            ),
            24 * 600
        );
        assert_eq!(hours.minutes_between(tue_9, tue_9, New_York), 0);
        assert_eq!(
            hours.minutes_between(tue_9, at("2026-11-24T08:00:00-05:00"), New_York),
            0,
            "backwards counts nothing"
        );
        // Centuries apart: no overflow, and not a loop over every day.
        let far = hours.minutes_between(
            at("1900-01-01T00:00:00Z"),
            at("2200-01-01T00:00:00Z"),
            New_York,
        );
        assert!(far > 0 && far < 300 * 366 * 24 * 60);
    }

    #[test]
    fn a_closed_or_inverted_office_counts_nothing() {
        let shut = BusinessHours {
            days: [false; 7],
            ..BusinessHours::default()
        };
        let inverted = BusinessHours {
            opens: 18 * 60,
            closes: 8 * 60,
            ..BusinessHours::default()
        };
        let (a, b) = (at("2026-11-20T00:00:00Z"), at("2026-11-30T00:00:00Z"));
        assert_eq!(shut.minutes_between(a, b, New_York), 0);
        assert_eq!(inverted.minutes_between(a, b, New_York), 0);
        assert_eq!(
            describe(&BusinessHours::default()),
            "Mon Tue Wed Thu Fri Sat 8:00–18:00"
        );
    }

    #[test]
    fn a_community_with_its_own_hours_counts_by_them() {
        let sundays = BusinessHours {
            days: [false, false, false, false, false, false, true],
            ..BusinessHours::default()
        };
        let rules = LeadRules {
            community_hours: vec![(5, sundays)],
            ..LeadRules::default()
        };
        // Sunday Nov 29, 9 am to 10 am.
        let inquired = DateTime::parse_from_rfc3339("2026-11-29T09:00:00-05:00").unwrap();
        let now = at("2026-11-29T10:00:00-05:00");
        assert_eq!(rules.waited(inquired, Some(5), now, New_York), 60);
        assert_eq!(rules.waited(inquired, Some(6), now, New_York), 0);
        assert_eq!(rules.waited(inquired, None, now, New_York), 0);
    }

    #[test]
    fn the_response_clock_turns_amber_at_half_the_target_and_red_at_it() {
        let target = ResponseTarget::default();
        assert_eq!(target.colour(0), Colour::Green);
        assert_eq!(target.colour(29), Colour::Green);
        assert_eq!(target.colour(30), Colour::Amber);
        assert_eq!(target.colour(60), Colour::Red);
        let hours = BusinessHours::default();
        assert_eq!(waited_text(45, &hours), "45 min");
        assert_eq!(waited_text(190, &hours), "3 h 10 min");
        assert_eq!(waited_text(600 * 2 + 240, &hours), "2 business days 4 h");
        assert_eq!(waited_text(600, &hours), "1 business day");
    }

    fn colour_of(activities: &[Activity], created: &str, now: &str) -> Colour {
        let now = at(now);
        let mut facts = LeadFacts::default();
        for a in activities {
            facts.add(a, now);
        }
        facts.colour(
            DateTime::parse_from_rfc3339(created).unwrap(),
            now,
            &ColourRule::default(),
        )
    }

    #[test]
    fn a_lead_is_green_while_something_is_booked_and_ages_to_amber_and_red_otherwise() {
        let created = "2026-11-01T09:00:00-05:00";
        let now = "2026-11-24T12:00:00-05:00";
        // A tour booked ahead: green, however long ago the last call was.
        let booked = [
            activity("Call Out", "2026-11-02T10:00:00-05:00", true),
            activity("Tour", "2026-11-27T10:00:00-05:00", false),
        ];
        assert_eq!(colour_of(&booked, created, now), Colour::Green);
        // Overdue is not booked: by the last touch (Nov 22 noon: 48 h ago, red).
        let overdue = [
            activity("Call Out", "2026-11-22T12:00:00-05:00", true),
            activity("Call Out", "2026-11-23T10:00:00-05:00", false),
        ];
        assert_eq!(colour_of(&overdue, created, now), Colour::Red);
        // A cancelled tour ahead books nothing; a call 30 hours ago makes it amber.
        let mut cancelled = activity("Tour", "2026-11-28T10:00:00-05:00", false);
        cancelled.cancelled = true;
        let amber = [
            cancelled,
            activity("Call Out", "2026-11-23T06:00:00-05:00", true),
        ];
        assert_eq!(colour_of(&amber, created, now), Colour::Amber);
        // A completed item dated ahead is not a touch yet; nothing else: since creation, red.
        let ahead = [activity("Call Out", "2026-11-30T10:00:00-05:00", true)];
        assert_eq!(colour_of(&ahead, created, now), Colour::Red);
        // An inquiry this morning is a touch: green.
        let fresh = [activity("Web Form", "2026-11-24T08:00:00-05:00", true)];
        assert_eq!(colour_of(&fresh, created, now), Colour::Green);
        // Activities at several communities count alike.
        let mut elsewhere = activity("Tour", "2026-11-26T10:00:00-05:00", false);
        elsewhere.community.id += 1;
        assert_eq!(colour_of(&[elsewhere], created, now), Colour::Green);
    }

    #[test]
    fn the_first_contact_is_the_earliest_completed_outbound_one() {
        let now = at("2026-11-24T12:00:00-05:00");
        let mut facts = LeadFacts::default();
        let mut late = activity("Email Out", "2026-11-20T09:00:00-05:00", true);
        late.date_completed =
            Some(DateTime::parse_from_rfc3339("2026-11-20T15:00:00-05:00").unwrap());
        for a in [
            activity("Web Form", "2026-11-19T09:00:00-05:00", true),
            activity("Call In", "2026-11-19T10:00:00-05:00", true),
            activity("Mass Email", "2026-11-19T11:00:00-05:00", true),
            activity("Call Out", "2026-11-21T09:00:00-05:00", true),
            late,
            activity("Tour", "2026-11-18T09:00:00-05:00", false),
        ] {
            facts.add(&a, now);
        }
        assert_eq!(
            facts.first_contact,
            Some(DateTime::parse_from_rfc3339("2026-11-20T09:00:00-05:00").unwrap()),
            "the email's own time, not when it was marked done"
        );
        assert!(
            facts.open && !facts.booked,
            "an overdue tour is open, not booked"
        );
    }
}
