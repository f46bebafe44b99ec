//! The store with 100,000 cases.
//!
//! `local_search/100000`: one keystroke's search ("walter hoff") over the copy, as the search
//! pane runs it (at most `LOCAL_LIMIT` cases back, decoded).
//! `local_search_one_letter/100000`: the widest keystroke ("m"), which matches most cases.
//! `copy_open_and_first_search/100000`: start-up with the service unreachable: open the store
//! (check its key), and answer the first search (what the pane shows).
//! `resync_unchanged/2000`: a page of a sync whose cases did not change (digests compared,
//! nothing written).

use criterion::{Criterion, criterion_group, criterion_main};
use leasedesk::engine::store::{SealKey, Store, StoreQuery};

#[path = "support.rs"]
#[allow(dead_code)]
mod support;

const CASES: usize = 100_000;
/// As the search pane asks (`LOCAL_LIMIT`).
const LIMIT: usize = leasedesk::ui::panes::cases::LOCAL_LIMIT;

fn query(text: &str) -> StoreQuery {
    StoreQuery {
        text: text.into(),
        ..StoreQuery::default()
    }
}

fn offline(c: &mut Criterion) {
    let cases = support::search_response(CASES).cases.into_vec();
    let dir = tempfile::tempdir().unwrap();
    let path = Store::path_for(dir.path(), "bench");
    let key = SealKey::generate().unwrap();
    let store = Store::open(&path, key.clone()).unwrap();
    for chunk in cases.chunks(2000) {
        store.upsert(chunk).unwrap();
    }
    store.mark_synced(chrono::Utc::now()).unwrap();
    store.save().unwrap();
    let size = std::fs::metadata(&path).unwrap().len();
    eprintln!("store of {CASES} cases: {:.1} MB", size as f64 / 1e6);

    let found = store.search(&query("walter hoff"), LIMIT).unwrap();
    assert!(!found.cases.is_empty());
    c.bench_function(&format!("local_search/{CASES}"), |b| {
        b.iter(|| store.search(&query("walter hoff"), LIMIT).unwrap())
    });
    c.bench_function(&format!("local_search_one_letter/{CASES}"), |b| {
        b.iter(|| store.search(&query("m"), LIMIT).unwrap())
    });
    c.bench_function("resync_unchanged/2000", |b| {
        b.iter(|| store.upsert(&cases[..2000]).unwrap())
    });
    let mut group = c.benchmark_group("startup");
    group.sample_size(10);
    group.bench_function(format!("copy_open_and_first_search/{CASES}"), |b| {
        b.iter(|| {
            let copy = Store::open(&path, key.clone()).unwrap();
            let first = copy.search(&StoreQuery::default(), LIMIT).unwrap();
            assert_eq!(first.cases.len(), LIMIT);
            first
        })
    });
    group.finish();
}

criterion_group!(benches, offline);
criterion_main!(benches);
