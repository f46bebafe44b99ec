//! `leasedesk report region`: the regional roll-up of every saved connection (or, with none
//! saved, of the embedded sandbox's two demo portals), each portal read from its own service.

use std::path::PathBuf;

use chrono::{NaiveDate, Utc};

use super::{ConnectOptions, Failure, connect};
use crate::api::{Client, Connection, Secret};
use crate::domain::region::{SortBy, csv, sort};
use crate::domain::speed_to_lead::LeadRules;
use crate::report::region::{RegionReport, render};
use crate::report::{Paper, write_atomically};
use crate::sandbox::{Sandbox, SandboxConfig, Storage};
use crate::service::region::portal_rows;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RegionFormat {
    Pdf,
    Csv,
    Json,
}

#[derive(Debug, Clone)]
pub struct RegionArgs {
    pub out: PathBuf,
    pub as_of: Option<NaiveDate>,
    pub format: RegionFormat,
    pub paper: Paper,
    /// The language the PDF is written in.
    pub language: crate::report::Language,
    pub shared_umask: Option<u32>,
    /// Office hours and the response target, as the app's Settings keep them.
    pub rules: LeadRules,
    pub profiles: Vec<crate::engine::prefs::Profile>,
}

/// The roll-up written to `args.out`; a portal that cannot be read is named in the file, and
/// when none can be, nothing is written.
pub async fn run(args: RegionArgs) -> Result<String, Failure> {
    let as_of = args.as_of.unwrap_or_else(|| Utc::now().date_naive());
    let now = Utc::now();
    let mut report = RegionReport {
        as_of,
        rows: Vec::new(),
        unread: Vec::new(),
    };
    let mut portals = 0;
    if args.profiles.is_empty() {
        let sandbox = start_sandbox().await?;
        for (key, portal, label) in [
            (
                sandbox.key.clone(),
                sandbox.portal_id,
                crate::domain::report::SANDBOX_PORTAL,
            ),
            (
                crate::sandbox::SECOND_KEY.to_owned(),
                sandbox.second_portal_id,
                crate::domain::report::SECOND_SANDBOX_PORTAL,
            ),
        ] {
            portals += 1;
            let client = Client::new(Connection {
                base_url: sandbox.base_url.clone(),
                subscription_key: Secret::new(key),
                portal_id: portal,
            })
            .map_err(|e| Failure::Run(crate::ui::error_words::api_error(&e)))?;
            match portal_rows(&client, label, as_of, now, &args.rules).await {
                Ok(rows) => report.rows.extend(rows),
                Err(e) => report
                    .unread
                    .push((label.to_owned(), crate::ui::error_words::api_error(&e))),
            }
        }
    } else {
        let secrets = crate::engine::secrets::SecretStore::detect();
        // A training class's portals are practice, never part of a region's figures.
        for profile in args.profiles.iter().filter(|p| !p.training) {
            portals += 1;
            let options = ConnectOptions {
                profile: Some(profile.name.clone()),
                ..ConnectOptions::default()
            };
            let target =
                options.target(None, &args.profiles, |name, kind| secrets.read(name, kind));
            let label = format!("{} (portal {})", profile.name, profile.portal_id.trim());
            let read = async {
                let connected = connect(target?).await?;
                portal_rows(&connected.client, &label, as_of, now, &args.rules)
                    .await
                    .map_err(|e| Failure::Run(crate::ui::error_words::api_error(&e)))
            };
            match read.await {
                Ok(rows) => report.rows.extend(rows),
                Err(e) => report.unread.push((label.clone(), e.message().to_owned())),
            }
        }
    }
    if report.unread.len() == portals {
        let (portal, why) = &report.unread[0];
        return Err(Failure::Run(leasedesk_i18n::tr!(
            "cli-no-portal-read",
            portal = crate::report::words::portal_name(portal),
            why = why.to_string()
        )));
    }
    sort(&mut report.rows, SortBy::Portal, false);
    let bytes = match args.format {
        RegionFormat::Pdf => render(&report, args.paper, args.language),
        RegionFormat::Csv => csv(&report.rows).map_err(|e| Failure::Run(e.to_string()))?,
        RegionFormat::Json => {
            serde_json::to_vec_pretty(&report).map_err(|e| Failure::Run(e.to_string()))?
        }
    };
    write_atomically(&args.out, &bytes)
        .and_then(|()| super::report::share_as_umask(&args.out, args.shared_umask))
        .map_err(|e| Failure::Usage(super::not_written(&args.out, &e)))?;
    Ok(leasedesk_i18n::in_language(args.language, || {
        leasedesk_i18n::tr!(
            "cli-wrote-region",
            communities = report.rows.len(),
            portals = portals - report.unread.len(),
            unread = report.unread.len(),
            as_of = as_of.to_string(),
            path = args.out.display().to_string()
        )
    }))
}

async fn start_sandbox() -> Result<crate::sandbox::RunningSandbox, Failure> {
    let storage = SandboxConfig::default_database()
        .map(Storage::File)
        .unwrap_or(Storage::InMemory);
    Sandbox::start(SandboxConfig {
        storage,
        ..SandboxConfig::default()
    })
    .await
    .map_err(|e| {
        Failure::Run(leasedesk_i18n::tr!(
            "cli-sandbox-not-started",
            error = e.to_string()
        ))
    })
}

/// `report region` reads every saved connection: one named on the command line is a mistake.
pub fn check_no_connection(connect: &ConnectOptions) -> Result<(), Failure> {
    if connect.is_empty() {
        Ok(())
    } else {
        Err(Failure::Usage(leasedesk_i18n::tr!(
            "cli-region-no-connection"
        )))
    }
}
