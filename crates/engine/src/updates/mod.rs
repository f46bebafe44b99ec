//! Updates that verify themselves. The release feed's address comes from IT's machine-wide
//! setting, else from Settings (none by default). It is read at start, once a day and on "Check
//! for updates"; a newer version's installer is downloaded in the background into the data
//! folder, its size and SHA-256 checked against the signed manifest, and installed at the next
//! start ([`staged`], [`apply`]), before any store or outbox is opened. See docs/decisions.md
//! ("Updates that verify themselves").

pub mod feed;
pub mod it_setting;
mod staged;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use aws_lc_rs::digest;

pub use feed::{FeedFault, Refusal, Unreached};
pub use staged::{Staged, apply, install_at_start, staged, staged_with};
use staged::{folder, keep, staged_in};

use super::Waker;

/// How often the feed is read while the app stays open.
pub const CHECK_EVERY: Duration = Duration::from_secs(24 * 60 * 60);
/// What a read of the feed or of an installer may wait for the service at a time.
const TIMEOUT: Duration = Duration::from_secs(30);
/// What reading the feed may take in all.
const FEED_DEADLINE: Duration = Duration::from_secs(60);
/// What downloading an installer may take in all (512 MiB at about 300 KB/s).
const DOWNLOAD_DEADLINE: Duration = Duration::from_secs(30 * 60);
/// Redirects followed at most, each to an address the feed itself could have had.
const MAX_REDIRECTS: usize = 3;

/// Which release this LeaseDesk is, as the app's build stamped it (the engine builds no stamp
/// of its own, so a commit rebuilds only the app's small crate).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Release {
    /// "0.1.0": Cargo.toml's, unless the build named another.
    pub version: &'static str,
    /// The ed25519 public key release feeds are signed with (built in from
    /// `LEASEDESK_UPDATE_KEY`); a build without one checks no updates.
    pub key: Option<[u8; 32]>,
}

impl Release {
    /// A release of `version` whose key is `hex` (64 hex digits), if any.
    pub fn new(version: &'static str, hex: Option<&str>) -> Release {
        Release {
            version,
            key: hex.and_then(|h| feed::hex_decode(h.trim())?.try_into().ok()),
        }
    }
}

impl Default for Release {
    /// The crate's own version, without a key (tests and tools that check no updates).
    fn default() -> Self {
        Release {
            version: env!("CARGO_PKG_VERSION"),
            key: None,
        }
    }
}

/// Where the feed's address came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedAddress {
    pub address: String,
    /// Set by IT for the computer (Settings then shows it and cannot change it).
    pub from_it: bool,
}

/// The feed to read: the one IT set (`it`, from [`it_setting::read`]) if any, else the user's.
pub fn feed_address(it: Option<String>, user_setting: &str) -> Option<FeedAddress> {
    match it {
        Some(address) => Some(FeedAddress {
            address,
            from_it: true,
        }),
        None => Some(user_setting.trim())
            .filter(|s| !s.is_empty())
            .map(|s| FeedAddress {
                address: s.to_owned(),
                from_it: false,
            }),
    }
}

/// Which installer of the manifest this computer takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    /// The MSI, downloaded and installed at the next start.
    Windows,
    /// The .deb, installed by the user's package manager: LeaseDesk only says it is there.
    Linux,
}

impl System {
    pub fn this() -> System {
        if cfg!(windows) {
            System::Windows
        } else {
            System::Linux
        }
    }
}

/// What the updater is doing, or found.
#[derive(Debug, Clone, PartialEq)]
pub enum UpdateState {
    NotChecked,
    /// No feed address, in Settings or from IT.
    NoFeed,
    Checking,
    UpToDate {
        version: String,
    },
    Downloading {
        version: String,
        got: u64,
        of: u64,
    },
    /// Downloaded and checked: installed the next time LeaseDesk starts.
    Ready {
        version: String,
    },
    /// A newer version for a system whose package manager installs it.
    Available {
        version: String,
        url: String,
    },
    Refused(Refusal),
    /// The feed could not be reached; tried again at the next check.
    Failed(Unreached),
}

#[derive(Clone)]
pub struct Updater {
    inner: Arc<Inner>,
}

