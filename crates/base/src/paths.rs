//! Where LeaseDesk keeps its files, as the platform wants them: on Linux under
//! `~/.local/share/leasedesk` and `~/.config/leasedesk`, on Windows under
//! `%APPDATA%\LeaseDesk\data` and `%APPDATA%\LeaseDesk\config`, on macOS under
//! `~/Library/Application Support/LeaseDesk`. `None` where no home folder can be found.

use std::path::{Path, PathBuf};

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

/// Makes `dir` (and its parents) and narrows it to this user (0700 on Unix): the names of
/// profiles and portals in it are nobody else's business. An existing folder is narrowed too.
pub fn make_private_dir(dir: &std::path::Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
    }
    Ok(())
}

/// From now on, files and folders this process makes are its user's only (umask 077 on Unix;
/// on Windows they inherit the user's own AppData rights). Returns the umask there was, for a
/// file the user asks to share as their umask would (`report --keep-umask`).
pub fn private_umask() -> Option<u32> {
    #[cfg(unix)]
    {
        // SAFETY: umask only swaps the process's file-creation mask; it cannot fail.
        let before = unsafe { libc::umask(0o077) };
        Some(before as u32)
    }
    #[cfg(not(unix))]
    None
}

/// Core dumps off for this process (Unix): a crash must not write what was on screen (names,
/// notes) or a key held in memory to a file.
pub fn no_core_dumps() {
    #[cfg(unix)]
    {
        let zero = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: plain system calls on this process with a valid struct.
        unsafe {
            libc::setrlimit(libc::RLIMIT_CORE, &zero);
        }
        #[cfg(target_os = "linux")]
        // SAFETY: PR_SET_DUMPABLE with 0 only marks this process not dumpable.
        unsafe {
            libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0);
        }
    }
}

/// Narrows a file to its owner (0600 on Unix; on Windows the profile folder already is): the
/// files LeaseDesk keeps hold what agents did with residents' cases.
pub fn restrict_to_user(path: &std::path::Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if let Err(e) = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)) {
            tracing::warn!(error = %e, "a file's permissions could not be narrowed");
        }
    }
    #[cfg(not(unix))]
    let _ = path;
}

/// The files directly in `dir` whose names start with `prefix` and end with `suffix`, sorted by
/// name (a folder that cannot be read has none).
pub fn files_named(dir: &Path, prefix: &str, suffix: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(prefix) && n.ends_with(suffix))
        })
        .collect();
    found.sort();
    found
}
