//! The release feed: what it says, and whether to believe it. A feed is a small JSON envelope,
//! `{"manifest": "<JSON text>", "signature": "<ed25519 signature of that text, hex>"}`; the
//! manifest names the version, a sequence number and an expiry, per system the installer's
//! address, SHA-256 and size, and perhaps the next release key. Only a manifest whose signature
//! verifies with the key built into this LeaseDesk (or a next key a feed signed with it named)
//! is read, only if it has not expired and its sequence is not below one seen before (a feed
//! cannot be frozen or replayed), and only a newer version is offered. See docs/decisions.md
//! ("Updates that verify themselves").

use aws_lc_rs::signature::{ED25519, UnparsedPublicKey};
use serde::{Deserialize, Serialize};

/// A feed larger than this is not a feed.
pub const MAX_FEED_BYTES: usize = 64 * 1024;
/// An installer larger than this is refused whatever the manifest says.
pub const MAX_INSTALLER_BYTES: u64 = 512 * 1024 * 1024;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Envelope {
    pub manifest: String,
    pub signature: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub product: String,
    pub version: String,
    #[serde(default)]
    pub notes: String,
    #[serde(default)]
    pub windows_msi: Option<Artifact>,
    #[serde(default)]
    pub linux_deb: Option<Artifact>,
    /// Raised with every feed published: a feed below one seen is a replay.
    pub sequence: u64,
    /// When the feed stops being believed (RFC 3339): a feed held back is not read for ever.
    pub expires: String,
    /// The release key to come (64 hex digits), named by a feed signed with the current one.
    #[serde(default)]
    pub next_key: Option<String>,
}

/// What this desk believes of feeds beyond the built-in key: the highest sequence seen, and
/// the next keys feeds it believed have named. Kept in the data folder (`update-trust.json`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Trust {
    #[serde(default)]
    pub highest_sequence: u64,
    #[serde(default)]
    pub next_keys: Vec<String>,
}

/// Next keys kept at most (one rotation at a time is the usual).
const MAX_NEXT_KEYS: usize = 4;

impl Trust {
    /// The keys a feed may be signed with: `built_in`, then the next keys named since.
    pub fn keys(&self, built_in: [u8; 32]) -> Vec<[u8; 32]> {
        std::iter::once(built_in)
            .chain(
                self.next_keys
                    .iter()
                    .filter_map(|k| hex_decode(k)?.try_into().ok()),
            )
            .collect()
    }

    /// Takes a believed, fresh manifest into account.
    pub fn saw(&mut self, manifest: &Manifest) {
        self.highest_sequence = self.highest_sequence.max(manifest.sequence);
        if let Some(next) = manifest
            .next_key
            .as_deref()
            .map(str::trim)
            .filter(|k| hex_decode(k).is_some_and(|b| b.len() == 32))
            && !self.next_keys.iter().any(|k| k.eq_ignore_ascii_case(next))
        {
            self.next_keys.push(next.to_ascii_lowercase());
            if self.next_keys.len() > MAX_NEXT_KEYS {
                self.next_keys.remove(0);
            }
        }
    }

    pub fn load(path: &std::path::Path) -> Trust {
        std::fs::read(path)
            .ok()
            .filter(|b| b.len() <= 16 * 1024)
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or_default()
    }

    pub fn save(&self, path: &std::path::Path) -> std::io::Result<()> {
        let bytes = serde_json::to_vec(self).map_err(std::io::Error::other)?;
        crate::atomic_file::write_with(path, |file| std::io::Write::write_all(file, &bytes))
    }
}

