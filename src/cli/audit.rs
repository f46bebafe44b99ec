//! `leasedesk audit verify` and `leasedesk audit report`: the desk's access log checked whole
//! (exit 1 naming the first entry altered, removed, reordered or cut) and listed for a period,
//! a case or a user, as a compliance officer asks for it.

use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use leasedesk_i18n::tr;

use super::Failure;
use crate::engine::access_log::{self, Broken, Entry, How, LogKey, What};
use crate::engine::secrets::SecretStore;

/// The log's folder: `--dir`, or the data folder's `audit`.
pub fn log_dir(dir: Option<PathBuf>) -> Result<PathBuf, Failure> {
    let dir = match dir {
        Some(dir) => dir,
        None => crate::paths::data_dir()
            .map(|d| d.join("audit"))
            .ok_or_else(|| Failure::Usage(tr!("audit-no-data-folder")))?,
    };
    if !dir.is_dir() {
        return Err(Failure::Usage(tr!(
            "audit-no-log",
            dir = dir.display().to_string()
        )));
    }
    Ok(dir)
}

fn key() -> Result<LogKey, Failure> {
    let secrets = SecretStore::detect();
    access_log::desk_key(&secrets, false)
        .map(|(key, _)| LogKey::from_seal(&key))
        .map_err(|e| Failure::Run(tr!("audit-no-key", error = key_problem(&e))))
}

/// Why the desk's key could not be had, in the system's language.
fn key_problem(problem: &access_log::KeyProblem) -> String {
    use access_log::KeyProblem;
    match problem {
        KeyProblem::BadVariable => tr!(
            "audit-key-bad-variable",
            variable = access_log::KEY_VARIABLE
        ),
        KeyProblem::Damaged => tr!("audit-key-damaged"),
        KeyProblem::Missing => tr!("audit-key-missing", variable = access_log::KEY_VARIABLE),
        KeyProblem::Detail(detail) => detail.clone(),
    }
}

pub fn verify(dir: &Path) -> Result<String, Failure> {
    whole_sentence(dir, &key()?)
}

fn whole_sentence(dir: &Path, key: &LogKey) -> Result<String, Failure> {
    let whole = access_log::verify(dir, key)
        .map_err(|b| Failure::Run(tr!("audit-not-whole", broken = broken_words(&b))))?;
    let said = tr!(
        "audit-whole",
        entries = whole.entries,
        files = whole.files,
        first = whole.first,
        last = whole.first + whole.entries.saturating_sub(1)
    );
    Ok(format!("{said}\n"))
}

/// Where the chain breaks, in the language in force.
fn broken_words(broken: &Broken) -> String {
    let file = broken
        .file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let entry = broken.entry;
    match broken.how {
        How::Altered => tr!("audit-altered", entry = entry, file = file),
        How::Removed => tr!("audit-removed", entry = entry, file = file),
        How::Reordered => tr!("audit-reordered", entry = entry, file = file),
        How::Truncated => tr!("audit-truncated", entry = entry, file = file),
    }
}

/// What an entry records, in the language in force (CSV and JSON keep the log's own names).
fn what_words(what: What) -> String {
    match what {
        What::CaseOpened => tr!("audit-what-case-opened"),
        What::PersonShown => tr!("audit-what-person-shown"),
        What::Exported => tr!("audit-what-exported"),
        What::Printed => tr!("audit-what-printed"),
        What::HandedOff => tr!("audit-what-handed-off"),
        What::OverrideRefused => tr!("audit-what-override-refused"),
        What::LogStarted => tr!("audit-what-log-started"),
        What::LogStopped => tr!("audit-what-log-stopped"),
        What::LogRotated => tr!("audit-what-log-rotated"),
    }
}

