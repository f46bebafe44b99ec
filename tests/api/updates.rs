//! The updater against a local release server: a signed feed and an installer, each refusal of
//! issue 42 item 3 (a bad signature, a hash that differs, an older version, plain http off this
//! computer, a download larger than signed), and a good update downloaded, kept and checked
//! again before it is installed.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use aws_lc_rs::signature::{Ed25519KeyPair, KeyPair};
use axum::body::Body;
use axum::http::{Request, Response, StatusCode};
use leasedesk::engine::Waker;
use leasedesk::engine::updates::feed::{Envelope, hex_encode};
use leasedesk::engine::updates::{FeedAddress, Refusal, System, UpdateState, Updater, staged_with};

struct Release {
    base_url: String,
    files: Arc<Mutex<HashMap<String, Vec<u8>>>>,
    asked: Arc<Mutex<Vec<String>>>,
}

impl Release {
    async fn start() -> Release {
        let files: Arc<Mutex<HashMap<String, Vec<u8>>>> = Arc::default();
        let asked: Arc<Mutex<Vec<String>>> = Arc::default();
        let (f, a) = (files.clone(), asked.clone());
        let app = axum::Router::new().fallback(move |request: Request<Body>| {
            let (files, asked) = (f.clone(), a.clone());
            async move {
                let path = request.uri().path().to_owned();
                asked.lock().unwrap().push(path.clone());
                match files.lock().unwrap().get(&path) {
                    Some(bytes) => Response::new(Body::from(bytes.clone())),
                    None => {
                        let mut r = Response::new(Body::empty());
                        *r.status_mut() = StatusCode::NOT_FOUND;
                        r
                    }
                }
            }
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base_url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Release {
            base_url,
            files,
            asked,
        }
    }

    fn put(&self, path: &str, bytes: Vec<u8>) {
        self.files.lock().unwrap().insert(path.into(), bytes);
    }

    fn asked_for(&self, path: &str) -> bool {
        self.asked.lock().unwrap().iter().any(|p| p == path)
    }

    /// Publishes `installer` as version `version`'s MSI, in a feed signed by `signer`.
    fn publish(&self, signer: &Ed25519KeyPair, version: &str, installer: Vec<u8>) {
        self.put(
            "/feed.json",
            signed_feed(signer, version, &sha256(&installer), installer.len()),
        );
        self.put(&format!("/LeaseDesk-{version}.msi"), installer);
    }

    fn feed(&self) -> FeedAddress {
        FeedAddress {
            address: format!("{}/feed.json", self.base_url),
            from_it: true,
        }
    }
}

fn keys() -> Ed25519KeyPair {
    let rng = aws_lc_rs::rand::SystemRandom::new();
    let pkcs8 = Ed25519KeyPair::generate_pkcs8(&rng).unwrap();
    Ed25519KeyPair::from_pkcs8(pkcs8.as_ref()).unwrap()
}

fn public(pair: &Ed25519KeyPair) -> [u8; 32] {
    pair.public_key().as_ref().try_into().unwrap()
}

fn sha256(bytes: &[u8]) -> String {
    hex_encode(aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA256, bytes).as_ref())
}

/// A feed offering `version`, its installer `installer` as the manifest describes it.
fn signed_feed(pair: &Ed25519KeyPair, version: &str, sha: &str, size: usize) -> Vec<u8> {
    signed_feed_at(pair, version, sha, size, 1, "2099-01-01T00:00:00Z")
}

/// [`signed_feed`] with its sequence number and expiry.
fn signed_feed_at(
    pair: &Ed25519KeyPair,
    version: &str,
    sha: &str,
    size: usize,
    sequence: u64,
    expires: &str,
) -> Vec<u8> {
    let manifest = serde_json::json!({
        "product": "LeaseDesk",
        "version": version,
        "notes": "Fixes.",
        "sequence": sequence,
        "expires": expires,
        "windows_msi": {"url": format!("LeaseDesk-{version}.msi"), "sha256": sha, "size": size},
        "linux_deb": {"url": format!("leasedesk_{version}_amd64.deb"), "sha256": sha, "size": size},
    })
    .to_string();
    let signature = hex_encode(pair.sign(manifest.as_bytes()).as_ref());
    serde_json::to_vec(&Envelope {
        manifest,
        signature,
    })
    .unwrap()
}

/// Wakes the test whenever the updater's state changes, noting each state as it is told.
struct Bell {
    notify: tokio::sync::Notify,
    updater: std::sync::OnceLock<Updater>,
    told: Mutex<Vec<UpdateState>>,
}

impl Waker for Bell {
    fn wake(&self) {
        if let Some(updater) = self.updater.get() {
            let now = updater.state();
            let mut told = self.told.lock().unwrap();
            if told.last() != Some(&now) {
                told.push(now);
            }
        }
        self.notify.notify_one();
    }
    fn wake_after(&self, _wait: std::time::Duration) {}
}

/// Checks now and waits on the updater's own wake-ups until it has an answer; every state it
/// went through, in order.
async fn check(updater: &Updater, feed: &FeedAddress) -> Vec<UpdateState> {
    let bell = Arc::new(Bell {
        notify: tokio::sync::Notify::new(),
        updater: std::sync::OnceLock::new(),
        told: Mutex::new(Vec::new()),
    });
    let _ = bell.updater.set(updater.clone());
    updater.set_waker(bell.clone());
    updater.check_now(Some(feed));
    let settled = async {
        while matches!(
            updater.state(),
            UpdateState::Checking | UpdateState::Downloading { .. }
        ) {
            bell.notify.notified().await;
        }
    };
    // A guard against a hang, not a timing: a loopback answer takes milliseconds.
    tokio::time::timeout(std::time::Duration::from_secs(120), settled)
        .await
        .expect("the updater settled");
    let mut seen = bell.told.lock().unwrap().clone();
    let last = updater.state();
    if seen.last() != Some(&last) {
        seen.push(last);
    }
    seen
}

fn updater(dir: &std::path::Path, key: [u8; 32], current: &str, system: System) -> Updater {
    Updater::with(
        tokio::runtime::Handle::current(),
        Some(dir),
        Some(key),
        current,
        system,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_newer_version_is_downloaded_with_progress_and_kept_for_the_next_start() {
    let release = Release::start().await;
    let pair = keys();
    let installer: Vec<u8> = (0..4_000_000u32).map(|i| (i % 251) as u8).collect();
    release.publish(&pair, "0.2.0", installer.clone());
    let dir = tempfile::tempdir().unwrap();
    let updater = updater(dir.path(), public(&pair), "0.1.0", System::Windows);
    let seen = check(&updater, &release.feed()).await;
    assert_eq!(
        seen.last(),
        Some(&UpdateState::Ready {
            version: "0.2.0".into()
        }),
        "{seen:?}"
    );
    assert!(
        seen.iter()
            .any(|s| matches!(s, UpdateState::Downloading { got, of, .. } if got < of)),
        "progress was told: {seen:?}"
    );
    let staged = staged_with(dir.path(), &public(&pair), "0.1.0").expect("ready to install");
    assert_eq!(staged.version, "0.2.0");
    assert_eq!(std::fs::read(&staged.installer).unwrap(), installer);
    // Checked again at the start that installs it: a changed installer is not installed.
    let mut changed = installer.clone();
    changed[10] ^= 1;
    std::fs::write(&staged.installer, changed).unwrap();
    assert_eq!(staged_with(dir.path(), &public(&pair), "0.1.0"), None);
    assert!(!dir.path().join("updates").exists(), "and deleted");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_installed_update_is_cleared_at_the_next_start() {
    let release = Release::start().await;
    let pair = keys();
    let installer = b"installer".to_vec();
    release.publish(&pair, "0.2.0", installer.clone());
    let dir = tempfile::tempdir().unwrap();
    let updater = updater(dir.path(), public(&pair), "0.1.0", System::Windows);
    check(&updater, &release.feed()).await;
    assert!(staged_with(dir.path(), &public(&pair), "0.1.0").is_some());
    // The next start is version 0.2.0: nothing to install, and the download goes.
    assert_eq!(staged_with(dir.path(), &public(&pair), "0.2.0"), None);
    assert!(!dir.path().join("updates").exists());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_feed_signed_with_another_key_is_refused_and_nothing_is_downloaded() {
    let release = Release::start().await;
    let (ours, theirs) = (keys(), keys());
    let installer = b"not ours".to_vec();
    release.publish(&theirs, "9.0.0", installer.clone());
    let dir = tempfile::tempdir().unwrap();
    let updater = updater(dir.path(), public(&ours), "0.1.0", System::Windows);
    let seen = check(&updater, &release.feed()).await;
    assert_eq!(
        seen.last(),
        Some(&UpdateState::Refused(Refusal::BadSignature))
    );
    assert!(!release.asked_for("/LeaseDesk-9.0.0.msi"));
    assert!(
        leasedesk::ui::update_words::state(seen.last().unwrap())
            .contains("does not verify with LeaseDesk's update key")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_installer_that_does_not_match_the_signed_hash_is_refused_and_deleted() {
    let release = Release::start().await;
    let pair = keys();
    let signed = b"the installer IT signed".to_vec();
    let served = b"the installer IT signeD".to_vec();
    release.put(
        "/feed.json",
        signed_feed(&pair, "0.2.0", &sha256(&signed), signed.len()),
    );
    release.put("/LeaseDesk-0.2.0.msi", served);
    let dir = tempfile::tempdir().unwrap();
    let updater = updater(dir.path(), public(&pair), "0.1.0", System::Windows);
    let seen = check(&updater, &release.feed()).await;
    assert_eq!(
        seen.last(),
        Some(&UpdateState::Refused(Refusal::HashMismatch("0.2.0".into())))
    );
    let left: Vec<_> = std::fs::read_dir(dir.path().join("updates"))
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "nothing of the download kept: {left:?}");
    assert_eq!(staged_with(dir.path(), &public(&pair), "0.1.0"), None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_download_larger_than_signed_is_stopped() {
    let release = Release::start().await;
    let pair = keys();
    let installer = vec![7u8; 200_000];
    release.put(
        "/feed.json",
        signed_feed(&pair, "0.2.0", &sha256(&installer), 1000),
    );
    release.put("/LeaseDesk-0.2.0.msi", installer);
    let dir = tempfile::tempdir().unwrap();
    let updater = updater(dir.path(), public(&pair), "0.1.0", System::Windows);
    let seen = check(&updater, &release.feed()).await;
    assert_eq!(
        seen.last(),
        Some(&UpdateState::Refused(Refusal::TooLarge("0.2.0".into())))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_older_version_is_refused_and_the_same_one_is_up_to_date() {
    let release = Release::start().await;
    let pair = keys();
    let installer = b"old".to_vec();
    release.publish(&pair, "0.1.0", installer.clone());
    let dir = tempfile::tempdir().unwrap();
    let newer = updater(dir.path(), public(&pair), "0.3.0", System::Windows);
    let seen = check(&newer, &release.feed()).await;
    assert!(
        matches!(seen.last(), Some(UpdateState::Refused(Refusal::Older { offered, current }))
            if offered == "0.1.0" && current == "0.3.0"),
        "{seen:?}"
    );
    assert!(!release.asked_for("/LeaseDesk-0.1.0.msi"));
    let same = updater(dir.path(), public(&pair), "0.1.0", System::Windows);
    assert_eq!(
        check(&same, &release.feed()).await.last(),
        Some(&UpdateState::UpToDate {
            version: "0.1.0".into()
        })
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_feed_over_plain_http_off_this_computer_is_refused_before_any_request() {
    let pair = keys();
    let dir = tempfile::tempdir().unwrap();
    let updater = updater(dir.path(), public(&pair), "0.1.0", System::Windows);
    let feed = FeedAddress {
        address: "http://updates.example.invalid/leasedesk/feed.json".into(),
        from_it: false,
    };
    let seen = check(&updater, &feed).await;
    assert!(
        matches!(
            seen.last(),
            Some(UpdateState::Refused(Refusal::PlainHttp(_)))
        ),
        "{seen:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_feed_or_an_older_one_sent_again_is_refused_and_nothing_is_downloaded() {
    let release = Release::start().await;
    let pair = keys();
    let installer = b"msi".to_vec();
    let sha = sha256(&installer);
    release.put("/LeaseDesk-0.2.0.msi", installer.clone());
    let dir = tempfile::tempdir().unwrap();
    let updater = updater(dir.path(), public(&pair), "0.1.0", System::Windows);
    // Held back past its expiry.
    release.put(
        "/feed.json",
        signed_feed_at(&pair, "0.2.0", &sha, 3, 5, "2020-01-01T00:00:00Z"),
    );
    let seen = check(&updater, &release.feed()).await;
    assert!(
        matches!(seen.last(), Some(UpdateState::Refused(Refusal::Expired(_)))),
        "{seen:?}"
    );
    // Number 6 read; then number 5 sent again (still within its expiry).
    release.put(
        "/feed.json",
        signed_feed_at(&pair, "0.1.0", &sha, 3, 6, "2099-01-01T00:00:00Z"),
    );
    check(&updater, &release.feed()).await;
    release.put(
        "/feed.json",
        signed_feed_at(&pair, "0.2.0", &sha, 3, 5, "2099-01-01T00:00:00Z"),
    );
    let seen = check(&updater, &release.feed()).await;
    assert!(
        matches!(
            seen.last(),
            Some(UpdateState::Refused(Refusal::Replayed {
                sequence: 5,
                seen: 6
            }))
        ),
        "{seen:?}"
    );
    assert!(
        !release.asked_for("/LeaseDesk-0.2.0.msi"),
        "nothing downloaded"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_redirect_to_plain_http_off_this_computer_is_not_followed() {
    // A feed address that answers with a redirect to plain http elsewhere.
    let app = axum::Router::new().fallback(|| async {
        let mut r = Response::new(Body::empty());
        *r.status_mut() = StatusCode::FOUND;
        r.headers_mut().insert(
            "location",
            "http://updates.example.invalid/feed.json".parse().unwrap(),
        );
        r
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base_url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let pair = keys();
    let dir = tempfile::tempdir().unwrap();
    let updater = updater(dir.path(), public(&pair), "0.1.0", System::Windows);
    let seen = check(
        &updater,
        &FeedAddress {
            address: format!("{base_url}/feed.json"),
            from_it: true,
        },
    )
    .await;
    assert!(
        matches!(
            seen.last(),
            Some(UpdateState::Failed(
                leasedesk::engine::updates::Unreached::Redirected
            ))
        ),
        "the hop is refused, not tried: {seen:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_linux_a_newer_version_is_told_not_downloaded() {
    let release = Release::start().await;
    let pair = keys();
    let installer = b"deb".to_vec();
    release.put(
        "/feed.json",
        signed_feed(&pair, "0.2.0", &sha256(&installer), installer.len()),
    );
    let dir = tempfile::tempdir().unwrap();
    let updater = updater(dir.path(), public(&pair), "0.1.0", System::Linux);
    let seen = check(&updater, &release.feed()).await;
    let Some(UpdateState::Available { version, url }) = seen.last() else {
        panic!("{seen:?}");
    };
    assert_eq!(version, "0.2.0");
    assert!(url.ends_with("/leasedesk_0.2.0_amd64.deb"), "{url}");
    assert!(leasedesk::ui::update_words::state(seen.last().unwrap()).contains("package manager"));
    assert!(!release.asked_for("/leasedesk_0.2.0_amd64.deb"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_build_without_an_update_key_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let updater = Updater::with(
        tokio::runtime::Handle::current(),
        Some(dir.path()),
        None,
        "0.1.0",
        System::Windows,
    );
    updater.check_now(Some(&FeedAddress {
        address: "https://updates.example.invalid/feed.json".into(),
        from_it: true,
    }));
    assert_eq!(updater.state(), UpdateState::Refused(Refusal::NoKey));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_publishing_script_makes_a_feed_the_updater_believes() {
    let dir = tempfile::tempdir().unwrap();
    let script = format!(
        "{}/packaging/updates/make-feed.sh",
        env!("CARGO_MANIFEST_DIR")
    );
    let run = |args: &[&std::ffi::OsStr]| {
        let out = std::process::Command::new("bash")
            .arg(&script)
            .args(args)
            .output()
            .expect("bash runs (the script needs openssl and python3)");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let key_file = dir.path().join("release.pem");
    let printed = String::from_utf8(run(&["--new-key".as_ref(), key_file.as_os_str()])).unwrap();
    let hex = printed
        .trim()
        .strip_prefix("LEASEDESK_UPDATE_KEY=")
        .unwrap();
    let key: [u8; 32] = leasedesk::engine::updates::feed::hex_decode(hex)
        .unwrap()
        .try_into()
        .unwrap();
    let msi = dir.path().join("LeaseDesk-0.2.0-x64.msi");
    let installer: Vec<u8> = (0..50_000u32).map(|i| (i % 7) as u8).collect();
    std::fs::write(&msi, &installer).unwrap();
    let feed = run(&[key_file.as_os_str(), "0.2.0".as_ref(), msi.as_os_str()]);
    let release = Release::start().await;
    release.put("/feed.json", feed);
    release.put("/LeaseDesk-0.2.0-x64.msi", installer);
    let data = tempfile::tempdir().unwrap();
    let updater = updater(data.path(), key, "0.1.0", System::Windows);
    let seen = check(&updater, &release.feed()).await;
    assert_eq!(
        seen.last(),
        Some(&UpdateState::Ready {
            version: "0.2.0".into()
        }),
        "{seen:?}"
    );
}
