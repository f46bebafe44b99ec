//! Files written whole or not at all: into a temporary file beside the destination, flushed to
//! disk through the handle that wrote it, then renamed into place. A failure removes the
//! temporary file, so an export, an import's failed rows, a report or the store is never
//! left half written.
//!
//! The temporary file has a random name and is created new (`O_EXCL`, which never follows a
//! link planted at that name), readable by this user only on Unix; the finished file keeps that.
//! On Windows the flush needs a handle with write access (`FlushFileBuffers`), which is why it
//! is the writing handle that syncs, and replacing a read-only file or one another program holds
//! open takes the extra steps of [`replace`].

use std::fs::File;
use std::io;
use std::path::Path;

/// Writes `path` through `write`, which gets the temporary file to fill.
pub fn write_with<E: From<io::Error>>(
    path: &Path,
    write: impl FnOnce(&mut File) -> Result<(), E>,
) -> Result<(), E> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    // Dropping the temporary file on any early return removes it.
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".partial")
        .tempfile_in(dir)?;
    write(tmp.as_file_mut())?;
    tmp.as_file().sync_all()?;
    replace(tmp, path)?;
    sync_folder(dir);
    Ok(())
}

/// Flushes the folder's entry for the renamed file too, so after a power cut the file is the
/// new one or the old one, never missing (POSIX keeps a rename in the folder, not the file).
/// Best effort: the file is written whole already; Windows has no folder handle to flush.
fn sync_folder(dir: &Path) {
    #[cfg(unix)]
    if let Err(e) = File::open(dir).and_then(|d| d.sync_all()) {
        tracing::debug!(error = %e, "the folder of a written file could not be flushed");
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Renames the finished temporary file over `path`.
#[cfg(not(windows))]
fn replace(tmp: tempfile::NamedTempFile, path: &Path) -> io::Result<()> {
    tmp.persist(path).map(drop).map_err(|e| e.error)
}

/// Renames the finished temporary file over `path`. Windows refuses to replace a read-only file,
/// and the plain move refuses a file another program has open. The rename with POSIX semantics
/// (what `std::fs::rename` tries first) replaces one opened with delete sharing on Windows 10 and
/// later; where that is not had (older systems, Wine), the old file is renamed aside and deleted,
/// which delete sharing allows. A short retry outlasts a virus scanner or an indexer that opened
/// the new file for a moment.
#[cfg(windows)]
fn replace(tmp: tempfile::NamedTempFile, path: &Path) -> io::Result<()> {
    let tmp = match tmp.persist(path) {
        Ok(_) => return Ok(()),
        Err(e) => e.file,
    };
    if let Ok(meta) = std::fs::metadata(path)
        && meta.permissions().readonly()
    {
        let mut writable = meta.permissions();
        #[allow(
            clippy::permissions_set_readonly_false,
            reason = "Windows only: clears the read-only attribute, nothing more"
        )]
        writable.set_readonly(false);
        std::fs::set_permissions(path, writable)?;
    }
    let tmp = tmp.into_temp_path();
    let mut last = None;
    for wait_ms in [0, 50, 200, 500] {
        std::thread::sleep(std::time::Duration::from_millis(wait_ms));
        match std::fs::rename(&tmp, path).or_else(|_| swap_aside(&tmp, path)) {
            Ok(()) => {
                // Renamed away: nothing is left for the temporary path to remove.
                let _ = tmp.keep();
                return Ok(());
            }
            Err(e) => last = Some(e),
        }
    }
    let e = last.unwrap_or_else(|| io::Error::other("the file could not be replaced"));
    Err(io::Error::new(
        e.kind(),
        format!("{e}; if the file is open in another program, close it there and try again"),
    ))
}

