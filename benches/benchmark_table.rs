//! Our figures beside the industry's for a 100,000-case portal, as Sales' "Beside the
//! industry" tab works them out from the figures the store gives it (each case's journey and
//! facts, first contacts, the forecast and the last 90 days' moves).

use std::collections::HashMap;

use chrono::{DateTime, Days, NaiveDate, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use leasedesk::domain::benchmarks::{Inputs, MoveDates, rows};
use leasedesk::domain::funnel::{CaseFacts, Journey};
use leasedesk::domain::response_times::ContactTimes;
use leasedesk::domain::speed_to_lead::LeadRules;

const CASES: usize = 100_000;
const COMMUNITIES: [&str; 3] = ["Maple Grove", "Cedar Ridge", "Riverside"];

fn benchmark_table(c: &mut Criterion) {
    let today = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
    let day = |n: usize| today.checked_sub_days(Days::new((n % 700) as u64));
    let journeys: Vec<Journey> = (0..CASES)
        .map(|i| Journey {
            case_number: i.to_string(),
            individual_id: i as i64,
            name: String::new(),
            dates: [
                day(i),
                (i % 5 == 0).then(|| day(i)).flatten(),
                (i % 20 == 0).then(|| day(i)).flatten(),
                (i % 15 == 0)
                    .then(|| day(i).and_then(|d| d.checked_add_days(Days::new(30))))
                    .flatten(),
            ],
        })
        .collect();
    let facts: HashMap<String, CaseFacts> = (0..CASES)
        .map(|i| {
            (
                i.to_string(),
                CaseFacts {
                    community: COMMUNITIES[i % 3].into(),
                    ..Default::default()
                },
            )
        })
        .collect();
    let now: DateTime<Utc> = "2026-11-27T15:00:00Z".parse().unwrap();
    let times: HashMap<String, ContactTimes> = (0..CASES)
        .map(|i| {
            let inquired = now - chrono::Duration::hours((i % 5000) as i64);
            (
                i.to_string(),
                ContactTimes {
                    inquired,
                    first_contact: Some(inquired + chrono::Duration::minutes((i % 600) as i64)),
                    community_id: Some((i % 3) as i64),
                },
            )
        })
        .collect();
    let moves: Vec<MoveDates> = (0..3000)
        .map(|i| MoveDates {
            community: COMMUNITIES[i % 3].into(),
            move_in: day(i % 90).unwrap(),
            move_out: (i % 2 == 0).then(|| day(i % 90)).flatten(),
        })
        .collect();
    let forecast = leasedesk::domain::census::forecast(&[], &[], today, 1);
    let rules = LeadRules::default();
    c.bench_function("benchmark_table/100000", |b| {
        b.iter(|| {
            std::hint::black_box(rows(&Inputs {
                journeys: &journeys,
                facts: &facts,
                times: Some(&times),
                rules: &rules,
                zone: chrono_tz::America::New_York,
                forecast: &forecast,
                moves: &moves,
                today,
            }))
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = benchmark_table
}
criterion_main!(benches);
