//! The access log: one entry appended (sealed, chained, the head rewritten), and the whole
//! chain of 1,000,000 entries verified, as `leasedesk audit verify` does.

use chrono::{TimeZone, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use leasedesk::engine::access_log::{AccessLog, Entry, LogKey, What, verify};
use leasedesk::engine::store::sealed::SealKey;

fn access_log(c: &mut Criterion) {
    let seal = SealKey::generate().unwrap();
    let at = Utc.with_ymd_and_hms(2026, 11, 28, 15, 0, 0).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut log =
        AccessLog::open(dir.path(), LogKey::from_seal(&seal), "Dana Whitfield", at).unwrap();
    let entry = Entry::new(at, "Dana Whitfield", What::CaseOpened, Some("100231"), "");
    c.bench_function("access_log_append", |b| {
        b.iter(|| log.append(&entry).unwrap())
    });
    drop(log);

    let big = tempfile::tempdir().unwrap();
    let mut log =
        AccessLog::open(big.path(), LogKey::from_seal(&seal), "Dana Whitfield", at).unwrap();
    while log.count() < 1_000_000 {
        log.append(&entry).unwrap();
    }
    log.close("Dana Whitfield", at).unwrap();
    let key = LogKey::from_seal(&seal);
    let mut group = c.benchmark_group("access_log_verify");
    group.sample_size(10);
    group.bench_function("1,000,000 entries", |b| {
        b.iter(|| assert!(verify(big.path(), &key).unwrap().entries > 1_000_000))
    });
    group.finish();
}

criterion_group!(benches, access_log);
criterion_main!(benches);
