//! Search, Case read, Individual create and Address read, against the sandbox.

use leasedesk::api::model::*;

use crate::support::{client, local_only, status, target, unique};

fn prospect(first: &str, last: &str) -> NewIndividual {
    NewIndividual::new(IndividualType::Prospect, first, last)
}

#[tokio::test]
async fn default_search_pages_4000_cases_and_names_the_tenant() {
    let found = client().search(&SearchQuery::default()).await.unwrap();
    assert!(
        found.total > 1000,
        "the demo portal has over a thousand cases, got {}",
        found.total
    );
    assert_eq!(found.cases.len() as i64, found.total.min(4000));
    assert_eq!(found.tenant.company_id, target().portal);
    assert!(found.cases.iter().all(|c| c.primary.primary_individual));
}

#[tokio::test]
async fn search_by_q_matches_name_email_and_phone_case_insensitively() {
    let c = client();
    let page = c
        .search(&SearchQuery {
            page_size: Some(50),
            ..Default::default()
        })
        .await
        .unwrap();
    let someone = page
        .cases
        .iter()
        .map(|c| &c.primary)
        .find(|p| !p.home_phone_format.is_empty())
        .unwrap()
        .clone();
    let by_last = c
        .search(&SearchQuery {
            q: Some(someone.last_name.to_uppercase()),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(
        by_last
            .cases
            .iter()
            .any(|k| k.primary.individual_id == someone.individual_id)
    );
    assert!(by_last.cases.iter().all(|k| {
        std::iter::once(&k.primary)
            .chain(&k.relationships)
            .any(|p| {
                p.last_name.eq_ignore_ascii_case(&someone.last_name)
                    || p.first_name
                        .to_lowercase()
                        .starts_with(&someone.last_name.to_lowercase())
            })
    }));
    let digits: String = someone
        .home_phone_format
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let by_phone = c
        .search(&SearchQuery {
            q: Some(digits),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(
        by_phone
            .cases
            .iter()
            .any(|k| k.primary.individual_id == someone.individual_id)
    );
    let by_formatted = c
        .search(&SearchQuery {
            q: Some(someone.home_phone_format.clone()),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(
        by_formatted
            .cases
            .iter()
            .any(|k| k.primary.individual_id == someone.individual_id)
    );
}

#[tokio::test]
async fn search_filters_and_pages() {
    let c = client();
    let residents = c
        .search(&SearchQuery {
            individual_type_id: Some(IndividualType::Resident),
            page_size: Some(20),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(residents.total > 100);
    assert_eq!(residents.cases.len(), 20);
    let second = c
        .search(&SearchQuery {
            individual_type_id: Some(IndividualType::Resident),
            page_size: Some(20),
            page_number: Some(2),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(second.total, residents.total);
    let first_ids: Vec<i64> = residents
        .cases
        .iter()
        .map(|c| c.primary.individual_id)
        .collect();
    assert!(
        second
            .cases
            .iter()
            .all(|c| !first_ids.contains(&c.primary.individual_id)),
        "pages do not overlap"
    );
    let name = residents.cases[0].primary.first_name.clone();
    let by_first = c
        .search(&SearchQuery {
            first_name: Some(name.clone()),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(by_first.total >= 1);
    assert!(by_first.cases.iter().all(|k| {
        std::iter::once(&k.primary)
            .chain(&k.relationships)
            .any(|p| p.first_name.starts_with(&name))
    }));
    let err = c
        .search(&SearchQuery {
            page_size: Some(-5),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(status(&err), 400);
    assert!(err.to_string().contains("PageSize"));
}

#[tokio::test]
async fn search_by_list_and_invalid_list_ids() {
    let c = client();
    let err = c
        .search(&SearchQuery {
            list_id: Some(987_654),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(status(&err), 400, "{err}");
    assert!(err.to_string().contains("ListId"));
    let err = c
        .search(&SearchQuery {
            list_id: Some(-1),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(status(&err), 400);
    let _ = local_only!();
    // The demo portal's first saved list is "Hot prospects".
    let listed = c
        .search(&SearchQuery {
            list_id: Some(1),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(listed.total > 0 && listed.total < 500, "{}", listed.total);
}

#[tokio::test]
async fn create_an_individual_and_find_it() {
    let c = client();
    let last = unique("Quillfeather");
    let mut person = prospect("Winifred", &last);
    person.set("email", &format!("{}@example.org", last.to_lowercase()));
    person.set("homephone", "(614) 555-0199");
    person.communities = Some(vec![CommunityRef {
        name_unique: "maplegrove".into(),
    }]);
    person.addresses = Some(vec![NewAddress {
        address_line1: "12 Orchard Row".into(),
        address_line2: None,
        city: "Columbus".into(),
        state: "OH".into(),
        postal_code: "43215".into(),
    }]);
    person.notes = Some(vec![Note {
        message: "Asked about two-bedroom units".into(),
    }]);
    person.activities = Some(vec![NewIndividualActivity {
        description: Some("Web inquiry".into()),
        activity_type_master_id: Some(ActivityTypeMaster::WebForm.code()),
        ..Default::default()
    }]);
    let mut daughter = NewIndividual::new(IndividualType::Contact, "Ivy", &last);
    daughter.relationship = Some("Daughter".into());
    let created = c.create_individuals(vec![person, daughter]).await.unwrap();
    assert_eq!(created.individuals.len(), 2);
    assert!(!created.individuals[0].merged);
    assert_eq!(
        created.individuals[0].case_number, created.individuals[1].case_number,
        "the contact joins the case"
    );
    let id = created.individuals[0].individual_id;

    let found = c
        .search(&SearchQuery {
            q: Some(last.clone()),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(found.total, 1);
    let case = &found.cases[0];
    assert_eq!(case.primary.individual_id, id);
    assert_eq!(case.primary.communities[0].name_unique, "maplegrove");
    assert_eq!(
        case.relationships[0].relationship_type.as_deref(),
        Some("Daughter")
    );

    let addresses = c
        .addresses(&AddressQuery {
            individual_id: Some(id),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(addresses[0].address_line1, "12 Orchard Row");
    assert_eq!(addresses[0].kind, "Primary");
    let activities = c
        .activities(&ActivityQuery {
            individual_id: Some(id),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(activities.len(), 1);
    assert_eq!(activities[0].activity_type.as_deref(), Some("Web Form"));

    let case = c
        .case(&CaseQuery {
            individual_id: Some(id),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(case.primary_individual_id, id);
    assert_eq!(case.individuals.len(), 2);
    let again = c
        .case(&CaseQuery {
            case_number: Some(case.case_number.clone()),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(again, case);
}

#[tokio::test]
async fn a_matching_email_merges_unless_communitymerge() {
    let c = client();
    let last = unique("Merriweather");
    let email = format!("{}@example.net", last.to_lowercase());
    let mut first = prospect("Otis", &last);
    first.set("email", &email);
    let a = c
        .create_individuals(vec![first.clone()])
        .await
        .unwrap()
        .individuals[0]
        .clone();
    let mut same = prospect("Otis", &last);
    same.set("email", &email.to_uppercase());
    let b = c
        .create_individuals(vec![same.clone()])
        .await
        .unwrap()
        .individuals[0]
        .clone();
    assert!(b.merged);
    assert_eq!(a.individual_id, b.individual_id);
    same.communitymerge = Some(true);
    let d = c.create_individuals(vec![same]).await.unwrap().individuals[0].clone();
    assert!(!d.merged);
    assert_ne!(d.individual_id, a.individual_id);
}

#[tokio::test]
async fn individual_create_validates_type_names_and_communities() {
    let c = client();
    let mut no_last = NewIndividual::default();
    no_last.set("type", "Prospect");
    no_last.set("firstname", "Solo");
    let err = c.create_individuals(vec![no_last]).await.unwrap_err();
    assert_eq!(status(&err), 400);
    assert!(err.to_string().contains("lastname"), "{err}");
    let mut bad_type = prospect("A", "B");
    bad_type.set("type", "Customer");
    let err = c.create_individuals(vec![bad_type]).await.unwrap_err();
    assert!(err.to_string().contains("Customer"), "{err}");
    let mut bad_community = prospect("A", &unique("Nowhere"));
    bad_community.communities = Some(vec![CommunityRef {
        name_unique: "atlantis".into(),
    }]);
    let err = c.create_individuals(vec![bad_community]).await.unwrap_err();
    assert!(err.to_string().contains("atlantis"), "{err}");
    // Nothing of a refused request is written.
    let mut good = prospect("Kept", &unique("Halfway"));
    good.set("email", "kept@example.com");
    let last = good.get("lastname").unwrap().to_owned();
    let mut bad = prospect("B", "C");
    bad.set("email", "not-an-email");
    assert_eq!(
        status(&c.create_individuals(vec![good, bad]).await.unwrap_err()),
        400
    );
    assert_eq!(
        c.search(&SearchQuery {
            q: Some(last),
            ..Default::default()
        })
        .await
        .unwrap()
        .total,
        0
    );
}

#[tokio::test]
async fn case_read_errors() {
    let c = client();
    let err = c.case(&CaseQuery::default()).await.unwrap_err();
    assert_eq!(status(&err), 400);
    let err = c
        .case(&CaseQuery {
            case_number: Some("99999999".into()),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(status(&err), 404);
    let err = c
        .case(&CaseQuery {
            individual_id: Some(99_999_999),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(status(&err), 404);
}

#[tokio::test]
async fn address_read_needs_an_id() {
    let err = client()
        .addresses(&AddressQuery::default())
        .await
        .unwrap_err();
    assert_eq!(status(&err), 400);
    let none = client()
        .addresses(&AddressQuery {
            address_id: Some(99_999_999),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(none.is_empty());
}
