//! Files written whole or not at all: into a temporary file beside the destination, flushed to
//! disk, then renamed into place. A failure removes the temporary file, so an export, an import's
//! failed rows or a report is never left half written.

use std::fs::File;
use std::path::{Path, PathBuf};

/// The hidden temporary name beside `path` (one per process, so two runs never share it).
fn temporary(path: &Path) -> PathBuf {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    dir.join(format!(".{name}.{}.partial", std::process::id()))
}

/// Writes `path` through `write`, which gets the temporary file to fill.
pub fn write_with<E: From<std::io::Error>>(
    path: &Path,
    write: impl FnOnce(File) -> Result<(), E>,
) -> Result<(), E> {
    let tmp = temporary(path);
    let result = (|| {
        write(File::create(&tmp)?)?;
        File::open(&tmp)?.sync_all()?;
        std::fs::rename(&tmp, path)?;
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_failed_write_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("missing-folder").join("report.pdf");
        assert!(write_with(&missing, |mut f| f.write_all(b"%PDF")).is_err());
        let refused = dir.path().join("refused.csv");
        let failed: Result<(), std::io::Error> = write_with(&refused, |mut f| {
            f.write_all(b"half")?;
            Err(std::io::Error::other("the writer gave up"))
        });
        assert!(failed.is_err());
        assert!(!refused.exists());
        let good = dir.path().join("report.pdf");
        write_with(&good, |mut f| f.write_all(b"%PDF-1.7")).unwrap();
        assert_eq!(std::fs::read(&good).unwrap(), b"%PDF-1.7");
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["report.pdf"], "no temporary file left");
    }
}
