//! Updates from Settings: the feed's address typed, "Check for updates" pressed, a signed newer
//! version downloaded and said to wait for the next start, and a feed signed by someone else
//! refused with words that say why.

use std::time::Duration;

use egui_kittest::kittest::Queryable;

use aws_lc_rs::signature::{Ed25519KeyPair, KeyPair};
use axum::body::Body;
use axum::http::Response;
use leasedesk::engine::updates::feed::{Envelope, hex_encode};
use leasedesk::engine::updates::{System, Updater, staged_with};

use crate::support::{TestApp, app};

fn keys() -> Ed25519KeyPair {
    let rng = aws_lc_rs::rand::SystemRandom::new();
    Ed25519KeyPair::from_pkcs8(Ed25519KeyPair::generate_pkcs8(&rng).unwrap().as_ref()).unwrap()
}

/// A release server on `runtime` whose feed, signed by `signer`, offers 0.2.0; its address.
fn release(runtime: &tokio::runtime::Runtime, signer: &Ed25519KeyPair) -> String {
    let installer: Vec<u8> = (0..1_000_000u32).map(|i| (i % 253) as u8).collect();
    let sha =
        hex_encode(aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA256, &installer).as_ref());
    let manifest = serde_json::json!({
        "product": "LeaseDesk",
        "version": "0.2.0",
        "sequence": 1,
        "expires": "2099-01-01T00:00:00Z",
        "windows_msi": {"url": "LeaseDesk-0.2.0.msi", "sha256": sha, "size": installer.len()},
    })
    .to_string();
    let feed = serde_json::to_vec(&Envelope {
        signature: hex_encode(signer.sign(manifest.as_bytes()).as_ref()),
        manifest,
    })
    .unwrap();
    let app = axum::Router::new()
        .route(
            "/feed.json",
            axum::routing::get(move || {
                let feed = feed.clone();
                async move { Response::new(Body::from(feed)) }
            }),
        )
        .route(
            "/LeaseDesk-0.2.0.msi",
            axum::routing::get(move || {
                let installer = installer.clone();
                async move { Response::new(Body::from(installer)) }
            }),
        );
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/feed.json", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        url
    })
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}

/// Settings with this test's updater (its key, version 0.1.0, the Windows installer).
fn settings_with(
    runtime: &tokio::runtime::Runtime,
    key: &Ed25519KeyPair,
    folder: &std::path::Path,
) -> TestApp {
    let mut t = app();
    let public: [u8; 32] = key.public_key().as_ref().try_into().unwrap();
    t.harness.state().backend().set_updater(Updater::with(
        runtime.handle().clone(),
        Some(folder),
        Some(public),
        "0.1.0",
        System::Windows,
    ));
    t.click("Settings");
    t.scroll_into_view("Update feed");
    t
}

#[test]
fn a_signed_newer_version_is_downloaded_from_settings_and_waits_for_the_next_start() {
    let runtime = runtime();
    let ours = keys();
    let feed = release(&runtime, &ours);
    let folder = tempfile::tempdir().unwrap();
    let mut t = settings_with(&runtime, &ours, folder.path());
    t.wait_for_text("No update feed is set");
    t.type_into("Update feed", &feed);
    assert_eq!(
        t.harness.state().prefs().update_feed,
        feed,
        "kept in Settings"
    );
    t.click_button("Check for updates");
    t.step_until("the update to be ready", Duration::from_secs(60), |h| {
        matches!(
            h.state().backend().updater().state(),
            leasedesk::engine::updates::UpdateState::Ready { .. }
        )
    });
    t.wait_for_text(
        "LeaseDesk 0.2.0 is downloaded and checked; it is installed the next time LeaseDesk starts",
    );
    let public: [u8; 32] = ours.public_key().as_ref().try_into().unwrap();
    let staged = staged_with(folder.path(), &public, "0.1.0").expect("kept for the next start");
    assert_eq!(staged.version, "0.2.0");

    // The status bar's notice has a line of its own: on a small laptop its Dismiss is in the
    // window, not past its edge.
    t.harness.set_size(egui::vec2(1000.0, 650.0));
    t.harness.run_steps(3);
    let dismiss: Vec<egui::Rect> = t
        .harness
        .query_all_by_label("Dismiss")
        .map(|n| n.rect())
        .collect();
    assert!(!dismiss.is_empty(), "the notice offers Dismiss");
    assert!(
        dismiss.iter().all(|r| r.right() <= 1000.0),
        "Dismiss past the window's edge: {dismiss:?}"
    );
    t.click("Dismiss");
    t.step_until("the notice gone", Duration::from_secs(5), |h| {
        h.query_by_label("Dismiss").is_none()
    });
}

#[test]
fn a_feed_signed_by_someone_else_is_refused_in_words() {
    let runtime = runtime();
    let (ours, theirs) = (keys(), keys());
    let feed = release(&runtime, &theirs);
    let folder = tempfile::tempdir().unwrap();
    let mut t = settings_with(&runtime, &ours, folder.path());
    t.type_into("Update feed", &feed);
    t.click_button("Check for updates");
    t.step_until("the check to end", Duration::from_secs(60), |h| {
        matches!(
            h.state().backend().updater().state(),
            leasedesk::engine::updates::UpdateState::Refused(_)
        )
    });
    t.wait_for_text(
        "Update refused: the update feed's signature does not verify with LeaseDesk's update key",
    );
    assert!(!folder.path().join("updates").join("feed.json").exists());
}
