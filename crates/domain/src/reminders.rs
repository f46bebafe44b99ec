//! Reminders for the signed-in user's own items: a set number of minutes before a tour or an
//! appointment starts, and when an item turns overdue. Each is sent once (the app keeps a log,
//! so also once across restarts); none during quiet hours.

use std::collections::HashSet;

use chrono::{DateTime, Duration, NaiveTime, Utc};

use super::calendar::{ItemState, overdue_from, state, zone_of};
use super::follow_up::FollowUps;
use crate::api::model::Activity;

/// Activity types that have a start worth a reminder before it.
pub const TIMED_TYPES: [&str; 4] = ["Tour", "Appointment", "Home Visit", "Outreach Appointment"];

/// How long after turning overdue an item still gets its reminder: items overdue for longer
/// (found on start-up after a weekend) are listed in "My day", not announced one by one.
pub const OVERDUE_GRACE_MINUTES: i64 = 60;

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct ReminderSettings {
    pub enabled: bool,
    pub minutes_before: u32,
    /// No reminder from `quiet_from` to `quiet_until` (local time; may span midnight).
    pub quiet_from: Option<NaiveTime>,
    pub quiet_until: Option<NaiveTime>,
}

impl Default for ReminderSettings {
    fn default() -> Self {
        ReminderSettings {
            enabled: true,
            minutes_before: 15,
            quiet_from: None,
            quiet_until: None,
        }
    }
}

