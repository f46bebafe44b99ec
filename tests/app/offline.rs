//! The offline copy: kept encrypted on disk, searched as you type, and still answering when
//! the service cannot be reached (the app behind the fault proxy, the proxy cut).

use leasedesk::engine::MoveInWrite;
use std::time::Duration;

use std::sync::Arc;

use egui_kittest::kittest::{NodeT, Queryable};

use leasedesk::api::Client;
use leasedesk::api::model::{ActivityQuery, CampaignStatus, SearchCase, SearchQuery};
use leasedesk::domain::cases::CaseRow;
use leasedesk::engine::store::Store;
use leasedesk::engine::{Link, OutboxKind, Reach};
use leasedesk::ui::prefs::{Prefs, Profile};

use crate::campaigns::{campaign_with_invitee, move_by_keyboard, open_board};
use crate::faults::{self, Fault, Faults};
use crate::support::{Setup, TestApp, block_on, direct_client, fault_options as options};

const SYNC: Duration = Duration::from_secs(60);

fn synced(t: &mut TestApp) {
    t.step_until("the offline copy's sync", SYNC, |h| {
        let status = h.state().backend().offline_copy().status();
        status.as_of.is_some() && status.syncing.is_none() && status.cases > 0
    });
}

/// A case of the demo portal whose primary's full name no other case shares.
fn distinctive_case(t: &TestApp) -> SearchCase {
    let all = block_on(direct_client(t).search(&SearchQuery {
        page_size: Some(500),
        ..SearchQuery::default()
    }))
    .unwrap();
    let cases = all.cases.into_vec();
    cases
        .iter()
        .find(|c| {
            c.primary.last_name.len() > 3
                && cases
                    .iter()
                    .filter(|o| o.primary.individual_name == c.primary.individual_name)
                    .count()
                    == 1
        })
        .cloned()
        .expect("a case with a name of its own")
}

#[test]
fn no_file_in_the_data_folder_holds_plain_personal_data_after_a_sync() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = Setup {
        data_dir: Some(dir.path().to_path_buf()),
        keyring: true,
        ..Setup::default()
    }
    .start();
    t.wait_connected();
    synced(&mut t);
    let Link::Sandbox { portal_id, .. } = t.harness.state().backend().connection().link() else {
        panic!("not on the sandbox");
    };
    let status = t.harness.state().backend().offline_copy().status();
    assert!(status.on_disk, "kept on disk: {status:?}");
    let path = Store::path_for(dir.path(), &format!("sandbox-{portal_id}"));
    assert!(path.exists(), "the store is on disk");
    // Every file, read while the app runs: the store, its WAL, the outbox, the local store;
    // all but the embedded sandbox's own database, which is the service's side, not a copy.
    let files: Vec<(std::path::PathBuf, Vec<u8>)> = every_file(dir.path())
        .into_iter()
        .filter(|f| {
            !f.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("sandbox.db"))
        })
        .map(|f| {
            let bytes = std::fs::read(&f).unwrap();
            (f, bytes)
        })
        .collect();
    assert!(files.len() >= 3, "{files:?}");
    let sample = block_on(direct_client(&t).search(&SearchQuery {
        page_size: Some(40),
        ..SearchQuery::default()
    }))
    .unwrap();
    let mut checked = 0;
    for case in sample.cases.iter() {
        for person in std::iter::once(&case.primary).chain(&case.relationships) {
            let mut secrets = vec![person.individual_name.clone(), person.case_number.clone()];
            secrets.extend(person.email.clone());
            secrets.extend(
                [&person.home_phone_format, &person.mobile_phone_format]
                    .into_iter()
                    .filter(|p| !p.is_empty())
                    .cloned(),
            );
            for secret in secrets.into_iter().filter(|s| s.len() >= 6) {
                checked += 1;
                for (file, bytes) in &files {
                    assert!(
                        memchr::memmem::find(bytes, secret.as_bytes()).is_none(),
                        "{secret:?} is in {} in plain text",
                        file.display()
                    );
                }
            }
        }
    }
    assert!(checked > 40, "only {checked} values were looked for");
    // The status bar says how old the copy is.
    t.wait_for_text("Offline copy as of");
}

fn every_file(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(every_file(&path));
        } else {
            out.push(path);
        }
    }
    out
}

#[test]
fn search_answers_from_the_copy_when_the_network_drops_and_the_service_again_after() {
    let mut t = Setup {
        options: options(),
        ..Setup::default()
    }
    .start();
    t.wait_connected();
    let case = distinctive_case(&t);
    let faults = faults::connect_through_proxy(&mut t);
    synced(&mut t);
    t.wait_for_text(" cases");

    faults.set("*", "/", Fault::Drop);
    t.replace_text("Search cases", &case.primary.individual_name);
    t.wait_for_text("from the offline copy");
    t.wait_for_text(&case.primary.individual_name);
    t.step_until("the offline badge", Duration::from_secs(30), |h| {
        matches!(
            h.state().backend().connection().reach(),
            Reach::Offline { .. }
        )
    });
    t.wait_for_text("Offline since");
    t.wait_for_text("The service cannot be reached, so these come from the offline copy");
    // A phone number typed without separators finds the same case.
    let phone: String = case
        .primary
        .best_phone()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    if phone.len() >= 7 {
        t.replace_text("Search cases", &phone);
        t.wait_for_text(&case.primary.individual_name);
    }

    // Back online: the search asks the service again by itself and its answer takes over.
    faults.clear();
    t.replace_text("Search cases", &case.primary.individual_name);
    t.step_until("the service's answer", Duration::from_secs(60), |h| {
        h.state().backend().connection().reach() == Reach::Online
            && h.state()
                .panes
                .cases
                .search
                .rows_in_order()
                .next()
                .is_some()
    });
    t.step_until("the copy's label to go", Duration::from_secs(60), |h| {
        use egui_kittest::kittest::Queryable;
        h.query_all_by_label_contains("from the offline copy")
            .count()
            == 0
    });
    let name = case.primary.individual_name.clone();
    t.step_until("the case from the service", Duration::from_secs(60), |h| {
        let search = &h.state().panes.cases.search;
        search.rows_in_order().any(|r| r.name == name)
    });
}

/// The app behind the fault proxy, on a profile that keeps its offline copy (and so its
/// outbox) on disk, with a (mock) keyring for the key. Returns the direct client too.
fn keeping_a_copy(dir: &std::path::Path) -> (TestApp, Arc<Faults>, Client) {
    keeping_a_copy_with_key(dir, None)
}

/// As [`keeping_a_copy`]; with `key`, the copy's key is put in the (per-process, mock) keyring
/// first, so a second process opens what the first one sealed.
fn keeping_a_copy_with_key(
    dir: &std::path::Path,
    key: Option<&str>,
) -> (TestApp, Arc<Faults>, Client) {
    let (mut t, faults, direct) = opened_with_key(dir, key, Arc::new(Faults::default()));
    synced(&mut t);
    t.wait_for_cases();
    assert_eq!(
        t.harness.state().backend().outbox().kind(),
        Some(OutboxKind::OnDisk)
    );
    (t, faults, direct)
}

/// The app on `dir`, its copy's key in the keyring, connected through the proxy with
/// `faults` already set (so a restart can open while the service does not answer).
fn opened_with_key(
    dir: &std::path::Path,
    key: Option<&str>,
    faults: Arc<Faults>,
) -> (TestApp, Arc<Faults>, Client) {
    let mut t = Setup {
        options: options(),
        keyring: true,
        data_dir: Some(dir.to_path_buf()),
        prefs: Prefs {
            profiles: vec![Profile {
                name: "Faulty network".into(),
                keep_offline_copy: true,
                ..Profile::default()
            }],
            ..Prefs::default()
        },
        ..Setup::default()
    }
    .start();
    if let Some(key) = key {
        keyring_core::Entry::new("LeaseDesk", &copy_key_account())
            .unwrap()
            .set_password(key)
            .unwrap();
    }
    t.wait_connected();
    let direct = direct_client(&t);
    let faults = faults::connect_as(&mut t, "Faulty network", faults);
    (t, faults, direct)
}

/// Opens case `nth` of the search and its "Log a call…" form, with its lists loaded.
fn log_a_call(t: &mut TestApp, nth: usize) -> CaseRow {
    t.click("Search");
    let row = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .nth(nth)
        .unwrap()
        .clone();
    t.click(&row.name);
    t.wait_for_label("Log a call…");
    t.click("Log a call…");
    t.step_until("the form with its lists", Duration::from_secs(60), |h| {
        h.state()
            .log_activity_form()
            .is_some_and(|f| f.draft.type_id.is_some() && f.lists_loaded())
    });
    t.until_still("Close");
    row
}

/// How many of the person's activities on the service are called `name`.
fn on_the_service(direct: &Client, individual_id: i64, name: &str) -> usize {
    block_on(direct.activities(&ActivityQuery {
        individual_id: Some(individual_id),
        page_size: Some(500),
        ..ActivityQuery::default()
    }))
    .unwrap()
    .iter()
    .filter(|a| a.activity_name == name)
    .count()
}

