//! The fourth security review's attack on the store's file, run again: someone holding the file
//! but not its key tries to tie a term or a count to a name (issue 41, item 1).

use super::*;
use rusqlite::Connection;

/// Ten cases share the surname "Hoffman"; the rest are all different, and their first names
/// start with "L" far more often than with any other letter.
fn a_portal() -> Vec<SearchCase> {
    let base = fixture().remove(0);
    (0..40)
        .map(|i| {
            let mut case = base.clone();
            case.relationships.clear();
            let p = &mut case.primary;
            p.case_number = format!("C-{}", 500_000 + i);
            p.first_name = if i % 3 == 0 {
                format!("Lorna{i}")
            } else {
                format!("Zed{i}")
            };
            p.last_name = if i < 10 {
                "Hoffman".into()
            } else {
                format!("Surname{i}")
            };
            p.individual_name = format!("{} {}", p.first_name, p.last_name);
            p.email = Some(format!("{}@example.com", p.last_name.to_lowercase()));
            p.home_phone_format = format!("(614) 555-{:04}", if i < 10 { 1000 } else { i });
            case
        })
        .collect()
}

fn file_bytes(dir: &std::path::Path) -> Vec<u8> {
    let mut all = Vec::new();
    for entry in std::fs::read_dir(dir.join("offline")).unwrap().flatten() {
        all.extend(std::fs::read(entry.path()).unwrap());
    }
    all
}

/// What the attacker sees of every table: its columns, and for each column whether some value
/// is shared by two rows.
fn shared_columns(file: &Connection, table: &str) -> Vec<String> {
    let columns: Vec<String> = file
        .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    columns
        .into_iter()
        .filter(|c| {
            let (rows, distinct): (i64, i64) = file
                .query_row(
                    &format!("SELECT count({c}), count(DISTINCT {c}) FROM {table}"),
                    [],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .unwrap();
            distinct < rows
        })
        .collect()
}

/// The review's first step: the index's terms and the cases holding each, read without a key
/// (SQLite 3.43 and later). Returns the most cases one term is shared by.
fn vocabulary(file: &Connection) -> rusqlite::Result<i64> {
    file.execute_batch(
        "CREATE VIRTUAL TABLE IF NOT EXISTS temp.v USING fts5vocab(main, case_terms, instance)",
    )?;
    file.query_row(
        "SELECT max(n) FROM (SELECT count(DISTINCT doc) AS n FROM temp.v GROUP BY term)",
        [],
        |r| r.get(0),
    )
}

#[test]
fn from_the_file_alone_no_term_or_count_ties_to_a_name() {
    let dir = tempfile::tempdir().unwrap();
    let path = Store::path_for(dir.path(), "portal-1");
    let key = SealKey::generate().unwrap();
    {
        let store = Store::open(&path, key.clone()).unwrap();
        store.upsert(&a_portal()).unwrap();
        // The owner searches: the words are read into memory, never written as an index.
        assert_eq!(store.search(&text("hoff"), 50).unwrap().cases.len(), 10);
        store.save().unwrap();
    }
    // The attacker's SQLite, without the key.
    let file = Connection::open(&path).unwrap();
    assert!(
        vocabulary(&file).is_err(),
        "no word index to read terms from"
    );
    let tables: Vec<String> = file
        .prepare("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(
        !tables
            .iter()
            .any(|sql| sql.to_lowercase().contains("virtual")),
        "no index of any kind beside the tables: {tables:?}"
    );
    // Of the cases' columns only the case type repeats: nothing else puts two cases (the
    // Hoffmans, the shared phone, the "L" names) together or counts them.
    assert_eq!(shared_columns(&file, "cases"), vec!["kind".to_string()]);
    assert!(shared_columns(&file, "case_words").is_empty());
    let lengths: Vec<i64> = file
        .prepare("SELECT DISTINCT length(words) FROM case_words")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        lengths.len(),
        1,
        "every case's words weigh the same: {lengths:?}"
    );
    drop(file);
    let bytes = String::from_utf8_lossy(&file_bytes(dir.path())).to_lowercase();
    for word in ["hoffman", "lorna", "surname1", "5551000", "example"] {
        assert!(!bytes.contains(word), "{word} in the file");
    }
}

/// A store of the layout before (with its word index) is brought up without leaving a page of
/// the index in the file, and its cases are still found.
#[test]
fn a_store_with_the_old_index_is_rewritten_without_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = Store::path_for(dir.path(), "portal-1");
    let key = SealKey::generate().unwrap();
    let marker = "t0123456789abcdef";
    {
        let store = Store::open(&path, key.clone()).unwrap();
        store.upsert(&a_portal()).unwrap();
        store.save().unwrap();
    }
    {
        // Back to layout 6: the index as it was, full of terms, and no sealed words.
        let old = Connection::open(&path).unwrap();
        old.execute_batch(&format!(
            "DROP TABLE case_words;
             CREATE VIRTUAL TABLE case_terms USING fts5(
                 terms, content = '', contentless_delete = 1, detail = none, tokenize = 'ascii');
             INSERT INTO case_terms (rowid, terms) SELECT id, '{marker} ' || id FROM cases;
             PRAGMA user_version = 6;"
        ))
        .unwrap();
        old.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .unwrap();
        assert!(String::from_utf8_lossy(&file_bytes(dir.path())).contains(marker));
        // The attack works on that layout: one term shared by every case.
        assert_eq!(vocabulary(&old).unwrap(), 40);
    }
    let store = Store::open(&path, key).unwrap();
    assert_eq!(store.search(&text("hoffman"), 50).unwrap().cases.len(), 10);
    assert_eq!(
        store.search(&text("6145551000"), 50).unwrap().cases.len(),
        10
    );
    drop(store);
    assert!(
        !String::from_utf8_lossy(&file_bytes(dir.path())).contains(marker),
        "a term of the old index left in the file"
    );
    let file = Connection::open(&path).unwrap();
    assert!(vocabulary(&file).is_err(), "and fails on the layout after");
    let nulls: i64 = file
        .query_row(
            "SELECT count(*) FROM cases WHERE id NOT IN (SELECT id FROM case_words)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(nulls, 0, "every kept case's words sealed by the migration");
}
