//! Sandbox speed over loopback HTTP, through the typed client (so decoding is included).
//!
//! `search_q/*`: a type-ahead search by full name. `activity_page/*`: one page of 100 activities
//! (all users, newest due first). `case_read/32_connections`: Case reads, 32 in flight at once.
//! The large seed (100,000 individuals, 500,000 activities) takes a while to build first.

use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use leasedesk::api::model::*;
use leasedesk::api::{Client, Connection, Secret};
use leasedesk::sandbox::{RunningSandbox, Sandbox, SandboxConfig, SeedSize};

struct Setup {
    name: &'static str,
    _sandbox: RunningSandbox,
    client: Client,
    full_name: String,
    case_numbers: Vec<String>,
}

fn setup(runtime: &tokio::runtime::Runtime, name: &'static str, seed: SeedSize) -> Setup {
    runtime.block_on(async {
        let started = Instant::now();
        let sandbox = Sandbox::start(SandboxConfig {
            seed,
            ..SandboxConfig::default()
        })
        .await
        .unwrap();
        eprintln!(
            "{name} seed ready in {:.1} s",
            started.elapsed().as_secs_f64()
        );
        let client = Client::new(Connection {
            base_url: sandbox.base_url.clone(),
            subscription_key: Secret::new(sandbox.key.as_str()),
            portal_id: sandbox.portal_id,
        })
        .unwrap();
        let page = client
            .search(&SearchQuery {
                page_size: Some(200),
                ..Default::default()
            })
            .await
            .unwrap();
        let full_name = page.cases[137].primary.individual_name.clone();
        let case_numbers = page
            .cases
            .iter()
            .map(|c| c.primary.case_number.clone())
            .collect();
        Setup {
            name,
            _sandbox: sandbox,
            client,
            full_name,
            case_numbers,
        }
    })
}

fn benches(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let setups = [
        setup(&runtime, "demo", SeedSize::Demo),
        setup(&runtime, "large", SeedSize::Large),
    ];

    let mut group = c.benchmark_group("search_q");
    for s in &setups {
        let query = SearchQuery {
            q: Some(s.full_name.clone()),
            ..Default::default()
        };
        group.bench_function(s.name, |b| {
            b.to_async(&runtime)
                .iter(|| async { s.client.search(&query).await.unwrap() })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("activity_page");
    for s in &setups {
        let query = ActivityQuery {
            filter: Some(ActivityFilter::AllUsers),
            page_size: Some(100),
            ..Default::default()
        };
        group.bench_function(s.name, |b| {
            b.to_async(&runtime)
                .iter(|| async { s.client.activities(&query).await.unwrap() })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("case_read");
    let s = &setups[0];
    const CONNECTIONS: usize = 32;
    const PER_CONNECTION: usize = 10;
    group.throughput(Throughput::Elements((CONNECTIONS * PER_CONNECTION) as u64));
    group.bench_function("32_connections", |b| {
        b.to_async(&runtime).iter_custom(|iterations| {
            let client = s.client.clone();
            let numbers = s.case_numbers.clone();
            async move {
                let mut total = Duration::ZERO;
                for _ in 0..iterations {
                    let started = Instant::now();
                    let tasks: Vec<_> = (0..CONNECTIONS)
                        .map(|n| {
                            let (client, numbers) = (client.clone(), numbers.clone());
                            tokio::spawn(async move {
                                for k in 0..PER_CONNECTION {
                                    let number =
                                        numbers[(n * PER_CONNECTION + k) % numbers.len()].clone();
                                    client
                                        .case(&CaseQuery {
                                            case_number: Some(number),
                                            ..Default::default()
                                        })
                                        .await
                                        .unwrap();
                                }
                            })
                        })
                        .collect();
                    for task in tasks {
                        task.await.unwrap();
                    }
                    total += started.elapsed();
                }
                total
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = sandbox;
    config = Criterion::default().sample_size(30).measurement_time(Duration::from_secs(4)).warm_up_time(Duration::from_secs(1));
    targets = benches
}
criterion_main!(sandbox);
