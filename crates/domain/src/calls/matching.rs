//! Matching calls to cases by their digits: every phone of a case's people (the lead and the
//! family) is in a phone book; a US number matches however it is written (punctuation, a
//! leading 1, an extension after "x" or "ext" ignored).

use std::collections::HashMap;

use super::{Call, Direction};
use crate::api::model::SearchCase;

/// A case a number belongs to, with the names a matched call is logged and listed with (read
/// for the matched cases only: the phone book keeps no names).
#[derive(Debug, Clone, PartialEq)]
pub struct CaseEntry {
    pub case_number: String,
    /// The case's lead (the activity is logged on them).
    pub individual_id: i64,
    pub lead_name: String,
    /// The case's first community (`NameUnique`), for the activity.
    pub community: Option<String>,
    pub community_id: Option<i64>,
    /// The agent whose active lead the case is (`None`: a resident's, a closed or a lost
    /// case's, or nobody's), so a missed call is counted where My day shows it.
    pub lead_of: Option<i64>,
}

/// What the phone book keeps of a case: its number, its lead and its first community (an
/// index into the book's communities); no name, phone or email.
#[derive(Debug, Clone, PartialEq)]
pub struct BookCase {
    pub case_number: Box<str>,
    pub individual_id: i64,
    community: Option<u32>,
    lead_of: Option<i64>,
}

/// Case numbers longer than this are not kept (no service gives such).
const MAX_CASE_NUMBER: usize = 40;
/// Communities named at most (a portal has tens).
const MAX_COMMUNITIES: usize = 10_000;

/// Every case's numbers, by their digits: number keys and case indexes only, so a portal of
/// 100,000 cases (or a hostile service's names of thousands of letters) costs a few MB.
#[derive(Debug, Default)]
pub struct PhoneBook {
    cases: Vec<BookCase>,
    communities: Vec<(i64, Box<str>)>,
    community_index: HashMap<i64, u32>,
    /// Digits → (case, the person of the case whose number it is), each case once per number.
    numbers: HashMap<u64, Vec<(u32, i64)>>,
}

/// What a call's number found.
#[derive(Debug, Clone, PartialEq)]
pub enum Found<'a> {
    /// One case; `person` answers to the number (the lead or a family member).
    Case {
        case: &'a BookCase,
        person: i64,
    },
    /// The number is on more than one case: not logged, listed to be sorted out by hand.
    Several(Vec<&'a BookCase>),
    Unknown,
}

pub use crate::phone::number_key;

impl PhoneBook {
    pub fn add(&mut self, case: &SearchCase) {
        let lead = &case.primary;
        if lead.case_number.len() > MAX_CASE_NUMBER {
            return;
        }
        let Ok(index) = u32::try_from(self.cases.len()) else {
            return;
        };
        let community = lead.communities.first().and_then(|c| {
            if let Some(at) = self.community_index.get(&c.id) {
                return Some(*at);
            }
            if self.communities.len() >= MAX_COMMUNITIES {
                return None;
            }
            let at = self.communities.len() as u32;
            self.communities.push((c.id, c.name_unique.as_str().into()));
            self.community_index.insert(c.id, at);
            Some(at)
        });
        self.cases.push(BookCase {
            case_number: lead.case_number.as_str().into(),
            individual_id: lead.individual_id,
            community,
            lead_of: crate::active_lead::is_active_lead_of(case, None)
                .then_some(lead.assigned_user_id),
        });
        for person in std::iter::once(lead).chain(&case.relationships) {
            for phone in [
                &person.home_phone_format,
                &person.mobile_phone_format,
                &person.work_phone_format,
            ] {
                if let Some(key) = number_key(phone) {
                    let at = self.numbers.entry(key).or_default();
                    // Cases come one at a time: a case already there is the last one.
                    if at.last().is_none_or(|(c, _)| *c != index) {
                        at.push((index, person.individual_id));
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
            [(case, person)] => Found::Case {
                case: &self.cases[*case as usize],
                person: *person,
            },
            several => Found::Several(
                several
                    .iter()
                    .map(|(c, _)| &self.cases[*c as usize])
                    .collect(),
            ),
        }
    }

    /// `case` as a call is logged on it, its people's names given (`name_of`).
    pub fn entry(&self, case: &BookCase, name_of: impl Fn(i64) -> Option<String>) -> CaseEntry {
        let community = case
            .community
            .and_then(|i| self.communities.get(i as usize));
        CaseEntry {
            case_number: case.case_number.to_string(),
            individual_id: case.individual_id,
            lead_name: name_of(case.individual_id).unwrap_or_default(),
            community: community.map(|(_, name)| name.to_string()),
            community_id: community.map(|(id, _)| *id),
            lead_of: case.lead_of,
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
    /// Each matched call, its case, and the person of the case whose number it is.
    pub matched: Vec<(&'a Call, &'a BookCase, i64)>,
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
            Found::Case { case, person } => out.matched.push((call, case, person)),
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

    #[test]
    fn the_book_keeps_numbers_and_case_indexes_not_names_and_each_case_once_per_number() {
        let list: crate::api::model::Records<SearchCase> = serde_json::from_value(
            serde_json::from_str::<serde_json::Value>(include_str!(
                "../../../../tests/fixtures/search.json"
            ))
            .unwrap()["Cases"]
                .clone(),
        )
        .unwrap();
        let mut case = list.into_vec().remove(0);
        case.primary.individual_name = "N".repeat(100_000);
        case.primary.home_phone_format = "(614) 555-0199".into();
        case.primary.mobile_phone_format = "614.555.0199".into();
        let mut book = PhoneBook::default();
        book.add(&case);
        let Found::Case {
            case: found,
            person,
        } = book.find("6145550199")
        else {
            panic!("found")
        };
        assert_eq!(person, case.primary.individual_id);
        assert_eq!(book.numbers.values().map(Vec::len).sum::<usize>(), 1);
        // Names come from a read of the matched case alone.
        let entry = book.entry(found, |_| None);
        assert!(entry.lead_name.is_empty());
        let entry = book.entry(found, |id| (id == person).then(|| "Ann Lee".to_owned()));
        assert_eq!(entry.lead_name, "Ann Lee");
        assert_eq!(entry.case_number, case.primary.case_number);
    }
}
