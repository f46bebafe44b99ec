//! Communities, units, housing contracts and transactions, against the sandbox.

use chrono::DateTime;
use leasedesk::api::model::*;

use crate::support::{client, status, unique};

fn unit(number: &str, care_group: i64) -> NewUnit {
    NewUnit {
        community_unique: "maplegrove".into(),
        care_group_id: care_group,
        floor_plan_id: None,
        name: format!("Test {number}"),
        number: number.into(),
        square_feet: Some(500.0),
        capacity: None,
        base_monthly: Some(4000.0),
        base_entrance: None,
    }
}

async fn care_group() -> i64 {
    client()
        .types(&TypeQuery::list(TypeList::CARE_GROUP))
        .await
        .unwrap()[0]
        .id
}

async fn prospect() -> i64 {
    let person = NewIndividual::new(IndividualType::Prospect, "Mover", &unique("Inn"));
    client()
        .create_individuals(vec![person])
        .await
        .unwrap()
        .individuals[0]
        .individual_id
}

fn contract(number: &str, people: &[i64]) -> HousingContractCreate {
    HousingContractCreate {
        community_name_unique: "maplegrove".into(),
        individuals: people
            .iter()
            .map(|&individual_id| ContractIndividual { individual_id })
            .collect(),
        unit_id: None,
        unit_number: Some(number.into()),
        move_out_resident: None,
        is_transfer: None,
        create_move_in_activity: None,
        is_waitlist: None,
        is_repayable: Some(true),
        move_in_date: Some(DateTime::parse_from_rfc3339("2026-11-01T00:00:00-04:00").unwrap()),
        move_out_date: None,
        entrance_fee: Some(2500.0),
        deposit: Some(1000.0),
        monthly_fee: None,
    }
}

#[tokio::test]
async fn communities_and_units() {
    let c = client();
    let communities = c.communities().await.unwrap();
    assert_eq!(communities.len(), 3);
    assert!(communities.iter().any(|x| x.name_unique == "riverside"));
    let all = c.units(&UnitQuery::default()).await.unwrap();
    assert!(all.len() >= 240, "{}", all.len());
    let riverside = communities
        .iter()
        .find(|x| x.name_unique == "riverside")
        .unwrap();
    let some = c
        .units(&UnitQuery {
            community_id: Some(riverside.id),
        })
        .await
        .unwrap();
    assert!(!some.is_empty() && some.len() < all.len());
    assert!(
        some.iter()
            .all(|u| u.community_id == riverside.id && u.capacity >= 1)
    );
    assert!(some.iter().any(|u| u.care_group == "Memory Care"));
}

#[tokio::test]
async fn create_units_and_read_them() {
    let c = client();
    let group = care_group().await;
    let n1 = unique("T");
    let n2 = unique("T");
    let mut second = unit(&n2, group);
    second.capacity = Some(2);
    let created = c
        .create_units(vec![unit(&n1, group), second])
        .await
        .unwrap();
    assert_eq!(created.unit_ids.len(), 2);
    let units = c.units(&UnitQuery::default()).await.unwrap();
    let first = units.iter().find(|u| u.id == created.unit_ids[0]).unwrap();
    assert_eq!(
        (first.number.as_str(), first.capacity),
        (n1.as_str(), 1),
        "capacity defaults to 1"
    );
    assert_eq!(first.care_group_id, group);
    assert_eq!(
        units
            .iter()
            .find(|u| u.id == created.unit_ids[1])
            .unwrap()
            .capacity,
        2
    );
    // The same number again is refused, so a re-run import cannot create it twice.
    let err = c.create_units(vec![unit(&n1, group)]).await.unwrap_err();
    assert_eq!(status(&err), 400);
    assert!(err.to_string().contains("already exists"), "{err}");
}

#[tokio::test]
async fn unit_create_errors_name_the_field_and_write_nothing() {
    let c = client();
    let group = care_group().await;
    let good = unique("G");
    let cases: Vec<(NewUnit, &str)> = vec![
        (unit("", group), "Number"),
        (
            NewUnit {
                community_unique: "atlantis".into(),
                ..unit(&unique("A"), group)
            },
            "CommunityUnique",
        ),
        (unit(&unique("B"), 99_999), "CareGroupId"),
        (
            NewUnit {
                name: "x".repeat(101),
                ..unit(&unique("C"), group)
            },
            "Name",
        ),
    ];
    for (bad, field) in cases {
        let err = c
            .create_units(vec![unit(&good, group), bad])
            .await
            .unwrap_err();
        assert_eq!(status(&err), 400);
        assert!(
            err.to_string().contains(&format!("units[1].{field}")),
            "{field}: {err}"
        );
    }
    let units = c.units(&UnitQuery::default()).await.unwrap();
    assert!(
        !units.iter().any(|u| u.number == good),
        "a refused batch writes nothing"
    );
}

