//! The next start after a crash says so once, above everything, and offers the report to copy
//! or save for IT (nothing is sent anywhere; see the app's `crash`).

use std::path::PathBuf;
use std::sync::Arc;

use crate::engine::Backend;
use crate::files::{Status, save_bytes, status_text};
use crate::theme::Tokens;

/// A report too large to copy or save whole is not read (they are cut at 256 KiB).
const MAX_READ: u64 = 512 * 1024;

#[derive(Default)]
pub(super) struct CrashNotice {
    /// The newest report not dismissed yet.
    report: Option<PathBuf>,
    copied: bool,
    status: Status,
}

impl CrashNotice {
    /// The notice for the newest report in `logs` the user has not dismissed.
    pub(super) fn find(logs: Option<PathBuf>) -> Self {
        let report = logs.and_then(|logs| {
            leasedesk_base::crash_files::unseen(&logs)
                .into_iter()
                .next()
        });
        if report.is_some() {
            // IT (and the Wine smoke test) can see the notice was given; the report's name
            // says only when.
            tracing::info!("the last run closed unexpectedly: its crash report is offered");
        }
        Self {
            report,
            ..Self::default()
        }
    }

    fn text(&self) -> Option<Vec<u8>> {
        let path = self.report.as_ref()?;
        let size = std::fs::metadata(path).ok()?.len();
        (size <= MAX_READ)
            .then(|| std::fs::read(path).ok())
            .flatten()
    }

    pub(super) fn ui(&mut self, ui: &mut egui::Ui, tokens: &Tokens, backend: &Backend) {
        let Some(report) = self.report.clone() else {
            return;
        };
        let name = report
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        egui::Panel::top("crash-notice").show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(
                    tokens.warning,
                    leasedesk_i18n::tr!("crash-notice", name = name.as_str()),
                );
                if ui.button(leasedesk_i18n::tr!("crash-copy")).clicked()
                    && let Some(text) = self.text()
                {
                    ui.ctx()
                        .copy_text(String::from_utf8_lossy(&text).into_owned());
                    self.copied = true;
                }
                if ui.button(leasedesk_i18n::tr!("crash-save")).clicked()
                    && let Some(text) = self.text()
                {
                    save_bytes(
                        backend,
                        &name,
                        crate::files::FileKind::Text,
                        leasedesk_i18n::tr!("crash-the-report"),
                        self.status.clone(),
                        Arc::new(text),
                    );
                }
                if ui.button(leasedesk_i18n::tr!("crash-dismiss")).clicked() {
                    // Kept for IT, no longer announced.
                    let mut seen = report.clone().into_os_string();
                    seen.push(".seen");
                    if let Err(e) = std::fs::rename(&report, &seen) {
                        tracing::warn!(error = %e, "the crash report could not be marked as seen");
                    }
                    self.report = None;
                }
                if self.copied {
                    ui.label(leasedesk_i18n::tr!("crash-copied"));
                }
                if let Some(status) = status_text(&self.status) {
                    ui.label(status);
                }
            });
        });
    }
}
