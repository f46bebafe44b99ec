//! Which build this is (the commit and the day, for `--version`, the log's first line and crash
//! reports), and on Windows targets the icon, product name and version inside the .exe
//! (Explorer, the taskbar and the file's Properties show them).

fn main() {
    println!("cargo:rerun-if-changed=assets/icons/leasedesk.ico");
    which_build();
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let mut resource = winresource::WindowsResource::new();
    resource
        .set_icon("assets/icons/leasedesk.ico")
        .set("ProductName", "LeaseDesk")
        .set(
            "FileDescription",
            "LeaseDesk: leads, residents and occupancy for senior-living communities",
        )
        .set("OriginalFilename", "leasedesk.exe")
        .set("LegalCopyright", "LeaseDesk contributors, MIT licence");
    if let Err(e) = resource.compile() {
        // Without windres (mingw) or rc.exe the program still builds, without its icon.
        println!("cargo:warning=the Windows icon and version were not embedded: {e}");
    }
}

/// `LEASEDESK_COMMIT` (the short commit, "+" when the tree had changes; "unknown" outside a git
/// checkout) and `LEASEDESK_BUILD_DATE` (UTC, from `SOURCE_DATE_EPOCH` when set, for
/// reproducible builds).
fn which_build() {
    println!("cargo:rerun-if-changed=.git/HEAD");
    println!("cargo:rerun-if-changed=.git/index");
    println!("cargo:rerun-if-env-changed=SOURCE_DATE_EPOCH");
    // The ed25519 key release feeds are signed with (src/engine/updates), read by option_env!.
    println!("cargo:rerun-if-env-changed=LEASEDESK_UPDATE_KEY");
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
    };
    if let Some(head) =
        git(&["rev-parse", "--symbolic-full-name", "HEAD"]).filter(|h| h.starts_with("refs/"))
    {
        println!("cargo:rerun-if-changed=.git/{head}");
    }
    let commit = git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    // Without optional locks, status does not write the index: the index is what this script
    // is rerun on, and another build beside this one (CI builds for Windows while the Linux
    // tests run) would rebuild the crate each time the other asked.
    let dirty = git(&[
        "--no-optional-locks",
        "status",
        "--porcelain",
        "--untracked-files=no",
    ])
    .is_some_and(|s| !s.is_empty());
    // The release this build says it is: Cargo.toml's, unless LEASEDESK_VERSION names another
    // (CI builds a "next" release from the same sources to try the updater end to end).
    println!("cargo:rerun-if-env-changed=LEASEDESK_VERSION");
    let version = std::env::var("LEASEDESK_VERSION")
        .ok()
        .filter(|v| !v.is_empty() && v.split('.').all(|p| p.parse::<u32>().is_ok()))
        .or_else(|| std::env::var("CARGO_PKG_VERSION").ok())
        .unwrap_or_default();
    println!("cargo:rustc-env=LEASEDESK_VERSION={version}");
    println!(
        "cargo:rustc-env=LEASEDESK_COMMIT={commit}{}",
        if dirty { "+" } else { "" }
    );
    let seconds = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs())
        });
    println!(
        "cargo:rustc-env=LEASEDESK_BUILD_DATE={}",
        civil_date(seconds / 86_400)
    );
}

/// The calendar date of a day count since 1970-01-01 (Howard Hinnant's algorithm; no crate in
/// a build script for one line of output).
fn civil_date(days: u64) -> String {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}
