//! The offline copy: kept encrypted on disk, searched as you type, and still answering when
//! the service cannot be reached (the app behind the fault proxy, the proxy cut).

use std::time::Duration;

use leasedesk::api::model::{SearchCase, SearchQuery};
use leasedesk::replica::CaseReplica;
use leasedesk::ui::backend::{Link, Reach};

use crate::faults::{self, Fault};
use crate::resilience::options;
use crate::support::{Setup, TestApp, block_on, direct_client};

const SYNC: Duration = Duration::from_secs(60);

fn synced(t: &mut TestApp) {
    t.step_until("the offline copy's sync", SYNC, |h| {
        let status = h.state().backend().copy_status();
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
fn the_sandbox_copy_is_sealed_on_disk_without_plain_personal_data() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = Setup {
        data_dir: Some(dir.path().to_path_buf()),
        keyring: true,
        ..Setup::default()
    }
    .start();
    t.wait_connected();
    synced(&mut t);
    let Link::Sandbox { portal_id, .. } = t.harness.state().backend().link() else {
        panic!("not on the sandbox");
    };
    let status = t.harness.state().backend().copy_status();
    assert!(status.on_disk, "kept on disk: {status:?}");
    let path = CaseReplica::path_for(dir.path(), &format!("sandbox-{portal_id}"));
    let bytes = std::fs::read(&path).expect("the sealed copy");
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
                assert!(
                    !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
                    "{secret:?} is in the copy's file in plain text"
                );
            }
        }
    }
    assert!(checked > 40, "only {checked} values were looked for");
    // The status bar says how old the copy is.
    t.wait_for_text("Offline copy as of");
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
        matches!(h.state().backend().reach(), Reach::Offline { .. })
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
        h.state().backend().reach() == Reach::Online
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
