use chrono::{NaiveDate, TimeZone};
use chrono_tz::America as us;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::*;

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .unwrap()
        .with_timezone(&Utc)
}

fn ask<'a>(
    channel: Channel,
    when: DateTime<Utc>,
    preferences: &'a [Preference],
    places: &'a [Place],
    attempts: &'a [Attempt],
) -> Ask<'a> {
    Ask {
        individual_id: 7,
        channel,
        at: when,
        preferences,
        places,
        attempts,
    }
}

fn opt_out(scope: Scope, when: &str) -> Preference {
    Preference {
        individual_id: 7,
        action: Action::OptOut,
        scope,
        how: "replied STOP".into(),
        at: at(when),
        by: "Dana Ortiz".into(),
    }
}

#[test]
fn a_family_that_said_stop_is_held_on_that_channel_with_no_next_moment() {
    let rules = Rules::shipped();
    let places = places::places_of(&["OH"], us::New_York, None);
    let words = [opt_out(Scope::Only(Channel::Text), "2026-11-20T15:00:00Z")];
    let noon = at("2026-11-24T17:00:00Z");
    let held = check(&ask(Channel::Text, noon, &words, &places, &[]), &rules);
    let hold = held.hold().expect("held");
    assert_eq!(hold.next_allowed, None);
    assert!(
        hold.reason
            .to_string()
            .contains("stop texting (replied STOP)"),
        "{}",
        hold.reason.to_string()
    );
    assert!(
        hold.reason.to_string().contains("Dana Ortiz"),
        "{}",
        hold.reason.to_string()
    );
    assert!(check(&ask(Channel::Call, noon, &words, &places, &[]), &rules).is_allowed());
    assert!(check(&ask(Channel::Email, noon, &words, &places, &[]), &rules).is_allowed());
    let all = [opt_out(Scope::All, "2026-11-20T15:00:00Z")];
    for channel in Channel::ALL {
        assert!(!check(&ask(channel, noon, &all, &places, &[]), &rules).is_allowed());
    }
}

#[test]
fn quiet_hours_are_the_familys_clock_not_the_desks() {
    let rules = Rules::shipped();
    // 8:30 pm in Miami is 7:30 pm at a desk in Chicago: Florida ends at 8 pm.
    let miami = [Place {
        state: Some(*b"FL"),
        zone: us::New_York,
    }];
    let evening = at("2026-11-24T01:30:00Z");
    let hold = check(&ask(Channel::Text, evening, &[], &miami, &[]), &rules);
    let hold = hold.hold().expect("held at 8:30 pm in Florida");
    assert!(
        hold.reason.to_string().contains("8:30 pm"),
        "{}",
        hold.reason.to_string()
    );
    assert!(
        hold.reason.to_string().contains("8:00 am–8:00 pm"),
        "{}",
        hold.reason.to_string()
    );
    assert_eq!(
        hold.next_allowed,
        Some(at("2026-11-24T13:00:00Z")),
        "8 am next day"
    );
    // Email has no calling window.
    assert!(check(&ask(Channel::Email, evening, &[], &miami, &[]), &rules).is_allowed());
    // Ohio keeps the federal window: 8:30 pm is allowed, 9:00 pm is not.
    let ohio = [Place {
        state: Some(*b"OH"),
        zone: us::New_York,
    }];
    assert!(check(&ask(Channel::Call, evening, &[], &ohio, &[]), &rules).is_allowed());
    assert!(
        !check(
            &ask(Channel::Call, at("2026-11-24T02:00:00Z"), &[], &ohio, &[]),
            &rules
        )
        .is_allowed()
    );
    assert!(
        !check(
            &ask(Channel::Call, at("2026-11-24T12:59:00Z"), &[], &ohio, &[]),
            &rules
        )
        .is_allowed()
    );
    assert!(
        check(
            &ask(Channel::Call, at("2026-11-24T13:00:00Z"), &[], &ohio, &[]),
            &rules
        )
        .is_allowed()
    );
}

