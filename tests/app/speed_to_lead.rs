//! Speed to lead in the agent's day: new leads waiting on a business-hours clock, and the first
//! contact that takes one off the list.

use std::collections::BTreeSet;
use std::time::Duration;

use crate::agent_day::{expected_lead_lists, me, open_my_day, save_outcome, wait_for_outcome_form};
use egui_kittest::kittest::Queryable;
use leasedesk::domain::reminders::ReminderKind;

use crate::support::{app, direct_client};

const WAIT: Duration = Duration::from_secs(120);

#[test]
fn new_leads_wait_on_a_business_clock_and_leave_with_their_first_contact() {
    let mut t = app();
    open_my_day(&mut t);
    t.step_until("the lead lists worked out", WAIT, |h| {
        h.state()
            .panes
            .calendar
            .next_step
            .rows
            .state
            .value()
            .is_some()
    });
    let client = direct_client(&t);
    let now = t.clock.now();
    let (fresh, _) = expected_lead_lists(&client, me(&client).id, now);
    let leads = t
        .harness
        .state()
        .panes
        .calendar
        .next_step
        .new_leads()
        .to_vec();
    let shown: BTreeSet<String> = leads.iter().map(|l| l.case_number.clone()).collect();
    assert_eq!(shown, fresh, "the list is the leads nobody reached out to");
    assert!(leads.len() >= 4, "the demo has leads waiting: {leads:?}");
    assert!(
        leads.windows(2).all(|w| w[0].inquired <= w[1].inquired),
        "oldest first"
    );
    t.wait_for_label(&format!("New leads ({})", leads.len()));
    // Saturday 10:00 in New York; the office is open Monday to Saturday, 8 to 6. The demo's
    // inquiries of 12 and 40 minutes ago, of 6 am (two business hours: the office opened at 8)
    // and of Wednesday 10 am (8 + 10 + 10 + 2 hours: three business days of ten hours).
    for waited in [
        "12 min waiting",
        "40 min waiting",
        "2 h waiting",
        "3 business days waiting",
    ] {
        t.wait_for_label(waited);
    }

    // Each lead of the last day is announced once (a desktop notification and the bell).
    let announced = |t: &crate::support::TestApp| -> Vec<String> {
        t.reminders
            .0
            .lock()
            .unwrap()
            .iter()
            .filter(|r| r.kind == ReminderKind::NewLead)
            .map(|r| r.case_number.clone())
            .collect()
    };
    let recent: BTreeSet<String> = leads
        .iter()
        .filter(|l| now - l.inquired.with_timezone(&chrono::Utc) <= chrono::Duration::hours(24))
        .map(|l| l.case_number.clone())
        .collect();
    assert!(
        recent.len() >= 3,
        "12 and 40 minutes and 4 hours ago, at least"
    );
    let started = std::time::Instant::now();
    while announced(&t).len() < recent.len() && started.elapsed() < WAIT {
        t.harness.step();
        std::thread::sleep(Duration::from_millis(50));
    }
    // Reminders are looked at once a second: three more looks announce nothing again.
    let settle = std::time::Instant::now();
    while settle.elapsed() < Duration::from_secs(3) {
        t.harness.step();
        std::thread::sleep(Duration::from_millis(50));
    }
    let once = announced(&t);
    assert_eq!(once.len(), recent.len(), "{once:?}");
    assert_eq!(once.iter().cloned().collect::<BTreeSet<_>>(), recent);

    // The newest lead is called back: it leaves the list without a refresh.
    let newest = leads.last().unwrap().clone();
    // Oldest first: the newest lead's is the last "Log first contact…".
    t.harness
        .query_all_by_label("Log first contact…")
        .last()
        .expect("a first contact to log")
        .click();
    t.harness.step();
    wait_for_outcome_form(&mut t);
    t.type_into("What was said", "Called back; a tour next week suits her");
    save_outcome(&mut t);
    t.wait_for_label(&format!("New leads ({})", leads.len() - 1));
    assert!(
        t.harness
            .state()
            .panes
            .calendar
            .next_step
            .new_leads()
            .iter()
            .all(|l| l.case_number != newest.case_number)
    );
    // And the independent count agrees.
    let (fresh, _) = expected_lead_lists(&client, me(&client).id, now);
    assert!(!fresh.contains(&newest.case_number));
    // The bell lists every lead still waiting, the longest wait first, and not one reached.
    t.step_until("the bell without the lead reached", WAIT, |h| {
        let waiting = &h.state().reminders.waiting;
        waiting.len() == leads.len() - 1
            && waiting.iter().all(|r| r.case_number != newest.case_number)
    });
    let waiting = t.harness.state().reminders.waiting.clone();
    assert_eq!(
        waiting[0].case_number, leads[0].case_number,
        "the oldest, reddest lead first: {waiting:?}"
    );
    assert!(
        waiting[0].text.ends_with("3 business days waiting"),
        "{}",
        waiting[0].text
    );
}

