//! Each of the 22 operations against the stub: the exact method, path, query names and headers.

use chrono::{DateTime, NaiveDate};
use leasedesk::api::Secret;
use leasedesk::api::model::*;

use crate::stub::{Recorded, Reply, Stub};
use crate::{KEY, PORTAL, fast_client};

fn portal() -> String {
    PORTAL.to_string()
}

/// What every call carries: the key, JSON accepted, no token until one was obtained.
fn assert_common(r: &Recorded) {
    assert_eq!(r.header("ocp-apim-subscription-key"), Some(KEY));
    assert_eq!(r.header("authorization"), None);
}

fn assert_json_body(r: &Recorded) {
    assert_eq!(r.header("content-type"), Some("application/json"));
}

#[tokio::test]
async fn search() {
    let stub = Stub::start(Reply::fixture(200, "search.json")).await;
    let query = SearchQuery {
        list_id: Some(12),
        page_number: Some(1),
        page_size: Some(100),
        q: Some("Ellison & Sons".into()),
        first_name: Some("Margaret".into()),
        last_name: Some("Ellison".into()),
        individual_type_id: Some(IndividualType::Prospect),
    };
    let response = fast_client(&stub.base_url).search(&query).await.unwrap();
    assert_eq!(response.total, 2);
    let r = stub.only_request();
    assert_eq!((r.method.as_str(), r.path.as_str()), ("GET", "/v3/Search/"));
    assert_eq!(
        r.query_names(),
        [
            "FirstName",
            "IndividualTypeId",
            "LastName",
            "ListId",
            "PageNumber",
            "PageSize",
            "PortalId",
            "q"
        ]
    );
    assert_eq!(r.query_value("PortalId"), Some(portal().as_str()));
    assert_eq!(r.query_value("q"), Some("Ellison & Sons"));
    assert_eq!(r.query_value("IndividualTypeId"), Some("1"));
    assert_common(&r);
    assert!(r.body.is_empty());
}

#[tokio::test]
async fn search_sends_only_the_filters_given() {
    let stub = Stub::start(Reply::fixture(200, "search.json")).await;
    let query = SearchQuery {
        q: Some("ell".into()),
        ..Default::default()
    };
    fast_client(&stub.base_url).search(&query).await.unwrap();
    assert_eq!(stub.only_request().query_names(), ["PortalId", "q"]);
}

#[tokio::test]
async fn case() {
    let stub = Stub::start(Reply::fixture(200, "case.json")).await;
    let query = CaseQuery {
        case_number: Some("C-100231".into()),
        individual_id: Some(5001),
    };
    let case = fast_client(&stub.base_url).case(&query).await.unwrap();
    assert_eq!(case.primary_individual_id, 5001);
    let r = stub.only_request();
    assert_eq!((r.method.as_str(), r.path.as_str()), ("GET", "/v3/Case/"));
    assert_eq!(r.query_names(), ["CaseNumber", "IndividualId", "PortalId"]);
    assert_eq!(r.query_value("CaseNumber"), Some("C-100231"));
    assert_common(&r);
}

#[tokio::test]
async fn create_individuals() {
    let stub = Stub::start(Reply::json(200, "")).await;
    let person = NewIndividual::new(IndividualType::Prospect, "Ada", "Lovelace");
    let created = fast_client(&stub.base_url)
        .create_individuals(vec![person])
        .await
        .unwrap();
    assert_eq!(
        created,
        IndividualsCreated::default(),
        "an empty 200 body is accepted"
    );
    let r = stub.only_request();
    assert_eq!(
        (r.method.as_str(), r.path.as_str()),
        ("POST", "/v3/Individual")
    );
    assert_eq!(r.query_names(), ["PortalId"]);
    assert_eq!(r.json()["individuals"][0]["properties"][1]["value"], "Ada");
    assert_common(&r);
    assert_json_body(&r);
}

#[tokio::test]
async fn addresses() {
    let stub = Stub::start(Reply::fixture(200, "addresses.json")).await;
    let query = AddressQuery {
        individual_id: Some(5001),
        address_id: Some(9101),
    };
    let list = fast_client(&stub.base_url).addresses(&query).await.unwrap();
    assert_eq!(list[0].id, 9101);
    let r = stub.only_request();
    assert_eq!((r.method.as_str(), r.path.as_str()), ("GET", "/v3/Address"));
    assert_eq!(r.query_names(), ["AddressId", "IndividualId", "PortalId"]);
    assert_common(&r);
}

