//! Users and the token operation, against the sandbox.

use leasedesk::api::model::*;
use leasedesk::api::{ApiError, Secret};

use crate::support::{client, client_for, local_only, start_local, status, unique};

fn new_user(email: &str) -> NewUser {
    NewUser {
        community: vec![CommunityId { id: 1 }],
        first_name: "Lena".into(),
        last_name: "Park".into(),
        email: email.into(),
        time_zone_id: 1,
        send_activation_email: true,
    }
}

#[tokio::test]
async fn search_users_by_name_email_and_id() {
    let c = client();
    let all = c.users(&UserQuery::default()).await.unwrap();
    assert!(all.len() >= 5);
    let dana = all.iter().find(|u| u.name == "Dana Whitfield").unwrap();
    assert!(dana.last_login_date.is_some());
    let by_email = c
        .users(&UserQuery {
            q: Some("WHITFIELD@".into()),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(by_email.len(), 1);
    let by_id = c
        .users(&UserQuery {
            q: Some(dana.id.to_string()),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(by_id.iter().any(|u| u.id == dana.id));
}

#[tokio::test]
async fn create_users() {
    let c = client();
    let community = c.communities().await.unwrap()[0].id;
    let email = format!("{}@example.com", unique("lena").to_lowercase());
    let user = NewUser {
        community: vec![CommunityId { id: community }],
        ..new_user(&email)
    };
    let created = c.create_users(std::slice::from_ref(&user)).await.unwrap();
    assert_eq!(created.user_ids.len(), 1);
    let found = c
        .users(&UserQuery {
            q: Some(email.clone()),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(found[0].name, "Lena Park");
    assert_eq!(found[0].last_login_date, None);
    let err = c.create_users(&[user]).await.unwrap_err();
    assert!(err.to_string().contains("already used"), "{err}");
    for (bad, needle) in [
        (
            NewUser {
                email: "nope".into(),
                ..new_user("x@example.com")
            },
            "Email",
        ),
        (
            NewUser {
                time_zone_id: 999,
                ..new_user(&format!("{}@example.com", unique("tz")))
            },
            "TimeZoneId",
        ),
        (
            NewUser {
                community: vec![CommunityId { id: 99_999 }],
                ..new_user(&format!("{}@example.com", unique("c")))
            },
            "Community",
        ),
        (
            NewUser {
                first_name: " ".into(),
                ..new_user(&format!("{}@example.com", unique("f")))
            },
            "FirstName",
        ),
    ] {
        let err = c.create_users(&[bad]).await.unwrap_err();
        assert_eq!(status(&err), 400);
        assert!(err.to_string().contains(needle), "{needle}: {err}");
    }
}

#[tokio::test]
async fn token_then_bearer_calls() {
    let local = local_only!();
    let c = client();
    let (user, password) = &local.login;
    let token = c
        .token(user, &Secret::new(password.as_str()))
        .await
        .unwrap();
    assert_eq!(
        (token.token_type.as_str(), token.expires_in),
        ("Bearer", 7200)
    );
    assert_eq!(token.access_token.expose().split('.').count(), 3, "a JWT");
    // The header the security scan looks for (tests/app/security.rs).
    assert!(
        token
            .access_token
            .expose()
            .starts_with("eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.")
    );
    assert!(
        !c.communities().await.unwrap().is_empty(),
        "calls work with the bearer token"
    );
    let err = c.token(user, &Secret::new("wrong")).await.unwrap_err();
    assert_eq!(status(&err), 401);
    let err = c.token("", &Secret::new("x")).await.unwrap_err();
    assert_eq!(status(&err), 400);
}

#[tokio::test]
async fn a_bad_or_expired_bearer_token_is_401() {
    let sandbox = start_local().await;
    let raw = crate::support::raw();
    let url = format!(
        "{}/v3/Community?PortalId={}",
        sandbox.base_url, sandbox.portal_id
    );
    let garbage = raw
        .get(&url)
        .header("Ocp-Apim-Subscription-Key", &sandbox.key)
        .header("Authorization", "Bearer not.a.jwt")
        .send()
        .await
        .unwrap();
    assert_eq!(garbage.status(), 401);
    let c = client_for(&sandbox.base_url, &sandbox.key, sandbox.portal_id);
    let token = c
        .token(&sandbox.login.0, &Secret::new(sandbox.login.1.as_str()))
        .await
        .unwrap();
    let bearer = format!("Bearer {}", token.access_token.expose());
    let ok = raw
        .get(&url)
        .header("Ocp-Apim-Subscription-Key", &sandbox.key)
        .header("Authorization", &bearer)
        .send()
        .await
        .unwrap();
    assert_eq!(ok.status(), 200);
    sandbox.clock.advance(chrono::Duration::seconds(7201));
    let expired = raw
        .get(&url)
        .header("Ocp-Apim-Subscription-Key", &sandbox.key)
        .header("Authorization", &bearer)
        .send()
        .await
        .unwrap();
    assert_eq!(expired.status(), 401);
    let body: serde_json::Value = expired.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().contains("expired"));
    // The client renews on a 401 with the credentials it kept, so its calls keep working.
    assert!(c.communities().await.is_ok());
    let other_portal = client_for(&sandbox.base_url, &sandbox.key, sandbox.second_portal_id);
    assert!(matches!(
        other_portal.communities().await,
        Err(ApiError::Forbidden { .. })
    ));
    sandbox.stop().await;
}
