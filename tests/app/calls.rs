//! The phone system's calls in the window: a call export imported from My day logs each matched
//! call once, lists the number that matches no one with "New individual…" ready with it, and a
//! family's missed call waits in My day's "Missed calls" on the speed-to-lead clock.

use std::time::Duration;

use egui_kittest::kittest::Queryable;

use chrono::Duration as Span;
use leasedesk::api::model::ActivityQuery;
use leasedesk::domain::calls::matching::number_key;
use leasedesk::domain::next_step::is_active_lead_of;

use crate::agent_day::{all_leads, me, open_my_day};
use crate::support::{app, block_on, direct_client};

/// Writes `rows` under the LeaseDesk layout's header, opens them in Import calls… (waiting for
/// `read`, what it says it read) and imports them. The folder and the file.
fn import_calls(
    t: &mut crate::support::TestApp,
    rows: &str,
    read: &str,
) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("calls.csv");
    std::fs::write(
        &file,
        format!("caller,callee,start,duration,direction,answered\n{rows}"),
    )
    .unwrap();
    t.click("Import calls…");
    t.wait_for_label("Call export");
    t.type_into("Call export", &file.display().to_string());
    t.click("Open");
    t.wait_for_text(read);
    t.click("Import");
    (dir, file)
}

/// The first lead `fits` takes whose number no other case has (an import matches it alone).
fn lead_with_own_number(
    client: &leasedesk::api::Client,
    fits: impl Fn(&leasedesk::api::model::SearchCase) -> bool,
) -> leasedesk::api::model::SearchIndividual {
    let leads = all_leads(client);
    leads
        .iter()
        .filter(|c| fits(c))
        .find(|c| {
            let key = number_key(c.primary.best_phone());
            key.is_some()
                && leads
                    .iter()
                    .filter(|o| number_key(o.primary.best_phone()) == key)
                    .count()
                    == 1
        })
        .expect("a lead with a number of its own in the demo")
        .primary
        .clone()
}

#[test]
fn an_imported_missed_call_waits_in_my_day_and_a_stranger_can_become_a_lead() {
    let mut t = app();
    open_my_day(&mut t);
    t.step_until("the lead lists worked out", Duration::from_secs(120), |h| {
        h.state()
            .panes
            .calendar
            .next_step
            .rows
            .state
            .value()
            .is_some()
    });
    t.wait_for_label("Missed calls (0)");
    let client = direct_client(&t);
    let mine = me(&client).id;
    // One of my leads with a number no other case has.
    let lead = lead_with_own_number(&client, |c| is_active_lead_of(c, Some(mine)));
    let logged_before = || {
        block_on(client.activities(&ActivityQuery {
            individual_id: Some(lead.individual_id),
            page_size: Some(500),
            ..Default::default()
        }))
        .unwrap()
        .into_vec()
        .into_iter()
        .filter(|a| a.activity_name.contains(" · ref "))
        .count()
    };
    assert_eq!(logged_before(), 0);
    let now = t.clock.now();
    let (_dir, file) = import_calls(
        &mut t,
        &format!(
            "\"{}\",\"(614) 555-0100\",{},0,in,no\n\"(999) 555-0142\",\"(614) 555-0100\",{},40,in,yes\n",
            lead.best_phone(),
            (now - Span::minutes(40)).to_rfc3339(),
            (now - Span::minutes(20)).to_rfc3339(),
        ),
        "2 calls read (LeaseDesk layout)",
    );
    t.wait_for_text("1 logged now");
    // The result is said aloud (a polite live region), the focus left where it was.
    assert!(
        crate::support::said_aloud(&t.harness, "1 logged now"),
        "the import's result is announced"
    );
    assert_eq!(logged_before(), 1, "the matched call is logged once");
    t.wait_for_text("(999) 555-0142: 1 call, 1 in");
    // Counted where it waits, as My day counts it below.
    t.wait_for_text(
        "1 missed call waiting to be returned: 1 on your leads, in My day's Missed calls.",
    );
    t.click("Close");
    // My day: the lead's missed call waits, 40 minutes on the clock.
    t.wait_for_label("Missed calls (1)");
    t.wait_for_label(&lead.individual_name);
    t.wait_for_text("40 min waiting");
    // Who called from which number, and when.
    t.wait_for_text(&format!("{} called Sat Nov 21, ", lead.best_phone()));
    // Call back… offers their number in the Call dialog.
    t.click("Call back…");
    t.step_until("the call drafted", Duration::from_secs(60), |h| {
        h.state().outreach_form().is_some_and(|f| f.drafted())
    });
    let number = t.field("Phone number").value().unwrap_or_default();
    let digits = |n: &str| n.chars().filter(char::is_ascii_digit).collect::<String>();
    assert!(
        digits(&number).ends_with(&digits(lead.best_phone())),
        "{number:?} for {:?}",
        lead.best_phone()
    );
    t.click("Close");
    t.wait_at_rest();

    // The same file again: nothing more is logged.
    t.click("Import calls…");
    t.wait_for_label("Call export");
    t.type_into("Call export", &file.display().to_string());
    t.click("Open");
    t.wait_for_text("2 calls read");
    t.click("Import");
    t.wait_for_text("0 logged now, 1 logged before");
    assert_eq!(logged_before(), 1, "importing again logs nothing");

    // The stranger becomes a lead with their number ready.
    t.click("New individual…");
    t.wait_for_label("Home phone");
    let typed = t.field("Home phone").value().unwrap_or_default();
    assert!(
        typed.contains("555-0142"),
        "the number is filled in: {typed:?}"
    );
}

