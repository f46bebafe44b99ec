//! Crash reports: when LeaseDesk panics (or, on Unix, the system stops it with a fatal signal:
//! `fatal_signal`), a report goes to the logs folder (`crash-<time>.txt`)
//! for IT: which build, the OS, the renderer, where it failed and the backtrace with this
//! computer's paths taken out, and the last lines of the log (which holds no resident's data).
//! The panic's own message is left out: it may quote what a user typed. Nothing is sent
//! anywhere. `LEASEDESK_CRASH_TEST=1` makes `report weekly` panic once its data is read, for
//! tests (`=signal` raises a segmentation fault on Unix). A panic the engine catches (a request's) is
//! reported too: it is a bug either way.

#[cfg(unix)]
mod fatal_signal;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The environment variable that makes a run panic at start (tests only; no menu has it).
pub const TEST_TRIGGER: &str = "LEASEDESK_CRASH_TEST";
/// Log lines copied into a report at most.
const LOG_LINES: usize = 40;
/// A report's size at most (a backtrace of a deep stack is cut).
const MAX_REPORT_BYTES: usize = 256 * 1024;

/// Writes a report into `logs` on any panic, then lets the usual hook print it as before.
/// On Unix, a fatal signal writes one too; a signal's report of an earlier run gets the last
/// lines of its log now, before this run writes its own.
pub fn install(logs: Option<PathBuf>) {
    let Some(logs) = logs else {
        return;
    };
    #[cfg(unix)]
    {
        complete_signal_reports(&logs);
        fatal_signal::install(&logs, header("the system stopped it: a fatal signal"));
    }
    let earlier = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let place = info.location().map_or_else(
            || "unknown".to_owned(),
            |l| format!("{}:{}", l.file(), l.line()),
        );
        let backtrace = std::backtrace::Backtrace::force_capture().to_string();
        let text = report(&place, &backtrace, &anonymised(&log_tail(&logs)));
        let name = format!("crash-{}.txt", chrono::Utc::now().format("%Y%m%d-%H%M%S"));
        if let Err(e) = crate::atomic_file::write_with(&logs.join(name), |file| {
            std::io::Write::write_all(file, text.as_bytes())
        }) {
            eprintln!("leasedesk: the crash report could not be written: {e}");
        }
        earlier(info);
    }));
}

/// Panics when the test trigger is set (`1`); with `signal`, on Unix, raises a segmentation
/// fault.
pub fn trigger_for_tests() {
    let Some(asked) = std::env::var_os(TEST_TRIGGER) else {
        return;
    };
    #[cfg(unix)]
    if asked == "signal" {
        fatal_signal::raise_for_tests();
    }
    if asked == "1" {
        panic!("a crash asked for by {TEST_TRIGGER}");
    }
}

/// The first lines of a report: what stopped it, which build, the system.
fn header(why: &str) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "LeaseDesk stopped on an error it did not expect ({why})."
    );
    let _ = writeln!(text, "Version: {}", crate::build::VERSION);
    let _ = writeln!(
        text,
        "System: {} {}",
        std::env::consts::OS,
        std::env::consts::ARCH
    );
    text
}

/// Adds the log's last lines to the reports of fatal signals that wait for them (their
/// handler could not read the log), each rewritten whole.
#[cfg(unix)]
fn complete_signal_reports(logs: &Path) {
    for path in unseen(logs) {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Some(start) = text.strip_suffix(fatal_signal::LOG_TO_COME) else {
            continue;
        };
        let whole = format!(
            "{start}Last lines of the log:\n{}\n",
            anonymised(&log_tail(logs))
        );
        if let Err(e) = crate::atomic_file::write_with(&path, |file| {
            std::io::Write::write_all(file, whole.as_bytes())
        }) {
            eprintln!("leasedesk: the crash report could not be completed: {e}");
        }
    }
}

/// How the window is drawn, once it is open (the window says, and a report names it).
fn drawing() -> Option<String> {
    crate::ui::renderer::in_use()
}

/// Reports written by earlier runs that the user has not been told of yet (the window's
/// notice reads them too).
pub use leasedesk_base::crash_files::unseen;

/// The report's text.
fn report(place: &str, backtrace: &str, log: &str) -> String {
    let mut text = header("a panic");
    let _ = writeln!(
        text,
        "Drawing with: {}",
        drawing().unwrap_or_else(|| "no window yet".into())
    );
    let _ = writeln!(text, "At: {}", anonymised(place));
    let _ = writeln!(
        text,
        "Message: left out (it may quote what was typed)\n\nBacktrace:\n{}",
        anonymised(backtrace)
    );
    let _ = writeln!(text, "Last lines of the log:\n{log}");
    if text.len() > MAX_REPORT_BYTES {
        let mut cut = MAX_REPORT_BYTES;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
        text.push_str("\n… (cut)\n");
    }
    text
}

