//! Crash reports, as files: written by the app's crash handler, offered by the window's notice.

use std::path::{Path, PathBuf};

/// Reports written by earlier runs that the user has not been told of yet, newest first.
pub fn unseen(logs: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(logs)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("crash-") && n.ends_with(".txt"))
        })
        .collect();
    found.sort();
    found.reverse();
    found
}
