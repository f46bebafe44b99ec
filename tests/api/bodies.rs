//! Every request body encoded and compared key by key with the names the spec lists.

use chrono::DateTime;
use leasedesk::api::Secret;
use leasedesk::api::model::*;
use serde_json::{Value, json};

fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort();
    keys
}

fn sorted(mut names: Vec<&str>) -> Vec<&str> {
    names.sort();
    names
}

fn ts(text: &str) -> Timestamp {
    DateTime::parse_from_rfc3339(text).unwrap()
}

#[test]
fn individual_create_body() {
    let mut person = NewIndividual::new(IndividualType::ReferralSource, "Ada", "Lovelace");
    person.set("email", "ada@example.com");
    person.integrationid = Some("crm-77".into());
    person.communitymerge = Some(true);
    person.communities = Some(vec![CommunityRef {
        name_unique: "maplegrove".into(),
    }]);
    person.relationship = Some("Daughter".into());
    person.activities = Some(vec![NewIndividualActivity {
        re_inquiry: Some(false),
        description: Some("Web inquiry".into()),
        activity_status_id: Some(601),
        activity_result_id: Some(381),
        activity_type_master_id: Some(1),
    }]);
    person.addresses = Some(vec![NewAddress {
        address_line1: "1 Main St".into(),
        address_line2: Some("Suite 2".into()),
        city: "Columbus".into(),
        state: "OH".into(),
        postal_code: "43215".into(),
    }]);
    person.notes = Some(vec![Note {
        message: "Prefers mornings".into(),
    }]);
    let body = serde_json::to_value(IndividualCreateRequest {
        individuals: vec![person],
    })
    .unwrap();
    assert_eq!(keys(&body), ["individuals"]);
    let p = &body["individuals"][0];
    assert_eq!(
        keys(p),
        sorted(vec![
            "properties",
            "integrationid",
            "communitymerge",
            "communities",
            "relationship",
            "activities",
            "addresses",
            "notes"
        ])
    );
    assert_eq!(
        p["properties"],
        json!([
            {"property": "type", "value": "Referral"},
            {"property": "firstname", "value": "Ada"},
            {"property": "lastname", "value": "Lovelace"},
            {"property": "email", "value": "ada@example.com"}
        ])
    );
    assert_eq!(keys(&p["communities"][0]), ["NameUnique"]);
    assert_eq!(
        keys(&p["activities"][0]),
        sorted(vec![
            "reInquiry",
            "description",
            "activityStatusId",
            "activityResultId",
            "activityTypeMasterId"
        ])
    );
    assert_eq!(
        keys(&p["addresses"][0]),
        sorted(vec![
            "AddressLine1",
            "AddressLine2",
            "City",
            "State",
            "PostalCode"
        ])
    );
    assert_eq!(p["notes"], json!([{"Message": "Prefers mornings"}]));
    // Only the required part when nothing optional is set.
    let bare =
        serde_json::to_value(NewIndividual::new(IndividualType::Prospect, "A", "B")).unwrap();
    assert_eq!(keys(&bare), ["properties"]);
}