#[test]
fn an_export_in_columns_no_preset_knows_is_mapped_once_and_read_by_them_after() {
    let mut t = app();
    open_my_day(&mut t);
    let now = t.clock.now();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pbx.csv");
    std::fs::write(
        &file,
        format!(
            "Caller ID,Dialed,When,Secs,Dir,Outcome\n(999) 555-0142,(614) 555-0100,{},40,in,yes\n",
            (now - Span::minutes(20)).to_rfc3339()
        ),
    )
    .unwrap();
    t.click("Import calls…");
    t.wait_for_label("Call export");
    t.type_into("Call export", &file.display().to_string());
    t.click("Open");
    t.wait_for_text("These columns are not a layout LeaseDesk knows");
    // "Outcome" names no fact LeaseDesk guesses: it must be chosen.
    t.click("Read with these columns");
    t.wait_for_text("choose the column that holds the answered");
    t.choose("Answered (yes/no)", "Outcome");
    t.click("Read with these columns");
    t.wait_for_text("1 call read (your columns layout)");
    let kept = t.harness.state().prefs().call_columns().cloned();
    assert_eq!(
        kept.map(|c| (c.caller, c.answered)),
        Some(("Caller ID".into(), "Outcome".into()))
    );
    t.click("Close");

    // The next export of this phone system reads at once.
    t.click("Import calls…");
    t.wait_for_label("Call export");
    t.type_into("Call export", &file.display().to_string());
    t.click("Open");
    t.wait_for_text("1 call read (your columns layout)");
    assert_eq!(
        t.harness
            .query_all_by_label_contains("not a layout LeaseDesk knows")
            .count(),
        0
    );
}

#[test]
fn sales_counts_the_calls_by_weekday_and_hour_as_the_services_activities_say() {
    use leasedesk::domain::calls::hours::{CallTime, call_direction, call_hours, is_missed};
    let mut t = app();
    t.wait_connected();
    let client = direct_client(&t);
    let calls: Vec<CallTime> =
        crate::agent_day::all_activities(&client, leasedesk::api::model::ActivityFilter::AllUsers)
            .into_iter()
            .filter(|a| a.completed)
            .filter_map(|a| {
                let inbound = call_direction(a.activity_type.as_deref()?)?;
                Some(CallTime {
                    at: a.due_date.with_timezone(&chrono::Utc),
                    inbound,
                    missed: inbound && is_missed(&a.activity_name),
                })
            })
            .collect();
    let zone = t.harness.state().backend().connection().zone();
    let by_hand = call_hours(&calls, zone, t.clock.now());
    let inbound = leasedesk::domain::calls::hours::CallHours::total(&by_hand.inbound) as usize;
    let outbound = leasedesk::domain::calls::hours::CallHours::total(&by_hand.outbound) as usize;
    assert!(inbound > 0 && outbound > 0, "the demo has calls both ways");
    t.click("Sales");
    t.click("Calls");
    t.wait_for_text(&format!(
        "{} in,",
        leasedesk::domain::format::count(inbound, "call")
    ));
    t.wait_for_text(&format!(
        "{} out.",
        leasedesk::domain::format::count(outbound, "call")
    ));
    // Every cell as counted by hand from the service's reads.
    let shown = t
        .harness
        .state()
        .panes
        .sales
        .calls
        .hours
        .state
        .value()
        .cloned();
    assert_eq!(shown.as_deref(), Some(&by_hand));
    // Each cell is read with its day and hour, not as a bare count: Monday 9 am's calls in,
    // as counted by hand.
    t.harness.run_steps(2);
    let cells = t
        .harness
        .query_all_by(|n| {
            n.value().is_some_and(|l| {
                ["Mon ", "Tue ", "Wed ", "Thu ", "Fri ", "Sat ", "Sun "]
                    .iter()
                    .any(|d| l.starts_with(d))
                    && l.contains(": ")
            })
        })
        .count();
    assert!(
        cells >= 7 * 24,
        "{cells} cells read with their day and hour"
    );
    let monday_nine = by_hand.inbound[0][9];
    assert!(
        t.harness
            .query_all_by(|n| n
                .value()
                .is_some_and(|l| l.starts_with(&format!("Mon 9a: {monday_nine} "))))
            .next()
            .is_some(),
        "Monday 9a read as {monday_nine}"
    );
}

