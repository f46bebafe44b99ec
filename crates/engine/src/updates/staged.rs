//! A checked download, kept in the data folder until the next start installs it: the
//! installer, and the signed feed that vouches for it (checked again before it is run).

use std::path::{Path, PathBuf};

use aws_lc_rs::digest;

use super::{Release, feed};

pub(super) fn folder(data_dir: &Path) -> PathBuf {
    data_dir.join("updates")
}

const FEED_FILE: &str = "feed.json";

pub(super) fn installer_name(version: &str) -> String {
    let safe: String = version
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '.')
        .take(32)
        .collect();
    format!("LeaseDesk-{safe}.msi")
}

/// Keeps a checked download: the installer, then the signed feed that vouches for it (the
/// feed is what makes it ready, so it goes last).
pub(super) fn keep(
    folder: &Path,
    feed_bytes: &[u8],
    installer: &tempfile::NamedTempFile,
    version: &str,
) -> std::io::Result<()> {
    // Whatever an earlier download left goes first.
    if let Ok(entries) = std::fs::read_dir(folder) {
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with("LeaseDesk-") || name.starts_with("tried-") || name == FEED_FILE {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    std::fs::rename(installer.path(), folder.join(installer_name(version)))?;
    crate::atomic_file::write_with(&folder.join(FEED_FILE), |file| {
        std::io::Write::write_all(file, feed_bytes)
    })
}

/// An update downloaded and checked, to install at this start.
#[derive(Debug, Clone, PartialEq)]
pub struct Staged {
    pub version: String,
    pub installer: PathBuf,
}

/// The update waiting in `data_dir`, checked again (signature, version, size and hash) as it
/// is about to be installed; what is no longer newer is deleted.
pub fn staged(data_dir: &Path, release: &Release) -> Option<Staged> {
    staged_with(data_dir, &release.key?, release.version)
}

/// [`staged`] for a given key and version.
pub fn staged_with(data_dir: &Path, key: &[u8; 32], current: &str) -> Option<Staged> {
    staged_in(&folder(data_dir), key, current)
}

/// Where what this desk believes of feeds is kept (beside the downloads, which go when done).
pub(super) fn trust_file(folder: &Path) -> Option<std::path::PathBuf> {
    folder.parent().map(|data| data.join("update-trust.json"))
}

pub(super) fn staged_in(folder: &Path, key: &[u8; 32], current: &str) -> Option<Staged> {
    let bytes = std::fs::read(folder.join(FEED_FILE)).ok()?;
    let trust = trust_file(folder)
        .map(|f| feed::Trust::load(&f))
        .unwrap_or_default();
    let manifest = feed::verified_manifest(&bytes, &trust.keys(*key)).ok()?;
    // Expired since it was downloaded (or older than a feed read since): not installed.
    if let Err(refusal) = feed::fresh(&manifest, chrono::Utc::now(), trust.highest_sequence) {
        tracing::warn!(%refusal, "a downloaded update is no longer installed");
        let _ = std::fs::remove_dir_all(folder);
        return None;
    }
    if !matches!(feed::offer(&manifest, current), Ok(Some(_))) {
        // Installed already (or older): the download has done its work.
        remove_when_free(folder);
        return None;
    }
    let artifact = manifest.windows_msi.as_ref()?;
    let installer = folder.join(installer_name(&manifest.version));
    let mut hash = digest::Context::new(&digest::SHA256);
    let mut file = std::fs::File::open(&installer).ok()?;
    let mut buffer = vec![0u8; 64 * 1024];
    let mut size = 0u64;
    loop {
        use std::io::Read;
        let n = file.read(&mut buffer).ok()?;
        if n == 0 {
            break;
        }
        size += n as u64;
        hash.update(&buffer[..n]);
    }
    let sum = feed::hex_encode(hash.finish().as_ref());
    if size != artifact.size || !sum.eq_ignore_ascii_case(artifact.sha256.trim()) {
        tracing::warn!("a downloaded update no longer matches its feed; deleted");
        let _ = std::fs::remove_dir_all(folder);
        return None;
    }
    Some(Staged {
        version: manifest.version,
        installer,
    })
}

/// Removes an installed update's download. The installer started this LeaseDesk before it
/// ended, so it may hold its package (and its log) a moment longer: what is still held is tried
/// again in the background for a few minutes. The feed goes last, so a download that could not
/// be removed is found installed again at the next start, and removed then.
fn remove_when_free(folder: &Path) {
    fn try_once(folder: &Path) -> bool {
        let mut held = false;
        if let Ok(entries) = std::fs::read_dir(folder) {
            for entry in entries.flatten() {
                if entry.file_name() != FEED_FILE && std::fs::remove_file(entry.path()).is_err() {
                    held = true;
                }
            }
        }
        !held && (std::fs::remove_dir_all(folder).is_ok() || !folder.exists())
    }
    if try_once(folder) {
        return;
    }
    let folder = folder.to_owned();
    std::thread::spawn(move || {
        for _ in 0..300 {
            std::thread::sleep(std::time::Duration::from_secs(1));
            if try_once(&folder) {
                tracing::info!("the installed update's download was removed");
                return;
            }
        }
        tracing::warn!("the installed update's download is still held; removed at the next start");
    });
}

/// At start, before any store or outbox is opened: installs the update waiting in `data_dir`,
/// if there is one and it was not tried already. `true`: the installer runs and starts
/// LeaseDesk again, so this process exits now. An installer that failed (on a desk where the
/// user is no administrator, Windows refuses a per-machine one) is not tried again at every
/// start: its download goes, and the next daily check finds the update again.
pub fn install_at_start(data_dir: &Path, release: &Release) -> bool {
    let Some(staged) = staged(data_dir, release) else {
        return false;
    };
    let tried = folder(data_dir).join(format!("tried-{}", installer_name(&staged.version)));
    if tried.exists() {
        tracing::warn!(
            version = staged.version,
            "the update was not installed at the last start (see its .log beside it); not tried again"
        );
        let _ = std::fs::remove_file(&staged.installer);
        let _ = std::fs::remove_file(folder(data_dir).join(FEED_FILE));
        return false;
    }
    if let Err(e) = std::fs::write(&tried, b"") {
        tracing::warn!(error = %e, "the update's attempt could not be noted; not installed");
        return false;
    }
    match apply(&staged) {
        Ok(()) => {
            tracing::info!(
                version = staged.version,
                "installing the update; LeaseDesk starts again after"
            );
            true
        }
        Err(e) => {
            tracing::warn!(error = %e, "the update could not be started");
            false
        }
    }
}

/// Installs `staged` and starts the new LeaseDesk: the Windows Installer (System32's
/// msiexec, called directly: no shell reads the paths) installs silently and, asked by
/// `LEASEDESK_RELAUNCH=1`, starts the installed LeaseDesk when done (the MSI's own action);
/// this process should then exit at once (the installer replaces its program file). Nothing
/// of the data folder is opened before.
pub fn apply(staged: &Staged) -> std::io::Result<()> {
    #[cfg(windows)]
    {
        let log = staged.installer.with_extension("log");
        std::process::Command::new(system_folder()?.join("msiexec.exe"))
            .arg("/i")
            .arg(&staged.installer)
            .args(["/qn", "/norestart", "/l*v"])
            .arg(&log)
            .arg("LEASEDESK_RELAUNCH=1")
            .spawn()
            .map(|_| ())
    }
    #[cfg(not(windows))]
    {
        let _ = staged;
        Err(std::io::Error::other(
            "updates are installed by the package manager on this system",
        ))
    }
}

/// Windows' System32 folder, from Windows itself (not from PATH or an environment variable a
/// caller could set).
#[cfg(windows)]
fn system_folder() -> std::io::Result<std::path::PathBuf> {
    use std::os::windows::ffi::OsStringExt;
    #[link(name = "kernel32")]
    unsafe extern "system" {
        fn GetSystemDirectoryW(buffer: *mut u16, size: u32) -> u32;
    }
    let mut buffer = [0u16; 512];
    // SAFETY: the buffer is valid for its whole length, which is what is passed.
    let length = unsafe { GetSystemDirectoryW(buffer.as_mut_ptr(), buffer.len() as u32) } as usize;
    if length == 0 || length >= buffer.len() {
        return Err(std::io::Error::last_os_error());
    }
    Ok(std::ffi::OsString::from_wide(&buffer[..length]).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_installer_s_name_keeps_only_a_version() {
        assert_eq!(installer_name("0.2.0"), "LeaseDesk-0.2.0.msi");
        assert_eq!(installer_name("../../x"), "LeaseDesk-....x.msi");
    }
}