impl ReminderSettings {
    pub fn is_quiet(&self, local: NaiveTime) -> bool {
        match (self.quiet_from, self.quiet_until) {
            (Some(from), Some(until)) if from <= until => local >= from && local < until,
            (Some(from), Some(until)) => local >= from || local < until,
            _ => false,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ReminderKind {
    /// Before a tour or appointment starts.
    Starting,
    /// The item has just turned overdue.
    Overdue,
    /// A new lead of the user's arrived (kept by the lead's individual id, not an activity's).
    NewLead,
}

impl ReminderKind {
    pub fn code(self) -> &'static str {
        match self {
            ReminderKind::Starting => "starting",
            ReminderKind::Overdue => "overdue",
            ReminderKind::NewLead => "new-lead",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        match code {
            "starting" => Some(ReminderKind::Starting),
            "overdue" => Some(ReminderKind::Overdue),
            "new-lead" => Some(ReminderKind::NewLead),
            _ => None,
        }
    }
}

/// What was already sent: (activity id, kind).
pub type Sent = HashSet<(i64, ReminderKind)>;

#[derive(Debug, Clone, PartialEq)]
pub struct Reminder {
    pub activity_id: i64,
    pub kind: ReminderKind,
    pub case_number: String,
    pub individual_id: i64,
    pub name: String,
    /// "Tour with Margaret Ellison at 2:30 pm" / "Call Out for Ada Ellison is overdue" (the
    /// domain's English; the window says `said` in its language).
    pub text: String,
    /// What the reminder says, in parts, for a window to put in its words.
    pub said: Said,
    /// When it fell due.
    pub at: DateTime<Utc>,
}

/// What a reminder says, in parts: the activity's type (as the service names it), its time
/// (in the activity's own zone), the lead's community, the business time waited.
#[derive(Debug, Clone, PartialEq)]
pub enum Said {
    Starting {
        what: String,
        time: NaiveTime,
    },
    Overdue {
        what: String,
    },
    NewLead {
        community: String,
    },
    Waiting {
        community: String,
        minutes: i64,
        hours: crate::speed_to_lead::BusinessHours,
    },
}

/// What "Reminders (N)" counts: the bell's items (`listed`, the new leads waiting and the
/// reminders sent) that arrived since the bell was last opened (`arrived`). A lead reached, or
/// an item no longer listed, is no longer counted.
pub fn unseen_count<'a>(
    listed: impl IntoIterator<Item = &'a Reminder>,
    arrived: &std::collections::HashSet<(i64, ReminderKind)>,
) -> usize {
    let mut counted = std::collections::HashSet::new();
    listed
        .into_iter()
        .map(|r| (r.activity_id, r.kind))
        .filter(|key| arrived.contains(key) && counted.insert(*key))
        .count()
}

/// The reminders due at `now` for `me` (the assigned name of the signed-in user) that have not
/// been sent, unless it is quiet in `zone` (the user's).
pub fn due(
    activities: &[Activity],
    me: &str,
    followed: &FollowUps,
    sent: &Sent,
    settings: &ReminderSettings,
    now: DateTime<Utc>,
    zone: chrono_tz::Tz,
) -> Vec<Reminder> {
    if !settings.enabled || settings.is_quiet(now.with_timezone(&zone).time()) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for a in activities {
        if a.assigned_name != me || followed.contains_key(&a.id) {
            continue;
        }
        let zone = zone_of(a);
        let s = state(a, now, zone);
        let start = a.due_date.with_timezone(&Utc);
        let kind = a.activity_type.as_deref().unwrap_or(&a.activity_name);
        let lead = Duration::minutes(i64::from(settings.minutes_before));
        if s == ItemState::Open
            && !a.all_day
            && TIMED_TYPES.contains(&kind)
            && !sent.contains(&(a.id, ReminderKind::Starting))
            && start
                .checked_sub_signed(lead)
                .is_some_and(|from| now >= from)
            && now < start
        {
            out.push(Reminder {
                activity_id: a.id,
                kind: ReminderKind::Starting,
                case_number: a.case_number.clone(),
                individual_id: a.individual_id,
                name: a.individual_full_name.clone(),
                text: format!(
                    "{kind} with {} at {}",
                    a.individual_full_name,
                    a.due_date.format(super::format::TIME)
                ),
                said: Said::Starting {
                    what: kind.to_owned(),
                    time: a.due_date.time(),
                },
                at: start,
            });
        }
        if s == ItemState::Overdue
            && !sent.contains(&(a.id, ReminderKind::Overdue))
            && let Some(from) = overdue_from(a, zone)
            && now - from < Duration::minutes(OVERDUE_GRACE_MINUTES)
        {
            out.push(Reminder {
                activity_id: a.id,
                kind: ReminderKind::Overdue,
                case_number: a.case_number.clone(),
                individual_id: a.individual_id,
                name: a.individual_full_name.clone(),
                text: format!("{kind} for {} is overdue", a.individual_full_name),
                said: Said::Overdue {
                    what: kind.to_owned(),
                },
                at: from,
            });
        }
    }
    out.sort_by_key(|r| r.at);
    out
}

/// How long after its inquiry a new lead is still announced (older ones were seen in My day).
pub const NEW_LEAD_NOTICE_HOURS: i64 = 24;

/// A notice for each of the user's new leads that arrived in the last day and was not announced
/// yet, unless reminders are off or it is quiet in `zone`.
pub fn new_leads(
    leads: &[crate::next_step::NewLead],
    sent: &Sent,
    settings: &ReminderSettings,
    now: DateTime<Utc>,
    zone: chrono_tz::Tz,
) -> Vec<Reminder> {
    if !settings.enabled || settings.is_quiet(now.with_timezone(&zone).time()) {
        return Vec::new();
    }
    let since = now - Duration::hours(NEW_LEAD_NOTICE_HOURS);
    leads
        .iter()
        .filter(|l| {
            let at = l.inquired.with_timezone(&Utc);
            at >= since && at <= now && !sent.contains(&(l.individual_id, ReminderKind::NewLead))
        })
        .map(|l| Reminder {
            activity_id: l.individual_id,
            kind: ReminderKind::NewLead,
            case_number: l.case_number.clone(),
            individual_id: l.individual_id,
            name: l.name.clone(),
            text: if l.community.is_empty() {
                format!("New lead: {}", l.name)
            } else {
                format!("New lead: {} at {}", l.name, l.community)
            },
            said: Said::NewLead {
                community: l.community.clone(),
            },
            at: l.inquired.with_timezone(&Utc),
        })
        .collect()
}

/// The bell's new leads: every lead of the user still waiting for a first contact (My day's
/// New leads, whatever their age, and none once reached), the longest wait first, each with
/// its wait in business time (the story of contact: `contact_story`).
pub fn waiting_leads(
    leads: &[crate::next_step::NewLead],
    now: DateTime<Utc>,
    rule: &crate::contact_story::ContactRule,
) -> Vec<Reminder> {
    let mut waiting: Vec<(i64, Reminder)> = leads
        .iter()
        .map(|l| {
            let waited = rule
                .rules
                .waited(l.inquired, l.community_id, now, rule.zone);
            let hours = rule.rules.hours_of(l.community_id);
            let wait = crate::speed_to_lead::waited_text(waited, hours);
            let text = if l.community.is_empty() {
                format!("New lead: {} · {wait} waiting", l.name)
            } else {
                format!("New lead: {} at {} · {wait} waiting", l.name, l.community)
            };
            let reminder = Reminder {
                activity_id: l.individual_id,
                kind: ReminderKind::NewLead,
                case_number: l.case_number.clone(),
                individual_id: l.individual_id,
                name: l.name.clone(),
                text,
                said: Said::Waiting {
                    community: l.community.clone(),
                    minutes: waited,
                    hours: *hours,
                },
                at: l.inquired.with_timezone(&Utc),
            };
            (waited, reminder)
        })
        .collect();
    waiting.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.at.cmp(&b.1.at)));
    waiting.into_iter().map(|(_, r)| r).collect()
}

