//! What the updater says: the last check's state and why an update was refused, in the
//! window's language (the engine's own words, in English, go to the log).

use leasedesk_i18n::tr;

/// What the last check found, in the window's language (the engine's own words, in English,
/// go to the log).
pub fn state(state: &crate::engine::updates::UpdateState) -> String {
    use crate::engine::updates::{Refusal, UpdateState};
    match state {
        UpdateState::NotChecked => tr!("update-not-checked"),
        UpdateState::NoFeed => tr!("update-no-feed"),
        UpdateState::Checking => tr!("update-checking"),
        UpdateState::UpToDate { version } => tr!("update-latest", version = version.as_str()),
        UpdateState::Downloading { version, got, of } => tr!(
            "update-downloading",
            version = version.as_str(),
            percent = (got.saturating_mul(100) / (*of).max(1)).min(100)
        ),
        UpdateState::Ready { version } => tr!("update-ready", version = version.as_str()),
        UpdateState::Available { version, url } => tr!(
            "update-available",
            version = version.as_str(),
            file = url.rsplit('/').next().unwrap_or(url)
        ),
        UpdateState::Refused(Refusal::NoKey) => {
            tr!("update-not-checked-because", why = refusal(&Refusal::NoKey))
        }
        UpdateState::Refused(refusal) => tr!("update-refused", why = self::refusal(refusal)),
        UpdateState::Failed(reason) => tr!("update-failed", reason = unreached(reason)),
    }
}

/// Why an update was not taken, in words the user can act on.
pub fn refusal(refusal: &crate::engine::updates::Refusal) -> String {
    use crate::engine::updates::Refusal;
    match refusal {
        Refusal::NoKey => tr!("update-refusal-no-key"),
        Refusal::PlainHttp(address) => tr!("update-refusal-plain-http", address = address.as_str()),
        Refusal::NotAnAddress(address) => {
            tr!("update-refusal-not-an-address", address = address.as_str())
        }
        Refusal::Unreadable(why) => tr!("update-refusal-unreadable", why = feed_fault(*why)),
        Refusal::BadSignature => tr!("update-refusal-bad-signature"),
        Refusal::Expired(on) => tr!("update-refusal-expired", on = on.as_str()),
        Refusal::Replayed { sequence, seen } => tr!(
            "update-refusal-replayed",
            sequence = sequence.to_string(),
            seen = seen.to_string()
        ),
        Refusal::OtherProduct(product) => {
            tr!("update-refusal-other-product", product = product.as_str())
        }
        Refusal::Older { offered, current } => tr!(
            "update-refusal-older",
            offered = offered.as_str(),
            current = current.as_str()
        ),
        Refusal::NothingForThisSystem(version) => {
            tr!("update-refusal-nothing-here", version = version.as_str())
        }
        Refusal::HashMismatch(version) => {
            tr!("update-refusal-hash-mismatch", version = version.as_str())
        }
        Refusal::TooLarge(version) => tr!("update-refusal-too-large", version = version.as_str()),
        Refusal::Download { version, reason } => tr!(
            "update-refusal-download",
            version = version.as_str(),
            reason = unreached(reason)
        ),
        Refusal::Disk(why) => tr!("update-refusal-disk", why = why.as_str()),
    }
}

/// Why the feed's server, or the installer's, gave nothing.
fn unreached(why: &crate::engine::updates::Unreached) -> String {
    use crate::engine::updates::Unreached;
    match why {
        Unreached::Redirected => tr!("update-unreached-redirected"),
        Unreached::TimedOut => tr!("update-unreached-timed-out"),
        Unreached::NotReached => tr!("update-unreached-not-reached"),
        Unreached::ConnectionFailed => tr!("update-unreached-connection-failed"),
        Unreached::Answered(status) => {
            tr!("update-unreached-answered", status = status.to_string())
        }
        Unreached::TookTooLong => tr!("update-unreached-too-long"),
        Unreached::NoDataFolder => tr!("update-unreached-no-folder"),
        Unreached::Client(detail) => detail.clone(),
    }
}

/// What is wrong with a feed that was read.
fn feed_fault(fault: crate::engine::updates::FeedFault) -> String {
    use crate::engine::updates::FeedFault;
    match fault {
        FeedFault::TooLarge => tr!("update-feed-too-large"),
        FeedFault::NotAFeed => tr!("update-feed-not-a-feed"),
        FeedFault::Manifest => tr!("update-feed-manifest"),
        FeedFault::Version => tr!("update-feed-version"),
        FeedFault::Installer => tr!("update-feed-installer"),
        FeedFault::Expiry => tr!("update-feed-expiry"),
    }
}

#[cfg(test)]
mod tests {
    use leasedesk_i18n::{Language, in_language};

    use super::*;
    use crate::engine::updates::{Refusal, UpdateState};

    #[test]
    fn a_refused_update_says_why_in_the_windows_language() {
        let refused = UpdateState::Refused(Refusal::Replayed {
            sequence: 4,
            seen: 7,
        });
        let english = in_language(Language::English, || state(&refused));
        assert!(
            english.contains("the update feed is number 4, older than number 7"),
            "{english}"
        );
        let spanish = in_language(Language::Spanish, || state(&refused));
        assert!(
            spanish.contains("la número 4, anterior a la número 7"),
            "{spanish}"
        );
        let ready = UpdateState::Ready {
            version: "0.2.0".into(),
        };
        let spanish_ready = in_language(Language::Spanish, || state(&ready));
        assert!(spanish_ready.contains("0.2.0"), "{spanish_ready}");
        assert_ne!(
            spanish_ready,
            in_language(Language::English, || state(&ready))
        );
    }

    /// Why the feed gave nothing, and what is wrong with one, read as the engine's English
    /// (for logs) in English and otherwise in Spanish.
    #[test]
    fn why_no_update_came_is_said_in_each_language() {
        use crate::engine::updates::{FeedFault, Unreached};
        let states = [
            UpdateState::Failed(Unreached::Redirected),
            UpdateState::Failed(Unreached::TimedOut),
            UpdateState::Failed(Unreached::NotReached),
            UpdateState::Failed(Unreached::ConnectionFailed),
            UpdateState::Failed(Unreached::Answered(404)),
            UpdateState::Failed(Unreached::NoDataFolder),
            UpdateState::Refused(Refusal::Download {
                version: "0.2.0".into(),
                reason: Unreached::TookTooLong,
            }),
            UpdateState::Refused(Refusal::Unreadable(FeedFault::TooLarge)),
            UpdateState::Refused(Refusal::Unreadable(FeedFault::NotAFeed)),
            UpdateState::Refused(Refusal::Unreadable(FeedFault::Manifest)),
            UpdateState::Refused(Refusal::Unreadable(FeedFault::Version)),
            UpdateState::Refused(Refusal::Unreadable(FeedFault::Installer)),
            UpdateState::Refused(Refusal::Unreadable(FeedFault::Expiry)),
        ];
        for seen in &states {
            let english = in_language(Language::English, || state(seen));
            let spanish = in_language(Language::Spanish, || state(seen));
            let engines = match seen {
                UpdateState::Failed(why) => why.to_string(),
                UpdateState::Refused(refusal) => refusal.to_string(),
                _ => unreachable!(),
            };
            assert!(english.contains(&engines), "{english} / {engines}");
            assert!(!spanish.contains(&engines), "{spanish}");
        }
    }
}
