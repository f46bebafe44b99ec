use super::*;
use crate::api::model::SearchResponse;
use chrono::TimeZone;

fn fixture() -> Vec<SearchCase> {
    let text = include_str!("../../../tests/fixtures/search.json");
    let answer: SearchResponse = serde_json::from_str(text).unwrap();
    answer.cases.into_vec()
}

fn numbers(m: &LocalMatches) -> Vec<String> {
    let mut n: Vec<String> = m
        .cases
        .iter()
        .map(|c| c.primary.case_number.clone())
        .collect();
    n.sort();
    n
}

fn text(t: &str) -> LocalQuery {
    LocalQuery {
        text: t.into(),
        ..LocalQuery::default()
    }
}

#[test]
fn finds_cases_by_name_phone_email_and_case_number() {
    let replica = CaseReplica::in_memory().unwrap();
    let cases = fixture();
    assert_eq!(replica.upsert(&cases).unwrap(), cases.len());
    let ellison = vec!["C-100231".to_owned()];
    for typed in [
        "marg",
        "Ellison",
        "margaret ell",
        "(614) 555-0142",
        "6145550142",
        "614555014",
        "rob.ellison@exa",
        "c-100231",
        "100231",
        "robert",
    ] {
        assert_eq!(
            numbers(&replica.search(&text(typed), 50).unwrap()),
            ellison,
            "{typed}"
        );
    }
    assert!(replica.search(&text("zzzz"), 50).unwrap().cases.is_empty());
    // Every word must match: a real first name with a wrong last name finds nothing.
    assert!(
        replica
            .search(&text("margaret okafor"), 50)
            .unwrap()
            .cases
            .is_empty()
    );
}

#[test]
fn filters_by_type_and_name_start_and_caps_the_answer() {
    let replica = CaseReplica::in_memory().unwrap();
    let cases = fixture();
    replica.upsert(&cases).unwrap();
    let all = replica.search(&LocalQuery::default(), 500).unwrap();
    assert_eq!(all.cases.len(), cases.len());
    assert!(!all.more);
    let one = replica.search(&LocalQuery::default(), 1).unwrap();
    assert_eq!(one.cases.len(), 1);
    assert_eq!(one.more, cases.len() > 1);
    let prospects = replica
        .search(
            &LocalQuery {
                kind: Some(IndividualType::Prospect),
                ..LocalQuery::default()
            },
            500,
        )
        .unwrap();
    let expected = cases
        .iter()
        .filter(|c| c.primary.individual_type_id == IndividualType::Prospect)
        .count();
    assert_eq!(prospects.cases.len(), expected);
    let by_last = replica
        .search(
            &LocalQuery {
                last_name: "ell".into(),
                ..LocalQuery::default()
            },
            500,
        )
        .unwrap();
    assert_eq!(numbers(&by_last), vec!["C-100231".to_owned()]);
    // LIKE wildcards typed by the user are letters, not wildcards.
    let wild = LocalQuery {
        last_name: "%".into(),
        ..LocalQuery::default()
    };
    assert!(replica.search(&wild, 500).unwrap().cases.is_empty());
}

#[test]
fn a_case_seen_again_is_replaced_not_doubled() {
    let replica = CaseReplica::in_memory().unwrap();
    let mut cases = fixture();
    replica.upsert(&cases).unwrap();
    cases[0].primary.individual_name = "Margaret Ellison-Hart".into();
    cases[0].primary.last_name = "Ellison-Hart".into();
    replica.upsert(&cases[..1]).unwrap();
    assert_eq!(replica.len(), cases.len());
    let found = replica.search(&text("hart"), 10).unwrap();
    assert_eq!(found.cases.len(), 1);
    assert_eq!(found.cases[0].primary.last_name, "Ellison-Hart");
}

#[test]
fn hostile_search_text_is_only_words() {
    let replica = CaseReplica::in_memory().unwrap();
    replica.upsert(&fixture()).unwrap();
    for typed in [
        "\"",
        "\"*",
        "NEAR(a b)",
        "a OR b",
        "names:ellison",
        "' OR 1=1 --",
        "*",
        "^marg",
        &"x".repeat(10_000),
        "(((((",
        "\u{0}",
    ] {
        assert!(replica.search(&text(typed), 10).is_ok(), "{typed:?}");
    }
    // "OR" is a word here, not an operator: nobody is called "or".
    assert!(
        replica
            .search(&text("ellison OR okafor"), 10)
            .unwrap()
            .cases
            .is_empty()
    );
}

