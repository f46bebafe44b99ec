use super::*;
use crate::occupancy::fixtures::{at, contract, unit};

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn activity(id: i64, case: &str, kind: &str, due: &str, wish: &Wish) -> Activity {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/activities.json"
    ))
    .unwrap();
    let mut a: Activity = serde_json::from_str::<Vec<Activity>>(&text)
        .unwrap()
        .remove(0);
    a.id = id;
    a.case_number = case.into();
    a.individual_full_name = format!("Person {case}");
    a.activity_type = Some(kind.into());
    a.activity_name = note(wish);
    a.completed = true;
    a.cancelled = false;
    a.no_show = false;
    a.community.name = "Maple".into();
    a.due_date = chrono::DateTime::parse_from_rfc3339(due).unwrap();
    a
}

fn wish(group: &str, plan: Option<&str>, priority: &str) -> Wish {
    Wish {
        care_group: group.into(),
        floor_plan: plan.map(str::to_owned),
        wanted_by: Some(day(2027, 2, 1)),
        priority: priority.into(),
    }
}

#[test]
fn a_note_reads_back_and_cannot_be_bent_by_what_was_typed() {
    let w = Wish {
        care_group: "Assisted; floor plan: Suite".into(),
        floor_plan: None,
        wanted_by: None,
        priority: "High\nwanted by: 1999-01-01".into(),
    };
    let text = note(&w);
    assert_eq!(
        text,
        "Waitlist: Assisted floor plan: Suite; floor plan: any; wanted by: any time; priority: High wanted by: 1999-01-01"
    );
    let back = parse(&text).unwrap();
    assert_eq!(back.floor_plan, None);
    assert_eq!(back.wanted_by, None);
    let full = wish("Memory Care", Some("Studio"), "Urgent");
    assert_eq!(parse(&note(&full)), Some(full));
    assert_eq!(
        parse("Waitlist: Memory Care"),
        None,
        "a partial note is no entry"
    );
    assert_eq!(parse("Deposit received"), None);
}

#[test]
fn the_latest_entry_of_a_case_counts_and_a_deposit_says_so() {
    let first = activity(
        1,
        "C1",
        RESERVE_TYPE,
        "2026-09-01T10:00:00-04:00",
        &wish("AL", None, "Low"),
    );
    let later = activity(
        2,
        "C1",
        DEPOSIT_TYPE,
        "2026-10-01T10:00:00-04:00",
        &wish("AL", None, "High"),
    );
    let mut other = activity(
        3,
        "C2",
        "Tour",
        "2026-10-02T10:00:00-04:00",
        &wish("AL", None, "High"),
    );
    other.activity_type = Some("Tour".into());
    let entries = entries_of(&[later, first, other]);
    assert_eq!(entries.len(), 1, "a tour with such words is no entry");
    assert!(entries[0].deposit);
    assert_eq!(entries[0].wish.priority, "High");
    assert_eq!(entries[0].joined, day(2026, 10, 1));
}

#[test]
fn an_opening_is_the_first_day_a_bed_is_free() {
    let units = vec![
        unit(1, "Maple", "AL", 1),
        unit(2, "Maple", "AL", 1),
        unit(3, "Maple", "AL", 2),
    ];
    let contracts = vec![
        // Unit 1: on notice, out on Dec 10.
        contract(1, 1, at(2025, 1, 1), Some(at(2026, 12, 10)), true),
        // Unit 2: taken for good.
        contract(2, 2, at(2025, 1, 1), None, true),
        // Unit 3: one of two beds taken.
        contract(3, 3, at(2025, 1, 1), None, true),
    ];
    let found = openings(&units, &contracts, day(2026, 11, 27), 60);
    let by_unit: Vec<(i64, NaiveDate)> = found.iter().map(|o| (o.unit_id, o.free_from)).collect();
    assert_eq!(
        by_unit,
        vec![(3, day(2026, 11, 27)), (1, day(2026, 12, 11))]
    );
    assert!(
        openings(&units, &contracts, day(2026, 11, 27), 10)
            .iter()
            .all(|o| o.unit_id == 3),
        "out of reach of 10 days"
    );
}

#[test]
fn a_deposit_comes_first_then_priority_then_who_joined_first() {
    let priorities = vec!["Urgent".to_owned(), "High".to_owned(), "Low".to_owned()];
    let al = |id, case, kind, due, priority| {
        activity(
            id,
            case,
            kind,
            due,
            &wish("Assisted Living", None, priority),
        )
    };
    let entries = entries_of(&[
        al(1, "early-low", RESERVE_TYPE, "2026-01-01T10:00:00Z", "Low"),
        al(
            2,
            "late-urgent",
            RESERVE_TYPE,
            "2026-06-01T10:00:00Z",
            "Urgent",
        ),
        al(
            3,
            "deposit-low",
            DEPOSIT_TYPE,
            "2026-07-01T10:00:00Z",
            "Low",
        ),
        al(
            4,
            "early-urgent",
            RESERVE_TYPE,
            "2026-02-01T10:00:00Z",
            "Urgent",
        ),
        al(
            5,
            "unknown",
            RESERVE_TYPE,
            "2025-01-01T10:00:00Z",
            "Someday",
        ),
        activity(
            6,
            "memory",
            DEPOSIT_TYPE,
            "2025-01-01T10:00:00Z",
            &wish("Memory Care", None, "Urgent"),
        ),
        activity(
            7,
            "studio",
            DEPOSIT_TYPE,
            "2025-01-01T10:00:00Z",
            &wish("assisted living", Some("Studio"), "Urgent"),
        ),
    ]);
    let opening = Opening {
        unit_id: 9,
        unit_number: "101".into(),
        community_id: 1,
        community: "Maple".into(),
        care_group: "Assisted Living".into(),
        floor_plan: Some("One Bedroom".into()),
        free_from: day(2026, 12, 1),
        shared: false,
    };
    let order: Vec<&str> = ranked(&entries, &opening, &priorities)
        .iter()
        .map(|e| e.case_number.as_str())
        .collect();
    assert_eq!(
        order,
        vec![
            "deposit-low",
            "early-urgent",
            "late-urgent",
            "early-low",
            "unknown"
        ],
        "memory care and the studio wish are not suited"
    );
    let studio = Opening {
        floor_plan: Some("studio".into()),
        ..opening
    };
    assert_eq!(
        ranked(&entries, &studio, &priorities)[0].case_number,
        "studio"
    );
}