/// Whether a believed manifest may be acted on at `now`, having seen sequence `seen`.
pub fn fresh(
    manifest: &Manifest,
    now: chrono::DateTime<chrono::Utc>,
    seen: u64,
) -> Result<(), Refusal> {
    let expires = chrono::DateTime::parse_from_rfc3339(manifest.expires.trim())
        .map_err(|_| Refusal::Unreadable(FeedFault::Expiry))?;
    if expires < now {
        return Err(Refusal::Expired(
            expires.format("%Y-%m-%d %H:%M").to_string(),
        ));
    }
    if manifest.sequence < seen {
        return Err(Refusal::Replayed {
            sequence: manifest.sequence,
            seen,
        });
    }
    Ok(())
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Artifact {
    /// Absolute, or relative to the feed's address.
    pub url: String,
    pub sha256: String,
    pub size: u64,
}

/// Why an update was not taken, in words the user can act on.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refusal {
    #[error(
        "this LeaseDesk was built without an update key, so it cannot check updates; your IT installs new versions"
    )]
    NoKey,
    #[error(
        "the update feed {0} is a plain http:// address; LeaseDesk reads updates only over https:// (or from this computer). Ask IT for the https address"
    )]
    PlainHttp(String),
    #[error("the update feed address {0} is not a web address (https://…)")]
    NotAnAddress(String),
    #[error("the update feed could not be read ({0}); nothing was downloaded")]
    Unreadable(FeedFault),
    #[error(
        "the update feed's signature does not verify with LeaseDesk's update key: it was changed or is not your IT's. Nothing was downloaded; tell IT"
    )]
    BadSignature,
    #[error(
        "the update feed expired on {0} (UTC): it may have been held back. Nothing was downloaded; tell IT to publish it again"
    )]
    Expired(String),
    #[error(
        "the update feed is number {sequence}, older than number {seen} read before: an old feed was sent again. Nothing was downloaded; tell IT"
    )]
    Replayed { sequence: u64, seen: u64 },
    #[error("the update feed is for {0}, not LeaseDesk; nothing was downloaded")]
    OtherProduct(String),
    #[error(
        "the update feed offers version {offered}, older than this LeaseDesk ({current}); an older version is never installed"
    )]
    Older { offered: String, current: String },
    #[error("version {0} has no installer for this system in the feed; ask IT")]
    NothingForThisSystem(String),
    #[error(
        "the downloaded installer of version {0} does not match the signed feed (its SHA-256 differs); it was deleted and will not be installed. Tell IT"
    )]
    HashMismatch(String),
    #[error(
        "the download of version {0} is larger than the signed feed says; it was stopped and deleted"
    )]
    TooLarge(String),
    #[error("the installer of version {version} could not be downloaded: {reason}")]
    Download { version: String, reason: Unreached },
    #[error("the downloaded update could not be kept: {0}")]
    Disk(String),
}

/// What is wrong with a feed that was read: the window words each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum FeedFault {
    #[error("it is larger than a feed")]
    TooLarge,
    #[error("it is not a LeaseDesk update feed")]
    NotAFeed,
    #[error("its signed manifest is not one LeaseDesk reads")]
    Manifest,
    #[error("its version is not a version")]
    Version,
    #[error("its installer entry is not one LeaseDesk reads")]
    Installer,
    #[error("its expiry is not a time")]
    Expiry,
}

/// Why the feed's server, or the installer's, gave nothing: the window words each.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unreached {
    #[error(
        "it redirected elsewhere than an https:// address (or too many times); nothing was read from there"
    )]
    Redirected,
    #[error("it did not answer in time")]
    TimedOut,
    #[error("it could not be reached")]
    NotReached,
    #[error("the connection failed")]
    ConnectionFailed,
    /// An HTTP status other than success.
    #[error("the server answered {0}")]
    Answered(u16),
    #[error("it took longer than 30 minutes; it was stopped and deleted")]
    TookTooLong,
    #[error("no data folder to download into")]
    NoDataFolder,
    /// The HTTP client could not be made: its detail, as it came.
    #[error("{0}")]
    Client(String),
}

/// A release version, compared number by number ("0.10.0" is after "0.9.3").
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Version(Vec<u64>);

impl Version {
    pub fn parse(text: &str) -> Option<Version> {
        // "0.2.0 (commit …)" and "v0.2.0" both read as 0.2.0.
        let text = text.trim().trim_start_matches('v');
        let text = text.split([' ', '-', '+']).next()?;
        let parts: Option<Vec<u64>> = text.split('.').map(|p| p.parse().ok()).collect();
        parts.filter(|p| !p.is_empty() && p.len() <= 4).map(Version)
    }
}

/// Whether `address` may be read for updates: https anywhere, http only on this computer.
pub fn check_address(address: &str) -> Result<reqwest::Url, Refusal> {
    let url =
        reqwest::Url::parse(address.trim()).map_err(|_| Refusal::NotAnAddress(short(address)))?;
    match url.scheme() {
        "https" => Ok(url),
        "http" if is_loopback(&url) => Ok(url),
        "http" => Err(Refusal::PlainHttp(short(address))),
        _ => Err(Refusal::NotAnAddress(short(address))),
    }
}

