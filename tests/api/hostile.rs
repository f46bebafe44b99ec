//! The client against a hostile network: redirects, a TLS peer that hangs up mid-answer,
//! proxies, absurd values and oversized answers. Each of these failed before the security
//! review's fixes (see docs/security.md).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use leasedesk::api::model::*;
use leasedesk::api::{ApiError, Client, ClientOptions, Secret};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::stub::{Reply, Stub};
use crate::{connection, fast_client, fixture_value};

/// A listener that counts the connections it gets, on `ip`.
async fn counting_listener(ip: &str) -> (u16, Arc<AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind(format!("{ip}:0"))
        .await
        .unwrap();
    let port = listener.local_addr().unwrap().port();
    let seen = Arc::new(AtomicUsize::new(0));
    let counter = seen.clone();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            counter.fetch_add(1, Ordering::SeqCst);
            let mut sink = Vec::new();
            let _ = tokio::time::timeout(Duration::from_millis(200), stream.read_to_end(&mut sink))
                .await;
        }
    });
    (port, seen)
}

#[tokio::test]
async fn a_redirect_is_not_followed_and_nothing_reaches_its_target() {
    let (port, seen) = counting_listener("127.0.0.2").await;
    let target = format!("http://127.0.0.2:{port}/v3/Search/");
    let stub = Stub::start(Reply::json(307, "").with_header("Location", &target)).await;
    let client = fast_client(&stub.base_url);
    let err = client.search(&SearchQuery::default()).await.unwrap_err();
    match &err {
        ApiError::Redirected { status, location } => {
            assert_eq!(*status, 307);
            assert_eq!(location, &target);
        }
        other => panic!("{other:?}"),
    }
    assert!(err.to_string().contains("does not follow"), "{err}");
    // The token request carries the password: a 307 would resend it.
    let err = client
        .token("dana@example.com", &Secret::new("hunter2-password"))
        .await
        .unwrap_err();
    assert!(matches!(err, ApiError::Redirected { .. }), "{err:?}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        seen.load(Ordering::SeqCst),
        0,
        "nothing was sent to the redirect's target"
    );
    assert_eq!(
        stub.requests().len(),
        2,
        "each was sent once, to the service only"
    );
}

/// A TLS server with a self-signed certificate that reads one request and hangs up without
/// `close_notify`, as load balancers do. Returns its base URL, its certificate and a count of
/// the POSTs it read.
async fn tls_server_that_hangs_up() -> (String, Vec<u8>, Arc<AtomicUsize>) {
    use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
    let certified = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_owned()]).unwrap();
    let cert = certified.cert.der().to_vec();
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(
        certified.signing_key.serialize_der(),
    ));
    let config = tokio_rustls::rustls::ServerConfig::builder()
        .with_no_client_auth()
        .with_single_cert(vec![CertificateDer::from(cert.clone())], key)
        .unwrap();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("https://{}", listener.local_addr().unwrap());
    let posts = Arc::new(AtomicUsize::new(0));
    let counter = posts.clone();
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let (acceptor, counter) = (acceptor.clone(), counter.clone());
            tokio::spawn(async move {
                let Ok(mut tls) = acceptor.accept(tcp).await else {
                    return;
                };
                let mut buf = Vec::new();
                let mut chunk = [0u8; 4096];
                while !buf.windows(4).any(|w| w == b"\r\n\r\n") {
                    match tls.read(&mut chunk).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => buf.extend_from_slice(&chunk[..n]),
                    }
                }
                if buf.starts_with(b"POST") {
                    counter.fetch_add(1, Ordering::SeqCst);
                }
                // Half an answer, then the TCP connection goes without a TLS close_notify.
                let _ = tls
                    .write_all(b"HTTP/1.1 201 Created\r\nContent-Length: 100\r\n\r\n{")
                    .await;
                let _ = tls.flush().await;
                let (tcp, _) = tls.into_inner();
                drop(tcp);
            });
        }
    });
    (base, cert, posts)
}