#[test]
fn a_split_state_keeps_both_clocks_and_sundays_and_holidays_move_the_next_moment() {
    let rules = Rules::shipped();
    // Florida's panhandle is an hour behind: 7:30 pm in Pensacola is 8:30 pm in Miami.
    let florida = places::places_of(&["FL"], us::Chicago, None);
    assert!(
        !check(
            &ask(
                Channel::Call,
                at("2026-11-24T01:30:00Z"),
                &[],
                &florida,
                &[]
            ),
            &rules
        )
        .is_allowed()
    );
    // 8:30 am in Miami is 7:30 am in Pensacola: held until 8 am there.
    let morning = check(
        &ask(
            Channel::Call,
            at("2026-11-24T13:30:00Z"),
            &[],
            &florida,
            &[],
        ),
        &rules,
    );
    assert_eq!(
        morning.hold().unwrap().next_allowed,
        Some(at("2026-11-24T14:00:00Z"))
    );
    // Alabama: no calls on Sundays; Saturday 8:30 pm moves to Monday 8 am.
    let alabama = places::places_of(&["AL"], us::Chicago, None);
    let saturday_night = at("2026-11-29T02:30:00Z");
    let hold = check(
        &ask(Channel::Call, saturday_night, &[], &alabama, &[]),
        &rules,
    );
    assert_eq!(
        hold.hold().unwrap().next_allowed,
        Some(at("2026-11-30T14:00:00Z"))
    );
    let sunday = check(
        &ask(
            Channel::Call,
            at("2026-11-29T18:00:00Z"),
            &[],
            &alabama,
            &[],
        ),
        &rules,
    );
    assert!(
        sunday.hold().unwrap().reason.to_string().contains("Sunday"),
        "{sunday:?}"
    );
    // Thanksgiving in Louisiana: held to Friday 8 am.
    let louisiana = places::places_of(&["LA"], us::Chicago, None);
    let thanksgiving = check(
        &ask(
            Channel::Text,
            at("2026-11-26T18:00:00Z"),
            &[],
            &louisiana,
            &[],
        ),
        &rules,
    );
    let hold = thanksgiving.hold().unwrap();
    assert!(
        hold.reason.to_string().contains("a holiday"),
        "{}",
        hold.reason.to_string()
    );
    assert_eq!(hold.next_allowed, Some(at("2026-11-27T14:00:00Z")));
}

#[test]
fn a_states_cap_counts_the_whole_teams_attempts_and_says_who_tried_last() {
    let rules = Rules::shipped();
    let florida = [Place {
        state: Some(*b"FL"),
        zone: us::New_York,
    }];
    let tried = |when: &str, by: &str| Attempt {
        at: at(when),
        channel: Channel::Call,
        by: by.into(),
    };
    let attempts = [
        tried("2026-11-23T14:00:00Z", "Dana Ortiz"),
        tried("2026-11-23T15:00:00Z", "Sam Reed"),
        tried("2026-11-23T19:10:00Z", "Dana Ortiz"),
        tried("2026-11-20T19:10:00Z", "Sam Reed"),
    ];
    let now = at("2026-11-23T20:00:00Z");
    let hold = check(&ask(Channel::Text, now, &[], &florida, &attempts), &rules);
    let hold = hold.hold().expect("three in 24 hours");
    assert!(
        hold.reason.to_string().contains("3 calls or texts"),
        "{}",
        hold.reason.to_string()
    );
    assert!(
        hold.reason
            .to_string()
            .contains("the last by Dana Ortiz at Mon 2:10 pm"),
        "{}",
        hold.reason.to_string()
    );
    assert!(
        hold.reason.to_string().contains("FL allows 3"),
        "{}",
        hold.reason.to_string()
    );
    assert_eq!(hold.next_allowed, Some(at("2026-11-24T14:00:01Z")));
    let ohio = [Place {
        state: Some(*b"OH"),
        zone: us::New_York,
    }];
    assert!(check(&ask(Channel::Text, now, &[], &ohio, &attempts), &rules).is_allowed());
}

#[test]
fn no_address_takes_the_strictest_rules_at_the_communitys_clock() {
    let rules = Rules::shipped();
    let nowhere = places::places_of(&[], us::Chicago, None);
    // 9:30 am in Chicago: Kentucky's 10 am opening applies to someone who may live there.
    let hold = check(
        &ask(
            Channel::Call,
            at("2026-11-24T15:30:00Z"),
            &[],
            &nowhere,
            &[],
        ),
        &rules,
    );
    let hold = hold.hold().expect("held");
    assert!(
        hold.reason.to_string().contains("no single address"),
        "{}",
        hold.reason.to_string()
    );
    assert_eq!(hold.next_allowed, Some(at("2026-11-24T16:00:00Z")));
}

