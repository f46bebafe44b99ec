//! The move-in score in the window: a lead's band, likelihood and reasons as worked out
//! independently from the service's own reads; an agent's other view logged on the case as an
//! Update activity while the score stays; "Needs a next step" ordered by what is at stake; the
//! calibration in Settings.

use std::sync::Arc;
use std::time::Duration;

use egui_kittest::kittest::{NodeT, Queryable};

use leasedesk::domain::move_in_score::records::records_of;
use leasedesk::domain::move_in_score::{Band, Scores, score_all};

use crate::support::{
    TestApp, activities_of, app, block_on, clock, direct_client, wait_for_filled_store,
};

/// The scores worked out from the service's reads (every case, activity and contract), as of
/// the app's day.
fn scores_from_the_service(t: &TestApp) -> Scores {
    let client = direct_client(t);
    let data = block_on(leasedesk::service::reports::load(client, Arc::default())).unwrap();
    let today = clock()
        .now()
        .with_timezone(&chrono_tz::America::New_York)
        .date_naive();
    let records = records_of(&data.cases, &data.activities, &data.contracts, today);
    score_all(&records, today).expect("the demo has history enough to score")
}

#[test]
fn a_leads_score_and_reasons_are_shown_and_another_view_is_logged_not_written() {
    let mut t = app();
    t.wait_connected();
    wait_for_filled_store(&mut t);
    let scores = scores_from_the_service(&t);
    // The hottest lead, by the independent reckoning.
    let (number, score) = scores
        .by_case
        .iter()
        .max_by(|a, b| a.1.likelihood.total_cmp(&b.1.likelihood))
        .unwrap();
    assert_eq!(score.band, Band::Hot);
    let case = crate::agent_day::all_leads(&direct_client(&t))
        .into_iter()
        .find(|c| c.primary.case_number == *number)
        .unwrap();
    t.open_found_case(&case.primary.individual_name, number);
    t.wait_for_label("Move-in score");
    let words = score.summary();
    t.wait_for_label(&words);
    t.wait_for_label(&format!(
        "(the portal's leads: {})",
        leasedesk::domain::move_in_score::written(scores.base_rate)
    ));
    for reason in score.sentences() {
        t.wait_for_label(&format!("• {reason}"));
    }

    let before = activities_of(&direct_client(&t), case.primary.individual_id).len();
    t.scroll_into_view("I see it otherwise…");
    // Typed as the click lands: the field it opens has the letters, none lost.
    t.until_still("I see it otherwise…");
    let pos = t
        .harness
        .get_by_label("I see it otherwise…")
        .rect()
        .center();
    let button = |pressed| egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    let text = |s: &str| egui::Event::Text(s.to_owned());
    t.send_in_frames(vec![
        vec![egui::Event::PointerMoved(pos)],
        vec![button(true)],
        vec![button(false), text("Her son ")],
        vec![text("chose a community nearer him")],
    ]);
    assert_eq!(
        t.field("Why").value().as_deref(),
        Some("Her son chose a community nearer him")
    );
    t.click("Log my view");
    t.wait_for_text("Your view is logged on the case");
    let after = activities_of(&direct_client(&t), case.primary.individual_id);
    assert_eq!(after.len(), before + 1, "exactly one activity logged");
    let logged = after
        .iter()
        .find(|a| a.activity_name.starts_with("Move-in score disputed: "))
        .expect("the other view is an activity on the case");
    assert_eq!(logged.activity_type.as_deref(), Some("Update"));
    assert!(logged.completed);
    assert!(
        logged.activity_name.contains(&words)
            && logged
                .activity_name
                .contains("Her son chose a community nearer him"),
        "{}",
        logged.activity_name
    );
    // The score is the portal's past speaking: it stays as it was.
    t.wait_at_rest();
    assert!(t.harness.query_by_label(&words).is_some());
}

#[test]
fn needs_a_next_step_orders_by_what_is_at_stake_and_settings_shows_the_check() {
    let mut t = app();
    t.wait_connected();
    wait_for_filled_store(&mut t);
    t.click("Calendar");
    t.click("My day");
    t.wait_for_text("Needs a next step");
    t.click("Most at stake");
    t.step_until("the stakes shown", Duration::from_secs(120), |h| {
        h.query_all_by_label_contains(" · $").count() >= 3
    });
    t.wait_at_rest();
    // Top to bottom, each row's stake is no more than the one above.
    let mut shown: Vec<(f32, f64)> = t
        .harness
        .query_all_by_label_contains(" · $")
        .filter_map(|n| {
            // A plain label's text is its value.
            let label = n.accesskit_node().label().or_else(|| n.value())?;
            let (band, money) = label.split_once(" · $")?;
            ["Hot", "Warm", "Cold"].contains(&band).then_some(())?;
            let amount: f64 = money.replace(',', "").parse().ok()?;
            Some((n.rect().min.y, amount))
        })
        .collect();
    assert!(shown.len() >= 3, "{shown:?}");
    shown.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert!(
        shown.windows(2).all(|w| w[0].1 >= w[1].1),
        "the most at stake first: {shown:?}"
    );

    t.click("Settings");
    t.scroll_into_view("Move-in score");
    t.wait_for_text("The top tenth moved in");
    for tenth in ["Tenth", "Predicted", "Moved in"] {
        t.wait_for_label(tenth);
    }
}
