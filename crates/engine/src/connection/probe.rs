//! Finding out that the service is back. While it cannot be reached the screens answer from
//! the store, so nothing they do asks the network; without a probe the app stayed "Offline
//! since …" until the next sync tick, minutes after the network was steady again. The probe
//! asks the service on its own schedule (2 s, doubling to 30 s) until it answers, and at once
//! when the user presses Retry; the first answer sends what waits in the outbox, has the
//! screens read again and syncs.

use std::sync::atomic::Ordering;
use std::time::Duration;

use crate::connection::reach::Reach;
use crate::{Backend, ClientState};

/// The first wait after the service was found out of reach.
const FIRST_PROBE: Duration = Duration::from_secs(2);
/// The longest wait between two probes.
const LONGEST_PROBE_WAIT: Duration = Duration::from_secs(30);

/// How long to wait before probe number `attempt` (0 for the first): 2 s doubling to 30 s.
pub fn probe_wait(attempt: u32) -> Duration {
    wait_between(FIRST_PROBE, LONGEST_PROBE_WAIT, attempt)
}

fn wait_between(first: Duration, longest: Duration, attempt: u32) -> Duration {
    first.saturating_mul(1u32 << attempt.min(8)).min(longest)
}

impl Backend {
    fn probe_wait_for(&self, attempt: u32) -> Duration {
        match *crate::lock(&self.inner.connection.probe_waits) {
            Some((first, longest)) => wait_between(first, longest, attempt),
            None => probe_wait(attempt),
        }
    }

    /// Starts the probe unless one runs; it ends once the service answers, the user works
    /// offline by hand, or the connection changes.
    pub(crate) fn start_probing(&self) {
        if self.inner.connection.probing.swap(true, Ordering::SeqCst) {
            return;
        }
        let me = self.clone();
        self.run_waiting(async move {
            let epoch = me.connection().epoch();
            loop {
                me.probe_until_answered(epoch).await;
                me.inner.connection.probing.store(false, Ordering::SeqCst);
                me.inner.connection.trying.store(false, Ordering::SeqCst);
                me.events().wake();
                // Found out of reach again as this probe ended: probe again.
                let again = me.connection().epoch() == epoch
                    && !me.connection().working_offline()
                    && matches!(me.connection().reach(), Reach::Offline { .. })
                    && !me.inner.connection.probing.swap(true, Ordering::SeqCst);
                if !again {
                    return;
                }
            }
        });
    }

    async fn probe_until_answered(&self, epoch: usize) {
        let mut attempt = 0;
        loop {
            tokio::select! {
                _ = tokio::time::sleep(self.probe_wait_for(attempt)) => {}
                _ = self.inner.connection.probe_now.notified() => {}
            }
            if self.connection().epoch() != epoch
                || self.connection().working_offline()
                || !matches!(self.connection().reach(), Reach::Offline { .. })
            {
                return;
            }
            let ClientState::Ready(client) = self.inner.connection.client.borrow().clone() else {
                return;
            };
            self.inner.connection.trying.store(true, Ordering::SeqCst);
            self.events().wake();
            // The smallest list the service has: every portal has a few communities.
            let answer = client.communities().await;
            self.inner.connection.trying.store(false, Ordering::SeqCst);
            if self.connection().epoch() != epoch {
                return;
            }
            self.connection().note_reach(&answer);
            if self.connection().reach() == Reach::Online {
                tracing::info!(attempt, "the probe reached the service");
                self.sync().now();
                return;
            }
            self.events().wake();
            attempt = attempt.saturating_add(1);
        }
    }
}

impl crate::ConnectionRoom<'_> {
    /// Whether a probe is asking the service right now (Retry shows it is trying).
    pub fn trying_to_reach(&self) -> bool {
        self.0.inner.connection.trying.load(Ordering::SeqCst)
    }

    /// Sets the probe's first and longest waits (tests of Retry set them long, so only Retry
    /// asks).
    pub fn set_probe_waits(&self, first: Duration, longest: Duration) {
        *crate::lock(&self.0.inner.connection.probe_waits) = Some((first, longest));
    }

    /// Retry: while the service is out of reach, asks it now (and shows that it is trying)
    /// rather than at the probe's next turn. Nothing happens while working offline by hand.
    pub fn retry_now(&self) {
        if self.0.connection().working_offline()
            || !matches!(self.0.connection().reach(), Reach::Offline { .. })
        {
            return;
        }
        self.0.inner.connection.trying.store(true, Ordering::SeqCst);
        self.0.start_probing();
        self.0.inner.connection.probe_now.notify_one();
        self.0.events().wake();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probes_start_at_two_seconds_and_double_to_thirty() {
        let waits: Vec<u64> = (0..8).map(|n| probe_wait(n).as_secs()).collect();
        assert_eq!(waits, [2, 4, 8, 16, 30, 30, 30, 30]);
        assert_eq!(probe_wait(u32::MAX), LONGEST_PROBE_WAIT);
    }
}
