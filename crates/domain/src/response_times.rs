//! Speed to lead beside conversion: for the cases of a funnel row, the median business time from
//! inquiry (the case's `DateCreated`) to the first completed outbound contact, and the shares
//! contacted within 1 and 24 business hours (of the row's cases with a known inquiry; one never
//! contacted counts as not within). The rule and office hours are the team board's.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::funnel::Journey;
use crate::speed_to_lead::{BusinessHours, LeadRules};

/// When a case inquired and was first reached, and where.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactTimes {
    pub inquired: DateTime<Utc>,
    pub first_contact: Option<DateTime<Utc>>,
    /// Its first community (whose office hours count).
    pub community_id: Option<i64>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ResponseFigures {
    /// Cases with a known inquiry.
    pub known: usize,
    pub median_minutes: Option<i64>,
    pub within_hour: Option<f64>,
    /// Within two office hours (set beside A Place for Mom's standard).
    pub within_two_hours: Option<f64>,
    pub within_day: Option<f64>,
}

/// Each case's first completed outbound contact up to `now`, by case number.
pub fn first_contacts(
    activities: &[crate::api::model::Activity],
    now: DateTime<Utc>,
) -> HashMap<&str, DateTime<Utc>> {
    let mut first: HashMap<&str, DateTime<Utc>> = HashMap::new();
    for a in activities.iter().filter(|a| {
        a.completed
            && a.due_date.with_timezone(&Utc) <= now
            && crate::speed_to_lead::is_outbound(a.activity_type.as_deref().unwrap_or_default())
    }) {
        let at = a.due_date.with_timezone(&Utc);
        let slot = first.entry(a.case_number.as_str()).or_insert(at);
        *slot = (*slot).min(at);
    }
    first
}

/// A case's inquiry and first contact, from its search row and the first contacts found.
pub fn times_of(
    case: &crate::api::model::SearchCase,
    first: &HashMap<&str, DateTime<Utc>>,
) -> ContactTimes {
    let p = &case.primary;
    ContactTimes {
        inquired: p.date_created.with_timezone(&Utc),
        first_contact: first.get(p.case_number.as_str()).copied(),
        community_id: p.communities.first().map(|c| c.id),
    }
}

/// The median wait of `known` inquiries of which those reached waited `reached` (sorted) business
/// minutes: the ones never reached count as waiting still, so the median and "within 1 h" speak
/// of the same inquiries (a median of 0 min beside 36% within the hour cannot happen). The
/// lower middle of an even count (a minute, not a half); None with no inquiry, or when the
/// middle one is not reached yet ([`median_wait_text`] says which).
pub fn median_wait(reached: &[i64], known: usize) -> Option<i64> {
    let middle = known.checked_sub(1)? / 2;
    reached.get(middle).copied()
}

/// The median wait as shown on every pane and page: "—" with no inquiry, "Half not reached"
/// when the middle inquiry has had no contact yet.
pub fn median_wait_text(median: Option<i64>, known: usize, hours: &BusinessHours) -> String {
    match median {
        Some(m) => crate::speed_to_lead::waited_text(m, hours),
        None if known > 0 => "Half not reached".to_owned(),
        None => "—".to_owned(),
    }
}

/// The figures of `cases` (indices into `journeys`).
pub fn response_figures(
    journeys: &[Journey],
    cases: &[usize],
    times: &HashMap<String, ContactTimes>,
    rules: &LeadRules,
    zone: Tz,
) -> ResponseFigures {
    let mut minutes = Vec::new();
    let mut known = 0;
    for &i in cases {
        let Some(t) = journeys.get(i).and_then(|j| times.get(&j.case_number)) else {
            continue;
        };
        known += 1;
        if let Some(at) = t.first_contact.filter(|at| *at >= t.inquired) {
            minutes.push(
                rules
                    .hours_of(t.community_id)
                    .minutes_between(t.inquired, at, zone),
            );
        }
    }
    minutes.sort_unstable();
    let share = |limit: i64| {
        (known > 0).then(|| minutes.iter().filter(|m| **m <= limit).count() as f64 / known as f64)
    };
    ResponseFigures {
        known,
        median_minutes: median_wait(&minutes, known),
        within_hour: share(60),
        within_two_hours: share(120),
        within_day: share(24 * 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    #[test]
    fn the_rows_cases_are_timed_in_business_hours() {
        let journeys: Vec<Journey> = (0..4)
            .map(|n| Journey {
                case_number: n.to_string(),
                individual_id: n,
                name: String::new(),
                dates: [None; 4],
            })
            .collect();
        let times: HashMap<String, ContactTimes> = [
            // Tuesday 9:00 → 9:30: 30 minutes.
            (
                "0",
                at("2026-11-24T09:00:00-05:00"),
                Some(at("2026-11-24T09:30:00-05:00")),
            ),
            // Tuesday 17:00 → Wednesday 9:00: two business hours (5 to 6 pm, 8 to 9 am).
            (
                "1",
                at("2026-11-24T17:00:00-05:00"),
                Some(at("2026-11-25T09:00:00-05:00")),
            ),
            // Never reached.
            ("2", at("2026-11-24T10:00:00-05:00"), None),
        ]
        .into_iter()
        .map(|(n, inquired, first_contact)| {
            (
                n.to_owned(),
                ContactTimes {
                    inquired,
                    first_contact,
                    community_id: None,
                },
            )
        })
        .collect();
        let figures = response_figures(
            &journeys,
            &[0, 1, 2, 3],
            &times,
            &LeadRules::default(),
            chrono_tz::America::New_York,
        );
        assert_eq!(figures.known, 3, "case 3 has no inquiry on record");
        assert_eq!(
            figures.median_minutes,
            Some(120),
            "the middle of 30, 120 and one never reached"
        );
        // Half or more never reached: no median, said so.
        assert_eq!(median_wait(&[30], 3), None);
        assert_eq!(median_wait(&[30], 2), Some(30), "the lower middle");
        assert_eq!(median_wait(&[], 0), None);
        let hours = BusinessHours::default();
        assert_eq!(median_wait_text(None, 3, &hours), "Half not reached");
        assert_eq!(median_wait_text(None, 0, &hours), "—");
        assert_eq!(median_wait_text(Some(45), 3, &hours), "45 min");
        assert_eq!(figures.within_hour, Some(1.0 / 3.0));
        assert_eq!(figures.within_day, Some(2.0 / 3.0));
        assert_eq!(
            response_figures(
                &journeys,
                &[],
                &times,
                &LeadRules::default(),
                chrono_tz::UTC
            ),
            ResponseFigures::default()
        );
    }
}