/// The case's badge, My day's lists, Search's colour and the bell, for every lead of the demo:
/// one story of contact (issue 40 item 5). The badge's words are checked on screen for a lead
/// nobody called and for one reached.
#[test]
fn the_badge_my_day_search_and_the_bell_tell_one_story_for_every_lead() {
    use leasedesk::domain::contact_story::{ContactRule, Standing};
    use leasedesk::domain::speed_to_lead::LeadFacts;
    let mut t = app();
    open_my_day(&mut t);
    t.step_until("the lead lists and the bell worked out", WAIT, |h| {
        h.state()
            .panes
            .calendar
            .next_step
            .rows
            .state
            .value()
            .is_some()
            && !h.state().reminders.waiting.is_empty()
    });
    let client = direct_client(&t);
    let now = t.clock.now();
    let backend = t.harness.state().backend().clone();
    let rule = ContactRule {
        rules: Default::default(),
        zone: backend.connection().zone(),
    };
    let work = crate::support::block_on(backend.lead_work(
        client.clone(),
        Some(me(&client).id),
        now,
        rule.clone(),
        Default::default(),
        true,
    ))
    .unwrap();
    let colours = crate::support::block_on(backend.lead_colours(
        client.clone(),
        now,
        rule.clone(),
        Default::default(),
    ))
    .unwrap();
    let activities =
        crate::agent_day::all_activities(&client, leasedesk::api::model::ActivityFilter::AllUsers);
    let bell: BTreeSet<String> = t
        .harness
        .state()
        .reminders
        .waiting
        .iter()
        .map(|r| r.case_number.clone())
        .collect();
    let new_leads: BTreeSet<String> = work
        .new_leads
        .iter()
        .map(|l| l.case_number.clone())
        .collect();
    assert_eq!(bell, new_leads, "the bell lists My day's new leads");
    let mut standings = std::collections::HashMap::new();
    let mut checked = 0;
    for case in crate::agent_day::all_leads(&client) {
        let p = &case.primary;
        // The badge's facts: the case's own activities.
        let mut facts = LeadFacts::default();
        for a in activities.iter().filter(|a| a.case_number == p.case_number) {
            facts.add(a, now);
        }
        let community = p.communities.first().map(|c| c.id);
        let badge = facts.standing(p.date_created, community, now, &rule);
        let search = colours.get(&p.case_number).copied();
        if !leasedesk::domain::next_step::is_active_lead_of(&case, None) {
            assert_eq!(search, None, "no colour for {}", p.individual_name);
            continue;
        }
        assert_eq!(
            search,
            badge.colour(),
            "Search and the badge: {}",
            p.individual_name
        );
        checked += 1;
        if let Some(lead) = work
            .new_leads
            .iter()
            .find(|l| l.case_number == p.case_number)
        {
            assert!(
                badge.is_waiting(),
                "{} is new and waiting",
                p.individual_name
            );
            let waited = rule
                .rules
                .waited(lead.inquired, lead.community_id, now, rule.zone);
            assert_eq!(
                Some(rule.rules.response.colour(waited)),
                search,
                "My day's clock and Search: {}",
                p.individual_name
            );
        }
        if let Some(row) = work
            .next_steps
            .iter()
            .find(|r| r.case_number == p.case_number)
        {
            assert_eq!(
                Some(row.colour),
                search,
                "My day's next step: {}",
                p.individual_name
            );
        }
        standings.insert(p.case_number.clone(), (p.individual_name.clone(), badge));
    }
    assert!(checked > 20, "every lead of the demo: {checked}");
    // On screen, for the first new lead and the first next step My day shows: the badge says
    // what the rule says.
    let waiting = standings.get(&work.new_leads[0].case_number).cloned();
    let reached = work
        .next_steps
        .iter()
        .take(5)
        .find_map(|r| {
            standings
                .get(&r.case_number)
                .filter(|(_, s)| !s.is_waiting())
        })
        .cloned();
    for (name, standing) in [
        waiting.expect("a lead nobody called"),
        reached.expect("a lead reached"),
    ] {
        open_my_day(&mut t);
        t.click(&name);
        let colour = standing.colour().unwrap().name();
        let words = match standing {
            Standing::Waiting { .. } => "nobody has reached out yet",
            _ => "last contact",
        };
        t.wait_for_text(&format!("{colour}: {words}"));
    }
}

