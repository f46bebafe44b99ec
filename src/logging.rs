//! Where logs go: a daily file in the data directory (and the console with --verbose).

use std::path::PathBuf;

/// Logs go to a daily file in the data directory (and the console with --verbose). Nothing
/// secret is ever logged: keys, passwords and tokens are `Secret`s, which print as `***`.
pub fn init(
    dir: Option<PathBuf>,
    verbose: bool,
) -> Option<tracing_appender::non_blocking::WorkerGuard> {
    init_with_console(dir, verbose, std::io::stderr)
}

/// [`init`], with the console output (stderr in the app) going to `console`, so a test can
/// read what `--verbose` prints.
pub fn init_with_console<W>(
    dir: Option<PathBuf>,
    verbose: bool,
    console: W,
) -> Option<tracing_appender::non_blocking::WorkerGuard>
where
    W: for<'w> tracing_subscriber::fmt::MakeWriter<'w> + Send + Sync + 'static,
{
    use tracing_subscriber::prelude::*;
    let filter = || {
        tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| {
            if verbose {
                "leasedesk=debug,info".into()
            } else {
                "leasedesk=info,warn".into()
            }
        })
    };
    let console = verbose.then(|| {
        tracing_subscriber::fmt::layer()
            .with_writer(console)
            .with_filter(filter())
    });
    let (file, guard) = match dir.and_then(|dir| private_log_dir(&dir).ok().map(|()| dir)) {
        Some(dir) => {
            let appender = tracing_appender::rolling::Builder::new()
                .rotation(tracing_appender::rolling::Rotation::DAILY)
                .filename_prefix("leasedesk")
                .filename_suffix("log")
                .max_log_files(7)
                .build(dir)
                .ok();
            // The default queue holds 128,000 lines (4 MiB, allocated and touched up front);
            // this app logs a few lines a minute, so 1,024 waiting lines are plenty (a line
            // over that is dropped, never blocking the window).
            let non_blocking = |appender| {
                tracing_appender::non_blocking::NonBlockingBuilder::default()
                    .buffered_lines_limit(1024)
                    .finish(appender)
            };
            match appender.map(non_blocking) {
                Some((writer, guard)) => (
                    Some(
                        tracing_subscriber::fmt::layer()
                            .with_ansi(false)
                            .with_writer(writer)
                            .with_filter(filter()),
                    ),
                    Some(guard),
                ),
                None => (None, None),
            }
        }
        None => (None, None),
    };
    // A second call (tests) keeps the first subscriber.
    let _ = tracing_subscriber::registry()
        .with(console)
        .with(file)
        .try_init();
    guard
}

/// The log folder, and the folder holding it (the data folder), readable by this user only;
/// log files kept from before narrowed to 0600 (new ones are, through the process's umask).
fn private_log_dir(dir: &std::path::Path) -> std::io::Result<()> {
    if let Some(parent) = dir.parent() {
        crate::paths::make_private_dir(parent)?;
    }
    crate::paths::make_private_dir(dir)?;
    #[cfg(unix)]
    for entry in std::fs::read_dir(dir)?.flatten() {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(0o600));
    }
    Ok(())
}
