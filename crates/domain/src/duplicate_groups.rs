//! Possible duplicates across the whole portal: cases whose people (primaries and relatives,
//! any community) share an email, a phone's digits or a name — nicknames and swapped first and
//! last names included, as at intake (`duplicates`). Cases are taken one at a time and only
//! their keys kept, so a portal's worth never has to be held.

use std::collections::HashMap;

use crate::api::model::SearchCase;
use crate::duplicates::{Why, first_name_forms, phone_digits, plain_email, plain_name};

/// Groups listed at most (the largest first).
pub const MAX_GROUPS: usize = 2000;
/// Cases in one group at most (a very common name is not a duplicate to review).
pub const MAX_GROUP: usize = 50;

/// A case as the list shows it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct CaseLabel {
    pub case_number: String,
    pub name: String,
    pub communities: String,
    /// The relatives of the case through whom it matched (empty when its primary did).
    pub through: Vec<String>,
}

/// Cases that may be one person, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct DuplicateGroup {
    pub cases: Vec<CaseLabel>,
    pub why: Vec<Why>,
}

/// Takes cases one by one; [`DuplicateFinder::groups`] joins those sharing a key.
#[derive(Debug, Default)]
pub struct DuplicateFinder {
    cases: Vec<CaseLabel>,
    /// Relatives' names, by the index the keys give them.
    relatives: Vec<String>,
    /// Key → (case index, how the key was made, the relative's index or `u32::MAX` for the
    /// primary), each person once per key.
    keys: HashMap<String, Vec<(u32, Why, u32)>, foldhash::fast::RandomState>,
}

/// A key's person: the case's primary.
const PRIMARY: u32 = u32::MAX;

/// A first name's one form for its nickname group (the group's first name in order).
fn canonical_first(first: &str) -> String {
    first_name_forms(first)
        .into_iter()
        .next()
        .unwrap_or_default()
}

/// The communities a name is compared within: the person's own, else their case's, else none
/// ("-": compared with others of no community).
fn places(
    person: &crate::api::model::SearchIndividual,
    primary: &crate::api::model::SearchIndividual,
) -> Vec<String> {
    let own = if person.communities.is_empty() {
        &primary.communities
    } else {
        &person.communities
    };
    if own.is_empty() {
        return vec!["-".to_owned()];
    }
    let mut ids: Vec<String> = own.iter().map(|c| c.id.to_string()).collect();
    ids.sort();
    ids.dedup();
    ids
}

