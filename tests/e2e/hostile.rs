//! Hostile input to every operation of a sandbox of the test's own: overlong strings,
//! wildcards, extreme and malformed timestamps, huge nested arrays, negative and enormous
//! numbers, wrong JSON types. The answer is always a 4xx JSON body that names the field (or a
//! success, where the input happens to be valid), never a 5xx. Every failure is collected and
//! reported together.

use leasedesk::api::model::*;
use leasedesk::sandbox::RunningSandbox;
use serde_json::{Value, json};

use crate::support::{client_for, start_local};

const QUERY_VALUES: &[&str] = &[
    "-1",
    "0",
    "9223372036854775807",
    "-9223372036854775808",
    "99999999999999999999999",
    "1e400",
    "abc",
    "%_%",
    "\\",
    " ",
    "ñ𝔘\u{0}",
    "+262142-12-31T23:30:00Z",
    "+100000-01-01T00:00:00Z",
    "1899-12-31",
    "2026-13-45",
];

/// Each read and the query parameters it takes.
const READS: &[(&str, &[&str])] = &[
    (
        "/v3/Search/",
        &[
            "ListId",
            "PageNumber",
            "PageSize",
            "q",
            "FirstName",
            "LastName",
            "IndividualTypeId",
        ],
    ),
    ("/v3/Case/", &["CaseNumber", "IndividualId"]),
    ("/v3/Address", &["IndividualId", "AddressId"]),
    (
        "/v3/Activity",
        &[
            "IndividualId",
            "PageSize",
            "PageNumber",
            "Filter",
            "DateUpdatedStart",
            "DateUpdatedEnd",
            "DateCompletedStart",
            "DateCompletedEnd",
        ],
    ),
    ("/v3/Community", &[]),
    ("/v3/Unit", &["CommunityId"]),
    (
        "/v3/HousingContract",
        &["IndividualId", "CaseNumber", "UnitId", "Id", "CommunityId"],
    ),
    (
        "/v3/Transaction/",
        &[
            "Id",
            "IndividualId",
            "HousingContractId",
            "UnitId",
            "CampaignId",
            "TransactionTypeId",
        ],
    ),
    (
        "/v3/Type",
        &["Type", "MasterId", "Id", "Search", "Limit", "CommunityId"],
    ),
    ("/v3/Campaign/", &["CampaignId", "Search"]),
    ("/v3/CampaignIndividual", &["CampaignId"]),
    ("/v3/User", &["q", "Id"]),
    ("/v3/admission", &["CaseId", "CommunityId"]),
];

struct Probe {
    sandbox: RunningSandbox,
    http: reqwest::Client,
    failures: Vec<String>,
    requests: usize,
}

impl Probe {
    async fn new() -> Probe {
        Probe {
            sandbox: start_local().await,
            http: reqwest::Client::new(),
            failures: Vec::new(),
            requests: 0,
        }
    }

    fn url(&self, path: &str, query: &[(&str, &str)]) -> reqwest::Url {
        let mut url = reqwest::Url::parse(&format!("{}{path}", self.sandbox.base_url)).unwrap();
        url.query_pairs_mut().extend_pairs(query);
        url
    }

    /// Sends, then checks the answer: never 5xx, always JSON, and a 400 names `field`.
    async fn check(&mut self, what: String, request: reqwest::RequestBuilder, field: &str) {
        self.requests += 1;
        let response = match request
            .header("Ocp-Apim-Subscription-Key", &self.sandbox.key)
            .send()
            .await
        {
            Ok(r) => r,
            Err(e) => {
                self.failures.push(format!("{what}: no answer ({e})"));
                return;
            }
        };
        let status = response.status().as_u16();
        let text = response.text().await.unwrap_or_default();
        let Ok(body) = serde_json::from_str::<Value>(&text) else {
            self.failures.push(format!(
                "{what}: {status} without a JSON body: {:.200}",
                text
            ));
            return;
        };
        if status >= 500 {
            self.failures.push(format!("{what}: {status} {body}"));
        } else if status == 400 {
            // The field, or the record it belongs to (`properties` for a property's value).
            let message = body["message"].as_str().unwrap_or_default().to_lowercase();
            let named: Vec<String> = field
                .split(['.', '['])
                .filter(|s| !s.ends_with(']') && !s.is_empty())
                .map(str::to_lowercase)
                .collect();
            let near = &named[named.len().saturating_sub(2)..];
            if !near.iter().any(|n| message.contains(n.as_str())) {
                self.failures
                    .push(format!("{what}: 400 does not name {field}: {message}"));
            }
        }
    }
}

