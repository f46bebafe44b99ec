use super::*;
use crate::api::model::NewActivity;
use crate::domain::activity_draft::ActivityDraft;

fn write(description: &str) -> QueuedWrite {
    let start = chrono::DateTime::parse_from_rfc3339("2026-11-23T14:30:00-06:00").unwrap();
    let mut body = NewActivity::new(7, start);
    body.individual_id = Some(5001);
    body.description = Some(description.into());
    QueuedWrite::LogActivity(ActivityWrite {
        draft: Box::new(ActivityDraft {
            description: description.into(),
            ..ActivityDraft::default()
        }),
        body: Box::new(body),
        type_name: "Call Out".into(),
        summary: format!("Call Out for Margaret Ellison: {description}"),
    })
}

#[test]
fn queued_writes_survive_a_reopen_in_order_with_their_state_and_sealed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("offline").join("x.outbox");
    let key = SealKey::generate().unwrap();
    {
        let outbox = Outbox::open(Some(&path), key.clone()).unwrap();
        assert!(outbox.is_on_disk());
        let first = outbox
            .push(&write("Asked about respite"), QueueState::Waiting)
            .unwrap();
        let second = outbox
            .push(&write("Left a voicemail"), QueueState::Waiting)
            .unwrap();
        outbox.set_state(first, QueueState::Sending).unwrap();
        outbox
            .set_state(
                second,
                QueueState::Refused(WhyRefused::Service("Individual not found".into())),
            )
            .unwrap();
        let third = outbox
            .push(&write("Asked about meals"), QueueState::Sending)
            .unwrap();
        outbox
            .set_state(
                third,
                QueueState::Refused(WhyRefused::CannotTell {
                    name: "Rosa Quintero".into(),
                }),
            )
            .unwrap();
        // Dropped without any closing step, as when the process is killed.
    }
    let reopened = Outbox::open(Some(&path), key.clone()).unwrap();
    let entries = reopened.entries();
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[0].write, write("Asked about respite"));
    assert_eq!(entries[0].state, QueueState::Sending);
    assert_eq!(
        entries[1].state,
        QueueState::Refused(WhyRefused::Service("Individual not found".into()))
    );
    // Why a person must decide is kept as a kind, for the window to say in its language.
    assert_eq!(
        entries[2].state,
        QueueState::Refused(WhyRefused::CannotTell {
            name: "Rosa Quintero".into()
        })
    );
    assert!(entries[0].id < entries[1].id, "oldest first");
    reopened.remove(entries[0].id).unwrap();
    assert_eq!(reopened.entries().len(), 2);

    let mut on_disk = std::fs::read(&path).unwrap();
    if let Ok(wal) = std::fs::read(path.with_extension("outbox-wal")) {
        on_disk.extend(wal);
    }
    for plain in [
        "respite",
        "voicemail",
        "Ellison",
        "Individual not found",
        "Quintero",
    ] {
        assert!(
            !on_disk.windows(plain.len()).any(|w| w == plain.as_bytes()),
            "{plain} is on disk in plain text"
        );
    }
    // Another key reads nothing (and does not fail).
    let other = Outbox::open(Some(&path), SealKey::generate().unwrap()).unwrap();
    assert!(other.entries().is_empty());
}

#[test]
fn a_full_outbox_refuses_with_a_message() {
    let outbox = Outbox::open(None, SealKey::generate().unwrap()).unwrap();
    assert!(!outbox.is_on_disk());
    for _ in 0..MAX_QUEUED {
        outbox.push(&write("x"), QueueState::Waiting).unwrap();
    }
    let refused = outbox.push(&write("y"), QueueState::Waiting).unwrap_err();
    assert!(refused.to_string().contains("already waiting"), "{refused}");
}

/// Opens a second handle on the same file, as a second window on one data folder would.
fn pair() -> (tempfile::TempDir, std::path::PathBuf, SealKey) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("offline").join("x.outbox");
    (dir, path, SealKey::generate().unwrap())
}

#[test]
fn two_senders_on_one_file_take_an_entry_once() {
    let (_dir, path, key) = pair();
    let first = Outbox::open(Some(&path), key.clone()).unwrap();
    let id = first
        .push(&write("Asked about respite"), QueueState::Waiting)
        .unwrap();
    let second = Outbox::open(Some(&path), key.clone()).unwrap();
    assert_eq!(second.entries().len(), 1, "both see the entry");
    assert!(first.claim(id).unwrap(), "the first takes it");
    assert!(
        !second.claim(id).unwrap(),
        "the second, reading from before, finds it taken"
    );
    // An entry already "sending" (its outcome unknown) is taken once too.
    let third = Outbox::open(Some(&path), key.clone()).unwrap();
    let fourth = Outbox::open(Some(&path), key).unwrap();
    assert!(third.claim(id).unwrap());
    assert!(!fourth.claim(id).unwrap());
    assert_eq!(third.entries()[0].state, QueueState::Sending);
}

