//! The window's preferences kept between runs (here, below the window, because the command
//! line reads the same profiles), in one JSON file in the OS config directory. Never secrets:
//! those live in the keyring (see `secrets`).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::domain::cases::SortOrder;

/// The theme chosen in Settings (how each is drawn is the window's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ThemeChoice {
    #[default]
    System,
    Dark,
    Light,
    /// White on black, every text at 7:1 or more, borders on every control.
    HighContrast,
}

impl ThemeChoice {
    pub const ALL: [ThemeChoice; 4] = [
        ThemeChoice::System,
        ThemeChoice::Dark,
        ThemeChoice::Light,
        ThemeChoice::HighContrast,
    ];
}

/// A saved connection, without its secrets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Profile {
    pub name: String,
    pub base_url: String,
    pub portal_id: String,
    /// For the token operation; the password is in the keyring.
    pub username: String,
    /// Keep an encrypted store of this portal on this computer (asked, never assumed:
    /// it holds personal data).
    pub keep_offline_copy: bool,
    /// Saved with a training server's key: never part of the regional roll-up.
    pub training: bool,
}

impl Default for Profile {
    fn default() -> Self {
        Profile {
            name: "My portal".into(),
            base_url: crate::api::HOSTED_BASE_URL.into(),
            portal_id: String::new(),
            username: String::new(),
            keep_offline_copy: false,
            training: false,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    pub theme: ThemeChoice,
    pub zoom: f32,
    pub profiles: Vec<Profile>,
    /// The profile in use; `None` is the embedded sandbox.
    pub active_profile: Option<String>,
    pub search_sort: SortOrder,
    pub reminders: crate::domain::reminders::ReminderSettings,
    /// Speed to lead and follow-up colours.
    pub lead_rules: crate::domain::speed_to_lead::LeadRules,
    pub filters: PaneFilters,
    /// How often the store syncs while connected.
    pub sync_minutes: u64,
    /// "Work offline" was chosen (for a portal): it still holds after a restart, until the
    /// user goes online again.
    pub work_offline: bool,
    /// The release feed's address (https), when IT has not set one for the computer; empty:
    /// updates are not checked.
    pub update_feed: String,
    /// The outreach templates a director set (Settings); the standard ones until then.
    pub templates: crate::domain::outreach::Templates,
    /// The call-export columns each profile's phone system writes, set once in Import calls
    /// ("" is the embedded sandbox).
    pub call_columns: Vec<(String, crate::domain::calls::export::Columns)>,
    /// The portal's own targets in place of the published benchmarks (Settings), by measure.
    pub benchmark_targets: Vec<(String, f64)>,
    /// The language chosen in Settings; `None` follows the system's.
    pub language: Option<leasedesk_i18n::Language>,
}

/// The last filters of each pane, there again after a restart (or a change of connection).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PaneFilters {
    pub calendar_community: Option<String>,
    pub calendar_kind: Option<String>,
    pub calendar_assignee: Option<String>,
    pub inventory_community: Option<i64>,
    pub inventory_care_group: Option<String>,
    pub inventory_floor_plan: Option<String>,
    pub admissions_days: i64,
    pub admissions_community: Option<i64>,
    /// The funnel's period and breakdown, by their labels ("Last 90 days", "Agent").
    pub sales_period: String,
    pub sales_dimension: String,
}

impl Default for PaneFilters {
    fn default() -> Self {
        PaneFilters {
            calendar_community: None,
            calendar_kind: None,
            calendar_assignee: None,
            inventory_community: None,
            inventory_care_group: None,
            inventory_floor_plan: None,
            admissions_days: 30,
            admissions_community: None,
            sales_period: String::new(),
            sales_dimension: String::new(),
        }
    }
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            theme: ThemeChoice::System,
            zoom: 1.0,
            profiles: Vec::new(),
            active_profile: None,
            search_sort: SortOrder::default(),
            reminders: Default::default(),
            lead_rules: Default::default(),
            filters: PaneFilters::default(),
            sync_minutes: crate::DEFAULT_SYNC_MINUTES,
            work_offline: false,
            update_feed: String::new(),
            templates: Default::default(),
            call_columns: Vec::new(),
            benchmark_targets: Vec::new(),
            language: None,
        }
    }
}

impl Prefs {
    pub fn default_path() -> Option<PathBuf> {
        crate::paths::config_dir().map(|d| d.join("prefs.json"))
    }