struct Inner {
    runtime: tokio::runtime::Handle,
    key: Option<[u8; 32]>,
    current: String,
    system: System,
    /// `<data>/updates`; none without a data folder (then nothing is downloaded).
    folder: Option<PathBuf>,
    state: Mutex<UpdateState>,
    waker: Mutex<Option<Arc<dyn Waker>>>,
    last_check: Mutex<Option<Instant>>,
}

impl Updater {
    /// The updater of `release`, on this system.
    pub fn new(
        runtime: tokio::runtime::Handle,
        data_dir: Option<&Path>,
        release: Release,
    ) -> Updater {
        Updater::with(
            runtime,
            data_dir,
            release.key,
            release.version,
            System::this(),
        )
    }

    pub fn with(
        runtime: tokio::runtime::Handle,
        data_dir: Option<&Path>,
        key: Option<[u8; 32]>,
        current: &str,
        system: System,
    ) -> Updater {
        Updater {
            inner: Arc::new(Inner {
                runtime,
                key,
                current: current.to_owned(),
                system,
                folder: data_dir.map(folder),
                state: Mutex::new(UpdateState::NotChecked),
                waker: Mutex::new(None),
                last_check: Mutex::new(None),
            }),
        }
    }

    pub fn set_waker(&self, waker: Arc<dyn Waker>) {
        *lock(&self.inner.waker) = Some(waker);
    }

    pub fn state(&self) -> UpdateState {
        lock(&self.inner.state).clone()
    }

    /// Reads the feed if it was not read in the last day (at start, then daily).
    pub fn check_if_due(&self, feed: Option<&FeedAddress>) {
        let due = lock(&self.inner.last_check).is_none_or(|at| at.elapsed() >= CHECK_EVERY);
        if due {
            self.check_now(feed);
        }
    }

    /// Reads the feed now (Check for updates), unless a check or download is under way.
    pub fn check_now(&self, feed: Option<&FeedAddress>) {
        {
            let mut state = lock(&self.inner.state);
            if matches!(
                *state,
                UpdateState::Checking | UpdateState::Downloading { .. }
            ) {
                return;
            }
            *lock(&self.inner.last_check) = Some(Instant::now());
            *state = match (&self.inner.key, feed) {
                (None, _) => UpdateState::Refused(Refusal::NoKey),
                (_, None) => UpdateState::NoFeed,
                _ => UpdateState::Checking,
            };
            if *state != UpdateState::Checking {
                return;
            }
        }
        let Some(feed) = feed.cloned() else {
            return;
        };
        let inner = self.inner.clone();
        self.inner.runtime.spawn(async move {
            let outcome = inner.check(&feed.address).await;
            inner.set(outcome);
        });
        self.wake();
    }

    fn wake(&self) {
        self.inner.wake();
    }
}

impl Inner {
    fn set(&self, state: UpdateState) {
        match &state {
            UpdateState::Refused(r) => tracing::warn!(refusal = %r, "an update was refused"),
            UpdateState::Failed(e) => tracing::info!(error = %e, "the update feed was not reached"),
            UpdateState::Ready { version } => tracing::info!(version, "an update is ready"),
            _ => {}
        }
        *lock(&self.state) = state;
        self.wake();
    }

    fn wake(&self) {
        if let Some(waker) = lock(&self.waker).clone() {
            waker.wake();
        }
    }