#[test]
fn the_sealed_file_reopens_and_holds_no_plain_personal_data() {
    let dir = tempfile::tempdir().unwrap();
    let path = CaseReplica::path_for(dir.path(), "sandbox-1");
    assert!(path.ends_with("offline/sandbox-1.copy"));
    let key = SealKey::generate().unwrap();
    let at: DateTime<Utc> = "2026-11-23T14:02:00Z".parse().unwrap();
    {
        let replica = CaseReplica::open(&path, key.clone()).unwrap();
        replica.upsert(&fixture()).unwrap();
        replica.mark_synced(at).unwrap();
        replica.save().unwrap();
    }
    let bytes = std::fs::read(&path).unwrap();
    for secret in [
        "Ellison",
        "555-0142",
        "6145550142",
        "rob.ellison@example.com",
        "C-100231",
    ] {
        assert!(
            !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
            "{secret} is on disk in plain text"
        );
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o077, 0, "readable by the user only");
    }
    let reopened = CaseReplica::open(&path, key).unwrap();
    assert_eq!(reopened.as_of(), Some(at));
    assert_eq!(
        numbers(&reopened.search(&text("marg"), 5).unwrap()),
        vec!["C-100231"]
    );
    // Another key (a keyring that lost it) starts an empty copy rather than failing.
    let other = CaseReplica::open(&path, SealKey::generate().unwrap()).unwrap();
    assert!(other.is_empty());
    assert_eq!(other.as_of(), None);
    CaseReplica::remove_file(&path).unwrap();
    assert!(!path.exists());
    CaseReplica::remove_file(&path).unwrap();
}

#[test]
fn a_kept_answer_comes_back_replaced_and_sealed_with_the_copy() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.copy");
    let key = SealKey::generate().unwrap();
    let copy = CaseReplica::open(&path, key.clone()).unwrap();
    let first = Utc.with_ymd_and_hms(2026, 11, 2, 9, 0, 0).unwrap();
    let later = Utc.with_ymd_and_hms(2026, 11, 2, 9, 5, 0).unwrap();
    assert!(copy.kept_answer("inventory").is_none());
    assert!(
        copy.keep_answer("inventory", br#"{"unit":"Maple 101"}"#, first)
            .unwrap()
    );
    assert!(
        copy.keep_answer("inventory", br#"{"unit":"Maple 102"}"#, later)
            .unwrap()
    );
    assert_eq!(copy.answers_kept(), 1, "a new answer replaces the old");
    copy.save().unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert!(!bytes.windows(9).any(|w| w == b"Maple 102"), "sealed");
    let reopened = CaseReplica::open(&path, key).unwrap();
    let (json, at) = reopened.kept_answer("inventory").unwrap();
    assert_eq!(json, br#"{"unit":"Maple 102"}"#);
    assert_eq!(at, later);
    assert!(reopened.kept_answer("activities/mine").is_none());
}

#[test]
fn answers_are_capped_by_key_count_and_damage() {
    let copy = CaseReplica::in_memory().unwrap();
    let at = Utc.with_ymd_and_hms(2026, 11, 2, 9, 0, 0).unwrap();
    let long_key = "k".repeat(201);
    assert!(!copy.keep_answer(&long_key, b"[]", at).unwrap());
    for n in 0..(answers::MAX_ANSWERS + 3) {
        let when = at + chrono::Duration::seconds(n as i64);
        copy.keep_answer(&format!("case/{n}"), b"[]", when).unwrap();
    }
    assert_eq!(copy.answers_kept(), answers::MAX_ANSWERS);
    assert!(
        copy.kept_answer("case/0").is_none(),
        "the oldest went first"
    );
    assert!(
        copy.kept_answer(&format!("case/{}", answers::MAX_ANSWERS + 2))
            .is_some()
    );
    // A body that is not deflate (a damaged row) is no answer, not a panic.
    copy.lock()
        .execute(
            "UPDATE answers SET body = x'00ff00ff' WHERE key = 'case/5'",
            [],
        )
        .unwrap();
    assert!(copy.kept_answer("case/5").is_none());
}
