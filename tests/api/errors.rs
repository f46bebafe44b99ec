//! Error mapping and retries, with failures only a stub can produce.

use std::time::Duration;

use leasedesk::api::model::*;
use leasedesk::api::{ApiError, Client, ClientOptions, NetworkFailure, RetryPolicy};

use crate::stub::{Reply, Stub};
use crate::{connection, fast_client};

fn plugin_update() -> PluginUpdate {
    PluginUpdate {
        community_id: None,
        endpoint: "https://hooks.example.com".into(),
    }
}

#[tokio::test]
async fn status_400_keeps_the_service_text() {
    let stub = Stub::start(Reply::json(
        400,
        r#"{"statusCode":400,"message":"Type is not a valid type list"}"#,
    ))
    .await;
    let err = fast_client(&stub.base_url)
        .types(&TypeQuery::list(TypeList::Other(999)))
        .await
        .unwrap_err();
    assert!(
        matches!(&err, ApiError::Invalid { message } if message == "Type is not a valid type list"),
        "{err:?}"
    );
    assert_eq!(stub.requests().len(), 1, "a 400 is not retried");
    assert!(err.to_string().contains("Type is not a valid type list"));
}

#[tokio::test]
async fn the_services_words_are_cut_to_one_short_line_without_control_characters() {
    // A message that would forge a log line and clear the terminal, then 8 MB of text.
    // As JSON text: a newline and an escape character inside the message.
    let forged = r"Bad request\n2026-11-26T10:00:00Z  INFO leasedesk: FAKE LOG LINE\u001b[2J";
    let huge = "x".repeat(8 * 1024 * 1024);
    let stub = Stub::start(Reply::json(
        400,
        format!(r#"{{"statusCode":400,"message":"{forged}"}}"#),
    ))
    .await;
    let err = fast_client(&stub.base_url).communities().await.unwrap_err();
    let ApiError::Invalid { message } = &err else {
        panic!("{err:?}")
    };
    assert!(!message.chars().any(char::is_control), "{message:?}");
    assert!(
        message.starts_with("Bad request 2026-11-26T10:00:00Z INFO"),
        "{message:?}"
    );
    assert!(!err.to_string().contains('\n'));
    let stub = Stub::start(Reply::json(500, format!(r#"{{"message":"{huge}"}}"#))).await;
    let err = fast_client(&stub.base_url).communities().await.unwrap_err();
    let text = err.to_string();
    assert!(text.len() < 1000, "{} bytes", text.len());
    assert!(text.contains("xxx…"), "cut, and says so");
}

#[tokio::test]
async fn status_400_with_plain_text_or_aspnet_body() {
    let stub = Stub::start(Reply::json(400, r#"{"Message":"The request is invalid."}"#)).await;
    stub.then(Reply::json(400, "CaseNumber or IndividualId is required"));
    let client = fast_client(&stub.base_url);
    let first = client.case(&CaseQuery::default()).await.unwrap_err();
    assert!(
        matches!(&first, ApiError::Invalid { message } if message == "CaseNumber or IndividualId is required")
    );
    let second = client.case(&CaseQuery::default()).await.unwrap_err();
    assert!(
        matches!(&second, ApiError::Invalid { message } if message == "The request is invalid.")
    );
}

#[tokio::test]
async fn status_401_reads_the_apim_body_and_says_what_to_do() {
    let body = r#"{"statusCode":401,"message":"Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API."}"#;
    let stub = Stub::start(Reply::json(401, body)).await;
    let err = fast_client(&stub.base_url).communities().await.unwrap_err();
    match &err {
        ApiError::Unauthorized { message } => {
            assert!(message.starts_with("Access denied due to missing subscription key"))
        }
        other => panic!("{other:?}"),
    }
    assert!(err.to_string().contains("Check the subscription key"));
    assert_eq!(err.status(), Some(401));
}

#[tokio::test]
async fn status_404() {
    let stub = Stub::start(Reply::json(
        404,
        r#"{"statusCode":404,"message":"No transactions found"}"#,
    ))
    .await;
    let err = fast_client(&stub.base_url)
        .transactions(&TransactionQuery::default())
        .await
        .unwrap_err();
    assert!(
        matches!(&err, ApiError::NotFound { message } if message == "No transactions found"),
        "{err:?}"
    );
    assert_eq!(stub.requests().len(), 1);
}

#[tokio::test]
async fn status_429_read_waits_retry_after_then_succeeds() {
    let stub = Stub::start(Reply::fixture(200, "communities.json")).await;
    stub.then(
        Reply::json(
            429,
            r#"{"statusCode":429,"message":"Rate limit is exceeded. Try again in 1 seconds."}"#,
        )
        .with_header("Retry-After", "1"),
    );
    let started = std::time::Instant::now();
    let list = fast_client(&stub.base_url).communities().await.unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(stub.requests().len(), 2);
    assert!(
        started.elapsed() >= Duration::from_millis(950),
        "Retry-After was honoured"
    );
}

#[tokio::test]
async fn status_429_with_a_long_retry_after_is_returned_at_once() {
    let stub = Stub::start(
        Reply::json(
            429,
            r#"{"statusCode":429,"message":"Rate limit is exceeded. Try again in 120 seconds."}"#,
        )
        .with_header("Retry-After", "120"),
    )
    .await;
    let err = fast_client(&stub.base_url).communities().await.unwrap_err();
    match &err {
        ApiError::RateLimited {
            retry_after,
            message,
        } => {
            assert_eq!(*retry_after, Some(Duration::from_secs(120)));
            assert!(message.contains("Rate limit is exceeded"));
        }
        other => panic!("{other:?}"),
    }
    assert!(err.to_string().contains("Try again in 120 s"));
    assert_eq!(stub.requests().len(), 1);
}

#[tokio::test]
async fn a_retry_after_past_a_day_is_read_as_a_day() {
    let stub = Stub::start(
        Reply::json(
            429,
            r#"{"statusCode":429,"message":"Rate limit is exceeded."}"#,
        )
        .with_header("Retry-After", "18446744073709551615"),
    )
    .await;
    let err = fast_client(&stub.base_url).communities().await.unwrap_err();
    assert!(
        matches!(&err, ApiError::RateLimited { retry_after: Some(wait), .. } if *wait == Duration::from_secs(86_400)),
        "{err:?}"
    );
    assert!(err.to_string().contains("Try again in 86400 s"), "{err}");
}

#[tokio::test]
async fn status_429_on_a_write_is_not_retried() {
    let stub = Stub::start(
        Reply::json(
            429,
            r#"{"statusCode":429,"message":"Rate limit is exceeded."}"#,
        )
        .with_header("Retry-After", "1"),
    )
    .await;
    let err = fast_client(&stub.base_url)
        .update_plugin(&plugin_update())
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            ApiError::RateLimited {
                retry_after: Some(_),
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(stub.requests().len(), 1);
}

#[tokio::test]
async fn status_500_is_a_server_error_and_not_retried() {
    let stub = Stub::start(Reply::json(500, r#"{"Message":"An error has occurred."}"#)).await;
    let err = fast_client(&stub.base_url).communities().await.unwrap_err();
    assert!(
        matches!(&err, ApiError::Server { status: 500, message } if message == "An error has occurred."),
        "{err:?}"
    );
    assert_eq!(stub.requests().len(), 1);
}

#[tokio::test]
async fn status_503_read_is_retried_and_gives_up_after_three_retries() {
    let stub = Stub::start(Reply::json(
        503,
        r#"{"statusCode":503,"message":"Service Unavailable"}"#,
    ))
    .await;
    let err = fast_client(&stub.base_url).communities().await.unwrap_err();
    assert!(
        matches!(err, ApiError::Server { status: 503, .. }),
        "{err:?}"
    );
    assert_eq!(stub.requests().len(), 4, "one try and three retries");
}

#[tokio::test]
async fn get_succeeds_on_the_third_try() {
    let stub = Stub::start(Reply::fixture(200, "users.json")).await;
    stub.then(Reply::json(503, "{}")).then(Reply::Drop);
    let users = fast_client(&stub.base_url)
        .users(&UserQuery::default())
        .await
        .unwrap();
    assert_eq!(users[0].id, 71);
    assert_eq!(stub.requests().len(), 3);
}

#[tokio::test]
async fn post_is_not_retried_after_a_503() {
    let stub = Stub::start(Reply::json(
        503,
        r#"{"statusCode":503,"message":"Service Unavailable"}"#,
    ))
    .await;
    let err = fast_client(&stub.base_url)
        .add_campaign_individuals(&CampaignIndividualAdd {
            campaign_id: 1,
            individuals: vec![],
        })
        .await
        .unwrap_err();
    assert!(
        matches!(err, ApiError::Server { status: 503, .. }),
        "{err:?}"
    );
    assert_eq!(stub.requests().len(), 1);
}

#[tokio::test]
async fn post_with_a_dropped_connection_reports_an_unknown_outcome() {
    let stub = Stub::start(Reply::Drop).await;
    let err = fast_client(&stub.base_url)
        .create_units(vec![])
        .await
        .unwrap_err();
    assert!(matches!(err, ApiError::OutcomeUnknown { .. }), "{err:?}");
    assert!(err.to_string().contains("not known whether it was saved"));
    assert_eq!(
        stub.requests().len(),
        1,
        "a write that may have arrived is never sent again"
    );
}

#[tokio::test]
async fn get_with_dropped_connections_ends_as_a_network_error() {
    let stub = Stub::start(Reply::Drop).await;
    let err = fast_client(&stub.base_url).communities().await.unwrap_err();
    assert!(
        matches!(
            err,
            ApiError::Network {
                kind: NetworkFailure::Dropped,
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(stub.requests().len(), 4);
}

#[tokio::test]
async fn a_cut_off_body_is_a_dropped_connection() {
    let stub = Stub::start(Reply::Truncated(r#"[{"Id": 11, "Na"#.into())).await;
    let client = Client::with_options(
        connection(&stub.base_url),
        ClientOptions {
            retry: RetryPolicy::none(),
            ..Default::default()
        },
    )
    .unwrap();
    let err = client.communities().await.unwrap_err();
    assert!(
        matches!(
            err,
            ApiError::Network {
                kind: NetworkFailure::Dropped,
                ..
            }
        ),
        "{err:?}"
    );
}

#[tokio::test]
async fn a_stalled_answer_times_out() {
    let stub = Stub::start(Reply::Stall(Duration::from_secs(10))).await;
    let options = ClientOptions {
        request_timeout: Duration::from_millis(300),
        retry: RetryPolicy::none(),
        ..Default::default()
    };
    let client = Client::with_options(connection(&stub.base_url), options).unwrap();
    let err = client.communities().await.unwrap_err();
    assert!(
        matches!(
            err,
            ApiError::Network {
                kind: NetworkFailure::Timeout,
                ..
            }
        ),
        "{err:?}"
    );
    // The same on a write is an unknown outcome.
    let err = client.update_plugin(&plugin_update()).await.unwrap_err();
    assert!(matches!(err, ApiError::OutcomeUnknown { .. }), "{err:?}");
}

#[tokio::test]
async fn nothing_listening_is_a_connect_error() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let client = fast_client(&format!("http://127.0.0.1:{port}"));
    let err = client.communities().await.unwrap_err();
    assert!(
        matches!(
            err,
            ApiError::Network {
                kind: NetworkFailure::Connect,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .contains("Check your network connection and the base URL")
    );
    // Nothing reached a server, so a write fails the same way rather than "unknown".
    let err = client.update_plugin(&plugin_update()).await.unwrap_err();
    assert!(
        matches!(
            err,
            ApiError::Network {
                kind: NetworkFailure::Connect,
                ..
            }
        ),
        "{err:?}"
    );
}

#[tokio::test]
async fn malformed_json_names_the_path() {
    let stub = Stub::start(Reply::json(200, "{not json")).await;
    let err = fast_client(&stub.base_url)
        .search(&SearchQuery::default())
        .await
        .unwrap_err();
    assert!(matches!(err, ApiError::Decode { .. }), "{err:?}");
    // One broken case does not empty the page: it is skipped and named.
    let mut value = crate::fixture_value("search.json");
    let cases = value["Cases"].as_array().unwrap().len();
    value["Cases"][1]["Primary"]["DateCreated"] = "not a date".into();
    let stub = Stub::start(Reply::json(200, value.to_string())).await;
    let page = fast_client(&stub.base_url)
        .search(&SearchQuery::default())
        .await
        .unwrap();
    assert_eq!(page.cases.len(), cases - 1, "the other cases are shown");
    assert_eq!(page.cases.unreadable.len(), 1);
    assert_eq!(page.cases.unreadable[0].path, "[1].Primary.DateCreated");
    // A wrong shape outside the list still fails the whole answer, naming where.
    let mut value = crate::fixture_value("search.json");
    value["Total"] = "many".into();
    let stub = Stub::start(Reply::json(200, value.to_string())).await;
    let err = fast_client(&stub.base_url)
        .search(&SearchQuery::default())
        .await
        .unwrap_err();
    match err {
        ApiError::Decode { path, .. } => assert_eq!(path, "Total"),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn bad_settings_are_config_errors() {
    let mut bad_url = connection("not a url");
    assert!(matches!(
        Client::new(bad_url.clone()),
        Err(ApiError::Config { .. })
    ));
    bad_url.base_url = "ftp://example.com".into();
    assert!(matches!(Client::new(bad_url), Err(ApiError::Config { .. })));
    let mut no_key = connection("https://example.com");
    no_key.subscription_key = "".into();
    let err = Client::new(no_key).unwrap_err();
    assert!(err.to_string().contains("subscription key is empty"));
}

#[test]
fn secrets_stay_out_of_debug_output() {
    let conn = connection("https://example.com");
    let text = format!("{conn:?} {:?}", Client::new(conn.clone()).unwrap());
    assert!(!text.contains(crate::KEY), "{text}");
}
