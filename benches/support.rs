//! Synthetic Search responses of any size, from the hand-written fixture.

use leasedesk::api::model::{Activity, SearchResponse};

pub fn search_response(cases: usize) -> SearchResponse {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/search.json"
    ))
    .unwrap();
    let template: SearchResponse = serde_json::from_str(&text).unwrap();
    let firsts = [
        "Margaret", "Harold", "Ruth", "Walter", "Dorothy", "Arthur", "Helen", "George",
    ];
    let lasts = [
        "Ellison", "Okafor", "Brennan", "Castillo", "Delgado", "Hoffman", "Novak", "Tanaka",
        "Vance",
    ];
    let mut response = template.clone();
    response.cases = (0..cases)
        .map(|i| {
            let mut case = template.cases[i % template.cases.len()].clone();
            let (first, last) = (firsts[i % firsts.len()], lasts[(i / 7) % lasts.len()]);
            case.primary.individual_id = 10_000 + i as i64;
            case.primary.case_number = (20_000 + i).to_string();
            case.primary.first_name = first.into();
            case.primary.last_name = format!("{last}{}", i % 97);
            case.primary.individual_name = format!("{first} {last}{}", i % 97);
            case
        })
        .collect();
    response.total = cases as i64;
    response
}

/// `count` activities spread over `days` days starting Nov 1 2026, from the fixture.
pub fn activities(count: usize, days: i64) -> Vec<Activity> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/activities.json"
    ))
    .unwrap();
    let template: Vec<Activity> = serde_json::from_str(&text).unwrap();
    let start = chrono::DateTime::parse_from_rfc3339("2026-11-01T08:00:00-05:00").unwrap();
    (0..count)
        .map(|i| {
            let mut a = template[i % 2].clone();
            a.id = i as i64 + 1;
            a.due_date = start
                + chrono::Duration::days(i as i64 % days)
                + chrono::Duration::minutes(15 * (i as i64 % 40));
            a.due_date_end = a.due_date + chrono::Duration::minutes(30);
            a.all_day = i % 10 == 0;
            a.individual_full_name = format!("Resident {i}");
            a
        })
        .collect()
}

/// `units` units over 5 communities and `contracts` contracts spread over them (about one in
/// eight still active), from the fixtures.
pub fn inventory(
    units: usize,
    contracts: usize,
) -> (
    Vec<leasedesk::api::model::Unit>,
    Vec<leasedesk::api::model::HousingContract>,
) {
    use leasedesk::api::model::{HousingContract, Unit};
    let read = |name: &str| {
        std::fs::read_to_string(format!(
            "{}/tests/fixtures/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
    };
    let unit_template: Vec<Unit> = serde_json::from_str(&read("units.json")).unwrap();
    let contract_template: Vec<HousingContract> =
        serde_json::from_str(&read("housing_contracts.json")).unwrap();
    let groups = ["Independent Living", "Assisted Living", "Memory Care"];
    let unit_list: Vec<Unit> = (0..units)
        .map(|i| {
            let mut u = unit_template[i % unit_template.len()].clone();
            u.id = i as i64 + 1;
            u.number = (100 + i / 5).to_string();
            u.community_id = (i % 5) as i64 + 1;
            u.community_name = format!("Community {}", i % 5 + 1);
            u.care_group = groups[i % 3].into();
            u.capacity = 1 + (i % 4 == 0) as i64;
            u
        })
        .collect();
    let start = chrono::DateTime::parse_from_rfc3339("2019-01-01T12:00:00Z").unwrap();
    let contract_list = (0..contracts)
        .map(|i| {
            let mut c = contract_template[i % contract_template.len()].clone();
            c.id = i as i64 + 1;
            c.unit_id = (i % units) as i64 + 1;
            c.individual_id = i as i64 + 1;
            c.individual_name = format!("Resident {i}");
            c.move_in_date = start + chrono::Duration::days((i * 7 % 2800) as i64);
            let active = i % 8 == 0;
            c.active_lease = active;
            c.move_out_date = (!active).then(|| c.move_in_date + chrono::Duration::days(200));
            c
        })
        .collect();
    (unit_list, contract_list)
}