/// Connects the app again, as `profile`, through the proxy at `base_url` (with the demo key).
fn connect_again(t: &TestApp, profile: &str, base_url: String, portal_id: i64) {
    t.harness.state().backend().connection().connect_portal(
        profile,
        leasedesk::api::Connection {
            base_url,
            portal_id,
            subscription_key: leasedesk::api::Secret::new(leasedesk::sandbox::DEMO_KEY),
        },
        None,
    );
}

/// Waits until the outbox has sent everything.
/// "Send now" in the Outbox, unless the app sent everything itself first (it replays as soon
/// as the service answers again), then waits for the outbox to empty.
fn send_now(t: &mut TestApp) {
    if let Some(button) = t.harness.query_by_label("Send now") {
        button.click();
    }
    until_sent(t);
}

fn until_sent(t: &mut TestApp) {
    t.step_until("the outbox to empty", SYNC, |h| {
        h.state().backend().outbox().entries().is_empty()
    });
}

/// "Work offline" in the status bar, and the status bar saying so.
fn work_offline(t: &mut TestApp) {
    t.click("Work offline");
    t.wait_for_text("Working offline: changes wait in the Outbox");
}

/// Writes as the proxy lists them.
fn writes(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(m, p)| ((*m).to_owned(), (*p).to_owned()))
        .collect()
}

/// The cases on the service whose people have this last name.
fn with_last_name(direct: &Client, last_name: &str) -> Vec<SearchCase> {
    block_on(direct.search(&SearchQuery {
        last_name: Some(last_name.into()),
        ..SearchQuery::default()
    }))
    .unwrap()
    .cases
    .into_vec()
}

fn outbox_len(t: &TestApp) -> usize {
    t.harness.state().backend().outbox().entries().len()
}

#[test]
fn an_activity_logged_offline_waits_in_the_outbox_and_arrives_once() {
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    let row = log_a_call(&mut t, 3);
    faults.set("*", "/", Fault::Drop);
    t.type_into("Description", "Offline call about respite care");
    t.click("Save activity");
    t.wait_for_text("Saved offline");
    // Nothing answered: the status bar must not say that the service is there.
    assert!(
        matches!(
            t.harness.state().backend().connection().reach(),
            Reach::Offline { .. }
        ),
        "a queued save is no answer from the service"
    );
    t.wait_for_text("Offline since");
    assert_eq!(
        t.harness.query_all_by_label_contains("✔ Connected").count(),
        0
    );
    t.click("Close");
    t.wait_for_text("Outbox: 1 waiting");
    assert_eq!(
        on_the_service(
            &direct,
            row.individual_id,
            "Offline call about respite care"
        ),
        0
    );
    // Nothing of it on disk in plain text: the outbox is sealed.
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir.path().join("offline")).unwrap() {
        files.extend(std::fs::read(entry.unwrap().path()).unwrap());
    }
    assert!(
        memchr::memmem::find(&files, b"respite").is_none(),
        "the queued activity is on disk in plain text"
    );

    t.click("Outbox");
    t.wait_for_text("Offline call about respite care");
    t.wait_for_text("Sent; checking with the service whether it arrived");
    faults.clear();
    t.click("Send now");
    t.step_until("the outbox to empty", Duration::from_secs(60), |h| {
        h.state().backend().outbox().entries().is_empty()
    });
    t.wait_for_text("Nothing is waiting to be sent.");
    assert_eq!(
        on_the_service(
            &direct,
            row.individual_id,
            "Offline call about respite care"
        ),
        1,
        "exactly one arrived"
    );
    assert_eq!(faults.forwarded("POST", "/v3/Activity"), 1);
}

#[test]
fn a_lost_answer_is_looked_for_before_the_activity_is_sent_again() {
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    let row = log_a_call(&mut t, 4);
    // It reaches the service; its answer is lost on the way back.
    faults.set("POST", "/v3/Activity", Fault::ForwardThenDrop);
    t.type_into("Description", "Tour booked by phone");
    t.click("Save activity");
    t.wait_for_text("Saved offline");
    t.click("Close");
    assert_eq!(
        on_the_service(&direct, row.individual_id, "Tour booked by phone"),
        1
    );
    faults.clear();
    t.click("Outbox");
    // The lost answer counted as the service out of reach; the first answer after the fault
    // may already have sent the outbox by itself, so Send now is pressed only if still there.
    if let Some(send) = t.harness.query_by_label("Send now") {
        send.click();
    }
    t.step_until("the outbox to empty", Duration::from_secs(60), |h| {
        h.state().backend().outbox().entries().is_empty()
    });
    assert_eq!(
        on_the_service(&direct, row.individual_id, "Tour booked by phone"),
        1,
        "found on the service, not sent twice"
    );
    assert_eq!(faults.forwarded("POST", "/v3/Activity"), 1);
}

#[test]
fn a_refused_change_can_be_edited_and_sent_again_or_discarded() {
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    let row = log_a_call(&mut t, 2);
    faults.set("*", "/", Fault::Drop);
    t.type_into("Description", "Asked for the price list");
    t.click("Save activity");
    t.wait_for_text("Saved offline");
    t.click("Close");
    t.click("Outbox");
    t.wait_for_text("Asked for the price list");

    // Back, but the service refuses it.
    faults.clear();
    faults.set("POST", "/v3/Activity", Fault::Refuse);
    t.click("Send now");
    t.wait_for_text("The service refused it: CampaignId is not open for changes");
    t.wait_for_text("Outbox: 1 refused");
    faults.clear();
    t.click("Edit and send again");
    t.step_until(
        "the form with what was typed",
        Duration::from_secs(30),
        |h| {
            h.state().log_activity_form().is_some_and(|f| {
                f.draft.description == "Asked for the price list" && f.lists_loaded()
            })
        },
    );
    // The dialog settles at its full size before anything in it is clicked.
    for _ in 0..5 {
        t.harness.step();
    }
    t.type_into("Description", " and the menu");
    t.click("Save activity");
    t.wait_for_text("Activity saved");
    t.click("Close");
    t.step_until("the refused entry to go", Duration::from_secs(30), |h| {
        h.state().backend().outbox().entries().is_empty()
    });
    assert_eq!(
        on_the_service(
            &direct,
            row.individual_id,
            "Asked for the price list and the menu"
        ),
        1
    );
    assert_eq!(
        on_the_service(&direct, row.individual_id, "Asked for the price list"),
        0
    );

    // Another one, refused, then discarded: it never reaches the service.
    let row = log_a_call(&mut t, 6);
    faults.set("*", "/", Fault::Drop);
    t.type_into("Description", "Wrong person");
    t.click("Save activity");
    t.wait_for_text("Saved offline");
    t.click("Close");
    faults.clear();
    faults.set("POST", "/v3/Activity", Fault::Refuse);
    t.click("Outbox");
    t.click("Send now");
    t.wait_for_text("The service refused it: CampaignId is not open for changes");
    t.click("Discard");
    t.step_until("the discarded entry to go", Duration::from_secs(30), |h| {
        h.state().backend().outbox().entries().is_empty()
    });
    assert_eq!(outbox_len(&t), 0);
    faults.clear();
    assert_eq!(
        on_the_service(&direct, row.individual_id, "Wrong person"),
        0
    );
}

#[test]
fn an_activity_and_an_rsvp_move_made_offline_arrive_once_each_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    let (campaign, member) = campaign_with_invitee(&direct);
    let card = format!("{} {}", member.first_name, member.last_name);
    open_board(&mut t, &campaign, &member);
    let row = log_a_call(&mut t, 5);

    // The network goes; both changes are made anyway.
    faults.set("*", "/", Fault::Drop);
    t.type_into("Description", "Called to confirm the open house");
    t.click("Save activity");
    t.wait_for_text("Saved offline");
    t.click("Close");
    t.click("Campaigns");
    t.wait_for_label(&card);
    move_by_keyboard(&mut t, &card, "Move to RSVP");
    t.wait_for_text("Moved offline: waiting to be sent");
    t.wait_for_text("Outbox: 2 waiting");
    assert!(
        faults.writes_in_order().is_empty(),
        "nothing reached the service"
    );

    // Back: both are sent by themselves (the service answering again starts the replay).
    faults.clear();
    t.step_until("the outbox to empty", Duration::from_secs(90), |h| {
        h.state().backend().outbox().entries().is_empty()
    });
    assert_eq!(
        on_the_service(
            &direct,
            row.individual_id,
            "Called to confirm the open house"
        ),
        1
    );
    let members = block_on(direct.campaign_individuals(campaign.id)).unwrap();
    let now = members
        .iter()
        .find(|m| m.individual_id == member.individual_id)
        .unwrap();
    assert_eq!(now.status(), Some(CampaignStatus::Rsvp));
    let writes: Vec<String> = faults
        .writes_in_order()
        .into_iter()
        .map(|(m, p)| format!("{m} {p}"))
        .collect();
    assert_eq!(
        writes,
        vec!["POST /v3/Activity", "POST /v3/CampaignIndividual"],
        "each once, in the order they were made"
    );
}

/// Where the keyring keeps the key of the proxy profile's copy (demo portal 4200).
fn copy_key_account() -> String {
    format!(
        "{}/offline-copy-key",
        leasedesk::engine::store_id::profile("Faulty network", 4200)
    )
}
const CHILD_DIR: &str = "LEASEDESK_TEST_CHILD_DIR";
const CHILD_KEY: &str = "LEASEDESK_TEST_CHILD_KEY";

