//! Type read and plugin update, against the sandbox.

use leasedesk::api::model::*;

use crate::support::{client, status};

#[tokio::test]
async fn type_lists_with_filters() {
    let c = client();
    let types = c
        .types(&TypeQuery::list(TypeList::ACTIVITY_TYPE))
        .await
        .unwrap();
    assert!(types.len() >= 30);
    let tour = types
        .iter()
        .find(|t| t.master_id == ActivityTypeMaster::Tour.code())
        .unwrap();
    assert_eq!(tour.name, "Tour");
    let searched = c
        .types(&TypeQuery {
            search: Some("tou".into()),
            ..TypeQuery::list(TypeList::ACTIVITY_TYPE)
        })
        .await
        .unwrap();
    assert!(searched.iter().any(|t| t.id == tour.id));
    assert!(
        searched
            .iter()
            .all(|t| t.name.to_lowercase().contains("tou"))
    );
    let one = c
        .types(&TypeQuery {
            id: Some(tour.id),
            ..TypeQuery::list(TypeList::ACTIVITY_TYPE)
        })
        .await
        .unwrap();
    assert_eq!(one.len(), 1);
    let limited = c
        .types(&TypeQuery {
            limit: Some(3),
            ..TypeQuery::list(TypeList::ACTIVITY_TYPE)
        })
        .await
        .unwrap();
    assert_eq!(limited.len(), 3);
    for list in [
        TypeList::ACTIVITY_STATUS,
        TypeList::ACTIVITY_RESULT,
        TypeList::MARKET_SOURCE,
        TypeList::CARE_GROUP,
        TypeList::FLOOR_PLAN,
    ] {
        assert!(
            !c.types(&TypeQuery::list(list)).await.unwrap().is_empty(),
            "{list}"
        );
    }
    let users = c.types(&TypeQuery::list(TypeList::USER)).await.unwrap();
    let people = c.users(&UserQuery::default()).await.unwrap();
    assert!(
        users
            .iter()
            .all(|u| people.iter().any(|p| p.id == u.id && p.name == u.name))
    );
    // A valid list the portal has no values for is empty, not an error.
    assert!(
        c.types(&TypeQuery::list(TypeList::EyeColor))
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn an_unknown_type_list_is_400() {
    let err = client()
        .types(&TypeQuery::list(TypeList::Other(999)))
        .await
        .unwrap_err();
    assert_eq!(status(&err), 400);
    assert!(err.to_string().contains("Type 999"));
    let err = client()
        .types(&TypeQuery::list(TypeList::Other(41)))
        .await
        .unwrap_err();
    assert_eq!(status(&err), 400, "41 is not in the read's numbering");
}

#[tokio::test]
async fn plugin_endpoint_accepts_only_https() {
    let c = client();
    let ok = c
        .update_plugin(&PluginUpdate {
            community_id: None,
            endpoint: "https://hooks.example.com/leasedesk".into(),
        })
        .await
        .unwrap();
    assert!(ok.message.contains("whole portal"), "{}", ok.message);
    assert!(ok.links.is_empty() && !ok.timestamp.is_empty());
    let community = c.communities().await.unwrap()[0].clone();
    let ok = c
        .update_plugin(&PluginUpdate {
            community_id: Some(community.id),
            endpoint: "https://hooks.example.com/c".into(),
        })
        .await
        .unwrap();
    assert!(ok.message.contains(&community.name));
    for (community_id, endpoint) in [
        (None, "http://hooks.example.com"),
        (None, "not a url"),
        (None, "https://"),
        (Some(99_999), "https://hooks.example.com"),
    ] {
        let err = c
            .update_plugin(&PluginUpdate {
                community_id,
                endpoint: endpoint.into(),
            })
            .await
            .unwrap_err();
        assert_eq!(status(&err), 400, "{endpoint}");
    }
}
