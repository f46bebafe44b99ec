//! `leasedesk report partners` against a sandbox of its own: one pack a partner, each with
//! only that partner's families (by the sources worked out here from the raw reads), what is
//! free today as the contracts say, and bad usage writing nothing.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, FixedOffset};
use leasedesk::api::model::{ActivityFilter, HousingContractQuery, SearchQuery, Unit, UnitQuery};
use leasedesk::service::activities::{Loading, load_all};

use crate::report::run;
use crate::support::{client_for, reference, start_local};

/// Each case's market source as the raw reads give it: the primary's, else the earliest
/// activity's that names one.
async fn sources(client: &leasedesk::api::Client) -> HashMap<String, String> {
    let cases = client
        .search(&SearchQuery {
            page_size: Some(10_000),
            ..Default::default()
        })
        .await
        .unwrap();
    let activities = load_all(
        client.clone(),
        ActivityFilter::AllUsers,
        std::sync::Arc::new(Loading::default()),
    )
    .await
    .unwrap();
    let mut earliest: HashMap<String, (DateTime<FixedOffset>, String)> = HashMap::new();
    for a in activities.iter() {
        let Some(s) = a.market_source.clone().filter(|s| !s.is_empty()) else {
            continue;
        };
        let e = earliest
            .entry(a.case_number.clone())
            .or_insert((a.due_date, s.clone()));
        if a.due_date < e.0 {
            *e = (a.due_date, s);
        }
    }
    cases
        .cases
        .iter()
        .filter_map(|c| {
            let p = &c.primary;
            let source = p
                .market_source
                .clone()
                .filter(|s| !s.is_empty())
                .or_else(|| earliest.get(&p.case_number).map(|e| e.1.clone()))?;
            Some((p.case_number.clone(), source))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_partners_pack_holds_only_its_own_families_and_todays_free_units() {
    let sandbox = start_local().await;
    let as_of = reference().date_naive();
    let dir = tempfile::tempdir().unwrap();
    let args = |format: &str, out: &str| -> Vec<String> {
        [
            "--base-url",
            &sandbox.base_url,
            "--portal",
            &sandbox.portal_id.to_string(),
            "report",
            "partners",
            "--format",
            format,
            "--as-of",
            &as_of.to_string(),
            "--out",
            out,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    };
    let out = dir.path().display().to_string();
    let output = run(Some(sandbox.key.clone()), args("json", &out)).await;
    assert!(output.status.success(), "{output:?}");
    let mut packs: Vec<serde_json::Value> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| serde_json::from_slice(&std::fs::read(e.unwrap().path()).unwrap()).unwrap())
        .collect();
    packs.sort_by_key(|p| p["partner"].as_str().unwrap().to_owned());
    let partners: Vec<&str> = packs
        .iter()
        .map(|p| p["partner"].as_str().unwrap())
        .collect();
    assert_eq!(
        partners,
        [
            "Lakeside Physicians",
            "Placement agency",
            "St. Mary's Hospital"
        ],
        "the demo's partners are the sources its Referral Source people name"
    );

    let client = client_for(&sandbox.base_url, &sandbox.key, sandbox.portal_id);
    let source_of = sources(&client).await;
    let mut seen: HashSet<String> = HashSet::new();
    for pack in &packs {
        let partner = pack["partner"].as_str().unwrap();
        let families = pack["families"].as_array().unwrap();
        assert!(
            !families.is_empty(),
            "{partner} referred families in the demo"
        );
        for f in families {
            let case = f["case_number"].as_str().unwrap();
            assert_eq!(
                source_of.get(case).map(String::as_str),
                Some(partner),
                "case {case} in {partner}'s pack came through them"
            );
            assert!(
                seen.insert(case.to_owned()),
                "case {case} is in one pack only"
            );
        }
        let contact = &pack["contact"];
        assert!(
            contact["individual_id"].as_i64().is_some(),
            "{partner}'s pack goes to their Referral Source person: {contact}"
        );
    }

    // Free today: units with fewer contracts covering today than beds.
    let units = client.units(&UnitQuery::default()).await.unwrap();
    let contracts = client
        .housing_contracts(&HousingContractQuery::default())
        .await
        .unwrap();
    // Free today, by hand: (units with no one in them, shared rooms with a bed free).
    let held_today = |u: &Unit| {
        contracts
            .iter()
            .filter(|c| c.unit_id == u.id)
            .filter(|c| c.move_in_date.date_naive() <= as_of)
            .filter(|c| c.move_out_date.is_none_or(|o| o.date_naive() >= as_of))
            .count() as i64
    };
    let free = units.iter().filter(|u| held_today(u) < u.capacity.max(1));
    let private_today = free.clone().filter(|u| held_today(u) == 0).count();
    let shared_today = free.filter(|u| held_today(u) > 0).count();
    assert!(
        shared_today > 0,
        "the demo has shared rooms with a bed free"
    );
    for pack in &packs {
        let sum = |field: &str| -> usize {
            pack["availability"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a[field].as_u64().unwrap() as usize)
                .sum()
        };
        assert_eq!(sum("private_now"), private_today, "{}", pack["partner"]);
        assert_eq!(sum("shared_now"), shared_today, "{}", pack["partner"]);
    }

    // The PDFs: a page each, named for the partner, none naming another partner.
    let pdfs = tempfile::tempdir().unwrap();
    let output = run(
        Some(sandbox.key.clone()),
        args("pdf", &pdfs.path().display().to_string()),
    )
    .await;
    assert!(output.status.success(), "{output:?}");
    for partner in partners {
        let file = pdfs
            .path()
            .join(leasedesk::domain::partner_pack::file_name(partner));
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
        let pages = text.lines().filter(|l| l.trim() == "/Type /Page").count();
        assert_eq!(pages, 1, "{partner}'s pack is one page");
        for other in [
            "Lakeside Physicians",
            "Placement agency",
            "St. Mary's Hospital",
        ] {
            let named = text.contains(&other.replace('\'', "\\'")) || text.contains(other);
            assert_eq!(named, other == partner, "{other} in {partner}'s pack");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_usage_of_report_partners_writes_nothing() {
    let sandbox = start_local().await;
    let dir = tempfile::tempdir().unwrap();
    let inside = dir.path().display().to_string();
    let missing = dir.path().join("no-such-folder").display().to_string();
    let portal = |extra: &[&str]| -> Vec<String> {
        let mut args: Vec<String> = vec![
            "--base-url".into(),
            sandbox.base_url.clone(),
            "--portal".into(),
            sandbox.portal_id.to_string(),
            "report".into(),
            "partners".into(),
        ];
        args.extend(extra.iter().map(|s| s.to_string()));
        args
    };
    for args in [
        portal(&["--out", &missing]),
        portal(&["--format", "xml", "--out", &inside]),
        portal(&["--as-of", "27/11/2026", "--out", &inside]),
        portal(&["--community", "nowhere", "--out", &inside]),
    ] {
        let output = run(Some(sandbox.key.clone()), args).await;
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("leasedesk: "), "{stderr}");
    }
    // A community not there is named back, with those that are, in the system's language.
    let args = portal(&["--community", "nowhere", "--out", &inside]);
    let spanish = crate::process::in_spanish(&sandbox.key, args).await;
    assert_eq!(spanish.status.code(), Some(2), "{spanish:?}");
    let stderr = String::from_utf8_lossy(&spanish.stderr);
    assert!(
        stderr.contains("ninguna comunidad tiene el nombre único \"nowhere\" (las que hay: "),
        "{stderr}"
    );
    let output = run(Some("wrong".into()), portal(&["--out", &inside])).await;
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the service could not be read: "),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing written"
    );
}
