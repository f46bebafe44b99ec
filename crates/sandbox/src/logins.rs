//! Failed logins and wrong subscription keys, counted so that guessing either is slow: logins
//! per user name and per address, keys per address.

use super::http::Fail;

/// Failed logins remembered per user and per address; past the limit, logins are refused with
/// 429 until the oldest failure leaves the window.
#[derive(Default)]
pub struct LoginGuard {
    failures: std::sync::Mutex<std::collections::HashMap<String, Vec<i64>>>,
}

/// Seconds a failure is remembered.
pub const LOGIN_WINDOW_SECS: i64 = 15 * 60;
/// Failures allowed per user name, and per address, within the window.
pub const FAILURES_PER_USER: usize = 5;
pub const FAILURES_PER_ADDRESS: usize = 20;

impl LoginGuard {
    /// Refuses (429 with the wait) when the user or the address is over its limit.
    pub fn check(&self, user: &str, address: &str, now: i64) -> Result<(), Fail> {
        let mut failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        for (key, limit) in [
            (Self::user_key(user), FAILURES_PER_USER),
            (Self::address_key(address), FAILURES_PER_ADDRESS),
        ] {
            let Some(times) = failures.get_mut(&key) else {
                continue;
            };
            times.retain(|t| now - t < LOGIN_WINDOW_SECS);
            if times.len() >= limit {
                let oldest = times.iter().min().copied().unwrap_or(now);
                let wait = (oldest + LOGIN_WINDOW_SECS - now).max(1);
                return Err(Fail::rate_limited(u64::try_from(wait).unwrap_or(1)));
            }
        }
        Ok(())
    }

    pub fn failed(&self, user: &str, address: &str, now: i64) {
        let mut failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        // Bounded memory: a flood of made-up names cannot grow the table without end.
        if failures.len() > 100_000 {
            failures.retain(|_, times| times.iter().any(|t| now - t < LOGIN_WINDOW_SECS));
        }
        for key in [Self::user_key(user), Self::address_key(address)] {
            failures.entry(key).or_default().push(now);
        }
    }

    pub fn succeeded(&self, user: &str) {
        self.failures
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&Self::user_key(user));
    }

    fn user_key(user: &str) -> String {
        format!("user:{}", user.trim().to_lowercase())
    }

    fn address_key(address: &str) -> String {
        format!("address:{address}")
    }
}

/// Wrong subscription keys allowed per address in [`KEY_WINDOW`]; past it, 429.
pub const KEY_GUESSES: usize = 30;
/// How long a wrong key is remembered. Real time, not the sandbox's clock: a sandbox whose
/// clock stands still (tests, training) still forgets them.
pub const KEY_WINDOW: std::time::Duration = std::time::Duration::from_secs(60);

/// How long a key that worked from an address passes the limit there.
pub const KEY_TRUSTED: std::time::Duration = std::time::Duration::from_secs(15 * 60);
/// Keys remembered as having worked, per address, at most.
const TRUSTED_PER_ADDRESS: usize = 64;

/// Wrong subscription keys per address (about 9,400 guesses a second went unchecked), and the
/// keys that worked from each address lately: those still pass when the address is over its
/// limit (a classroom behind one NAT shares it with whoever guesses from there). Whether a
/// key is right is never looked up before the limit: a key that has not worked from there gets
/// the same 429, right or wrong, so the limit tells nothing.
#[derive(Default)]
pub struct KeyGuesses {
    failures: std::sync::Mutex<
        std::collections::HashMap<std::net::IpAddr, std::collections::VecDeque<std::time::Instant>>,
    >,
    /// Per address, digests of the keys that worked there and when.
    worked: std::sync::Mutex<
        std::collections::HashMap<std::net::IpAddr, Vec<(u64, std::time::Instant)>>,
    >,
}

/// A key as remembered: a keyed digest of it (the key itself is not kept twice).
fn key_digest(key: &str) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    static SEED: std::sync::OnceLock<std::collections::hash_map::RandomState> =
        std::sync::OnceLock::new();
    let mut hasher = SEED.get_or_init(Default::default).build_hasher();
    hasher.write(key.as_bytes());
    hasher.finish()
}