#[tokio::test]
async fn activities() {
    let stub = Stub::start(Reply::fixture(200, "activities.json")).await;
    let day = |d| NaiveDate::from_ymd_opt(2026, 11, d).unwrap();
    let query = ActivityQuery {
        individual_id: Some(5001),
        page_size: Some(100),
        page_number: Some(2),
        filter: Some(ActivityFilter::OverDue),
        date_updated_start: Some(day(1).into()),
        date_updated_end: Some(day(20)),
        date_completed_start: Some(day(2)),
        date_completed_end: Some(day(21)),
    };
    let list = fast_client(&stub.base_url)
        .activities(&query)
        .await
        .unwrap();
    assert_eq!(list.len(), 2);
    let r = stub.only_request();
    assert_eq!(
        (r.method.as_str(), r.path.as_str()),
        ("GET", "/v3/Activity")
    );
    assert_eq!(
        r.query_names(),
        [
            "DateCompletedEnd",
            "DateCompletedStart",
            "DateUpdatedEnd",
            "DateUpdatedStart",
            "Filter",
            "IndividualId",
            "PageNumber",
            "PageSize",
            "PortalId",
        ]
    );
    assert_eq!(r.query_value("Filter"), Some("1"));
    assert_eq!(r.query_value("DateUpdatedStart"), Some("2026-11-01"));
    assert_common(&r);
}

#[tokio::test]
async fn activities_changed_since_a_moment_send_it_with_its_offset() {
    let stub = Stub::start(Reply::json(200, "[]")).await;
    let moment = DateTime::parse_from_rfc3339("2026-11-21T14:55:00-05:00")
        .unwrap()
        .with_timezone(&chrono::Utc);
    let query = ActivityQuery {
        date_updated_start: Some(leasedesk::api::model::DayOrTime::Time(moment)),
        ..ActivityQuery::default()
    };
    fast_client(&stub.base_url)
        .activities(&query)
        .await
        .unwrap();
    let r = stub.only_request();
    assert_eq!(
        r.query_value("DateUpdatedStart"),
        Some("2026-11-21T19:55:00Z"),
        "an RFC 3339 time, read back as the same moment"
    );
}

#[tokio::test]
async fn create_activities() {
    let stub = Stub::start(Reply::json(
        201,
        r#"{"ActivityIds":[990001],"Message":"Created"}"#,
    ))
    .await;
    let mut activity = NewActivity::new(
        711,
        DateTime::parse_from_rfc3339("2026-11-21T10:00:00-05:00").unwrap(),
    );
    activity.individual_id = Some(5001);
    let created = fast_client(&stub.base_url)
        .create_activities(vec![activity])
        .await
        .unwrap();
    assert_eq!(created.activity_ids, vec![990001]);
    let r = stub.only_request();
    assert_eq!(
        (r.method.as_str(), r.path.as_str()),
        ("POST", "/v3/Activity")
    );
    assert_eq!(r.query_names(), ["PortalId"]);
    assert_eq!(r.json()["activities"][0]["activityTypeId"], 711);
    assert_common(&r);
    assert_json_body(&r);
}

#[tokio::test]
async fn communities() {
    let stub = Stub::start(Reply::fixture(200, "communities.json")).await;
    let list = fast_client(&stub.base_url).communities().await.unwrap();
    assert_eq!(list.len(), 2);
    let r = stub.only_request();
    assert_eq!(
        (r.method.as_str(), r.path.as_str()),
        ("GET", "/v3/Community")
    );
    assert_eq!(r.query_names(), ["PortalId"]);
    assert_common(&r);
}

#[tokio::test]
async fn units() {
    let stub = Stub::start(Reply::fixture(200, "units.json")).await;
    let list = fast_client(&stub.base_url)
        .units(&UnitQuery {
            community_id: Some(11),
        })
        .await
        .unwrap();
    assert_eq!(list[0].id, 2104);
    let r = stub.only_request();
    assert_eq!((r.method.as_str(), r.path.as_str()), ("GET", "/v3/Unit"));
    assert_eq!(r.query_names(), ["CommunityId", "PortalId"]);
    assert_common(&r);
}

