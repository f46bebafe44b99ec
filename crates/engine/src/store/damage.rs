//! A store damaged inside its pages (a disk error, a half-copied file, a crash of the disk
//! under it): SQLite opens it, then fails each read that meets a bad page. It is a copy of the
//! service, so it is set aside and started again empty, and the sync fills it; the outbox is a
//! file of its own and keeps every change not sent.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, ErrorCode};

use super::{Store, StoreError, beside, open_file, prepare, remove_file};

/// Whether SQLite's words say a file is damaged or not a database at all: what a failed
/// step reports, to be checked with [`Store::is_damaged`].
pub fn sounds_damaged(error: &str) -> bool {
    error.contains("malformed") || error.contains("not a database")
}

impl StoreError {
    /// Whether the store's file is damaged (not a passing failure).
    pub fn is_damage(&self) -> bool {
        matches!(
            self,
            StoreError::Database(e)
                if matches!(e.sqlite_error_code(), Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase))
        )
    }
}

impl Store {
    /// Whether SQLite finds damage in the file's pages (it reads the whole file). Blocking.
    pub fn is_damaged(&self) -> bool {
        let conn = self.lock();
        match conn.query_row("PRAGMA quick_check(1)", [], |r| r.get::<_, String>(0)) {
            Ok(answer) => answer != "ok",
            Err(e) => StoreError::from(e).is_damage(),
        }
    }

    /// Closes the damaged file, moves it aside (with its WAL) as `<name>.damaged-<time>`, and
    /// starts again empty in its place under the same key: whoever holds this store goes on
    /// with the empty one. Returns where the damaged file went (`None`: it was this run's, or
    /// in memory, and was dropped). Blocking.
    pub fn set_aside_and_start_again(&self) -> Result<Option<PathBuf>, StoreError> {
        let mut conn = self.lock();
        let mut fresh = Connection::open_in_memory()?;
        prepare(&mut fresh, &self.keys)?;
        // The file is closed before it is moved (Windows moves no open file).
        drop(std::mem::replace(&mut *conn, fresh));
        self.forget_words();
        let Some(path) = self.file.as_ref().filter(|_| !self.retired_now()) else {
            return Ok(None);
        };
        let aside = if self.session {
            Store::remove_file(path)?;
            None
        } else {
            Some(set_aside(path)?)
        };
        *conn = open_file(path, &self.keys)?;
        Ok(aside)
    }

    /// Where the file found damaged when this store was opened went, if it was.
    pub fn set_aside_at_open(&self) -> Option<&Path> {
        self.set_aside_at_open.as_deref()
    }
}

/// Moves the store at `path` (with its WAL; SQLite's shared memory is deleted) to
/// `<name>.damaged-<time>`, and returns where. Blocking.
pub(super) fn set_aside(path: &Path) -> std::io::Result<PathBuf> {
    let stamp = chrono::Utc::now().format("%Y%m%d%H%M%S");
    let aside = beside(path, &format!(".damaged-{stamp}"));
    for suffix in ["", "-wal", "-shm"] {
        let from = beside(path, suffix);
        if suffix != "-shm" && from.exists() {
            std::fs::rename(&from, beside(&aside, suffix))?;
        } else {
            remove_file(&from)?;
        }
    }
    Ok(aside)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::model::SearchCase;
    use crate::store::SealKey;

    fn cases(n: usize) -> Vec<SearchCase> {
        let base = crate::store::tests::fixture();
        (0..n)
            .map(|i| {
                let mut case = base[i % base.len()].clone();
                case.primary.case_number = (100_000 + i).to_string();
                case
            })
            .collect()
    }

    #[test]
    fn a_store_damaged_inside_its_pages_is_set_aside_and_starts_again_empty() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("portal.store");
        let key = SealKey::generate().unwrap();
        {
            let store = Store::open(&path, key.clone()).unwrap();
            let cases = cases(3_000);
            store.upsert(&cases).unwrap();
            assert_eq!(store.len(), 3_000);
        }
        // Pages written over in the middle of the file, as a failing disk does.
        let size = std::fs::metadata(&path).unwrap().len();
        assert!(size > 64 * 4096, "{size}");
        let mut bytes = std::fs::read(&path).unwrap();
        let middle = (size / 2) as usize;
        bytes[middle..middle + 4 * 4096].fill(0x5A);
        std::fs::write(&path, &bytes).unwrap();

        let store = Store::open(&path, key).unwrap();
        assert!(store.is_damaged(), "the damage is found");
        let aside = store.set_aside_and_start_again().unwrap().unwrap();
        assert!(aside.exists(), "the damaged file is kept aside: {aside:?}");
        assert!(
            aside
                .file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("portal.store.damaged-"),
            "{aside:?}"
        );
        assert!(!store.is_damaged());
        assert_eq!(store.len(), 0, "started again empty");
        store.upsert(&cases(5)).unwrap();
        assert_eq!(store.len(), 5, "and is written again at its place");
        assert!(path.exists());
    }

    #[test]
    fn sqlites_words_for_damage_are_known() {
        assert!(sounds_damaged(
            "the offline copy could not be used: database disk image is malformed"
        ));
        assert!(sounds_damaged("file is not a database"));
        assert!(!sounds_damaged("The service failed (HTTP 503)"));
    }

    #[test]
    fn files_set_aside_go_with_their_store_and_age_out_after_thirty_days() {
        let dir = tempfile::tempdir().unwrap();
        let offline = dir.path().join("offline");
        std::fs::create_dir_all(&offline).unwrap();
        let path = offline.join("p4200-0011223344556677.store");
        for name in [
            "p4200-0011223344556677.store.damaged-20261101000000",
            "p4200-0011223344556677.outbox-set-aside-20261101000000",
            "p4200-0011223344556677.store.other-origin-20261101000000",
            "sandbox-4200.store.damaged-20261101000000",
        ] {
            std::fs::write(offline.join(name), b"x").unwrap();
        }
        let beside = Store::set_aside_beside(&path);
        assert_eq!(beside.len(), 3, "{beside:?}");
        // Nothing is young enough to go yet; thirty days on, everything set aside goes.
        let now = std::time::SystemTime::now();
        assert_eq!(Store::age_out_set_aside(dir.path(), now), 0);
        let later = now + super::super::SET_ASIDE_KEPT + std::time::Duration::from_secs(60);
        assert_eq!(Store::age_out_set_aside(dir.path(), later), 4);
        assert_eq!(std::fs::read_dir(&offline).unwrap().count(), 0);
    }
}
