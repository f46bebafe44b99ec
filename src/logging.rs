//! Where logs go: a daily file in the data directory (and the console with --verbose), at most
//! [`MAX_LOG_BYTES_A_DAY`] a day and seven days kept, whatever a broken service makes it say.

use std::path::PathBuf;

/// What the log file takes in a day at most (UTC days, as the files are named); past it the
/// day's further lines are dropped, after one line saying so.
pub const MAX_LOG_BYTES_A_DAY: u64 = 20 * 1024 * 1024;

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
            match appender.map(|a| non_blocking(CappedLog::new(a))) {
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

/// A log file that takes at most [`MAX_LOG_BYTES_A_DAY`] a day.
struct CappedLog<W> {
    inner: W,
    day: chrono::NaiveDate,
    written: u64,
    said: bool,
}

impl<W: std::io::Write> CappedLog<W> {
    fn new(inner: W) -> Self {
        Self {
            inner,
            day: chrono::Utc::now().date_naive(),
            written: 0,
            said: false,
        }
    }
}

impl<W: std::io::Write> std::io::Write for CappedLog<W> {
    fn write(&mut self, line: &[u8]) -> std::io::Result<usize> {
        let today = chrono::Utc::now().date_naive();
        if today != self.day {
            (self.day, self.written, self.said) = (today, 0, false);
        }
        let size = u64::try_from(line.len()).unwrap_or(u64::MAX);
        if self.written.saturating_add(size) > MAX_LOG_BYTES_A_DAY {
            if !self.said {
                self.said = true;
                let _ = writeln!(
                    self.inner,
                    "{} WARN leasedesk::logging: the log reached {} MiB today; further lines are dropped until midnight UTC",
                    chrono::Utc::now().to_rfc3339(),
                    MAX_LOG_BYTES_A_DAY / (1024 * 1024)
                );
            }
            return Ok(line.len());
        }
        self.written += size;
        self.inner.write_all(line)?;
        Ok(line.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_day_of_log_stops_at_its_cap_after_saying_so_once() {
        let mut log = CappedLog::new(Vec::new());
        let line = [b'x'; 1023]
            .iter()
            .copied()
            .chain([b'\n'])
            .collect::<Vec<u8>>();
        for _ in 0..(25 * 1024) {
            assert_eq!(
                log.write(&line).unwrap(),
                line.len(),
                "taken, never an error"
            );
        }
        let kept = log.inner.len() as u64;
        assert!(kept <= MAX_LOG_BYTES_A_DAY + 200, "{kept}");
        assert!(kept >= MAX_LOG_BYTES_A_DAY - 1024, "{kept}");
        let text = String::from_utf8_lossy(&log.inner);
        assert_eq!(text.matches("further lines are dropped").count(), 1);
    }
}
