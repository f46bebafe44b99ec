//! `leasedesk report weekly`: reads the portal, works out the figures, writes the file.

use std::path::PathBuf;

use chrono::{NaiveDate, Utc};

use super::{Connected, Failure};
use crate::report::{Format, Language, Paper, render, write_atomically};
use crate::service::reports::{ReportError, weekly_report};

#[derive(Debug, Clone)]
pub struct WeeklyArgs {
    pub out: PathBuf,
    /// `NameUnique` of one community.
    pub community: Option<String>,
    pub as_of: Option<NaiveDate>,
    pub format: Format,
    pub paper: Paper,
    /// The language a PDF is written in.
    pub language: Language,
    /// The umask to give the file (`--keep-umask`); otherwise it is the user's only.
    pub shared_umask: Option<u32>,
    /// Paid sources and the portal's own targets, as the app's Settings keep them.
    pub settings: crate::domain::report::ReportSettings,
}

pub async fn run(connected: Connected, args: WeeklyArgs) -> Result<String, Failure> {
    let as_of = args.as_of.unwrap_or_else(|| Utc::now().date_naive());
    let report = weekly_report(
        &connected.client,
        &connected.label,
        args.community.as_deref(),
        as_of,
        Utc::now(),
        &args.settings,
    )
    .await
    .map_err(failure_of)?;
    // Tests make a run fail here, with every resident's data read (see `crash`).
    crate::crash::trigger_for_tests();
    let bytes = render(&report, args.format, args.paper, args.language).map_err(Failure::Run)?;
    write_atomically(&args.out, &bytes)
        .and_then(|()| share_as_umask(&args.out, args.shared_umask))
        .map_err(|e| Failure::Usage(super::not_written(&args.out, &e)))?;
    Ok(leasedesk_i18n::in_language(args.language, || {
        leasedesk_i18n::tr!(
            "cli-wrote-weekly",
            as_of = as_of.to_string(),
            path = args.out.display().to_string()
        )
    }))
}

/// A report's failure as the command line says it, in the system's language: an unknown
/// community is bad usage (the name typed is quoted as Rust would, so it stays on one line).
pub(super) fn failure_of(e: ReportError) -> Failure {
    match e {
        ReportError::UnknownCommunity { name, known } => Failure::Usage(leasedesk_i18n::tr!(
            "cli-no-community-named",
            name = format!("{name:?}"),
            known = known
        )),
        ReportError::Service(e) => Failure::Run(leasedesk_i18n::tr!(
            "cli-report-service-failed",
            error = crate::ui::error_words::api_error(&e)
        )),
    }
}

/// Gives the finished file the mode the user's umask gives new files (asked for with
/// `--keep-umask`; a report names residents, so by default it stays the user's only).
pub(super) fn share_as_umask(path: &std::path::Path, umask: Option<u32>) -> std::io::Result<()> {
    #[cfg(unix)]
    if let Some(umask) = umask {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o666 & !umask))?;
    }
    #[cfg(not(unix))]
    let _ = (path, umask);
    Ok(())
}
