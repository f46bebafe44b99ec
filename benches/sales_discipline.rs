//! The sales discipline's figures over a large portal's worth of compact rows.
//!
//! `team_board/200000`: 40,000 active leads over 50 agents and 12 communities, 200,000 of their
//! activities over 18 months, the board per agent and per community with an 8-week trend.

use chrono::{DateTime, Duration, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use leasedesk::domain::speed_to_lead::LeadRules;
use leasedesk::domain::team_board::{BoardActivity, BoardInput, BoardLead, State, team_board};

const LEADS: usize = 40_000;
const ACTIVITIES: usize = 200_000;

fn input(now: DateTime<Utc>) -> BoardInput {
    let leads = (0..LEADS)
        .map(|i| BoardLead {
            case_number: (100_000 + i).to_string(),
            name: format!("Lead {i}"),
            agent: format!("Agent {}", i % 50),
            community: format!("Community {}", i % 12),
            community_id: Some((i % 12) as i64),
            source: format!("Source {}", i % 10),
            created: now - Duration::hours((i % (548 * 24)) as i64),
        })
        .collect();
    let states = [
        State::Completed,
        State::Completed,
        State::Open,
        State::Cancelled,
    ];
    let activities = (0..ACTIVITIES)
        .map(|i| {
            let due = now - Duration::hours((i * 7 % (540 * 24)) as i64) + Duration::days(10);
            BoardActivity {
                lead: (i % LEADS) as u32,
                due,
                state: states[i % states.len()],
                outbound: i % 3 != 0,
                tour: i % 5 == 0,
                inbound: i % 11 == 0,
                lost: i % 97 == 0,
                created: Some(due - Duration::days((i % 4) as i64)),
            }
        })
        .collect();
    BoardInput { leads, activities }
}

fn board(c: &mut Criterion) {
    let now: DateTime<Utc> = "2026-11-24T17:00:00Z".parse().unwrap();
    let input = input(now);
    let period = (now - Duration::days(30), now);
    let rules = LeadRules::default();
    let zone = chrono_tz::America::New_York;
    let once = team_board(&input, period, now, &rules, zone);
    assert_eq!(once.by_agent.len(), 50);
    assert_eq!(once.by_community.len(), 12);
    c.bench_function("team_board/200000", |b| {
        b.iter(|| team_board(&input, period, now, &rules, zone))
    });
}

criterion_group!(benches, board);
criterion_main!(benches);
