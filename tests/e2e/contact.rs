//! `leasedesk contact check` and `contact opt-out` against a sandbox of their own: an opt-out
//! logged from the command line is one activity on the case that the next check reads back
//! (held, with no next moment), a night call is held until the family's morning, and bad usage
//! exits 2 with one line naming the option.

use std::process::{Command, Output};

use leasedesk::api::model::{ActivityQuery, SearchQuery};

use crate::support::{client_for, start_local};

fn leasedesk(key: &str, args: Vec<String>) -> Output {
    let home = tempfile::tempdir().unwrap();
    Command::new(env!("CARGO_BIN_EXE_leasedesk"))
        .args(args)
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("LEASEDESK_SUBSCRIPTION_KEY", key)
        .output()
        .expect("the binary runs")
}

async fn run(key: &str, args: Vec<String>) -> Output {
    let key = key.to_owned();
    tokio::task::spawn_blocking(move || leasedesk(&key, args))
        .await
        .unwrap()
}

fn answer(output: &Output) -> serde_json::Value {
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).expect("one JSON answer")
}

#[tokio::test]
async fn an_opt_out_logged_from_the_command_line_holds_the_next_check_and_night_waits() {
    let sandbox = start_local().await;
    let client = client_for(&sandbox.base_url, &sandbox.key, sandbox.portal_id);
    let page = client
        .search(&SearchQuery {
            page_size: Some(20),
            ..Default::default()
        })
        .await
        .unwrap();
    let case = page.cases[0].primary.case_number.clone();
    let person = page.cases[0].primary.individual_id;
    let connect = vec![
        "--base-url".to_owned(),
        sandbox.base_url.clone(),
        "--portal".into(),
        sandbox.portal_id.to_string(),
        "contact".into(),
    ];
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
        let mut all = vec![
            "--base-url".to_owned(),
            sandbox.base_url.clone(),
            "--portal".into(),
            sandbox.portal_id.to_string(),
            "contact".into(),
        ];
        all.extend(args.iter().map(|a| a.to_string()));
        let output = run(&sandbox.key, all).await;
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty());
    }
}
