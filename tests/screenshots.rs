//! Regenerates every picture in `assets/screenshots/` from the real app on the demo data, so the
//! README never drifts from the app:
//!
//! ```text
//! cargo test --features screenshots --test screenshots -- --test-threads 1
//! ```
//!
//! It draws with wgpu, so it needs a Vulkan driver (on a headless Linux box Debian's
//! `mesa-vulkan-drivers` gives lavapipe). Plain `cargo test` skips it.

#![cfg(feature = "screenshots")]

#[path = "app/support.rs"]
#[allow(dead_code)]
mod support;

use std::path::PathBuf;
use std::time::Duration;

use egui_kittest::kittest::Queryable;
use support::{TestApp, app_for_screenshots};

fn out(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("assets/screenshots")
        .join(format!("{name}.png"))
}

/// Lets animations and late answers settle, then saves what is on screen.
fn save(t: &mut TestApp, name: &str) {
    for _ in 0..10 {
        t.harness.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    let image = t.harness.render().unwrap_or_else(|e| {
        panic!("{name}: could not render ({e}); is a Vulkan driver installed?")
    });
    let path = out(name);
    image
        .save(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    println!("saved {}", path.display());
}

/// The name on the first search row that `pick` accepts.
fn first_row(t: &TestApp, pick: impl Fn(&leasedesk::domain::cases::CaseRow) -> bool) -> String {
    t.harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .find(|r| pick(r))
        .expect("a row of that kind on the first page")
        .name
        .clone()
}

fn dark() -> TestApp {
    let mut t = app_for_screenshots(egui::Theme::Dark);
    t.wait_for_cases();
    t
}

#[test]
fn search_and_case_view() {
    let mut t = dark();
    save(&mut t, "search");
    let resident = first_row(&t, |r| r.kind == "Resident" && r.status == "Moved In");
    t.click(&resident);
    t.wait_for_text("Housing contracts");
    t.step_until("the case's activities", Duration::from_secs(60), |h| {
        h.query_all_by_label_contains("Done").count() > 3
    });
    save(&mut t, "case-view");
}

#[test]
fn calendar() {
    let mut t = dark();
    t.click("Calendar");
    t.step_until("activities", Duration::from_secs(60), |h| {
        h.state().panes.calendar.activities().is_some()
    });
    t.click("Week");
    save(&mut t, "calendar-week");
    t.click("Month");
    save(&mut t, "calendar-month");
}

#[test]
fn inventory_and_occupancy() {
    let mut t = dark();
    t.click("Inventory");
    t.step_until("units", Duration::from_secs(60), |h| {
        h.state().panes.inventory.data().is_some()
    });
    save(&mut t, "inventory-board");
    t.click("Occupancy summary");
    save(&mut t, "occupancy-summary");
}

#[test]
fn move_in_wizard() {
    let mut t = dark();
    let prospect = first_row(&t, |r| r.kind == "Prospect" && r.status == "Active");
    t.click(&prospect);
    t.wait_for_label("Start move-in…");
    t.click("Start move-in…");
    t.wait_for_text("Who is moving in?");
    t.click("Next");
    t.wait_for_label("Community");
    t.choose("Community", "Cedar Ridge Commons");
    t.wait_for_text("Unit ");
    save(&mut t, "move-in-wizard");
}

#[test]
fn campaign_board() {
    let mut t = dark();
    t.click("Campaigns");
    t.wait_for_label("New year wellness fair");
    t.click("New year wellness fair");
    t.step_until("the board", Duration::from_secs(60), |h| {
        h.state().panes.campaigns.board.is_some()
    });
    // A card's "Move to…" menu open, as a person about to move someone would see it.
    let first = {
        let board = t.harness.state().panes.campaigns.board.as_ref().unwrap();
        let m = &board.members[board.columns(|_| true)[0][0]];
        format!("{} {}", m.first_name, m.last_name)
    };
    t.click_first(&first);
    save(&mut t, "campaign-board");
}

#[test]
fn admission_checklist() {
    let mut t = dark();
    t.click("Admissions");
    t.wait_for_label("Move-ins coming up");
    let today = t.clock.now().date_naive();
    t.step_until("the queue", Duration::from_secs(30), |h| {
        h.state().panes.admissions.queue(today).len() > 2
    });
    let name = t.harness.state().panes.admissions.queue(today)[2]
        .name
        .clone();
    t.click(&name);
    t.wait_for_text(" met");
    save(&mut t, "admission-checklist");
}

#[test]
fn directors_desk() {
    let mut t = dark();
    t.click("Admissions");
    t.wait_for_label("Move-ins coming up");
    t.wait_for_text("of 8 met");
    save(&mut t, "admissions-queue");
    t.click("Sales");
    t.step_until("the sales figures", Duration::from_secs(60), |h| {
        h.state().panes.sales.derived().is_some()
    });
    t.harness
        .query_by_label_contains("Tour: ")
        .expect("the Tour bar")
        .click();
    t.step_until(
        "speed to lead beside conversion",
        Duration::from_secs(120),
        |h| h.state().panes.sales.funnel.times.state.value().is_some(),
    );
    t.harness.run_steps(3);
    save(&mut t, "sales-funnel");
    t.click("Census forecast");
    t.wait_for_text("Occupied beds:");
    save(&mut t, "census-forecast");
}

#[test]
fn agents_day() {
    let mut t = app_for_screenshots(egui::Theme::Light);
    t.click("Calendar");
    t.step_until(
        "My day with its next steps",
        Duration::from_secs(120),
        |h| {
            let c = &h.state().panes.calendar;
            c.activities().is_some() && c.next_step.rows.state.value().is_some()
        },
    );
    t.click_first("Log outcome…");
    t.step_until("the dialog's lists", Duration::from_secs(60), |h| {
        h.state()
            .log_outcome_form()
            .is_some_and(|f| f.outcome.type_id.is_some() && f.next.assignee_id.is_some())
    });
    // The dialog settles (its lists and the assignee's day arrive) before it is used.
    t.until_still("Save outcome and next step");
    t.choose("Result", "Left message");
    t.type_into(
        "What was said",
        "Left a message with her daughter; she calls back after 4pm",
    );
    t.type_into(
        "Notes for the next step",
        "Ask about the two-bedroom on Maple",
    );
    save(&mut t, "log-outcome");
    t.click("Save outcome and next step");
    t.step_until("saved", Duration::from_secs(60), |h| {
        h.state().log_outcome_form().is_some_and(|f| f.done())
    });
    t.click("Close");
    t.wait_for_label("Followed up here (1)");
    t.click("Followed up here (1)");
    t.step_until("everything reloaded", Duration::from_secs(120), |h| {
        h.query_all_by_label_contains("so far)").count() == 0
    });
    save(&mut t, "my-day");

    t.click("Search");
    let prospect = first_row(&t, |r| r.kind == "Prospect" && r.status == "Active");
    t.click(&prospect);
    t.wait_for_label("Schedule a tour…");
    t.click("Schedule a tour…");
    t.wait_for_label("Given by");
    t.replace_text("Day", "2026-11-23");
    t.wait_for_text("day · Mon Nov 23");
    // A time that clashes with the agent's work that day, to show the warning.
    let client = support::direct_client(&t);
    let mine = support::block_on(client.activities(&leasedesk::api::model::ActivityQuery {
        page_size: Some(5000),
        ..Default::default()
    }))
    .unwrap()
    .into_vec();
    let monday = chrono::NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
    let busy = mine
        .iter()
        .filter(|a| !a.all_day && !a.completed)
        .map(|a| a.due_date.with_timezone(&chrono_tz::America::New_York))
        .filter(|d| d.date_naive() == monday)
        .map(|d| d.time())
        .find(|t| {
            use chrono::Timelike;
            t.minute().is_multiple_of(15) && (8..20).contains(&t.hour())
        })
        .expect("work on Monday");
    t.choose("Time", &busy.format("%-I:%M %P").to_string());
    t.wait_for_text("⚠ The tour overlaps");
    save(&mut t, "tour-form");
}

/// Every pane at a small laptop's size and at a large screen's, in both themes, and at 150%
/// zoom: written to `LEASEDESK_LOOK_DIR` (not the README's pictures) for a person to look at.
#[test]
fn every_pane_at_every_size() {
    let Some(dir) = std::env::var_os("LEASEDESK_LOOK_DIR").map(PathBuf::from) else {
        return;
    };
    std::fs::create_dir_all(&dir).unwrap();
    let panes = [
        "Search",
        "Calendar",
        "Inventory",
        "Move-in",
        "Campaigns",
        "Admissions",
        "Sales",
        "Users",
        "Plugin endpoint",
        "Settings",
    ];
    for theme in [egui::Theme::Dark, egui::Theme::Light] {
        for (size, zoom, tag) in [
            (egui::vec2(1000.0, 650.0), 1.0, "1000x650"),
            (egui::vec2(2560.0, 1440.0), 1.0, "2560x1440"),
            (egui::vec2(1440.0, 900.0), 1.5, "1440x900-zoom150"),
        ] {
            let choice = match theme {
                egui::Theme::Dark => leasedesk::ui::theme::ThemeChoice::Dark,
                egui::Theme::Light => leasedesk::ui::theme::ThemeChoice::Light,
            };
            let mut t = support::Setup {
                prefs: leasedesk::ui::prefs::Prefs {
                    theme: choice,
                    ..Default::default()
                },
                ..Default::default()
            }
            .start_with(|b| b.with_theme(theme).with_render_cursor(false).wgpu());
            t.wait_for_cases();
            t.harness.set_size(size);
            t.harness.ctx.set_zoom_factor(zoom);
            for pane in panes {
                t.click(pane);
                for _ in 0..30 {
                    t.harness.step();
                    std::thread::sleep(Duration::from_millis(20));
                }
                let image = t.harness.render().expect("a Vulkan driver");
                let name = format!("{}-{tag}-{theme:?}.png", pane.replace(' ', "-"));
                image.save(dir.join(name)).unwrap();
            }
        }
    }
}

#[path = "app/faults.rs"]
#[allow(dead_code)]
mod faults;

/// Offline: the badge, search from the copy, an activity saved offline, and the Outbox with a
/// change the service refused.
#[test]
fn working_offline() {
    let mut t = support::Setup {
        options: support::fault_options(),
        ..support::Setup::default()
    }
    .start_with(|b| {
        b.with_theme(egui::Theme::Dark)
            .with_render_cursor(false)
            .wgpu()
    });
    t.wait_connected();
    let proxy = faults::connect_through_proxy(&mut t);
    t.step_until("the offline copy", Duration::from_secs(60), |h| {
        h.state().backend().offline_copy().status().as_of.is_some()
    });
    t.wait_for_cases();
    let person = first_row(&t, |r| r.kind == "Prospect");
    t.click(&person);
    t.wait_for_label("Log a call…");
    t.click("Log a call…");
    t.step_until("the form's lists", Duration::from_secs(60), |h| {
        h.state()
            .log_activity_form()
            .is_some_and(|f| f.draft.type_id.is_some() && f.lists_loaded())
    });
    t.until_still("Save activity");
    proxy.set("*", "/", faults::Fault::Drop);
    t.type_into("Description", "Asked about respite stays in January");
    t.click("Save activity");
    t.wait_for_text("Saved offline");
    save(&mut t, "offline-pending-write");
    t.click("Close");
    t.click("Search");
    let first_name = person.split(' ').next().unwrap_or(&person).to_owned();
    t.replace_text("Search cases", &first_name);
    t.wait_for_text("The service cannot be reached, so these come from the offline copy");
    save(&mut t, "offline-search");
    t.click("Calendar");
    t.wait_for_text("Waiting to be sent (1)");
    save(&mut t, "offline-calendar");
    t.click("Campaigns");
    t.wait_for_text("Showing the offline copy of the campaigns");
    save(&mut t, "offline-screen");
    proxy.clear();
    proxy.set("POST", "/v3/Activity", faults::Fault::Refuse);
    t.click("Outbox");
    t.click("Send now");
    t.wait_for_text("The service refused it: ");
    save(&mut t, "outbox");
}

#[test]
fn sales_discipline() {
    let mut t = app_for_screenshots(egui::Theme::Light);
    t.click("Calendar");
    t.step_until("My day with its new leads", Duration::from_secs(120), |h| {
        let c = &h.state().panes.calendar;
        c.activities().is_some() && !c.next_step.new_leads().is_empty()
    });
    t.until_still("Needs a next step");
    save(&mut t, "new-leads");

    t.click("Sales");
    t.click("Team board");
    t.step_until("the team board", Duration::from_secs(120), |h| {
        h.state().panes.sales.team.board.state.value().is_some()
    });
    let first = t.harness.state().panes.sales.team.shown().unwrap().by_agent[0]
        .name
        .clone();
    t.click(&format!("⏵ {first}"));
    save(&mut t, "team-board");

    // A walk-in with the name and phone of a known prospect, through the paid agency.
    t.click("Search");
    t.wait_for_cases();
    let known = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .find(|r| {
            r.kind == "Prospect"
                && !r.phone.is_empty()
                && !r.source.is_empty()
                && r.source != "Placement agency"
        })
        .expect("a prospect with a phone, not from the agency")
        .clone();
    let (first_name, last_name) = known.name.split_once(' ').unwrap();
    t.open_new_individual(true);
    t.type_into("First name", first_name);
    t.type_into("Last name", last_name);
    t.type_into("Home phone", &known.phone);
    t.choose("Market source", "Placement agency");
    t.wait_for_text("Possibly known already");
    t.wait_for_text("a referral fee may not be owed");
    save(&mut t, "duplicate-warning");
}

#[test]
fn lost_leads_sources_and_duplicates() {
    let mut t = app_for_screenshots(egui::Theme::Light);
    t.click("Calendar");
    t.step_until("My day's lead lists", Duration::from_secs(120), |h| {
        let c = &h.state().panes.calendar;
        c.activities().is_some() && c.next_step.rows.state.value().is_some()
    });
    t.click_first("Lost…");
    t.wait_for_text("The service cannot change a person's status");
    t.choose("Reason", "Chose another community");
    t.choose("Went to", "Competitor community");
    t.until_still("Close as lost");
    save(&mut t, "close-as-lost");
    t.click_button("Cancel");

    t.click("Sales");
    t.click("Lost leads");
    t.step_until("the lost leads", Duration::from_secs(120), |h| {
        h.state().panes.sales.lost.records.state.value().is_some()
    });
    t.wait_for_text("leads closed as lost since");
    save(&mut t, "lost-leads");

    t.click("Referral sources");
    t.wait_for_text("the Funnel tab's period");
    save(&mut t, "referral-sources");

    t.click("Search");
    t.wait_for_cases();
    t.click("Possible duplicates");
    t.step_until("the groups", Duration::from_secs(120), |h| {
        h.state()
            .panes
            .cases
            .search
            .duplicates
            .groups
            .state
            .value()
            .is_some()
    });
    t.wait_for_text("cases that may be one person");
    save(&mut t, "possible-duplicates");
}

#[test]
fn speed_to_lead_settings() {
    let mut t = app_for_screenshots(egui::Theme::Light);
    t.wait_connected();
    t.click("Settings");
    t.wait_for_label("A community keeps other hours");
    t.harness
        .get_by_label("A community keeps other hours")
        .scroll_to_me();
    for _ in 0..20 {
        t.harness.step();
    }
    t.choose("A community keeps other hours", "Cedar Ridge Commons");
    t.wait_for_label("Use the portal's hours");
    t.harness
        .get_by_label("Speed to lead and follow-ups")
        .scroll_to_me();
    for _ in 0..20 {
        t.harness.step();
    }
    save(&mut t, "settings-lead-rules");
}

#[test]
fn contact_guard_at_night_and_calling_hours() {
    let mut t = app_for_screenshots(egui::Theme::Light);
    t.wait_connected();
    // Saturday 11 pm in New York: no call is offered on My day.
    t.clock.advance(chrono::Duration::hours(13));
    my_day_held(&mut t);
    save(&mut t, "my-day-held");
    t.click("Settings");
    t.scroll_into_view("Edit the table…");
    save(&mut t, "calling-hours");
}

#[test]
fn contact_guard_on_a_small_laptop() {
    let mut t = support::Setup::default().start_with(|builder| {
        builder
            .with_theme(egui::Theme::Light)
            .with_size(egui::vec2(1000.0, 650.0))
            .with_render_cursor(false)
            .wgpu()
    });
    t.wait_connected();
    t.clock.advance(chrono::Duration::hours(13));
    my_day_held(&mut t);
    save(&mut t, "my-day-held-small");
    t.click("Search");
    t.wait_for_cases();
    let name = first_row(&t, |r| r.kind == "Prospect");
    t.click(&name);
    t.wait_for_label("Record their word…");
    t.click("Record their word…");
    t.scroll_into_view("Log their word");
    save(&mut t, "case-their-word-small");
}

/// My day with its new leads held by the clock.
fn my_day_held(t: &mut TestApp) {
    t.click("Calendar");
    t.step_until("My day's lists", Duration::from_secs(120), |h| {
        let c = &h.state().panes.calendar;
        c.activities().is_some()
            && c.next_step
                .rows
                .state
                .value()
                .is_some_and(|w| w.new_leads.iter().any(|l| !l.holds.is_empty()))
    });
}
