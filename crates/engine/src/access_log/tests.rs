use chrono::{Duration, TimeZone};

use super::*;
use crate::store::sealed::SealKey;

fn key(seal: &SealKey) -> LogKey {
    LogKey::from_seal(seal)
}

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 28, 15, 0, 0).unwrap()
}

/// A log of `n` case openings after its start entry, closed.
fn written(dir: &Path, seal: &SealKey, n: u64) {
    let mut log = AccessLog::open(dir, key(seal), "Dana Whitfield", now()).unwrap();
    for i in 0..n {
        let at = now() + Duration::seconds(i as i64);
        log.append(&Entry::new(
            at,
            "Dana Whitfield",
            What::CaseOpened,
            Some(&format!("{}", 600 + i)),
            "",
        ))
        .unwrap();
    }
    log.close("Dana Whitfield", now() + Duration::hours(1))
        .unwrap();
}

fn only_file(dir: &Path) -> PathBuf {
    let files = format::files(dir);
    assert_eq!(files.len(), 1);
    files[0].clone()
}

fn rewrite_lines(path: &Path, change: impl FnOnce(&mut Vec<String>)) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    change(&mut lines);
    std::fs::write(
        path,
        lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
    )
    .unwrap();
}

#[test]
fn a_whole_log_verifies_reads_back_and_a_new_session_continues_the_chain() {
    let dir = tempfile::tempdir().unwrap();
    let seal = SealKey::generate().unwrap();
    written(dir.path(), &seal, 5);
    // start + 5 + stop
    assert_eq!(verify(dir.path(), &key(&seal)).unwrap().entries, 7);
    written(dir.path(), &seal, 2);
    let all = read_all(dir.path(), &key(&seal)).unwrap();
    assert_eq!(all.len(), 11);
    assert_eq!(
        all.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
        (1..=11).collect::<Vec<_>>()
    );
    assert_eq!(all[1].1.case.as_deref(), Some("600"));
    assert_eq!(all[7].1.what, What::LogStarted);
    assert_eq!(
        all[7].1.detail, "",
        "the first session ended with a stop entry"
    );
    // Another key reads nothing and verifies nothing.
    let other = SealKey::generate().unwrap();
    assert!(verify(dir.path(), &key(&other)).is_err());
    // No names in the file: case numbers only, sealed at that.
    let text = std::fs::read_to_string(only_file(dir.path())).unwrap();
    assert!(!text.contains("Dana") && !text.contains("case_opened"));
}

#[test]
fn a_flipped_byte_is_found_at_its_entry() {
    let dir = tempfile::tempdir().unwrap();
    let seal = SealKey::generate().unwrap();
    written(dir.path(), &seal, 5);
    let path = only_file(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    // A byte inside the fourth line's sealed entry.
    let starts: Vec<usize> = std::iter::once(0)
        .chain(
            bytes
                .iter()
                .enumerate()
                .filter(|(_, b)| **b == b'\n')
                .map(|(i, _)| i + 1),
        )
        .collect();
    let at = starts[3] + 60;
    bytes[at] = if bytes[at] == b'A' { b'B' } else { b'A' };
    std::fs::write(&path, bytes).unwrap();
    let broken = verify(dir.path(), &key(&seal)).unwrap_err();
    assert_eq!(
        (broken.entry, broken.how),
        (4, verify::How::Altered),
        "{broken}"
    );
    assert!(
        broken
            .to_string()
            .starts_with("entry 4 (access-000000000001.log) was altered")
    );
}

#[test]
fn a_removed_entry_two_swapped_and_a_cut_tail_are_each_found() {
    let seal = SealKey::generate().unwrap();
    let fresh = || {
        let dir = tempfile::tempdir().unwrap();
        written(dir.path(), &seal, 5);
        dir
    };
    let removed = fresh();
    rewrite_lines(&only_file(removed.path()), |lines| {
        lines.remove(2);
    });
    let broken = verify(removed.path(), &key(&seal)).unwrap_err();
    assert_eq!(
        (broken.entry, broken.how),
        (3, verify::How::Removed),
        "{broken}"
    );

    let swapped = fresh();
    rewrite_lines(&only_file(swapped.path()), |lines| lines.swap(2, 3));
    let broken = verify(swapped.path(), &key(&seal)).unwrap_err();
    assert_eq!(
        (broken.entry, broken.how),
        (3, verify::How::Reordered),
        "{broken}"
    );

    let cut = fresh();
    rewrite_lines(&only_file(cut.path()), |lines| {
        lines.truncate(4);
    });
    let broken = verify(cut.path(), &key(&seal)).unwrap_err();
    assert_eq!(
        (broken.entry, broken.how),
        (5, verify::How::Truncated),
        "{broken}"
    );

    let torn = fresh();
    let path = only_file(torn.path());
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, &text[..text.len() - 10]).unwrap();
    assert_eq!(
        verify(torn.path(), &key(&seal)).unwrap_err().how,
        verify::How::Truncated
    );

    let first_gone = fresh();
    rewrite_lines(&only_file(first_gone.path()), |lines| {
        lines.remove(0);
    });
    let broken = verify(first_gone.path(), &key(&seal)).unwrap_err();
    assert_eq!(
        (broken.entry, broken.how),
        (1, verify::How::Removed),
        "{broken}"
    );

    let head_forged = fresh();
    std::fs::write(head_forged.path().join("access.head"), "3\tAAAA\tAAAA\n").unwrap();
    assert_eq!(
        verify(head_forged.path(), &key(&seal)).unwrap_err().how,
        verify::How::Altered
    );
}