impl KeyGuesses {
    /// Notes that `key` worked from `address`.
    pub fn worked(&self, address: std::net::IpAddr, key: &str) {
        let now = std::time::Instant::now();
        let digest = key_digest(key);
        let mut worked = self.worked.lock().unwrap_or_else(|p| p.into_inner());
        if worked.len() > 100_000 {
            worked.retain(|_, keys| {
                keys.iter()
                    .any(|(_, at)| now.duration_since(*at) < KEY_TRUSTED)
            });
        }
        let keys = worked.entry(address).or_default();
        keys.retain(|(d, at)| *d != digest && now.duration_since(*at) < KEY_TRUSTED);
        keys.push((digest, now));
        if keys.len() > TRUSTED_PER_ADDRESS {
            keys.remove(0);
        }
    }

    fn trusted(&self, address: std::net::IpAddr, key: &str) -> bool {
        let now = std::time::Instant::now();
        let digest = key_digest(key);
        self.worked
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&address)
            .is_some_and(|keys| {
                keys.iter()
                    .any(|(d, at)| *d == digest && now.duration_since(*at) < KEY_TRUSTED)
            })
    }

    /// Refuses (429 with the wait) an address over its limit, unless `key` worked from it lately.
    pub fn check(&self, address: std::net::IpAddr, key: &str) -> Result<(), Fail> {
        let now = std::time::Instant::now();
        let mut failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let Some(times) = failures.get_mut(&address) else {
            return Ok(());
        };
        while times
            .front()
            .is_some_and(|t| now.duration_since(*t) >= KEY_WINDOW)
        {
            times.pop_front();
        }
        match times.front() {
            Some(oldest) if times.len() >= KEY_GUESSES => {
                let wait = KEY_WINDOW.saturating_sub(now.duration_since(*oldest));
                drop(failures);
                if self.trusted(address, key) {
                    return Ok(());
                }
                Err(Fail::rate_limited(wait.as_secs().max(1)))
            }
            _ => Ok(()),
        }
    }

    pub fn failed(&self, address: std::net::IpAddr) {
        let now = std::time::Instant::now();
        let mut failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        if failures.len() > 100_000 {
            failures.retain(|_, times| {
                times
                    .back()
                    .is_some_and(|t| now.duration_since(*t) < KEY_WINDOW)
            });
        }
        let times = failures.entry(address).or_default();
        times.push_back(now);
        // Only the last window's worth is ever needed.
        while times.len() > KEY_GUESSES {
            times.pop_front();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guard_locks_a_user_after_five_failures_for_the_rest_of_the_window() {
        let guard = LoginGuard::default();
        for t in 0..5 {
            assert!(guard.check("dana@x", "1.2.3.4", t).is_ok());
            guard.failed("dana@x", "1.2.3.4", t);
        }
        let refused = guard.check("DANA@x", "5.6.7.8", 10).unwrap_err();
        assert_eq!(refused.status.as_u16(), 429);
        assert_eq!(refused.retry_after, Some((LOGIN_WINDOW_SECS - 10) as u64));
        assert!(
            guard.check("other@x", "1.2.3.4", 10).is_ok(),
            "the address has room"
        );
        assert!(
            guard
                .check("dana@x", "1.2.3.4", LOGIN_WINDOW_SECS + 5)
                .is_ok(),
            "forgotten"
        );
        guard.succeeded("dana@x");
        assert!(
            guard.check("dana@x", "1.2.3.4", 11).is_ok(),
            "a success clears the user"
        );
    }

    #[test]
    fn wrong_keys_from_one_address_are_refused_past_the_limit_and_others_are_not() {
        let guesses = KeyGuesses::default();
        let (one, other): (std::net::IpAddr, std::net::IpAddr) =
            ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        guesses.worked(one, "the-class-key");
        for n in 0..KEY_GUESSES {
            assert!(guesses.check(one, &format!("guess-{n}")).is_ok());
            guesses.failed(one);
        }
        let refused = guesses.check(one, "guess-x").unwrap_err();
        assert_eq!(refused.status.as_u16(), 429);
        assert!(refused.retry_after.is_some_and(|s| (1..=60).contains(&s)));
        assert!(
            guesses.check(other, "guess-y").is_ok(),
            "another address is not held back"
        );
        // The class's key, which worked from there, still passes; a key that never worked
        // from there is refused alike, right or wrong (nothing tells which is right).
        assert!(guesses.check(one, "the-class-key").is_ok());
        assert_eq!(
            guesses
                .check(one, "another-right-key")
                .unwrap_err()
                .status
                .as_u16(),
            429
        );
        assert!(!guesses.trusted(other, "the-class-key"), "per address");
    }
}
