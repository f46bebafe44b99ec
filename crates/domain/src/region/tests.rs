use super::*;
use crate::census::forecast;
use crate::occupancy::fixtures::{at, contract, unit};
use crate::team_board::BoardRow;

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn board_row(name: &str, score: Option<f64>) -> BoardRow {
    BoardRow {
        name: name.into(),
        active: 0,
        green: 0,
        amber: 0,
        red: 0,
        score,
        trend: Vec::new(),
        inquiries: 0,
        median_response_minutes: None,
        within_hour: None,
        within_day: None,
        toured: None,
        tours: 0,
        overdue: 0,
        leads: Vec::new(),
    }
}

#[test]
fn a_portals_rows_count_each_communitys_beds_funnel_and_team_score() {
    let today = day(2026, 11, 27);
    let units = vec![
        unit(1, "Maple", "AL", 2),
        unit(2, "Maple", "AL", 1),
        unit(3, "Oak", "MC", 1),
    ];
    let contracts = vec![
        // Two of Maple's three beds taken today; one leaves in 40 days. Oak fills in 20 days.
        contract(1, 1, at(2025, 1, 1), None, true),
        contract(2, 2, at(2025, 1, 1), Some(at(2027, 1, 5)), true),
        contract(3, 3, at(2026, 12, 17), None, true),
    ];
    let census = forecast(&units, &contracts, today, 91);
    let journeys = vec![
        Journey {
            case_number: "10".into(),
            individual_id: 10,
            name: "A B".into(),
            dates: [Some(day(2026, 10, 1)), Some(day(2026, 10, 5)), None, None],
        },
        Journey {
            case_number: "11".into(),
            individual_id: 11,
            name: "C D".into(),
            dates: [Some(day(2026, 11, 1)), None, None, None],
        },
    ];
    let facts: HashMap<String, CaseFacts> = ["10", "11"]
        .into_iter()
        .map(|c| {
            (
                c.to_owned(),
                CaseFacts {
                    community: "Maple".into(),
                    ..CaseFacts::default()
                },
            )
        })
        .collect();
    let board = TeamBoard {
        by_community: vec![board_row("Maple", Some(0.75)), board_row("Oak", None)],
        ..TeamBoard::default()
    };
    let figures = PortalFigures {
        portal: "Harbor Light",
        journeys: &journeys,
        facts: &facts,
        times: None,
        forecast: &census,
        moves: &[],
        board: &board,
        rules: &LeadRules::default(),
        zone: chrono_tz::America::New_York,
        today,
    };
    let rows = rows(&figures, benchmarks::published());
    assert_eq!(rows.len(), 2);
    let maple = &rows[0];
    assert_eq!(
        (maple.portal.as_str(), maple.community.as_str()),
        ("Harbor Light", "Maple")
    );
    let third = |n: f64| Some(n / 3.0);
    assert_eq!(
        maple.occupancy,
        [third(2.0), third(2.0), third(1.0), third(1.0)]
    );
    assert_eq!((maple.inquiries, maple.tours, maple.move_ins), (2, 1, 0));
    assert_eq!(maple.team_score, Some(0.75));
    assert!(maple.measured > 0 && maple.short_of <= maple.measured);
    let oak = &rows[1];
    assert_eq!(oak.occupancy, [Some(0.0), Some(1.0), Some(1.0), Some(1.0)]);
    assert_eq!(oak.inquiries, 0);
    assert_eq!(oak.team_score, None);
    // "Short of" says its base: Oak, with no case, is measured on fewer benchmarks than Maple,
    // and the ones left out are named (none of its year's cases toured, say).
    let published = crate::benchmarks::published();
    for r in [maple, oak] {
        assert_eq!(r.measured + r.not_measured.len(), published.len());
        assert_eq!(r.short_of, r.short_of_names.len());
    }
    assert!(oak.measured < maple.measured);
    let tour = published
        .iter()
        .find(|b| b.measure == "inquiry_to_tour")
        .unwrap();
    assert!(oak.not_measured.contains(&tour.label));
}

fn row(portal: &str, community: &str, now: Option<f64>, score: Option<f64>) -> RegionRow {
    RegionRow {
        portal: portal.into(),
        community: community.into(),
        occupancy: [now, None, None, None],
        inquiries: 0,
        tours: 0,
        move_ins: 0,
        within_two_hours: None,
        team_score: score,
        short_of: 0,
        measured: 0,
        short_of_names: Vec::new(),
        not_measured: Vec::new(),
        figures: BTreeMap::new(),
    }
}

#[test]
fn rows_sort_by_a_column_with_the_unknown_last_either_way() {
    let mut rows = vec![
        row("B", "Oak", Some(0.8), None),
        row("A", "Maple", Some(0.9), Some(0.5)),
        row("A", "Birch", None, Some(0.7)),
    ];
    sort(&mut rows, SortBy::Occupancy(0), true);
    let order: Vec<&str> = rows.iter().map(|r| r.community.as_str()).collect();
    assert_eq!(order, ["Maple", "Oak", "Birch"]);
    sort(&mut rows, SortBy::Occupancy(0), false);
    let order: Vec<&str> = rows.iter().map(|r| r.community.as_str()).collect();
    assert_eq!(order, ["Oak", "Maple", "Birch"]);
    sort(&mut rows, SortBy::Portal, false);
    let order: Vec<&str> = rows.iter().map(|r| r.community.as_str()).collect();
    assert_eq!(order, ["Birch", "Maple", "Oak"]);
    sort(&mut rows, SortBy::TeamScore, true);
    assert_eq!(rows[0].community, "Birch");
}

#[test]
fn the_csv_has_a_line_a_row_and_no_formula_cells() {
    let rows = vec![row("=cmd", "Maple", Some(0.9), None)];
    let text = String::from_utf8(csv(&rows).unwrap()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("portal,community,occupancy_now"));
    assert!(
        lines[1].starts_with("'=cmd,Maple,0.9000,,,,0"),
        "{}",
        lines[1]
    );
}
