//! Crash reports, as files: written by the app's crash handler, offered by the window's notice.

use std::path::{Path, PathBuf};

/// Reports written by earlier runs that the user has not been told of yet, newest first.
pub fn unseen(logs: &Path) -> Vec<PathBuf> {
    let mut found = crate::paths::files_named(logs, "crash-", ".txt");
    found.reverse();
    found
}
