//! Training is never mistaken for live work: a trainee's connection shows the TRAINING band on
//! every screen (and in the title and on printed matter), and a training key is refused by the
//! live service's address before anything is sent.

use std::time::Duration;

use egui_kittest::kittest::Queryable;

use leasedesk::api::{Connection, Secret};
use leasedesk::engine::Link;
use leasedesk::sandbox::ConnectionLimits;
use leasedesk::sandbox::class::{self, ClassConfig};

use crate::support::app;

const BAND: &str = "TRAINING · a practice portal";

/// The app once it has connected to its demo (the first frame's connection would otherwise
/// race the test's own).
fn on_the_demo() -> crate::support::TestApp {
    let mut t = app();
    t.step_until("the demo", Duration::from_secs(30), |h| {
        matches!(h.state().backend().link(), Link::Sandbox { .. })
    });
    t
}

/// A class of one served on a runtime of its own for the rest of the test binary.
fn class_of_one(clock: leasedesk::sandbox::Clock) -> (String, String, i64) {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        runtime.block_on(async move {
            let dir = tempfile::tempdir().unwrap();
            let running = class::start(ClassConfig {
                addr: "127.0.0.1:0".parse().unwrap(),
                dir: dir.path().to_owned(),
                trainees: 1,
                clock,
                limits: ConnectionLimits::default(),
            })
            .await
            .unwrap();
            let seat = running.seats[1].clone();
            tx.send((running.base_url.clone(), seat.key, seat.portal))
                .unwrap();
            std::future::pending::<()>().await;
            drop((running, dir));
        });
    });
    rx.recv().unwrap()
}

#[test]
fn a_trainees_connection_shows_the_training_band_on_every_screen() {
    let mut t = on_the_demo();
    assert!(
        t.harness.query_by_label_contains(BAND).is_none(),
        "no band on the demo"
    );
    let (base_url, key, portal) = class_of_one(t.clock.clone());
    t.harness.state().backend().connect_portal(
        "Monday class",
        Connection {
            base_url,
            subscription_key: Secret::new(&key),
            portal_id: portal,
        },
        None,
    );
    t.step_until("the trainee's portal", Duration::from_secs(30), |h| {
        matches!(h.state().backend().link(), Link::Portal { .. })
    });
    assert!(t.harness.state().backend().link().is_training());
    for place in [
        "Calendar",
        "Search",
        "Inventory",
        "Admissions",
        "Sales",
        "Settings",
    ] {
        t.click(place);
        t.harness.run();
        assert!(
            t.harness.query_by_label_contains(BAND).is_some(),
            "the band is shown on {place} ({:?})",
            t.harness.state().backend().link()
        );
    }
}

#[test]
fn a_training_key_never_opens_the_live_service() {
    let mut t = on_the_demo();
    t.harness.state().backend().connect_portal(
        "Live by mistake",
        Connection {
            base_url: leasedesk::api::HOSTED_BASE_URL.into(),
            subscription_key: Secret::new("trainee-AbCdEf0123456789"),
            portal_id: 4200,
        },
        None,
    );
    t.step_until("the refusal", Duration::from_secs(30), |h| {
        matches!(h.state().backend().link(), Link::Failed { .. })
    });
    let Link::Failed { message, .. } = t.harness.state().backend().link() else {
        unreachable!()
    };
    assert!(message.contains("This is a training key"), "{message}");
    assert!(t.harness.query_by_label_contains(BAND).is_none());
}
