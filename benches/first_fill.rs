//! What a first fill of the huge portal writes to disk: 100,000 cases in the sync's pages of
//! 2,000, then 863,000 activities month by month (18 reads, as the sync reads them), then the
//! units and contracts as rows. Prints the bytes the process wrote (Linux's
//! `/proc/self/io` `write_bytes`), the store's size at the end and the time taken; the goal is
//! writes of no more than about twice the store's size (issue 39).
//!
//! `cargo bench --bench first_fill` (not criterion: one fill is the measure, and it takes a
//! minute).

use leasedesk::engine::store::{SealKey, Store};

#[path = "support.rs"]
#[allow(dead_code)]
mod support;

const CASES: usize = 100_000;
const ACTIVITIES: usize = 863_000;
const MONTHS: usize = 18;
const DAYS: i64 = 548;

fn written_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/io")
        .ok()
        .and_then(|io| {
            io.lines()
                .find_map(|l| {
                    l.strip_prefix("write_bytes: ")
                        .map(|n| n.trim().parse().ok())
                })
                .flatten()
        })
        .unwrap_or(0)
}

fn size_of(dir: &std::path::Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.metadata().ok())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0)
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let dir = tempfile::tempdir_in(std::env::var("FILL_DIR").unwrap_or_else(|_| ".".into()))
        .expect("a folder for the store");
    let path = Store::path_for(dir.path(), "first-fill");
    let store = Store::open(&path, SealKey::generate().unwrap()).unwrap();
    let mut list = support::activities(ACTIVITIES, DAYS);
    let types = [
        "Tour",
        "Call Out",
        "Inquiry",
        "Deposit",
        "To Do",
        "Email Out",
    ];
    let count = list.len() as i64;
    for (i, a) in list.iter_mut().enumerate() {
        // A month's activities (by their update) have ids from every month: the service
        // numbers them as they are created, and old ones are updated again.
        a.id = (i as i64 * 7919) % count + 1;
        a.assigned_name = format!("Agent {}", i * 7 / 3 % 50);
        a.case_number = (20_000 + (i * 7919) % CASES).to_string();
        a.activity_type = Some(types[i % types.len()].into());
        a.completed = i % 3 != 0;
    }
    let cases = support::search_response(CASES).cases.into_vec();
    let (units, contracts) = support::inventory(20_000, 100_000);
    let started = std::time::Instant::now();
    let before = written_bytes();
    for page in cases.chunks(2000) {
        store.upsert(page).unwrap();
    }
    let after_cases = written_bytes();
    let month = ACTIVITIES.div_ceil(MONTHS);
    for (i, chunk) in list.chunks(month).enumerate() {
        let last = i + 1 == MONTHS;
        store
            .keep_activities(chunk, last.then(chrono::Utc::now))
            .unwrap();
    }
    let after_activities = written_bytes();
    store
        .keep_inventory(&units, &contracts, chrono::Utc::now())
        .unwrap();
    store.save().unwrap();
    let written = written_bytes() - before;
    let size = size_of(path.parent().expect("the store's folder"));
    let mib = |b: u64| b as f64 / 1024.0 / 1024.0;
    println!(
        "first fill: {:.1} s; written {:.0} MiB (cases {:.0}, activities {:.0}, the rest {:.0}); store {:.0} MiB; written ÷ store {:.2}",
        started.elapsed().as_secs_f64(),
        mib(written),
        mib(after_cases - before),
        mib(after_activities - after_cases),
        mib(written - (after_activities - before)),
        mib(size),
        written as f64 / size.max(1) as f64
    );
}
