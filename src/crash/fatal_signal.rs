//! A report when the system stops LeaseDesk (a segmentation fault, a bus error, an abort): a
//! signal handler may only make the simplest calls, so it writes a report made ready at start
//! (which build, the OS, which signal) with `open`/`write`, and the next start adds the last
//! lines of the log before the user is told (`complete`). No backtrace: taking one is not
//! safe in a signal handler, and the report says so. Then the signal goes on as before (Rust's
//! own handler for a stack overflow, else the system's default).

use std::ffi::CString;
use std::path::Path;
use std::sync::OnceLock;

/// Where the log's last lines go once the next start adds them.
pub(super) const LOG_TO_COME: &str = "Last lines of the log: (added at the next start)\n";

/// The report's path and its text up to the signal's name, made at start.
static REPORT: OnceLock<(CString, Vec<u8>)> = OnceLock::new();

const SIGNALS: [(libc::c_int, &str); 5] = [
    (
        libc::SIGSEGV,
        "SIGSEGV (a memory access the system refused)\n",
    ),
    (
        libc::SIGBUS,
        "SIGBUS (a memory access the system refused)\n",
    ),
    (
        libc::SIGILL,
        "SIGILL (an instruction the processor refused)\n",
    ),
    (libc::SIGFPE, "SIGFPE (an arithmetic fault)\n"),
    (libc::SIGABRT, "SIGABRT (the program aborted)\n"),
];

/// Makes the report ready and installs the handler for each fatal signal.
pub(super) fn install(logs: &Path, header: String) {
    let name = format!(
        "crash-{}-signal.txt",
        chrono::Utc::now().format("%Y%m%d-%H%M%S")
    );
    let Ok(path) = CString::new(logs.join(name).as_os_str().as_encoded_bytes()) else {
        return;
    };
    if REPORT.set((path, header.into_bytes())).is_err() {
        return;
    }
    // The actions in place before ours (Rust's stack-overflow handler, or the default),
    // read before ours is installed, to be put back when a signal comes.
    let mut earlier = Vec::new();
    for (signal, _) in SIGNALS {
        // SAFETY: only reads the current action.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(signal, std::ptr::null(), &mut action) == 0 {
                earlier.push((signal, action));
            }
        }
    }
    if EARLIER.set(earlier).is_err() {
        return;
    }
    for (signal, _) in SIGNALS {
        // SAFETY: a plain sigaction with a handler that only calls async-signal-safe functions.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_fatal as *const () as libc::sighandler_t;
            // On the alternate stack Rust sets up, so a stack overflow is reported too; with
            // its origin, to tell a fault from a signal sent.
            action.sa_flags = libc::SA_ONSTACK | libc::SA_SIGINFO;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// The actions in place before ours, by signal number (set once at start, read in the handler).
static EARLIER: OnceLock<Vec<(libc::c_int, libc::sigaction)>> = OnceLock::new();

extern "C" fn on_fatal(signal: libc::c_int, info: *mut libc::siginfo_t, _: *mut libc::c_void) {
    if let Some((path, header)) = REPORT.get() {
        let what = SIGNALS
            .iter()
            .find(|(s, _)| *s == signal)
            .map_or("an unknown signal\n", |(_, name)| name);
        // SAFETY: open, write and close are async-signal-safe; the buffers live for the
        // whole run.
        unsafe {
            let fd = libc::open(
                path.as_ptr(),
                libc::O_WRONLY | libc::O_CREAT | libc::O_TRUNC | libc::O_CLOEXEC,
                0o600,
            );
            if fd >= 0 {
                write_all(fd, header);
                write_all(fd, b"Stopped by the system: signal ");
                write_all(fd, what.as_bytes());
                write_all(
                    fd,
                    b"Backtrace: not taken (it is not safe inside a signal handler)\n",
                );
                write_all(fd, LOG_TO_COME.as_bytes());
                libc::close(fd);
            }
        }
    }
    // A fault comes again when this handler returns (the instruction runs again) and goes to
    // the earlier action as it would have: Rust's stack-overflow handler, or the default. A
    // signal sent (`kill`, `raise`, `abort`) would not come again: it is raised anew with the
    // default action, which ends the process as the sender meant.
    // SAFETY: sigaction, signal and raise are async-signal-safe; `info` is the kernel's.
    unsafe {
        let sent = info.is_null() || (*info).si_code <= 0;
        let earlier = EARLIER
            .get()
            .and_then(|t| t.iter().find(|(s, _)| *s == signal).map(|(_, a)| a));
        match earlier {
            Some(action) if !sent => {
                libc::sigaction(signal, action, std::ptr::null_mut());
            }
            _ => {
                libc::signal(signal, libc::SIG_DFL);
                libc::raise(signal);
            }
        }
    }
}

/// # Safety
/// `fd` is open for writing.
unsafe fn write_all(fd: libc::c_int, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        // SAFETY: the caller's `fd`; `bytes` is valid for its length.
        let written = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        if written <= 0 {
            return;
        }
        bytes = &bytes[written as usize..];
    }
}

/// Raises a segmentation fault (the test trigger: `LEASEDESK_CRASH_TEST=signal`).
pub(super) fn raise_for_tests() {
    // SAFETY: raising a signal is always allowed; the handler reports it and the process ends.
    unsafe {
        libc::raise(libc::SIGSEGV);
    }
}
