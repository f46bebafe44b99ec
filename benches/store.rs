//! The local store filled like the huge seed (100,000 cases, 863,000 activities over 18 months,
//! 50 agents; 20,000 units and 100,000 contracts as rows), asked as the
//! panes ask it. Nothing is held between iterations but the store itself.
//!
//! `calendar_month/one_agent`: one agent's month (the calendar's own list).
//! `calendar_month/everyone`: everyone's month (the team's view), every row opened.
//! `my_day/one_agent`: the agent's open items from 30 days back to a week ahead.
//! `search_keystroke`: one keystroke's search ("walter hoff"), at most 100 cases opened.
//! `search_first`: a run's first search: the store opened and every case's sealed words read.
//! `duplicate_match/100000`: a new individual's name and phone matched against every case.
//! `funnel_first_done`: each case's first completed activity of each stage's types, in SQL.
//! `forecast`: the 90-day census forecast from the units' and contracts' rows.

use chrono::{DateTime, Duration, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use leasedesk::engine::store::{DueWindow, SealKey, Store, StoreQuery};

#[path = "support.rs"]
#[allow(dead_code)]
mod support;

const CASES: usize = 100_000;
const ACTIVITIES: usize = 863_000;
const AGENTS: usize = 50;
const DAYS: i64 = 548;

fn agent(i: usize) -> String {
    format!("Agent {}", i % AGENTS)
}

fn store(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let path = Store::path_for(dir.path(), "bench-store");
    let key = SealKey::generate().unwrap();
    let store = Store::open(&path, key.clone()).unwrap();
    let started = std::time::Instant::now();
    for chunk in support::search_response(CASES)
        .cases
        .into_vec()
        .chunks(2000)
    {
        store.upsert(chunk).unwrap();
    }
    let types = [
        "Tour",
        "Call Out",
        "Inquiry",
        "Deposit",
        "To Do",
        "Email Out",
    ];
    let mut list = support::activities(ACTIVITIES, DAYS);
    for (i, a) in list.iter_mut().enumerate() {
        a.assigned_name = agent(i * 7 / 3);
        a.case_number = (20_000 + i % CASES).to_string();
        a.activity_type = Some(types[i % types.len()].into());
        a.completed = i % 3 != 0;
        a.cancelled = false;
        a.no_show = false;
    }
    // As the first sync fills it: the last batch marks the fill complete (and builds the
    // activities' indexes, which the fill writes without).
    let batches = list.len().div_ceil(5000);
    for (n, chunk) in list.chunks(5000).enumerate() {
        let complete = (n + 1 == batches).then(Utc::now);
        store.keep_activities(chunk, complete).unwrap();
    }
    drop(list);
    let (units, mut contracts) = support::inventory(20_000, 100_000);
    // The coming 90 days of a portal this size: 1,000 signed move-ins and 1,000 notices.
    let soon: chrono::DateTime<chrono::FixedOffset> = "2026-11-23T12:00:00Z".parse().unwrap();
    for (i, c) in contracts.iter_mut().enumerate() {
        if i % 100 == 1 {
            c.active_lease = true;
            c.move_in_date = soon + Duration::days((i / 100 % 90) as i64);
            c.move_out_date = None;
        } else if i % 100 == 0 {
            c.active_lease = true;
            c.move_out_date = Some(soon + Duration::days((i / 100 % 90) as i64));
        }
    }
    store
        .keep_inventory(&units, &contracts, Utc::now())
        .unwrap();
    drop((units, contracts));
    store.save().unwrap();
    let size: u64 = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().metadata().unwrap().len())
        .sum();
    eprintln!(
        "store of {CASES} cases and {ACTIVITIES} activities: {:.0} MB, filled in {:.0} s",
        size as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );

    let start: DateTime<Utc> = "2026-11-01T00:00:00Z".parse().unwrap();
    let month = |assigned: Option<String>| DueWindow {
        from: start + Duration::days(30),
        to: start + Duration::days(61),
        assigned,
        open_only: false,
    };
    let (one, _) = store.activities_due(&month(Some(agent(7)))).unwrap();
    let (all, _) = store.activities_due(&month(None)).unwrap();
    eprintln!(
        "a month: {} of one agent's, {} of everyone's",
        one.len(),
        all.len()
    );
    let mut group = c.benchmark_group("calendar_month");
    group.sample_size(10);
    group.bench_function("one_agent", |b| {
        b.iter(|| store.activities_due(&month(Some(agent(7)))).unwrap())
    });
    group.bench_function("everyone", |b| {
        b.iter(|| store.activities_due(&month(None)).unwrap())
    });
    // What the team's calendar opens of it: each day counted, its first 40 opened, and the
    // open ones before the month counted with the latest 40 opened.
    let team = leasedesk::engine::store::TeamDays {
        from: (start + Duration::days(30)).date_naive(),
        to: (start + Duration::days(60)).date_naive(),
        ..Default::default()
    };
    let page = store.team_days(&team, 40).unwrap();
    eprintln!(
        "everyone's month, paged: {} opened of {}",
        page.activities.len(),
        page.counts.iter().map(|(_, n)| n).sum::<usize>()
    );
    group.bench_function("everyone_paged", |b| {
        b.iter(|| {
            let page = store.team_days(&team, 40).unwrap();
            let overdue = store.team_overdue(&team, team.from, 40).unwrap();
            (page, overdue)
        })
    });
    group.finish();

    let now = start + Duration::days(40);
    let my_day = DueWindow {
        from: now - Duration::days(30),
        to: now + Duration::days(7),
        assigned: Some(agent(7)),
        open_only: true,
    };
    c.bench_function("my_day/one_agent", |b| {
        b.iter(|| store.activities_due(&my_day).unwrap())
    });

    let keystroke = StoreQuery {
        text: "walter hoff".into(),
        ..StoreQuery::default()
    };
    assert!(!store.search(&keystroke, 100).unwrap().cases.is_empty());
    c.bench_function("search_keystroke", |b| {
        b.iter(|| store.search(&keystroke, 100).unwrap())
    });
    // A run's first search reads every case's sealed words into memory (no index in the file).
    let fresh = Store::open(&path, key.clone()).unwrap();
    assert!(!fresh.search(&keystroke, 100).unwrap().cases.is_empty());
    eprintln!(
        "search words held in memory: {} KiB for {CASES} cases",
        fresh.search_words_bytes() / 1024
    );
    drop(fresh);
    let mut first = c.benchmark_group("search_first");
    first.sample_size(10);
    first.bench_function("open_and_first_search/100000", |b| {
        b.iter(|| {
            let fresh = Store::open(&path, key.clone()).unwrap();
            fresh.search(&keystroke, 100).unwrap()
        })
    });
    first.finish();

    // A new individual's name (a nickname of a known person's) and phone, against every case
    // and its relatives: the store's questions, then the matching.
    let probe = leasedesk::domain::duplicates::Probe {
        first_name: "Walt".into(),
        last_name: "Hoffman12".into(),
        phones: vec!["(614) 555-0123".into()],
        email: String::new(),
    };
    let found = leasedesk::domain::duplicates::matches(
        &probe,
        &store.duplicate_candidates(&probe).unwrap(),
    );
    assert!(found.iter().any(|m| m.name.starts_with("Walter Hoffman12")));
    c.bench_function("duplicate_match/100000", |b| {
        b.iter(|| {
            leasedesk::domain::duplicates::matches(
                &probe,
                &store.duplicate_candidates(&probe).unwrap(),
            )
        })
    });

    let stage_types: Vec<&str> = leasedesk::domain::funnel::STAGE_OF_TYPE
        .iter()
        .map(|(name, _)| *name)
        .collect();
    c.bench_function("funnel_first_done", |b| {
        b.iter(|| store.first_done_by_case(&stage_types).unwrap())
    });

    // What Sales reads from the store: the few rows the funnel uses, and every case streamed
    // past the breakdown's facts.
    let mut sales = c.benchmark_group("sales_from_store");
    sales.sample_size(10);
    sales.bench_function("funnel_rows", |b| {
        b.iter(|| store.report_activities(&stage_types).unwrap())
    });
    sales.bench_function("case_facts_streamed", |b| {
        let of = leasedesk::domain::report::CaseFactsOf::new(&[], &[]);
        b.iter(|| store.report_case_facts(&of).unwrap())
    });
    sales.finish();

    let today = start.date_naive() + chrono::Days::new(22);
    let forecast = store
        .forecast(today, 90)
        .unwrap()
        .expect("the rows are kept");
    eprintln!(
        "forecast: {} moving in, {} on notice, {} vacant",
        forecast.pending.len(),
        forecast.on_notice.len(),
        forecast.vacant.len()
    );
    c.bench_function("forecast", |b| {
        b.iter(|| store.forecast(today, 90).unwrap())
    });
}

criterion_group!(benches, store);
criterion_main!(benches);
