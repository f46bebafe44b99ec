//! Matching a phone system's export to the portal: 10,000 calls against the phone book of a
//! 100,000-case portal (each case's lead and family numbers), as `leasedesk calls import` does
//! once it has read the cases.

use criterion::{Criterion, criterion_group, criterion_main};
use leasedesk::domain::calls::matching::{PhoneBook, match_calls};
use leasedesk::domain::calls::{Call, Direction};

#[allow(dead_code)]
#[path = "support.rs"]
mod support;

const CASES: usize = 100_000;
const CALLS: usize = 10_000;

fn phone(n: usize) -> String {
    format!(
        "({}) {:03}-{:04}",
        200 + n / 10_000_000 % 700,
        n / 10_000 % 1000,
        n % 10_000
    )
}

fn book() -> PhoneBook {
    let mut cases = support::search_response(CASES).cases.into_vec();
    for (i, case) in cases.iter_mut().enumerate() {
        case.primary.home_phone_format = phone(3 * i + 7_000_000);
        case.primary.mobile_phone_format = phone(3 * i + 7_000_001);
        for family in &mut case.relationships {
            family.mobile_phone_format = phone(3 * i + 7_000_002);
        }
    }
    let mut book = PhoneBook::default();
    for case in &cases {
        book.add(case);
    }
    book
}

fn calls() -> Vec<Call> {
    let start = "2026-11-20T15:04:05Z".parse().unwrap();
    (0..CALLS)
        .map(|i| {
            // Nine in ten from the portal's people, written another way; the rest strangers.
            let number = if i % 10 == 9 {
                phone(90_000_000 + i)
            } else {
                let n = 3 * (i * 7 % CASES) + 7_000_000 + i % 2;
                let d = phone(n).replace(['(', ')', ' ', '-'], "");
                format!("+1 {}.{}.{}", &d[..3], &d[3..6], &d[6..])
            };
            Call {
                line: i + 2,
                direction: if i % 2 == 0 {
                    Direction::In
                } else {
                    Direction::Out
                },
                caller: number.clone(),
                callee: number,
                start,
                seconds: (i % 600) as u32,
                answered: i % 3 != 0,
            }
        })
        .collect()
}

fn call_match(c: &mut Criterion) {
    let book = book();
    let calls = calls();
    let found = match_calls(&calls, &book);
    eprintln!(
        "call_match: {} cases, {} calls: {} matched, {} numbers unmatched",
        book.len(),
        calls.len(),
        found.matched.len(),
        found.unmatched.len()
    );
    assert_eq!(found.matched.len(), CALLS * 9 / 10);
    let mut group = c.benchmark_group("call_match");
    group.sample_size(20);
    group.bench_function("10000", |b| {
        b.iter(|| match_calls(&calls, &book).matched.len())
    });
    group.finish();
}

criterion_group!(benches, call_match);
criterion_main!(benches);
