//! The operating system's own text size, followed at start and when it changes: GNOME's
//! `text-scaling-factor` and Windows' Settings › Accessibility › Text size. Display scaling
//! (pixels per point) eframe already follows; these are the settings for larger text alone.
//! Read off the UI thread every half minute; the window multiplies its zoom by it.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

/// The smallest and largest text scale taken from the system (Windows offers 100–225%).
const RANGE: (f32, f32) = (0.5, 3.0);
/// How often the system's setting is read again.
const EVERY: std::time::Duration = std::time::Duration::from_secs(30);

/// The system's text scale (1.0: as designed), shared with the thread that reads it.
#[derive(Clone, Debug)]
pub struct SystemTextScale(Arc<AtomicU32>);

impl Default for SystemTextScale {
    /// A scale of 1.0 that nothing changes but [`Self::set`] (tests, previews).
    fn default() -> Self {
        SystemTextScale::fixed(1.0)
    }
}

impl SystemTextScale {
    pub fn fixed(scale: f32) -> Self {
        SystemTextScale(Arc::new(AtomicU32::new(scale.to_bits())))
    }

    /// Reads the system's setting now and every half minute after, on a thread of its own.
    pub fn watch() -> Self {
        let scale = SystemTextScale::fixed(read_system().unwrap_or(1.0));
        let shared = scale.clone();
        let started = std::thread::Builder::new()
            .name("text-scale".into())
            .spawn(move || {
                loop {
                    std::thread::sleep(EVERY);
                    shared.set(read_system().unwrap_or(1.0));
                }
            });
        if let Err(e) = started {
            tracing::warn!(error = %e, "the system's text size is read once only");
        }
        scale
    }

    pub fn get(&self) -> f32 {
        f32::from_bits(self.0.load(Ordering::Relaxed))
    }

    /// Sets the scale (clamped to what a window can show).
    pub fn set(&self, scale: f32) {
        let scale = if scale.is_finite() {
            scale.clamp(RANGE.0, RANGE.1)
        } else {
            1.0
        };
        self.0.store(scale.to_bits(), Ordering::Relaxed);
    }
}

/// The system's text scale, or `None` where it says none (another desktop, no setting).
fn read_system() -> Option<f32> {
    if cfg!(windows) {
        let out = quiet_output(
            "reg",
            &[
                "query",
                r"HKCU\SOFTWARE\Microsoft\Accessibility",
                "/v",
                "TextScaleFactor",
            ],
        )?;
        from_windows_registry(&out)
    } else if cfg!(target_os = "linux") {
        let out = quiet_output(
            "gsettings",
            &["get", "org.gnome.desktop.interface", "text-scaling-factor"],
        )?;
        from_gsettings(&out)
    } else {
        None
    }
}

/// A small program's standard output, or `None` when it is missing or fails.
fn quiet_output(program: &str, args: &[&str]) -> Option<String> {
    let mut command = std::process::Command::new(program);
    command.args(args).stdin(std::process::Stdio::null());
    #[cfg(windows)]
    {
        use std::os::windows::process::CommandExt;
        // No console window flashes up every half minute.
        command.creation_flags(0x0800_0000);
    }
    let out = command.output().ok()?;
    if !out.status.success() || out.stdout.len() > 4096 {
        return None;
    }
    String::from_utf8(out.stdout).ok()
}

/// `gsettings get org.gnome.desktop.interface text-scaling-factor` prints "1.25".
pub fn from_gsettings(out: &str) -> Option<f32> {
    let value: f32 = out.trim().parse().ok()?;
    (value.is_finite() && value > 0.0).then(|| value.clamp(RANGE.0, RANGE.1))
}

/// `reg query …\Accessibility /v TextScaleFactor` prints a line
/// "    TextScaleFactor    REG_DWORD    0x7d" (a percentage, 100 to 225).
pub fn from_windows_registry(out: &str) -> Option<f32> {
    let line = out.lines().find(|l| l.contains("TextScaleFactor"))?;
    let hex = line.split_whitespace().last()?.strip_prefix("0x")?;
    let percent = u32::from_str_radix(hex, 16).ok()?;
    (50..=300)
        .contains(&percent)
        .then(|| percent as f32 / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gnome_and_windows_settings_are_read() {
        assert_eq!(from_gsettings("1.25\n"), Some(1.25));
        assert_eq!(from_gsettings("1.0"), Some(1.0));
        assert_eq!(from_gsettings("9"), Some(3.0), "clamped");
        assert_eq!(from_gsettings("nan"), None);
        assert_eq!(from_gsettings("0"), None);
        assert_eq!(from_gsettings("No such schema"), None);
        let reg = "\r\nHKEY_CURRENT_USER\\SOFTWARE\\Microsoft\\Accessibility\r\n    \
                   TextScaleFactor    REG_DWORD    0x7d\r\n\r\n";
        assert_eq!(from_windows_registry(reg), Some(1.25));
        assert_eq!(
            from_windows_registry("    TextScaleFactor    REG_DWORD    0xe1"),
            Some(2.25)
        );
        assert_eq!(from_windows_registry("ERROR: not found"), None);
        assert_eq!(
            from_windows_registry("    TextScaleFactor    REG_DWORD    0x5"),
            None
        );
    }

    #[test]
    fn a_shared_scale_is_set_within_bounds() {
        let scale = SystemTextScale::default();
        let seen = scale.clone();
        scale.set(1.5);
        assert_eq!(seen.get(), 1.5);
        scale.set(f32::INFINITY);
        assert_eq!(seen.get(), 1.0);
        scale.set(0.1);
        assert_eq!(seen.get(), 0.5);
    }
}