    async fn check(&self, address: &str) -> UpdateState {
        let Some(key) = self.key else {
            return UpdateState::Refused(Refusal::NoKey);
        };
        let url = match feed::check_address(address) {
            Ok(url) => url,
            Err(refusal) => return UpdateState::Refused(refusal),
        };
        // Every hop of a redirect is checked as the feed's address is: https, or http on this
        // computer only.
        let hops = reqwest::redirect::Policy::custom(|attempt| {
            if attempt.previous().len() >= MAX_REDIRECTS {
                attempt.error("too many redirects")
            } else if feed::check_address(attempt.url().as_str()).is_err() {
                attempt.error("a redirect to an address updates are not read from")
            } else {
                attempt.follow()
            }
        });
        let client = match reqwest::Client::builder()
            .connect_timeout(TIMEOUT)
            .read_timeout(TIMEOUT)
            .redirect(hops)
            .build()
        {
            Ok(client) => client,
            Err(e) => return UpdateState::Failed(Unreached::Client(e.to_string())),
        };
        let bytes = match tokio::time::timeout(FEED_DEADLINE, read_feed(&client, url.clone())).await
        {
            Ok(Ok(bytes)) => bytes,
            Ok(Err(state)) => return state,
            Err(_) => return UpdateState::Failed(Unreached::TimedOut),
        };
        let trust_file = self.folder.as_deref().and_then(staged::trust_file);
        let mut trust = trust_file
            .as_deref()
            .map(feed::Trust::load)
            .unwrap_or_default();
        let manifest = match feed::verified_manifest(&bytes, &trust.keys(key)) {
            Ok(manifest) => manifest,
            Err(refusal) => return UpdateState::Refused(refusal),
        };
        if let Err(refusal) = feed::fresh(&manifest, chrono::Utc::now(), trust.highest_sequence) {
            return UpdateState::Refused(refusal);
        }
        let before = trust.clone();
        trust.saw(&manifest);
        if trust != before
            && let Some(file) = &trust_file
            && let Err(e) = trust.save(file)
        {
            tracing::warn!(error = %e, "what was read of the update feed could not be kept");
        }
        match feed::offer(&manifest, &self.current) {
            Ok(Some(_)) => {}
            Ok(None) => {
                return UpdateState::UpToDate {
                    version: manifest.version,
                };
            }
            Err(refusal) => return UpdateState::Refused(refusal),
        }
        let artifact = match self.system {
            System::Windows => manifest.windows_msi.as_ref(),
            System::Linux => manifest.linux_deb.as_ref(),
        };
        let Some(artifact) = artifact else {
            return UpdateState::Refused(Refusal::NothingForThisSystem(manifest.version));
        };
        if let Err(refusal) = feed::artifact_checks(artifact) {
            return UpdateState::Refused(refusal);
        }
        let Ok(artifact_url) = url.join(&artifact.url) else {
            return UpdateState::Refused(Refusal::NotAnAddress(artifact.url.clone()));
        };
        if let Err(refusal) = feed::check_address(artifact_url.as_str()) {
            return UpdateState::Refused(refusal);
        }
        if self.system == System::Linux {
            return UpdateState::Available {
                version: manifest.version,
                url: artifact_url.to_string(),
            };
        }
        let Some(folder) = &self.folder else {
            return UpdateState::Failed(Unreached::NoDataFolder);
        };
        if staged_in(folder, &key, &self.current).is_some_and(|s| s.version == manifest.version) {
            return UpdateState::Ready {
                version: manifest.version,
            };
        }
        let download = self.download(&client, artifact_url, artifact, &manifest.version, folder);
        let downloaded = tokio::time::timeout(DOWNLOAD_DEADLINE, download)
            .await
            .unwrap_or_else(|_| {
                Err(Refusal::Download {
                    version: manifest.version.clone(),
                    reason: Unreached::TookTooLong,
                })
            });
        match downloaded {
            Ok(installer) => match keep(folder, &bytes, &installer, &manifest.version) {
                Ok(()) => UpdateState::Ready {
                    version: manifest.version,
                },
                Err(e) => UpdateState::Refused(Refusal::Disk(e.to_string())),
            },
            Err(refusal) => UpdateState::Refused(refusal),
        }
    }

    /// The installer, read into a file beside where it is kept, its size and hash checked.
    async fn download(
        &self,
        client: &reqwest::Client,
        url: reqwest::Url,
        artifact: &feed::Artifact,
        version: &str,
        folder: &Path,
    ) -> Result<tempfile::NamedTempFile, Refusal> {
        use std::io::Write;
        let failed = |reason: Unreached| Refusal::Download {
            version: version.to_owned(),
            reason,
        };
        crate::paths::make_private_dir(folder).map_err(|e| Refusal::Disk(e.to_string()))?;
        let mut file =
            tempfile::NamedTempFile::new_in(folder).map_err(|e| Refusal::Disk(e.to_string()))?;
        let mut response = client
            .get(url)
            .send()
            .await
            .map_err(|e| failed(without_url(e)))?;
        if !response.status().is_success() {
            return Err(failed(Unreached::Answered(response.status().as_u16())));
        }
        let mut hash = digest::Context::new(&digest::SHA256);
        let mut got: u64 = 0;
        let mut told = 0u64;
        while let Some(chunk) = response.chunk().await.map_err(|e| failed(without_url(e)))? {
            got = got.saturating_add(chunk.len() as u64);
            if got > artifact.size {
                return Err(Refusal::TooLarge(version.to_owned()));
            }
            hash.update(&chunk);
            file.write_all(&chunk)
                .map_err(|e| Refusal::Disk(e.to_string()))?;
            // Progress at each whole per cent, not each chunk.
            let percent = got.saturating_mul(100) / artifact.size.max(1);
            if percent > told {
                told = percent;
                self.set(UpdateState::Downloading {
                    version: version.to_owned(),
                    got,
                    of: artifact.size,
                });
            }
        }
        let sum = feed::hex_encode(hash.finish().as_ref());
        if got != artifact.size || !sum.eq_ignore_ascii_case(artifact.sha256.trim()) {
            return Err(Refusal::HashMismatch(version.to_owned()));
        }
        file.as_file()
            .sync_all()
            .map_err(|e| Refusal::Disk(e.to_string()))?;
        Ok(file)
    }
}

