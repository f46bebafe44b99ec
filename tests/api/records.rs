//! Every response record decoded from JSON written by hand from the spec's field tables.

use chrono::{Datelike, Timelike};
use leasedesk::api::model::*;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::fixture_value;

fn decode<T: DeserializeOwned>(value: Value) -> T {
    serde_json::from_value(value).unwrap_or_else(|e| panic!("{e}"))
}

/// The fixture with the object at `pointer` given one more field the spec does not list.
fn with_unknown_field(mut value: Value, pointer: &str) -> Value {
    let object = value
        .pointer_mut(pointer)
        .and_then(Value::as_object_mut)
        .expect("object at pointer");
    object.insert(
        "FieldFromTheFuture".into(),
        serde_json::json!({"nested": [1, 2, 3]}),
    );
    value
}

/// The fixture with `field` removed from the object at `pointer`.
fn without_field(mut value: Value, pointer: &str, field: &str) -> Value {
    let object = value
        .pointer_mut(pointer)
        .and_then(Value::as_object_mut)
        .expect("object at pointer");
    assert!(
        object.remove(field).is_some(),
        "{field} was not in the fixture"
    );
    value
}

#[test]
fn search_response() {
    let response: SearchResponse = decode(fixture_value("search.json"));
    assert_eq!(response.total, 2);
    assert_eq!(
        response.tenant,
        Tenant {
            user_id: 71,
            company_id: 4200
        }
    );
    let first = &response.cases[0];
    assert_eq!(first.primary.case_number, "C-100231");
    assert_eq!(first.primary.individual_type_id, IndividualType::Prospect);
    assert_eq!(first.primary.home_phone_format, "(614) 555-0142");
    assert_eq!(first.primary.best_phone(), "(614) 555-0142");
    assert_eq!(
        first.primary.date_created.offset().local_minus_utc(),
        -5 * 3600
    );
    assert_eq!(first.primary.date_created.timestamp_subsec_millis(), 123);
    assert_eq!(first.primary.communities[0].name_unique, "maplegrove");
    assert_eq!(
        first.primary.communities[0].color.as_deref(),
        Some("#2E7D32")
    );
    assert_eq!(first.primary.relationship_type, None);
    let son = &first.relationships[0];
    assert_eq!(son.relationship_type_id, Some(4));
    assert_eq!(son.relationship_type.as_deref(), Some("Son"));
    assert_eq!(son.email.as_deref(), Some("rob.ellison@example.com"));
    assert_eq!(son.best_phone(), "(614) 555-0199");
    assert_eq!(
        response.cases[1].primary.individual_type_id,
        IndividualType::Resident
    );
    assert_eq!(response.cases[1].primary.community_count, 2);
}

#[test]
fn search_response_tolerates_absent_email_and_extra_fields() {
    let value = without_field(
        fixture_value("search.json"),
        "/Cases/0/Relationships/0",
        "Email",
    );
    let value = with_unknown_field(value, "/Cases/0/Primary");
    let value = with_unknown_field(value, "");
    let response: SearchResponse = decode(value);
    assert_eq!(response.cases[0].relationships[0].email, None);
}

#[test]
fn a_case_that_cannot_be_read_is_skipped_and_named() {
    let mut value = fixture_value("search.json");
    let first = value["Cases"][0]["Primary"]["IndividualId"].clone();
    value["Cases"][1]["Primary"]["DateCreated"] = Value::String("yesterday".into());
    let response: SearchResponse = decode(value);
    assert_eq!(response.cases.unreadable.len(), 1);
    assert_eq!(response.cases.unreadable[0].path, "[1].Primary.DateCreated");
    assert_eq!(
        serde_json::json!(response.cases[0].primary.individual_id),
        first
    );
}

#[test]
fn absurd_and_offsetless_timestamps() {
    let mut value = fixture_value("search.json");
    value["Cases"][0]["Primary"]["DateCreated"] = Value::String("+262142-12-31T23:30:00Z".into());
    let response: SearchResponse = decode(value);
    assert_eq!(response.cases.unreadable.len(), 1, "year 262142 is refused");
    let mut value = fixture_value("search.json");
    value["Cases"][0]["Primary"]["DateCreated"] = Value::String("2026-11-22T10:00:00".into());
    let response: SearchResponse =
        leasedesk::api::model::stamp::reading_in(Some(chrono_tz::Tz::America__Chicago), || {
            decode(value)
        });
    assert_eq!(
        response.cases[0].primary.date_created.to_rfc3339(),
        "2026-11-22T10:00:00-06:00",
        "read in the API user's zone"
    );
}

