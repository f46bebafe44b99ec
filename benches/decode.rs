//! Decoding a 4,000-case Search response the way the client does (with JSON paths on errors).

use criterion::{Criterion, criterion_group, criterion_main};
use leasedesk::api::model::SearchResponse;

// Shared with ui_frames, which uses the rest of it.
#[allow(dead_code)]
#[path = "support.rs"]
mod support;

fn decode(c: &mut Criterion) {
    let bytes = serde_json::to_vec(&support::search_response(4000)).unwrap();
    eprintln!("search_4000 body: {} KiB", bytes.len() / 1024);
    c.bench_function("decode/search_4000", |b| {
        b.iter(|| {
            let mut de = serde_json::Deserializer::from_slice(&bytes);
            let response: SearchResponse = serde_path_to_error::deserialize(&mut de).unwrap();
            assert_eq!(response.cases.len(), 4000);
            response
        })
    });
}

criterion_group!(benches, decode);
criterion_main!(benches);