/// The first process of the kill test (run by it, ignored otherwise): logs two activities
/// offline, then starts sending them; the first reaches the service and its answer never
/// comes. It says so on stdout and waits to be killed.
#[test]
#[ignore = "run by a_replay_killed_part_way_sends_each_change_once_after_a_restart"]
fn child_queues_two_activities_and_is_killed_while_sending() {
    let (Some(dir), Ok(key)) = (std::env::var_os(CHILD_DIR), std::env::var(CHILD_KEY)) else {
        return;
    };
    let (mut t, faults, _) = keeping_a_copy_with_key(std::path::Path::new(&dir), Some(&key));
    for (nth, text) in [
        (3, "First call, before the crash"),
        (4, "Second call, before the crash"),
    ] {
        log_a_call(&mut t, nth);
        faults.set("*", "/", Fault::Drop);
        t.type_into("Description", text);
        t.click("Save activity");
        t.wait_for_text("Saved offline");
        t.click("Close");
        faults.clear();
        faults.set("POST", "/", Fault::Drop);
    }
    t.wait_for_text("Outbox: 2 waiting");
    faults.clear();
    faults.set("POST", "/v3/Activity", Fault::ForwardThenStall);
    t.click("Outbox");
    t.click("Send now");
    t.step_until(
        "the first to reach the service",
        Duration::from_secs(60),
        |_| faults.forwarded("POST", "/v3/Activity") == 1,
    );
    println!("SENDING");
    std::thread::sleep(Duration::from_secs(120));
}

/// Ignored in the parallel suite (the second process it starts is starved there); `.ci/run`
/// runs it alone right after `cargo test`.
#[test]
#[ignore = "run alone by .ci/run: cargo test --test app -- --ignored --exact offline::a_replay_killed_part_way_sends_each_change_once_after_a_restart"]
fn a_replay_killed_part_way_sends_each_change_once_after_a_restart() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let key = leasedesk::engine::store::SealKey::generate()
        .unwrap()
        .to_hex();
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "offline::child_queues_two_activities_and_is_killed_while_sending",
            "--ignored",
            "--nocapture",
        ])
        .env(CHILD_DIR, dir.path())
        .env(CHILD_KEY, key.as_str())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let sending = std::io::BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
        .any(|line| line.contains("SENDING"));
    // SIGKILL: no destructor, no flush, nothing of the app's own.
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(sending, "the first process never got as far as sending");

    // A new process on the same folder: the same sandbox file, the same outbox. It opens
    // while the service does not answer, so what the kill left is seen before any replay
    // (a replay starts by itself after the first sync).
    let down = Arc::new(Faults::default());
    down.set("*", "/", Fault::Drop);
    let (mut t, faults, direct) = opened_with_key(dir.path(), Some(&key), down);
    assert_eq!(
        t.harness.state().backend().outbox().kind(),
        Some(OutboxKind::OnDisk)
    );
    t.click("Outbox");
    t.wait_for_text("First call, before the crash");
    t.wait_for_text("Second call, before the crash");
    let states: Vec<_> = t
        .harness
        .state()
        .backend()
        .outbox()
        .entries()
        .iter()
        .map(|e| e.state.clone())
        .collect();
    assert_eq!(
        states.first(),
        Some(&leasedesk::engine::store::outbox::QueueState::Sending),
        "the one in flight is known to be unsettled: {states:?}"
    );
    // The service answers again: the replay looks for the first before sending the second.
    faults.clear();
    t.step_until("the outbox to empty", Duration::from_secs(90), |h| {
        h.state().backend().outbox().entries().is_empty()
    });
    // Every page: the demo has more activities than one page holds.
    let calls =
        crate::agent_day::all_activities(&direct, leasedesk::api::model::ActivityFilter::AllUsers);
    let count = |name: &str| calls.iter().filter(|a| a.activity_name == name).count();
    assert_eq!(
        count("First call, before the crash"),
        1,
        "found, not sent again"
    );
    assert_eq!(count("Second call, before the crash"), 1);
    assert_eq!(
        faults.forwarded("POST", "/v3/Activity"),
        1,
        "after the restart only the second was sent"
    );
}

/// What a screen says when it shows the offline copy because the service cannot be reached.
const FROM_THE_COPY: &str = "Showing the offline copy of the";

#[test]
fn every_pane_opens_on_the_offline_copy_when_the_service_cannot_be_reached() {
    use leasedesk::api::model::{CampaignQuery, UserQuery};
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    let kept = t
        .harness
        .state()
        .backend()
        .offline_copy()
        .store()
        .unwrap()
        .answers_kept();
    assert!(kept >= 8, "the sync keeps what the screens show: {kept}");
    let campaign = block_on(direct.campaigns(&CampaignQuery::default()))
        .unwrap()
        .into_vec()
        .remove(0);
    let user = block_on(direct.users(&UserQuery::default()))
        .unwrap()
        .into_vec()
        .remove(0);
    let Link::Portal {
        base_url,
        portal_id,
        ..
    } = t.harness.state().backend().connection().link()
    else {
        panic!("not through the proxy");
    };

    let zone = t.harness.state().backend().connection().zone();
    assert_eq!(
        zone.name(),
        "America/New_York",
        "the demo portal's zone was learned"
    );

    // The network goes, and the app connects again (as after a restart): it reads the sealed
    // copy from disk, and every screen opens on it.
    faults.set("*", "/", Fault::Drop);
    connect_again(&t, "Faulty network", base_url, portal_id);
    t.step_until("the new connection", SYNC, |h| {
        matches!(h.state().backend().connection().link(), Link::Portal { .. })
    });
    // Times stay in the portal's zone, not this computer's, and My day knows whose it is.
    t.step_until("the kept zone and user", SYNC, |h| {
        h.state().backend().connection().zone() == zone
            && h.state().backend().connection().me().is_some()
    });
    t.click("Calendar");
    t.wait_for_text(FROM_THE_COPY);
    assert!(
        t.harness
            .state()
            .panes
            .calendar
            .activities()
            .is_some_and(|list| !list.is_empty()),
        "the calendar shows the kept activities"
    );
    t.wait_for_text("Offline since");
    t.click("Inventory");
    t.wait_for_text(FROM_THE_COPY);
    t.click("Campaigns");
    t.wait_for_text(FROM_THE_COPY);
    t.wait_for_label(&crate::campaigns::campaign_label(&campaign));
    t.click("Users");
    t.wait_for_text(FROM_THE_COPY);
    t.wait_for_text(&user.name);
    t.click("Admissions");
    t.wait_for_text(FROM_THE_COPY);

    // Back online: the screens read the service again by themselves.
    faults.clear();
    t.step_until("the users from the service", SYNC, |h| {
        use egui_kittest::kittest::Queryable;
        h.state().backend().connection().reach() == Reach::Online
            && h.query_all_by_label_contains(FROM_THE_COPY).count() == 0
    });
}

#[test]
fn work_offline_by_hand_keeps_writes_in_the_outbox_until_going_online() {
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    let row = log_a_call(&mut t, 6);
    t.click("Close");
    work_offline(&mut t);
    let forwarded_before = faults.writes_in_order().len();
    t.click("Search");
    t.wait_for_label("Log a call…");
    t.click("Log a call…");
    t.step_until("the form with its lists", SYNC, |h| {
        h.state()
            .log_activity_form()
            .is_some_and(|f| f.draft.type_id.is_some() && f.lists_loaded())
    });
    t.until_still("Save activity");
    t.type_into("Description", "Chose to work offline on the tour");
    t.click("Save activity");
    t.wait_for_text("Saved offline");
    t.click("Close");
    t.wait_for_text("Outbox: 1 waiting");
    assert_eq!(
        faults.writes_in_order().len(),
        forwarded_before,
        "nothing was sent while working offline"
    );
    assert_eq!(
        on_the_service(
            &direct,
            row.individual_id,
            "Chose to work offline on the tour"
        ),
        0
    );
    // A screen opened meanwhile shows the copy and says why, with nothing to retry.
    t.click("Inventory");
    t.wait_for_text("Working offline.");
    t.wait_for_text("Go online (status bar) to read the service again.");
    assert!(
        t.harness
            .query_all_by_label_contains("Trying again by itself")
            .next()
            .is_none()
    );

    t.click("Go online");
    until_sent(&mut t);
    assert_eq!(
        on_the_service(
            &direct,
            row.individual_id,
            "Chose to work offline on the tour"
        ),
        1
    );
    assert_eq!(faults.forwarded("POST", "/v3/Activity"), 1);
}

/// All the person's activities on the service.
fn activities_of(direct: &Client, individual_id: i64) -> Vec<leasedesk::api::model::Activity> {
    block_on(direct.activities(&ActivityQuery {
        individual_id: Some(individual_id),
        page_size: Some(500),
        ..ActivityQuery::default()
    }))
    .unwrap()
    .into_vec()
}

