//! What the command line needs besides parsing: which service to talk to (a portal named on the
//! command line with its key from the environment, a saved profile with its secrets from the
//! keyring, or the embedded sandbox's demo database), and `report weekly`.
//!
//! Errors are one sentence. A usage error (a bad date, an unknown community or profile, a path
//! that cannot be written) exits with 2; a service that cannot be reached or refuses exits with 1.

use std::path::PathBuf;

use chrono::NaiveDate;

use crate::api::{Client, Connection, Secret};
use crate::sandbox::{RunningSandbox, Sandbox, SandboxConfig, Storage};

pub mod audit;
pub mod calls;
mod calls_words;
pub mod contact;
pub mod help;
pub mod outreach;
pub mod partners;
pub mod region;
pub mod report;
pub mod score_check;
pub mod training;

/// The environment variable holding the subscription key (never a command-line argument,
/// which other users of the computer can read).
pub const KEY_VARIABLE: &str = "LEASEDESK_SUBSCRIPTION_KEY";

/// Why a command stopped.
#[derive(Debug, PartialEq)]
pub enum Failure {
    /// The command was asked something it cannot do: exit 2.
    Usage(String),
    /// The service or the computer failed it: exit 1.
    Run(String),
}

impl Failure {
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Usage(_) => 2,
            Failure::Run(_) => 1,
        }
    }

    pub fn message(&self) -> &str {
        match self {
            Failure::Usage(m) | Failure::Run(m) => m,
        }
    }
}

/// Labelled lines for the console, each indented and its value lined up after the longest
/// label (whichever language says the labels).
pub fn lined_up(lines: &[(String, String)]) -> String {
    let width = lines
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    lines
        .iter()
        .map(|(label, value)| format!("  {label:<width$}  {value}\n"))
        .collect()
}

/// Where to connect, as given on the command line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ConnectOptions {
    pub base_url: Option<String>,
    pub portal: Option<String>,
    pub profile: Option<String>,
}

/// A service to talk to.
#[derive(Debug)]
pub enum Target {
    /// The embedded sandbox's demo database.
    Sandbox,
    Portal {
        label: String,
        connection: Connection,
        login: Option<(String, Secret)>,
    },
}

impl ConnectOptions {
    pub fn is_empty(&self) -> bool {
        self.base_url.is_none() && self.portal.is_none() && self.profile.is_none()
    }

    /// Decides the target. `key` is the environment's key, `profiles` the saved ones and
    /// `secret` reads a profile's stored secret (an error: the keyring could not be read, e.g.
    /// locked, which is not the same as no key saved).
    pub fn target(
        &self,
        key: Option<String>,
        profiles: &[crate::engine::prefs::Profile],
        secret: impl Fn(&str, crate::engine::secrets::SecretKind) -> Result<Option<Secret>, String>,
    ) -> Result<Target, Failure> {
        use crate::engine::secrets::SecretKind;
        let key = key.filter(|k| !k.trim().is_empty()).map(Secret::new);
        if let Some(name) = &self.profile {
            if self.base_url.is_some() || self.portal.is_some() {
                return Err(Failure::Usage(leasedesk_i18n::tr!("cli-profile-or-url")));
            }
            let profile = profiles.iter().find(|p| &p.name == name).ok_or_else(|| {
                let known: Vec<&str> = profiles.iter().map(|p| p.name.as_str()).collect();
                if known.is_empty() {
                    Failure::Usage(leasedesk_i18n::tr!(
                        "cli-no-profiles",
                        name = format!("{name:?}")
                    ))
                } else {
                    Failure::Usage(leasedesk_i18n::tr!(
                        "cli-no-such-profile",
                        name = format!("{name:?}"),
                        saved = known.join(", ")
                    ))
                }
            })?;
            let unreadable = |e: String| {
                Failure::Run(leasedesk_i18n::tr!(
                    "cli-keyring-unreadable",
                    name = format!("{name:?}"),
                    error = e,
                    variable = KEY_VARIABLE
                ))
            };
            let key = match key {
                Some(key) => Some(key),
                None => secret(name, SecretKind::SubscriptionKey).map_err(unreadable)?,
            };
            let key = key.ok_or_else(|| {
                Failure::Usage(leasedesk_i18n::tr!(
                    "cli-no-key",
                    name = format!("{name:?}"),
                    variable = KEY_VARIABLE
                ))
            })?;
            let connection = connection(&profile.base_url, &profile.portal_id, key)?;
            let login = if profile.username.is_empty() {
                None
            } else {
                secret(name, SecretKind::Password)
                    .map_err(unreadable)?
                    .map(|p| (profile.username.clone(), p))
            };
            return Ok(Target::Portal {
                label: name.clone(),
                connection,
                login,
            });
        }
        match (&self.base_url, &self.portal) {
            (None, None) => Ok(Target::Sandbox),
            (Some(_), None) | (None, Some(_)) => {
                Err(Failure::Usage(leasedesk_i18n::tr!("cli-url-and-portal")))
            }
            (Some(url), Some(portal)) => {
                let key = key.ok_or_else(|| {
                    Failure::Usage(leasedesk_i18n::tr!(
                        "cli-key-in-environment",
                        variable = KEY_VARIABLE
                    ))
                })?;
                let connection = connection(url, portal, key)?;
                Ok(Target::Portal {
                    label: format!("Portal {}", connection.portal_id),
                    connection,
                    login: None,
                })
            }
        }
    }
}

