//! A phone system's calls, the rules: reading its export (`export`), matching each call to a
//! case by its digits (`matching`), the reference that keeps a call from being logged twice, and
//! the missed calls nobody returned (`missed`). Reading the service and logging is
//! `service::calls`.

use chrono::{DateTime, Utc};

pub mod demo;
pub mod export;
pub mod hours;
pub mod matching;
pub mod missed;

/// Which way a call went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    In,
    Out,
}

/// One call of the export.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    /// Its line in the file (the header is line 1).
    pub line: usize,
    pub direction: Direction,
    /// As written in the file.
    pub caller: String,
    pub callee: String,
    pub start: DateTime<Utc>,
    pub seconds: u32,
    /// Picked up (inbound) or reached someone (outbound).
    pub answered: bool,
}

impl Call {
    /// The number at the family's end: who called in, or who was called.
    pub fn other_party(&self) -> &str {
        match self.direction {
            Direction::In => &self.caller,
            Direction::Out => &self.callee,
        }
    }

    /// What happened, in the words the log uses.
    pub fn result_words(&self) -> &'static str {
        match (self.direction, self.answered) {
            (Direction::In, true) => "answered",
            (Direction::In, false) => "missed",
            (Direction::Out, true) => "reached",
            (Direction::Out, false) => "no answer",
        }
    }

    /// A reference that names this call whoever imports it, from whichever file: its
    /// direction, the other party's digits, its start to the second and its length. Carried
    /// in the logged activity's name, so an import (on any desk) that finds it logs nothing.
    pub fn reference(&self) -> String {
        let digits = crate::duplicates::phone_digits(self.other_party()).unwrap_or_default();
        let text = format!(
            "{}|{}|{}|{}",
            match self.direction {
                Direction::In => "in",
                Direction::Out => "out",
            },
            digits,
            self.start.timestamp(),
            self.seconds
        );
        // FNV-1a, all 64 bits: the same on every computer and every build, and checked
        // within one case only, so two real calls never pass for one.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in text.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        format!("{hash:016x}")
    }

    /// The 32-bit reference earlier versions logged for this call (its 64 bits folded): a call
    /// logged by them is still found.
    pub fn legacy_reference(&self) -> String {
        let wide = u64::from_str_radix(&self.reference(), 16).unwrap_or_default();
        format!("{:08x}", (wide >> 32) as u32 ^ wide as u32)
    }

    /// The activity's name (`description`): direction, length, result and the reference.
    pub fn description(&self) -> String {
        let way = match self.direction {
            Direction::In => "Call in",
            Direction::Out => "Call out",
        };
        format!(
            "{way} · {} · {} · ref {}",
            length_words(self.seconds),
            self.result_words(),
            self.reference()
        )
    }
}

/// A missed call nobody returned.
#[derive(Debug, Clone, PartialEq)]
pub struct Unreturned {
    /// When it came, at the community's clock (the activity's own offset).
    pub at: crate::api::model::Timestamp,
    /// Who called from which number, as the import noted it ("Ruth Ellison (614) 555-0100");
    /// empty when the note does not say.
    pub from: String,
}

/// Who called from which number, from the note an import writes ("Call from Ruth Ellison
/// (614) 555-0100 (missed), from the phone system's export.").
fn caller_in(activity: &crate::api::model::Activity) -> String {
    activity
        .notes
        .iter()
        .flatten()
        .find_map(|n| {
            let rest = n.message.strip_prefix("Call from ")?;
            let end = rest.find(", from the phone system")?;
            let said = &rest[..end];
            let cut = said.rfind(" (").unwrap_or(said.len());
            Some(said[..cut].trim().chars().take(120).collect())
        })
        .unwrap_or_default()
}

/// Each case's latest missed call (logged from an export: a Call In named "… · missed · ref …")
/// that no call out of the case came after.
pub fn unreturned(
    activities: &[crate::api::model::Activity],
) -> std::collections::HashMap<&str, Unreturned> {
    use std::collections::HashMap;
    let mut missed: HashMap<&str, &crate::api::model::Activity> = HashMap::new();
    let mut called: HashMap<&str, crate::api::model::Timestamp> = HashMap::new();
    for a in activities {
        let at = a.due_date;
        if a.activity_name.starts_with("Call in · ") && a.activity_name.contains(" · missed · ref ")
        {
            let latest = missed.entry(&a.case_number).or_insert(a);
            if at > latest.due_date {
                *latest = a;
            }
        } else if a.activity_type.as_deref() == Some("Call Out")
            || a.activity_name.starts_with("Call out · ")
        {
            let latest = called.entry(&a.case_number).or_insert(at);
            *latest = (*latest).max(at);
        }
    }
    missed
        .into_iter()
        .filter(|(case, a)| called.get(case).is_none_or(|back| *back <= a.due_date))
        .map(|(case, a)| {
            (
                case,
                Unreturned {
                    at: a.due_date,
                    from: caller_in(a),
                },
            )
        })
        .collect()
}

/// The reference an activity's name carries, if it was logged from a call export.
pub fn reference_in(activity_name: &str) -> Option<&str> {
    let at = activity_name.rfind("ref ")?;
    let rest = &activity_name[at + 4..];
    let digits = rest.len()
        - rest
            .trim_start_matches(|c: char| c.is_ascii_hexdigit())
            .len();
    // 16 hex digits now, 8 from earlier versions.
    matches!(digits, 8 | 16).then(|| &rest[..digits])
}