#[test]
fn unknown_individual_type_code_is_kept() {
    let mut value = fixture_value("search.json");
    value["Cases"][0]["Primary"]["IndividualTypeId"] = 9.into();
    let response: SearchResponse = decode(value);
    assert_eq!(
        response.cases[0].primary.individual_type_id,
        IndividualType::Other(9)
    );
}

#[test]
fn case_record() {
    let case: Case = decode(fixture_value("case.json"));
    assert_eq!(case.case_number, "C-100231");
    assert_eq!(case.primary_individual_id, 5001);
    assert!(case.individuals[0].primary_individual);
    assert_eq!(case.individuals[0].relationship_type_id, None);
    assert_eq!(
        case.individuals[1].relationship_type.as_deref(),
        Some("Son")
    );
    assert_eq!(
        case.individuals[1].individual_type_id,
        IndividualType::Contact
    );
    let _: Case = decode(with_unknown_field(
        fixture_value("case.json"),
        "/Individuals/1",
    ));
}

#[test]
fn activity_records() {
    let activities: Vec<Activity> = decode(fixture_value("activities.json"));
    let tour = &activities[0];
    assert_eq!(tour.id, 880001);
    assert_eq!(tour.activity_type.as_deref(), Some("Tour"));
    assert_eq!(tour.community.name_unique, "maplegrove");
    assert_eq!(tour.due_date.hour(), 10);
    assert_eq!(tour.due_date.offset().local_minus_utc(), -5 * 3600);
    assert!(tour.overdue && !tour.completed);
    assert_eq!(tour.date_completed, None);
    let call = &activities[1];
    assert!(call.all_day && call.completed && call.reinquiry && call.is_activity_history);
    assert_eq!(call.date_completed.unwrap().day(), 3);
    assert_eq!(call.result_id, 381);
    assert_eq!(call.result_name, "Spoke with prospect");
}

#[test]
fn activity_without_optional_fields() {
    let value = without_field(fixture_value("activities.json"), "/0", "ActivityType");
    let value = without_field(value, "/0", "DateUpdated");
    let value = with_unknown_field(value, "/0/Community");
    let activities: Vec<Activity> = decode(value);
    assert_eq!(activities[0].activity_type, None);
    assert_eq!(activities[0].date_updated, None);
}

#[test]
fn housing_contract_records() {
    let contracts: Vec<HousingContract> = decode(fixture_value("housing_contracts.json"));
    let c = &contracts[0];
    assert_eq!((c.id, c.unit_id, c.capacity), (30017, 2104, 2));
    assert_eq!(c.unit_number, "104");
    assert_eq!(c.square_foot, 612.5);
    assert_eq!(c.base_monthly, 4850.0);
    assert_eq!(c.monthly_fee, Some(4700.0));
    assert_eq!(c.care_group, "Assisted Living");
    assert!(!c.active_lease && c.is_repayable);
    assert_eq!(
        c.move_out_date.unwrap().offset().local_minus_utc(),
        -4 * 3600
    );
    let value = without_field(fixture_value("housing_contracts.json"), "/0", "MoveOutDate");
    let value = without_field(value, "/0", "MonthlyFee");
    let value = without_field(value, "/0", "DateUpdated");
    let contracts: Vec<HousingContract> = decode(with_unknown_field(value, "/0"));
    assert_eq!(
        (
            contracts[0].move_out_date,
            contracts[0].monthly_fee,
            contracts[0].date_updated
        ),
        (None, None, None)
    );
}

#[test]
fn transaction_records() {
    let tx: Vec<Transaction> = decode(with_unknown_field(fixture_value("transactions.json"), "/0"));
    assert_eq!(tx[0].kind, "Charge");
    assert_eq!(tx[0].amount, 2500.0);
    assert_eq!(tx[0].total, "$2,500.00");
    assert_eq!((tx[0].housing_contract_id, tx[0].unit_id), (30017, 2104));
}

#[test]
fn type_records() {
    let types: Vec<TypeRecord> = decode(with_unknown_field(fixture_value("types.json"), "/1"));
    assert_eq!(types.len(), 2);
    assert_eq!(
        (types[0].id, types[0].master_id, types[0].sort_order),
        (701, 11, 4)
    );
    assert_eq!(types[1].master_name, "Call Out");
    assert_eq!(types[0].user_full_name, "System Administrator");
}

#[test]
fn campaign_records() {
    let campaigns: Vec<Campaign> =
        decode(with_unknown_field(fixture_value("campaigns.json"), "/0"));
    assert_eq!(campaigns[0].name, "Holiday open house 2026");
    assert!(campaigns[0].is_active && !campaigns[1].is_active);
    assert_eq!(campaigns[1].company_id, 4200);
}