    /// Reads the file; a missing or damaged file gives the defaults (and says so in the log).
    pub fn load(path: &Path) -> Prefs {
        match std::fs::read(path) {
            Ok(bytes) => serde_json::from_slice(&bytes).unwrap_or_else(|e| {
                tracing::warn!(path = %path.display(), error = %e, "preferences unreadable; using defaults");
                Prefs::default()
            }),
            Err(_) => Prefs::default(),
        }
    }

    /// Written whole or not at all, so a crash never leaves half a file.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let json = serde_json::to_vec_pretty(self).map_err(std::io::Error::other)?;
        crate::atomic_file::write_with(path, |file| {
            use std::io::Write;
            file.write_all(&json)
        })
    }

    /// The call-export columns set for the profile in use, if any.
    pub fn call_columns(&self) -> Option<&crate::domain::calls::export::Columns> {
        let key = self.active_profile.as_deref().unwrap_or_default();
        self.call_columns
            .iter()
            .find(|(p, _)| p == key)
            .map(|(_, c)| c)
    }

    /// Keeps `columns` for the profile in use.
    pub fn set_call_columns(&mut self, columns: crate::domain::calls::export::Columns) {
        let key = self.active_profile.clone().unwrap_or_default();
        self.call_columns.retain(|(p, _)| *p != key);
        self.call_columns.push((key, columns));
    }

    pub fn profile(&self, name: &str) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.name == name)
    }
}

/// Saves preferences on a thread of its own, so a slow disk never holds up a frame. Only the
/// latest of several quick changes is written; a failure is told to `failed`, with the file.
pub struct PrefsWriter {
    tx: Option<std::sync::mpsc::Sender<Prefs>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl PrefsWriter {
    pub fn spawn(
        path: PathBuf,
        failed: impl Fn(&Path, &std::io::Error) + Send + 'static,
    ) -> PrefsWriter {
        let (tx, rx) = std::sync::mpsc::channel::<Prefs>();
        let spawned = std::thread::Builder::new()
            .name("prefs-writer".into())
            .spawn(move || {
                while let Ok(mut prefs) = rx.recv() {
                    // Coalesce a burst (zoom, resize) into one write of the newest.
                    while let Ok(newer) = rx.try_recv() {
                        prefs = newer;
                    }
                    if let Err(e) = prefs.save(&path) {
                        tracing::warn!(path = %path.display(), error = %e, "preferences not saved");
                        failed(&path, &e);
                    }
                }
            });
        let thread = spawned
            .inspect_err(|e| tracing::error!(error = %e, "the preferences writer could not start"))
            .ok();
        PrefsWriter {
            tx: Some(tx),
            thread,
        }
    }

    pub fn save(&self, prefs: Prefs) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(prefs);
        }
    }
}

impl Drop for PrefsWriter {
    /// The last change is written before the app goes.
    fn drop(&mut self) {
        drop(self.tx.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_tolerates_old_or_bad_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("prefs.json");
        assert_eq!(Prefs::load(&path), Prefs::default());
        let prefs = Prefs {
            theme: ThemeChoice::Dark,
            zoom: 1.25,
            profiles: vec![Profile {
                name: "Live".into(),
                portal_id: "4200".into(),
                ..Profile::default()
            }],
            active_profile: Some("Live".into()),
            ..Prefs::default()
        };
        prefs.save(&path).unwrap();
        assert_eq!(Prefs::load(&path), prefs);
        std::fs::write(&path, r#"{"theme":"Light"}"#).unwrap();
        let partial = Prefs::load(&path);
        assert_eq!(partial.theme, ThemeChoice::Light);
        assert_eq!(partial.zoom, 1.0, "missing fields take defaults");
        std::fs::write(&path, "not json").unwrap();
        assert_eq!(Prefs::load(&path), Prefs::default());
    }

    #[test]
    fn the_writer_saves_the_newest_off_the_calling_thread() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("prefs.json");
        let writer = PrefsWriter::spawn(path.clone(), |_, _| {});
        for zoom in [1.1, 1.2, 1.3] {
            writer.save(Prefs {
                zoom,
                ..Prefs::default()
            });
        }
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while Prefs::load(&path).zoom != 1.3 {
            assert!(std::time::Instant::now() < deadline, "never written");
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }

    #[test]
    fn the_file_never_holds_a_secret_field() {
        let text = serde_json::to_string(&Prefs {
            profiles: vec![Profile::default()],
            ..Prefs::default()
        })
        .unwrap();
        for word in ["key", "password", "token", "secret"] {
            assert!(!text.to_lowercase().contains(word), "{word} in {text}");
        }
    }
}
