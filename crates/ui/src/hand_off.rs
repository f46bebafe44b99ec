//! Handing a drafted message to the user's own mail, messaging or phone app: a `mailto:`,
//! `sms:` or `tel:` address opened through the operating system (the `open` crate: Windows'
//! ShellExecuteW, macOS' `open`, the desktop's `xdg-open`), never through a shell that would
//! read the text. Tests record what was handed instead.

use std::sync::Mutex;

/// Addresses handed over while recording (tests stand in for the operating system).
#[cfg(feature = "test-hooks")]
static RECORDED: Mutex<Option<Vec<String>>> = Mutex::new(None);

/// From now on, addresses are recorded instead of opened (tests).
#[cfg(feature = "test-hooks")]
pub fn record_instead() {
    *RECORDED.lock().unwrap_or_else(|p| p.into_inner()) = Some(Vec::new());
}

/// What was handed over since recording began.
#[cfg(feature = "test-hooks")]
pub fn recorded() -> Vec<String> {
    RECORDED
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .clone()
        .unwrap_or_default()
}

/// The last error, so a second failure is not logged again.
static LAST_FAILURE: Mutex<Option<String>> = Mutex::new(None);

/// Opens `uri` with the app the system has for its scheme. The error says what to do.
pub fn hand_to_system(uri: &str) -> Result<(), String> {
    #[cfg(feature = "test-hooks")]
    if let Some(list) = RECORDED.lock().unwrap_or_else(|p| p.into_inner()).as_mut() {
        list.push(uri.to_owned());
        return Ok(());
    }
    let scheme = uri.split(':').next().unwrap_or_default().to_owned();
    let opened = open_with_system(uri);
    if let Err(e) = &opened {
        // The address holds the message and its recipient: only the scheme is logged.
        let mut last = LAST_FAILURE.lock().unwrap_or_else(|p| p.into_inner());
        if last.as_deref() != Some(e.as_str()) {
            tracing::warn!(scheme, error = %e, "could not hand a message to the system");
            *last = Some(e.clone());
        }
    }
    opened.map_err(|_| leasedesk_i18n::tr!("hand-off-no-app", scheme = scheme))
}

/// Opens without waiting for the app (and reaps it off the UI thread).
fn open_with_system(uri: &str) -> Result<(), String> {
    ::open::that_detached(uri).map_err(|e| e.to_string())
}

/// The button that drafts a message on `channel` ("Call…", "Llamar…"), in the window's language.
pub fn draft_label(channel: crate::domain::channel::Channel) -> String {
    use crate::domain::channel::Channel;
    match channel {
        Channel::Email => leasedesk_i18n::tr!("channel-draft-email"),
        Channel::Text => leasedesk_i18n::tr!("channel-draft-text"),
        Channel::Call => leasedesk_i18n::tr!("channel-draft-call"),
        Channel::Letter => leasedesk_i18n::tr!("channel-draft-letter"),
    }
}