/// Every active lead's colour, worked out here from the service's reads alone: a lead nobody
/// has reached out to yet by its wait in business minutes (amber from 30, red from 60); else
/// green when something open is due ahead, or by the hours since the latest completed activity
/// up to now: amber from 24, red from 48.
fn expected_colours(
    client: &leasedesk::api::Client,
    now: chrono::DateTime<chrono::Utc>,
) -> std::collections::HashMap<String, &'static str> {
    use leasedesk::api::model::ActivityFilter;
    let activities = crate::agent_day::all_activities(client, ActivityFilter::AllUsers);
    colours_as_of(&crate::agent_day::all_leads(client), &activities, now)
}

/// The colours of `leads` (the active ones, as Search lists them now) as they stood at `now`,
/// from `activities` as far as they had been entered by then: a lead not yet created is left
/// out.
fn colours_as_of(
    leads: &[leasedesk::api::model::SearchCase],
    activities: &[leasedesk::api::model::Activity],
    now: chrono::DateTime<chrono::Utc>,
) -> std::collections::HashMap<String, &'static str> {
    let activities: Vec<_> = activities
        .iter()
        .filter(|a| a.date_created <= now)
        .cloned()
        .collect();
    let activities = &activities;
    let mut out = std::collections::HashMap::new();
    for case in leads {
        let p = &case.primary;
        if ["Lost", "Inactive", "Moved In"].contains(&p.individual_status_name.as_str())
            || p.date_created > now
        {
            continue;
        }
        // Nobody reached out yet: the wait in business time against the 60-minute target.
        if crate::speed_by_hand::first_contact(activities, &p.case_number, now).is_none() {
            let waited = crate::speed_by_hand::business_minutes(
                p.date_created.with_timezone(&chrono::Utc),
                now,
            );
            let colour = if waited >= 60 {
                "Red"
            } else if waited >= 30 {
                "Amber"
            } else {
                "Green"
            };
            out.insert(p.case_number.clone(), colour);
            continue;
        }
        let theirs = activities.iter().filter(|a| a.case_number == p.case_number);
        let mut booked = false;
        let mut last = p.date_created;
        let mut touched = false;
        for a in theirs {
            // Due after `now` and neither cancelled nor a no-show: open then, whatever became
            // of it since.
            if !a.cancelled && !a.no_show && a.due_date > now {
                booked = true;
            }
            if a.completed && a.due_date <= now && (!touched || a.due_date > last) {
                last = a.due_date;
                touched = true;
            }
        }
        let hours = (now - last.with_timezone(&chrono::Utc)).num_hours();
        let colour = if booked || hours < 24 {
            "Green"
        } else if hours < 48 {
            "Amber"
        } else {
            "Red"
        };
        out.insert(p.case_number.clone(), colour);
    }
    out
}