#[test]
fn a_row_moved_or_flipped_on_disk_does_not_open() {
    let (_dir, path, key) = pair();
    let outbox = Outbox::open(Some(&path), key.clone()).unwrap();
    let a = outbox.push(&write("first"), QueueState::Waiting).unwrap();
    let b = outbox.push(&write("second"), QueueState::Sending).unwrap();
    drop(outbox);
    let conn = Connection::open(&path).unwrap();
    // "sending" flipped back to "waiting": it would be sent without looking first.
    conn.execute("UPDATE outbox SET state = 'waiting' WHERE id = ?1", [b])
        .unwrap();
    // A row's sealed bytes copied under another id: a replay of a change.
    let sealed: Vec<u8> = conn
        .query_row("SELECT sealed FROM outbox WHERE id = ?1", [a], |r| r.get(0))
        .unwrap();
    conn.execute(
        "INSERT INTO outbox (id, state, sealed, queued_at) VALUES (99, 'waiting', ?1, '2026-11-23T10:00:00+00:00')",
        [sealed],
    )
    .unwrap();
    drop(conn);
    let reopened = Outbox::open(Some(&path), key).unwrap();
    let ids: Vec<i64> = reopened.entries().iter().map(|e| e.id).collect();
    assert_eq!(ids, vec![a], "only the untouched row opens");
    assert_eq!(reopened.unopened_count(), 2);
}

#[derive(Default)]
struct MemoryFloor(std::sync::Arc<Mutex<Option<(String, u64)>>>);

impl CounterFloor for MemoryFloor {
    fn known(&self) -> Option<(String, u64)> {
        self.0.lock().unwrap().clone()
    }
    fn raise(&self, file: &str, to: u64) {
        *self.0.lock().unwrap() = Some((file.to_owned(), to));
    }
}

#[test]
fn a_file_put_back_from_before_is_refused() {
    let (dir, path, key) = pair();
    let count = std::sync::Arc::new(Mutex::new(None));
    let floor = || Some(Box::new(MemoryFloor(count.clone())) as Box<dyn CounterFloor>);
    let outbox = Outbox::open_guarded(Some(&path), key.clone(), floor()).unwrap();
    let id = outbox
        .push(&write("sent once"), QueueState::Waiting)
        .unwrap();
    drop(outbox);
    let before = dir.path().join("before.outbox");
    std::fs::copy(&path, &before).unwrap();
    let outbox = Outbox::open_guarded(Some(&path), key.clone(), floor()).unwrap();
    outbox.claim(id).unwrap();
    outbox.remove(id).unwrap();
    drop(outbox);
    // The store from before the send is put back.
    std::fs::copy(&before, &path).unwrap();
    let _ = std::fs::remove_file(path.with_extension("outbox-wal"));
    let refused = Outbox::open_guarded(Some(&path), key.clone(), floor())
        .err()
        .expect("an older file is refused");
    assert!(matches!(refused, StoreError::RolledBack(_)), "{refused}");
    assert!(refused.to_string().contains("older than the last one"));
    // Nor with its id or its seal removed or edited (the id used to be plain text beside it).
    for edit in [
        "DELETE FROM outbox_meta WHERE name = 'file_id'",
        "DELETE FROM outbox_meta",
        "UPDATE outbox_meta SET sealed = x'00'",
    ] {
        std::fs::copy(&before, &path).unwrap();
        let _ = std::fs::remove_file(path.with_extension("outbox-wal"));
        let conn = Connection::open(&path).unwrap();
        conn.execute(edit, []).unwrap();
        drop(conn);
        let refused = Outbox::open_guarded(Some(&path), key.clone(), floor());
        assert!(
            matches!(refused, Err(StoreError::RolledBack(_))),
            "{edit}: the change sent once is not sent again"
        );
    }
    std::fs::copy(&before, &path).unwrap();
    let _ = std::fs::remove_file(path.with_extension("outbox-wal"));
    // Without the floor (another computer's view) it would have been sent again.
    let unguarded = Outbox::open(Some(&path), key.clone()).unwrap();
    assert_eq!(unguarded.entries().len(), 1);
    drop(unguarded);
    // A new file (the folder emptied by hand) starts its own count and opens.
    std::fs::remove_file(&path).unwrap();
    let _ = std::fs::remove_file(path.with_extension("outbox-wal"));
    let fresh = Outbox::open_guarded(Some(&path), key.clone(), floor()).unwrap();
    fresh.push(&write("new"), QueueState::Waiting).unwrap();
    drop(fresh);
    assert!(Outbox::open_guarded(Some(&path), key, floor()).is_ok());
}

