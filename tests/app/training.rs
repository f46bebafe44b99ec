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
        matches!(
            h.state().backend().connection().link(),
            Link::Sandbox { .. }
        )
    });
    t
}

/// Connects the app to a class of one as its trainee, and waits until it is there.
fn join_class(t: &mut crate::support::TestApp) {
    let (base_url, key, portal) = class_of_one(t.clock.clone());
    t.harness.state().backend().connection().connect_portal(
        "Monday class",
        Connection {
            base_url,
            subscription_key: Secret::new(&key),
            portal_id: portal,
        },
        None,
    );
    t.step_until("the trainee's portal", Duration::from_secs(30), |h| {
        matches!(h.state().backend().connection().link(), Link::Portal { .. })
    });
    assert!(
        t.harness
            .state()
            .backend()
            .connection()
            .link()
            .is_training()
    );
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
                tls: None,
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
    join_class(&mut t);
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
            t.harness.state().backend().connection().link()
        );
    }
}

#[test]
fn a_training_key_never_opens_the_live_service() {
    let mut t = on_the_demo();
    t.harness.state().backend().connection().connect_portal(
        "Live by mistake",
        Connection {
            base_url: leasedesk::api::HOSTED_BASE_URL.into(),
            subscription_key: Secret::new("trainee-AbCdEf0123456789"),
            portal_id: 4200,
        },
        None,
    );
    t.step_until("the refusal", Duration::from_secs(30), |h| {
        matches!(h.state().backend().connection().link(), Link::Failed { .. })
    });
    let Link::Failed { why, .. } = t.harness.state().backend().connection().link() else {
        unreachable!()
    };
    assert_eq!(why, leasedesk::engine::LinkFailure::TrainingKeyOnLive);
    t.wait_for_text("This is a training key");
    assert!(t.harness.query_by_label_contains(BAND).is_none());
}

#[test]
fn nothing_done_on_a_training_portal_enters_the_desks_access_log() {
    use leasedesk::engine::access_log::What;
    let dir = tempfile::tempdir().unwrap();
    let mut t = crate::support::Setup {
        data_dir: Some(dir.path().to_path_buf()),
        keyring: true,
        ..crate::support::Setup::default()
    }
    .start();
    t.wait_connected();
    let count = |t: &crate::support::TestApp| t.harness.state().backend().access_log().count();
    let before = count(&t).expect("the log is open");
    let demo = crate::support::sandbox_connection(&t);
    t.harness
        .state()
        .backend()
        .access_log()
        .record(What::CaseOpened, Some("1"), "on the demo");
    t.step_until("the demo's entry", Duration::from_secs(30), |h| {
        h.state().backend().access_log().count() == Some(before + 1)
    });
    join_class(&mut t);
    t.harness
        .state()
        .backend()
        .access_log()
        .record(What::CaseOpened, Some("1"), "in class");
    // Back on the demo, one more entry: once it is in, anything asked before it would be too.
    t.harness
        .state()
        .backend()
        .connection()
        .connect_portal("Demo again", demo, None);
    t.step_until("a live connection", Duration::from_secs(30), |h| {
        matches!(
            h.state().backend().connection().link(),
            Link::Portal {
                training: false,
                ..
            }
        )
    });
    t.harness
        .state()
        .backend()
        .access_log()
        .record(What::CaseOpened, Some("2"), "after class");
    t.step_until("the last entry", Duration::from_secs(30), |h| {
        h.state().backend().access_log().count() >= Some(before + 2)
    });
    assert_eq!(
        count(&t),
        Some(before + 2),
        "the class's entry was not kept"
    );
}

#[test]
fn a_live_profile_refuses_a_training_key_and_a_class_profile_is_marked_as_training() {
    let mut t = on_the_demo();
    t.click("Settings");
    t.click("New profile");
    t.replace_text("Profile name", "Live");
    t.replace_text("Base URL", leasedesk::api::HOSTED_BASE_URL);
    t.replace_text("PortalId", "4200");
    t.type_into("Subscription key", "trainee-AbCdEf0123456789");
    t.click("Save");
    t.wait_for_text("This is a training key");
    assert!(t.harness.state().prefs().profiles.is_empty(), "not saved");

    // The same key for the class's address is saved, marked as training.
    t.replace_text("Base URL", "https://10.0.0.5:8443");
    t.replace_text("Profile name", "Monday class");
    t.click("Save");
    t.step_until("the profile saved", Duration::from_secs(30), |h| {
        !h.state().prefs().profiles.is_empty()
    });
    let saved = &t.harness.state().prefs().profiles[0];
    assert_eq!(saved.name, "Monday class");
    assert!(saved.training);
}

#[test]
fn a_class_profile_is_never_part_of_the_region() {
    use leasedesk::ui::prefs::{Prefs, Profile};
    let profile = |name: &str, training: bool| Profile {
        name: name.into(),
        base_url: "https://10.0.0.5:8443".into(),
        portal_id: "5001".into(),
        keep_offline_copy: true,
        training,
        ..Profile::default()
    };
    let mut t = crate::support::app_with(Prefs {
        profiles: vec![profile("North", false), profile("Monday class", true)],
        ..Prefs::default()
    });
    t.wait_connected();
    t.click("Sales");
    t.click("Region");
    t.step_until("the region's portals", Duration::from_secs(60), |h| {
        h.state()
            .panes
            .sales
            .region
            .answer()
            .is_some_and(|a| a.portals.len() >= 3)
    });
    let region = t
        .harness
        .state()
        .panes
        .sales
        .region
        .answer()
        .unwrap()
        .clone();
    let labels: Vec<&str> = region
        .portals
        .iter()
        .map(|(p, _)| p.label.as_str())
        .collect();
    assert!(labels.contains(&"North (portal 5001)"), "{labels:?}");
    assert!(
        !labels.iter().any(|l| l.contains("Monday class")),
        "{labels:?}"
    );
}

#[test]
fn what_a_training_portal_exports_is_named_and_marked_as_training() {
    let mut t = on_the_demo();
    join_class(&mut t);
    t.click("Sales");
    let folder = tempfile::tempdir().unwrap();
    let saving = crate::support::saving_into(folder.path());
    t.click("Export weekly report (PDF)…");
    let file = folder.path().join(format!(
        "TRAINING-weekly-report-{}.pdf",
        crate::director::today(&t)
    ));
    t.step_until("the report saved", Duration::from_secs(60), |_| {
        file.exists()
    });
    drop(saving);
    let pdf = std::fs::read(&file).unwrap();
    let text = String::from_utf8_lossy(&pdf);
    let mark = format!("({})", leasedesk::report::pdf::TRAINING_MARK);
    assert!(text.matches(&mark).count() >= 1, "every page says TRAINING");
    assert_eq!(
        text.matches(&mark).count(),
        text.matches("Page ").count(),
        "on every page"
    );
}