/// Paths as they would read on any computer: the home folder, Cargo's sources and the folder
/// the program was built in are named, not spelled out.
fn anonymised(text: &str) -> String {
    let mut out = text.to_owned();
    let mut places: Vec<(String, &str)> = Vec::new();
    if let Some(build) = option_env!("CARGO_MANIFEST_DIR") {
        places.push((format!("{build}/"), ""));
    }
    if let Some(home) = std::env::var_os("CARGO_HOME").or_else(|| {
        std::env::var_os("HOME")
            .or_else(|| std::env::var_os("USERPROFILE"))
            .map(|h| Path::new(&h).join(".cargo").into_os_string())
    }) {
        places.push((format!("{}/", Path::new(&home).display()), "<cargo>/"));
    }
    for var in ["HOME", "USERPROFILE"] {
        if let Some(home) = std::env::var_os(var).filter(|h| h.len() > 1) {
            places.push((Path::new(&home).display().to_string(), "<home>"));
        }
    }
    for (from, to) in places {
        out = out.replace(&from, to);
    }
    // The user's name in any other path (a temporary folder, another drive).
    for var in ["USER", "USERNAME", "LOGNAME"] {
        if let Some(user) = std::env::var(var).ok().filter(|u| u.len() > 1) {
            for (sep_before, sep_after) in [("/", "/"), ("\\", "\\"), ("/", "\n"), ("\\", "\n")] {
                out = out.replace(
                    &format!("{sep_before}{user}{sep_after}"),
                    &format!("{sep_before}<user>{sep_after}"),
                );
            }
        }
    }
    out
}

/// The last lines of today's log (the newest file in `logs`).
fn log_tail(logs: &Path) -> String {
    let newest = std::fs::read_dir(logs)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("leasedesk"))
        .max_by_key(|e| e.metadata().and_then(|m| m.modified()).ok());
    let Some(text) = newest.and_then(|e| std::fs::read(e.path()).ok()) else {
        return "(no log)".into();
    };
    // Read from the end: a log is at most a day's 20 MiB.
    let text = String::from_utf8_lossy(&text[text.len().saturating_sub(64 * 1024)..]);
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(LOG_LINES)..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_names_the_build_and_leaves_out_this_computers_paths() {
        let build = env!("CARGO_MANIFEST_DIR");
        let backtrace = format!(
            "   0: leasedesk::engine::sync\n             at {build}/src/engine/sync/mod.rs:12:5"
        );
        let text = report(&format!("{build}/src/main.rs:3"), &backtrace, "a log line");
        assert!(text.contains(crate::build::VERSION), "{text}");
        assert!(text.contains("at src/engine/sync/mod.rs:12:5"), "{text}");
        assert!(!text.contains(build), "{text}");
        assert!(text.contains("Message: left out"));
        assert!(text.ends_with("a log line\n"), "{text}");
    }

    #[test]
    fn a_reports_log_tail_names_no_user_and_no_resident() {
        // The home and user the report hides, read as `anonymised` reads them (Windows, and
        // Wine, set USERPROFILE and USERNAME rather than HOME and USER).
        let home = ["HOME", "USERPROFILE"]
            .iter()
            .find_map(|v| std::env::var(v).ok().filter(|h| h.len() > 1))
            .unwrap_or_else(|| "/home/tester".into());
        let user = ["USER", "USERNAME"]
            .iter()
            .find_map(|v| std::env::var(v).ok())
            .unwrap_or_default();
        let logs = tempfile::tempdir().unwrap();
        // What the engine logs of a caught panic that quoted a resident.
        let caught = leasedesk_base::log_text::scrubbed(
            "no unit for \"Ann Lee\" (614) 555-0199 ann.lee@example.org case 100231 of Ann Lee",
        );
        std::fs::write(
            logs.path().join("leasedesk.log"),
            format!(
                "ERROR connecting failed with a panic panic={caught}\nWARN opened {home}/.local/share/leasedesk/offline\nWARN temp /tmp/{user}/x\n"
            ),
        )
        .unwrap();
        let text = report("src/main.rs:3", "", &anonymised(&log_tail(logs.path())));
        for personal in ["Ann", "Lee", "555-0199", "ann.lee", "100231", home.as_str()] {
            assert!(!text.contains(personal), "{personal:?} in {text}");
        }
        if user.len() > 1 {
            assert!(!text.contains(&format!("/{user}/")), "{text}");
        }
        assert!(text.contains("<home>/.local/share/leasedesk"), "{text}");
        assert!(text.contains("no unit for"), "{text}");
    }
}