/// Puts `new` at `path` by first renaming the old file aside (a random hidden name beside it),
/// then deleting it; the old file is put back if `new` cannot take its place. A file held open
/// with delete sharing is gone from the folder at once and from the disk when it is closed.
#[cfg(windows)]
fn swap_aside(new: &Path, path: &Path) -> io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let aside = path.with_file_name(format!(".{name}.{:016x}.replaced", rand::random::<u64>()));
    std::fs::rename(path, &aside)?;
    if let Err(e) = std::fs::rename(new, path) {
        let _ = std::fs::rename(&aside, path);
        return Err(e);
    }
    let _ = std::fs::remove_file(&aside);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_failed_write_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("missing-folder").join("report.pdf");
        assert!(write_with(&missing, |f| f.write_all(b"%PDF")).is_err());
        let refused = dir.path().join("refused.csv");
        let failed: Result<(), io::Error> = write_with(&refused, |f| {
            f.write_all(b"half")?;
            Err(io::Error::other("the writer gave up"))
        });
        assert!(failed.is_err());
        assert!(!refused.exists());
        let good = dir.path().join("report.pdf");
        write_with(&good, |f| f.write_all(b"%PDF-1.7")).unwrap();
        assert_eq!(std::fs::read(&good).unwrap(), b"%PDF-1.7");
        assert_eq!(
            names_in(dir.path()),
            ["report.pdf"],
            "no temporary file left"
        );
    }

    #[test]
    fn an_existing_file_is_replaced_even_when_open_elsewhere_or_read_only() {
        let dir = tempfile::tempdir().unwrap();
        let open = dir.path().join("week.pdf");
        std::fs::write(&open, b"last week").unwrap();
        // Another handle holds it open, as a viewer would (std opens with delete sharing).
        let reader = File::open(&open).unwrap();
        write_with(&open, |f| f.write_all(b"this week")).unwrap();
        drop(reader);
        assert_eq!(std::fs::read(&open).unwrap(), b"this week");

        let read_only = dir.path().join("units.csv");
        std::fs::write(&read_only, b"old").unwrap();
        let mut perms = std::fs::metadata(&read_only).unwrap().permissions();
        perms.set_readonly(true);
        std::fs::set_permissions(&read_only, perms).unwrap();
        write_with(&read_only, |f| f.write_all(b"new")).unwrap();
        assert_eq!(std::fs::read(&read_only).unwrap(), b"new");
        assert_eq!(names_in(dir.path()), ["units.csv", "week.pdf"]);
    }

    #[test]
    fn a_folder_with_letters_beyond_ascii_takes_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("José Müller").join("Документы");
        std::fs::create_dir_all(&home).unwrap();
        let path = home.join("semaine née.csv");
        write_with(&path, |f| f.write_all(b"a,b\n")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"a,b\n");
    }

    #[test]
    fn a_path_longer_than_windows_260_characters_takes_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut deep = dir.path().to_path_buf();
        for _ in 0..7 {
            deep.push("a folder name of about forty characters");
        }
        std::fs::create_dir_all(&deep).unwrap();
        let path = deep.join("the weekly report of the community.pdf");
        assert!(path.as_os_str().len() > 260);
        write_with(&path, |f| f.write_all(b"%PDF")).unwrap();
        write_with(&path, |f| f.write_all(b"%PDF-1.7")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"%PDF-1.7");
    }

    #[cfg(unix)]
    #[test]
    fn a_link_planted_beside_the_file_is_never_written_through() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim.txt");
        std::fs::write(&victim, b"someone else's").unwrap();
        // Links at every name the old scheme would have used, and at a few random-looking ones.
        let path = dir.path().join("report.pdf");
        let planted = [
            format!(".report.pdf.{}.partial", std::process::id()),
            ".report.pdf.partial".to_owned(),
        ];
        for name in &planted {
            std::os::unix::fs::symlink(&victim, dir.path().join(name)).unwrap();
        }
        write_with(&path, |f| f.write_all(b"residents")).unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"someone else's");
        assert_eq!(std::fs::read(&path).unwrap(), b"residents");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "the finished file is this user's only");
    }
}
