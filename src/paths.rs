//! Where LeaseDesk keeps its files, as the platform wants them: on Linux under
//! `~/.local/share/leasedesk` and `~/.config/leasedesk`, on Windows under
//! `%APPDATA%\LeaseDesk\data` and `%APPDATA%\LeaseDesk\config`, on macOS under
//! `~/Library/Application Support/LeaseDesk`. `None` where no home folder can be found.

use std::path::PathBuf;

fn project() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "LeaseDesk")
}

/// The sandbox's database, the local store, the logs.
pub fn data_dir() -> Option<PathBuf> {
    project().map(|d| d.data_dir().to_path_buf())
}

pub fn logs_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("logs"))
}

/// Preferences (never secrets: those are in the system keyring).
pub fn config_dir() -> Option<PathBuf> {
    project().map(|d| d.config_dir().to_path_buf())
}

/// A file name made from a profile or portal name: letters, digits and `-` kept, anything
/// else (path separators included) as `_`.
pub fn safe_file_stem(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}
