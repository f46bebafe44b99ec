//! Where Windows looks for a library LeaseDesk (or a library it uses) loads by name: only
//! System32 and LeaseDesk's own program folder (Program Files, which only an administrator
//! writes). Windows' default order also searches the current folder and every folder on PATH,
//! so a file named like an optional library (a graphics driver's helper, a shader compiler)
//! left in a folder LeaseDesk is started from, or any user-writable folder on PATH, would be
//! loaded into the process that holds residents' records. Set first thing in `main`; the
//! libraries the program itself imports are bound by Windows before that, from System32 or the
//! program folder.

/// Narrows the search on Windows (elsewhere there is nothing to narrow: true). False when
/// Windows refused, which the caller logs once logging is up.
pub fn narrow() -> bool {
    #[cfg(windows)]
    {
        #[link(name = "kernel32")]
        unsafe extern "system" {
            fn SetDefaultDllDirectories(flags: u32) -> i32;
            fn SetDllDirectoryW(path: *const u16) -> i32;
        }
        const LOAD_LIBRARY_SEARCH_APPLICATION_DIR: u32 = 0x0000_0200;
        const LOAD_LIBRARY_SEARCH_SYSTEM32: u32 = 0x0000_0800;
        let empty = [0u16];
        // SAFETY: plain Win32 calls with constant flags and a valid, NUL-terminated string.
        unsafe {
            // "" takes the current folder out of the older search order too.
            SetDllDirectoryW(empty.as_ptr());
            SetDefaultDllDirectories(
                LOAD_LIBRARY_SEARCH_APPLICATION_DIR | LOAD_LIBRARY_SEARCH_SYSTEM32,
            ) != 0
        }
    }
    #[cfg(not(windows))]
    {
        true
    }
}

#[cfg(all(test, windows))]
mod tests {
    use std::os::windows::ffi::OsStrExt;

    #[link(name = "kernel32")]
    unsafe extern "system" {
        fn LoadLibraryW(name: *const u16) -> *mut core::ffi::c_void;
        fn GetLastError() -> u32;
    }
    const ERROR_MOD_NOT_FOUND: u32 = 126;
    const ERROR_BAD_EXE_FORMAT: u32 = 193;

    /// What loading `name` by name says: 126 when no folder searched has it, 193 when one has
    /// it and it is not a library (the planted file was found, and opened).
    fn load_by_name(name: &str) -> u32 {
        let wide: Vec<u16> = std::ffi::OsStr::new(name)
            .encode_wide()
            .chain([0])
            .collect();
        // SAFETY: a NUL-terminated name; a handle, if any came back, is simply kept.
        unsafe {
            if !LoadLibraryW(wide.as_ptr()).is_null() {
                return 0;
            }
            GetLastError()
        }
    }

    /// A file named like a library, in the folder LeaseDesk was started from (the data folder,
    /// say), is found by Windows' default order and not once the search is narrowed.
    #[test]
    fn a_library_planted_in_the_current_folder_is_not_loaded() {
        let planted = tempfile::tempdir().unwrap();
        for name in ["leasedesk-planted-a.dll", "leasedesk-planted-b.dll"] {
            std::fs::write(planted.path().join(name), b"not a library").unwrap();
        }
        let before = std::env::current_dir().unwrap();
        std::env::set_current_dir(planted.path()).unwrap();
        let found_by_default = load_by_name("leasedesk-planted-a.dll");
        let narrowed = super::narrow();
        let found_after = load_by_name("leasedesk-planted-b.dll");
        std::env::set_current_dir(before).unwrap();
        assert_eq!(
            found_by_default, ERROR_BAD_EXE_FORMAT,
            "the default order reads the current folder"
        );
        assert!(narrowed, "the search could not be narrowed");
        assert_eq!(
            found_after, ERROR_MOD_NOT_FOUND,
            "the planted file was opened"
        );
        // System32 is still searched.
        assert_eq!(load_by_name("kernel32.dll"), 0);
    }
}
