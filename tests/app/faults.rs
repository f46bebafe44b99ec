//! A loopback proxy in front of the app's sandbox that injects faults the sandbox cannot
//! produce: dropped connections, stalls, 429 with Retry-After, 503, truncated and malformed
//! JSON, and a write that reaches the service but whose answer is lost.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{Request, Response, StatusCode};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// Forward unchanged.
    None,
    /// Close the connection without an answer.
    Drop,
    /// Answer nothing for a minute.
    Stall,
    /// 429 with `Retry-After: 1`.
    RateLimit,
    /// 503.
    Unavailable,
    /// The sandbox's answer, cut off half way.
    Truncated,
    /// 200 with a body that is not JSON.
    Malformed,
    /// Forward to the sandbox (so the write happens), then drop the connection.
    ForwardThenDrop,
    /// Forward to the sandbox, then answer nothing for a minute (the app is killed meanwhile).
    ForwardThenStall,
    /// 400, as the service refuses something the sandbox would accept.
    Refuse,
    /// The sandbox's answer with the first case's creation date made unreadable.
    BreakFirstCase,
    /// Forward after two seconds (an answer still on its way when the app moves on).
    Slow,
    /// 400 for a `DateUpdatedStart` given as a moment (a service that takes dates only).
    RefuseMoments,
}

/// What the proxy does, shared with the test.
#[derive(Default)]
pub struct Faults {
    /// `(method, path prefix, fault)`; the first match applies, otherwise requests pass.
    rules: Mutex<Vec<(&'static str, &'static str, Fault)>>,
    /// Requests that reached the sandbox, by method and path.
    forwarded: Mutex<Vec<(String, String)>>,
    /// The same, with their query strings.
    forwarded_queries: Mutex<Vec<String>>,
    pub seen: AtomicUsize,
    /// Every request's method and path, answered or not.
    asked: Mutex<Vec<(String, String)>>,
    /// Each forwarded request's path and query with the bytes of the sandbox's answer.
    answered_bytes: Mutex<Vec<(String, usize)>>,
}

impl Faults {
    pub fn set(&self, method: &'static str, path: &'static str, fault: Fault) {
        let mut rules = self.rules.lock().unwrap();
        rules.retain(|(m, p, _)| !(*m == method && *p == path));
        rules.insert(0, (method, path, fault));
    }

    pub fn clear(&self) {
        self.rules.lock().unwrap().clear();
    }

    fn fault_for(&self, method: &str, path: &str) -> Fault {
        self.rules
            .lock()
            .unwrap()
            .iter()
            .find(|(m, p, _)| (*m == "*" || *m == method) && path.starts_with(p))
            .map_or(Fault::None, |r| r.2)
    }

    /// The writes that reached the sandbox, in the order they arrived.
    pub fn writes_in_order(&self) -> Vec<(String, String)> {
        self.forwarded
            .lock()
            .unwrap()
            .iter()
            .filter(|(m, _)| m != "GET")
            .cloned()
            .collect()
    }

    /// How many `method` requests on paths starting with `path` reached the sandbox.
    /// How many requests that reached the sandbox had `part` in their path and query.
    pub fn forwarded_with(&self, part: &str) -> usize {
        self.forwarded_queries
            .lock()
            .unwrap()
            .iter()
            .filter(|q| q.contains(part))
            .count()
    }

    /// How many forwarded queries hold `param` (e.g. "CaseNumber=12") as one whole parameter.
    pub fn forwarded_with_param(&self, param: &str) -> usize {
        self.forwarded_queries
            .lock()
            .unwrap()
            .iter()
            .filter(|q| q.split('&').any(|p| p == param))
            .count()
    }

    /// How many requests for `method` `path…` came, whatever the proxy did with them.
    pub fn asked(&self, method: &str, path: &str) -> usize {
        self.asked
            .lock()
            .unwrap()
            .iter()
            .filter(|(m, p)| m == method && p.starts_with(path))
            .count()
    }

    /// Forgets the answers' bytes counted so far.
    pub fn forget_bytes(&self) {
        self.answered_bytes.lock().unwrap().clear();
    }