impl DuplicateFinder {
    pub fn add(&mut self, case: &SearchCase) {
        let Ok(index) = u32::try_from(self.cases.len()) else {
            return;
        };
        let p = &case.primary;
        self.cases.push(CaseLabel {
            case_number: p.case_number.clone(),
            name: p.individual_name.clone(),
            communities: p
                .communities
                .iter()
                .map(|c| c.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            through: Vec::new(),
        });
        for (n, person) in std::iter::once(p).chain(&case.relationships).enumerate() {
            let who = if n == 0 {
                PRIMARY
            } else {
                match u32::try_from(self.relatives.len()) {
                    Ok(i) if i < PRIMARY => {
                        self.relatives.push(person.individual_name.clone());
                        i
                    }
                    _ => continue,
                }
            };
            let mut keys: Vec<(String, Why)> = Vec::new();
            if let Some(email) = person.email.as_deref().and_then(plain_email) {
                keys.push((format!("e|{email}"), Why::Email));
            }
            for phone in [
                &person.home_phone_format,
                &person.mobile_phone_format,
                &person.work_phone_format,
            ] {
                if let Some(digits) = phone_digits(phone) {
                    keys.push((format!("p|{digits}"), Why::Phone));
                }
            }
            let (first, last) = (
                plain_name(&person.first_name),
                plain_name(&person.last_name),
            );
            if first.len() >= 2 && last.len() >= 2 {
                // A name alone joins people of one community only: namesakes at two
                // communities are two families (an email or a phone still joins them).
                for place in places(person, p) {
                    keys.push((
                        format!("n|{}|{last}|{place}", canonical_first(&first)),
                        Why::Name,
                    ));
                    // Typed the other way round: "Smith John" meets "John Smith".
                    keys.push((
                        format!("n|{}|{first}|{place}", canonical_first(&last)),
                        Why::SwappedName,
                    ));
                }
            }
            for (key, why) in keys {
                let entry = self.keys.entry(key).or_default();
                if !entry
                    .iter()
                    .any(|(i, w, p)| *i == index && *w == why && *p == who)
                {
                    entry.push((index, why, who));
                }
            }
        }
    }

    /// The groups of two or more cases, the largest first.
    pub fn groups(mut self) -> Vec<DuplicateGroup> {
        let n = self.cases.len();
        let mut parent: Vec<u32> = (0..n as u32).collect();
        fn root(parent: &mut [u32], mut i: u32) -> u32 {
            while parent[i as usize] != i {
                let up = parent[parent[i as usize] as usize];
                parent[i as usize] = up;
                i = up;
            }
            i
        }
        // Why each joined case was joined (the strongest reason seen first).
        let mut why_of: Vec<Vec<Why>> = vec![Vec::new(); n];
        for entries in self.keys.values() {
            let mut cases: Vec<u32> = entries.iter().map(|(i, _, _)| *i).collect();
            cases.sort_unstable();
            cases.dedup();
            if cases.len() < 2 || cases.len() > MAX_GROUP {
                continue;
            }
            // Name keys: a swapped name only where the kinds differ.
            let kinds: Vec<Why> = entries.iter().map(|(_, w, _)| *w).collect();
            let why = match kinds.first() {
                Some(Why::Name | Why::SwappedName) => {
                    if kinds.contains(&Why::Name) && kinds.contains(&Why::SwappedName) {
                        Why::SwappedName
                    } else if kinds.iter().all(|w| *w == Why::Name) {
                        Why::Name
                    } else {
                        // Two people both typed the other way round: the same name.
                        Why::Name
                    }
                }
                Some(other) => *other,
                None => continue,
            };
            for (case, _, who) in entries {
                if let Some(name) = self.relatives.get(*who as usize) {
                    let through = &mut self.cases[*case as usize].through;
                    if !through.contains(name) {
                        through.push(name.clone());
                    }
                }
            }
            let first = root(&mut parent, cases[0]);
            for &c in &cases {
                if !why_of[c as usize].contains(&why) {
                    why_of[c as usize].push(why);
                }
                let r = root(&mut parent, c);
                if r != first {
                    parent[r as usize] = first;
                }
            }
        }
        let mut members: HashMap<u32, Vec<u32>> = HashMap::new();
        for i in 0..n as u32 {
            if !why_of[i as usize].is_empty() {
                let r = root(&mut parent, i);
                members.entry(r).or_default().push(i);
            }
        }
        let mut groups: Vec<DuplicateGroup> = members
            .into_values()
            .filter(|m| m.len() >= 2)
            .map(|m| {
                let mut why: Vec<Why> = m
                    .iter()
                    .flat_map(|&i| why_of[i as usize].iter().copied())
                    .collect();
                why.sort();
                why.dedup();
                let mut cases: Vec<CaseLabel> =
                    m.iter().map(|&i| self.cases[i as usize].clone()).collect();
                cases.sort();
                DuplicateGroup { cases, why }
            })
            .collect();
        // The strongest evidence first (an email before a phone before a name), then the
        // largest groups.
        groups.sort_by(|a, b| {
            a.why
                .first()
                .cmp(&b.why.first())
                .then_with(|| b.cases.len().cmp(&a.cases.len()))
                .then_with(|| a.cases.cmp(&b.cases))
        });
        groups.truncate(MAX_GROUPS);
        groups
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(number: &str, first: &str, last: &str, phone: &str, email: Option<&str>) -> SearchCase {
        let path = format!(
            "{}/../../tests/fixtures/search.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let response: crate::api::model::SearchResponse =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let mut case = response.cases.into_vec().remove(0);
        case.relationships.clear();
        let p = &mut case.primary;
        p.case_number = number.into();
        p.first_name = first.into();
        p.last_name = last.into();
        p.individual_name = format!("{first} {last}");
        p.home_phone_format = phone.into();
        p.mobile_phone_format = String::new();
        p.work_phone_format = String::new();
        p.email = email.map(str::to_owned);
        case
    }

    fn groups_of(cases: &[SearchCase]) -> Vec<DuplicateGroup> {
        let mut finder = DuplicateFinder::default();
        for c in cases {
            finder.add(c);
        }
        finder.groups()
    }

    /// Each group's case numbers and why.
    fn found(groups: &[DuplicateGroup]) -> Vec<(Vec<&str>, Vec<Why>)> {
        groups.iter().map(|g| (numbers(g), g.why.clone())).collect()
    }

    fn numbers(group: &DuplicateGroup) -> Vec<&str> {
        group.cases.iter().map(|c| c.case_number.as_str()).collect()
    }

    #[test]
    fn cases_sharing_a_phone_email_nickname_or_swapped_name_are_grouped() {
        let mut relative = case("6", "Ann", "Lee", "", None);
        let mut daughter = relative.primary.clone();
        daughter.first_name = "Carol".into();
        daughter.last_name = "Reyes".into();
        daughter.individual_name = "Carol Reyes".into();
        daughter.home_phone_format = "(614) 555-0142".into();
        relative.relationships.push(daughter);
        let cases = vec![
            case("1", "Margaret", "O'Neil", "(614) 555-0199", None),
            case("2", "Peggy", "Oneil", "", None),
            case("3", "Walter", "Brooks", "", Some("w.brooks@example.com")),
            case("4", "Wally", "Stone", "", Some("W.Brooks@Example.com ")),
            case("5", "Reyes", "Carol", "", None),
            relative,
            case("7", "Hugo", "Marsh", "614-555-0142", None),
            case("8", "Nobody", "Alike", "555-0000", None),
            // The same phone twice within one case is no duplicate.
            case(
                "9",
                "Iris",
                "Vale",
                "(740) 555-0100",
                Some("iris@example.com"),
            ),
        ];
        let groups = groups_of(&cases);
        let found = found(&groups);
        assert_eq!(
            found,
            vec![
                (vec!["3", "4"], vec![Why::Email]),
                (vec!["5", "6", "7"], vec![Why::Phone, Why::SwappedName]),
                (vec!["1", "2"], vec![Why::Name]),
            ],
            "a relative's phone and swapped name join her case to two others; nicknames and \
             apostrophes compare alike"
        );
        assert_eq!(groups[1].cases[1].name, "Ann Lee");
        assert_eq!(groups[1].cases[1].through, vec!["Carol Reyes".to_owned()]);
        assert!(groups[1].cases[0].through.is_empty(), "5 matched as itself");
        assert!(DuplicateFinder::default().groups().is_empty());
    }

    #[test]
    fn namesakes_at_two_communities_are_not_duplicates_unless_a_phone_or_email_joins_them() {
        let at = |mut c: SearchCase, community: i64| {
            let mut place = c.primary.communities[0].clone();
            place.id = community;
            c.primary.communities = vec![place];
            c
        };
        let cases = vec![
            at(case("1", "Ruth", "Greenberg", "", None), 1),
            at(case("2", "Ruth", "Greenberg", "", None), 2),
            at(case("3", "Hugo", "Marsh", "(614) 555-0142", None), 1),
            at(case("4", "Hugo", "Marsh", "614-555-0142", None), 2),
            at(case("5", "Ruth", "Greenberg", "", None), 1),
        ];
        let groups = groups_of(&cases);
        let found = found(&groups);
        // 2 shares only a name, at another community; 4 a phone (not the name) with 3.
        assert_eq!(
            found,
            vec![
                (vec!["3", "4"], vec![Why::Phone]),
                (vec!["1", "5"], vec![Why::Name]),
            ]
        );
    }
}
