//! Search's "Possible duplicates": the portal's cases that may be one person, grouped, checked
//! against the pairs worked out by hand from the service's search pages.

use std::collections::HashMap;
use std::time::Duration;

use crate::sources::all_cases;
use crate::support::{app, direct_client};

#[test]
fn possible_duplicates_groups_the_cases_sharing_a_phone_and_opens_one() {
    let mut t = app();
    t.wait_for_cases();
    let client = direct_client(&t);
    // By hand: cases whose people share a phone's digits (7 or more, without a leading 1).
    let mut by_phone: HashMap<String, Vec<String>> = HashMap::new();
    for case in all_cases(&client) {
        let number = case.primary.case_number.clone();
        for person in std::iter::once(&case.primary).chain(&case.relationships) {
            for phone in [
                &person.home_phone_format,
                &person.mobile_phone_format,
                &person.work_phone_format,
            ] {
                let mut digits: String = phone.chars().filter(char::is_ascii_digit).collect();
                if digits.len() == 11 && digits.starts_with('1') {
                    digits.remove(0);
                }
                if digits.len() >= 7 {
                    let cases = by_phone.entry(digits).or_default();
                    if !cases.contains(&number) {
                        cases.push(number.clone());
                    }
                }
            }
        }
    }
    let shared: Vec<Vec<String>> = by_phone
        .into_values()
        .filter(|c| (2..=50).contains(&c.len()))
        .collect();
    assert!(
        shared.len() >= 3,
        "the demo's people known twice share a phone: {shared:?}"
    );

    t.click("Search");
    t.click("Possible duplicates");
    t.step_until("the groups", Duration::from_secs(120), |h| {
        h.state()
            .panes
            .cases
            .search
            .duplicates
            .groups
            .state
            .value()
            .is_some()
    });
    let groups = t
        .harness
        .state()
        .panes
        .cases
        .search
        .duplicates
        .groups
        .state
        .value()
        .unwrap()
        .clone();
    for cases in &shared {
        let group = groups
            .iter()
            .find(|g| g.cases.iter().any(|c| c.case_number == cases[0]))
            .unwrap_or_else(|| panic!("no group holds case {}", cases[0]));
        for number in cases {
            assert!(
                group.cases.iter().any(|c| &c.case_number == number),
                "{number} is with {}",
                cases[0]
            );
        }
        assert!(
            group
                .why
                .contains(&leasedesk::domain::duplicates::Why::Phone)
        );
    }
    t.wait_for_text("cases that may be one person");

    // A case opens from its group (one whose name is listed once).
    let listed = |name: &str| {
        groups
            .iter()
            .flat_map(|g| &g.cases)
            .filter(|c| c.name == name)
            .count()
    };
    let first = groups
        .iter()
        .flat_map(|g| &g.cases)
        .find(|c| listed(&c.name) == 1)
        .expect("a case named once")
        .clone();
    t.click_first(&first.name);
    t.step_until("the case", Duration::from_secs(30), |h| {
        h.state()
            .panes
            .cases
            .view
            .as_ref()
            .is_some_and(|v| v.case_number() == first.case_number)
    });
}