    /// Each request forwarded since [`Self::forget_bytes`], with its answer's bytes.
    pub fn bytes_read(&self) -> Vec<(String, usize)> {
        self.answered_bytes.lock().unwrap().clone()
    }

    pub fn forwarded(&self, method: &str, path: &str) -> usize {
        self.forwarded
            .lock()
            .unwrap()
            .iter()
            .filter(|(m, p)| m == method && p.starts_with(path))
            .count()
    }
}

fn broken_body(first: Bytes) -> Body {
    let parts: Vec<Result<Bytes, std::io::Error>> = vec![
        Ok(first),
        Err(std::io::Error::new(
            std::io::ErrorKind::ConnectionReset,
            "fault injected",
        )),
    ];
    Body::from_stream(futures_util::stream::iter(parts))
}

/// Puts the proxy between the app and its sandbox: the app reconnects through it (a "portal"
/// on loopback with the demo key). Returns the faults to set.
pub fn connect_through_proxy(t: &mut crate::support::TestApp) -> Arc<Faults> {
    connect_as(t, "Faulty network", Arc::new(Faults::default()))
}

/// As [`connect_through_proxy`], as the profile `profile`, with `faults` already set.
pub fn connect_as(
    t: &mut crate::support::TestApp,
    profile: &str,
    faults: Arc<Faults>,
) -> Arc<Faults> {
    use leasedesk::engine::Link;
    let sandbox = crate::support::sandbox_connection(t);
    let proxy = start(sandbox.base_url.clone(), faults.clone());
    t.harness.state().backend().connection().connect_portal(
        profile,
        leasedesk::api::Connection {
            base_url: proxy,
            ..sandbox
        },
        None,
    );
    t.step_until("the proxy connection", Duration::from_secs(30), |h| {
        matches!(h.state().backend().connection().link(), Link::Portal { .. })
    });
    faults
}

