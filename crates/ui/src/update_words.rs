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
        UpdateState::Failed(reason) => tr!("update-failed", reason = reason.as_str()),
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
        Refusal::Unreadable(why) => tr!("update-refusal-unreadable", why = why.as_str()),
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
            reason = reason.as_str()
        ),
        Refusal::Disk(why) => tr!("update-refusal-disk", why = why.as_str()),
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
}