#[tokio::test]
async fn create_units() {
    let stub = Stub::start(Reply::fixture(200, "units_created.json")).await;
    let unit = NewUnit {
        community_unique: "maplegrove".into(),
        care_group_id: 1401,
        floor_plan_id: None,
        name: "".into(),
        number: "12B".into(),
        square_feet: None,
        capacity: None,
        base_monthly: None,
        base_entrance: None,
    };
    let created = fast_client(&stub.base_url)
        .create_units(vec![unit])
        .await
        .unwrap();
    assert_eq!(created.unit_ids, vec![2301, 2302]);
    let r = stub.only_request();
    assert_eq!((r.method.as_str(), r.path.as_str()), ("POST", "/v3/Unit"));
    assert_eq!(r.query_names(), ["PortalId"]);
    assert_eq!(r.json()["units"][0]["Number"], "12B");
    assert_common(&r);
    assert_json_body(&r);
}

#[tokio::test]
async fn housing_contracts() {
    let stub = Stub::start(Reply::fixture(200, "housing_contracts.json")).await;
    let query = HousingContractQuery {
        individual_id: Some(5010),
        case_number: Some("C-100232".into()),
        unit_id: Some(2104),
        id: Some(30017),
        community_id: Some(11),
    };
    let list = fast_client(&stub.base_url)
        .housing_contracts(&query)
        .await
        .unwrap();
    assert_eq!(list[0].id, 30017);
    let r = stub.only_request();
    assert_eq!(
        (r.method.as_str(), r.path.as_str()),
        ("GET", "/v3/HousingContract")
    );
    assert_eq!(
        r.query_names(),
        [
            "CaseNumber",
            "CommunityId",
            "Id",
            "IndividualId",
            "PortalId",
            "UnitId"
        ]
    );
    assert_common(&r);
}

#[tokio::test]
async fn create_housing_contract() {
    let stub = Stub::start(Reply::fixture(201, "housing_contract_created.json")).await;
    let body = HousingContractCreate {
        community_name_unique: "maplegrove".into(),
        individuals: vec![ContractIndividual {
            individual_id: 5001,
        }],
        unit_id: None,
        unit_number: Some("104".into()),
        move_out_resident: None,
        is_transfer: None,
        create_move_in_activity: None,
        is_waitlist: None,
        is_repayable: None,
        move_in_date: Some(DateTime::parse_from_rfc3339("2026-12-01T00:00:00-05:00").unwrap()),
        move_out_date: None,
        entrance_fee: None,
        deposit: None,
        monthly_fee: Some(4700.0),
    };
    let created = fast_client(&stub.base_url)
        .create_housing_contract(&body)
        .await
        .unwrap();
    assert_eq!(created.housing_contract_ids, vec![30101, 30102]);
    let r = stub.only_request();
    assert_eq!(
        (r.method.as_str(), r.path.as_str()),
        ("POST", "/v3/HousingContract")
    );
    assert_eq!(r.query_names(), ["PortalId"]);
    assert_eq!(r.json()["UnitNumber"], "104");
    assert_common(&r);
    assert_json_body(&r);
}

#[tokio::test]
async fn transactions() {
    let stub = Stub::start(Reply::fixture(200, "transactions.json")).await;
    let query = TransactionQuery {
        id: Some(1),
        individual_id: Some(2),
        housing_contract_id: Some(3),
        unit_id: Some(4),
        campaign_id: Some(5),
        transaction_type_id: Some(6),
    };
    fast_client(&stub.base_url)
        .transactions(&query)
        .await
        .unwrap();
    let r = stub.only_request();
    assert_eq!(
        (r.method.as_str(), r.path.as_str()),
        ("GET", "/v3/Transaction/")
    );
    assert_eq!(
        r.query_names(),
        [
            "CampaignId",
            "HousingContractId",
            "Id",
            "IndividualId",
            "PortalId",
            "TransactionTypeId",
            "UnitId"
        ]
    );
    assert_common(&r);
}

#[tokio::test]
async fn types() {
    let stub = Stub::start(Reply::fixture(200, "types.json")).await;
    let query = TypeQuery {
        list: TypeList::ACTIVITY_TYPE,
        master_id: Some(11),
        id: Some(701),
        search: Some("tour".into()),
        limit: Some(10),
        community_id: Some("11".into()),
    };
    let list = fast_client(&stub.base_url).types(&query).await.unwrap();
    assert_eq!(list[0].name, "Tour");
    let r = stub.only_request();
    assert_eq!((r.method.as_str(), r.path.as_str()), ("GET", "/v3/Type"));
    assert_eq!(
        r.query_names(),
        [
            "CommunityId",
            "Id",
            "Limit",
            "MasterId",
            "PortalId",
            "Search",
            "Type"
        ]
    );
    assert_eq!(r.query_value("Type"), Some("7"));
    assert_common(&r);
}

