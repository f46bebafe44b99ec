use super::*;
use crate::occupancy::fixtures::{at, contract, unit};

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn journey(case: &str, name: &str, dates: [Option<NaiveDate>; 4]) -> Journey {
    Journey {
        case_number: case.into(),
        individual_id: case.len() as i64,
        name: name.into(),
        dates,
    }
}

fn facts(source: &str, community: &str) -> CaseFacts {
    CaseFacts {
        community: community.into(),
        agent: "Dana".into(),
        source: source.into(),
        campaigns: Vec::new(),
    }
}

#[test]
fn a_partners_pack_holds_its_own_families_and_no_other_partners() {
    let today = day(2026, 11, 27);
    let journeys = vec![
        journey(
            "1",
            "Arthur Abernathy",
            [Some(day(2026, 9, 1)), Some(day(2026, 9, 10)), None, None],
        ),
        journey("2", "Bea Brown", [Some(day(2026, 10, 1)), None, None, None]),
        journey(
            "3",
            "Cy Cole",
            [
                Some(day(2026, 6, 1)),
                Some(day(2026, 6, 5)),
                Some(day(2026, 6, 9)),
                Some(day(2026, 7, 1)),
            ],
        ),
        // Over half a year ago: no longer reported.
        journey("4", "Di Dunn", [Some(day(2025, 6, 1)), None, None, None]),
        journey("5", "Ed Ellis", [Some(day(2026, 11, 1)), None, None, None]),
    ];
    let facts: HashMap<String, CaseFacts> = [
        ("1", facts("St. Mary's Hospital", "Maple")),
        ("2", facts("Placement agency", "Maple")),
        ("3", facts(" st. mary's hospital ", "Oak")),
        ("4", facts("St. Mary's Hospital", "Maple")),
        ("5", facts("Google Ads", "Maple")),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    let found = families("St. Mary's Hospital", &journeys, &facts, None, today);
    let names: Vec<&str> = found.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        ["Arthur A.", "Cy C."],
        "theirs only, the newest first"
    );
    assert_eq!(found[0].status(), "Toured");
    assert_eq!(found[0].since, day(2026, 9, 10));
    assert_eq!(found[1].status(), "Moved in");
    let agency = families("Placement agency", &journeys, &facts, None, today);
    assert_eq!(agency.len(), 1);
    assert_eq!(agency[0].case_number, "2");
    let in_oak = families("St. Mary's Hospital", &journeys, &facts, Some("Oak"), today);
    assert_eq!(in_oak.len(), 1);
    assert_eq!(in_oak[0].case_number, "3");
}

#[test]
fn availability_counts_free_and_coming_units_with_their_rate_band() {
    let today = day(2026, 11, 27);
    let mut units = vec![
        unit(1, "Maple", "Assisted Living", 1),
        unit(2, "Maple", "Assisted Living", 1),
        unit(3, "Maple", "Assisted Living", 1),
        unit(4, "Maple", "Memory Care", 1),
        unit(5, "Maple", "Assisted Living", 1),
    ];
    units[0].base_monthly = Some(4200.0);
    units[1].base_monthly = Some(3900.0);
    units[2].base_monthly = Some(5100.0);
    for u in &mut units[..3] {
        u.floor_plan = Some("Studio".into());
    }
    let contracts = vec![
        // Unit 2 frees on Dec 20; unit 3 in 90 days (past the 60 looked at); unit 5 is taken.
        contract(1, 2, at(2025, 1, 1), Some(at(2026, 12, 19)), true),
        contract(2, 3, at(2025, 1, 1), Some(at(2027, 2, 25)), true),
        contract(3, 5, at(2025, 1, 1), None, true),
    ];
    let lines = availability(&units, &contracts, None, today);
    assert_eq!(lines.len(), 2, "{lines:?}");
    let studio = &lines[0];
    assert_eq!(
        (studio.care_group.as_str(), studio.floor_plan.as_str()),
        ("Assisted Living", "Studio")
    );
    assert_eq!((studio.private_now, studio.coming), (1, 1));
    assert_eq!(studio.first_coming, Some(day(2026, 12, 20)));
    assert_eq!(
        studio.rate_band,
        Some((3900.0, 4200.0)),
        "unit 3 is not coming"
    );
    assert_eq!(
        (lines[1].care_group.as_str(), lines[1].private_now),
        ("Memory Care", 1)
    );
    assert!(availability(&units, &contracts, Some("Oak"), today).is_empty());
}

#[test]
fn partners_are_the_paid_sources_and_those_their_people_name_once_each() {
    let contact = |partner: &str, id: i64| PartnerContact {
        partner: partner.into(),
        individual_id: id,
        case_number: id.to_string(),
        name: format!("Planner {id}"),
        email: None,
        communities: Vec::new(),
    };
    let paid = vec![PaidSource {
        name: "Placement agency".into(),
        fee: crate::referral::Fee::Fixed(3000),
    }];
    let contacts = [
        contact("St. Mary's Hospital", 1),
        contact("placement agency", 2),
    ];
    assert_eq!(
        partners(&paid, &contacts),
        ["Placement agency", "St. Mary's Hospital"]
    );
}