#[test]
fn an_outcome_and_its_next_step_saved_offline_arrive_once_each_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    t.click("Calendar");
    t.step_until("the calendar", SYNC, |h| {
        h.state().panes.calendar.activities().is_some()
            && h.state().backend().connection().me().is_some()
    });
    t.click_first("Log outcome…");
    t.step_until("the log-outcome dialog", SYNC, |h| {
        h.state().log_outcome_form().is_some_and(|f| {
            f.outcome.type_id.is_some() && f.next.type_id.is_some() && f.next.assignee_id.is_some()
        })
    });
    t.until_still("Save outcome and next step");
    let item = t
        .harness
        .state()
        .log_outcome_form()
        .unwrap()
        .target
        .activity
        .clone()
        .expect("an item is followed up");
    let before = activities_of(&direct, item.individual_id).len();

    faults.set("*", "/", Fault::Drop);
    let said = "Left a voicemail about the waitlist";
    t.type_into("What was said", said);
    t.click("Save outcome and next step");
    t.wait_for_text("Saved offline");
    t.click("Close");
    t.wait_for_text("Outbox: 2 waiting");
    // The calendar shows them as pending until they reach the service.
    t.click("Calendar");
    t.wait_for_text("Waiting to be sent (2)");
    // Pending, or sent with its answer lost (then looked for before it is sent again).
    t.step_until("both listed as waiting", SYNC, |h| {
        use egui_kittest::kittest::Queryable;
        h.query_all_by_label_contains("⟳ ").count() == 2
    });
    assert!(
        faults.writes_in_order().is_empty(),
        "nothing reached the sandbox"
    );
    assert_eq!(activities_of(&direct, item.individual_id).len(), before);

    faults.clear();
    t.click("Outbox");
    send_now(&mut t);
    let after = activities_of(&direct, item.individual_id);
    assert_eq!(
        after.len(),
        before + 2,
        "the outcome and the next step, once each"
    );
    let noted = |a: &&leasedesk::api::model::Activity| {
        a.notes.iter().flatten().any(|n| n.message.contains(said))
    };
    assert_eq!(after.iter().filter(noted).count(), 1);
    assert_eq!(
        faults.writes_in_order(),
        writes(&[("POST", "/v3/Activity"), ("POST", "/v3/Activity")])
    );
}

#[test]
fn a_checklist_item_and_a_tour_made_while_working_offline_arrive_once_each_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    // The case and its checklist are opened while online.
    let row = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .nth(7)
        .unwrap()
        .clone();
    t.click(&row.name);
    t.wait_for_label("Schedule a tour…");
    t.click("Admissions");
    t.type_into("Case number", &row.case_number);
    // The queue above fills in its counts as they come and moves the button down: a person
    // clicks again if the first click missed.
    t.click_until("Show checklist", "the checklist view", |h| {
        h.query_by_label("Back to move-ins coming up").is_some()
    });
    t.step_until("the checklist", SYNC, |h| {
        h.state()
            .panes
            .admissions
            .requirements()
            .is_some_and(|l| l.iter().any(|r| !r.is_met && !r.dismiss))
    });
    let target = t
        .harness
        .state()
        .panes
        .admissions
        .requirements()
        .unwrap()
        .iter()
        .find(|r| !r.is_met && !r.dismiss)
        .unwrap()
        .clone();
    let tours_before = activities_of(&direct, row.individual_id)
        .iter()
        .filter(|a| a.activity_type.as_deref() == Some("Tour"))
        .count();

    // The answer is kept in the copy after it is shown (a write of its own): going offline
    // before that would find nothing to show.
    let (case, community) = t
        .harness
        .state()
        .panes
        .admissions
        .checklist
        .shown_case()
        .unwrap();
    let key = leasedesk::engine::answer_keys::admission(case.parse().unwrap(), community);
    t.step_until("the checklist kept in the copy", SYNC, |h| {
        h.state()
            .backend()
            .offline_copy()
            .store()
            .is_some_and(|r| r.kept_answer(&key).is_some())
    });
    work_offline(&mut t);
    // Working offline, the checklist is read again from the copy: it is back in a moment.
    let mark = format!("Mark {} met…", target.requirement_name);
    t.wait_for_label(&mark);
    t.until_still(&mark);
    t.click(&mark);
    t.choose("Result", &target.type_select[0].label);
    t.click("Save");
    t.wait_for_text("Saved offline");
    t.wait_for_text("Changed offline: waiting to be sent");

    t.click("Search");
    t.wait_for_label("Schedule a tour…");
    t.click("Schedule a tour…");
    t.step_until("the tour form with its lists", SYNC, |h| {
        h.state().schedule_tour_form().is_some()
    });
    // Their day arrives from the copy meanwhile and may move the button: clicked again then.
    t.click_until("Schedule tour", "the tour saved offline", |h| {
        h.query_all_by_label_contains("Tour saved offline").count() > 0
    });
    t.click("Close");
    t.wait_for_text("Outbox: 2 waiting");
    assert!(faults.writes_in_order().is_empty(), "nothing was sent");

    t.click("Go online");
    until_sent(&mut t);
    let writes = faults.writes_in_order();
    assert_eq!(writes.len(), 2, "{writes:?}");
    assert_eq!(writes[0].0, "PUT");
    assert!(writes[0].1.starts_with("/v3/admission"), "{writes:?}");
    assert_eq!(writes[1], ("POST".to_owned(), "/v3/Activity".to_owned()));
    let case_id = target.case_id;
    let met = block_on(direct.admission_requirements(case_id, target.community_id))
        .unwrap()
        .iter()
        .any(|r| r.admission_met_id == target.admission_met_id && r.is_met);
    assert!(met, "the requirement is met on the service");
    let tours_after = activities_of(&direct, row.individual_id)
        .iter()
        .filter(|a| a.activity_type.as_deref() == Some("Tour"))
        .count();
    assert_eq!(tours_after, tours_before + 1, "one tour arrived");
}

#[test]
fn a_move_in_refused_because_its_unit_was_taken_meanwhile_is_moved_to_another_unit() {
    use crate::inventory::{choose_unit_and_date, first_community, open_wizard_with, person};
    use leasedesk::api::model::{ContractIndividual, HousingContractQuery, SearchQuery};
    use leasedesk::domain::move_in::Step;
    use leasedesk::engine::store::outbox::{QueueState, QueuedWrite};
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    let (community_id, _) = first_community(&direct);
    let (mover, name, _) = person(&t, &direct, false);
    let rooms = crate::inventory::units_with_room_in(&t, &direct, community_id);
    let (taken, other) = (rooms[0].clone(), rooms[1].clone());
    open_wizard_with(&mut t, &name);
    choose_unit_and_date(&mut t, &taken, "2026-12-01");
    t.click("Next");
    work_offline(&mut t);
    t.click("Submit move-in");
    t.wait_for_text("Move-in saved offline");
    let Some(QueuedWrite::MoveIn(MoveInWrite { body, .. })) = t
        .harness
        .state()
        .backend()
        .outbox()
        .entries()
        .first()
        .map(|e| e.write.clone())
    else {
        panic!("the move-in waits in the outbox");
    };
    t.click("Inventory");
    t.wait_for_text("1 move-in saved offline, waiting to be sent");

    // Meanwhile another move-in fills the unit.
    let living = block_on(direct.housing_contracts(&HousingContractQuery {
        unit_id: Some(taken.id),
        ..HousingContractQuery::default()
    }))
    .unwrap()
    .iter()
    .filter(|c| c.active_lease)
    .count();
    let room = usize::try_from(taken.capacity).unwrap() - living;
    let others: Vec<i64> = block_on(direct.search(&SearchQuery::default()))
        .unwrap()
        .cases
        .iter()
        .map(|c| c.primary.individual_id)
        .filter(|id| *id != mover)
        .take(room)
        .collect();
    let mut theirs = (*body).clone();
    theirs.individuals = others
        .into_iter()
        .map(|individual_id| ContractIndividual { individual_id })
        .collect();
    block_on(direct.create_housing_contract(&theirs)).expect("the unit fills up");

    // Back online the move-in is refused; the Outbox says why and offers another unit.
    t.click("Go online");
    t.step_until("the refusal", SYNC, |h| {
        h.state()
            .backend()
            .outbox()
            .entries()
            .first()
            .is_some_and(|e| matches!(e.state, QueueState::Refused(_)))
    });
    t.click("Outbox");
    t.wait_for_text(&format!("The service refused it: Unit {}", taken.number));
    t.click("Choose another unit");
    assert_eq!(t.harness.state().panes.move_in.step, Step::Where);
    // The day typed, written the app's way.
    assert_eq!(
        leasedesk::domain::move_in::parse_day(&t.harness.state().panes.move_in.draft.move_in),
        Ok(chrono::NaiveDate::from_ymd_opt(2026, 12, 1))
    );
    t.wait_for_text("The service refused the move-in");
    // The list refreshes from the service before a unit is chosen.
    t.step_until("the units from the service", SYNC, |h| {
        h.state().panes.move_in.units_settled()
    });
    t.wait_for_label(&format!("Unit {}", other.number));
    t.until_still(&format!("Unit {}", other.number));
    t.click(&format!("Unit {}", other.number));
    for _ in 0..3 {
        t.click("Next");
    }
    assert_eq!(t.harness.state().panes.move_in.step, Step::Review);
    t.click("Submit move-in");
    t.wait_for_text("Move-in saved");
    t.step_until("the refused entry to go", SYNC, |h| {
        h.state().backend().outbox().entries().is_empty()
    });
    let theirs_now = block_on(direct.housing_contracts(&HousingContractQuery {
        individual_id: Some(mover),
        ..HousingContractQuery::default()
    }))
    .unwrap();
    let units: Vec<i64> = theirs_now.iter().map(|c| c.unit_id).collect();
    assert_eq!(units, vec![other.id], "one contract, in the other unit");
    assert_eq!(
        faults.forwarded("POST", "/v3/HousingContract"),
        2,
        "the refused move-in and the corrected one"
    );
}