#[tokio::test]
async fn a_write_cut_off_after_the_handshake_is_outcome_unknown_and_sent_once() {
    let (base, cert, posts) = tls_server_that_hangs_up().await;
    let options = ClientOptions {
        extra_root_certificates: vec![cert],
        request_timeout: Duration::from_secs(5),
        ..ClientOptions::default()
    };
    let client = Client::with_options(connection(&base), options).unwrap();
    let start = chrono::DateTime::parse_from_rfc3339("2026-11-21T10:00:00-05:00").unwrap();
    let mut activity = NewActivity::new(11, start);
    activity.individual_id = Some(5001);
    let err = client.create_activities(vec![activity]).await.unwrap_err();
    assert!(matches!(err, ApiError::OutcomeUnknown { .. }), "{err:?}");
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(posts.load(Ordering::SeqCst), 1, "never sent a second time");
}

#[tokio::test]
async fn requests_to_this_computer_never_go_through_a_proxy() {
    let (proxy_port, seen) = counting_listener("127.0.0.1").await;
    let proxy = format!("http://127.0.0.1:{proxy_port}");
    // Proxy settings come from the environment, which a test must not change for the other
    // tests of this process: the check runs in a process of its own.
    let status = tokio::task::spawn_blocking(move || {
        std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "hostile::proxy_child", "--ignored", "--quiet"])
            .env("HTTP_PROXY", &proxy)
            .env("http_proxy", &proxy)
            .env("ALL_PROXY", &proxy)
            .env("LEASEDESK_PROXY_CHILD", "1")
            .stdout(std::process::Stdio::null())
            .status()
            .unwrap()
    })
    .await
    .unwrap();
    assert!(status.success(), "the request through loopback failed");
    assert_eq!(seen.load(Ordering::SeqCst), 0, "the proxy saw nothing");
}

#[tokio::test]
#[ignore = "run by requests_to_this_computer_never_go_through_a_proxy, with a proxy set"]
async fn proxy_child() {
    assert!(std::env::var_os("LEASEDESK_PROXY_CHILD").is_some());
    let stub = Stub::start(Reply::fixture(200, "search.json")).await;
    fast_client(&stub.base_url)
        .search(&SearchQuery::default())
        .await
        .unwrap();
    assert_eq!(stub.requests().len(), 1);
}

#[tokio::test]
async fn absurd_values_neither_panic_nor_empty_a_list() {
    let stub = Stub::start(Reply::fixture(200, "search.json")).await;
    stub.then(Reply::json(
        200,
        r#"{"access_token":"a.b.c","token_type":"Bearer","expires_in":9223372036854775807}"#,
    ));
    let client = fast_client(&stub.base_url);
    client
        .token("dana@example.com", &Secret::new("pw"))
        .await
        .unwrap();
    client.search(&SearchQuery::default()).await.unwrap();
    let negative = Stub::start(Reply::fixture(200, "search.json")).await;
    negative.then(Reply::json(
        200,
        r#"{"access_token":"a.b.c","token_type":"Bearer","expires_in":-5}"#,
    ));
    let client = fast_client(&negative.base_url);
    client
        .token("dana@example.com", &Secret::new("pw"))
        .await
        .unwrap();

    let mut list = fixture_value("activities.json");
    let count = list.as_array().unwrap().len();
    list[0]["DueDate"] = "+262142-12-31T23:30:00Z".into();
    let stub = Stub::start(Reply::json(200, list.to_string())).await;
    let read = fast_client(&stub.base_url)
        .activities(&ActivityQuery::default())
        .await
        .unwrap();
    assert_eq!(read.len(), count - 1, "the rest is shown");
    assert_eq!(read.unreadable[0].path, "[0].DueDate");
    assert!(
        read.unreadable[0].reason.contains("1900 to 2200"),
        "{:?}",
        read.unreadable
    );
}