/// The calls logged on each case (their references, read from the case's activities), so an
/// import logs each call once: checked within its case only, so calls of two cases never pass
/// for one, and a call an earlier version logged (its 32-bit reference) is still found.
#[derive(Debug, Default)]
pub struct LoggedCalls(std::collections::HashSet<(String, String)>);

impl LoggedCalls {
    /// Takes an activity of case `case_number` into account.
    pub fn add(&mut self, case_number: &str, activity_name: &str) {
        if let Some(reference) = reference_in(activity_name) {
            self.0
                .insert((case_number.to_owned(), reference.to_owned()));
        }
    }

    /// Whether `call` was logged on `case_number` already; if not, it counts as logged now.
    pub fn logged_before(&mut self, case_number: &str, call: &Call) -> bool {
        let case = case_number.to_owned();
        self.0.contains(&(case.clone(), call.legacy_reference()))
            || !self.0.insert((case, call.reference()))
    }
}

/// "4 min 12 s", "45 s", "1 h 2 min".
pub fn length_words(seconds: u32) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    match (h, m) {
        (0, 0) => format!("{s} s"),
        (0, _) if s == 0 => format!("{m} min"),
        (0, _) => format!("{m} min {s} s"),
        _ => format!("{h} h {m} min"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(direction: Direction, other: &str, seconds: u32) -> Call {
        Call {
            line: 2,
            direction,
            caller: if direction == Direction::In {
                other.into()
            } else {
                "(614) 555-0100".into()
            },
            callee: if direction == Direction::Out {
                other.into()
            } else {
                "(614) 555-0100".into()
            },
            start: "2026-11-20T15:04:05Z".parse().unwrap(),
            seconds,
            answered: true,
        }
    }

    #[test]
    fn a_call_is_named_the_same_however_its_number_is_written() {
        let a = call(Direction::In, "(614) 555-0199", 252);
        let b = call(Direction::In, "+1 614.555.0199", 252);
        assert_eq!(a.reference(), b.reference());
        assert_ne!(
            a.reference(),
            call(Direction::Out, "614 555 0199", 252).reference()
        );
        assert_ne!(
            a.reference(),
            call(Direction::In, "614 555 0199", 253).reference()
        );
        assert_eq!(
            a.description(),
            format!("Call in · 4 min 12 s · answered · ref {}", a.reference())
        );
        assert_eq!(reference_in(&a.description()), Some(a.reference().as_str()));
        assert_eq!(reference_in("Call Out"), None);
        assert_eq!(reference_in("ref xyz12345"), None);
    }

    #[test]
    fn two_real_calls_whose_old_32_bit_references_collide_are_both_logged() {
        // Calls a second apart from numbers of one exchange until two old references meet.
        let mut seen = std::collections::HashMap::new();
        let (a, b) = (0u32..2_000_000)
            .find_map(|n| {
                let mut c = call(Direction::In, &format!("614 555 {:04}", n % 10_000), 60);
                c.start += chrono::Duration::seconds(i64::from(n / 10_000));
                let old = c.legacy_reference();
                match seen.insert(old, c.clone()) {
                    Some(first) if first.reference() != c.reference() => Some((first, c)),
                    _ => None,
                }
            })
            .expect("a collision of 32 bits within two million calls");
        assert_eq!(a.legacy_reference(), b.legacy_reference());
        let mut logged = LoggedCalls::default();
        logged.add("100", &a.description());
        assert!(logged.logged_before("100", &a));
        assert!(
            !logged.logged_before("100", &b),
            "another call, though its old reference meets"
        );
        assert!(logged.logged_before("100", &b), "now logged");
        // Within its case only.
        assert!(!logged.logged_before("200", &a));
        // A call logged by an earlier version (8 hex digits) is found.
        let mut old = LoggedCalls::default();
        old.add(
            "100",
            &format!("Call in · 1 min · answered · ref {}", a.legacy_reference()),
        );
        assert!(old.logged_before("100", &a));
    }

    #[test]
    fn lengths_read_as_words() {
        assert_eq!(length_words(45), "45 s");
        assert_eq!(length_words(120), "2 min");
        assert_eq!(length_words(3720), "1 h 2 min");
    }

    #[test]
    fn a_missed_call_not_returned_says_who_called_from_which_number() {
        let one: Vec<crate::api::model::Activity> =
            serde_json::from_str(include_str!("../../../../tests/fixtures/activities.json"))
                .unwrap();
        let at = |t: &str| chrono::DateTime::parse_from_rfc3339(t).unwrap();
        let mut missed = one[1].clone();
        missed.case_number = "7".into();
        missed.activity_type = Some("Call In".into());
        missed.activity_name = "Call in · 0 s · missed · ref 1a2b3c4d5e6f7a8b".into();
        missed.due_date = at("2026-11-21T15:45:00-05:00");
        missed.notes = Some(vec![crate::api::model::ActivityNote {
            message: "Call from Ruth Ellison (614) 555-0100 (missed), from the phone system's \
                      export."
                .into(),
            date_created: None,
        }]);
        let calls = unreturned(std::slice::from_ref(&missed));
        let call = &calls["7"];
        assert_eq!(call.from, "Ruth Ellison (614) 555-0100");
        // At the community's clock, as the service gave it.
        assert_eq!(call.at.format("%-I:%M %P").to_string(), "3:45 pm");
        // A call out after it returns it.
        let mut back = one[1].clone();
        back.case_number = "7".into();
        back.activity_type = Some("Call Out".into());
        back.due_date = at("2026-11-21T16:00:00-05:00");
        assert!(unreturned(&[missed, back]).is_empty());
    }
}