/// The search rows shown for people called `name`.
fn rows_named(app: &leasedesk::ui::app::LeaseDeskApp, name: &str) -> Vec<CaseRow> {
    app.panes
        .cases
        .search
        .rows_in_order()
        .filter(|r| r.name == name)
        .cloned()
        .collect()
}

/// Works offline and creates a new individual (a walk-in) in the form, left open.
fn walk_in_saved_offline(t: &mut TestApp, first: &str, last: &str, email: &str) {
    t.click("Search");
    work_offline(t);
    t.open_new_individual(true);
    t.until_still("Create");
    t.type_into("First name", first);
    t.type_into("Last name", last);
    t.type_into("Email", email);
    t.click("Create");
    t.wait_for_text("Saved offline: they are created");
}

#[test]
fn a_walk_in_created_while_working_offline_arrives_once_with_its_inquiry() {
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    walk_in_saved_offline(
        &mut t,
        "Philippa",
        "Offlinesworth",
        "philippa.o@example.org",
    );
    // The same person cannot be kept twice by a second click.
    assert!(t.harness.query_by_label("Create").is_none());
    assert!(
        t.harness
            .get_by_label("Saved")
            .accesskit_node()
            .is_disabled()
    );
    t.click("Close");
    t.wait_for_text("Outbox: 1 waiting");
    assert!(faults.writes_in_order().is_empty(), "nothing was sent");
    // Search finds them, merged into the copy's answer and marked as waiting.
    t.click("Search");
    t.replace_text("Search cases", "offlinesworth");
    t.wait_for_text("and 1 person saved offline, waiting to be sent");
    t.wait_for_label("Philippa Offlinesworth");
    t.wait_for_label("Not sent yet");
    let shown = rows_named(t.harness.state(), "Philippa Offlinesworth");
    assert_eq!(
        shown.iter().map(|r| r.status.as_str()).collect::<Vec<_>>(),
        ["Not sent yet"]
    );
    // Opening them leads to the Outbox: there is no case to open yet.
    t.click("Philippa Offlinesworth");
    t.wait_for_text("Changes made while the service could not be reached");

    t.click("Go online");
    until_sent(&mut t);
    // Once sent, the service's case takes the place of the waiting row.
    t.click("Search");
    t.replace_text("Search cases", "offlinesworth ");
    t.step_until("the service's case", Duration::from_secs(60), |h| {
        let rows = rows_named(h.state(), "Philippa Offlinesworth");
        rows.len() == 1 && !rows[0].case_number.is_empty()
    });
    let found = with_last_name(&direct, "Offlinesworth");
    assert_eq!(found.len(), 1, "created once");
    let person = found[0].primary.individual_id;
    assert_eq!(activities_of(&direct, person).len(), 1, "with its inquiry");
    assert_eq!(
        faults.writes_in_order(),
        writes(&[("POST", "/v3/Individual"), ("POST", "/v3/Activity")])
    );
}

#[test]
fn a_walk_in_the_service_refused_is_corrected_in_the_form_and_sent_once() {
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    walk_in_saved_offline(&mut t, "Quentin", "Refusedly", "q.refusedly@example.org");
    t.click("Close");

    faults.set("POST", "/v3/Individual", Fault::Refuse);
    t.click("Go online");
    t.click("Outbox");
    t.wait_for_text("The service refused it: CampaignId is not open for changes");
    faults.clear();
    t.click("Edit and send again");
    t.wait_for_text("Saved offline, then refused by the service: CampaignId is not open");
    t.until_still("Create");
    let form = t
        .harness
        .state()
        .new_individual_form()
        .map(|f| f.draft.clone());
    assert_eq!(
        form.map(|d| (d.first_name, d.email)),
        Some(("Quentin".into(), "q.refusedly@example.org".into())),
        "what was typed is back in the form"
    );
    t.type_into("Last name", "-Corrected");
    t.until_still("Create");
    t.click("Create");
    t.wait_for_text("Created, in case");
    t.click("Close");
    t.step_until("the refused entry to go", SYNC, |h| {
        h.state().backend().outbox().entries().is_empty()
    });
    let found = with_last_name(&direct, "Refusedly-Corrected");
    assert_eq!(found.len(), 1, "created once, corrected");
    assert_eq!(faults.forwarded("POST", "/v3/Individual"), 1);
}

#[test]
fn a_walk_in_whose_answer_was_lost_is_looked_for_and_not_created_twice() {
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    t.click("Search");
    t.open_new_individual(true);
    t.until_still("Create");
    t.type_into("First name", "Rosalind");
    t.type_into("Last name", "Lostanswer");
    t.type_into("Mobile phone", "(614) 555-0199");
    // The create reaches the service; its answer is lost on the way back.
    faults.set("POST", "/v3/Individual", Fault::ForwardThenDrop);
    t.click("Create");
    t.wait_for_text("Saved offline: they are created");
    t.click("Close");
    faults.clear();
    t.click("Outbox");
    send_now(&mut t);
    let found = block_on(direct.search(&SearchQuery {
        last_name: Some("Lostanswer".into()),
        ..SearchQuery::default()
    }))
    .unwrap();
    assert_eq!(
        found.cases.len(),
        1,
        "found on the service, not created again"
    );
    assert_eq!(faults.forwarded("POST", "/v3/Individual"), 1);
    let person = found.cases[0].primary.individual_id;
    assert_eq!(activities_of(&direct, person).len(), 1, "its inquiry, once");
}

#[test]
fn an_answer_that_arrives_after_switching_portals_is_not_kept_in_the_new_copy() {
    use leasedesk::engine::answer_keys;
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, _) = keeping_a_copy(dir.path());
    let Link::Portal {
        base_url,
        portal_id,
        ..
    } = t.harness.state().backend().connection().link()
    else {
        panic!("not through the proxy");
    };
    t.click("Campaigns");
    t.wait_for_label("Find a campaign");
    // A search still on its way when the user switches to another portal.
    faults.set("GET", "/v3/Campaign", Fault::Slow);
    t.type_into("Find a campaign", "Holiday");
    t.click("Go");
    connect_again(&t, "Elsewhere", base_url, portal_id);
    t.step_until("the other portal", SYNC, |h| {
        matches!(h.state().backend().connection().link(), Link::Portal { profile, .. } if profile == "Elsewhere")
    });
    // Long enough for the slow answer to arrive, and for a kept answer to be written.
    let until = std::time::Instant::now() + Duration::from_secs(4);
    while std::time::Instant::now() < until {
        t.harness.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        faults.forwarded("GET", "/v3/Campaign") > 0,
        "the search reached the service"
    );
    let copy = t.harness.state().backend().offline_copy().store().unwrap();
    assert!(
        copy.kept_answer(&answer_keys::campaigns("Holiday"))
            .is_none(),
        "the first portal's answer is in the second portal's copy"
    );
}

/// The keyring's entry `account` of the (mock, per-process) LeaseDesk keyring, if any.
fn in_keyring(account: &str) -> Option<String> {
    keyring_core::Entry::new("LeaseDesk", account)
        .unwrap()
        .get_password()
        .ok()
}

#[test]
fn signing_out_and_removing_a_profile_delete_what_this_computer_kept_for_it() {
    const NAME: &str = "Signing out";
    let dir = tempfile::tempdir().unwrap();
    let mut t = Setup {
        keyring: true,
        data_dir: Some(dir.path().to_path_buf()),
        prefs: Prefs {
            profiles: vec![Profile {
                name: NAME.into(),
                keep_offline_copy: true,
                ..Profile::default()
            }],
            ..Prefs::default()
        },
        ..Setup::default()
    }
    .start();
    t.wait_connected();
    let sandbox = crate::support::sandbox_connection(&t);
    let portal_id = sandbox.portal_id;
    keyring_core::Entry::new("LeaseDesk", &format!("{NAME}/subscription-key"))
        .unwrap()
        .set_password(leasedesk::sandbox::DEMO_KEY)
        .unwrap();
    connect_again(&t, NAME, sandbox.base_url, portal_id);
    synced(&mut t);
    let key = leasedesk::engine::store_id::profile(NAME, portal_id);
    let copy = Store::path_for(dir.path(), &key);
    let local = leasedesk::engine::follow_up_file::FollowUpFile::path_for(dir.path(), &key);
    t.step_until("the copy sealed to disk", SYNC, |_| copy.exists());
    assert!(local.exists(), "the portal's local store is on disk");
    let copy_key = format!("{key}/offline-copy-key");
    assert!(
        in_keyring(&copy_key).is_some(),
        "the copy's key is in the keyring"
    );

    t.click("Settings");
    t.click("Sign out");
    t.wait_for_text("Its subscription key and password leave the keyring");
    t.wait_for_text("LeaseDesk switches to the embedded sandbox.");
    t.click("Sign out and delete its data");
    t.wait_for_text("Signed out of Signing out");
    assert!(!copy.exists(), "the sealed copy is deleted");
    assert!(
        !copy.with_extension("outbox").exists(),
        "its outbox is deleted"
    );
    assert!(!local.exists(), "its local store is deleted");
    assert_eq!(
        in_keyring(&copy_key),
        None,
        "the copy's key left the keyring"
    );
    assert_eq!(
        in_keyring(&format!("{NAME}/subscription-key")),
        None,
        "the subscription key left the keyring"
    );
    t.step_until("the sandbox", SYNC, |h| {
        matches!(
            h.state().backend().connection().link(),
            Link::Sandbox { .. }
        )
    });
    // A save that was due when signing out does not bring the copy back.
    let quiet = std::time::Instant::now() + Duration::from_secs(6);
    t.step_until("a while", Duration::from_secs(10), |_| {
        std::time::Instant::now() > quiet
    });
    assert!(!copy.exists(), "no save wrote the copy again");
    assert!(
        t.harness.state().prefs().profile(NAME).is_some(),
        "signing out keeps the profile"
    );

    t.click(&format!("Remove {NAME}"));
    t.wait_for_text("Remove the profile “Signing out”?");
    t.click("Remove profile and its data");
    t.wait_for_text("Removed Signing out");
    assert!(t.harness.state().prefs().profile(NAME).is_none());
    assert!(
        t.harness
            .query_by_label(&format!("Remove {NAME}"))
            .is_none(),
        "the profile is no longer listed"
    );
}