/// A small gzipped answer that unpacks past the cap is refused as too large, not unpacked whole.
#[tokio::test]
async fn a_packed_answer_that_unpacks_over_the_cap_is_refused() {
    use std::io::Write;
    let mut packer = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    packer.write_all(b"[\"").unwrap();
    packer.write_all(&vec![b'x'; 64 * 1024 * 1024]).unwrap();
    packer.write_all(b"\"]").unwrap();
    let packed = packer.finish().unwrap();
    assert!(packed.len() < 1024 * 1024, "{} bytes packed", packed.len());
    let stub = Stub::start(Reply::bytes(200, packed).with_header("Content-Encoding", "gzip")).await;
    let options = ClientOptions {
        max_answer_bytes: 1024 * 1024,
        ..ClientOptions::default()
    };
    let client = Client::with_options(connection(&stub.base_url), options).unwrap();
    let err = client.communities().await.unwrap_err();
    assert!(
        matches!(err, ApiError::AnswerTooLarge { limit_mib: 1 }),
        "{err:?}"
    );
    assert_eq!(stub.only_request().header("accept-encoding"), Some("gzip"));
}

#[tokio::test]
async fn an_answer_over_the_cap_is_refused() {
    let big = format!("[\"{}\"]", "x".repeat(2 * 1024 * 1024));
    let stub = Stub::start(Reply::json(200, big)).await;
    let options = ClientOptions {
        max_answer_bytes: 1024 * 1024,
        ..ClientOptions::default()
    };
    let client = Client::with_options(connection(&stub.base_url), options).unwrap();
    let err = client.communities().await.unwrap_err();
    assert!(
        matches!(err, ApiError::AnswerTooLarge { limit_mib: 1 }),
        "{err:?}"
    );
    assert_eq!(
        stub.requests().len(),
        1,
        "a too-large answer is not asked again"
    );
    let small = Stub::start(Reply::fixture(200, "communities.json")).await;
    let options = ClientOptions {
        max_answer_bytes: 1024 * 1024,
        ..ClientOptions::default()
    };
    let client = Client::with_options(connection(&small.base_url), options).unwrap();
    assert!(!client.communities().await.unwrap().is_empty());
}

#[tokio::test]
async fn an_import_answered_with_too_few_ids_is_read_back_not_sent_again() {
    use leasedesk::domain::unit_import::{Known, NotSent, RowOutcome, plan};
    use leasedesk::service::unit_import::{Progress, run};
    let communities: Vec<Community> =
        serde_json::from_value(fixture_value("communities.json")).unwrap();
    let types: Vec<TypeRecord> = serde_json::from_value(fixture_value("types.json")).unwrap();
    let maple = communities.iter().find(|c| c.id == 11).unwrap();
    let care = types[0].id;
    let text = format!(
        "CommunityUnique,CareGroupId,Number\n{0},{care},501\n{0},{care},502\n",
        maple.name_unique
    );
    let known = Known {
        communities: &communities,
        care_groups: &types,
        floor_plans: &[],
        units: &[],
    };
    let planned = plan(&text, &known).unwrap();
    assert_eq!(planned.ready(), 2);
    // Units before sending: none. The create answers one id for two units. Read back: 501.
    let created_501 = format!(
        r#"[{{"Id": 9501, "Number": "501", "Name": "", "CommunityId": 11, "CommunityName": "{}", "CareGroupId": {care}, "CareGroup": "x", "Capacity": 1}}]"#,
        maple.name
    );
    let stub = Stub::start(Reply::json(200, created_501)).await;
    stub.then(Reply::json(200, "[]")).then(Reply::json(
        200,
        r#"{"UnitIds": [9501], "Message": "1 unit created"}"#,
    ));
    let done = run(
        fast_client(&stub.base_url),
        planned,
        Arc::new(Progress::default()),
        || {},
    )
    .await;
    assert_eq!(done.rows[0].outcome, RowOutcome::Created(9501));
    assert_eq!(
        done.rows[1].outcome,
        RowOutcome::NotSent(NotSent::IdsMismatch { ids: 1, units: 2 })
    );
    let posts = stub
        .requests()
        .iter()
        .filter(|r| r.method == "POST")
        .count();
    assert_eq!(posts, 1, "nothing was sent a second time");
}