#[tokio::test]
async fn campaigns_use_lower_case_portalid() {
    let stub = Stub::start(Reply::fixture(200, "campaigns.json")).await;
    let query = CampaignQuery {
        campaign_id: Some(61),
        search: Some("holiday".into()),
    };
    fast_client(&stub.base_url).campaigns(&query).await.unwrap();
    let r = stub.only_request();
    assert_eq!(
        (r.method.as_str(), r.path.as_str()),
        ("GET", "/v3/Campaign/")
    );
    assert_eq!(r.query_names(), ["CampaignId", "Portalid", "Search"]);
    assert_eq!(r.query_value("Portalid"), Some(portal().as_str()));
    assert_common(&r);
}

#[tokio::test]
async fn campaign_individuals() {
    let stub = Stub::start(Reply::fixture(200, "campaign_individuals.json")).await;
    let members = fast_client(&stub.base_url)
        .campaign_individuals(61)
        .await
        .unwrap();
    assert_eq!(members[0].individual_id, 5001);
    let r = stub.only_request();
    assert_eq!(
        (r.method.as_str(), r.path.as_str()),
        ("GET", "/v3/CampaignIndividual")
    );
    assert_eq!(r.query_names(), ["CampaignId", "PortalId"]);
    assert_eq!(r.query_value("CampaignId"), Some("61"));
    assert_common(&r);
}