#[test]
fn units_created_and_imported_while_working_offline_arrive_once_each() {
    use leasedesk::api::model::{NewUnit, TypeList, TypeQuery, UnitNumber, UnitQuery};
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    let community = block_on(direct.communities()).unwrap().remove(0);
    let care = block_on(direct.types(&TypeQuery::list(TypeList::CareGroupType)))
        .unwrap()
        .remove(0);
    let before = block_on(direct.units(&UnitQuery::default())).unwrap().len();
    let file = dir.path().join("offline-units.csv");
    let u = &community.name_unique;
    std::fs::write(
        &file,
        format!(
            "CommunityUnique,CareGroupId,Name,Number\n{u},{id},Garden,Q981\n{u},{id},Corner,Q982\n",
            id = care.id
        ),
    )
    .unwrap();

    t.click("Inventory");
    t.step_until("the inventory", SYNC, |h| {
        h.state().panes.inventory.data().is_some()
    });
    work_offline(&mut t);
    t.click("Import units from CSV…");
    t.type_into("CSV file", &file.display().to_string());
    t.click("Open");
    t.wait_for_text("2 ready");
    t.click("Import 2 units");
    t.wait_for_text("2 saved offline (see Outbox)");
    t.wait_for_text("2 new units saved offline, waiting to be sent");
    t.click("New unit…");
    t.until_still("Number");
    t.choose("Care group", &care.name);
    t.type_into("Number", "Q983");
    t.click("Create unit");
    t.wait_for_text("Saved offline: the unit is created");
    t.wait_for_text("3 new units saved offline, waiting to be sent");
    assert!(faults.writes_in_order().is_empty(), "nothing was sent");
    // Meanwhile someone else creates one of the imported units.
    block_on(direct.create_units(vec![NewUnit {
        community_unique: u.clone(),
        care_group_id: care.id,
        floor_plan_id: None,
        name: "Corner".into(),
        number: UnitNumber("Q982".into()),
        square_feet: None,
        capacity: None,
        base_monthly: None,
        base_entrance: None,
    }]))
    .unwrap();

    t.click("Go online");
    until_sent(&mut t);
    let units = block_on(direct.units(&UnitQuery::default())).unwrap();
    for number in ["Q981", "Q982", "Q983"] {
        assert_eq!(
            units.iter().filter(|x| x.number == number).count(),
            1,
            "unit {number} exists once"
        );
    }
    assert_eq!(units.len(), before + 3);
    assert_eq!(
        faults.writes_in_order(),
        writes(&[("POST", "/v3/Unit"), ("POST", "/v3/Unit")]),
        "the import's entry and the form's, in order"
    );
    // The inventory reloads with them, and the waiting line goes.
    t.step_until("the units on the board", SYNC, |h| {
        h.state()
            .panes
            .inventory
            .data()
            .is_some_and(|d| d.units.iter().any(|x| x.number == "Q983"))
    });
    assert!(
        t.harness
            .query_all_by_label_contains("waiting to be sent (see Outbox)")
            .next()
            .is_none()
    );
}

/// Everyone's activities as the copy keeps them for the calendar and My Day.
fn kept_team_activities(t: &TestApp) -> Vec<leasedesk::api::model::Activity> {
    use leasedesk::api::model::ActivityFilter;
    use leasedesk::engine::answer_keys;
    let copy = t.harness.state().backend().offline_copy().store().unwrap();
    let (json, _) = copy
        .kept_answer(&answer_keys::activities(ActivityFilter::AllUsers))
        .expect("everyone's activities are kept");
    serde_json::from_slice(&json).unwrap()
}

#[test]
fn the_sync_keeps_everyones_activities_by_month_then_only_what_changed() {
    use leasedesk::api::model::{ActivityFilter, NewActivity};
    use leasedesk::service::activities::{SYNC_MONTHS, month_windows};
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    let first_fill = faults.forwarded_with("DateUpdatedStart=");
    let kept = kept_team_activities(&t);
    // What the service says was updated in those months: the copy has every one of them.
    let since = month_windows(t.clock.now().date_naive(), SYNC_MONTHS)[0].0;
    let on_service = block_on(direct.activities(&ActivityQuery {
        filter: Some(ActivityFilter::AllUsers),
        date_updated_start: Some(since.into()),
        page_size: Some(5000),
        ..ActivityQuery::default()
    }))
    .unwrap();
    let kept_ids: std::collections::HashSet<i64> = kept.iter().map(|a| a.id).collect();
    assert!(!on_service.is_empty());
    assert!(
        on_service.iter().all(|a| kept_ids.contains(&a.id)),
        "{} of {} kept",
        on_service
            .iter()
            .filter(|a| kept_ids.contains(&a.id))
            .count(),
        on_service.len()
    );
    assert!(
        first_fill >= SYNC_MONTHS as usize || kept.len() > on_service.len(),
        "the first fill reads month by month ({first_fill} reads), unless My Day kept everything first"
    );

    // A new activity on the service: the next sync reads only what changed, and keeps it.
    let person = kept[0].individual_id;
    let type_id = block_on(direct.types(&leasedesk::api::model::TypeQuery::list(
        leasedesk::api::model::TypeList::ActivityTypes,
    )))
    .unwrap()[0]
        .id;
    let created = block_on(direct.create_activities(vec![NewActivity {
        individual_id: Some(person),
        description: Some("Kept by the incremental sync".into()),
        ..NewActivity::new(type_id, t.clock.now().fixed_offset())
    }]))
    .unwrap();
    let new_id = created.activity_ids[0];
    let before = faults.forwarded_with("DateUpdatedStart=");
    // Between hourly sweeps a sync reads no page of every case, only the changed case.
    let sweeps_before = faults.forwarded_with("PageSize=2000");
    let by_number = format!("CaseNumber={}", kept[0].case_number);
    let by_number_before = faults.forwarded_with_param(&by_number);
    t.harness.state().backend().sync().now();
    t.step_until("the new activity in the copy", SYNC, |h| {
        let status = h.state().backend().offline_copy().status();
        status.syncing.is_none() && {
            let copy = h.state().backend().offline_copy().store().unwrap();
            copy.kept_answer(&leasedesk::engine::answer_keys::activities(
                ActivityFilter::AllUsers,
            ))
            .is_some_and(|(json, _)| {
                serde_json::from_slice::<Vec<leasedesk::api::model::Activity>>(&json)
                    .unwrap()
                    .iter()
                    .any(|a| a.id == new_id)
            })
        }
    });
    let reads = faults.forwarded_with("DateUpdatedStart=") - before;
    assert!(
        (1..=3).contains(&reads),
        "only what changed since the last sync was read ({reads} reads)"
    );
    assert_eq!(kept_team_activities(&t).len(), kept.len() + 1);
    t.step_until("the sync's end", SYNC, |h| {
        h.state()
            .backend()
            .offline_copy()
            .status()
            .syncing
            .is_none()
    });
    assert_eq!(
        faults.forwarded_with("PageSize=2000"),
        sweeps_before,
        "no sweep of every case within the hour"
    );
    assert_eq!(
        faults.forwarded_with_param(&by_number),
        by_number_before + 1,
        "the case whose activity changed was read by its number"
    );
}