#[test]
fn names_are_shortened_and_file_names_are_plain() {
    assert_eq!(short_name("Arthur  Abernathy"), "Arthur A.");
    assert_eq!(short_name("Mary Ann de Vries"), "Mary V.");
    assert_eq!(short_name("Cher"), "Cher");
    assert_eq!(
        file_name("St. Mary's Hospital"),
        "partner-pack-st-mary-s-hospital.pdf"
    );
    assert_eq!(file_name("../.."), "partner-pack.pdf");
}

#[test]
fn a_pack_lists_the_newest_families_and_counts_the_rest() {
    let today = day(2026, 11, 27);
    let journeys: Vec<Journey> = (0..25u64)
        .map(|i| {
            let inquired = today.checked_sub_days(Days::new(i)).unwrap();
            journey(
                &i.to_string(),
                &format!("Person Number{i}"),
                [Some(inquired), None, None, None],
            )
        })
        .collect();
    let facts: HashMap<String, CaseFacts> = (0..25)
        .map(|i| (i.to_string(), facts("Lakeside Physicians", "Maple")))
        .collect();
    let contacts = [PartnerContact {
        partner: "lakeside physicians".into(),
        individual_id: 7,
        case_number: "77".into(),
        name: "Pat Planner".into(),
        email: Some("pat@example.org".into()),
        communities: vec!["maple".into()],
    }];
    let inputs = PackInputs {
        portal: "Demo",
        community: None,
        journeys: &journeys,
        facts: &facts,
        units: &[],
        contracts: &[],
        contacts: &contacts,
        as_of: today,
    };
    let made = pack("Lakeside Physicians", &inputs);
    assert_eq!(
        made.families.len(),
        25,
        "every family, up to {MAX_FAMILIES}"
    );
    assert_eq!(made.more_families, 0);
    assert_eq!(made.families[0].inquired, today);
    assert_eq!(made.contact.as_ref().map(|c| c.individual_id), Some(7));
    let note = logged_note(&made, "emailed");
    assert!(note.contains("25 of their families"), "{note}");
    assert!(
        !note.contains("Person"),
        "no family is named in the log: {note}"
    );
    assert!(pack("Placement agency", &inputs).contact.is_none());
}

#[test]
fn the_csv_says_which_line_is_which_and_keeps_formulas_out() {
    let made = PartnerPack {
        portal: "Demo".into(),
        partner: "=HYPERLINK(\"x\")".into(),
        community: None,
        as_of: day(2026, 11, 27),
        availability: vec![Availability {
            community: "Maple".into(),
            care_group: "AL".into(),
            floor_plan: "Studio".into(),
            private_now: 2,
            shared_now: 3,
            coming: 1,
            first_coming: Some(day(2026, 12, 20)),
            rate_band: Some((3900.0, 4200.0)),
        }],
        families: vec![Family {
            name: "Arthur A.".into(),
            community: "Maple".into(),
            inquired: day(2026, 9, 1),
            stage: Stage::Tour,
            since: day(2026, 9, 10),
            case_number: "1".into(),
        }],
        more_families: 0,
        contact: None,
    };
    let text = String::from_utf8(csv(&made).unwrap()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[1].contains(",availability,Maple,AL,Studio,2,3,1,2026-12-20,3900,4200,"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].ends_with(",Arthur A.,1,2026-09-01,Toured,2026-09-10"),
        "{}",
        lines[2]
    );
    assert!(lines[1].starts_with("\"'=HYPERLINK"), "{}", lines[1]);
}

#[test]
fn a_room_with_a_resident_and_a_bed_free_is_a_shared_room_not_a_free_unit() {
    let today = day(2026, 11, 27);
    let units = vec![
        unit(1, "Maple", "Assisted Living", 2),
        unit(2, "Maple", "Assisted Living", 2),
        unit(3, "Maple", "Assisted Living", 2),
    ];
    let contracts = vec![
        // Unit 1: one resident of two beds. Unit 3: both beds held.
        contract(1, 1, at(2025, 1, 1), None, true),
        contract(2, 3, at(2025, 1, 1), None, true),
        contract(3, 3, at(2025, 3, 1), None, true),
    ];
    let lines = availability(&units, &contracts, None, today);
    assert_eq!(lines.len(), 1);
    assert_eq!((lines[0].private_now, lines[0].shared_now), (1, 1));
    let made = PartnerPack {
        portal: "Demo".into(),
        partner: "Lakeside Physicians".into(),
        community: None,
        as_of: today,
        availability: lines,
        families: Vec::new(),
        more_families: 0,
        contact: None,
    };
    let note = logged_note(&made, "emailed");
    assert!(
        note.contains("1 private unit and 1 shared room with a bed free now"),
        "{note}"
    );
}
