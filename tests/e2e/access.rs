//! Keys, portals, isolation and bad input, against the sandbox.

use leasedesk::api::model::*;
use leasedesk::sandbox::{SECOND_KEY, TRAINING_KEY};
use serde_json::Value;

use crate::support::{client_for, local_only, raw, target, url};

async fn body(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("JSON error body, got {text:?}")),
    )
}

fn portal_query(path: &str) -> String {
    url(&format!("{path}?PortalId={}", target().portal))
}

#[tokio::test]
async fn every_operation_needs_a_subscription_key() {
    for (method, path) in [
        ("GET", "/v3/Search/"),
        ("GET", "/v3/Activity"),
        ("POST", "/v3/HousingContract"),
        ("PUT", "/v3/plugin"),
        ("GET", "/v3/admission"),
        ("POST", "/v3/user/auth/jwt/token"),
    ] {
        let request = raw()
            .request(method.parse().unwrap(), portal_query(path))
            .body("{}");
        let (status, json) = body(request.send().await.unwrap()).await;
        assert_eq!(status, 401, "{method} {path}");
        assert_eq!(json["statusCode"], 401);
        assert!(
            json["message"]
                .as_str()
                .unwrap()
                .starts_with("Access denied due to missing subscription key.")
        );
    }
    let (status, json) = body(
        raw()
            .get(portal_query("/v3/Community"))
            .header("Ocp-Apim-Subscription-Key", "wrong")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 401);
    assert!(
        json["message"]
            .as_str()
            .unwrap()
            .contains("invalid subscription key")
    );
}

