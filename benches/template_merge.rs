//! A template merged with a case, as the outreach dialog does when it opens: the facts read
//! from the case's activities, contract and checklist, then the subject and body merged (the
//! Spanish letter: its tour day is written from the locale's tables, the slower way).

use criterion::{Criterion, criterion_group, criterion_main};
use leasedesk::domain::outreach::facts::{CaseParts, facts};
use leasedesk::domain::outreach::merge::merge;
use leasedesk::domain::outreach::{Channel, Language, Purpose, Templates};

fn fixture<T: serde::de::DeserializeOwned>(name: &str) -> Vec<T> {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn template_merge(c: &mut Criterion) {
    // A case with a long history: 200 activities, its contract and checklist.
    let one: Vec<leasedesk::api::model::Activity> = fixture("activities.json");
    let activities: Vec<_> = (0..200)
        .map(|i| {
            let mut a = one[i % one.len()].clone();
            a.id = i as i64;
            a
        })
        .collect();
    let contracts: Vec<leasedesk::api::model::HousingContract> = fixture("housing_contracts.json");
    let checklist: Vec<leasedesk::api::model::AdmissionRequirement> = fixture("admission.json");
    let templates = Templates::default();
    let template = templates
        .find(
            Some(11),
            Purpose::AfterTour,
            Channel::Email,
            Language::Spanish,
        )
        .unwrap()
        .clone();
    let now = chrono::Utc::now();
    c.bench_function("template_merge", |b| {
        b.iter(|| {
            let parts = CaseParts {
                person_name: "Margaret Ellison",
                contact_name: "Ruth Ellison",
                to_themself: false,
                community: Some("Maple Grove Senior Living"),
                agent: Some("Dana Whitfield"),
                activities: &activities,
                contracts: &contracts,
                checklist: &checklist,
                language: template.language,
            };
            let f = facts(&parts, now, chrono_tz::America::New_York);
            let subject = merge(&template.subject, &f);
            let body = merge(&template.body, &f);
            std::hint::black_box((subject, body))
        })
    });
}

criterion_group!(benches, template_merge);
criterion_main!(benches);