/// Where to connect: `key` from the environment, saved profiles from `prefs` and their
/// secrets from keyring-core's default store, which must be installed before this is called.
pub fn resolve_target(
    connect: &ConnectOptions,
    key: Option<String>,
    prefs: Option<&std::path::Path>,
) -> Result<Target, Failure> {
    let prefs = prefs
        .map(crate::engine::prefs::Prefs::load)
        .unwrap_or_default();
    let secrets = crate::engine::secrets::SecretStore::detect();
    connect.target(key, &prefs.profiles, |name, kind| secrets.read(name, kind))
}

fn connection(base_url: &str, portal: &str, key: Secret) -> Result<Connection, Failure> {
    let portal_id = portal.trim().parse::<i64>().map_err(|_| {
        Failure::Usage(leasedesk_i18n::tr!(
            "cli-bad-portal",
            text = format!("{portal:?}")
        ))
    })?;
    Ok(Connection {
        base_url: base_url.trim().to_owned(),
        subscription_key: key,
        portal_id,
    })
}

/// A connected client, and the sandbox it talks to when it is the embedded one (kept running
/// while the client is used).
pub struct Connected {
    pub client: Client,
    pub label: String,
    pub _sandbox: Option<RunningSandbox>,
}

pub async fn connect(target: Target) -> Result<Connected, Failure> {
    match target {
        Target::Sandbox => {
            let storage = SandboxConfig::default_database()
                .map(Storage::File)
                .unwrap_or(Storage::InMemory);
            let sandbox = Sandbox::start(SandboxConfig {
                storage,
                ..SandboxConfig::default()
            })
            .await
            .map_err(|e| {
                Failure::Run(leasedesk_i18n::tr!(
                    "cli-sandbox-not-started",
                    error = e.to_string()
                ))
            })?;
            let client = Client::new(Connection {
                base_url: sandbox.base_url.clone(),
                subscription_key: Secret::new(sandbox.key.clone()),
                portal_id: sandbox.portal_id,
            })
            .map_err(|e| Failure::Run(crate::ui::error_words::api_error(&e)))?;
            Ok(Connected {
                client,
                label: crate::domain::report::SANDBOX_PORTAL.into(),
                _sandbox: Some(sandbox),
            })
        }
        Target::Portal {
            label,
            connection,
            login,
        } => {
            use crate::domain::training_key::{is_live_service, is_training_key};
            let training = is_training_key(connection.subscription_key.expose());
            if training && is_live_service(&connection.base_url) {
                return Err(Failure::Usage(leasedesk_i18n::tr!("cli-training-key-live")));
            }
            // Every document written from a training portal says so on each page (for the
            // rest of the command's run).
            if training {
                std::mem::forget(crate::report::pdf::mark_training());
            }
            let label = if training {
                leasedesk_i18n::tr!("cli-label-training", label = label.as_str())
            } else {
                label
            };
            let client = Client::new(connection)
                .map_err(|e| Failure::Usage(crate::ui::error_words::api_error(&e)))?;
            if let Some((user, password)) = login {
                client.token(&user, &password).await.map_err(|e| {
                    Failure::Run(leasedesk_i18n::tr!(
                        "cli-sign-in-failed",
                        error = crate::ui::error_words::api_error(&e)
                    ))
                })?;
            }
            Ok(Connected {
                client,
                label,
                _sandbox: None,
            })
        }
    }
}

/// `YYYY-MM-DD`, or a usage error naming the option.
/// That a file could not be written, and why (the system's words for it).
pub fn not_written(path: &std::path::Path, error: &std::io::Error) -> String {
    leasedesk_i18n::tr!(
        "cli-not-written",
        path = path.display().to_string(),
        error = error.to_string()
    )
}