fn is_loopback(url: &reqwest::Url) -> bool {
    let Some(host) = url.host_str() else {
        return false;
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

fn short(text: &str) -> String {
    let mut out: String = text.chars().filter(|c| !c.is_control()).take(120).collect();
    if text.chars().count() > 120 {
        out.push('…');
    }
    out
}

/// The manifest of `feed`, if its signature verifies with one of `keys` (ed25519 public keys).
pub fn verified_manifest(feed: &[u8], keys: &[[u8; 32]]) -> Result<Manifest, Refusal> {
    if feed.len() > MAX_FEED_BYTES {
        return Err(Refusal::Unreadable(FeedFault::TooLarge));
    }
    let envelope: Envelope =
        serde_json::from_slice(feed).map_err(|_| Refusal::Unreadable(FeedFault::NotAFeed))?;
    let signature = hex_decode(envelope.signature.trim()).ok_or(Refusal::BadSignature)?;
    if !keys.iter().any(|key| {
        UnparsedPublicKey::new(&ED25519, key)
            .verify(envelope.manifest.as_bytes(), &signature)
            .is_ok()
    }) {
        return Err(Refusal::BadSignature);
    }
    let manifest: Manifest = serde_json::from_str(&envelope.manifest)
        .map_err(|_| Refusal::Unreadable(FeedFault::Manifest))?;
    if manifest.product != "LeaseDesk" {
        return Err(Refusal::OtherProduct(short(&manifest.product)));
    }
    Ok(manifest)
}

/// What a verified manifest means for this LeaseDesk: `None` when it is this version.
pub fn offer(manifest: &Manifest, current: &str) -> Result<Option<Version>, Refusal> {
    let offered =
        Version::parse(&manifest.version).ok_or(Refusal::Unreadable(FeedFault::Version))?;
    let this = Version::parse(current).unwrap_or(Version(vec![0]));
    match offered.cmp(&this) {
        std::cmp::Ordering::Greater => Ok(Some(offered)),
        std::cmp::Ordering::Equal => Ok(None),
        std::cmp::Ordering::Less => Err(Refusal::Older {
            offered: short(&manifest.version),
            current: current.split(' ').next().unwrap_or(current).to_owned(),
        }),
    }
}

/// Whether an installer's entry is one LeaseDesk reads: a SHA-256 and a size it would take.
pub fn artifact_checks(artifact: &Artifact) -> Result<(), Refusal> {
    let hash = hex_decode(artifact.sha256.trim()).map(|h| h.len());
    if artifact.size > MAX_INSTALLER_BYTES || artifact.size == 0 || hash != Some(32) {
        return Err(Refusal::Unreadable(FeedFault::Installer));
    }
    Ok(())
}

pub fn hex_decode(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

pub fn hex_encode(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use aws_lc_rs::signature::{Ed25519KeyPair, KeyPair};

    fn keys() -> Ed25519KeyPair {
        let rng = aws_lc_rs::rand::SystemRandom::new();
        let pkcs8 = Ed25519KeyPair::generate_pkcs8(&rng).unwrap();
        Ed25519KeyPair::from_pkcs8(pkcs8.as_ref()).unwrap()
    }

    fn public(pair: &Ed25519KeyPair) -> [u8; 32] {
        pair.public_key().as_ref().try_into().unwrap()
    }

    fn feed(pair: &Ed25519KeyPair, manifest: &str) -> Vec<u8> {
        let signature = hex_encode(pair.sign(manifest.as_bytes()).as_ref());
        serde_json::to_vec(&Envelope {
            manifest: manifest.into(),
            signature,
        })
        .unwrap()
    }

    const MANIFEST: &str = r#"{"product":"LeaseDesk","version":"0.2.0","sequence":7,"expires":"2099-01-01T00:00:00Z","windows_msi":{"url":"LeaseDesk-0.2.0.msi","sha256":"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff","size":10}}"#;

    #[test]
    fn a_signed_feed_is_read_and_a_changed_one_is_refused() {
        let pair = keys();
        let good = feed(&pair, MANIFEST);
        let manifest = verified_manifest(&good, &[public(&pair)]).unwrap();
        assert_eq!(manifest.version, "0.2.0");
        let changed = String::from_utf8(good).unwrap().replace("0.2.0", "0.3.0");
        assert_eq!(
            verified_manifest(changed.as_bytes(), &[public(&pair)]),
            Err(Refusal::BadSignature)
        );
        let stranger = keys();
        assert_eq!(
            verified_manifest(&feed(&stranger, MANIFEST), &[public(&pair)]),
            Err(Refusal::BadSignature)
        );
        assert!(matches!(
            verified_manifest(b"<html>", &[public(&pair)]),
            Err(Refusal::Unreadable(_))
        ));
    }

    #[test]
    fn only_a_newer_version_is_offered_and_an_older_one_is_refused() {
        let mut manifest: Manifest = serde_json::from_str(MANIFEST).unwrap();
        assert_eq!(
            offer(&manifest, "0.1.9 (commit abc, built 2026-11-26)"),
            Ok(Version::parse("0.2.0"))
        );
        assert_eq!(offer(&manifest, "0.2.0"), Ok(None));
        manifest.version = "0.10.0".into();
        assert!(offer(&manifest, "0.9.3").unwrap().is_some(), "by number");
        manifest.version = "0.1.0".into();
        assert!(matches!(
            offer(&manifest, "0.2.0"),
            Err(Refusal::Older { .. })
        ));
    }

    #[test]
    fn an_expired_or_replayed_feed_is_refused_and_a_next_key_is_believed_once_named() {
        let now: chrono::DateTime<chrono::Utc> = "2026-11-28T12:00:00Z".parse().unwrap();
        let mut manifest: Manifest = serde_json::from_str(MANIFEST).unwrap();
        assert_eq!(fresh(&manifest, now, 7), Ok(()), "the same feed again");
        assert!(matches!(
            fresh(&manifest, now, 8),
            Err(Refusal::Replayed {
                sequence: 7,
                seen: 8
            })
        ));
        manifest.expires = "2026-11-27T12:00:00Z".into();
        assert!(matches!(fresh(&manifest, now, 0), Err(Refusal::Expired(_))));
        manifest.expires = "next week".into();
        assert!(matches!(
            fresh(&manifest, now, 0),
            Err(Refusal::Unreadable(_))
        ));
        // A feed without a sequence or expiry is no feed.
        let bare = r#"{"product":"LeaseDesk","version":"0.2.0"}"#;
        let current = keys();
        assert!(matches!(
            verified_manifest(&feed(&current, bare), &[public(&current)]),
            Err(Refusal::Unreadable(_))
        ));
        // Rotation: a feed signed with the current key names the next one.
        let next = keys();
        let mut trust = Trust::default();
        let naming = MANIFEST.replace(
            r#""sequence":7"#,
            &format!(
                r#""sequence":8,"next_key":"{}""#,
                hex_encode(&public(&next))
            ),
        );
        let believed =
            verified_manifest(&feed(&current, &naming), &trust.keys(public(&current))).unwrap();
        let by_next = feed(
            &next,
            &MANIFEST.replace(r#""sequence":7"#, r#""sequence":9"#),
        );
        assert_eq!(
            verified_manifest(&by_next, &trust.keys(public(&current))),
            Err(Refusal::BadSignature),
            "not before it was named"
        );
        trust.saw(&believed);
        assert_eq!(trust.highest_sequence, 8);
        assert_eq!(
            verified_manifest(&by_next, &trust.keys(public(&current)))
                .unwrap()
                .sequence,
            9
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("update-trust.json");
        trust.save(&path).unwrap();
        assert_eq!(Trust::load(&path), trust);
    }

    #[test]
    fn plain_http_is_read_only_from_this_computer() {
        assert!(check_address("https://updates.example.com/leasedesk/feed.json").is_ok());
        assert!(check_address("http://127.0.0.1:8080/feed.json").is_ok());
        assert!(check_address("http://localhost/feed.json").is_ok());
        assert!(check_address("http://[::1]/feed.json").is_ok());
        assert!(matches!(
            check_address("http://updates.example.com/feed.json"),
            Err(Refusal::PlainHttp(_))
        ));
        assert!(matches!(
            check_address("http://10.0.0.5/feed.json"),
            Err(Refusal::PlainHttp(_))
        ));
        assert!(matches!(
            check_address("file:///etc/passwd"),
            Err(Refusal::NotAnAddress(_))
        ));
        assert!(matches!(
            check_address("feed.json"),
            Err(Refusal::NotAnAddress(_))
        ));
    }
}
