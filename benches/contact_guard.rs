//! The contact guard's answer for one person, as the outreach dialog asks it every frame: the
//! family's word and the team's attempts read from a case with a long history (200
//! activities), their places from two addresses, then the answer; and the answer alone, for
//! an allowed moment and a held one (which searches for the next allowed moment).

use chrono::{DateTime, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use leasedesk::domain::contact::{self, Ask, attempts, places, preference};
use leasedesk::domain::outreach::Channel;

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .unwrap()
        .with_timezone(&Utc)
}

fn contact_guard(c: &mut Criterion) {
    let path = format!(
        "{}/tests/fixtures/activities.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let one: Vec<leasedesk::api::model::Activity> =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let activities: Vec<_> = (0..200)
        .map(|i| {
            let mut a = one[i % one.len()].clone();
            a.id = i as i64;
            a
        })
        .collect();
    let rules = contact::shipped_rules();
    let zone = chrono_tz::America::New_York;
    let afternoon = at("2026-11-24T19:00:00Z");
    let night = at("2026-11-25T03:30:00Z");
    c.bench_function("contact_guard_case", |b| {
        b.iter(|| {
            contact::check_case(
                7,
                Channel::Call,
                afternoon,
                &activities,
                &["FL", "OH"],
                zone,
                &[],
                rules,
            )
        })
    });
    let preferences = preference::preferences(&activities);
    let tries = attempts::attempts(&activities);
    let places = places::places_of(&["FL"], zone, None);
    for (name, when) in [
        ("contact_guard_allowed", afternoon),
        ("contact_guard_held", night),
    ] {
        let ask = Ask {
            individual_id: 7,
            channel: Channel::Text,
            at: when,
            preferences: &preferences,
            places: &places,
            attempts: &tries,
        };
        c.bench_function(name, |b| b.iter(|| contact::check(&ask, rules)));
    }
}

criterion_group!(benches, contact_guard);
criterion_main!(benches);
