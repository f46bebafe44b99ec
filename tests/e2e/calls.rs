//! `leasedesk calls import` against a sandbox of its own: matched calls logged on the right
//! case with the right type, nothing logged twice (the same file, or one overlapping it),
//! numbers that match no one listed, missed calls not returned listed, and a file that is not
//! a call export refused naming its line with nothing logged.

use std::process::Output;

use chrono::{Duration, Utc};
use leasedesk::api::Client;
use leasedesk::api::model::{ActivityQuery, SearchQuery};

use crate::support::{client_for, start_local};

async fn run(key: &str, args: Vec<String>) -> Output {
    crate::support::run_leasedesk(key, args).await
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The count the summary's first line puts before `words`.
fn count_before(summary: &str, words: &str) -> usize {
    let first = summary.lines().next().unwrap_or_default();
    let before = first.split(words).next().unwrap_or_default();
    before
        .rsplit(' ')
        .next()
        .unwrap_or_default()
        .parse()
        .unwrap_or(usize::MAX)
}

/// The number of calls logged now, as the summary's first line says it.
fn logged_now(summary: &str) -> usize {
    count_before(summary, " logged now")
}

/// Cases whose lead has a phone: (case number, lead id, the phone as the portal writes it).
async fn leads_with_phones(client: &Client, how_many: usize) -> Vec<(String, i64, String)> {
    let page = client
        .search(&SearchQuery {
            page_size: Some(200),
            ..Default::default()
        })
        .await
        .unwrap();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for case in page.cases.iter() {
        let phone = case.primary.best_phone().to_owned();
        let Some(key) = leasedesk::domain::calls::matching::number_key(&phone) else {
            continue;
        };
        // A number on one case only, so it matches that case.
        if seen.insert(key) && out.len() < how_many {
            out.push((
                case.primary.case_number.clone(),
                case.primary.individual_id,
                phone,
            ));
        }
    }
    assert_eq!(out.len(), how_many, "the demo has leads with phones");
    out
}

async fn calls_of(client: &Client, lead: i64) -> Vec<leasedesk::api::model::Activity> {
    client
        .activities(&ActivityQuery {
            individual_id: Some(lead),
            page_size: Some(500),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_vec()
        .into_iter()
        .filter(|a| a.activity_name.contains(" · ref "))
        .collect()
}

/// "+1 614.555.0199" for "(614) 555-0199": the same number written another way.
fn written_otherwise(phone: &str) -> String {
    let d: String = phone.chars().filter(char::is_ascii_digit).collect();
    let d = d
        .strip_prefix('1')
        .filter(|r| r.len() == 10)
        .unwrap_or(&d)
        .to_owned();
    format!("+1 {}.{}.{} x12", &d[..3], &d[3..6], &d[6..])
}

#[tokio::test]
async fn an_import_logs_each_matched_call_once_and_lists_what_it_could_not_match() {
    let sandbox = start_local().await;
    let client = client_for(&sandbox.base_url, &sandbox.key, sandbox.portal_id);
    let leads = leads_with_phones(&client, 3).await;
    let [
        (case_a, lead_a, phone_a),
        (case_b, lead_b, phone_b),
        (case_c, lead_c, phone_c),
    ] = [leads[0].clone(), leads[1].clone(), leads[2].clone()];
    let before = [
        calls_of(&client, lead_a).await.len(),
        calls_of(&client, lead_b).await.len(),
    ];
    let t = Utc::now() - Duration::days(2);
    let at = |minutes: i64| (t + Duration::minutes(minutes)).to_rfc3339();
    let office = "(614) 555-0100";
    let rows = [
        format!(
            "\"{}\",\"{office}\",{},252,in,yes",
            written_otherwise(&phone_a),
            at(0)
        ),
        format!("\"{office}\",\"{phone_b}\",{},20,out,no", at(10)),
        format!("\"{phone_c}\",\"{office}\",{},0,in,no", at(20)),
        format!("\"{phone_a}\",\"{office}\",{},0,in,no", at(60)),
        format!("\"{office}\",\"{phone_a}\",{},300,out,yes", at(120)),
        format!("\"(999) 555-0000\",\"{office}\",{},0,in,no", at(130)),
    ];
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("calls.csv");
    let header = "caller,callee,start,duration,direction,answered\n";
    std::fs::write(&file, format!("{header}{}\n", rows.join("\n"))).unwrap();
    let args = |file: &std::path::Path| -> Vec<String> {
        vec![
            "--base-url".into(),
            sandbox.base_url.clone(),
            "--portal".into(),
            sandbox.portal_id.to_string(),
            "calls".into(),
            "import".into(),
            file.display().to_string(),
        ]
    };

    let output = run(&sandbox.key, args(&file)).await;
    assert!(output.status.success(), "{output:?}");
    let summary = text(&output.stdout);
    assert_eq!(logged_now(&summary), 5, "{summary}");
    assert!(summary.contains("1 number matches no one"), "{summary}");
    assert!(
        summary.contains("(999) 555-0000: 1 call, 1 in (first on line 7)"),
        "{summary}"
    );
    assert!(
        summary.contains("1 missed call is waiting to be returned"),
        "{summary}"
    );
    assert!(
        summary.contains(&case_c),
        "C's missed call was never returned: {summary}"
    );
    let a = calls_of(&client, lead_a).await;
    assert_eq!(a.len(), before[0] + 3, "A: two calls in and one out");
    assert!(a.iter().all(|x| x.case_number == case_a));
    let types: Vec<&str> = a
        .iter()
        .filter_map(|x| x.activity_type.as_deref())
        .collect();
    assert_eq!(
        types.iter().filter(|t| **t == "Call In").count(),
        2,
        "{types:?}"
    );
    assert_eq!(
        types.iter().filter(|t| **t == "Call Out").count(),
        1,
        "{types:?}"
    );
    assert!(a.iter().any(|x| {
        x.activity_name
            .starts_with("Call in · 4 min 12 s · answered · ref ")
    }));
    let b = calls_of(&client, lead_b).await;
    assert_eq!(b.len(), before[1] + 1);
    assert!(
        b[0].activity_name
            .starts_with("Call out · 20 s · no answer"),
        "{}",
        b[0].activity_name
    );
    assert_eq!(calls_of(&client, lead_c).await.len(), 1);

    // The same file again: nothing logged twice.
    let output = run(&sandbox.key, args(&file)).await;
    assert!(output.status.success(), "{output:?}");
    let summary = text(&output.stdout);
    assert_eq!(logged_now(&summary), 0, "{summary}");
    assert!(summary.contains("5 logged before"), "{summary}");
    // An overlapping export with one new call: only that one.
    let overlap = dir.path().join("overlap.csv");
    let new = format!("\"{phone_b}\",\"{office}\",{},95,in,yes", at(200));
    std::fs::write(
        &overlap,
        format!("{header}{}\n{}\n{new}\n", rows[3], rows[4]),
    )
    .unwrap();
    let output = run(&sandbox.key, args(&overlap)).await;
    assert_eq!(logged_now(&text(&output.stdout)), 1, "{output:?}");
    assert_eq!(calls_of(&client, lead_a).await.len(), before[0] + 3);
    assert_eq!(calls_of(&client, lead_b).await.len(), before[1] + 2);
    let _ = case_b;

    // Not a call export: exit 2, one line naming the line, nothing logged.
    let units = dir.path().join("units.csv");
    std::fs::write(&units, "CommunityUnique,Number\nmaple,101\n").unwrap();
    let output = run(&sandbox.key, args(&units)).await;
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let err = text(&output.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("line 1: not a call export"), "{err}");
    let broken = dir.path().join("broken.csv");
    let late = format!("\"{phone_c}\",\"{office}\",{},0,in,no", at(300));
    std::fs::write(
        &broken,
        format!("{header}{late}\n1,2,yesterday-ish,5,in,yes\n"),
    )
    .unwrap();
    let output = run(&sandbox.key, args(&broken)).await;
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        text(&output.stderr).contains("line 3: the start \"yesterday-ish\""),
        "{output:?}"
    );
    assert_eq!(
        calls_of(&client, lead_c).await.len(),
        1,
        "nothing of a refused file is logged"
    );
}

#[tokio::test]
async fn the_demo_call_export_imports_and_a_second_import_logs_nothing() {
    let sandbox = start_local().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("demo-calls.csv");
    let connect = vec![
        "--base-url".to_owned(),
        sandbox.base_url.clone(),
        "--portal".into(),
        sandbox.portal_id.to_string(),
        "calls".into(),
    ];
    let with = |more: &[&str]| -> Vec<String> {
        let mut args = connect.clone();
        args.extend(more.iter().map(|s| s.to_string()));
        args
    };
    let output = run(
        &sandbox.key,
        with(&["demo-export", "--out", &file.display().to_string()]),
    )
    .await;
    assert!(output.status.success(), "{output:?}");
    let output = run(&sandbox.key, with(&["import", &file.display().to_string()])).await;
    assert!(output.status.success(), "{output:?}");
    let summary = text(&output.stdout);
    eprintln!("the demo's calls, first import:\n{summary}");
    let logged = logged_now(&summary);
    assert!(logged > 150, "most demo calls match a case: {summary}");
    assert!(
        summary.contains("match no one") || summary.contains("matches no one"),
        "{summary}"
    );
    assert!(summary.contains("waiting to be returned:"), "{summary}");
    let output = run(&sandbox.key, with(&["import", &file.display().to_string()])).await;
    let again = text(&output.stdout);
    assert_eq!(logged_now(&again), 0, "{again}");
    assert_eq!(
        count_before(&again, " logged before"),
        logged + count_before(&summary, " logged before"),
        "every call is found logged: {again}"
    );
}
