//! Who saw whom on a desk: opening a case and handing a message over are appended to the
//! desk's access log (in the data folder, sealed: no case name or person's name in the file),
//! and the log verifies whole.

use std::time::Duration;

use egui_kittest::kittest::NodeT;

use leasedesk::api::model::SearchCase;
use leasedesk::domain::next_step::is_active_lead_of;
use leasedesk::engine::access_log::{LogKey, What, desk_key, read_all};
use leasedesk::engine::secrets::SecretStore;
use leasedesk::ui::hand_off;

use crate::agent_day::all_leads;
use crate::outreach::{open_case, open_draft};
use crate::support::{Setup, direct_client};

#[test]
fn opening_a_case_and_handing_a_message_over_are_in_the_desks_sealed_access_log() {
    hand_off::record_instead();
    let dir = tempfile::tempdir().unwrap();
    let mut t = Setup {
        data_dir: Some(dir.path().to_path_buf()),
        keyring: true,
        ..Setup::default()
    }
    .start();
    t.wait_connected();
    let before = t
        .harness
        .state()
        .backend()
        .access_log()
        .count()
        .expect("the log is open");
    let client = direct_client(&t);
    let case: SearchCase = all_leads(&client)
        .into_iter()
        .filter(|c| is_active_lead_of(c, None))
        .find(|c| !c.primary.best_phone().trim().is_empty())
        .expect("a lead with a phone");
    // Monday 2 pm in New York, 9 am in Honolulu: a text is allowed everywhere.
    t.clock.advance(chrono::Duration::hours(2 * 24 + 4));
    open_case(&mut t, &case);
    open_draft(&mut t, "Text…");
    t.step_until("the guard's answer", Duration::from_secs(60), |h| {
        h.state().outreach_form().is_some_and(|f| f.drafted())
            && !egui_kittest::kittest::Queryable::get_by_label(h, "Copy")
                .accesskit_node()
                .is_disabled()
    });
    t.click("Copy");
    // The case opened, its person's details shown, the hand-off.
    t.step_until("three entries more", Duration::from_secs(30), |h| {
        h.state().backend().access_log().count() >= Some(before + 3)
    });

    // Read back with the desk's key, as `leasedesk audit report` does.
    let (key, lasting) = desk_key(&SecretStore::detect(), false).unwrap();
    assert!(lasting, "kept in the keyring");
    let entries = read_all(&dir.path().join("audit"), &LogKey::from_seal(&key)).unwrap();
    let number = case.primary.case_number.as_str();
    let opened = entries
        .iter()
        .find(|(_, e)| e.what == What::CaseOpened && e.case.as_deref() == Some(number));
    assert!(opened.is_some(), "{entries:?}");
    let shown = entries
        .iter()
        .find(|(_, e)| e.what == What::PersonShown && e.case.as_deref() == Some(number))
        .expect("the person's details shown");
    assert!(
        shown
            .1
            .detail
            .starts_with(&format!("individual {}: ", case.primary.individual_id)),
        "{:?}",
        shown.1
    );
    let handed = entries
        .iter()
        .find(|(_, e)| e.what == What::HandedOff && e.case.as_deref() == Some(number))
        .expect("the hand-off");
    assert_eq!(handed.1.detail, "text, copied");
    assert_eq!(entries[0].1.what, What::LogStarted);
    // Sealed: neither the person's name nor the case number is in the file as text.
    for file in std::fs::read_dir(dir.path().join("audit"))
        .unwrap()
        .flatten()
    {
        let text = String::from_utf8_lossy(&std::fs::read(file.path()).unwrap()).into_owned();
        let surname = case.primary.individual_name.split(' ').next_back().unwrap();
        assert!(!text.contains(surname), "{}", file.path().display());
        assert!(!text.contains("HandedOff") && !text.contains("handed_off"));
    }
}
