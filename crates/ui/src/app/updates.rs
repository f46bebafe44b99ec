//! The release feed, read at start and once a day; a downloaded update said once.

use super::LeaseDeskApp;
use crate::engine::updates::{FeedAddress, UpdateState, feed_address, it_setting};

/// How often the window looks whether a daily check is due (it reads IT's setting each time).
const LOOK_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

impl LeaseDeskApp {
    /// The feed to read: IT's machine-wide setting, else the one in Settings.
    pub(super) fn update_feed(&self) -> Option<FeedAddress> {
        feed_address(it_setting::read(), &self.prefs.update_feed)
    }

    pub(super) fn keep_updated(&mut self) {
        if self
            .updates_looked
            .is_none_or(|at| at.elapsed() >= LOOK_EVERY)
        {
            self.updates_looked = Some(std::time::Instant::now());
            if let Some(feed) = self.update_feed() {
                self.backend.updater().check_if_due(Some(&feed));
            }
        }
        if let UpdateState::Ready { .. } = self.backend.updater().state()
            && !self.update_told
        {
            self.update_told = true;
            self.notice = Some(crate::update_words::state(&self.backend.updater().state()));
        }
    }
}
