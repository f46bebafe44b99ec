//! One figure, one definition: what a pane shows, what the weekly report's PDF prints (read
//! back with pdftotext) and what `leasedesk report weekly --format json` writes agree on one
//! sandbox: occupancy of units, the move-ins and move-outs of the last 90 days, and the team
//! board's "Last 7 days" (inquiries, median first contact, within 1 h, tours).

use std::process::Command;
use std::time::Duration;

use leasedesk::domain::format;
use leasedesk::domain::response_times::median_wait_text;
use leasedesk::domain::team_board::BoardRow;

use crate::support::{Setup, TestApp, sandbox_connection, saving_into};

const WAIT: Duration = Duration::from_secs(120);

/// The PDF's words, as `pdftotext -layout` lays them out, a line each.
fn pdf_lines(file: &std::path::Path) -> Vec<String> {
    let out = Command::new("pdftotext")
        .args(["-layout", &file.display().to_string(), "-"])
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// The weekly report of the app's portal as the command line writes it, in JSON.
fn cli_report(t: &TestApp, as_of: chrono::NaiveDate) -> serde_json::Value {
    let connection = sandbox_connection(t);
    let home = tempfile::tempdir().unwrap();
    let out = home.path().join("week.json");
    let output = Command::new(env!("CARGO_BIN_EXE_leasedesk"))
        .args([
            "--base-url",
            &connection.base_url,
            "--portal",
            &connection.portal_id.to_string(),
            "report",
            "weekly",
            "--format",
            "json",
            "--as-of",
            &as_of.to_string(),
            "--out",
            &out.display().to_string(),
        ])
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("LEASEDESK_SUBSCRIPTION_KEY", leasedesk::sandbox::DEMO_KEY)
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap()
}

/// A board row's cells as the PDF's team board prints them: those before the median first
/// contact, the median, and those after it.
fn printed(r: &BoardRow, hours: &leasedesk::domain::speed_to_lead::BusinessHours) -> [String; 3] {
    let share = |s: Option<f64>| s.map_or("—".to_owned(), |s| format!("{:.0}%", s * 100.0));
    let then = r.trend.first().copied().flatten();
    [
        [
            r.name.clone(),
            format::thousands(r.active as u64),
            format!("{}/{}/{}", r.green, r.amber, r.red),
            share(r.score),
            format!("{}/{}", share(then), share(r.score)),
            format::thousands(r.inquiries as u64),
        ]
        .concat(),
        median_wait_text(r.median_response_minutes, r.inquiries, hours),
        [
            share(r.within_hour),
            share(r.within_day),
            format::thousands(r.tours as u64),
            format::thousands(r.overdue as u64),
        ]
        .concat(),
    ]
    .map(|cell| cell.replace(' ', ""))
}

/// Whether the PDF's lines hold `row` (spaces aside, as pdftotext sets glyphs apart at will):
/// the median's cell may wrap onto the next line ("1 business / day 1 h").
fn board_line_printed(lines: &[String], row: &[String; 3]) -> bool {
    let [before, median, after] = row;
    lines.iter().enumerate().any(|(i, line)| {
        let line = line.replace(' ', "");
        if !(line.starts_with(before.as_str()) && line.ends_with(after.as_str()))
            || line.len() < before.len() + after.len()
        {
            return false;
        }
        let first = &line[before.len()..line.len() - after.len()];
        let Some(rest) = median.strip_prefix(first) else {
            return false;
        };
        rest.is_empty()
            || lines
                .get(i + 1)
                .is_some_and(|next| next.replace(' ', "") == rest)
    })
}

#[test]
fn occupancy_the_ninety_days_moves_and_the_weeks_team_board_agree_on_pane_pdf_and_cli() {
    let mut t = Setup::default().start();
    t.wait_connected();
    let today = crate::director::today(&t);
    let hours = t.harness.state().prefs().lead_rules.hours;

    // Inventory's summary: units occupied, and moves of the last 90 days.
    t.click("Inventory");
    t.step_until("the occupancy summary", WAIT, |h| {
        h.state().panes.inventory.summary().total.units > 0
    });
    let total = t.harness.state().panes.inventory.summary().total.clone();

    // Sales' team board, last 7 days, by agent.
    t.click("Sales");
    t.click("Team board");
    t.click("Last 7 days");
    t.harness.run_steps(2);
    t.step_until("the week's board", WAIT, |h| {
        let team = &h.state().panes.sales.team;
        team.days == 7 && !team.board.state.is_pending() && team.board.state.value().is_some()
    });
    let board = t.harness.state().panes.sales.team.shown().unwrap();
    assert!(board.by_agent.len() >= 3, "the demo's agents");
    for r in &board.by_agent {
        // The median and "within 1 h" speak of the same inquiries: a median within the hour
        // exactly when at least the middle inquiry was reached within it.
        let within = r
            .within_hour
            .map_or(0, |s| (s * r.inquiries as f64).round() as usize);
        assert_eq!(
            r.median_response_minutes.is_some_and(|m| m <= 60),
            r.inquiries > 0 && within > (r.inquiries - 1) / 2,
            "{}: median {:?} beside {:?} within the hour of {}",
            r.name,
            r.median_response_minutes,
            r.within_hour,
            r.inquiries
        );
    }

    // "Beside the industry": the portal's occupancy of units and its move-ins per move-out.
    t.click("Beside the industry");
    t.step_until("the benchmark rows", WAIT, |h| {
        h.state().panes.sales.benchmark_rows().is_some()
    });
    let benchmarks = t.harness.state().panes.sales.benchmark_rows().unwrap();
    let portal = &benchmarks[0];
    assert_eq!(portal.key, "All communities");
    let units_share = total.occupied_units as f64 / total.units as f64;
    assert_eq!(
        format::occupancy_percent(portal.figure("occupancy")),
        format::occupancy_percent(Some(units_share)),
        "Inventory's occupied units and the benchmark's"
    );
    assert!(total.move_ins_90 > 0 && total.move_outs_90 > 0, "{total:?}");
    assert_eq!(
        portal.figure("move_ins_per_move_out_90"),
        Some(total.move_ins_90 as f64 / total.move_outs_90 as f64),
        "Inventory's moves of the last 90 days and the benchmark's"
    );

    // The weekly report's PDF, from the app.
    let folder = tempfile::tempdir().unwrap();
    let saving = saving_into(folder.path());
    t.click("Export weekly report (PDF)…");
    let file = folder.path().join(format!("weekly-report-{today}.pdf"));
    t.step_until("the report saved", WAIT, |_| file.exists());
    drop(saving);
    t.wait_for_text("Saved the weekly report to");
    let lines = pdf_lines(&file);
    let said = format!(
        "Occupancy now: {} of {} units occupied ({} of units)",
        format::thousands(total.occupied_units as u64),
        format::thousands(total.units as u64),
        format::occupancy_percent(Some(units_share)),
    );
    // The summary's sentences wrap (none runs off the page): read as one text.
    let text = lines.join(" ");
    assert!(
        text.contains(&said),
        "{said} in the PDF:\n{}",
        lines.join("\n")
    );
    assert!(
        text.contains("a week ago") && text.contains("beds in use"),
        "the occupancy sentence whole"
    );
    // The benchmark row: the published figure, then the portal's at the same precision.
    assert!(
        lines.iter().any(|l| l.starts_with("Occupancy (units) ")
            && l.split(' ').nth(3) == Some(&format::occupancy_percent(Some(units_share)))),
        "the benchmark row at the same precision:\n{}",
        lines
            .iter()
            .filter(|l| l.contains("Occupancy"))
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    for r in board.by_agent.iter().filter(|r| !r.name.is_empty()) {
        let row = printed(r, &hours);
        assert!(
            board_line_printed(&lines, &row),
            "the PDF's team board has {row:?}:\n{}",
            lines.join("\n")
        );
    }

    // The command line's JSON of the same day: its board is as of the day's end, so the
    // figures of the period's inquiries and tours are compared (colours and overdue move with
    // the hour).
    let report = cli_report(&t, today);
    let occupancy = &report["occupancy_total"];
    assert_eq!(
        (
            occupancy["units"].as_u64(),
            occupancy["occupied_units"].as_u64()
        ),
        (Some(total.units as u64), Some(total.occupied_units as u64)),
    );
    let cli_rows = report["team_board_by_agent"].as_array().unwrap();
    for r in &board.by_agent {
        let cli = cli_rows
            .iter()
            .find(|c| c["name"] == r.name.as_str())
            .unwrap_or_else(|| panic!("{} in the CLI's board", r.name));
        assert_eq!(
            cli["inquiries"].as_u64(),
            Some(r.inquiries as u64),
            "{}",
            r.name
        );
        assert_eq!(cli["tours"].as_u64(), Some(r.tours as u64), "{}", r.name);
        assert_eq!(
            cli["median_response_minutes"].as_i64(),
            r.median_response_minutes,
            "{}",
            r.name
        );
        assert_eq!(cli["within_hour"].as_f64(), r.within_hour, "{}", r.name);
    }
    let cli_portal = &report["benchmark_rows"][0]["figures"];
    assert_eq!(
        cli_portal["move_ins_per_move_out_90"].as_f64(),
        portal.figure("move_ins_per_move_out_90")
    );
}