#[test]
fn search_shows_each_leads_follow_up_colour_and_filters_by_it() {
    let mut t = app();
    t.wait_for_cases();
    let client = direct_client(&t);
    let expected = expected_colours(&client, t.clock.now());
    assert!(
        ["Red", "Amber", "Green"]
            .iter()
            .all(|c| expected.values().any(|v| v == c)),
        "the demo has leads of every colour"
    );
    t.choose("Follow-up", "Red: no contact in time");
    t.step_until("red leads only", WAIT, |h| {
        let rows: Vec<_> = h.state().panes.cases.search.rows_in_order().collect();
        !rows.is_empty()
            && rows
                .iter()
                .all(|r| r.follow_up.map(|c| c.name()) == Some("Red"))
    });
    for row in t.harness.state().panes.cases.search.rows_in_order() {
        assert_eq!(expected.get(&row.case_number), Some(&"Red"), "{}", row.name);
    }
    t.wait_for_text("Red: waiting past");
    // The count is of the rows shown; the rows the filter keeps off are counted apart, and
    // one click shows them.
    let search = &t.harness.state().panes.cases.search;
    let (read, red) = (search.rows_read().count(), search.rows_in_order().count());
    assert!(red < read);
    t.wait_for_label(&format!(
        "{} hidden by the filter Follow-up \"Red: no contact in time\"",
        leasedesk::domain::format::thousands((read - red) as u64)
    ));
    assert!(
        t.harness
            .query_by_label_contains(&format!(
                "{} of {} shown",
                leasedesk::domain::format::thousands(red as u64),
                leasedesk::domain::format::count(read, "case")
            ))
            .is_some()
    );
    // A search whose only case is not red: said in the table, not an empty table under "1 case".
    let leads = crate::agent_day::all_leads(&client);
    let name_of = |c: &leasedesk::api::model::SearchCase| {
        format!("{} {}", c.primary.first_name, c.primary.last_name)
    };
    let green = leads
        .iter()
        .filter(|c| expected.get(&c.primary.case_number) == Some(&"Green"))
        .find(|c| leads.iter().filter(|o| name_of(o) == name_of(c)).count() == 1)
        .expect("a green lead with a name of its own");
    let (green_number, green_name) = (&green.primary.case_number, name_of(green));
    t.replace_text("Search cases", &green_name);
    t.step_until("the green lead read and hidden", WAIT, |h| {
        let search = &h.state().panes.cases.search;
        search.rows_in_order().count() == 0
            && search.rows_read().any(|r| &r.case_number == green_number)
    });
    t.wait_for_text("hidden by the filter Follow-up");
    assert!(
        t.harness
            .query_by_label_contains("matches the filter Follow-up")
            .is_some()
    );
    assert!(
        t.harness
            .query_by_label_contains("0 of 1 case shown")
            .is_some()
    );
    t.click_first("Show all");
    t.step_until("the green lead shown", WAIT, |h| {
        h.state()
            .panes
            .cases
            .search
            .rows_in_order()
            .any(|r| &r.case_number == green_number)
    });
    assert!(t.harness.query_by_label_contains("hidden by").is_none());
    t.replace_text("Search cases", "");
    t.choose("Follow-up", "Red: no contact in time");
    t.wait_for_text("Red: waiting past");
    // Every row, each with the colour worked out by hand (none for a case that is no lead).
    t.choose("Follow-up", "Any follow-up");
    let rows: Vec<_> = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .map(|r| (r.case_number.clone(), r.follow_up.map(|c| c.name())))
        .collect();
    assert!(rows.len() > 10);
    let mut coloured = 0;
    for (number, colour) in rows {
        assert_eq!(colour, expected.get(&number).copied(), "case {number}");
        coloured += usize::from(colour.is_some());
    }
    assert!(coloured > 0);
}

#[test]
fn the_case_view_shows_a_leads_colour() {
    let mut t = app();
    open_my_day(&mut t);
    t.step_until("Needs a next step worked out", WAIT, |h| {
        !h.state().panes.calendar.next_step.shown().is_empty()
    });
    let lead = t.harness.state().panes.calendar.next_step.shown()[0].clone();
    t.click(&lead.name);
    let client = direct_client(&t);
    let now = t.clock.now();
    let expected = expected_colours(&client, now);
    let colour = expected[&lead.case_number];
    assert_eq!(
        colour,
        lead.colour.name(),
        "My day and the rule by hand agree"
    );
    let activities =
        crate::agent_day::all_activities(&client, leasedesk::api::model::ActivityFilter::AllUsers);
    let why = match crate::speed_by_hand::first_contact(&activities, &lead.case_number, now) {
        Some(_) => "last contact ",
        None => "nobody has reached out yet",
    };
    t.wait_for_text(&format!("{colour}: {why}"));
}

#[test]
fn the_stores_colours_agree_with_the_services_reads() {
    let mut t = crate::support::Setup::default().start();
    t.wait_connected();
    crate::support::wait_for_filled_store(&mut t);
    let client = direct_client(&t);
    let now = t.clock.now();
    let backend = t.harness.state().backend().clone();
    let rule = leasedesk::domain::contact_story::ContactRule {
        rules: Default::default(),
        zone: backend.connection().zone(),
    };
    let colours = crate::support::block_on(backend.lead_colours(
        client.clone(),
        now,
        rule,
        Default::default(),
    ))
    .unwrap();
    let expected = expected_colours(&client, now);
    let got: std::collections::HashMap<String, &'static str> =
        colours.iter().map(|(k, c)| (k.clone(), c.name())).collect();
    assert_eq!(got.len(), expected.len());
    assert_eq!(got, expected);
}

use crate::speed_by_hand::business_minutes as business_minutes_by_hand;

