//! What a pane may use while it draws.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use super::commands::{Command, CommandSender};
use super::prefs::Prefs;
use super::theme::Tokens;
use crate::engine::Backend;
use crate::engine::secrets::SecretStore;

/// The backend to ask for work, a sender for commands (a pane changes only its own state; to
/// affect anything else it sends a command), the colour tokens, and "now" in the API user's
/// time zone (injected, so tests fix both).
pub struct AppCtx<'a> {
    pub backend: &'a Backend,
    /// Read-only: panes change preferences by sending commands.
    pub prefs: &'a Prefs,
    pub secrets: &'a std::sync::Arc<SecretStore>,
    pub commands: &'a CommandSender,
    pub tokens: Tokens,
    pub now: DateTime<Utc>,
    /// The API user's time zone: activity times are in it, and "today" is its today.
    pub zone: Tz,
    /// The system's language (what "as the system" means in Settings).
    pub system_language: leasedesk_i18n::Language,
    /// Which build this is (the app's stamp: version, commit, day), for About.
    pub build: &'static str,
}

impl AppCtx<'_> {
    /// The one story of contact's rule: the lead rules of Settings in the portal's zone.
    pub fn contact_rule(&self) -> crate::domain::contact_story::ContactRule {
        crate::domain::contact_story::ContactRule {
            rules: self.prefs.lead_rules.clone(),
            zone: self.zone,
        }
    }

    pub fn send(&self, command: Command) {
        self.commands.send(command);
    }

    /// Items followed up here (the local copy).
    pub fn follow_ups(&self) -> std::sync::Arc<crate::domain::follow_up::FollowUps> {
        self.backend.remembered().follow_ups()
    }

    /// The local store's version, to notice changes; `None` until it is open.
    pub fn local_version(&self) -> Option<u64> {
        self.backend.remembered().version()
    }

    /// The signed-in user, once known.
    pub fn me(&self) -> Option<crate::engine::Me> {
        self.backend.connection().me()
    }

    /// Today in the API user's zone.
    pub fn today(&self) -> chrono::NaiveDate {
        self.now.with_timezone(&self.zone).date_naive()
    }

    /// The connection's name for printed matter: the profile and portal, or the demo portal.
    pub fn portal_label(&self) -> String {
        use crate::engine::Link;
        match self.backend.connection().link() {
            Link::Portal {
                profile,
                portal_id,
                training: true,
                ..
            } => leasedesk_i18n::tr!(
                "portal-label-training",
                profile = profile.to_string(),
                portal = portal_id.to_string()
            ),
            Link::Portal {
                profile, portal_id, ..
            } => format!("{profile} (portal {portal_id})"),
            link @ Link::Sandbox { .. } if link.is_second_sandbox() => {
                crate::domain::report::SECOND_SANDBOX_PORTAL.to_owned()
            }
            Link::Sandbox { .. } => crate::domain::report::SANDBOX_PORTAL.to_owned(),
            Link::Connecting { label } | Link::Failed { label, .. } => {
                crate::error_words::link_label(&label)
            }
        }
    }
}