#[test]
fn a_sync_cut_off_mid_answer_keeps_the_last_sync_says_so_and_the_next_sync_completes() {
    use leasedesk::api::model::NewActivity;
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    let kept: std::collections::BTreeSet<i64> =
        kept_team_activities(&t).iter().map(|a| a.id).collect();
    let cases = t.harness.state().backend().offline_copy().status().cases;
    let type_id = block_on(direct.types(&leasedesk::api::model::TypeQuery::list(
        leasedesk::api::model::TypeList::ActivityTypes,
    )))
    .unwrap()[0]
        .id;
    let person = kept_team_activities(&t)[0].individual_id;
    let created = block_on(direct.create_activities(vec![NewActivity {
        individual_id: Some(person),
        description: Some("Arrives after the cut".into()),
        ..NewActivity::new(type_id, t.clock.now().fixed_offset())
    }]))
    .unwrap();
    let new_id = created.activity_ids[0];

    // Every answer about activities is cut off half way through its body.
    faults.set("GET", "/v3/Activity", Fault::Truncated);
    t.harness.state().backend().sync().now();
    t.step_until("the cut sync's end", SYNC, |h| {
        let status = h.state().backend().offline_copy().status();
        status.syncing.is_none() && status.problem.is_some()
    });
    t.wait_at_rest();
    assert!(
        t.harness.query_by_label("⚠ last sync failed").is_some(),
        "the status bar says the sync failed"
    );
    let after_cut: std::collections::BTreeSet<i64> =
        kept_team_activities(&t).iter().map(|a| a.id).collect();
    assert_eq!(
        after_cut, kept,
        "the copy is as the last whole sync left it"
    );
    assert_eq!(
        t.harness.state().backend().offline_copy().status().cases,
        cases
    );
    let search = &t.harness.state().panes.cases.search;
    assert!(
        search.rows_in_order().count() > 0,
        "search still lists cases"
    );

    // The network mends: the next sync completes and keeps what the cut one missed.
    faults.clear();
    t.harness.state().backend().sync().now();
    t.step_until("the mended sync keeps the new activity", SYNC, |h| {
        let status = h.state().backend().offline_copy().status();
        status.syncing.is_none()
            && status.problem.is_none()
            && h.state()
                .backend()
                .offline_copy()
                .store()
                .and_then(|copy| {
                    copy.kept_answer(&leasedesk::engine::answer_keys::activities(
                        leasedesk::api::model::ActivityFilter::AllUsers,
                    ))
                })
                .is_some_and(|(json, _)| {
                    serde_json::from_slice::<Vec<leasedesk::api::model::Activity>>(&json)
                        .unwrap()
                        .iter()
                        .any(|a| a.id == new_id)
                })
    });
    // The panes read again after the sync: what they show is looked at once the engine rests.
    t.wait_at_rest();
    assert!(t.harness.query_by_label("⚠ last sync failed").is_none());
}

/// Asks the window to close, as its ✖ does; returns whether the app held the close back.
fn request_close(t: &mut TestApp) -> bool {
    t.harness
        .input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    t.harness.step();
    if let Some(root) = t
        .harness
        .input_mut()
        .viewports
        .get_mut(&egui::ViewportId::ROOT)
    {
        root.events.clear();
    }
    viewport_command(t, |c| matches!(c, egui::ViewportCommand::CancelClose))
}

fn viewport_command(t: &TestApp, wanted: impl Fn(&egui::ViewportCommand) -> bool) -> bool {
    t.harness
        .output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .is_some_and(|o| o.commands.iter().any(wanted))
}

#[test]
fn closing_with_changes_only_this_run_keeps_asks_first_and_names_the_count() {
    // No keyring: the outbox lives in memory and dies with the window.
    let mut t = crate::support::app();
    t.wait_connected();
    t.wait_for_cases();
    assert!(!request_close(&mut t), "nothing waits: the window closes");
    let _ = log_a_call(&mut t, 2);
    t.click("Close");
    work_offline(&mut t);
    t.click("Search");
    t.wait_for_label("Log a call…");
    t.click("Log a call…");
    t.step_until("the form with its lists", SYNC, |h| {
        h.state()
            .log_activity_form()
            .is_some_and(|f| f.draft.type_id.is_some() && f.lists_loaded())
    });
    t.until_still("Save activity");
    t.type_into("Description", "Kept only while the window is open");
    t.click("Save activity");
    t.wait_for_text("Saved offline");
    t.click("Close");
    assert_eq!(
        t.harness.state().backend().outbox().kind(),
        Some(OutboxKind::ThisRunOnly)
    );

    assert!(request_close(&mut t), "the close is held back");
    t.wait_for_text("1 change not sent yet");
    t.click("Keep LeaseDesk open");
    t.harness.step();
    assert!(t.harness.query_by_label("1 change not sent yet").is_none());
    assert_eq!(t.harness.state().backend().outbox().entries().len(), 1);

    assert!(request_close(&mut t), "asked again");
    t.click("Close and lose 1 change");
    assert!(
        t.harness.state().closing_anyway(),
        "closing anyway closes the window"
    );
    assert!(!request_close(&mut t), "and is not held back again");
}

#[test]
fn a_create_not_found_after_a_lost_answer_is_looked_for_before_every_later_send() {
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    let row = log_a_call(&mut t, 6);
    // Every create is cut off after it leaves (and never reaches the service).
    faults.set("POST", "/v3/Activity", Fault::Drop);
    t.type_into("Description", "Asked twice, answered never");
    t.click("Save activity");
    t.wait_for_text("Saved offline");
    t.click("Close");
    t.click("Outbox");
    if let Some(send) = t.harness.query_by_label("Send now") {
        send.click();
    }
    // The replay looks (not there), sends (cut off), looks again (not there).
    let looks = format!("IndividualId={}", row.individual_id);
    t.step_until("two looks at the person's activities", SYNC, |_| {
        faults.forwarded_with(&looks) >= 2
    });
    let settled = std::time::Instant::now() + Duration::from_secs(2);
    while std::time::Instant::now() < settled {
        t.harness.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    let states: Vec<_> = t
        .harness
        .state()
        .backend()
        .outbox()
        .entries()
        .iter()
        .map(|e| e.state.clone())
        .collect();
    assert_eq!(
        states,
        vec![leasedesk::engine::store::outbox::QueueState::Sending],
        "its outcome stays unknown, so the next try looks first"
    );
    t.wait_for_text("Sent; checking with the service whether it arrived");
    faults.clear();
    let looked_before = faults.forwarded_with(&looks);
    send_now(&mut t);
    assert!(
        faults.forwarded_with(&looks) > looked_before,
        "looked for before it was sent again"
    );
    assert_eq!(
        on_the_service(&direct, row.individual_id, "Asked twice, answered never"),
        1
    );
}

/// The app keeping a copy for `profile` through a fault proxy, without asserting where its
/// outbox lives (a lost key keeps it in memory).
fn keeping_a_copy_as(dir: &std::path::Path, profile: &str) -> (TestApp, Arc<Faults>) {
    let mut t = Setup {
        options: options(),
        keyring: true,
        data_dir: Some(dir.to_path_buf()),
        prefs: Prefs {
            profiles: vec![Profile {
                name: profile.into(),
                keep_offline_copy: true,
                ..Profile::default()
            }],
            ..Prefs::default()
        },
        ..Setup::default()
    }
    .start();
    t.wait_connected();
    let faults = faults::connect_as(&mut t, profile, Arc::default());
    (t, faults)
}

/// Rows in an outbox file, counted without its key.
fn rows_in(path: &std::path::Path) -> i64 {
    rusqlite::Connection::open(path)
        .unwrap()
        .query_row("SELECT count(*) FROM outbox", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn a_lost_copy_key_never_costs_a_saved_change_and_the_count_is_shown() {
    const NAME: &str = "Lost key";
    let dir = tempfile::tempdir().unwrap();
    let key_account = format!(
        "{}/offline-copy-key",
        leasedesk::engine::store_id::profile(NAME, 4200)
    );
    {
        let (mut t, faults) = keeping_a_copy_as(dir.path(), NAME);
        synced(&mut t);
        t.wait_for_cases();
        assert_eq!(
            t.harness.state().backend().outbox().kind(),
            Some(OutboxKind::OnDisk)
        );
        log_a_call(&mut t, 2);
        faults.set("*", "/", Fault::Drop);
        t.type_into("Description", "Saved before the key was lost");
        t.click("Save activity");
        t.wait_for_text("Saved offline");
        t.click("Close");
        assert_eq!(outbox_len(&t), 1);
    }
    let outbox = dir.path().join("offline").join(format!(
        "{}.outbox",
        leasedesk::engine::store_id::profile(NAME, 4200)
    ));
    assert!(outbox.exists(), "{}", outbox.display());
    assert_eq!(rows_in(&outbox), 1);
    // The keyring loses the copy's key (reset, restored from an old backup…).
    keyring_core::Entry::new("LeaseDesk", &key_account)
        .unwrap()
        .delete_credential()
        .unwrap();

    let (mut t, _faults) = keeping_a_copy_as(dir.path(), NAME);
    t.click("Outbox");
    t.wait_for_text("⚠ 1 change saved here cannot be opened with this computer's key");
    assert_eq!(rows_in(&outbox), 1, "nothing was discarded");
    assert_eq!(
        in_keyring(&key_account),
        None,
        "no new key over the old one"
    );
    assert_eq!(t.harness.state().backend().outbox().unopened_changes(), 1);
    // New work still has somewhere to wait, for this run.
    assert_eq!(
        t.harness.state().backend().outbox().kind(),
        Some(OutboxKind::ThisRunOnly)
    );

    // Exported still sealed, then discarded only on an explicit second word naming the count.
    let exports = tempfile::tempdir().unwrap();
    leasedesk::ui::files::save_without_asking_into(Some(exports.path().to_path_buf()));
    t.click("Export them sealed…");
    t.wait_for_text("Saved 1 change (still encrypted)");
    leasedesk::ui::files::save_without_asking_into(None);
    let exported =
        std::fs::read_to_string(exports.path().join("leasedesk-unopened-changes.jsonl")).unwrap();
    assert_eq!(exported.lines().count(), 1);
    assert!(!exported.contains("Saved before"), "still sealed");
    t.click("Discard them…");
    t.wait_for_text("Discarding deletes 1 change for good");
    assert_eq!(rows_in(&outbox), 1, "not before the second word");
    t.click("Discard 1 change");
    t.step_until("the row to go", SYNC, |h| {
        h.state().backend().outbox().unopened_changes() == 0
    });
    assert_eq!(rows_in(&outbox), 0);
}

#[test]
fn removing_a_copy_with_unsent_changes_asks_again_naming_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, _direct) = keeping_a_copy(dir.path());
    log_a_call(&mut t, 7);
    faults.set("*", "/", Fault::Drop);
    t.type_into("Description", "Not sent when the copy was removed");
    t.click("Save activity");
    t.wait_for_text("Saved offline");
    t.click("Close");
    faults.set("POST", "/v3/Activity", Fault::Refuse);
    faults.set("GET", "/", Fault::None);
    let store = Store::path_for(
        dir.path(),
        &leasedesk::engine::store_id::profile("Faulty network", 4200),
    );
    assert!(store.exists());
    // A copy set aside earlier (damaged) beside it goes with it.
    let mut aside = store.clone().into_os_string();
    aside.push(".damaged-20261101000000");
    let aside = std::path::PathBuf::from(aside);
    std::fs::write(&aside, b"damaged").unwrap();
    t.click("Settings");
    t.click("Remove offline copy");
    t.wait_for_text("⚠ 1 saved change not sent yet.");
    assert!(store.exists(), "not on the first click");
    t.click("Keep the copy");
    assert_eq!(
        t.harness
            .query_all_by_label_contains("not sent yet")
            .count(),
        0
    );
    t.click("Remove offline copy");
    t.click("Discard 1 saved change and remove the copy");
    t.step_until("the copy to go", SYNC, |_| !store.exists());
    assert_eq!(outbox_len(&t), 0);
    assert!(
        !aside.exists(),
        "what was set aside beside it is removed too"
    );
}

#[test]
fn work_offline_chosen_for_a_portal_still_holds_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let (mut t, _faults, _direct) = keeping_a_copy(dir.path());
    work_offline(&mut t);
    let saved = dir.path().join("prefs.json");
    t.step_until("the choice written to the preferences", SYNC, |_| {
        Prefs::load(&saved).work_offline
    });
    drop(t);

    // Started again on the saved preferences, on that portal: still offline, until asked.
    let mut prefs = Prefs::load(&saved);
    assert!(prefs.work_offline);
    prefs.profiles = vec![Profile {
        name: "Faulty network".into(),
        base_url: "http://127.0.0.1:9".into(),
        portal_id: "4200".into(),
        keep_offline_copy: true,
        ..Profile::default()
    }];
    prefs.active_profile = Some("Faulty network".into());
    let mut again = Setup {
        options: options(),
        keyring: true,
        data_dir: Some(dir.path().to_path_buf()),
        prefs,
        ..Setup::default()
    }
    .start();
    again.step_until("the portal, worked offline", SYNC, |h| {
        matches!(
            h.state().backend().connection().link(),
            Link::Portal { .. } | Link::Failed { .. }
        ) || h.state().backend().connection().working_offline()
    });
    assert!(
        again
            .harness
            .state()
            .backend()
            .connection()
            .working_offline()
    );
    assert!(again.harness.state().prefs().work_offline);
}

