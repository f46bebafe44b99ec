//! `leasedesk audit verify` and `audit report` on a desk's access log (the key given in the
//! environment, as on a headless desk): a whole log verifies and lists one case's entries; a
//! flipped byte exits 1 naming the entry; a case's entries as a PDF; bad usage exits 2.

use std::process::{Command, Output};

use chrono::{Duration, TimeZone, Utc};
use leasedesk::engine::access_log::{AccessLog, Entry, LogKey, What};
use leasedesk::engine::store::sealed::SealKey;

fn audit(key: &SealKey, args: &[&str]) -> Output {
    audit_speaking(key, args, "en_US.UTF-8")
}

/// [`audit`] on a system whose language is `lang` (a `LANG` value).
fn audit_speaking(key: &SealKey, args: &[&str], lang: &str) -> Output {
    let home = tempfile::tempdir().unwrap();
    Command::new(env!("CARGO_BIN_EXE_leasedesk"))
        .arg("audit")
        .args(args)
        .env("LANG", lang)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("LEASEDESK_AUDIT_KEY", key.to_hex().as_str())
        .output()
        .expect("the binary runs")
}

#[test]
fn a_whole_log_verifies_and_reports_a_case_and_a_flipped_byte_is_named() {
    let key = SealKey::generate().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let at = Utc.with_ymd_and_hms(2026, 11, 28, 15, 0, 0).unwrap();
    let mut log =
        AccessLog::open(dir.path(), LogKey::from_seal(&key), "Dana Whitfield", at).unwrap();
    for (i, case) in ["600", "601", "600"].iter().enumerate() {
        let when = at + Duration::minutes(i as i64);
        log.append(&Entry::new(
            when,
            "Dana Whitfield",
            What::CaseOpened,
            Some(case),
            "",
        ))
        .unwrap();
    }
    log.append(&Entry::new(
        at,
        "Sam Reed",
        What::Exported,
        None,
        "csv: 42 units",
    ))
    .unwrap();
    log.close("Dana Whitfield", at + Duration::hours(1))
        .unwrap();
    let path = dir.path().to_str().unwrap();

    let whole = audit(&key, &["verify", "--dir", path]);
    assert!(whole.status.success(), "{whole:?}");
    assert!(
        String::from_utf8_lossy(&whole.stdout).contains("whole: 6 entries in 1 file"),
        "{whole:?}"
    );

    let report = audit(
        &key,
        &["report", "--dir", path, "--case", "600", "--format", "json"],
    );
    assert!(report.status.success(), "{report:?}");
    let rows: serde_json::Value = serde_json::from_slice(&report.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert!(
        rows.iter()
            .all(|r| r["case"] == "600" && r["what"] == "case_opened")
    );
    let csv = audit(&key, &["report", "--dir", path, "--user", "sam reed"]);
    let text = String::from_utf8_lossy(&csv.stdout);
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(
        text.contains("export") && text.contains("csv: 42 units"),
        "{text}"
    );

    // As a compliance officer asks for it: a PDF, read back as text (.ci/run installs
    // poppler-utils).
    let out = tempfile::tempdir().unwrap();
    let pdf = out.path().join("case 600.pdf");
    let written = audit(
        &key,
        &[
            "report",
            "--dir",
            path,
            "--case",
            "600",
            "--format",
            "pdf",
            "--out",
            pdf.to_str().unwrap(),
        ],
    );
    assert!(written.status.success(), "{written:?}");
    let text = Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("Entries of every day kept, case 600: 2."),
        "{text}"
    );
    assert!(
        text.contains("The access log is whole: 6 entries"),
        "{text}"
    );
    assert_eq!(text.matches("case opened").count(), 2, "{text}");
    assert!(!text.contains("Sam Reed"), "{text}");
    // On a Spanish system: the sentence, the PDF's words and what each entry records.
    let spanish = audit_speaking(&key, &["verify", "--dir", path], "es_US.UTF-8");
    let said = String::from_utf8_lossy(&spanish.stdout);
    assert!(
        said.contains("está completo: 6 entradas en 1 archivo (entradas 1 a 6)"),
        "{said}"
    );
    let pdf = out.path().join("caso 600.pdf");
    let args = [
        "report", "--dir", path, "--case", "600", "--format", "pdf", "--out",
    ];
    let mut args = args.to_vec();
    args.push(pdf.to_str().unwrap());
    let written = audit_speaking(&key, &args, "es_US.UTF-8");
    assert!(written.status.success(), "{written:?}");
    let text = Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("Registro de accesos"), "{text}");
    assert!(
        text.contains("Entradas de todos los días guardados, caso 600: 2."),
        "{text}"
    );
    assert_eq!(text.matches("caso abierto").count(), 2, "{text}");
    assert!(
        !text.contains("case opened") && !text.contains("Entries"),
        "{text}"
    );

    let no_out = audit(&key, &["report", "--dir", path, "--format", "pdf"]);
    assert_eq!(no_out.status.code(), Some(2), "{no_out:?}");
    assert!(String::from_utf8_lossy(&no_out.stderr).contains("--out"));

    let file = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "log"))
        .unwrap();
    let mut bytes = std::fs::read(&file).unwrap();
    let third = bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(1)
        .map(|(i, _)| i + 70)
        .unwrap();
    bytes[third] = if bytes[third] == b'Q' { b'R' } else { b'Q' };
    std::fs::write(&file, bytes).unwrap();
    let broken = audit(&key, &["verify", "--dir", path]);
    assert_eq!(broken.status.code(), Some(1), "{broken:?}");
    let said = String::from_utf8_lossy(&broken.stderr);
    assert_eq!(said.trim().lines().count(), 1, "{said}");
    assert!(
        said.contains("entry 3 (access-000000000001.log) was altered"),
        "{said}"
    );
    let no_report = audit(&key, &["report", "--dir", path]);
    assert_eq!(no_report.status.code(), Some(1));
    assert!(no_report.stdout.is_empty());

    for args in [
        vec!["report", "--dir", path, "--from", "2026-13-01"],
        vec!["report", "--dir", path, "--case", "Ann"],
        vec!["verify", "--dir", "/no/such/folder"],
    ] {
        let out = audit(&key, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
    }
}
