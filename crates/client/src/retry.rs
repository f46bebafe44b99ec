//! When and how long to wait before trying a read again.

use std::time::Duration;

use rand::Rng;

/// Reads are retried on connect failures, dropped connections, 429 and 502/503/504.
/// Writes are retried only when nothing reached the server (a failed connect).
#[derive(Debug, Clone, PartialEq)]
pub struct RetryPolicy {
    /// Retries after the first attempt.
    pub max_retries: u32,
    /// Wait before the first retry; doubles each time, with jitter.
    pub base_delay: Duration,
    pub max_delay: Duration,
    /// A `Retry-After` longer than this is not waited out: the error goes to the caller,
    /// which can tell the user when to try again instead of hanging.
    pub max_retry_after: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            max_retries: 3,
            base_delay: Duration::from_millis(250),
            max_delay: Duration::from_secs(8),
            max_retry_after: Duration::from_secs(30),
        }
    }
}

impl RetryPolicy {
    /// No retries at all.
    pub fn none() -> Self {
        Self {
            max_retries: 0,
            ..Self::default()
        }
    }

    /// Jittered exponential backoff for retry number `retry` (0 for the first retry): a random
    /// wait between half and all of `base * 2^retry`, capped, so that many clients that failed
    /// together do not come back together.
    pub fn backoff(&self, retry: u32) -> Duration {
        let full = self
            .base_delay
            .saturating_mul(1u32 << retry.min(16))
            .min(self.max_delay);
        let half = full / 2;
        let jitter_ms = rand::rng().random_range(0..=half.as_millis().max(1) as u64);
        half + Duration::from_millis(jitter_ms)
    }

    /// How long to wait on a 429 before the next try, or `None` when it should not be waited.
    pub fn wait_for_rate_limit(
        &self,
        retry: u32,
        retry_after: Option<Duration>,
    ) -> Option<Duration> {
        match retry_after {
            Some(wait) if wait > self.max_retry_after => None,
            Some(wait) => Some(wait),
            None => Some(self.backoff(retry)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_grows_is_jittered_and_capped() {
        let policy = RetryPolicy::default();
        for retry in 0..6 {
            let full = (policy.base_delay * (1 << retry)).min(policy.max_delay);
            for _ in 0..50 {
                let wait = policy.backoff(retry);
                assert!(
                    wait >= full / 2 && wait <= full + Duration::from_millis(1),
                    "{wait:?} vs {full:?}"
                );
            }
        }
        assert!(policy.backoff(30) <= policy.max_delay + Duration::from_millis(1));
    }

    #[test]
    fn long_retry_after_is_not_waited() {
        let policy = RetryPolicy::default();
        assert_eq!(
            policy.wait_for_rate_limit(0, Some(Duration::from_secs(2))),
            Some(Duration::from_secs(2))
        );
        assert_eq!(
            policy.wait_for_rate_limit(0, Some(Duration::from_secs(3600))),
            None
        );
        assert!(policy.wait_for_rate_limit(1, None).is_some());
    }
}
