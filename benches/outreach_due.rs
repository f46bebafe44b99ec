//! `outreach due` over a huge portal, without the service's reads: 100,000 cases (40% active
//! leads over 50 agents, a tenth of them new this week), 500,000 activities (a plan started on
//! one case in 50, an opt-out of calls on one new lead in ten), the team's lists and the contact guard on every
//! row.

use chrono::{DateTime, Duration, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use leasedesk::api::model::{Activity, IndividualType, SearchCase, SearchResponse};
use leasedesk::domain::contact::{Action, Scope, preference};
use leasedesk::domain::contact_story::ContactRule;
use leasedesk::domain::outreach::Channel;
use leasedesk::domain::outreach_due::due;
use leasedesk::engine::outreach_due_from_store;
use leasedesk::engine::store::{SealKey, Store};

const CASES: usize = 100_000;
const PER_CASE: usize = 5;

fn fixture<T: serde::de::DeserializeOwned>(name: &str) -> T {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn portal(now: DateTime<Utc>) -> (Vec<SearchCase>, Vec<Activity>) {
    let search: SearchResponse = fixture("search.json");
    let template = search.cases[0].clone();
    let one: Vec<Activity> = fixture("activities.json");
    let mut cases = Vec::with_capacity(CASES);
    let mut activities = Vec::with_capacity(CASES * PER_CASE);
    for i in 0..CASES {
        let mut case = template.clone();
        let p = &mut case.primary;
        p.case_number = (10_000 + i).to_string();
        p.individual_id = i as i64;
        p.individual_name = format!("Person {i}");
        p.assigned_user_id = (i % 50) as i64;
        p.assigned_user = format!("Agent {}", i % 50);
        (p.individual_type_id, p.individual_status_name) = if i % 5 < 2 {
            (IndividualType::Prospect, "Active".into())
        } else {
            (IndividualType::Resident, "Moved In".into())
        };
        let created = now
            - Duration::days(if i % 10 == 0 {
                2
            } else {
                30 + (i % 300) as i64
            });
        p.date_created = created.fixed_offset();
        case.relationships.clear();
        for k in 0..PER_CASE {
            let mut a = one[k % one.len()].clone();
            a.id = (i * PER_CASE + k) as i64;
            a.case_number = p.case_number.clone();
            a.individual_id = p.individual_id;
            a.due_date = (created + Duration::days(k as i64 * 3)).fixed_offset();
            a.cancelled = false;
            // Open tours ahead would be next steps taken; these are all done.
            a.completed = true;
            if i % 10 == 0 {
                // A new lead: inquiries, and nobody has reached out yet.
                a.activity_type = Some("Web Form".into());
                a.activity_name = "Web Form".into();
                a.due_date = created.fixed_offset();
            }
            if k == 0 && i % 50 == 1 {
                a.activity_name = "Follow-up plan started: New lead".into();
                a.activity_type = Some("Other".into());
                a.due_date = (now - Duration::days(3)).fixed_offset();
            }
            if k == 1 && i % 100 == 10 {
                a.activity_name =
                    preference::description(Action::OptOut, Scope::Only(Channel::Call), "asked");
            }
            activities.push(a);
        }
        cases.push(case);
    }
    (cases, activities)
}

fn outreach_due(c: &mut Criterion) {
    let now: DateTime<Utc> = "2026-11-24T19:00:00Z".parse().unwrap();
    let (cases, activities) = portal(now);
    let rule = ContactRule {
        rules: Default::default(),
        zone: chrono_tz::America::New_York,
    };
    let once = due(&cases, &activities, now, &rule);

    let held = once.iter().filter(|r| !r.allowed).count();
    assert!(
        !once.is_empty() && held > 0,
        "{} due, {held} held",
        once.len()
    );
    eprintln!("outreach_due: {} due, {held} held", once.len());
    let mut group = c.benchmark_group("outreach_due");
    group.sample_size(10);
    group.bench_function("100000", |b| {
        b.iter(|| due(&cases, &activities, now, &rule))
    });
    // The same portal from a sealed offline copy on disk, as `outreach due --profile` reads it
    // once a sync has brought the copy up to date: every lead's row and its activities opened.
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(
        &Store::path_for(dir.path(), "outreach-due"),
        SealKey::generate().unwrap(),
    )
    .unwrap();
    for page in cases.chunks(2000) {
        store.upsert(page).unwrap();
    }
    for month in activities.chunks(50_000) {
        store.keep_activities(month, None).unwrap();
    }
    store.keep_activities(&[], Some(now)).unwrap();
    store.keep_older_words(&[]).unwrap();
    store.save().unwrap();
    let from_copy = outreach_due_from_store(&store, now, &rule, &[]).unwrap();
    assert_eq!(from_copy, once, "the copy and the service's read agree");
    group.bench_function("100000 from the offline copy", |b| {
        b.iter(|| outreach_due_from_store(&store, now, &rule, &[]).unwrap())
    });
    group.finish();
}

criterion_group!(benches, outreach_due);
criterion_main!(benches);