pub fn parse_day(option: &str, text: &str) -> Result<NaiveDate, Failure> {
    let day = NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").map_err(|_| {
        Failure::Usage(leasedesk_i18n::tr!(
            "cli-bad-date",
            option = option.to_string(),
            text = format!("{text:?}")
        ))
    })?;
    // The years the service keeps (and the sandbox accepts): a report about year 9999 is a typo.
    use chrono::Datelike;
    if !(1900..=2200).contains(&day.year()) {
        return Err(Failure::Usage(leasedesk_i18n::tr!(
            "cli-date-out-of-range",
            option = option.to_string(),
            text = format!("{text:?}")
        )));
    }
    Ok(day)
}

/// The output path must be in a folder that exists and is not a folder itself.
pub fn check_out_path(path: &std::path::Path) -> Result<PathBuf, Failure> {
    if path.as_os_str().is_empty() || path.is_dir() {
        return Err(Failure::Usage(leasedesk_i18n::tr!(
            "cli-out-not-a-file",
            text = format!("{:?}", path.display().to_string())
        )));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        return Err(Failure::Usage(leasedesk_i18n::tr!(
            "cli-no-such-folder",
            folder = dir.display().to_string()
        )));
    }
    Ok(path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::prefs::Profile;

    fn none(_: &str, _: crate::engine::secrets::SecretKind) -> Result<Option<Secret>, String> {
        Ok(None)
    }

    #[test]
    fn nothing_given_is_the_sandbox_and_half_a_portal_is_a_usage_error() {
        let empty = ConnectOptions::default();
        assert!(matches!(empty.target(None, &[], none), Ok(Target::Sandbox)));
        let half = ConnectOptions {
            base_url: Some("https://example.org".into()),
            ..Default::default()
        };
        assert_eq!(half.target(None, &[], none).unwrap_err().exit_code(), 2);
    }

    #[test]
    fn a_portal_needs_its_key_from_the_environment() {
        let opts = ConnectOptions {
            base_url: Some("https://example.org".into()),
            portal: Some("4200".into()),
            profile: None,
        };
        let missing = opts.target(None, &[], none).unwrap_err();
        assert!(missing.message().contains(KEY_VARIABLE));
        match opts.target(Some("k".into()), &[], none).unwrap() {
            Target::Portal { connection, .. } => assert_eq!(connection.portal_id, 4200),
            other => panic!("{other:?}"),
        }
        let bad = ConnectOptions {
            portal: Some("forty".into()),
            ..opts
        };
        assert_eq!(
            bad.target(Some("k".into()), &[], none)
                .unwrap_err()
                .exit_code(),
            2
        );
    }

    #[test]
    fn a_profile_reads_its_key_from_the_store() {
        let profiles = vec![Profile {
            name: "Live".into(),
            base_url: "https://example.org".into(),
            portal_id: "7".into(),
            username: String::new(),
            keep_offline_copy: false,
            training: false,
        }];
        let opts = ConnectOptions {
            profile: Some("Live".into()),
            ..Default::default()
        };
        let stored = |_: &str, _: crate::engine::secrets::SecretKind| Ok(Some(Secret::new("s")));
        assert!(matches!(
            opts.target(None, &profiles, stored),
            Ok(Target::Portal { .. })
        ));
        assert_eq!(
            opts.target(None, &profiles, none).unwrap_err().exit_code(),
            2
        );
        // A locked keyring is not a missing key: it says so, and it is not a usage error.
        let locked = |_: &str, _: crate::engine::secrets::SecretKind| {
            Err("the collection is locked".to_owned())
        };
        let refused = opts.target(None, &profiles, locked).unwrap_err();
        assert_eq!(refused.exit_code(), 1);
        assert!(
            refused.message().contains("keyring could not be read"),
            "{}",
            refused.message()
        );
        assert!(
            refused.message().contains("unlock"),
            "{}",
            refused.message()
        );
        let unknown = ConnectOptions {
            profile: Some("Nope".into()),
            ..Default::default()
        };
        assert!(
            unknown
                .target(None, &profiles, stored)
                .unwrap_err()
                .message()
                .contains("Live")
        );
    }

    #[test]
    fn days_and_paths_are_checked() {
        assert!(parse_day("--as-of", "2026-11-21").is_ok());
        assert_eq!(
            parse_day("--as-of", "21/11/2026").unwrap_err().exit_code(),
            2
        );
        for far in ["9999-01-01", "1899-12-31", "2201-01-01"] {
            let refused = parse_day("--as-of", far).unwrap_err();
            assert_eq!(refused.exit_code(), 2, "{far}");
            assert!(refused.message().contains("1900 to 2200"), "{far}");
        }
        assert!(parse_day("--as-of", "2200-12-31").is_ok());
        let dir = tempfile::tempdir().unwrap();
        assert!(check_out_path(&dir.path().join("r.pdf")).is_ok());
        assert!(check_out_path(dir.path()).is_err());
        assert!(check_out_path(&dir.path().join("no/r.pdf")).is_err());
    }
}
