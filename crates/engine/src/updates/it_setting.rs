//! Where IT names the release feed for every user of a computer, read only from a place a user
//! who is not an administrator cannot write: on Windows the policy key
//! `HKLM\SOFTWARE\Policies\LeaseDesk`, value `UpdateFeed` (what Group Policy sets); elsewhere
//! `/etc/leasedesk/update-feed`, believed only when it and its folder belong to root and nobody
//! else may write them. A file anyone could have planted (as `%ProgramData%` allows on Windows)
//! would let any local user point everyone's updater at a feed of theirs.

#[cfg(not(windows))]
use std::path::Path;

/// The address IT set, if any (its first line that is not a `#` comment).
pub fn read() -> Option<String> {
    #[cfg(windows)]
    {
        policy_value().as_deref().and_then(first_address)
    }
    #[cfg(not(windows))]
    {
        read_protected(Path::new("/etc/leasedesk/update-feed"), 0)
    }
}

/// The first line of `text` that is not empty or a `#` comment.
pub fn first_address(text: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.chars().take(2048).collect())
}

/// The address in the file at `path`, when it and its folder belong to `owner` and neither may
/// be written by its group or by others (nor be a link).
#[cfg(not(windows))]
pub fn read_protected(path: &Path, owner: u32) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let safe = |p: &Path| {
        std::fs::symlink_metadata(p)
            .is_ok_and(|m| !m.file_type().is_symlink() && m.uid() == owner && m.mode() & 0o022 == 0)
    };
    if !safe(path) || !path.parent().is_some_and(safe) {
        if path.exists() {
            tracing::warn!(
                "the update feed setting is ignored: it, or its folder, may be written by others"
            );
        }
        return None;
    }
    let bytes = std::fs::read(path).ok()?;
    first_address(&String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]))
}

#[cfg(windows)]
fn policy_value() -> Option<String> {
    #[link(name = "advapi32")]
    unsafe extern "system" {
        fn RegGetValueW(
            key: isize,
            subkey: *const u16,
            value: *const u16,
            flags: u32,
            kind: *mut u32,
            data: *mut u16,
            bytes: *mut u32,
        ) -> i32;
    }
    // (HKEY)(ULONG_PTR)(LONG)0x80000002, sign-extended as windows.h does.
    const HKEY_LOCAL_MACHINE: isize = 0x8000_0002_u32 as i32 as isize;
    const RRF_RT_REG_SZ: u32 = 0x2;
    let wide = |s: &str| s.encode_utf16().chain(Some(0)).collect::<Vec<u16>>();
    let (subkey, value) = (wide(r"SOFTWARE\Policies\LeaseDesk"), wide("UpdateFeed"));
    let mut buffer = vec![0u16; 2048];
    let mut bytes = (buffer.len() * 2) as u32;
    // SAFETY: the names are NUL-terminated, the buffer's size in bytes is given, and the call
    // writes at most that many bytes.
    let status = unsafe {
        RegGetValueW(
            HKEY_LOCAL_MACHINE,
            subkey.as_ptr(),
            value.as_ptr(),
            RRF_RT_REG_SZ,
            std::ptr::null_mut(),
            buffer.as_mut_ptr(),
            &mut bytes,
        )
    };
    if status != 0 {
        return None;
    }
    let len = (bytes as usize / 2).min(buffer.len());
    let text = String::from_utf16_lossy(&buffer[..len]);
    Some(text.trim_end_matches('\0').to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_address_skips_comments_and_blank_lines() {
        assert_eq!(
            first_address("# set by IT\r\n\r\nhttps://it.example/feed.json\r\n").as_deref(),
            Some("https://it.example/feed.json")
        );
        assert_eq!(first_address("# only a comment\n"), None);
    }

    #[cfg(not(windows))]
    #[test]
    fn a_setting_others_may_write_is_not_believed() {
        use std::os::unix::fs::PermissionsExt;
        let me = unsafe { libc::geteuid() };
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("update-feed");
        std::fs::write(&file, "https://it.example/feed.json\n").unwrap();
        let mode = |p: &Path, m: u32| {
            std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap()
        };
        mode(dir.path(), 0o755);
        mode(&file, 0o644);
        assert_eq!(
            read_protected(&file, me).as_deref(),
            Some("https://it.example/feed.json"),
            "its owner's, written by no one else"
        );
        assert_eq!(
            read_protected(&file, me.wrapping_add(1)),
            None,
            "another owner's"
        );
        mode(&file, 0o666);
        assert_eq!(read_protected(&file, me), None, "anyone may write it");
        mode(&file, 0o644);
        mode(dir.path(), 0o777);
        assert_eq!(read_protected(&file, me), None, "anyone may replace it");
        mode(dir.path(), 0o755);
        let link = dir.path().join("linked");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        assert_eq!(read_protected(&link, me), None, "a link");
    }

    #[cfg(windows)]
    #[test]
    fn the_feed_set_by_it_is_read_from_the_policy_key() {
        let status = std::process::Command::new("reg")
            .args([
                "add",
                r"HKLM\SOFTWARE\Policies\LeaseDesk",
                "/v",
                "UpdateFeed",
                "/t",
                "REG_SZ",
                "/d",
                "https://it.example/feed.json",
                "/f",
            ])
            .status()
            .unwrap();
        assert!(status.success());
        assert_eq!(read().as_deref(), Some("https://it.example/feed.json"));
    }
}