#[test]
fn a_community_whose_state_a_director_said_holds_a_person_with_no_address_by_that_state() {
    let mut calling = rules::CallingRules::default();
    calling.set_community(4, "Bayside", "FL", "", "").unwrap();
    let rules = calling.rules_for(Some(4));
    // No address: the community's place in Florida, not every state's strictest.
    let nowhere = places::places_of(&[], us::New_York, Some(*b"FL"));
    // 7 pm in New York: Rhode Island's 6 pm close would hold it; Florida's 8 pm does not.
    let seven = at("2026-11-24T00:00:00Z");
    assert!(check(&ask(Channel::Call, seven, &[], &nowhere, &[]), &rules).is_allowed());
    let nine_thirty_am = at("2026-11-24T14:30:00Z");
    assert!(
        check(
            &ask(Channel::Call, nine_thirty_am, &[], &nowhere, &[]),
            &rules
        )
        .is_allowed(),
        "Kentucky's 10 am no longer applies"
    );
    let half_past_eight = at("2026-11-24T01:30:00Z");
    let hold = check(
        &ask(Channel::Call, half_past_eight, &[], &nowhere, &[]),
        &rules,
    );
    let hold = hold.hold().expect("held at 8:30 pm");
    assert!(
        hold.reason.to_string().contains("in FL"),
        "{}",
        hold.reason.to_string()
    );
    // check_case builds the same place from the rules.
    let verdict = check_case(7, Channel::Call, seven, &[], &[], us::New_York, &[], &rules);
    assert!(verdict.is_allowed(), "{verdict:?}");
    let desk = calling.rules_for(None);
    let verdict = check_case(7, Channel::Call, seven, &[], &[], us::New_York, &[], &desk);
    assert!(!verdict.is_allowed(), "no state said: the strictest");
}

#[test]
fn rhode_islands_saturday_closes_at_five_and_its_sunday_is_skipped() {
    let rules = Rules::shipped();
    let providence = places::places_of(&["RI"], us::Chicago, None);
    // Saturday 28 Nov 2026, 5:30 pm in Providence (22:30 UTC).
    let hold = check(
        &ask(
            Channel::Call,
            at("2026-11-28T22:30:00Z"),
            &[],
            &providence,
            &[],
        ),
        &rules,
    );
    let hold = hold.hold().expect("held after 5 pm on a Saturday");
    assert!(
        hold.reason
            .to_string()
            .contains("10:00 am–5:00 pm on Saturdays"),
        "{}",
        hold.reason.to_string()
    );
    // Sunday is closed: Monday 30 Nov, 9 am EST.
    assert_eq!(hold.next_allowed, Some(at("2026-11-30T14:00:00Z")));
    // Saturday 4:30 pm is allowed; a weekday 5:30 pm too (6 pm close).
    assert!(
        check(
            &ask(
                Channel::Call,
                at("2026-11-28T21:30:00Z"),
                &[],
                &providence,
                &[]
            ),
            &rules
        )
        .is_allowed()
    );
    assert!(
        check(
            &ask(
                Channel::Call,
                at("2026-11-24T22:30:00Z"),
                &[],
                &providence,
                &[]
            ),
            &rules
        )
        .is_allowed()
    );
}

#[test]
fn the_daylight_saving_morning_opens_at_eight_on_the_new_clock() {
    let rules = Rules::shipped();
    let ohio = [Place {
        state: Some(*b"OH"),
        zone: us::New_York,
    }];
    // Sunday 8 Mar 2026: 7:59 am EDT is 11:59 UTC, 8:00 am EDT 12:00 UTC.
    assert!(
        !check(
            &ask(Channel::Call, at("2026-03-08T11:59:00Z"), &[], &ohio, &[]),
            &rules
        )
        .is_allowed()
    );
    assert!(
        check(
            &ask(Channel::Call, at("2026-03-08T12:00:00Z"), &[], &ohio, &[]),
            &rules
        )
        .is_allowed()
    );
    // Sunday 1 Nov 2026: 8:59 pm EST is 01:59 UTC next day, 9 pm is 02:00.
    assert!(
        check(
            &ask(Channel::Call, at("2026-11-02T01:59:00Z"), &[], &ohio, &[]),
            &rules
        )
        .is_allowed()
    );
    let late = check(
        &ask(Channel::Call, at("2026-11-02T02:00:00Z"), &[], &ohio, &[]),
        &rules,
    );
    assert_eq!(
        late.hold().unwrap().next_allowed,
        Some(at("2026-11-02T13:00:00Z"))
    );
}

const STATES: [&str; 51] = [
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA",
    "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM",
    "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA",
    "WV", "WI", "WY",
];

