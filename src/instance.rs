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

#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error(
        "LeaseDesk is already open on this computer for this user. Switch to its window (it may be minimised or on another desktop); close it first to start another"
    )]
    AlreadyOpen,
    #[error(
        "LeaseDesk could not make sure it is the only one open on its data folder ({path}: {source}). Remove or rename that entry if it is not a file LeaseDesk made, or check the folder's permissions, then start LeaseDesk again"
    )]
    Io {
        path: String,
        source: std::io::Error,
    },
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
