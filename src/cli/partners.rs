//! `leasedesk report partners`: every referral partner's pack, a file each, into a folder.

use std::path::PathBuf;

use chrono::{NaiveDate, Utc};

use super::{Connected, Failure};
use crate::domain::partner_pack::file_name;
use crate::report::{Paper, write_atomically};
use crate::service::partners::partner_packs;

/// A pack as a PDF, or as JSON or CSV for another program.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PackFormat {
    Pdf,
    Json,
    Csv,
}

#[derive(Debug, Clone)]
pub struct PartnersArgs {
    /// The folder the packs go to (it must exist).
    pub out: PathBuf,
    pub community: Option<String>,
    pub as_of: Option<NaiveDate>,
    pub format: PackFormat,
    pub paper: Paper,
    /// The language the PDFs are written in.
    pub language: crate::report::Language,
    pub shared_umask: Option<u32>,
    pub settings: crate::domain::report::ReportSettings,
}

/// The folder given to `--out`, which must exist.
pub fn check_out_folder(path: &std::path::Path) -> Result<PathBuf, Failure> {
    if path.as_os_str().is_empty() || !path.is_dir() {
        return Err(Failure::Usage(leasedesk_i18n::tr!(
            "cli-out-not-a-folder",
            text = format!("{:?}", path.display().to_string())
        )));
    }
    Ok(path.to_path_buf())
}

pub async fn run(connected: Connected, args: PartnersArgs) -> Result<String, Failure> {
    let as_of = args.as_of.unwrap_or_else(|| Utc::now().date_naive());
    let packs = partner_packs(
        &connected.client,
        &connected.label,
        args.community.as_deref(),
        as_of,
        &args.settings,
    )
    .await
    .map_err(super::report::failure_of)?;
    if packs.is_empty() {
        return Err(Failure::Run(leasedesk_i18n::tr!("cli-no-partners")));
    }
    // Every file is made before the first is written: a failure leaves no pack half done.
    let mut files = Vec::with_capacity(packs.len());
    for pack in &packs {
        let name = file_name(&pack.partner);
        let (name, bytes) = match args.format {
            PackFormat::Pdf => (
                name,
                crate::report::partner_pack::render(pack, args.paper, args.language),
            ),
            PackFormat::Json => (
                name.replace(".pdf", ".json"),
                serde_json::to_vec_pretty(pack).map_err(|e| Failure::Run(e.to_string()))?,
            ),
            PackFormat::Csv => (
                name.replace(".pdf", ".csv"),
                crate::domain::partner_pack::csv(pack).map_err(|e| Failure::Run(e.to_string()))?,
            ),
        };
        // Two partners whose names differ only in punctuation get a file each.
        let mut path = args.out.join(&name);
        let mut n = 2;
        while files.iter().any(|(p, _)| *p == path) {
            path = args.out.join(name.replacen('.', &format!("-{n}."), 1));
            n += 1;
        }
        files.push((path, bytes));
    }
    for (path, bytes) in &files {
        write_atomically(path, bytes)
            .and_then(|()| super::report::share_as_umask(path, args.shared_umask))
            .map_err(|e| Failure::Usage(super::not_written(path, &e)))?;
    }
    Ok(leasedesk_i18n::in_language(args.language, || {
        leasedesk_i18n::tr!(
            "cli-wrote-packs",
            count = files.len(),
            as_of = as_of.to_string(),
            path = args.out.display().to_string()
        )
    }))
}
