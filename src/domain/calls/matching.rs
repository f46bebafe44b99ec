//! Matching calls to cases by their digits: every phone of a case's people (the lead and the
//! family) is in a phone book; a US number matches however it is written (punctuation, a
//! leading 1, an extension after "x" or "ext" ignored).

use std::collections::HashMap;

use super::{Call, Direction};
use crate::api::model::SearchCase;

/// A case a number belongs to.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseEntry {
    pub case_number: String,
    /// The case's lead (the activity is logged on them).
    pub individual_id: i64,
    pub lead_name: String,
    /// The case's first community (`NameUnique`), for the activity.
    pub community: Option<String>,
    pub community_id: Option<i64>,
}

/// Every case's numbers, by their digits.
#[derive(Debug, Default)]
pub struct PhoneBook {
    cases: Vec<CaseEntry>,
    /// Digits → (case, who at the case: their name).
    numbers: HashMap<u64, Vec<(u32, String)>>,
}

/// What a call's number found.
#[derive(Debug, Clone, PartialEq)]
pub enum Found<'a> {
    /// One case; `who` answers to the number (the lead or a family member).
    Case {
        case: &'a CaseEntry,
        who: &'a str,
    },
    /// The number is on more than one case: not logged, listed to be sorted out by hand.
    Several(Vec<&'a CaseEntry>),
    Unknown,
}

/// A number as matched: ten digits (a leading 1 dropped), the extension cut off.
pub fn number_key(number: &str) -> Option<u64> {
    let lower = number.to_ascii_lowercase();
    let cut = ["ext", "x", "#", ";", ","]
        .iter()
        .filter_map(|mark| lower.find(mark))
        .min()
        .unwrap_or(lower.len());
    let digits: String = lower[..cut].chars().filter(char::is_ascii_digit).collect();
    let digits = match digits.strip_prefix('1') {
        Some(rest) if digits.len() == 11 => rest,
        _ => digits.as_str(),
    };
    if digits.len() != 10 {
        return None;
    }
    digits.parse().ok()
}

impl PhoneBook {
    pub fn add(&mut self, case: &SearchCase) {
        let lead = &case.primary;
        let index = u32::try_from(self.cases.len()).unwrap_or(u32::MAX);
        let community = lead.communities.first();
        self.cases.push(CaseEntry {
            case_number: lead.case_number.clone(),
            individual_id: lead.individual_id,
            lead_name: lead.individual_name.clone(),
            community: community.map(|c| c.name_unique.clone()),
            community_id: community.map(|c| c.id),
        });
        for person in std::iter::once(lead).chain(&case.relationships) {
            for phone in [
                &person.home_phone_format,
                &person.mobile_phone_format,
                &person.work_phone_format,
            ] {
                if let Some(key) = number_key(phone) {
                    let at = self.numbers.entry(key).or_default();
                    if !at.iter().any(|(c, _)| *c == index) {
                        at.push((index, person.individual_name.clone()));
                    }
                }
            }
        }
    }

    pub fn len(&self) -> usize {
        self.cases.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cases.is_empty()
    }

    pub fn find(&self, number: &str) -> Found<'_> {
        let Some(at) = number_key(number).and_then(|k| self.numbers.get(&k)) else {
            return Found::Unknown;
        };
        match at.as_slice() {
            [] => Found::Unknown,
            [(case, who)] => Found::Case {
                case: &self.cases[*case as usize],
                who,
            },
            several => Found::Several(
                several
                    .iter()
                    .map(|(c, _)| &self.cases[*c as usize])
                    .collect(),
            ),
        }
    }
}

/// A number no case has, and its calls.
#[derive(Debug, Clone, PartialEq)]
pub struct Unmatched {
    /// As the file wrote it the first time.
    pub number: String,
    pub calls: usize,
    pub inbound: usize,
    pub first_line: usize,
}

/// The calls of an export sorted by what their numbers found.
#[derive(Debug, Default)]
pub struct Matches<'a> {
    pub matched: Vec<(&'a Call, &'a CaseEntry, &'a str)>,
    /// Numbers on several cases, with their calls' lines.
    pub several: Vec<(String, Vec<usize>)>,
    pub unmatched: Vec<Unmatched>,
}

pub fn match_calls<'a>(calls: &'a [Call], book: &'a PhoneBook) -> Matches<'a> {
    let mut out = Matches::default();
    let mut unmatched: HashMap<String, Unmatched> = HashMap::new();
    let mut several: HashMap<String, Vec<usize>> = HashMap::new();
    for call in calls {
        match book.find(call.other_party()) {
            Found::Case { case, who } => out.matched.push((call, case, who)),
            Found::Several(_) => several
                .entry(call.other_party().to_owned())
                .or_default()
                .push(call.line),
            Found::Unknown => {
                let key = number_key(call.other_party())
                    .map_or_else(|| call.other_party().to_owned(), |k| k.to_string());
                let entry = unmatched.entry(key).or_insert_with(|| Unmatched {
                    number: call.other_party().to_owned(),
                    calls: 0,
                    inbound: 0,
                    first_line: call.line,
                });
                entry.calls += 1;
                entry.inbound += usize::from(call.direction == Direction::In);
            }
        }
    }
    out.unmatched = unmatched.into_values().collect();
    out.unmatched.sort_by(|a, b| {
        b.inbound
            .cmp(&a.inbound)
            .then(a.first_line.cmp(&b.first_line))
    });
    out.several = several.into_iter().collect();
    out.several.sort_by_key(|(_, lines)| lines[0]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_us_number_matches_however_it_is_written() {
        let key = number_key("(614) 555-0199");
        assert!(key.is_some());
        for written in [
            "614-555-0199",
            "+1 614.555.0199",
            "16145550199",
            "614 555 0199 x204",
            "(614) 555-0199 ext. 12",
        ] {
            assert_eq!(number_key(written), key, "{written}");
        }
        assert_eq!(number_key("555-0199"), None);
        assert_eq!(number_key("100"), None);
    }
}
