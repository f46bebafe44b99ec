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
    assert_eq!(b_communities.len(), 1);
    assert!(
        demo.communities()
            .await
            .unwrap()
            .iter()
            .all(|c| c.id != b_communities[0].id)
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
