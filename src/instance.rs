//! One LeaseDesk per data folder: two windows on one outbox would each send what waits in it.
//! The lock is the OS's own (`flock` on Unix, `LockFileEx` on Windows, through `std`), held by
//! an open file for the life of the process, so a crash or a kill releases it at once and no
//! stale lock file ever needs clearing by hand.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::Path;

/// Held while this process is the one LeaseDesk on its data folder.
#[derive(Debug)]
pub struct InstanceLock {
    _file: File,
}

/// Why the lock was not taken, said in the system's language (the start-up's dialog and the
/// command line's error both show it).
#[derive(Debug)]
pub enum LockError {
    AlreadyOpen,
    Io {
        path: String,
        source: std::io::Error,
    },
}

impl std::fmt::Display for LockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&match self {
            LockError::AlreadyOpen => leasedesk_i18n::tr!("start-already-open"),
            LockError::Io { path, source } => leasedesk_i18n::tr!(
                "start-lock-failed",
                path = path.as_str(),
                error = source.to_string()
            ),
        })
    }
}

impl std::error::Error for LockError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LockError::AlreadyOpen => None,
            LockError::Io { source, .. } => Some(source),
        }
    }
}

/// The lock file's name in the data folder.
pub const LOCK_FILE: &str = "leasedesk.lock";

impl InstanceLock {
    /// Takes the lock of `data_dir` (made if missing), or says another LeaseDesk holds it.
    pub fn acquire(data_dir: &Path) -> Result<InstanceLock, LockError> {
        let path = data_dir.join(LOCK_FILE);
        let failed = |source| LockError::Io {
            path: path.display().to_string(),
            source,
        };
        crate::paths::make_private_dir(data_dir).map_err(failed)?;
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(failed)?;
        crate::paths::restrict_to_user(&path);
        match file.try_lock() {
            Ok(()) => Ok(InstanceLock { _file: file }),
            Err(TryLockError::WouldBlock) => Err(LockError::AlreadyOpen),
            Err(TryLockError::Error(e)) => Err(failed(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_one_folder_is_refused_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let first = InstanceLock::acquire(dir.path()).unwrap();
        assert!(matches!(
            InstanceLock::acquire(dir.path()),
            Err(LockError::AlreadyOpen)
        ));
        let other = tempfile::tempdir().unwrap();
        assert!(
            InstanceLock::acquire(other.path()).is_ok(),
            "another folder is another instance"
        );
        drop(first);
        assert!(InstanceLock::acquire(dir.path()).is_ok());
    }
}
