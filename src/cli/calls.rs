//! `leasedesk calls import FILE`: reads a phone system's call export, matches each call to a
//! case and logs those not logged before; says what it did on stdout.

use std::path::PathBuf;

use chrono_tz::Tz;

use super::{Connected, Failure};
use crate::domain::calls::export::{self, Columns};
use crate::service::calls::{ImportError, import};

#[derive(Debug, Clone)]
pub struct ImportArgs {
    pub file: PathBuf,
    pub columns: Option<Columns>,
    /// The phone system's zone, for times written without an offset.
    pub zone: Tz,
}

/// Reads and checks the file before connecting: a file that is not a call export is a usage
/// error naming its line, and nothing is logged.
pub fn read(args: &ImportArgs) -> Result<export::Export, Failure> {
    let name = args.file.display();
    let unreadable = |e: std::io::Error| {
        Failure::Usage(leasedesk_i18n::tr!(
            "cli-file-not-read",
            name = name.to_string(),
            error = e.to_string()
        ))
    };
    let metadata = std::fs::metadata(&args.file).map_err(unreadable)?;
    if metadata.len() > export::MAX_BYTES as u64 {
        return Err(Failure::Usage(leasedesk_i18n::tr!(
            "cli-file-too-large",
            name = name.to_string(),
            megabytes = export::MAX_BYTES / 1024 / 1024
        )));
    }
    let bytes = std::fs::read(&args.file).map_err(unreadable)?;
    export::read(&bytes, args.columns.as_ref(), args.zone).map_err(|e| {
        Failure::Usage(format!(
            "{name} {}",
            crate::ui::modals::call_export_words::export_error(&e)
        ))
    })
}

pub async fn run(connected: Connected, export: export::Export) -> Result<String, Failure> {
    let report = import(&connected.client, &export)
        .await
        .map_err(|e| match e {
            ImportError::NoCallTypes(_) => Failure::Usage(super::calls_words::import_error(&e)),
            ImportError::Service { .. } => Failure::Run(super::calls_words::import_error(&e)),
        })?;
    Ok(super::calls_words::summary(&report))
}

/// `leasedesk calls demo-export`: two weeks of made-up calls with the portal's people (the
/// demo's, unless another portal is named), for trying an import.
pub async fn demo_export(connected: Connected, out: PathBuf, zone: Tz) -> Result<String, Failure> {
    let mut numbers = Vec::new();
    crate::service::cases::each_case(connected.client.clone(), |case| {
        // At most a few hundred people, spread over the portal.
        if numbers.len() < 400 {
            for person in std::iter::once(&case.primary).chain(&case.relationships) {
                let phone = person.best_phone();
                if crate::domain::calls::matching::number_key(phone).is_some() {
                    numbers.push(phone.to_owned());
                }
            }
        }
    })
    .await
    .map_err(|e| Failure::Run(crate::ui::error_words::api_error(&e)))?;
    if numbers.is_empty() {
        return Err(Failure::Usage(leasedesk_i18n::tr!("cli-no-phone-numbers")));
    }
    let text = crate::domain::calls::demo::export(&numbers, chrono::Utc::now(), zone, 320, 2026);
    crate::report::write_atomically(&out, text.as_bytes())
        .map_err(|e| Failure::Usage(super::not_written(&out, &e)))?;
    Ok(leasedesk_i18n::tr!(
        "cli-wrote-calls",
        calls = text.lines().count().saturating_sub(1),
        numbers = numbers.len(),
        path = out.display().to_string()
    ))
}