/// Starts the proxy in front of `target` (the sandbox's base URL); returns its base URL.
pub fn start(target: String, faults: Arc<Faults>) -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let address = listener.local_addr().unwrap();
    // Answers forwarded as they came (compressed when the desk asked), not unpacked here.
    let forward = reqwest::Client::builder().no_gzip().build().unwrap();
    let app = axum::Router::new().fallback(move |request: Request<Body>| {
        let (forward, target, faults) = (forward.clone(), target.clone(), faults.clone());
        async move {
            faults.seen.fetch_add(1, Ordering::SeqCst);
            let (parts, body) = request.into_parts();
            let path = parts.uri.path().to_owned();
            faults
                .asked
                .lock()
                .unwrap()
                .push((parts.method.to_string(), path.clone()));
            let fault = faults.fault_for(parts.method.as_str(), &path);
            let canned = |status: StatusCode, body: &'static str| {
                Response::builder()
                    .status(status)
                    .header("content-type", "application/json")
                    .header("retry-after", "1")
                    .body(Body::from(body))
                    .unwrap()
            };
            match fault {
                Fault::Drop => return Response::new(broken_body(Bytes::new())),
                Fault::Stall => {
                    tokio::time::sleep(Duration::from_secs(60)).await;
                    return canned(StatusCode::GATEWAY_TIMEOUT, "{}");
                }
                Fault::RateLimit => {
                    return canned(
                        StatusCode::TOO_MANY_REQUESTS,
                        r#"{"statusCode":429,"message":"Rate limit is exceeded. Try again in 1 seconds."}"#,
                    );
                }
                Fault::Unavailable => {
                    return canned(
                        StatusCode::SERVICE_UNAVAILABLE,
                        r#"{"statusCode":503,"message":"Service unavailable"}"#,
                    );
                }
                Fault::Malformed => return canned(StatusCode::OK, "{\"Total\": 12, \"Cases\": [oops"),
                Fault::Refuse => {
                    return canned(
                        StatusCode::BAD_REQUEST,
                        r#"{"statusCode":400,"message":"CampaignId is not open for changes"}"#,
                    );
                }
                Fault::Slow => tokio::time::sleep(Duration::from_secs(2)).await,
                Fault::RefuseMoments => {
                    let query = parts.uri.query().unwrap_or_default();
                    let moment = query.split('&').any(|p| {
                        p.strip_prefix("DateUpdatedStart=")
                            .is_some_and(|v| v.contains('T'))
                    });
                    if moment {
                        return canned(
                            StatusCode::BAD_REQUEST,
                            r#"{"statusCode":400,"message":"DateUpdatedStart must be a date"}"#,
                        );
                    }
                }
                Fault::None
                | Fault::Truncated
                | Fault::ForwardThenDrop
                | Fault::ForwardThenStall
                | Fault::BreakFirstCase => {}
            }
            let bytes = axum::body::to_bytes(body, 4 << 20).await.unwrap();
            let url = format!(
                "{}{}",
                target.trim_end_matches('/'),
                parts.uri.path_and_query().map_or("/", |p| p.as_str())
            );
            let mut outgoing = forward.request(parts.method.clone(), url).body(bytes);
            // An answer this proxy rewrites is asked for unpacked.
            let rewrites = matches!(fault, Fault::BreakFirstCase);
            for (name, value) in &parts.headers {
                if name != "host" && !(rewrites && name == "accept-encoding") {
                    outgoing = outgoing.header(name, value);
                }
            }
            let answer = match outgoing.send().await {
                Ok(a) => a,
                Err(_) => return Response::new(broken_body(Bytes::new())),
            };
            faults
                .forwarded
                .lock()
                .unwrap()
                .push((parts.method.to_string(), path));
            faults
                .forwarded_queries
                .lock()
                .unwrap()
                .push(parts.uri.path_and_query().map_or("/", |p| p.as_str()).to_owned());
            let status = answer.status();
            let content_type = answer.headers().get("content-type").cloned();
            // Passed on as it came, so the bytes counted are those on the wire.
            let encoding = answer.headers().get("content-encoding").cloned();
            let body = answer.bytes().await.unwrap_or_default();
            faults.answered_bytes.lock().unwrap().push((
                parts.uri.path_and_query().map_or("/", |p| p.as_str()).to_owned(),
                body.len(),
            ));
            let mut reply = Response::builder().status(status);
            if let Some(c) = content_type {
                reply = reply.header("content-type", c);
            }
            if let Some(e) = encoding {
                reply = reply.header("content-encoding", e);
            }
            match fault {
                Fault::ForwardThenDrop => Response::new(broken_body(Bytes::new())),
                Fault::ForwardThenStall => {
                    tokio::time::sleep(Duration::from_secs(60)).await;
                    Response::new(broken_body(Bytes::new()))
                }
                Fault::Truncated => {
                    let half = body.slice(..body.len() / 2);
                    reply
                        .header("content-length", body.len().to_string())
                        .body(broken_body(half))
                        .unwrap()
                }
                Fault::BreakFirstCase => {
                    let mut json: serde_json::Value = serde_json::from_slice(&body).unwrap();
                    json["Cases"][0]["Primary"]["DateCreated"] = "yesterday".into();
                    reply.body(Body::from(json.to_string())).unwrap()
                }
                _ => reply.body(Body::from(body)).unwrap(),
            }
        }
    });
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            axum::serve(listener, app).await.unwrap();
        });
    });
    format!("http://{address}")
}

#[test]
fn a_request_that_panics_still_gets_an_answer() {
    let mut t = crate::support::app();
    t.wait_for_cases();
    let mut slot: leasedesk::ui::remote::Slot<i64> = Default::default();
    let bug = leasedesk::engine::request::Request::test_write(|_, _| async {
        if std::hint::black_box(true) {
            panic!("a bug in the request");
        }
        Ok(1)
    });
    slot.ask(t.harness.state().backend(), bug);
    let start = std::time::Instant::now();
    while !slot.poll() {
        assert!(start.elapsed() < Duration::from_secs(30), "no answer came");
        t.harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(
        matches!(slot.state.error(), Some(leasedesk::api::ApiError::Internal)),
        "{:?}",
        slot.state.error()
    );
    // Other reads of the app may still be on their way; once they are in, none is left
    // counted (a panicked request that never answered would stay counted for ever).
    t.step_until("nothing left waiting", Duration::from_secs(60), |h| {
        h.state().backend().in_flight() == 0
    });
}
