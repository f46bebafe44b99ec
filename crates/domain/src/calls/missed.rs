//! Missed calls: a family's call nobody picked up, until someone calls that case back. Shown
//! on the speed-to-lead clock (amber, then red) like a new lead waiting for a first call.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use super::{Call, Direction};
use crate::speed_to_lead::{Colour, LeadRules};

/// A missed call still waiting to be returned.
#[derive(Debug, Clone, PartialEq)]
pub struct MissedCall {
    pub case_number: String,
    pub lead_name: String,
    /// Who called (the lead or a family member) and from which number.
    pub who: String,
    pub number: String,
    pub at: DateTime<Utc>,
    pub community_id: Option<i64>,
    /// The agent whose active lead the case is: the call waits in their My day.
    pub lead_of: Option<i64>,
}

impl MissedCall {
    /// Business minutes it has waited by `now`, and its colour on the speed-to-lead clock.
    pub fn waiting(&self, rules: &LeadRules, now: DateTime<Utc>, zone: Tz) -> (i64, Colour) {
        let waited = rules
            .hours_of(self.community_id)
            .minutes_between(self.at, now, zone);
        (waited, rules.response.colour(waited))
    }
}

/// The inbound calls not answered whose case has no call out after them: from the same
/// export, or logged (`calls_out`: each case's Call Out moments). One per case, its latest.
pub fn missed_calls(
    matched: &[(&Call, &super::matching::CaseEntry, &str)],
    calls_out: &HashMap<String, Vec<DateTime<Utc>>>,
) -> Vec<MissedCall> {
    let mut out: HashMap<&str, MissedCall> = HashMap::new();
    for (call, case, who) in matched {
        if call.direction != Direction::In || call.answered {
            continue;
        }
        let returned_here = matched.iter().any(|(other, c, _)| {
            other.direction == Direction::Out
                && c.case_number == case.case_number
                && other.start > call.start
        });
        let returned_logged = calls_out
            .get(&case.case_number)
            .is_some_and(|times| times.iter().any(|t| *t > call.start));
        if returned_here || returned_logged {
            continue;
        }
        let latest = out
            .get(case.case_number.as_str())
            .is_none_or(|m| m.at < call.start);
        if latest {
            out.insert(
                &case.case_number,
                MissedCall {
                    case_number: case.case_number.clone(),
                    lead_name: case.lead_name.clone(),
                    who: (*who).to_owned(),
                    number: call.other_party().to_owned(),
                    at: call.start,
                    community_id: case.community_id,
                    lead_of: case.lead_of,
                },
            );
        }
    }
    let mut out: Vec<MissedCall> = out.into_values().collect();
    out.sort_by_key(|m| m.at);
    out
}

/// How many of the missed calls are on `me`'s leads, on colleagues' leads, and on cases that
/// are no one's open lead (in that order).
pub fn whose(missed: &[MissedCall], me: Option<i64>) -> (usize, usize, usize) {
    let mine = missed
        .iter()
        .filter(|m| m.lead_of.is_some() && m.lead_of == me)
        .count();
    let colleagues = missed
        .iter()
        .filter(|m| m.lead_of.is_some() && m.lead_of != me)
        .count();
    (mine, colleagues, missed.len() - mine - colleagues)
}

/// Where the missed calls of an import wait, said as My day counts them (one per case): on
/// `me`'s active leads (My day's Missed calls), on colleagues' (theirs), and on cases that are
/// no open lead (a resident's family, a closed or lost case), which no My day lists.
pub fn where_they_wait(missed: &[MissedCall], me: Option<i64>) -> String {
    use crate::format::count;
    let (mine, colleagues, others) = whose(missed, me);
    let mut parts = Vec::new();
    if mine > 0 {
        parts.push(format!("{mine} on your leads, in My day's Missed calls"));
    }
    if colleagues > 0 {
        parts.push(format!(
            "{colleagues} on colleagues' leads, in their My day"
        ));
    }
    if others > 0 {
        parts.push(format!(
            "{others} on cases that are no open lead (residents' families, closed or lost), in no My day"
        ));
    }
    format!(
        "{} waiting to be returned: {}.",
        count(missed.len(), "missed call"),
        parts.join("; ")
    )
}

#[cfg(test)]
mod tests {
    use super::super::matching::CaseEntry;
    use super::*;

    #[test]
    fn an_imports_missed_calls_are_counted_where_each_waits() {
        let at = DateTime::parse_from_rfc3339("2026-11-21T10:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let call = |case: &str, lead_of: Option<i64>| MissedCall {
            case_number: case.into(),
            lead_name: String::new(),
            who: String::new(),
            number: String::new(),
            at,
            community_id: None,
            lead_of,
        };
        let missed = [
            call("1", Some(7)),
            call("2", Some(7)),
            call("3", Some(9)),
            call("4", None),
        ];
        assert_eq!(
            where_they_wait(&missed, Some(7)),
            "4 missed calls waiting to be returned: 2 on your leads, in My day's Missed calls; \
             1 on colleagues' leads, in their My day; 1 on cases that are no open lead \
             (residents' families, closed or lost), in no My day."
        );
        assert_eq!(
            where_they_wait(&missed[2..3], Some(7)),
            "1 missed call waiting to be returned: 1 on colleagues' leads, in their My day."
        );
    }

    fn entry(n: &str) -> CaseEntry {
        CaseEntry {
            case_number: n.into(),
            individual_id: 1,
            lead_name: format!("Lead {n}"),
            community: None,
            community_id: None,
            lead_of: Some(7),
        }
    }

    fn call(direction: Direction, answered: bool, at: &str) -> Call {
        Call {
            line: 2,
            direction,
            caller: "6145550199".into(),
            callee: "6145550199".into(),
            start: at.parse().unwrap(),
            seconds: 0,
            answered,
        }
    }

    #[test]
    fn a_missed_call_waits_until_the_case_is_called_back() {
        let (a, b) = (entry("C-1"), entry("C-2"));
        let missed_a = call(Direction::In, false, "2026-11-20T15:00:00Z");
        let returned_a = call(Direction::Out, true, "2026-11-20T16:00:00Z");
        let missed_b = call(Direction::In, false, "2026-11-20T17:00:00Z");
        let answered_b = call(Direction::In, true, "2026-11-20T18:00:00Z");
        let matched = vec![
            (&missed_a, &a, "Lead C-1"),
            (&returned_a, &a, "Lead C-1"),
            (&missed_b, &b, "Daughter"),
            (&answered_b, &b, "Daughter"),
        ];
        let missed = missed_calls(&matched, &HashMap::new());
        assert_eq!(
            missed.len(),
            1,
            "C-1 was called back; C-2 was not (a later call in is not a call back)"
        );
        assert_eq!(
            (missed[0].case_number.as_str(), missed[0].who.as_str()),
            ("C-2", "Daughter")
        );
        let logged = HashMap::from([(
            "C-2".to_owned(),
            vec!["2026-11-21T09:00:00Z".parse().unwrap()],
        )]);
        assert!(
            missed_calls(&matched, &logged).is_empty(),
            "a Call Out logged later returns it"
        );
        let rules = LeadRules::default();
        let (_, colour) = missed[0].waiting(
            &rules,
            "2026-11-20T17:10:00Z".parse().unwrap(),
            chrono_tz::UTC,
        );
        assert_ne!(colour, Colour::Red);
        let (_, colour) = missed[0].waiting(
            &rules,
            "2026-11-23T17:10:00Z".parse().unwrap(),
            chrono_tz::UTC,
        );
        assert_eq!(colour, Colour::Red);
    }
}