#[tokio::test]
async fn add_campaign_individuals() {
    let stub = Stub::start(Reply::json(201, r#"{"Message":"Added"}"#)).await;
    let add = CampaignIndividualAdd {
        campaign_id: 61,
        individuals: vec![CampaignMember {
            individual_id: 5001,
            campaign_status_id: CampaignStatus::Rsvp,
        }],
    };
    let ack = fast_client(&stub.base_url)
        .add_campaign_individuals(&add)
        .await
        .unwrap();
    assert_eq!(ack.message.as_deref(), Some("Added"));
    let r = stub.only_request();
    assert_eq!(
        (r.method.as_str(), r.path.as_str()),
        ("POST", "/v3/CampaignIndividual")
    );
    assert_eq!(r.query_names(), ["PortalId"]);
    assert_eq!(r.json()["Individuals"][0]["CampaignStatusId"], 2);
    assert_common(&r);
    assert_json_body(&r);
}

#[tokio::test]
async fn users() {
    let stub = Stub::start(Reply::fixture(200, "users.json")).await;
    let list = fast_client(&stub.base_url)
        .users(&UserQuery {
            q: Some("dana".into()),
            id: Some(71),
        })
        .await
        .unwrap();
    assert_eq!(list[0].id, 71);
    let r = stub.only_request();
    assert_eq!((r.method.as_str(), r.path.as_str()), ("GET", "/v3/User"));
    assert_eq!(r.query_names(), ["Id", "PortalId", "q"]);
    assert_common(&r);
}

#[tokio::test]
async fn create_users_uses_lower_case_path_and_an_array_body() {
    let stub = Stub::start(Reply::json(
        200,
        r#"{"UserIds":[88],"Message":"Users created"}"#,
    ))
    .await;
    let user = NewUser {
        community: vec![CommunityId { id: 11 }],
        first_name: "Lena".into(),
        last_name: "Park".into(),
        email: "lena@example.com".into(),
        time_zone_id: 11,
        send_activation_email: false,
    };
    let created = fast_client(&stub.base_url)
        .create_users(&[user])
        .await
        .unwrap();
    assert_eq!(created.user_ids, vec![88]);
    let r = stub.only_request();
    assert_eq!((r.method.as_str(), r.path.as_str()), ("POST", "/v3/user"));
    assert_eq!(r.query_names(), ["PortalId"]);
    assert!(r.json().is_array());
    assert_common(&r);
    assert_json_body(&r);
}

#[tokio::test]
async fn admission_requirements_send_no_portal() {
    let stub = Stub::start(Reply::fixture(200, "admission.json")).await;
    let list = fast_client(&stub.base_url)
        .admission_requirements(100231, 11)
        .await
        .unwrap();
    assert_eq!(list[0].admission_met_id, 44001);
    let r = stub.only_request();
    assert_eq!(
        (r.method.as_str(), r.path.as_str()),
        ("GET", "/v3/admission")
    );
    assert_eq!(r.query_names(), ["CaseId", "CommunityId"]);
    assert_common(&r);
}

#[tokio::test]
async fn update_admission_puts_to_the_id_path_without_query() {
    let stub = Stub::start(Reply::json(200, "")).await;
    let update = AdmissionUpdate {
        admission_met_id: Some(44001),
        case_id: Some(100231),
        activity_result_id: Some(383),
        is_met: Some(true),
        note: Some("Received".into()),
        activity_id: None,
    };
    fast_client(&stub.base_url)
        .update_admission(&update)
        .await
        .unwrap();
    let r = stub.only_request();
    assert_eq!(
        (r.method.as_str(), r.path.as_str()),
        ("PUT", "/v3/admission/44001")
    );
    assert!(r.query.is_empty(), "no query parameters: {:?}", r.query);
    assert_eq!(r.json()["IsMet"], true);
    assert_common(&r);
    assert_json_body(&r);
}

#[tokio::test]
async fn update_plugin() {
    let stub = Stub::start(Reply::fixture(200, "plugin.json")).await;
    let update = PluginUpdate {
        community_id: None,
        endpoint: "https://hooks.example.com/ld".into(),
    };
    let response = fast_client(&stub.base_url)
        .update_plugin(&update)
        .await
        .unwrap();
    assert_eq!(response.message, "Plugin endpoint updated");
    let r = stub.only_request();
    assert_eq!((r.method.as_str(), r.path.as_str()), ("PUT", "/v3/plugin"));
    assert_eq!(r.query_names(), ["PortalId"]);
    assert_common(&r);
    assert_json_body(&r);
}

#[tokio::test]
async fn token_then_bearer_on_later_calls() {
    let stub = Stub::start(Reply::fixture(200, "communities.json")).await;
    stub.then(Reply::fixture(200, "token.json"));
    let client = fast_client(&stub.base_url);
    let token = client.token("dana", &Secret::new("pw-123")).await.unwrap();
    assert_eq!(token.expires_in, 7200);
    client.communities().await.unwrap();
    let [token_request, later] = stub.requests().try_into().unwrap();
    assert_eq!(
        (token_request.method.as_str(), token_request.path.as_str()),
        ("POST", "/v3/user/auth/jwt/token")
    );
    assert!(token_request.query.is_empty());
    assert_eq!(
        token_request.json(),
        serde_json::json!({"username": "dana", "password": "pw-123"})
    );
    assert_common(&token_request);
    assert_json_body(&token_request);
    assert_eq!(
        later.header("authorization"),
        Some(format!("Bearer {}", token.access_token.expose()).as_str())
    );
    assert_eq!(
        later.header("ocp-apim-subscription-key"),
        Some(KEY),
        "the key is sent with the token"
    );
}

#[tokio::test]
async fn token_is_renewed_before_it_expires() {
    let stub = Stub::start(Reply::fixture(200, "communities.json")).await;
    stub.then(Reply::json(
        200,
        r#"{"access_token":"first.token.a","token_type":"Bearer","expires_in":1}"#,
    ));
    let client = fast_client(&stub.base_url);
    client.token("dana", &Secret::new("pw")).await.unwrap();
    client.communities().await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    stub.then(Reply::json(
        200,
        r#"{"access_token":"second.token.b","token_type":"Bearer","expires_in":7200}"#,
    ));
    client.communities().await.unwrap();
    let requests = stub.requests();
    let paths: Vec<&str> = requests.iter().map(|r| r.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "/v3/user/auth/jwt/token",
            "/v3/Community",
            "/v3/user/auth/jwt/token",
            "/v3/Community"
        ]
    );
    assert_eq!(
        requests[1].header("authorization"),
        Some("Bearer first.token.a")
    );
    assert_eq!(
        requests[3].header("authorization"),
        Some("Bearer second.token.b")
    );
}

#[tokio::test]
async fn a_401_with_a_token_renews_it_once_and_repeats() {
    let stub = Stub::start(Reply::fixture(200, "communities.json")).await;
    stub.then(Reply::json(
        200,
        r#"{"access_token":"old.t.a","token_type":"Bearer","expires_in":7200}"#,
    ))
    .then(Reply::json(
        401,
        r#"{"statusCode":401,"message":"Token expired"}"#,
    ))
    .then(Reply::json(
        200,
        r#"{"access_token":"new.t.b","token_type":"Bearer","expires_in":7200}"#,
    ));
    let client = fast_client(&stub.base_url);
    client.token("dana", &Secret::new("pw")).await.unwrap();
    let list = client.communities().await.unwrap();
    assert_eq!(list.len(), 2);
    let requests = stub.requests();
    assert_eq!(requests.len(), 4);
    assert_eq!(requests[3].header("authorization"), Some("Bearer new.t.b"));
}
