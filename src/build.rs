//! Which build this is: said by `--version`, in the first line of every log file and in Settings.

/// `0.1.0 (commit 1a2b3c4d5e6f, built 2026-11-26)`; a `+` after the commit: built from a tree
/// with changes not committed.
pub const VERSION: &str = concat!(
    env!("LEASEDESK_VERSION"),
    " (commit ",
    env!("LEASEDESK_COMMIT"),
    ", built ",
    env!("LEASEDESK_BUILD_DATE"),
    ")"
);

/// This release as the engine's updater knows it: the version and the key feeds are signed
/// with (`LEASEDESK_UPDATE_KEY` when this LeaseDesk was built).
pub fn release() -> crate::engine::updates::Release {
    crate::engine::updates::Release::new(
        env!("LEASEDESK_VERSION"),
        option_env!("LEASEDESK_UPDATE_KEY"),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_version_names_the_release_the_commit_and_the_day() {
        let version = super::VERSION;
        assert!(version.starts_with(env!("LEASEDESK_VERSION")), "{version}");
        let commit = env!("LEASEDESK_COMMIT");
        assert!(
            commit == "unknown"
                || commit
                    .trim_end_matches('+')
                    .chars()
                    .all(|c| c.is_ascii_hexdigit()),
            "{commit}"
        );
        let day = env!("LEASEDESK_BUILD_DATE");
        assert!(
            chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").is_ok(),
            "{day}"
        );
    }
}