/// What the window says aloud: the polite live regions' words.
fn announced(t: &TestApp) -> Vec<String> {
    t.harness
        .query_all_by(|n| {
            n.live() == egui::accesskit::Live::Polite && n.role() == egui::accesskit::Role::Label
        })
        .filter_map(|n| {
            let node = n.accesskit_node();
            node.value().or(node.label()).map(|s| s.to_string())
        })
        .collect()
}

fn wait_announced(t: &mut TestApp, words: &str) {
    t.step_until(words, SYNC, |h| crate::support::said_aloud(h, words));
}

/// Working offline is said politely (a live region), without the focus moving.
#[test]
fn working_offline_is_announced() {
    let dir = tempfile::tempdir().unwrap();
    let (mut t, _faults, _direct) = keeping_a_copy(dir.path());
    assert!(
        announced(&t).iter().all(|s| !s.contains("ffline")),
        "{:?}",
        announced(&t)
    );
    work_offline(&mut t);
    wait_announced(&mut t, "Working offline: changes wait in the Outbox.");
    t.click("Go online");
    wait_announced(&mut t, "Back online.");
    // Said once: the desk reaching the service again is not a second announcement.
    let times = t.harness.state().announcer.times();
    t.step_until("the sync after going online", SYNC, |h| {
        h.state()
            .backend()
            .offline_copy()
            .status()
            .syncing
            .is_none()
            && h.state().backend().in_flight() == 0
    });
    for _ in 0..20 {
        t.harness.step();
    }
    assert_eq!(
        t.harness.state().announcer.times(),
        times,
        "{:?}",
        t.harness.state().announcer.said()
    );
}

/// A save that finds the connection gone, and its landing once the service is back, are each
/// said politely, and the announcement takes no focus.
#[test]
fn a_waiting_save_and_its_landing_are_announced() {
    let dir = tempfile::tempdir().unwrap();
    let (mut t, faults, direct) = keeping_a_copy(dir.path());
    let row = log_a_call(&mut t, 4);
    faults.set("*", "/", Fault::Drop);
    t.type_into("Description", "Announced call about the garden room");
    t.click("Save activity");
    t.wait_for_text("Saved offline");
    let said = announced(&t).join(" | ");
    assert!(
        said.contains("Saved on this computer: 1 change waits to be sent."),
        "{said}"
    );
    assert!(
        t.harness
            .query_by(|n| n.is_focused() && n.live() == egui::accesskit::Live::Polite)
            .is_none(),
        "the announcement took the focus"
    );
    t.click("Close");
    faults.set("*", "/", Fault::None);
    t.harness.state().backend().connection().retry_now();
    wait_announced(&mut t, "Saved: the service has every change.");
    assert_eq!(
        on_the_service(
            &direct,
            row.individual_id,
            "Announced call about the garden room"
        ),
        1
    );
}

/// Two people at one desk: each has a profile of their own on the same portal, each profile
/// keeps its own copy and outbox, so switching user and back loses neither's unsent work.
#[test]
fn a_shared_desk_switches_user_and_back_and_each_users_unsent_work_waits_for_them() {
    let dir = tempfile::tempdir().unwrap();
    let profile = |name: &str| Profile {
        name: name.into(),
        keep_offline_copy: true,
        ..Profile::default()
    };
    let mut t = Setup {
        options: options(),
        keyring: true,
        data_dir: Some(dir.path().to_path_buf()),
        prefs: Prefs {
            profiles: vec![
                profile("Dana at the front desk"),
                profile("Sam at the front desk"),
            ],
            ..Prefs::default()
        },
        ..Setup::default()
    }
    .start();
    t.wait_connected();
    let direct = direct_client(&t);
    let sandbox = crate::support::sandbox_connection(&t);
    // Each user signs in through a proxy of their own, so one's network can be cut.
    let as_user = |t: &mut TestApp, name: &str| {
        let faults = Arc::new(Faults::default());
        let proxy = faults::start(sandbox.base_url.clone(), faults.clone());
        connect_again(t, name, proxy, sandbox.portal_id);
        t.step_until("the user's own copy", SYNC, |h| {
            matches!(h.state().backend().connection().link(), Link::Portal { profile, .. } if profile == name)
        });
        synced(t);
        t.click("Search");
        t.wait_for_cases();
        faults
    };

    // Dana logs a call while the service cannot be reached: it waits in her outbox.
    let dana = as_user(&mut t, "Dana at the front desk");
    let row = log_a_call(&mut t, 4);
    dana.set("*", "/", Fault::Drop);
    t.type_into("Description", "Dana's call about the garden suite");
    t.click("Save activity");
    t.wait_for_text("Saved offline");
    t.click("Close");
    t.wait_for_text("Outbox: 1 waiting");

    // Sam takes the desk: his outbox is his own, empty, and what he logs goes out.
    let _sam = as_user(&mut t, "Sam at the front desk");
    assert!(
        t.harness.state().backend().outbox().entries().is_empty(),
        "Sam sees Dana's unsent work"
    );
    log_a_call(&mut t, 5);
    t.type_into("Description", "Sam's call about respite care");
    t.click("Save activity");
    t.wait_for_text("✔ Activity saved");
    t.click("Close");
    assert_eq!(
        on_the_service(
            &direct,
            row.individual_id,
            "Dana's call about the garden suite"
        ),
        0,
        "Dana's call went out under Sam"
    );

    // Dana again: her call was kept, and now arrives once.
    as_user(&mut t, "Dana at the front desk");
    t.step_until("Dana's call delivered", SYNC, |h| {
        h.state().backend().outbox().entries().is_empty()
    });
    assert_eq!(
        on_the_service(
            &direct,
            row.individual_id,
            "Dana's call about the garden suite"
        ),
        1,
        "Dana's unsent call arrives exactly once"
    );
}
