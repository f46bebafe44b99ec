//! `leasedesk contact check` and `contact opt-out` against a sandbox of their own: an opt-out
//! logged from the command line is one activity on the case that the next check reads back
//! (held, with no next moment), a night call is held until the family's morning, and bad usage
//! exits 2 with one line naming the option.

use std::process::Output;

use leasedesk::api::model::{ActivityQuery, SearchQuery};

use crate::support::{client_for, connecting_to, start_local};

async fn run(key: &str, args: Vec<String>) -> Output {
    crate::support::run_leasedesk(key, args).await
}

/// A sandbox of the test's own, a client of it and the first `n` cases of a search.
async fn sandbox_with_cases(
    n: i64,
) -> (
    leasedesk::sandbox::RunningSandbox,
    leasedesk::api::Client,
    Vec<leasedesk::api::model::SearchCase>,
) {
    let sandbox = start_local().await;
    let client = client_for(&sandbox.base_url, &sandbox.key, sandbox.portal_id);
    let page = client
        .search(&SearchQuery {
            page_size: Some(n),
            ..Default::default()
        })
        .await
        .unwrap();
    (sandbox, client, page.cases.into_vec())
}

fn answer(output: &Output) -> serde_json::Value {
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).expect("one JSON answer")
}

#[tokio::test]
async fn an_opt_out_logged_from_the_command_line_holds_the_next_check_and_night_waits() {
    let (sandbox, client, cases) = sandbox_with_cases(20).await;
    let case = cases[0].primary.case_number.clone();
    let person = cases[0].primary.individual_id;
    let connect = connecting_to(&sandbox, &["contact"]);
    let check = |channel: &str, at: &str| -> Vec<String> {
        let mut args = connect.clone();
        args.extend(
            [
                "check",
                "--case",
                &case,
                "--channel",
                channel,
                "--at",
                at,
                "--zone",
                "America/New_York",
                "--format",
                "json",
            ]
            .map(str::to_owned),
        );
        args
    };
    // Tuesday 2 pm in New York, 9 am in Honolulu: inside every state's window.
    let afternoon = "2026-11-24T19:00:00Z";
    let first = answer(&run(&sandbox.key, check("text", afternoon)).await);
    assert_eq!(first["allowed"], true, "{first}");
    assert!(first["next_allowed"].is_null());

    let mut opt_out = connect.clone();
    opt_out.extend(
        [
            "opt-out",
            "--case",
            &case,
            "--channel",
            "text",
            "--how",
            "replied STOP",
            "--at",
            "2026-11-21T14:00:00Z",
        ]
        .map(str::to_owned),
    );
    let logged = run(&sandbox.key, opt_out).await;
    assert!(logged.status.success(), "{logged:?}");
    assert!(
        String::from_utf8_lossy(&logged.stdout).contains(&format!("Logged on case {case}")),
        "{logged:?}"
    );
    let activities = client
        .activities(&ActivityQuery {
            individual_id: Some(person),
            page_size: Some(500),
            ..Default::default()
        })
        .await
        .unwrap();
    let words: Vec<&str> = activities
        .iter()
        .map(|a| a.activity_name.as_str())
        .filter(|n| n.starts_with("Contact preference"))
        .collect();
    assert_eq!(
        words,
        ["Contact preference: stop texting — how: replied STOP"]
    );

    // Read back from the case, from the moment it was said.
    let later = "2026-11-25T19:00:00Z";
    let held = answer(&run(&sandbox.key, check("text", later)).await);
    assert_eq!(held["allowed"], false, "{held}");
    assert!(
        held["reason"]
            .as_str()
            .unwrap()
            .contains("stop texting (replied STOP)"),
        "{held}"
    );
    assert!(
        held["next_allowed"].is_null(),
        "only their consent lifts it"
    );
    let call = answer(&run(&sandbox.key, check("call", later)).await);
    assert_eq!(call["allowed"], true, "calls were not stopped: {call}");
    // A consent given later lifts it from then on.
    let mut consent = connect.clone();
    consent.extend(
        [
            "consent",
            "--case",
            &case,
            "--channel",
            "text",
            "--how",
            "texted START",
            "--at",
            "2026-11-21T14:30:00Z",
        ]
        .map(str::to_owned),
    );
    assert!(run(&sandbox.key, consent).await.status.success());
    let lifted = answer(&run(&sandbox.key, check("text", later)).await);
    assert_eq!(lifted["allowed"], true, "{lifted}");

    // Thursday 3 am in New York, 10 pm in Honolulu: held until a morning.
    let night = answer(&run(&sandbox.key, check("call", "2026-11-26T08:00:00Z")).await);
    assert_eq!(night["allowed"], false, "{night}");
    let next = night["next_allowed"].as_str().expect("a next moment");
    let next = chrono::DateTime::parse_from_rfc3339(next).unwrap();
    assert!(next > chrono::DateTime::parse_from_rfc3339("2026-11-26T08:00:00Z").unwrap());
    assert_eq!(
        answer(&run(&sandbox.key, check("call", &next.to_rfc3339())).await)["allowed"],
        true
    );
}