/// The strictest rules that may apply at `place`, worked out afresh from the table's rows
/// (not through `Rules::window`), as the property test's oracle.
fn oracle_allows(rules: &Rules, place: &Place, when: DateTime<Utc>, attempts: &[Attempt]) -> bool {
    let rows: Vec<&rules::StateRule> = match place.state_code() {
        Some(state) => rules.states.iter().filter(|r| r.state == state).collect(),
        None => rules.states.iter().collect(),
    };
    let opens = rows.iter().map(|r| r.opens).chain([480]).max().unwrap();
    let closes = rows.iter().map(|r| r.closes).chain([1260]).min().unwrap();
    let local = when.with_timezone(&place.zone);
    let minute = (local.hour() * 60 + local.minute()) as u16;
    if minute < opens || minute >= closes {
        return false;
    }
    if local.weekday() == Weekday::Sat
        && rows
            .iter()
            .filter_map(|r| r.saturday)
            .any(|(o, c)| minute < o || minute >= c)
    {
        return false;
    }
    if rows.iter().any(|r| r.no_sundays) && local.weekday() == Weekday::Sun {
        return false;
    }
    if rows.iter().any(|r| r.no_holidays)
        && places::is_holiday(local.date_naive(), place.state_code())
    {
        return false;
    }
    if let Some(cap) = rows.iter().filter_map(|r| r.cap_24h).min() {
        let recent = attempts
            .iter()
            .filter(|a| a.at > when - Duration::hours(24) && a.at <= when)
            .count();
        if recent >= cap as usize {
            return false;
        }
    }
    true
}

/// A moment in 2025–2027, a third of them within a day of a daylight-saving change.
fn moment(rng: &mut StdRng) -> DateTime<Utc> {
    if rng.random_bool(0.33) {
        let year = rng.random_range(2025..=2027);
        let (month, n) = if rng.random_bool(0.5) {
            (3, 2)
        } else {
            (11, 1)
        };
        let change = NaiveDate::from_weekday_of_month_opt(year, month, Weekday::Sun, n).unwrap();
        let base = Utc.from_utc_datetime(&change.and_hms_opt(0, 0, 0).unwrap());
        base + Duration::minutes(rng.random_range(-24 * 60..48 * 60))
    } else {
        let start = at("2025-01-01T00:00:00Z");
        start + Duration::minutes(rng.random_range(0..3 * 365 * 24 * 60))
    }
}

#[test]
fn property_no_send_is_allowed_outside_the_strictest_window_and_a_next_moment_is_allowed() {
    let rules = Rules::shipped();
    let zones = [
        us::New_York,
        us::Chicago,
        us::Denver,
        us::Phoenix,
        us::Los_Angeles,
        us::Anchorage,
        chrono_tz::Pacific::Honolulu,
    ];
    let mut rng = StdRng::seed_from_u64(58);
    let (mut allowed, mut held, mut moved) = (0u32, 0u32, 0u32);
    const SENDS: u32 = 100_000;
    for _ in 0..SENDS {
        let mut states: Vec<&str> = Vec::new();
        for _ in 0..rng.random_range(0..=2) {
            states.push(STATES[rng.random_range(0..STATES.len())]);
        }
        let community = zones[rng.random_range(0..zones.len())];
        let places = places::places_of(&states, community, None);
        let when = moment(&mut rng);
        let attempts: Vec<Attempt> = (0..rng.random_range(0..=4))
            .map(|_| Attempt {
                at: when - Duration::minutes(rng.random_range(0..30 * 60)),
                channel: Channel::Call,
                by: "Dana".into(),
            })
            .collect();
        let channel = if rng.random_bool(0.5) {
            Channel::Call
        } else {
            Channel::Text
        };
        let words = if rng.random_bool(0.1) {
            vec![opt_out(Scope::Only(channel), "2024-12-01T00:00:00Z")]
        } else {
            Vec::new()
        };
        let asked = ask(channel, when, &words, &places, &attempts);
        match check(&asked, &rules) {
            Verdict::Allowed => {
                allowed += 1;
                assert!(words.is_empty(), "allowed after STOP: {asked:?}");
                for place in &places {
                    assert!(
                        oracle_allows(&rules, place, when, &attempts),
                        "allowed outside the law at {place:?}: {asked:?}"
                    );
                }
            }
            Verdict::Held(hold) => {
                held += 1;
                assert!(!hold.reason.to_string().is_empty());
                if let Some(next) = hold.next_allowed {
                    moved += 1;
                    assert!(next > when);
                    let later = Ask { at: next, ..asked };
                    assert!(
                        check(&later, &rules).is_allowed(),
                        "next {next} is held: {asked:?}"
                    );
                    for place in &places {
                        assert!(oracle_allows(&rules, place, next, &attempts));
                    }
                }
            }
        }
    }
    assert_eq!(allowed + held, SENDS);
    eprintln!("{SENDS} sends: {allowed} allowed, {held} held, {moved} of them with a next moment");
    // The generated sends reach both answers, and most holds say when.
    assert!(
        allowed > SENDS / 5 && held > SENDS / 5,
        "{allowed} allowed, {held} held"
    );
    assert!(moved > held / 2, "{moved} of {held} holds say when");
}