/// What `audit report` is asked.
#[derive(Debug, Clone, Default)]
pub struct ReportArgs {
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    pub case: Option<String>,
    pub user: Option<String>,
    pub sort: Sort,
    pub format: Format,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Format {
    #[default]
    Csv,
    Json,
    /// For a compliance officer (needs `--out`).
    Pdf,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Sort {
    #[default]
    Time,
    Case,
    User,
}

/// The entries asked for, as CSV, JSON or PDF; the log must verify first.
pub fn report(dir: &Path, args: &ReportArgs) -> Result<Vec<u8>, Failure> {
    let key = key()?;
    let all = access_log::read_all(dir, &key)
        .map_err(|b| Failure::Run(tr!("audit-not-whole-no-report", broken = broken_words(&b))))?;
    let mut rows: Vec<(u64, Entry)> = all
        .into_iter()
        .filter(|(_, e)| args.from.is_none_or(|d| e.at.date_naive() >= d))
        .filter(|(_, e)| args.to.is_none_or(|d| e.at.date_naive() <= d))
        .filter(|(_, e)| {
            args.case
                .as_ref()
                .is_none_or(|c| e.case.as_ref() == Some(c))
        })
        .filter(|(_, e)| {
            args.user
                .as_ref()
                .is_none_or(|u| e.user.eq_ignore_ascii_case(u))
        })
        .collect();
    match args.sort {
        Sort::Time => rows.sort_by_key(|(n, e)| (e.at, *n)),
        Sort::Case => rows.sort_by(|a, b| (&a.1.case, a.1.at, a.0).cmp(&(&b.1.case, b.1.at, b.0))),
        Sort::User => rows.sort_by(|a, b| (&a.1.user, a.1.at, a.0).cmp(&(&b.1.user, b.1.at, b.0))),
    }
    if args.format == Format::Pdf {
        return pdf(dir, &key, args, &rows);
    }
    if args.format == Format::Json {
        let list: Vec<serde_json::Value> = rows
            .iter()
            .map(|(n, e)| {
                serde_json::json!({
                    "entry": n,
                    "at": e.at.to_rfc3339(),
                    "user": e.user,
                    "what": e.what,
                    "case": e.case,
                    "detail": e.detail,
                })
            })
            .collect();
        return Ok(format!("{}\n", serde_json::Value::Array(list)).into_bytes());
    }
    let mut out = csv::Writer::from_writer(Vec::new());
    let csv_failed = |e: csv::Error| Failure::Run(e.to_string());
    out.write_record(["entry", "at", "user", "what", "case", "detail"])
        .map_err(csv_failed)?;
    for (n, e) in &rows {
        out.write_record([
            n.to_string(),
            e.at.to_rfc3339(),
            crate::domain::csv_export::neutralize(&e.user).into_owned(),
            e.what.name().to_owned(),
            e.case.clone().unwrap_or_default(),
            crate::domain::csv_export::neutralize(&e.detail).into_owned(),
        ])
        .map_err(csv_failed)?;
    }
    out.into_inner().map_err(|e| Failure::Run(e.to_string()))
}

fn pdf(
    dir: &Path,
    key: &LogKey,
    args: &ReportArgs,
    rows: &[(u64, Entry)],
) -> Result<Vec<u8>, Failure> {
    use crate::report::access_log::{AccessReport, AccessRow, MAX_ROWS, render};
    if rows.len() > MAX_ROWS {
        return Err(Failure::Usage(tr!(
            "audit-too-many",
            entries = rows.len(),
            most = MAX_ROWS
        )));
    }
    let day = crate::report::pdf::day;
    let period = match (args.from, args.to) {
        (Some(from), Some(to)) if from == to => day(from),
        (Some(from), Some(to)) => tr!("audit-period-from-to", from = day(from), to = day(to)),
        (Some(from), None) => tr!("audit-period-from", from = day(from)),
        (None, Some(to)) => tr!("audit-period-to", to = day(to)),
        (None, None) => tr!("audit-period-all"),
    };
    let narrowed_to = [
        args.case
            .as_ref()
            .map(|c| tr!("audit-narrowed-case", case = c.clone())),
        args.user
            .as_ref()
            .map(|u| tr!("audit-narrowed-user", user = u.clone())),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(", ");
    let report = AccessReport {
        period,
        narrowed_to,
        verified: whole_sentence(dir, key)?.trim().to_owned(),
        made: chrono::Utc::now().format("%Y-%m-%d %H:%M UTC").to_string(),
        rows: rows
            .iter()
            .map(|(n, e)| AccessRow {
                entry: *n,
                at: e.at.format("%Y-%m-%d %H:%M:%S").to_string(),
                user: e.user.clone(),
                what: what_words(e.what),
                case: e.case.clone().unwrap_or_default(),
                detail: e.detail.clone(),
            })
            .collect(),
    };
    Ok(render(&report, crate::report::Paper::Letter))
}

#[cfg(test)]
mod tests {
    use super::*;
    use leasedesk_i18n::{Language, in_language};

    /// Each reason the key is missing reads as the engine's English (for logs) in English, and
    /// otherwise in Spanish, naming the variable to set.
    #[test]
    fn why_the_log_cannot_be_checked_is_said_in_each_language() {
        use access_log::KeyProblem;
        for problem in [
            KeyProblem::BadVariable,
            KeyProblem::Damaged,
            KeyProblem::Missing,
        ] {
            let english = in_language(Language::English, || key_problem(&problem));
            let spanish = in_language(Language::Spanish, || key_problem(&problem));
            assert_eq!(english, problem.to_string());
            assert_ne!(spanish, english);
        }
        let missing = in_language(Language::Spanish, || key_problem(&KeyProblem::Missing));
        assert!(missing.contains(access_log::KEY_VARIABLE), "{missing}");
    }
}