#[tokio::test]
async fn bad_usage_exits_2_with_one_line_naming_the_option() {
    let sandbox = start_local().await;
    for (args, says) in [
        (
            vec!["check", "--case", "1", "--channel", "fax"],
            "--channel",
        ),
        (
            vec!["check", "--case", "one", "--channel", "call"],
            "--case",
        ),
        (
            vec![
                "check",
                "--case",
                "1",
                "--channel",
                "call",
                "--at",
                "tomorrow",
            ],
            "--at",
        ),
        (
            vec!["check", "--case", "1", "--channel", "all"],
            "--channel",
        ),
        (
            vec![
                "check",
                "--case",
                "1",
                "--channel",
                "call",
                "--zone",
                "Mars/Base",
            ],
            "--zone",
        ),
        (
            vec!["check", "--case", "99999999", "--channel", "call"],
            "no case 99999999",
        ),
        (
            vec!["opt-out", "--case", "1", "--channel", "smoke"],
            "--channel",
        ),
    ] {
        let mut all = connecting_to(&sandbox, &["contact"]);
        all.extend(args.iter().map(|a| a.to_string()));
        let output = run(&sandbox.key, all).await;
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty());
    }
}

#[tokio::test]
async fn an_imported_stop_reply_is_logged_once_and_holds_texts() {
    let (sandbox, client, cases) = sandbox_with_cases(200).await;
    // Two cases whose leads' numbers are theirs alone.
    let mut seen = std::collections::HashMap::new();
    for case in &cases {
        let digits: String = case
            .primary
            .best_phone()
            .chars()
            .filter(char::is_ascii_digit)
            .collect();
        *seen.entry(digits).or_insert(0) += 1;
    }
    let alone: Vec<_> = cases
        .iter()
        .filter(|c| {
            let digits: String = c
                .primary
                .best_phone()
                .chars()
                .filter(char::is_ascii_digit)
                .collect();
            digits.len() == 10 && seen.get(&digits) == Some(&1)
        })
        .take(2)
        .collect();
    let (a, b) = (alone[0], alone[1]);
    let a_digits: String = a
        .primary
        .best_phone()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("replies.csv");
    std::fs::write(
        &file,
        format!(
            "from,at,text\n+1{a_digits},2026-11-20T15:04:00-05:00,\" Stop. \"\n\"{}\",2026-11-20T15:06:00-05:00,\"Yes, Tuesday works\"\n(999) 555-0000,2026-11-20T15:07:00-05:00,UNSUBSCRIBE\n",
            b.primary.best_phone()
        ),
    )
    .unwrap();
    let file_name = file.display().to_string();
    let import = || connecting_to(&sandbox, &["contact", "import-replies", &file_name]);
    let first = run(&sandbox.key, import()).await;
    assert!(first.status.success(), "{first:?}");
    let said = String::from_utf8_lossy(&first.stdout).into_owned();
    assert!(
        said.contains("3 messages read, 2 stop replies: 1 opt-out logged now, 0 already recorded"),
        "{said}"
    );
    assert!(
        said.contains("1 from a number no case has (line 4)"),
        "{said}"
    );
    let again = run(&sandbox.key, import()).await;
    let said = String::from_utf8_lossy(&again.stdout).into_owned();
    assert!(
        said.contains("0 opt-outs logged now, 1 already recorded"),
        "{said}"
    );
    // A log that is not one is refused before anything is logged, naming the line, in the
    // system's language.
    let bad = dir.path().join("bad.csv");
    std::fs::write(&bad, "from,at,text\n,2026-11-20 15:04,STOP\n").unwrap();
    let bad_name = bad.display().to_string();
    let args = connecting_to(&sandbox, &["contact", "import-replies", &bad_name]);
    let refused = crate::process::in_spanish(&sandbox.key, args).await;
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr
            .trim_end()
            .ends_with("bad.csv: línea 2: from está vacío"),
        "{stderr}"
    );
    let preferences = |id: i64| {
        let client = client.clone();
        async move {
            client
                .activities(&ActivityQuery {
                    individual_id: Some(id),
                    page_size: Some(500),
                    ..Default::default()
                })
                .await
                .unwrap()
                .iter()
                .filter(|a| a.activity_name.starts_with("Contact preference"))
                .map(|a| a.activity_name.clone())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(
        preferences(a.primary.individual_id).await,
        ["Contact preference: stop texting — how: replied STOP"]
    );
    assert!(preferences(b.primary.individual_id).await.is_empty());
    let mut check = connecting_to(&sandbox, &["contact"]);
    check.extend(
        [
            "check",
            "--case",
            &a.primary.case_number,
            "--channel",
            "text",
            "--at",
            "2026-11-24T19:00:00Z",
        ]
        .map(str::to_owned),
    );
    let held = answer(&run(&sandbox.key, check).await);
    assert_eq!(held["allowed"], false, "{held}");

    let not_a_log = dir.path().join("calls.csv");
    std::fs::write(&not_a_log, "caller,callee\n1,2\n").unwrap();
    let mut bad = import();
    *bad.last_mut().unwrap() = not_a_log.display().to_string();
    let refused = run(&sandbox.key, bad).await;
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(String::from_utf8_lossy(&refused.stderr).contains("columns from, at and text"));
}

/// The next weekday (not a federal holiday) after the sandbox's day at 2 pm in New York (19:00
/// UTC): a moment inside every state's window for someone with no address read.
fn next_working_afternoon() -> chrono::DateTime<chrono::Utc> {
    use chrono::{Datelike, Duration, Weekday};
    let mut day = crate::support::reference().date_naive() + Duration::days(1);
    while matches!(day.weekday(), Weekday::Sat | Weekday::Sun)
        || leasedesk::domain::contact::places::is_holiday(day, None)
    {
        day += Duration::days(1);
    }
    day.and_hms_opt(19, 0, 0).unwrap().and_utc()
}

#[tokio::test]
async fn an_opt_out_on_one_desk_holds_the_other_desk_s_outreach_due() {
    let sandbox = start_local().await;
    let afternoon = next_working_afternoon();
    // Each run has a data folder of its own: desk A logs, desk B lists.
    let due = |at: chrono::DateTime<chrono::Utc>| {
        connecting_to(
            &sandbox,
            &[
                "outreach",
                "due",
                "--as-of",
                &at.to_rfc3339(),
                "--zone",
                "America/New_York",
                "--format",
                "json",
            ],
        )
    };
    let before = answer(&run(&sandbox.key, due(afternoon)).await);
    let rows = before["due"].as_array().unwrap();
    assert!(!rows.is_empty(), "{before}");
    assert_eq!(before["count"], rows.len());
    let first_call = rows
        .iter()
        .find(|r| r["channel"] == "call" && r["allowed"] == true)
        .unwrap_or_else(|| panic!("a call allowed in the afternoon: {before}"))
        .clone();
    let case = first_call["case_number"].as_str().unwrap().to_owned();
    let person = first_call["individual_id"].as_i64().unwrap().to_string();
    assert!(
        first_call["assigned_user"]
            .as_str()
            .is_some_and(|u| !u.is_empty())
    );

    let mut opt_out = connecting_to(&sandbox, &["contact", "opt-out"]);
    opt_out.extend(
        [
            "--case",
            &case,
            "--person",
            &person,
            "--channel",
            "call",
            "--how",
            "asked on a call",
            "--at",
            &crate::support::reference().to_rfc3339(),
        ]
        .map(str::to_owned),
    );
    let logged = run(&sandbox.key, opt_out).await;
    assert!(logged.status.success(), "{logged:?}");

    let after = answer(&run(&sandbox.key, due(afternoon)).await);
    let same: Vec<&serde_json::Value> = after["due"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["case_number"] == case.as_str() && r["what"] == first_call["what"])
        .collect();
    assert_eq!(same.len(), 1, "the opt-out is no contact: {after}");
    assert_eq!(same[0]["allowed"], false, "{after}");
    assert!(same[0]["next_allowed"].is_null(), "only a consent lifts it");
    assert!(
        same[0]["reason"]
            .as_str()
            .unwrap()
            .contains("stop calling (asked on a call)"),
        "{}",
        same[0]
    );
    assert_eq!(
        after["held"],
        before["held"].as_u64().unwrap() + 1,
        "{after}"
    );

    // The night before, 10 pm in New York: every call is held until a morning.
    let night = afternoon - chrono::Duration::hours(16);
    let night = answer(&run(&sandbox.key, due(night)).await);
    let calls: Vec<&serde_json::Value> = night["due"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["channel"] == "call")
        .collect();
    assert!(!calls.is_empty(), "{night}");
    for call in calls {
        assert_eq!(call["allowed"], false, "{call}");
        if call["case_number"] != case.as_str() {
            let next = call["next_allowed"].as_str().expect("a morning");
            assert!(next > night["as_of"].as_str().unwrap(), "{call}");
        }
    }
}