#[tokio::test]
async fn every_read_parameter_survives_hostile_values() {
    let mut p = Probe::new().await;
    let portal = p.sandbox.portal_id.to_string();
    for (path, params) in READS {
        let base: Vec<(&str, &str)> = match *path {
            "/v3/admission" => vec![("CaseId", "12"), ("CommunityId", "1")],
            "/v3/Type" => vec![("PortalId", portal.as_str()), ("Type", "7")],
            "/v3/CampaignIndividual" => vec![("PortalId", portal.as_str()), ("CampaignId", "1")],
            _ => vec![("PortalId", portal.as_str())],
        };
        let mut names: Vec<&str> = params.to_vec();
        if *path != "/v3/admission" {
            names.push("PortalId");
        }
        let (long, longer) = ("a".repeat(5000), "a b ".repeat(15_000));
        for name in names {
            for value in QUERY_VALUES
                .iter()
                .copied()
                .chain([long.as_str(), longer.as_str()])
            {
                let mut query: Vec<(&str, &str)> =
                    base.iter().filter(|(n, _)| *n != name).copied().collect();
                query.push((name, value));
                let url = p.url(path, &query);
                let what = format!("GET {path} {name}={:.40}", value);
                let request = p.http.get(url);
                p.check(what, request, name).await;
            }
        }
    }
    assert!(p.failures.is_empty(), "{}", p.failures.join("\n"));
    assert!(p.requests > 850, "{} requests", p.requests);
}

#[tokio::test]
async fn wildcards_in_search_text_match_themselves_only() {
    let p = Probe::new().await;
    let client = client_for(&p.sandbox.base_url, &p.sandbox.key, p.sandbox.portal_id);
    let all = client.users(&UserQuery::default()).await.unwrap();
    assert!(all.len() > 3);
    for wildcard in ["%", "_", "%%", "_%_"] {
        let found = client
            .users(&UserQuery {
                q: Some(wildcard.into()),
                id: None,
            })
            .await
            .unwrap();
        assert!(
            found.is_empty(),
            "{wildcard:?} matched {} users",
            found.len()
        );
        let types = client
            .types(&TypeQuery {
                search: Some(wildcard.into()),
                ..TypeQuery::list(TypeList::ACTIVITY_TYPE)
            })
            .await
            .unwrap();
        assert!(
            types.is_empty(),
            "{wildcard:?} matched {} types",
            types.len()
        );
        let campaigns = client
            .campaigns(&CampaignQuery {
                campaign_id: None,
                search: Some(wildcard.into()),
            })
            .await
            .unwrap();
        assert!(campaigns.is_empty(), "{wildcard:?} matched campaigns");
    }
    let nine_words = client
        .search(&SearchQuery {
            q: Some("a b c d e f g h i".into()),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(nine_words.status(), Some(400));
}

/// Every leaf of `body`, as a JSON pointer and a display path (`activities[0].start`).
fn leaves(value: &Value, pointer: String, path: String, out: &mut Vec<(String, String)>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                leaves(v, format!("{pointer}/{k}"), p, out);
            }
        }
        Value::Array(list) => {
            for (i, v) in list.iter().enumerate() {
                leaves(v, format!("{pointer}/{i}"), format!("{path}[{i}]"), out);
            }
        }
        _ => out.push((pointer, path)),
    }
}

/// Every array of `body`, with its display path.
fn arrays(value: &Value, pointer: String, path: String, out: &mut Vec<(String, String)>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                arrays(v, format!("{pointer}/{k}"), p, out);
            }
        }
        Value::Array(list) => {
            out.push((pointer.clone(), path.clone()));
            for (i, v) in list.iter().enumerate() {
                arrays(v, format!("{pointer}/{i}"), format!("{path}[{i}]"), out);
            }
        }
        _ => {}
    }
}