#[test]
fn campaign_individual_records() {
    let members: Vec<CampaignIndividual> = decode(fixture_value("campaign_individuals.json"));
    let m = &members[0];
    assert_eq!(
        m.individual_id, 5001,
        "IndividualId arrives as a string of digits"
    );
    assert_eq!(m.status(), Some(CampaignStatus::Rsvp));
    assert_eq!(m.home.as_deref(), Some("(614) 555-0142"));
    assert_eq!(m.kind, "Prospect");
    assert_eq!(m.case_id, 100231);
    let value = without_field(fixture_value("campaign_individuals.json"), "/0", "Home");
    let value = without_field(value, "/0", "RelationshipType");
    let members: Vec<CampaignIndividual> = decode(with_unknown_field(value, "/0"));
    assert_eq!(
        (
            members[0].home.clone(),
            members[0].relationship_type.clone()
        ),
        (None, None)
    );
    let mut bad = fixture_value("campaign_individuals.json");
    bad[0]["IndividualId"] = "50x1".into();
    assert!(serde_json::from_value::<Vec<CampaignIndividual>>(bad).is_err());
    // Written back as a string, as the service carries it.
    assert_eq!(
        serde_json::to_value(&members[0]).unwrap()["IndividualId"],
        "5001"
    );
}

#[test]
fn address_records() {
    let addresses: Vec<Address> = decode(fixture_value("addresses.json"));
    assert_eq!(addresses[0].kind, "Primary");
    assert_eq!(addresses[0].address_line2.as_deref(), Some("Apt 3"));
    assert_eq!(addresses[0].state, "OH");
    let value = without_field(fixture_value("addresses.json"), "/0", "AddressLine2");
    let addresses: Vec<Address> = decode(with_unknown_field(value, "/0"));
    assert_eq!(addresses[0].address_line2, None);
}

#[test]
fn user_records() {
    let users: Vec<User> = decode(fixture_value("users.json"));
    assert_eq!(users[0].email, "dana.whitfield@maplegrove.example");
    assert_eq!(users[0].last_login_date.unwrap().minute(), 58);
    let value = without_field(fixture_value("users.json"), "/0", "LastLoginDate");
    let users: Vec<User> = decode(with_unknown_field(value, "/0"));
    assert_eq!(users[0].last_login_date, None);
}

#[test]
fn admission_requirement_records() {
    let reqs: Vec<AdmissionRequirement> =
        decode(with_unknown_field(fixture_value("admission.json"), "/0"));
    let r = &reqs[0];
    assert_eq!(r.admission_met_id, 44001);
    assert!(r.is_met && !r.dismiss);
    assert_eq!(r.activity_result_name, "Received");
    assert_eq!(
        r.type_select[1],
        TypeSelectOption {
            value: 384,
            label: "Pending".into()
        }
    );
}

#[test]
fn community_records() {
    let communities: Vec<Community> =
        decode(with_unknown_field(fixture_value("communities.json"), "/1"));
    assert_eq!(communities[1].name_unique, "riverside");
    assert_eq!(communities[0].abbreviation, None);
}

#[test]
fn unit_records() {
    let units: Vec<Unit> = decode(fixture_value("units.json"));
    assert_eq!(units[0].number, "104");
    assert_eq!(units[0].capacity, 2);
    assert_eq!(units[0].floor_plan.as_deref(), Some("One Bedroom"));
    assert_eq!(units[0].base_entrance, Some(2500.0));
    let value = without_field(fixture_value("units.json"), "/0", "FloorPlanId");
    let value = without_field(value, "/0", "SquareFeet");
    let units: Vec<Unit> = decode(with_unknown_field(value, "/0"));
    assert_eq!((units[0].floor_plan_id, units[0].square_feet), (None, None));
}

#[test]
fn write_responses() {
    let created: HousingContractsCreated = decode(fixture_value("housing_contract_created.json"));
    assert_eq!(created.housing_contract_ids, vec![30101, 30102]);
    let units: UnitsCreated = decode(with_unknown_field(fixture_value("units_created.json"), ""));
    assert_eq!(units.unit_ids, vec![2301, 2302]);
    assert_eq!(units.message, "Units created");
    let plugin: PluginResponse = decode(with_unknown_field(fixture_value("plugin.json"), ""));
    assert_eq!(plugin.message, "Plugin endpoint updated");
    assert!(plugin.links.is_empty());
}

#[test]
fn token_response_hides_the_token_in_debug() {
    let token: TokenResponse = decode(with_unknown_field(fixture_value("token.json"), ""));
    assert_eq!(token.token_type, "Bearer");
    assert_eq!(token.expires_in, 7200);
    assert!(token.access_token.expose().starts_with("eyJ"));
    assert!(!format!("{token:?}").contains("eyJ"));
}