/// An agent's line worked out by hand: active, green, red, first-contact minutes, overdue,
/// inquiries.
type ByHand = (usize, usize, usize, Vec<i64>, usize, usize);

#[test]
fn the_team_board_agrees_with_the_services_reads_and_opens_a_lead() {
    use leasedesk::api::model::ActivityFilter;
    let mut t = app();
    t.wait_for_cases();
    t.click("Sales");
    t.click("Team board");
    t.step_until("the team board worked out", WAIT, |h| {
        h.state().panes.sales.team.board.state.value().is_some()
    });
    let board = t.harness.state().panes.sales.team.shown().unwrap();

    // By hand: every active lead's agent and colour, the last 30 days' inquiries and their
    // first outbound contact, tours due in the period, open items overdue.
    let client = direct_client(&t);
    let now = t.clock.now();
    let colours = expected_colours(&client, now);
    let activities = crate::agent_day::all_activities(&client, ActivityFilter::AllUsers);
    // "Last 30 days": today and the 29 calendar days before, midnight to midnight in the
    // user's zone.
    let zone = t.harness.state().backend().connection().zone();
    let today = now.with_timezone(&zone).date_naive();
    let midnight = |day: chrono::NaiveDate| {
        day.and_hms_opt(0, 0, 0)
            .unwrap()
            .and_local_timezone(zone)
            .earliest()
            .unwrap()
            .with_timezone(&chrono::Utc)
    };
    let (from, to) = (
        midnight(today - chrono::Days::new(29)),
        midnight(today + chrono::Days::new(1)),
    );
    let mut by_agent: std::collections::BTreeMap<String, ByHand> = Default::default();
    let leads = crate::agent_day::all_leads(&client);
    for case in &leads {
        let p = &case.primary;
        let Some(colour) = colours.get(&p.case_number) else {
            continue;
        };
        let row = by_agent.entry(p.assigned_user.clone()).or_default();
        row.0 += 1;
        match *colour {
            "Green" => row.1 += 1,
            "Red" => row.2 += 1,
            _ => {}
        }
        let theirs: Vec<_> = activities
            .iter()
            .filter(|a| a.case_number == p.case_number)
            .collect();
        let created = p.date_created.with_timezone(&chrono::Utc);
        if created >= from && created < to {
            row.5 += 1;
            if let Some(first) =
                crate::speed_by_hand::first_contact(&activities, &p.case_number, now)
            {
                row.3.push(business_minutes_by_hand(created, first));
            }
        }
        row.4 += theirs
            .iter()
            .filter(|a| !a.completed && !a.cancelled && !a.no_show && a.due_date < now)
            .count();
    }
    assert!(by_agent.len() >= 5);
    for (agent, (active, green, red, mut times, overdue, inquiries)) in by_agent {
        let row = board
            .by_agent
            .iter()
            .find(|r| r.name == agent)
            .unwrap_or_else(|| panic!("a row for {agent}"));
        assert_eq!(
            (row.active, row.green, row.red),
            (active, green, red),
            "{agent}"
        );
        assert_eq!(row.overdue, overdue, "{agent}'s overdue");
        assert_eq!(row.inquiries, inquiries, "{agent}'s inquiries");
        times.sort_unstable();
        // The middle of every inquiry, those never reached still waiting.
        let median = (inquiries > 0)
            .then(|| times.get((inquiries - 1) / 2).copied())
            .flatten();
        assert_eq!(
            row.median_response_minutes, median,
            "{agent}'s median first contact"
        );
        let within = times.iter().filter(|m| **m <= 60).count();
        assert_eq!(
            row.within_hour,
            (inquiries > 0).then(|| within as f64 / inquiries as f64),
            "{agent}'s share within the hour"
        );
        assert_eq!(row.trend.len(), 8);
        assert_eq!(row.trend[7], row.score);
    }

    // Each past week as it stood at its end, by hand: the same leads, the activities entered
    // by then, the same rule.
    for k in 0..8 {
        let end = now - chrono::Duration::weeks(7 - k as i64);
        let colours = colours_as_of(&leads, &activities, end);
        let mut scores: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
        for case in &leads {
            let p = &case.primary;
            let Some(colour) = colours.get(&p.case_number) else {
                continue;
            };
            let score = scores.entry(p.assigned_user.as_str()).or_default();
            match *colour {
                "Green" => score.0 += 1,
                "Red" => score.1 += 1,
                _ => {}
            }
        }
        for row in &board.by_agent {
            let by_hand = scores
                .get(row.name.as_str())
                .filter(|(g, r)| g + r > 0)
                .map(|(g, r)| *g as f64 / (g + r) as f64);
            assert_eq!(
                row.trend[k],
                by_hand,
                "{}'s score {} weeks ago",
                row.name,
                7 - k
            );
        }
    }

    // By source: each source's active leads, counted by hand from Search's market source.
    let mut by_source: std::collections::BTreeMap<String, usize> = Default::default();
    for case in &leads {
        if colours.contains_key(&case.primary.case_number) {
            let source = case.primary.market_source.clone().unwrap_or_default();
            *by_source.entry(source).or_default() += 1;
        }
    }
    assert!(
        by_source.len() > 3,
        "the demo's leads come from several sources"
    );
    for row in &board.by_source {
        assert_eq!(Some(&row.active), by_source.get(&row.name), "{}", row.name);
    }
    t.click("By source");
    let named = board.by_source.iter().find(|r| !r.name.is_empty()).unwrap();
    t.wait_for_label(&format!("⏵ {}", named.name));
    t.click("By agent");

    // A row opens to its leads, red first; a lead opens its case.
    let first = board
        .by_agent
        .iter()
        .find(|r| !r.leads.is_empty())
        .unwrap()
        .clone();
    // As a person would: the board has settled (no frame ran while the figures were worked
    // out above) before the row is clicked.
    t.until_still(&format!("⏵ {}", first.name));
    t.click(&format!("⏵ {}", first.name));
    let (number, name, _) = first.leads[0].clone();
    t.wait_for_label(&name);
    t.click(&name);
    t.step_until("the lead's case open", WAIT, |h| {
        h.state()
            .panes
            .cases
            .view
            .as_ref()
            .is_some_and(|v| v.case_number() == number)
    });
}

