//! The regional roll-up from the stores: each portal's rows worked out from its own store (the
//! funnel's rows, the forecast, the moves, first contacts and the team board), as Sales'
//! Region tab asks them, for two portals of the demo's size and for a portal of the huge seed's.
//!
//! `region/two_demo_portals`: two stores of 1,600 cases, 12,000 activities, 300 units.
//! `region/huge_portal`: one store of 100,000 cases, 863,000 activities, 20,000 units.

use chrono::{DateTime, NaiveDate, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use leasedesk::domain::speed_to_lead::LeadRules;
use leasedesk::engine::portal_rows;
use leasedesk::engine::store::{SealKey, Store};

#[path = "support.rs"]
#[allow(dead_code)]
mod support;

const TYPES: [&str; 8] = [
    "Inquiry",
    "Call Out",
    "Tour",
    "Email Out",
    "Deposit",
    "Call In",
    "To Do",
    "Move In",
];

/// A store on disk filled as a first sync fills it.
fn filled(
    dir: &std::path::Path,
    name: &str,
    cases: usize,
    activities: usize,
    units: usize,
) -> Store {
    let store = Store::open(&Store::path_for(dir, name), SealKey::generate().unwrap()).unwrap();
    for chunk in support::search_response(cases)
        .cases
        .into_vec()
        .chunks(2000)
    {
        store.upsert(chunk).unwrap();
    }
    let mut list = support::activities(activities, 548);
    for (i, a) in list.iter_mut().enumerate() {
        a.assigned_name = format!("Agent {}", i % 12);
        a.case_number = (20_000 + i % cases).to_string();
        a.activity_type = Some(TYPES[i % TYPES.len()].into());
        a.completed = i % 3 != 0;
        a.cancelled = false;
        a.no_show = false;
    }
    let batches = list.len().div_ceil(5000);
    for (n, chunk) in list.chunks(5000).enumerate() {
        store
            .keep_activities(chunk, (n + 1 == batches).then(Utc::now))
            .unwrap();
    }
    let (units, contracts) = support::inventory(units, units * 5);
    store
        .keep_inventory(&units, &contracts, Utc::now())
        .unwrap();
    store.save().unwrap();
    store
}

fn region(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let today = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
    let now: DateTime<Utc> = "2026-11-27T15:00:00Z".parse().unwrap();
    let rules = LeadRules::default();
    let zone = chrono_tz::America::New_York;
    let demo = filled(dir.path(), "demo", 1_600, 12_000, 300);
    let second = filled(dir.path(), "second", 1_600, 12_000, 300);
    let rows =
        |store: &Store, label: &str| portal_rows(store, label, today, now, &rules, zone).unwrap();
    eprintln!(
        "two demo portals: {} + {} rows",
        rows(&demo, "Demo").len(),
        rows(&second, "Second").len()
    );
    let mut group = c.benchmark_group("region");
    group.sample_size(10);
    group.bench_function("two_demo_portals", |b| {
        b.iter(|| (rows(&demo, "Demo"), rows(&second, "Second")))
    });
    drop((demo, second));
    let huge = filled(dir.path(), "huge", 100_000, 863_000, 20_000);
    let before = leasedesk::engine::memory::heap_in_use();
    let found = rows(&huge, "Huge");
    eprintln!(
        "huge portal: {} rows; heap after the read {:.1} MB above before it",
        found.len(),
        (leasedesk::engine::memory::heap_in_use() as f64 - before as f64) / 1e6
    );
    group.bench_function("huge_portal", |b| b.iter(|| rows(&huge, "Huge")));
    group.finish();
}

criterion_group!(benches, region);
criterion_main!(benches);