#[tokio::test]
async fn every_body_field_survives_hostile_values() {
    let mut p = Probe::new().await;
    let client = client_for(&p.sandbox.base_url, &p.sandbox.key, p.sandbox.portal_id);
    let people = client
        .search(&SearchQuery {
            page_size: Some(5),
            ..Default::default()
        })
        .await
        .unwrap();
    let person = people.cases[0].primary.individual_id;
    let case: i64 = people.cases[0].primary.case_number.parse().unwrap();
    let kind = client
        .types(&TypeQuery::list(TypeList::ACTIVITY_TYPE))
        .await
        .unwrap()[0]
        .id;
    let care = client
        .types(&TypeQuery::list(TypeList::CareGroupType))
        .await
        .unwrap()[0]
        .id;
    let result = client
        .types(&TypeQuery::list(TypeList::ACTIVITY_RESULT))
        .await
        .unwrap()[0]
        .id;
    let communities = client.communities().await.unwrap();
    let community = communities[0].name_unique.clone();
    // A vacant unit; each contract moves the person out of the one before, so it stays free.
    let units = client.units(&UnitQuery::default()).await.unwrap();
    let contracts = client
        .housing_contracts(&HousingContractQuery::default())
        .await
        .unwrap();
    let occupancy =
        leasedesk::domain::occupancy::unit_occupancy(&units, &contracts, chrono::Utc::now());
    let unit = units
        .iter()
        .zip(&occupancy)
        .find(|(u, o)| o.free_beds() > 0 && u.community_name == communities[0].name)
        .map(|(u, _)| u.id)
        .unwrap();
    let campaign = client.campaigns(&CampaignQuery::default()).await.unwrap()[0].id;
    let requirement = client
        .admission_requirements(case, communities[0].id)
        .await
        .unwrap()[0]
        .admission_met_id;
    let when = "2026-11-21T10:00:00-05:00";
    let bodies: Vec<(&str, String, Value)> = vec![
        (
            "POST",
            "/v3/Individual".into(),
            json!({"individuals": [{
            "properties": [{"property": "type", "value": "Prospect"}, {"property": "firstname", "value": "Hostile"}, {"property": "lastname", "value": "Tester"}],
            "communities": [{"NameUnique": community}],
            "addresses": [{"AddressLine1": "1 Main", "City": "Columbus", "State": "OH", "PostalCode": "43004"}],
            "notes": [{"Message": "note"}],
            "activities": [{"description": "inquiry", "activityTypeMasterId": 1}]}]}),
        ),
        (
            "POST",
            "/v3/Activity".into(),
            json!({"activities": [{
            "activityTypeId": kind, "start": when, "end": "2026-11-21T11:00:00-05:00",
            "individualId": person, "description": "d", "notes": [{"Message": "n"}],
            "communities": [{"NameUnique": community}], "datecompleted": when}]}),
        ),
        (
            "POST",
            "/v3/Unit".into(),
            json!({"units": [{"CommunityUnique": community, "CareGroupId": care,
            "Name": "H", "Number": "H1", "Capacity": 1, "BaseMonthly": 100.0, "SquareFeet": 400.0}]}),
        ),
        (
            "POST",
            "/v3/HousingContract".into(),
            json!({"CommunityNameUnique": community,
            "individuals": [{"IndividualId": person}], "UnitId": unit, "MoveOutResident": true,
            "MoveInDate": "2026-12-01T12:00:00Z", "MoveOutDate": "2027-12-01T12:00:00Z", "MonthlyFee": 100.0, "Deposit": 5.0}),
        ),
        (
            "POST",
            "/v3/CampaignIndividual".into(),
            json!({"CampaignId": campaign,
            "Individuals": [{"IndividualId": person, "CampaignStatusId": 1}]}),
        ),
        (
            "POST",
            "/v3/user".into(),
            json!([{"Community": [{"Id": communities[0].id}], "FirstName": "A",
            "LastName": "B", "Email": "hostile@example.com", "TimeZoneId": 1, "SendActivationEmail": false}]),
        ),
        (
            "POST",
            "/v3/user/auth/jwt/token".into(),
            json!({"username": "nobody@example.com", "password": "wrong"}),
        ),
        (
            "PUT",
            format!("/v3/admission/{requirement}"),
            json!({"AdmissionMetId": requirement, "CaseId": case,
            "ActivityResultId": result, "IsMet": true, "Note": "n"}),
        ),
        (
            "PUT",
            "/v3/plugin".into(),
            json!({"CommunityId": null, "Endpoint": "https://hooks.example.com/x"}),
        ),
    ];
    let long = Value::String("a".repeat(5000));
    let hostile: Vec<Value> = vec![
        long,
        json!(-1),
        json!(0),
        json!(9223372036854775807i64),
        json!(1e300),
        json!(-1e300),
        json!("+262142-12-31T23:30:00Z"),
        json!("+100000-01-01T00:00:00Z"),
        json!("1899-12-31T00:00:00Z"),
        json!("not a date"),
        json!(true),
        json!([]),
        json!({}),
        Value::Null,
    ];
    let portal = p.sandbox.portal_id.to_string();
    for (method, path, body) in &bodies {
        let mut fields = Vec::new();
        leaves(body, String::new(), String::new(), &mut fields);
        for (pointer, field) in &fields {
            // Without it the next contract is refused for the person's current one, rightly.
            if field == "MoveOutResident" {
                continue;
            }
            for value in &hostile {
                let mut mutated = body.clone();
                // Users are created when the input is valid: each attempt needs its own email.
                if path == "/v3/user" && field != "[0].Email" {
                    mutated[0]["Email"] = json!(format!("hostile{}@example.com", p.requests));
                }
                *mutated.pointer_mut(pointer).unwrap() = value.clone();
                let url = p.url(path, &[("PortalId", portal.as_str())]);
                let what = format!("{method} {path} {field}={:.40}", value.to_string());
                let request = p
                    .http
                    .request(method.parse().unwrap(), url)
                    .header("Content-Type", "application/json")
                    .body(mutated.to_string());
                p.check(what, request, field).await;
            }
        }
        // Each array made huge: refused naming it (or as too large a body), never stored.
        let mut lists = Vec::new();
        arrays(body, String::new(), String::new(), &mut lists);
        for (pointer, field) in lists {
            let mut mutated = body.clone();
            let list = mutated.pointer_mut(&pointer).unwrap();
            let item = list.as_array().unwrap()[0].clone();
            *list = Value::Array(vec![item; 5000]);
            let url = p.url(path, &[("PortalId", portal.as_str())]);
            let request = p
                .http
                .request(method.parse().unwrap(), url)
                .header("Content-Type", "application/json")
                .body(mutated.to_string());
            let name = if field.is_empty() {
                "users".to_owned()
            } else {
                field
            };
            p.check(format!("{method} {path} {name} ×5000"), request, &name)
                .await;
        }
    }
    // 300,000 empty activities in one individual (0.9 MB): refused, nothing stored.
    let flood = json!({"individuals": [{"properties": [{"property": "type", "value": "Prospect"},
        {"property": "firstname", "value": "Flood"}, {"property": "lastname", "value": "Gate"}],
        "activities": vec![json!({}); 300_000]}]});
    let url = p.url("/v3/Individual", &[("PortalId", portal.as_str())]);
    let request = p
        .http
        .post(url)
        .header("Content-Type", "application/json")
        .body(flood.to_string());
    p.check(
        "POST /v3/Individual 300,000 activities".into(),
        request,
        "activities",
    )
    .await;
    let flooded = client
        .search(&SearchQuery {
            last_name: Some("Gate".into()),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(flooded.total, 0, "nothing of the flood was stored");
    assert!(p.failures.is_empty(), "{}", p.failures.join("\n"));
    assert!(p.requests > 700, "{} requests", p.requests);
}

#[tokio::test]
async fn reads_go_on_while_a_heavy_write_runs() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = leasedesk::sandbox::Sandbox::start(leasedesk::sandbox::SandboxConfig {
        storage: leasedesk::sandbox::Storage::File(dir.path().join("s.db")),
        clock: leasedesk::sandbox::Clock::fixed(crate::support::reference()),
        ..Default::default()
    })
    .await
    .unwrap();
    let client = client_for(&sandbox.base_url, &sandbox.key, sandbox.portal_id);
    let person = client
        .search(&SearchQuery {
            page_size: Some(1),
            ..Default::default()
        })
        .await
        .unwrap()
        .cases[0]
        .primary
        .individual_id;
    let kind = client
        .types(&TypeQuery::list(TypeList::ACTIVITY_TYPE))
        .await
        .unwrap()[0]
        .id;
    let start = chrono::DateTime::parse_from_rfc3339("2026-11-21T10:00:00-05:00").unwrap();
    let heavy: Vec<NewActivity> = (0..500)
        .map(|n| {
            let mut a = NewActivity::new(kind, start);
            a.individual_id = Some(person);
            a.description = Some(format!("heavy {n}"));
            a.notes = Some(
                (0..50)
                    .map(|k| Note {
                        message: format!("note {n}-{k}"),
                    })
                    .collect(),
            );
            a
        })
        .collect();
    let writer = client.clone();
    let write = tokio::spawn(async move {
        let created = writer.create_activities(heavy).await.unwrap();
        (std::time::Instant::now(), created.activity_ids.len())
    });
    // Reads on their own connection while the write holds the database.
    let mut reads_done = Vec::new();
    while !write.is_finished() {
        client.communities().await.unwrap();
        reads_done.push(std::time::Instant::now());
    }
    let (write_done, created) = write.await.unwrap();
    assert_eq!(created, 500);
    let during = reads_done.iter().filter(|t| **t < write_done).count();
    assert!(
        during >= 2,
        "reads finished before the write did: {during} of {}",
        reads_done.len()
    );
}

/// Reads from `stream` until it closes (true) or `within` passes (false).
async fn closed_within(stream: &mut tokio::net::TcpStream, within: std::time::Duration) -> bool {
    use tokio::io::AsyncReadExt;
    let mut buf = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_and_slow_connections_are_closed_and_a_cap_answers_503() {
    use std::time::Duration;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;
    let sandbox = leasedesk::sandbox::Sandbox::start(leasedesk::sandbox::SandboxConfig {
        limits: leasedesk::sandbox::ConnectionLimits {
            header_read: Duration::from_secs(1),
            idle: Duration::from_secs(2),
            max_connections: 4,
            per_address: 4,
            keyed_share: 0,
        },
        ..Default::default()
    })
    .await
    .unwrap();
    let addr = sandbox.addr;
    // Connected, nothing sent: closed once the headers are late.
    let mut silent = TcpStream::connect(addr).await.unwrap();
    assert!(
        closed_within(&mut silent, Duration::from_secs(6)).await,
        "a connection that sends nothing is closed"
    );
    // Half a request line, never finished.
    let mut slow = TcpStream::connect(addr).await.unwrap();
    slow.write_all(b"GET /v3/Community?Portal").await.unwrap();
    assert!(closed_within(&mut slow, Duration::from_secs(6)).await);
    // One request answered, then kept alive and idle: closed after the idle time.
    let mut kept = TcpStream::connect(addr).await.unwrap();
    kept.write_all(
        format!(
            "GET /v3/Community?PortalId={} HTTP/1.1\r\nHost: 127.0.0.1\r\nOcp-Apim-Subscription-Key: {}\r\n\r\n",
            sandbox.portal_id, sandbox.key
        )
        .as_bytes(),
    )
    .await
    .unwrap();
    let mut head = [0u8; 12];
    kept.read_exact(&mut head).await.unwrap();
    assert_eq!(&head, b"HTTP/1.1 200");
    assert!(closed_within(&mut kept, Duration::from_secs(8)).await);

    // Past the cap, with every connection busy (a request in flight: its body on its way), a
    // new connection is told to come back, in JSON, and closed.
    let post = format!(
        "POST /v3/Activity?PortalId={} HTTP/1.1\r\nHost: 127.0.0.1\r\nOcp-Apim-Subscription-Key: {}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{",
        sandbox.portal_id, sandbox.key
    );
    let mut held = Vec::new();
    for _ in 0..4 {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream.write_all(post.as_bytes()).await.unwrap();
        held.push(stream);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut extra = TcpStream::connect(addr).await.unwrap();
    let mut answer = String::new();
    tokio::time::timeout(Duration::from_secs(5), extra.read_to_string(&mut answer))
        .await
        .expect("answered at once")
        .unwrap();
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.to_lowercase().contains("retry-after: 1"), "{answer}");
    assert!(answer.contains("\"statusCode\":503"), "{answer}");
    // Once those go (closed by the server as idle), the sandbox serves again.
    drop(held);
    let client = client_for(&sandbox.base_url, &sandbox.key, sandbox.portal_id);
    let mut served = false;
    for _ in 0..50 {
        if client.communities().await.is_ok() {
            served = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(served, "the normal path works again");
}