#[test]
fn a_community_keeping_other_hours_counts_its_new_leads_wait_by_them() {
    let mut t = app();
    open_my_day(&mut t);
    // Saturday 10:00 in New York: the 6 am inquiry has waited two business hours, the portal's
    // office having opened at 8.
    t.wait_for_label("2 h waiting");
    let zone = chrono_tz::America::New_York;
    let early = t
        .harness
        .state()
        .panes
        .calendar
        .next_step
        .new_leads()
        .iter()
        .find(|l| {
            use chrono::Timelike;
            l.inquired.with_timezone(&zone).hour() == 6
                && l.inquired.with_timezone(&zone).date_naive()
                    == t.clock.now().with_timezone(&zone).date_naive()
        })
        .cloned()
        .expect("the demo's lead of 6 am today");
    let community = early.community_id.expect("the lead's community");

    // Its community's office opens at 9 on Saturdays too.
    t.click("Settings");
    t.scroll_into_view("A community keeps other hours");
    t.choose("A community keeps other hours", &early.community);
    t.step_until("the community's own hours", WAIT, move |h| {
        h.state()
            .prefs()
            .lead_rules
            .community_hours
            .iter()
            .any(|(id, _)| *id == community)
    });
    t.wait_for_label("Use the portal's hours");
    // The portal's "from" comes first; the community's is the one after it.
    let opens = t
        .harness
        .query_all_by_role_and_label(egui::accesskit::Role::ComboBox, "from")
        .count();
    assert_eq!(opens, 2, "the portal's office and the community's");
    t.choose("from", "9:00 am");
    t.step_until("the community opening at 9", WAIT, move |h| {
        h.state()
            .prefs()
            .lead_rules
            .community_hours
            .iter()
            .any(|(id, hours)| *id == community && hours.opens == 9 * 60)
    });
    assert_eq!(
        t.harness.state().prefs().lead_rules.hours.opens,
        8 * 60,
        "the portal's office still opens at 8"
    );

    // Back in My day, the lead has waited one business hour: 9 to 10.
    open_my_day(&mut t);
    let name = early.name.clone();
    t.step_until("the lead's wait counted from 9", WAIT, move |h| {
        h.query_all_by_label_contains(&name).count() > 0
            && h.query_all_by_label("1 h waiting").count() > 0
    });
    // And the portal's hours again bring back the two.
    t.click("Settings");
    t.click_until(
        "Use the portal's hours",
        "the community's own hours gone",
        |h| h.state().prefs().lead_rules.community_hours.is_empty(),
    );
    open_my_day(&mut t);
    t.wait_for_label("2 h waiting");
}