#[tokio::test]
async fn a_move_in_creates_contracts_an_activity_and_transactions() {
    let c = client();
    let number = unique("M");
    let mut shared = unit(&number, care_group().await);
    shared.capacity = Some(2);
    c.create_units(vec![shared]).await.unwrap();
    let (a, b) = (prospect().await, prospect().await);
    let created = c
        .create_housing_contract(&contract(&number, &[a, b]))
        .await
        .unwrap();
    assert_eq!(
        created.housing_contract_ids.len(),
        2,
        "one contract per individual"
    );
    let mine = c
        .housing_contracts(&HousingContractQuery {
            individual_id: Some(a),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(mine.len(), 1);
    let hc = &mine[0];
    assert!(hc.active_lease && hc.is_repayable);
    assert_eq!(hc.unit_number, number);
    assert_eq!(
        hc.monthly_fee,
        Some(4000.0),
        "the monthly fee defaults to the unit's rate"
    );
    let activities = c
        .activities(&ActivityQuery {
            individual_id: Some(a),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(
        activities
            .iter()
            .any(|x| x.activity_type.as_deref() == Some("Move In"))
    );
    let tx = c
        .transactions(&TransactionQuery {
            housing_contract_id: Some(hc.id),
            ..Default::default()
        })
        .await
        .unwrap();
    let kinds: Vec<&str> = tx.iter().map(|t| t.kind.as_str()).collect();
    assert!(
        kinds.contains(&"Entrance Fee") && kinds.contains(&"Deposit") && kinds.contains(&"Rent"),
        "{kinds:?}"
    );
    assert_eq!(
        tx.iter().find(|t| t.kind == "Entrance Fee").unwrap().total,
        "$2,500.00"
    );
    let by_unit = c
        .housing_contracts(&HousingContractQuery {
            unit_id: Some(hc.unit_id),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(by_unit.len(), 2);
    // The unit is now full.
    let err = c
        .create_housing_contract(&contract(&number, &[prospect().await]))
        .await
        .unwrap_err();
    assert_eq!(status(&err), 400);
    assert!(err.to_string().contains("capacity 2"), "{err}");
    // The case's contracts, and the person is now a resident.
    let by_case = c
        .housing_contracts(&HousingContractQuery {
            case_number: Some(hc.case_number.clone()),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(by_case.iter().any(|x| x.id == hc.id));
    let case = c
        .case(&CaseQuery {
            individual_id: Some(a),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(
        case.individuals[0].individual_type_id,
        IndividualType::Resident
    );
}

#[tokio::test]
async fn a_transfer_ends_the_old_contract() {
    let c = client();
    let group = care_group().await;
    let (from, to) = (unique("F"), unique("T"));
    let units = c
        .create_units(vec![unit(&from, group), unit(&to, group)])
        .await
        .unwrap()
        .unit_ids;
    let person = prospect().await;
    let mut first = contract(&from, &[person]);
    first.create_move_in_activity = Some(false);
    c.create_housing_contract(&first).await.unwrap();
    let activities = c
        .activities(&ActivityQuery {
            individual_id: Some(person),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(
        activities.is_empty(),
        "CreateMoveInActivity false creates none"
    );
    let mut transfer = contract(&to, &[person]);
    transfer.unit_number = None;
    transfer.unit_id = Some(units[1]);
    transfer.move_out_resident = Some(true);
    transfer.is_transfer = Some(true);
    transfer.move_in_date =
        Some(DateTime::parse_from_rfc3339("2026-11-15T00:00:00-05:00").unwrap());
    c.create_housing_contract(&transfer).await.unwrap();
    let all = c
        .housing_contracts(&HousingContractQuery {
            individual_id: Some(person),
            ..Default::default()
        })
        .await
        .unwrap();
    let old = all.iter().find(|x| x.unit_id == units[0]).unwrap();
    assert!(!old.active_lease);
    assert_eq!(old.move_out_date, transfer.move_in_date);
    assert!(
        all.iter()
            .find(|x| x.unit_id == units[1])
            .unwrap()
            .active_lease
    );
    let vacated = c
        .housing_contracts(&HousingContractQuery {
            unit_id: Some(units[0]),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(
        vacated.iter().all(|x| !x.active_lease),
        "the old unit is vacant again"
    );
}

#[tokio::test]
async fn housing_contract_create_errors() {
    let c = client();
    let number = unique("E");
    c.create_units(vec![unit(&number, care_group().await)])
        .await
        .unwrap();
    let person = prospect().await;
    let check = |body: HousingContractCreate, needle: &'static str| {
        let c = c.clone();
        async move {
            let err = c.create_housing_contract(&body).await.unwrap_err();
            assert_eq!(status(&err), 400, "{needle}");
            assert!(err.to_string().contains(needle), "{needle}: {err}");
        }
    };
    check(
        HousingContractCreate {
            community_name_unique: "atlantis".into(),
            ..contract(&number, &[person])
        },
        "CommunityNameUnique",
    )
    .await;
    check(
        HousingContractCreate {
            move_in_date: None,
            ..contract(&number, &[person])
        },
        "MoveInDate",
    )
    .await;
    check(
        HousingContractCreate {
            unit_number: None,
            ..contract(&number, &[person])
        },
        "UnitId or UnitNumber",
    )
    .await;
    check(
        contract(&number, &[99_999_999]),
        "not found or is not accessible",
    )
    .await;
    check(contract("no-such-unit", &[person]), "UnitNumber").await;
    assert!(
        c.housing_contracts(&HousingContractQuery {
            individual_id: Some(person),
            ..Default::default()
        })
        .await
        .unwrap()
        .is_empty()
    );
}

#[tokio::test]
async fn transaction_read_errors() {
    let c = client();
    let err = c
        .transactions(&TransactionQuery::default())
        .await
        .unwrap_err();
    assert_eq!(status(&err), 400);
    let number = unique("N");
    let id = c
        .create_units(vec![unit(&number, care_group().await)])
        .await
        .unwrap()
        .unit_ids[0];
    let err = c
        .transactions(&TransactionQuery {
            unit_id: Some(id),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(status(&err), 404);
    let raw = crate::support::raw()
        .get(crate::support::url(&format!(
            "/v3/Transaction/?PortalId={}&UnitId=abc",
            crate::support::target().portal
        )))
        .header("Ocp-Apim-Subscription-Key", &crate::support::target().key)
        .send()
        .await
        .unwrap();
    assert_eq!(raw.status(), 400);
}