#[test]
fn activity_create_body() {
    let mut a = NewActivity::new(711, ts("2026-11-21T10:00:00-05:00"));
    a.individual_id = Some(5001);
    a.case_number = Some("C-100231".into());
    a.assigned_user_id = Some(71);
    a.all_day = Some(false);
    a.end = Some(ts("2026-11-21T11:00:00-05:00"));
    a.date_completed = Some(ts("2026-11-21T11:05:00-05:00"));
    a.market_source_id = Some(401);
    a.market_source = Some("Website".into());
    a.re_inquiry = Some(true);
    a.campaign_id = Some(61);
    a.description = Some("Tour".into());
    a.notes = Some(vec![Note {
        message: "Brought daughter".into(),
    }]);
    a.communities = Some(vec![CommunityRef {
        name_unique: "maplegrove".into(),
    }]);
    a.activity_type_master_id = Some(11);
    a.activity_status_id = Some(603);
    a.activity_status_master_id = Some(3);
    a.activity_result_id = Some(381);
    let body = serde_json::to_value(ActivityCreateRequest {
        activities: vec![a],
    })
    .unwrap();
    assert_eq!(keys(&body), ["activities"]);
    let a = &body["activities"][0];
    assert_eq!(
        keys(a),
        sorted(vec![
            "activityTypeId",
            "start",
            "individualId",
            "caseNumber",
            "assignedUserId",
            "allday",
            "end",
            "datecompleted",
            "marketSourceId",
            "marketSource",
            "reInquiry",
            "campaignId",
            "description",
            "notes",
            "communities",
            "activityTypeMasterId",
            "activityStatusId",
            "activityStatusMasterId",
            "activityResultId",
        ])
    );
    assert_eq!(
        a["start"], "2026-11-21T10:00:00-05:00",
        "timestamps are written with their offset"
    );
    assert_eq!(a["notes"][0], json!({"Message": "Brought daughter"}));
    let bare = serde_json::to_value(NewActivity::new(7, ts("2026-11-21T10:00:00Z"))).unwrap();
    assert_eq!(keys(&bare), ["activityTypeId", "start"]);
}

#[test]
fn unit_create_body() {
    let unit = NewUnit {
        community_unique: "maplegrove".into(),
        care_group_id: 1401,
        floor_plan_id: Some(1102),
        name: "".into(),
        number: "12B".into(),
        square_feet: Some(540.0),
        capacity: Some(2),
        base_monthly: Some(4100.0),
        base_entrance: Some(2000.0),
    };
    let body = serde_json::to_value(UnitCreateRequest { units: vec![unit] }).unwrap();
    assert_eq!(keys(&body), ["units"]);
    assert_eq!(
        keys(&body["units"][0]),
        sorted(vec![
            "CommunityUnique",
            "CareGroupId",
            "FloorPlanId",
            "Name",
            "Number",
            "SquareFeet",
            "Capacity",
            "BaseMonthly",
            "BaseEntrance"
        ])
    );
    assert_eq!(body["units"][0]["Number"], "12B");
    // The spec allows a number too; it is read as text.
    let parsed: NewUnit = serde_json::from_value(
        json!({"CommunityUnique": "x", "CareGroupId": 1, "Name": "", "Number": 104}),
    )
    .unwrap();
    assert_eq!(parsed.number, UnitNumber("104".into()));
}

#[test]
fn housing_contract_create_body() {
    let body = HousingContractCreate {
        community_name_unique: "maplegrove".into(),
        individuals: vec![
            ContractIndividual {
                individual_id: 5001,
            },
            ContractIndividual {
                individual_id: 5002,
            },
        ],
        unit_id: Some(2104),
        unit_number: Some("104".into()),
        move_out_resident: Some(true),
        is_transfer: Some(true),
        create_move_in_activity: Some(false),
        is_waitlist: Some(false),
        is_repayable: Some(true),
        move_in_date: Some(ts("2026-12-01T00:00:00-05:00")),
        move_out_date: Some(ts("2027-12-01T00:00:00-05:00")),
        entrance_fee: Some(2500.0),
        deposit: Some(1000.0),
        monthly_fee: Some(4700.0),
    };
    let v = serde_json::to_value(&body).unwrap();
    assert_eq!(
        keys(&v),
        sorted(vec![
            "CommunityNameUnique",
            "individuals",
            "UnitId",
            "UnitNumber",
            "MoveOutResident",
            "IsTransfer",
            "CreateMoveInActivity",
            "IsWaitlist",
            "IsRepayable",
            "MoveInDate",
            "MoveOutDate",
            "EntranceFee",
            "Deposit",
            "MonthlyFee",
        ])
    );
    assert_eq!(
        v["individuals"],
        json!([{"IndividualId": 5001}, {"IndividualId": 5002}])
    );
    assert_eq!(v["MoveInDate"], "2026-12-01T00:00:00-05:00");
}