/// The feed's bytes, at most [`feed::MAX_FEED_BYTES`].
async fn read_feed(client: &reqwest::Client, url: reqwest::Url) -> Result<Vec<u8>, UpdateState> {
    let mut response = client
        .get(url)
        .send()
        .await
        .map_err(|e| UpdateState::Failed(without_url(e)))?;
    if !response.status().is_success() {
        return Err(UpdateState::Failed(Unreached::Answered(
            response.status().as_u16(),
        )));
    }
    let mut bytes = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|e| UpdateState::Failed(without_url(e)))?
    {
        bytes.extend_from_slice(&chunk);
        if bytes.len() > feed::MAX_FEED_BYTES {
            return Err(UpdateState::Refused(Refusal::Unreadable(
                FeedFault::TooLarge,
            )));
        }
    }
    Ok(bytes)
}

fn without_url(e: reqwest::Error) -> Unreached {
    if e.is_redirect() {
        Unreached::Redirected
    } else if e.is_timeout() {
        Unreached::TimedOut
    } else if e.is_connect() {
        Unreached::NotReached
    } else {
        Unreached::ConnectionFailed
    }
}

impl super::Backend {
    /// The updater of this LeaseDesk (its built-in key, the data folder set so far), which
    /// wakes the window as its state changes.
    pub fn updater(&self) -> Updater {
        let mut held = lock(&self.inner.updater);
        if let Some(updater) = held.as_ref() {
            return updater.clone();
        }
        let data_dir = self.data_dir();
        let release = *lock(&self.inner.release);
        let updater = Updater::new(self.inner.runtime.clone(), data_dir.as_deref(), release);
        updater.set_waker(Arc::new(WindowWaker(Arc::downgrade(&self.inner))));
        *held = Some(updater.clone());
        updater
    }

    /// Which release this is (the app's build stamp): the updater offers what is newer.
    pub fn set_release(&self, release: Release) {
        *lock(&self.inner.release) = release;
    }

    /// Uses `updater` instead (a test's key and version).
    pub fn set_updater(&self, updater: Updater) {
        updater.set_waker(Arc::new(WindowWaker(Arc::downgrade(&self.inner))));
        *lock(&self.inner.updater) = Some(updater);
    }
}

/// Wakes the window through the engine's own waker, without keeping the engine alive.
struct WindowWaker(std::sync::Weak<super::Inner>);

impl Waker for WindowWaker {
    fn wake(&self) {
        if let Some(inner) = self.0.upgrade() {
            super::Backend { inner }.events().wake();
        }
    }

    fn wake_after(&self, wait: Duration) {
        if let Some(inner) = self.0.upgrade() {
            super::Backend { inner }.events().wake_after(wait);
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_s_setting_wins_over_the_user_s() {
        assert_eq!(feed_address(None, "  "), None);
        assert_eq!(
            feed_address(None, "https://mine.example/feed.json"),
            Some(FeedAddress {
                address: "https://mine.example/feed.json".into(),
                from_it: false
            })
        );
        assert_eq!(
            feed_address(
                Some("https://it.example/feed.json".into()),
                "https://mine.example/feed.json"
            ),
            Some(FeedAddress {
                address: "https://it.example/feed.json".into(),
                from_it: true
            })
        );
    }
}
