//! The move-in score: 40,000 active leads scored by a fitted model (what a pane waits for once
//! the model is in), and the fit itself on a huge portal's past (done once a day or a sync).

use criterion::{Criterion, criterion_group, criterion_main};
use leasedesk::domain::move_in_score::{fit, sample, score_leads};

fn move_in_score(c: &mut Criterion) {
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
    let records = sample::history(150_000, today);
    let last = today - chrono::Days::new(90);
    let first = records.iter().map(|r| r.inquired).min().unwrap();
    let days: Vec<_> = fit::past_days(first, last).collect();
    let rows = fit::rows_on(&records, &days);
    let model = fit::fit(&records, &rows).expect("the sample fits");
    let active: Vec<_> = records
        .iter()
        .filter(|r| r.active)
        .take(40_000)
        .cloned()
        .collect();
    assert_eq!(active.len(), 40_000, "the sample has 40,000 active leads");
    c.bench_function("score/40000", |b| {
        b.iter(|| score_leads(&model, &active, today))
    });
    let mut group = c.benchmark_group("score");
    group.sample_size(10);
    group.bench_function("fit/150000", |b| {
        b.iter(|| {
            let rows = fit::rows_on(&records, &days);
            fit::fit(&records, &rows)
        })
    });
    group.finish();
}

criterion_group!(benches, move_in_score);
criterion_main!(benches);