/// The numbers that match no one are listed a line each, their "New individual…" buttons one
/// under another (a column of their own), not each after a sentence of its own length.
#[test]
fn the_strangers_buttons_stand_in_one_column() {
    let mut t = app();
    open_my_day(&mut t);
    let now = t.clock.now();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("calls.csv");
    let mut text = String::from("caller,callee,start,duration,direction,answered\n");
    let mut line = |caller: &str, minutes: i64| {
        text.push_str(&format!(
            "\"{caller}\",\"(614) 555-0100\",{},30,in,yes\n",
            (now - Span::minutes(minutes)).to_rfc3339()
        ));
    };
    line("(999) 555-0142", 90);
    for m in 0..12 {
        line("(999) 555-0177", 80 - m);
    }
    line("+1 (999) 555-0199", 30);
    std::fs::write(&file, text).unwrap();

    t.click("Import calls…");
    t.wait_for_label("Call export");
    t.type_into("Call export", &file.display().to_string());
    t.click("Open");
    t.wait_for_text("14 calls read");
    t.click("Import");
    t.wait_for_text("3 numbers match no one");
    t.harness.step();
    let lefts: Vec<f32> = t
        .harness
        .query_all_by_label("New individual…")
        .map(|b| b.rect().left())
        .collect();
    assert_eq!(lefts.len(), 3, "{lefts:?}");
    assert!(
        lefts.iter().all(|x| (x - lefts[0]).abs() < 0.5),
        "one column: {lefts:?}"
    );

    // On a small laptop, New individual opened from a call shows the number it filled in
    // without scrolling: the field is in the window, below the dialog's title.
    t.harness.set_size(egui::vec2(1000.0, 650.0));
    t.harness.step();
    t.click_first("New individual…");
    t.wait_for_label("Home phone");
    t.until_still("Home phone");
    let field = t.field("Home phone");
    let number = field.value().unwrap_or_default();
    assert!(
        number.contains("555-01"),
        "the number is filled in: {number:?}"
    );
    let rect = field.rect();
    assert!(
        rect.top() >= 0.0 && rect.bottom() <= 650.0,
        "the filled number is off screen at 1000×650: {rect:?}"
    );
    let first_name = t
        .harness
        .query_all_by_label("First name")
        .map(|n| n.rect())
        .fold(f32::MAX, |top, r| top.min(r.top()));
    assert!(
        first_name >= 0.0 && first_name < rect.top(),
        "the name fields lead, the number follows"
    );
}

/// A missed call on a colleague's lead waits in their My day, not in mine; with "Everyone's
/// activities" shown, My day's missed calls are the whole team's, each saying whose lead.
#[test]
fn everyones_activities_widens_my_days_missed_calls_to_the_team() {
    let mut t = app();
    open_my_day(&mut t);
    t.wait_for_label("Missed calls (0)");
    let client = direct_client(&t);
    let mine = me(&client).id;
    let colleagues = lead_with_own_number(&client, |c| {
        is_active_lead_of(c, None) && !is_active_lead_of(c, Some(mine))
    });
    let now = t.clock.now();
    import_calls(
        &mut t,
        &format!(
            "\"{}\",\"(614) 555-0100\",{},0,in,no\n",
            colleagues.best_phone(),
            (now - Span::minutes(25)).to_rfc3339(),
        ),
        "1 call read",
    );
    t.wait_for_text("1 on colleagues' leads, in their My day");
    t.click("Close");
    t.wait_at_rest();
    // Mine: not here.
    t.wait_for_label("Missed calls (0)");
    // Everyone's: the team's, with whose lead it is.
    t.choose("Show", "Everyone's activities");
    t.wait_for_label("Missed calls, everyone's (1)");
    t.wait_for_label(&colleagues.individual_name);
    t.wait_for_text(&format!("{}'s lead", colleagues.assigned_user));
    // Back to mine: mine again.
    t.choose("Show", "My activities");
    t.wait_for_label("Missed calls (0)");
}