#[tokio::test]
async fn portals_are_isolated() {
    let local = local_only!();
    let t = target();
    let demo = client_for(&t.base_url, TRAINING_KEY, t.portal);
    let second = client_for(&t.base_url, TRAINING_KEY, local.second_portal);
    let a = demo.search(&SearchQuery::default()).await.unwrap();
    let b = second.search(&SearchQuery::default()).await.unwrap();
    assert!(b.total > 0 && b.total < a.total);
    let a_ids: std::collections::HashSet<i64> =
        a.cases.iter().map(|c| c.primary.individual_id).collect();
    assert!(
        b.cases
            .iter()
            .all(|c| !a_ids.contains(&c.primary.individual_id)),
        "no record is visible in both portals"
    );
    let b_communities = second.communities().await.unwrap();
    assert_eq!(b_communities.len(), 2, "Harbor Light's two communities");
    let demo_communities = demo.communities().await.unwrap();
    assert!(
        b_communities
            .iter()
            .all(|b| demo_communities.iter().all(|c| c.id != b.id)),
        "no community is in both portals"
    );
    // A key limited to the second portal cannot read the demo portal.
    let outsider = client_for(&t.base_url, SECOND_KEY, t.portal);
    assert_eq!(
        outsider.communities().await.unwrap_err().status(),
        Some(403)
    );
    // Records of one portal cannot be written through another.
    let stranger = b.cases[0].primary.individual_id;
    let err = demo
        .add_campaign_individuals(&CampaignIndividualAdd {
            campaign_id: demo.campaigns(&CampaignQuery::default()).await.unwrap()[0].id,
            individuals: vec![CampaignMember {
                individual_id: stranger,
                campaign_status_id: CampaignStatus::Invited,
            }],
        })
        .await
        .unwrap_err();
    assert_eq!(err.status(), Some(400));
    let case = demo
        .case(&CaseQuery {
            individual_id: Some(stranger),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(case.status(), Some(404));
    let b_case: i64 = b.cases[0].primary.case_number.parse().unwrap();
    let err = client_for(&t.base_url, &t.key, t.portal)
        .admission_requirements(b_case, 1)
        .await
        .unwrap_err();
    assert_eq!(
        err.status(),
        Some(404),
        "the demo key cannot see the second portal's cases"
    );
}

/// Every route, from portal A, on portal B's records: nothing is read, nothing is written.
#[tokio::test]
async fn every_route_keeps_the_portals_apart() {
    let local = local_only!();
    let t = target();
    let a = client_for(&t.base_url, TRAINING_KEY, t.portal);
    let b = client_for(&t.base_url, TRAINING_KEY, local.second_portal);
    let b_contracts = b
        .housing_contracts(&HousingContractQuery::default())
        .await
        .unwrap();
    let resident = b_contracts.first().expect("portal B has a contract");
    let b_person = resident.individual_id;
    let b_case = resident.case_number.clone();
    let b_case_id: i64 = b_case.parse().unwrap();
    let b_address = b
        .addresses(&AddressQuery {
            individual_id: Some(b_person),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(!b_address.is_empty(), "portal B's resident has an address");
    let b_activities = b
        .activities(&ActivityQuery {
            individual_id: Some(b_person),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(!b_activities.is_empty());
    let b_campaign = b.campaigns(&CampaignQuery::default()).await.unwrap()[0].id;
    let b_community = b.communities().await.unwrap()[0].clone();
    let b_requirement = b
        .admission_requirements(b_case_id, b_community.id)
        .await
        .unwrap()[0]
        .admission_met_id;

    // Reads by B's ids from A: empty, or "not found".
    let by_person = |id| AddressQuery {
        individual_id: Some(id),
        ..Default::default()
    };
    assert!(a.addresses(&by_person(b_person)).await.unwrap().is_empty());
    assert!(
        a.addresses(&AddressQuery {
            address_id: Some(b_address[0].id),
            ..Default::default()
        })
        .await
        .unwrap()
        .is_empty()
    );
    for query in [
        HousingContractQuery {
            individual_id: Some(b_person),
            ..Default::default()
        },
        HousingContractQuery {
            case_number: Some(b_case.clone()),
            ..Default::default()
        },
        HousingContractQuery {
            id: Some(resident.id),
            ..Default::default()
        },
        HousingContractQuery {
            unit_id: Some(resident.unit_id),
            ..Default::default()
        },
    ] {
        assert!(
            a.housing_contracts(&query).await.unwrap().is_empty(),
            "{query:?}"
        );
    }
    let transactions = a
        .transactions(&TransactionQuery {
            individual_id: Some(b_person),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(transactions.status(), Some(404));
    assert!(
        a.activities(&ActivityQuery {
            individual_id: Some(b_person),
            ..Default::default()
        })
        .await
        .unwrap()
        .is_empty()
    );
    assert_eq!(
        a.campaign_individuals(b_campaign)
            .await
            .unwrap_err()
            .status(),
        Some(404)
    );
    for query in [
        CaseQuery {
            case_number: Some(b_case.clone()),
            ..Default::default()
        },
        CaseQuery {
            individual_id: Some(b_person),
            ..Default::default()
        },
    ] {
        assert_eq!(a.case(&query).await.unwrap_err().status(), Some(404));
    }
    // Writes on B's records from A: refused, and B is unchanged.
    let start = chrono::DateTime::parse_from_rfc3339("2026-11-21T10:00:00-05:00").unwrap();
    let mut activity = NewActivity::new(
        a.types(&TypeQuery::list(TypeList::ACTIVITY_TYPE))
            .await
            .unwrap()[0]
            .id,
        start,
    );
    activity.individual_id = Some(b_person);
    assert_eq!(
        a.create_activities(vec![activity])
            .await
            .unwrap_err()
            .status(),
        Some(400)
    );
    let mut contact = NewIndividual::new(IndividualType::Contact, "Cross", "Portal");
    contact.set("casenumber", &b_case);
    assert_eq!(
        a.create_individuals(vec![contact])
            .await
            .unwrap_err()
            .status(),
        Some(400)
    );
    let demo_key = client_for(&t.base_url, &t.key, t.portal);
    let update = demo_key
        .update_admission(&AdmissionUpdate {
            admission_met_id: Some(b_requirement),
            case_id: Some(b_case_id),
            activity_result_id: Some(1),
            is_met: Some(true),
            note: None,
            activity_id: None,
        })
        .await
        .unwrap_err();
    assert_eq!(update.status(), Some(404), "{update:?}");
    assert_eq!(
        b.activities(&ActivityQuery {
            individual_id: Some(b_person),
            ..Default::default()
        })
        .await
        .unwrap()
        .len(),
        b_activities.len(),
        "nothing was added to portal B"
    );
    // A token issued on portal A is refused on portal B, even with a key allowed both.
    let (user, password) = &local.login;
    let signed_in = client_for(&t.base_url, TRAINING_KEY, t.portal);
    signed_in
        .token(user, &leasedesk::api::Secret::new(password.as_str()))
        .await
        .unwrap();
    let raw_token_use = raw()
        .get(url(&format!(
            "/v3/Community?PortalId={}",
            local.second_portal
        )))
        .header("Ocp-Apim-Subscription-Key", TRAINING_KEY)
        .header(
            "Authorization",
            format!("Bearer {}", token_for(&t.base_url, user, password).await),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(raw_token_use.status(), 401);
}

/// A token from the token operation, as text (the client keeps its own hidden).
async fn token_for(base_url: &str, user: &str, password: &str) -> String {
    let answer: Value = raw()
        .post(format!("{base_url}/v3/user/auth/jwt/token"))
        .header("Ocp-Apim-Subscription-Key", TRAINING_KEY)
        .json(&serde_json::json!({"username": user, "password": password}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    answer["access_token"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn bad_input_gets_a_4xx_json_body_naming_the_problem() {
    let t = target();
    let key = ("Ocp-Apim-Subscription-Key", t.key.as_str());
    let post = |path: &str, text: String| {
        raw()
            .post(portal_query(path))
            .header(key.0, key.1)
            .header("Content-Type", "application/json")
            .body(text)
    };
    let (status, json) = body(post("/v3/Unit", "{not json".into()).send().await.unwrap()).await;
    assert_eq!(status, 400);
    assert!(json["message"].as_str().unwrap().contains("not valid JSON"));
    let (status, json) = body(post("/v3/Unit", r#"{"units":[{"CommunityUnique":"maplegrove","CareGroupId":"many","Name":"","Number":"1"}]}"#.into()).send().await.unwrap()).await;
    assert_eq!(status, 400);
    assert!(
        json["message"]
            .as_str()
            .unwrap()
            .contains("units[0].CareGroupId"),
        "{json}"
    );
    let (status, json) = body(
        post("/v3/HousingContract", r#"{"individuals":[]}"#.into())
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        json["message"]
            .as_str()
            .unwrap()
            .contains("CommunityNameUnique"),
        "{json}"
    );
    let (status, _) = body(post("/v3/Activity", String::new()).send().await.unwrap()).await;
    assert_eq!(status, 400);
    let huge = format!(
        r#"{{"activities":[],"padding":"{}"}}"#,
        "x".repeat(3 * 1024 * 1024)
    );
    let (status, json) = body(post("/v3/Activity", huge).send().await.unwrap()).await;
    assert_eq!(status, 413);
    assert_eq!(json["statusCode"], 413);
    let (status, _) = body(
        raw()
            .get(url("/v3/NoSuchThing"))
            .header(key.0, key.1)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 404);
    let (status, _) = body(
        raw()
            .delete(portal_query("/v3/Unit"))
            .header(key.0, key.1)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 405);
    let (status, json) = body(
        raw()
            .get(url("/v3/Search/"))
            .header(key.0, key.1)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 400);
    assert!(json["message"].as_str().unwrap().contains("PortalId"));
    let (status, _) = body(
        raw()
            .get(url("/v3/Search/?PortalId=abc"))
            .header(key.0, key.1)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn paths_ignore_case_and_a_trailing_slash_like_the_service() {
    let t = target();
    for path in ["/v3/Search", "/v3/search/", "/V3/SEARCH/"] {
        let response = raw()
            .get(url(&format!("{path}?portalid={}&PageSize=1", t.portal)))
            .header("Ocp-Apim-Subscription-Key", &t.key)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{path}");
    }
}

#[tokio::test]
async fn openapi_document_lists_every_operation() {
    let _ = local_only!();
    let doc: Value = raw()
        .get(url("/openapi.json"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let paths = doc["paths"].as_object().unwrap();
    let operations: usize = paths.values().map(|p| p.as_object().unwrap().len()).sum();
    assert_eq!(operations, 22);
    assert!(
        paths["/v3/Campaign/"]["get"]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["name"] == "Portalid")
    );
}

#[tokio::test]
async fn failed_logins_are_limited_per_user_and_look_alike() {
    let _ = local_only!();
    let sandbox = crate::support::start_local().await;
    let (user, password) = sandbox.login.clone();
    let client = client_for(&sandbox.base_url, &sandbox.key, sandbox.portal_id);
    let wrong = leasedesk::api::Secret::new("not-the-password");
    for _ in 0..5 {
        let err = client.token(&user, &wrong).await.unwrap_err();
        assert_eq!(err.status(), Some(401));
    }
    // An unknown user is refused in the same words as a wrong password.
    let unknown = client
        .token("nobody@maplegrove.example", &wrong)
        .await
        .unwrap_err();
    assert_eq!(unknown.status(), Some(401));
    // The sixth try is refused before the password is even checked, the right one too.
    let response = raw()
        .post(format!("{}/v3/user/auth/jwt/token", sandbox.base_url))
        .header("Ocp-Apim-Subscription-Key", &sandbox.key)
        .json(&serde_json::json!({"username": user, "password": password}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 429);
    let wait: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(wait > 0 && wait <= 15 * 60, "{wait}");
    let (_, json) = body(response).await;
    assert!(
        json["message"]
            .as_str()
            .unwrap()
            .starts_with("Rate limit is exceeded. Try again in")
    );
    // After the window the right password works again.
    sandbox.clock.advance(chrono::Duration::minutes(16));
    client
        .token(&user, &leasedesk::api::Secret::new(password.as_str()))
        .await
        .unwrap();
}

#[tokio::test]
async fn a_host_name_is_refused_and_an_own_key_retires_the_published_ones() {
    let _ = local_only!();
    let t = target();
    // DNS rebinding: a page at evil.example resolved to 127.0.0.1 sends its own Host.
    let response = raw()
        .get(portal_query("/v3/Community"))
        .header("Host", "evil.example:8080")
        .header("Ocp-Apim-Subscription-Key", &t.key)
        .send()
        .await
        .unwrap();
    let (status, json) = body(response).await;
    assert_eq!(status, 403);
    assert!(json["message"].as_str().unwrap().contains("host name"));
    let ok = raw()
        .get(portal_query("/v3/Community"))
        .header("Host", "localhost")
        .header("Ocp-Apim-Subscription-Key", &t.key)
        .send()
        .await
        .unwrap();
    assert_eq!(ok.status(), 200);

    let own = leasedesk::sandbox::Sandbox::start(leasedesk::sandbox::SandboxConfig {
        key: Some("a-key-of-our-own".into()),
        ..Default::default()
    })
    .await
    .unwrap();
    for (key, expected) in [
        ("a-key-of-our-own", Some(3usize)),
        (leasedesk::sandbox::DEMO_KEY, None),
        (TRAINING_KEY, None),
    ] {
        let read = client_for(&own.base_url, key, own.portal_id)
            .communities()
            .await;
        match expected {
            Some(n) => assert_eq!(read.unwrap().len(), n),
            None => assert_eq!(read.unwrap_err().status(), Some(401), "{key}"),
        }
    }
}

#[tokio::test]
async fn a_new_key_given_to_the_sandbox_revokes_the_one_given_before() {
    let dir = tempfile::tempdir().unwrap();
    let start = |key: &str| leasedesk::sandbox::SandboxConfig {
        key: Some(key.into()),
        storage: leasedesk::sandbox::Storage::File(dir.path().join("training.db")),
        ..Default::default()
    };
    let first = leasedesk::sandbox::Sandbox::start(start("key-for-last-week"))
        .await
        .unwrap();
    let read = client_for(&first.base_url, "key-for-last-week", first.portal_id)
        .communities()
        .await;
    assert!(read.is_ok(), "{read:?}");
    first.stop().await;

    let second = leasedesk::sandbox::Sandbox::start(start("key-for-this-week"))
        .await
        .unwrap();
    let old = client_for(&second.base_url, "key-for-last-week", second.portal_id)
        .communities()
        .await;
    assert_eq!(
        old.unwrap_err().status(),
        Some(401),
        "the earlier key is revoked"
    );
    let new = client_for(&second.base_url, "key-for-this-week", second.portal_id)
        .communities()
        .await;
    assert!(new.is_ok(), "{new:?}");
    second.stop().await;
}

/// Answers are gzipped for a client that asks, plain for one that does not, and say the same.
#[tokio::test]
async fn answers_are_compressed_when_asked_and_read_the_same() {
    let _ = local_only!();
    let get = |client: reqwest::Client, gzip: bool| async move {
        let mut request = client
            .get(portal_query("/v3/HousingContract"))
            .header("Ocp-Apim-Subscription-Key", &target().key);
        if gzip {
            request = request.header("Accept-Encoding", "gzip");
        }
        request.send().await.unwrap()
    };
    let as_is = || reqwest::Client::builder().no_gzip().build().unwrap();
    let plain = get(as_is(), false).await;
    assert_eq!(plain.status(), 200);
    assert!(plain.headers().get("content-encoding").is_none());
    let plain = plain.bytes().await.unwrap();

    let packed = get(as_is(), true).await;
    assert_eq!(packed.headers()["content-encoding"], "gzip");
    let packed = packed.bytes().await.unwrap();
    assert!(
        packed.len() * 3 < plain.len(),
        "{} bytes gzipped of {} plain",
        packed.len(),
        plain.len()
    );
    // The desk's own client asks, and reads back exactly the plain answer.
    let unpacked = get(raw(), false).await.bytes().await.unwrap();
    assert_eq!(unpacked, plain);
}
