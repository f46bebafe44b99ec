//! One story of contact per lead: where it stands, and its colour, told the same way by the
//! case's badge, My day's lists, Search's colour column and the bell. A lead nobody from the
//! community has reached out to yet (no completed outbound activity: `speed_to_lead`) waits for
//! its first contact, coloured by the response target in the office's business time, however
//! old it is; once reached, it is coloured by the hours since the last touch, green while a
//! next step is booked ahead. An inquiry or a walk-in is the lead reaching us, not contact.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::api::model::Timestamp;
use crate::speed_to_lead::{Colour, LeadFacts, LeadRules, waited_text};

/// The lead rules and the portal's zone (business time is counted in it).
#[derive(Debug, Clone, PartialEq)]
pub struct ContactRule {
    pub rules: LeadRules,
    pub zone: Tz,
}

impl Default for ContactRule {
    /// The default lead rules, in UTC.
    fn default() -> Self {
        ContactRule {
            rules: LeadRules::default(),
            zone: Tz::UTC,
        }
    }
}

/// Where a lead stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Standing {
    /// Closed as lost, and not back since.
    Lost { at: Timestamp },
    /// Nobody has reached out since the inquiry (the case's creation): `waited` business minutes.
    Waiting {
        inquired: Timestamp,
        waited: i64,
        colour: Colour,
        /// Something is booked ahead already (a tour booked online), though nobody called.
        booked: bool,
    },
    /// Reached out to; `last` is the latest touch (a contact, or an inquiry since).
    Contacted {
        last: Timestamp,
        colour: Colour,
        booked: bool,
    },
}

impl Standing {
    /// The lead's colour; none once it is lost.
    pub fn colour(&self) -> Option<Colour> {
        match self {
            Standing::Lost { .. } => None,
            Standing::Waiting { colour, .. } | Standing::Contacted { colour, .. } => Some(*colour),
        }
    }

    /// Whether it still waits for its first contact.
    pub fn is_waiting(&self) -> bool {
        matches!(self, Standing::Waiting { .. })
    }

    /// What the colour means, in words ("nobody has reached out yet: 3 h 10 min waiting",
    /// "last contact Thu Nov 26", "something booked"), `day` writing a date.
    pub fn why(
        &self,
        rule: &ContactRule,
        community: Option<i64>,
        day: impl Fn(Timestamp) -> String,
    ) -> String {
        match *self {
            Standing::Lost { at } => format!("closed as lost {}", day(at)),
            Standing::Waiting { waited, booked, .. } => {
                let hours = rule.rules.hours_of(community);
                let waited = waited_text(waited, hours);
                if booked {
                    format!("a visit is booked, nobody has reached out: {waited} waiting")
                } else {
                    format!("nobody has reached out yet: {waited} waiting")
                }
            }
            Standing::Contacted { booked: true, .. } => "something booked".into(),
            Standing::Contacted { last, .. } => format!("last contact {}", day(last)),
        }
    }
}

impl LeadFacts {
    /// Where the lead of a case created at `created` (at `community`) stands at `now`.
    pub fn standing(
        &self,
        created: Timestamp,
        community: Option<i64>,
        now: DateTime<Utc>,
        rule: &ContactRule,
    ) -> Standing {
        if let Some(at) = self.lost.filter(|_| self.is_lost()) {
            return Standing::Lost { at };
        }
        if self.first_contact.is_none() {
            let waited = rule.rules.waited(created, community, now, rule.zone);
            return Standing::Waiting {
                inquired: created,
                waited,
                colour: rule.rules.response.colour(waited),
                booked: self.booked,
            };
        }
        Standing::Contacted {
            last: self.last_touch.unwrap_or(created),
            colour: self.colour(created, now, &rule.rules.colours),
            booked: self.booked,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::model::Activity;

    fn at(text: &str) -> Timestamp {
        DateTime::parse_from_rfc3339(text).unwrap()
    }

    fn activity(kind: &str, due: &str) -> Activity {
        let mut list: Vec<Activity> =
            serde_json::from_str(include_str!("../../../tests/fixtures/activities.json")).unwrap();
        let mut a = list.remove(0);
        a.activity_type = Some(kind.into());
        a.due_date = at(due);
        a.completed = true;
        a.cancelled = false;
        a.no_show = false;
        a
    }

    fn rule() -> ContactRule {
        ContactRule {
            rules: LeadRules::default(),
            zone: chrono_tz::America::New_York,
        }
    }

    #[test]
    fn a_walk_in_nobody_called_waits_for_its_first_contact_and_is_red_past_the_target() {
        let now = at("2026-11-26T15:00:00-05:00").with_timezone(&Utc);
        let created = at("2026-11-26T09:00:00-05:00");
        let mut facts = LeadFacts::default();
        facts.add(&activity("Walk-in", "2026-11-26T09:00:00-05:00"), now);
        let standing = facts.standing(created, None, now, &rule());
        assert!(standing.is_waiting(), "{standing:?}");
        // Six business hours past a one-hour target.
        assert_eq!(standing.colour(), Some(Colour::Red));
        let why = standing.why(&rule(), None, |t| t.to_string());
        assert_eq!(why, "nobody has reached out yet: 6 h waiting");
        // The same case, coloured by the last touch alone, was green: the story it replaces.
        assert_eq!(
            facts.colour(created, now, &rule().rules.colours),
            Colour::Green
        );
    }

    #[test]
    fn once_called_a_lead_is_coloured_by_its_last_touch_and_green_while_booked() {
        let now = at("2026-11-28T12:00:00-05:00").with_timezone(&Utc);
        let created = at("2026-11-25T09:00:00-05:00");
        let mut facts = LeadFacts::default();
        facts.add(&activity("Call Out", "2026-11-25T09:30:00-05:00"), now);
        let standing = facts.standing(created, None, now, &rule());
        assert_eq!(
            standing,
            Standing::Contacted {
                last: at("2026-11-25T09:30:00-05:00"),
                colour: Colour::Red,
                booked: false
            }
        );
        assert_eq!(
            standing.why(&rule(), None, |t| t.format("%b %-d").to_string()),
            "last contact Nov 25"
        );
        let mut tour = activity("Tour", "2026-11-30T10:00:00-05:00");
        tour.completed = false;
        facts.add(&tour, now);
        let booked = facts.standing(created, None, now, &rule());
        assert_eq!(booked.colour(), Some(Colour::Green));
        assert_eq!(
            booked.why(&rule(), None, |t| t.to_string()),
            "something booked"
        );
    }

    #[test]
    fn a_lead_closed_as_lost_has_no_colour() {
        let now = at("2026-11-28T12:00:00-05:00").with_timezone(&Utc);
        let facts = LeadFacts {
            lost: Some(at("2026-11-27T10:00:00-05:00")),
            ..LeadFacts::default()
        };
        let standing = facts.standing(at("2026-11-20T09:00:00-05:00"), None, now, &rule());
        assert_eq!(standing.colour(), None);
        assert!(!standing.is_waiting());
    }
}