/// When the next reminder could fall due after `now` (to wake the app then), within a day.
pub fn next_check(
    activities: &[Activity],
    me: &str,
    settings: &ReminderSettings,
    now: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    let lead = Duration::minutes(i64::from(settings.minutes_before));
    let horizon = now + Duration::days(1);
    activities
        .iter()
        .filter(|a| a.assigned_name == me)
        .flat_map(|a| {
            let start = a.due_date.with_timezone(&Utc);
            [start.checked_sub_signed(lead), overdue_from(a, zone_of(a))]
        })
        .flatten()
        .filter(|t| *t > now && *t < horizon)
        .min()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bells_count_is_what_it_lists_that_arrived_since_it_was_opened() {
        let item = |id: i64, kind: ReminderKind| Reminder {
            activity_id: id,
            kind,
            case_number: id.to_string(),
            individual_id: id,
            name: format!("Person {id}"),
            text: String::new(),
            said: Said::NewLead {
                community: String::new(),
            },
            at: Utc::now(),
        };
        let listed = [
            item(1, ReminderKind::NewLead),
            item(2, ReminderKind::Overdue),
            item(3, ReminderKind::Starting),
        ];
        let arrived: std::collections::HashSet<_> = [
            (1, ReminderKind::NewLead),
            (2, ReminderKind::Overdue),
            // A lead reached since: no longer listed, no longer counted.
            (9, ReminderKind::NewLead),
            // The same id of another kind is another item.
            (3, ReminderKind::Overdue),
        ]
        .into();
        assert_eq!(unseen_count(&listed, &arrived), 2);
        assert_eq!(unseen_count(&listed, &Default::default()), 0);
        // Listed twice (a lead in both lists) counts once.
        let twice = [
            item(1, ReminderKind::NewLead),
            item(1, ReminderKind::NewLead),
        ];
        assert_eq!(unseen_count(&twice, &arrived), 1);
    }

    fn activity(id: i64, kind: &str, due: &str, who: &str) -> Activity {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/activities.json"
        ))
        .unwrap();
        let mut list: Vec<Activity> = serde_json::from_str(&text).unwrap();
        let mut a = list.remove(0);
        a.id = id;
        a.activity_type = Some(kind.into());
        a.due_date = chrono::DateTime::parse_from_rfc3339(due).unwrap();
        a.due_date_end = a.due_date + Duration::hours(1);
        a.all_day = false;
        a.completed = false;
        a.cancelled = false;
        a.no_show = false;
        a.assigned_name = who.into();
        a
    }

    fn utc(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    const EASTERN: chrono_tz::Tz = chrono_tz::Tz::America__New_York;

    #[test]
    fn a_tour_is_announced_once_at_its_lead_time_and_not_in_quiet_hours() {
        let list = vec![
            activity(1, "Tour", "2026-11-21T14:30:00-05:00", "Dana"),
            activity(2, "Tour", "2026-11-21T14:30:00-05:00", "Marcus"),
            activity(3, "Call Out", "2026-11-21T14:30:00-05:00", "Dana"),
        ];
        let settings = ReminderSettings::default();
        let none = FollowUps::new();
        let mut sent = Sent::new();
        // 14:10 Eastern: too early for a 15-minute lead.
        assert!(
            due(
                &list,
                "Dana",
                &none,
                &sent,
                &settings,
                utc("2026-11-21T19:10:00Z"),
                EASTERN
            )
            .is_empty()
        );
        let at = utc("2026-11-21T19:16:00Z");
        let got = due(&list, "Dana", &none, &sent, &settings, at, EASTERN);
        assert_eq!(
            got.len(),
            1,
            "only her tour; a call has no lead reminder: {got:?}"
        );
        assert_eq!(got[0].kind, ReminderKind::Starting);
        assert!(got[0].text.starts_with("Tour with"), "{}", got[0].text);
        sent.insert((1, ReminderKind::Starting));
        assert!(
            due(&list, "Dana", &none, &sent, &settings, at, EASTERN).is_empty(),
            "once"
        );
        // 14:31: the call turned overdue a minute ago; the tour too, each once.
        let later = utc("2026-11-21T19:31:00Z");
        let got = due(&list, "Dana", &none, &sent, &settings, later, EASTERN);
        let kinds: Vec<(i64, ReminderKind)> = got.iter().map(|r| (r.activity_id, r.kind)).collect();
        assert_eq!(
            kinds,
            vec![(1, ReminderKind::Overdue), (3, ReminderKind::Overdue)]
        );
        // Long overdue on start-up: listed in My day, not announced.
        assert!(
            due(
                &list,
                "Dana",
                &none,
                &Sent::new(),
                &settings,
                utc("2026-11-22T19:31:00Z"),
                EASTERN
            )
            .iter()
            .all(|r| r.kind != ReminderKind::Overdue)
        );
        let quiet = ReminderSettings {
            quiet_from: NaiveTime::from_hms_opt(14, 0, 0),
            quiet_until: NaiveTime::from_hms_opt(15, 0, 0),
            ..ReminderSettings::default()
        };
        assert!(
            due(&list, "Dana", &none, &Sent::new(), &quiet, at, EASTERN).is_empty(),
            "quiet"
        );
        let off = ReminderSettings {
            enabled: false,
            ..ReminderSettings::default()
        };
        assert!(due(&list, "Dana", &none, &Sent::new(), &off, at, EASTERN).is_empty());
        assert_eq!(
            next_check(&list, "Dana", &settings, utc("2026-11-21T19:00:00Z")),
            Some(utc("2026-11-21T19:15:00Z"))
        );
    }

    #[test]
    fn quiet_hours_may_span_midnight() {
        let night = ReminderSettings {
            quiet_from: NaiveTime::from_hms_opt(21, 0, 0),
            quiet_until: NaiveTime::from_hms_opt(7, 0, 0),
            ..ReminderSettings::default()
        };
        let t = |h| NaiveTime::from_hms_opt(h, 0, 0).unwrap();
        assert!(night.is_quiet(t(22)) && night.is_quiet(t(3)));
        assert!(!night.is_quiet(t(7)) && !night.is_quiet(t(12)));
    }
}