/// A Search page of `cases` copies of the fixture's first case, each with a name of `letters`
/// letters, claiming a billion cases in all.
fn flooding_page(cases: usize, letters: usize) -> String {
    let search = fixture_value("search.json");
    let mut case = search["Cases"][0].clone();
    case["Primary"]["FirstName"] = "A".repeat(letters).into();
    let page = serde_json::json!({
        "Total": 1_000_000_000i64,
        "Tenant": search["Tenant"],
        "Cases": vec![case; cases],
    });
    page.to_string()
}

#[tokio::test]
async fn a_report_of_a_service_that_answers_every_page_in_full_stops_at_its_budget() {
    // Full pages (4,000 cases, as many as asked for) of long names, without end.
    let page = flooding_page(4_000, 300);
    let budget: u64 = 8 * 1024 * 1024;
    let stub = Stub::start(Reply::json(200, page.clone())).await;
    let client = fast_client(&stub.base_url);
    let refused = leasedesk::service::reports::all_cases_within(&client, budget)
        .await
        .map(|cases| cases.len())
        .expect_err("a billion cases are not read");
    assert!(
        matches!(refused, ApiError::OverBudget { .. }),
        "{refused:?}"
    );
    assert!(refused.to_string().contains("stopped reading"), "{refused}");
    let pages = stub.requests().len() as u64;
    assert_eq!(
        pages,
        budget / page.len() as u64 + 1,
        "stops at the first page past the budget"
    );
}

#[tokio::test]
async fn the_phone_books_and_my_days_reads_of_every_case_stop_at_their_budget() {
    let page = flooding_page(4_000, 300);
    let budget: u64 = 8 * 1024 * 1024;
    let stub = Stub::start(Reply::json(200, page.clone())).await;
    let mut book = leasedesk::domain::calls::matching::PhoneBook::default();
    let refused =
        leasedesk::service::cases::each_case_within(fast_client(&stub.base_url), budget, |case| {
            book.add(case)
        })
        .await
        .expect_err("a billion cases are not read");
    assert!(
        matches!(refused, ApiError::OverBudget { .. }),
        "{refused:?}"
    );
    let pages = stub.requests().len() as u64;
    assert_eq!(
        pages,
        budget / page.len() as u64 + 1,
        "the phone book's read"
    );
    let refused = leasedesk::service::cases::leads_within(fast_client(&stub.base_url), budget)
        .await
        .map(|cases| cases.len())
        .expect_err("a billion leads are not read");
    assert!(
        matches!(refused, ApiError::OverBudget { .. }),
        "{refused:?}"
    );
    assert_eq!(
        stub.requests().len() as u64 - pages,
        budget / page.len() as u64 + 1,
        "My day's read of the leads"
    );
}

#[tokio::test]
async fn a_page_of_many_broken_records_is_counted_and_described_a_few_times() {
    let mut list = fixture_value("activities.json");
    let good = list.as_array().unwrap().len();
    // One record with a number past any range, and 100,000 that are not records at all.
    list[0]["Id"] = serde_json::Value::Null;
    let mut text = list.to_string();
    text.pop();
    text.push_str(r#",{"Id":1e999}"#);
    text.push_str(&",[]".repeat(100_000));
    text.push(']');
    let stub = Stub::start(Reply::json(200, text)).await;
    let read = fast_client(&stub.base_url)
        .activities(&ActivityQuery::default())
        .await
        .unwrap();
    assert_eq!(read.len(), good - 1, "the readable records are kept");
    assert_eq!(read.skipped, 100_002);
    assert_eq!(
        read.unreadable.len(),
        leasedesk::api::model::records::MAX_DESCRIBED,
        "a few described, the rest counted"
    );
    assert_eq!(read.unreadable[0].path, "[0].Id");
    assert_eq!(read.unreadable[1].path, format!("[{good}]"));
}