#[test]
fn a_refusal_message_is_kept_at_most_a_thousand_characters() {
    let outbox = Outbox::open(None, SealKey::generate().unwrap()).unwrap();
    let id = outbox.push(&write("x"), QueueState::Waiting).unwrap();
    outbox
        .set_state(
            id,
            QueueState::Refused(WhyRefused::Service("é".repeat(5_000_000))),
        )
        .unwrap();
    let QueueState::Refused(WhyRefused::Service(kept)) = &outbox.entries()[0].state else {
        panic!("refused");
    };
    assert_eq!(kept.chars().count(), MAX_MESSAGE_CHARS);
    assert!(kept.ends_with('…'));
}

#[test]
fn rows_under_another_key_are_counted_exported_and_discarded_only_on_their_count() {
    let (dir, path, key) = pair();
    let outbox = Outbox::open(Some(&path), key).unwrap();
    for n in 0..3 {
        outbox
            .push(&write(&format!("call {n}")), QueueState::Waiting)
            .unwrap();
    }
    drop(outbox);
    let other = Outbox::open(Some(&path), SealKey::generate().unwrap()).unwrap();
    assert!(other.entries().is_empty());
    assert_eq!(other.unopened_count(), 3);
    let export = dir.path().join("unopened.jsonl");
    assert_eq!(other.export_unopened(&export).unwrap(), 3);
    let text = std::fs::read_to_string(&export).unwrap();
    assert_eq!(text.lines().count(), 3);
    assert!(!text.contains("call"), "still sealed");
    assert_eq!(other.discard_unopened(2).unwrap(), 0, "not the count shown");
    assert_eq!(other.unopened_count(), 3);
    assert_eq!(other.discard_unopened(3).unwrap(), 3);
    assert_eq!(other.unopened_count(), 0);
}

#[test]
fn rows_of_the_earlier_layout_are_moved_and_still_open() {
    let (_dir, path, key) = pair();
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    {
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(
            "CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, state TEXT NOT NULL, sealed BLOB NOT NULL, queued_at TEXT NOT NULL)",
        )
        .unwrap();
        let plain = serde_json::to_vec(&Sealed {
            write: write("from before"),
            message: None,
        })
        .unwrap();
        let old = sealed::seal(&key, &plain).unwrap();
        conn.execute(
            "INSERT INTO outbox (state, sealed, queued_at) VALUES ('waiting', ?1, '2026-11-20T10:00:00+00:00')",
            [old],
        )
        .unwrap();
    }
    // Another key first: nothing moves, and the layout stays for the right key.
    let wrong = Outbox::open(Some(&path), SealKey::generate().unwrap()).unwrap();
    assert_eq!(wrong.unopened_count(), 1);
    drop(wrong);
    let outbox = Outbox::open(Some(&path), key.clone()).unwrap();
    assert_eq!(outbox.entries().len(), 1);
    assert_eq!(outbox.entries()[0].write, write("from before"));
    let temp: i64 = outbox
        .lock()
        .pragma_query_value(None, "temp_store", |r| r.get(0))
        .unwrap();
    assert_eq!(temp, 2, "temporary tables in memory");
}

#[test]
fn a_row_put_back_under_its_old_id_is_never_sent_again() {
    let (_dir, path, key) = pair();
    let count = std::sync::Arc::new(Mutex::new(None));
    let floor = || Some(Box::new(MemoryFloor(count.clone())) as Box<dyn CounterFloor>);
    let outbox = Outbox::open_guarded(Some(&path), key.clone(), floor()).unwrap();
    let sent = outbox.push(&write("sent"), QueueState::Waiting).unwrap();
    let waiting = outbox.push(&write("waiting"), QueueState::Waiting).unwrap();
    let row: (String, Vec<u8>, String) = outbox
        .lock()
        .query_row(
            "SELECT state, sealed, queued_at FROM outbox WHERE id = ?1",
            [sent],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    outbox.claim(sent).unwrap();
    outbox.remove(sent).unwrap();
    drop(outbox);
    // The delivered row, as it was before its send, inserted again under its id.
    let conn = Connection::open(&path).unwrap();
    conn.execute(
        "INSERT INTO outbox (id, state, sealed, queued_at) VALUES (?1, ?2, ?3, ?4)",
        rusqlite::params![sent, row.0, row.1, row.2],
    )
    .unwrap();
    drop(conn);
    let reopened = Outbox::open_guarded(Some(&path), key.clone(), floor()).unwrap();
    let ids: Vec<i64> = reopened.entries().iter().map(|e| e.id).collect();
    assert_eq!(ids, vec![waiting], "only the row the seal lists is sent");
    assert_eq!(reopened.unopened_count(), 1);
    // A later write does not make it listed.
    reopened.push(&write("later"), QueueState::Waiting).unwrap();
    drop(reopened);
    let again = Outbox::open_guarded(Some(&path), key, floor()).unwrap();
    assert!(again.entries().iter().all(|e| e.id != sent));
    assert_eq!(again.unopened_count(), 1);
}