#[test]
fn campaign_individual_add_body() {
    let add = CampaignIndividualAdd {
        campaign_id: 61,
        individuals: vec![CampaignMember {
            individual_id: 5001,
            campaign_status_id: CampaignStatus::Attended,
        }],
    };
    let v = serde_json::to_value(&add).unwrap();
    assert_eq!(
        v,
        json!({"CampaignId": 61, "Individuals": [{"IndividualId": 5001, "CampaignStatusId": 3}]})
    );
}

#[test]
fn user_create_body() {
    let users = vec![NewUser {
        community: vec![CommunityId { id: 11 }, CommunityId { id: 12 }],
        first_name: "Lena".into(),
        last_name: "Park".into(),
        email: "lena.park@example.com".into(),
        time_zone_id: 11,
        send_activation_email: true,
    }];
    let v = serde_json::to_value(&users).unwrap();
    assert!(v.is_array(), "the user create body is an array");
    assert_eq!(
        keys(&v[0]),
        sorted(vec![
            "Community",
            "FirstName",
            "LastName",
            "Email",
            "TimeZoneId",
            "SendActivationEmail"
        ])
    );
    assert_eq!(v[0]["Community"], json!([{"Id": 11}, {"Id": 12}]));
}

#[test]
fn admission_update_body() {
    let update = AdmissionUpdate {
        admission_met_id: Some(44001),
        case_id: Some(100231),
        activity_result_id: Some(383),
        is_met: Some(true),
        note: Some("Report received by fax".into()),
        activity_id: Some(880050),
    };
    let v = serde_json::to_value(&update).unwrap();
    assert_eq!(
        keys(&v),
        sorted(vec![
            "AdmissionMetId",
            "CaseId",
            "ActivityResultId",
            "IsMet",
            "Note",
            "ActivityId"
        ])
    );
}

#[test]
fn plugin_update_body() {
    let v = serde_json::to_value(PluginUpdate {
        community_id: Some(11),
        endpoint: "https://hooks.example.com/ld".into(),
    })
    .unwrap();
    assert_eq!(
        v,
        json!({"CommunityId": 11, "Endpoint": "https://hooks.example.com/ld"})
    );
    let portal_wide = serde_json::to_value(PluginUpdate {
        community_id: None,
        endpoint: "https://x.example".into(),
    })
    .unwrap();
    assert_eq!(keys(&portal_wide), ["Endpoint"]);
    // The spec allows null.
    let parsed: PluginUpdate =
        serde_json::from_value(json!({"CommunityId": null, "Endpoint": "https://x"})).unwrap();
    assert_eq!(parsed.community_id, None);
}

#[test]
fn token_request_body() {
    let v = serde_json::to_value(TokenRequest {
        username: "dana".into(),
        password: Secret::new("pw"),
    })
    .unwrap();
    assert_eq!(v, json!({"username": "dana", "password": "pw"}));
    let debug = format!(
        "{:?}",
        TokenRequest {
            username: "dana".into(),
            password: Secret::new("s3cret-pw")
        }
    );
    assert!(!debug.contains("s3cret-pw"));
}

#[test]
fn query_structs_use_wire_names() {
    let q = SearchQuery {
        list_id: Some(3),
        page_number: Some(2),
        page_size: Some(50),
        q: Some("ell".into()),
        first_name: Some("Margaret".into()),
        last_name: Some("Ellison".into()),
        individual_type_id: Some(IndividualType::PreLead),
    };
    let text = serde_urlencoded::to_string(&q).unwrap();
    assert_eq!(
        text,
        "ListId=3&PageNumber=2&PageSize=50&q=ell&FirstName=Margaret&LastName=Ellison&IndividualTypeId=6"
    );
}
