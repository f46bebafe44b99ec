//! `leasedesk outreach due`: every contact the team's lists would have someone make at a
//! moment, each with the contact guard's answer, as JSON for a schedule or a compliance check.

use chrono::{DateTime, Utc};

use super::{Connected, Failure};
use crate::domain::contact_story::ContactRule;

/// What `outreach due` is asked.
#[derive(Debug, Clone)]
pub struct DueArgs {
    pub at: DateTime<Utc>,
    /// The community's clock (business days, and the guard for someone with no address).
    pub rule: ContactRule,
}

pub async fn due(connected: Connected, args: DueArgs) -> Result<String, Failure> {
    let rows = crate::service::outreach::due_at(&connected.client, args.at, &args.rule)
        .await
        .map_err(|e| {
            Failure::Run(leasedesk_i18n::tr!(
                "cli-portal-not-read",
                error = crate::ui::error_words::api_error(&e)
            ))
        })?;
    Ok(rendered(&rows, &args, "service"))
}

/// `outreach due` from the offline copy when `copy` names one that can answer, else from the
/// service (as [`due`]).
pub async fn due_anywhere(
    connected: Connected,
    (args, copy): (DueArgs, Option<FromCopy>),
) -> Result<String, Failure> {
    if let Some(copy) = copy {
        match due_from_copy(copy, &args).await? {
            Ok(answer) => return Ok(answer),
            Err(why) => tracing::warn!(%why, "outreach due reads the service"),
        }
    }
    due(connected, args).await
}

/// Where `outreach due` may read this computer's offline copy of a saved profile (the one the
/// app keeps): the data folder, the profile and how to reach its portal.
pub struct FromCopy {
    pub data_dir: std::path::PathBuf,
    pub profile: String,
    pub connection: crate::api::Connection,
    pub login: Option<(String, crate::api::Secret)>,
    pub secrets: std::sync::Arc<crate::engine::secrets::SecretStore>,
}

/// How long the copy's sync may take before `outreach due` gives up on it (a first fill of a
/// portal of 100,000 cases takes minutes).
const COPY_SYNC_LIMIT: std::time::Duration = std::time::Duration::from_secs(60 * 60);

/// `outreach due` from the offline copy, brought up to date by one sync first: `Ok(Err(why))`
/// when the copy cannot answer (the app has the data folder open, the copy is not filled, or
/// the families' older words are not read yet), and the service is read instead.
pub async fn due_from_copy(
    copy: FromCopy,
    args: &DueArgs,
) -> Result<Result<String, String>, Failure> {
    // The app's own data folder: not while the app has it open (two engines on one outbox
    // would each send what waits in it).
    let _lock = match crate::instance::InstanceLock::acquire(&copy.data_dir) {
        Ok(lock) => lock,
        Err(e) => {
            return Ok(Err(leasedesk_i18n::tr!(
                "cli-copy-not-read",
                error = e.to_string()
            )));
        }
    };
    let backend = crate::engine::Backend::new(
        tokio::runtime::Handle::current(),
        std::sync::Arc::new(crate::engine::embedded::NoEmbedded),
    );
    let room = backend.offline_copy();
    room.set_data_dir(Some(copy.data_dir.clone()));
    room.set_secrets(copy.secrets.clone());
    room.set_stores_kept_on_disk([copy.profile.clone()]);
    let started = chrono::Utc::now();
    backend
        .connection()
        .connect_portal(&copy.profile, copy.connection, copy.login);
    let deadline = tokio::time::Instant::now() + COPY_SYNC_LIMIT;
    loop {
        let status = room.status();
        if status.syncing.is_none() && status.as_of.is_some_and(|at| at >= started) {
            break;
        }
        if let Some(problem) = status.problem.filter(|_| status.syncing.is_none()) {
            let problem = match &problem {
                crate::engine::CopyProblem::SyncFailed(why) => {
                    crate::ui::copy_words::sync_failure(why)
                }
                other => other.to_string(),
            };
            return Err(Failure::Run(leasedesk_i18n::tr!(
                "cli-copy-not-synced",
                problem = problem
            )));
        }
        if let Some(why) = backend.connection().last_error() {
            return Err(Failure::Run(leasedesk_i18n::tr!(
                "cli-portal-not-reached",
                error = crate::ui::error_words::link_failure(&why)
            )));
        }
        if tokio::time::Instant::now() > deadline {
            return Err(Failure::Run(leasedesk_i18n::tr!("cli-copy-sync-too-long")));
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let answer = room
        .outreach_due(args.at, args.rule.clone())
        .await
        .map_err(|e| {
            Failure::Run(leasedesk_i18n::tr!(
                "cli-copy-unreadable",
                error = e.to_string()
            ))
        })?;
    let Some(answer) = answer else {
        return Ok(Err(leasedesk_i18n::tr!("cli-copy-not-whole")));
    };
    Ok(Ok(rendered(
        &answer.rows,
        args,
        &format!(
            "offline copy of {} (synced {})",
            copy.profile,
            answer
                .as_of
                .unwrap_or(started)
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
        ),
    )))
}

/// The answer as JSON, saying where its rows came from.
fn rendered(
    rows: &[crate::domain::outreach_due::DueContact],
    args: &DueArgs,
    source: &str,
) -> String {
    let held = rows.iter().filter(|r| !r.allowed).count();
    let answer = serde_json::json!({
        "as_of": args.at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        "zone": args.rule.zone.name(),
        "source": source,
        "count": rows.len(),
        "held": held,
        "due": rows,
    });
    format!("{answer}\n")
}