#[test]
fn a_session_that_did_not_stop_is_said_so_and_rotation_keeps_one_chain() {
    let dir = tempfile::tempdir().unwrap();
    let seal = SealKey::generate().unwrap();
    let mut log = AccessLog::open(dir.path(), key(&seal), "Sam", now()).unwrap();
    log.append(&Entry::new(
        now(),
        "Sam",
        What::Exported,
        None,
        "CSV, 1,594 cases",
    ))
    .unwrap();
    drop(log); // no stop entry
    let mut log = AccessLog::open(dir.path(), key(&seal), "Sam", now()).unwrap();
    // Force a rotation: the file counts as full.
    log.file_len = ROTATE_AT;
    log.append(&Entry::new(now(), "Sam", What::CaseOpened, Some("12"), ""))
        .unwrap();
    log.close("Sam", now()).unwrap();
    assert_eq!(format::files(dir.path()).len(), 2);
    let all = read_all(dir.path(), &key(&seal)).unwrap();
    let whats: Vec<What> = all.iter().map(|(_, e)| e.what).collect();
    assert_eq!(
        whats,
        [
            What::LogStarted,
            What::Exported,
            What::LogStarted,
            What::LogRotated,
            What::LogRotated,
            What::CaseOpened,
            What::LogStopped
        ]
    );
    assert!(all[2].1.detail.contains("without a stop entry"));
    assert_eq!(verify(dir.path(), &key(&seal)).unwrap().files, 2);
}

#[test]
fn files_past_six_years_are_deleted_and_what_is_left_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let seal = SealKey::generate().unwrap();
    let long_ago = now() - Duration::days(365 * 7);
    let mut log = AccessLog::open(dir.path(), key(&seal), "Sam", long_ago).unwrap();
    log.file_len = ROTATE_AT;
    log.append(&Entry::new(
        long_ago,
        "Sam",
        What::CaseOpened,
        Some("1"),
        "",
    ))
    .unwrap();
    log.close("Sam", long_ago).unwrap();
    assert_eq!(format::files(dir.path()).len(), 2);
    let log = AccessLog::open(dir.path(), key(&seal), "Sam", now()).unwrap();
    log.close("Sam", now()).unwrap();
    // The first file ended seven years ago: gone; the second began with its rotation entry.
    assert_eq!(format::files(dir.path()).len(), 1);
    let kept = verify(dir.path(), &key(&seal)).unwrap();
    assert_eq!(kept.first, 3);
}

#[test]
fn an_entry_keeps_only_a_case_number_and_a_bounded_detail() {
    let e = Entry::new(
        now(),
        "Sam",
        What::CaseOpened,
        Some("Ann Lee"),
        &"x\n".repeat(500),
    );
    assert_eq!(e.case, None);
    assert_eq!(e.detail.chars().count(), MAX_DETAIL);
    assert!(!e.detail.contains('\n'));
}

#[test]
fn a_detail_keeps_counts_and_kinds_and_no_name() {
    assert_eq!(counts_only("1,594 cases (csv)"), "1,594 cases (csv)");
    assert_eq!(
        counts_only("the letter to Ruth Ellison"),
        "the letter to … …"
    );
    assert_eq!(counts_only("ann.lee@example.org 42 units"), "… 42 units");
}
