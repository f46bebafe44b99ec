//! `leasedesk report region` with nothing saved: the embedded sandbox's two demo portals, each
//! community's row equal to figures worked out here from that portal's raw reads; and bad
//! usage writing nothing.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chrono::NaiveDate;
use leasedesk::api::model::{ActivityFilter, HousingContractQuery, SearchQuery, UnitQuery};
use leasedesk::sandbox::{DEMO_KEY, SECOND_KEY, Sandbox, SandboxConfig, Storage};
use leasedesk::service::activities::{Loading, load_all};

use crate::funnel_by_hand::furthest_in_cohort;
use crate::support::client_for;

fn leasedesk_in(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_leasedesk"))
        .args(args)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        // In US English unless a run asks (`--language`): the PDF follows the system's.
        .env("LANG", "en_US.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LEASEDESK_SUBSCRIPTION_KEY")
        .output()
        .expect("the binary runs")
}

fn find(dir: &Path, name: &str) -> Option<PathBuf> {
    for entry in std::fs::read_dir(dir).ok()?.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if let Some(found) = find(&path, name) {
                return Some(found);
            }
        } else if path.file_name().is_some_and(|n| n == name) {
            return Some(path);
        }
    }
    None
}

/// (beds occupied today ÷ beds, inquiries, move-ins) per community, from the raw reads.
async fn by_hand(
    client: &leasedesk::api::Client,
    as_of: NaiveDate,
) -> HashMap<String, (f64, usize, usize)> {
    let units = client.units(&UnitQuery::default()).await.unwrap();
    let contracts = client
        .housing_contracts(&HousingContractQuery::default())
        .await
        .unwrap();
    let activities = load_all(
        client.clone(),
        ActivityFilter::AllUsers,
        std::sync::Arc::new(Loading::default()),
    )
    .await
    .unwrap();
    let cases = client
        .search(&SearchQuery {
            page_size: Some(10_000),
            ..Default::default()
        })
        .await
        .unwrap();
    let community_of: HashMap<String, String> = cases
        .cases
        .iter()
        .filter_map(|c| {
            let first = c.primary.communities.first()?;
            Some((c.primary.case_number.clone(), first.name.clone()))
        })
        .collect();
    let mut out: HashMap<String, (i64, usize, usize, usize)> = HashMap::new();
    for u in units.iter() {
        let held = contracts
            .iter()
            .filter(|c| c.active_lease && c.unit_id == u.id)
            .filter(|c| c.move_in_date.date_naive() <= as_of)
            .filter(|c| c.move_out_date.is_none_or(|o| o.date_naive() > as_of))
            .count();
        let e = out.entry(u.community_name.clone()).or_default();
        e.0 += u.capacity;
        e.1 += held;
    }
    for (case, furthest) in furthest_in_cohort(&activities, &contracts, as_of, 90) {
        if let Some(community) = community_of.get(&case) {
            let e = out.entry(community.clone()).or_default();
            e.2 += 1;
            e.3 += usize::from(furthest == 3);
        }
    }
    out.into_iter()
        .map(|(c, (beds, held, inquiries, move_ins))| {
            (c, (held as f64 / beds as f64, inquiries, move_ins))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_region_of_the_two_demo_portals_agrees_with_each_portals_raw_reads() {
    let home = tempfile::tempdir().unwrap();
    let out = home.path().join("region.json");
    let as_of = chrono::Utc::now().date_naive();
    let (home_path, out_text) = (home.path().to_path_buf(), out.display().to_string());
    let output = tokio::task::spawn_blocking(move || {
        leasedesk_in(
            &home_path,
            &[
                "report",
                "region",
                "--format",
                "json",
                "--as-of",
                &as_of.to_string(),
                "--out",
                &out_text,
            ],
        )
    })
    .await
    .unwrap();
    assert!(output.status.success(), "{output:?}");
    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(report["unread"].as_array().unwrap().len(), 0, "{report}");
    let rows = report["rows"].as_array().unwrap();

    // The same database the command seeded, read with each portal's own key.
    let db = find(home.path(), "sandbox.db").expect("the command kept its sandbox");
    let sandbox = Sandbox::start(SandboxConfig {
        storage: Storage::File(db),
        ..SandboxConfig::default()
    })
    .await
    .unwrap();
    let mut portals_seen = HashSet::new();
    for (key, portal, name) in [
        (
            DEMO_KEY,
            sandbox.portal_id,
            leasedesk::domain::report::SANDBOX_PORTAL,
        ),
        (
            SECOND_KEY,
            sandbox.second_portal_id,
            leasedesk::domain::report::SECOND_SANDBOX_PORTAL,
        ),
    ] {
        let client = client_for(&sandbox.base_url, key, portal);
        let expected = by_hand(&client, as_of).await;
        let mine: Vec<&serde_json::Value> = rows.iter().filter(|r| r["portal"] == name).collect();
        assert_eq!(mine.len(), expected.len(), "{name}: a row a community");
        for r in mine {
            let community = r["community"].as_str().unwrap();
            let (occupied, inquiries, move_ins) = expected[community];
            let now = r["occupancy"][0].as_f64().unwrap();
            assert!(
                (now - occupied).abs() < 1e-9,
                "{community}: {now} vs {occupied}"
            );
            assert_eq!(r["inquiries"], inquiries, "{community}");
            assert_eq!(r["move_ins"], move_ins, "{community}");
        }
        portals_seen.insert(name);
    }
    assert_eq!(portals_seen.len(), 2);
    let communities: HashSet<&str> = rows
        .iter()
        .map(|r| r["community"].as_str().unwrap())
        .collect();
    assert!(
        communities.contains("Harbor Light Memory Care"),
        "the second portal's own communities"
    );
}

#[test]
fn bad_usage_of_report_region_writes_nothing() {
    let home = tempfile::tempdir().unwrap();
    let out = home.path().join("region.pdf").display().to_string();
    for args in [
        vec![
            "--portal",
            "4200",
            "--base-url",
            "http://127.0.0.1:9",
            "report",
            "region",
            "--out",
            &out,
        ],
        vec!["report", "region", "--format", "xml", "--out", &out],
        vec!["report", "region", "--as-of", "2026/11/27", "--out", &out],
        vec!["report", "region", "--out", "/no/such/folder/region.pdf"],
    ] {
        let output = leasedesk_in(home.path(), &args);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(!Path::new(&out).exists());
    }
}
