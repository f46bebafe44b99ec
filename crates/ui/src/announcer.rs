//! What the window says aloud, politely, when the desk's state changes under the user: a save
//! landing or waiting, going offline and back, a sync that changed what is shown, a notice.
//! Said once per change, in a live region at the end of the status bar, without moving focus.

use leasedesk_i18n::tr;

/// What the window looks at once a frame to tell what changed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Seen {
    /// Offline: by choice (`Some(true)`), the service unreachable (`Some(false)`), or online.
    pub offline: Option<bool>,
    /// Changes saved on this computer and not sent.
    pub unsent: usize,
    /// Changes the service has taken this run.
    pub delivered: u64,
    pub syncing: bool,
    /// When the offline copy last finished a sync (its "as of").
    pub synced_at: Option<chrono::DateTime<chrono::Utc>>,
    /// A write landed in the store while syncing since the last sync finished (what the panes
    /// show changed).
    pub changed: bool,
    pub notice: Option<String>,
}

/// The announcement for going from `before` to `now`, if any: everything that changed in one
/// frame, in one sentence or a few (a save refused by a lost connection goes offline and waits
/// at once).
pub fn announcement(before: &Seen, now: &Seen) -> Option<String> {
    let waiting = |n: usize| tr!("said-waiting", count = n);
    let mut said: Vec<String> = Vec::new();
    if now.offline != before.offline {
        said.push(match (now.offline, now.unsent) {
            (Some(true), _) => tr!("said-working-offline"),
            (Some(false), _) => tr!("said-offline"),
            (None, 0) => tr!("said-back-online"),
            (None, n) => tr!("said-back-online-sending", waiting = waiting(n)),
        });
    }
    if now.notice != before.notice
        && let Some(notice) = &now.notice
    {
        said.push(notice.clone());
    }
    if now.unsent > before.unsent && now.offline.is_some() {
        said.push(tr!("said-saved-here", waiting = waiting(now.unsent)));
    }
    if now.delivered > before.delivered {
        said.push(match now.unsent {
            0 => tr!("said-saved-all"),
            n => tr!("said-saved-service", waiting = waiting(n)),
        });
    }
    // A sync's end is said when it changed something (the first fill says nothing: the
    // window's first reading is its state). Other reads also show as "syncing" for a moment;
    // only a finished sync moves the copy's "as of".
    let finished = before.synced_at.is_some() && now.synced_at != before.synced_at;
    if said.is_empty() && finished && (before.changed || now.changed) {
        said.push(tr!("said-sync-finished"));
    }
    (!said.is_empty()).then(|| said.join(" "))
}

/// The last announcement and what was seen when it was made.
#[derive(Default)]
pub struct Announcer {
    seen: Option<Seen>,
    said: Option<String>,
    /// Bumped with each announcement, so the same words said twice are read twice.
    count: u64,
}

impl Announcer {
    /// Looks at `now`; remembers the announcement it calls for.
    pub fn observe(&mut self, mut now: Seen) {
        let Some(before) = &self.seen else {
            // The first frame says nothing: the window's own first reading is its state.
            now.changed = false;
            self.seen = Some(now);
            return;
        };
        if let Some(text) = announcement(before, &now) {
            self.said = Some(text);
            self.count += 1;
        }
        // A change while syncing is remembered until a sync finishes.
        now.changed = if now.synced_at != before.synced_at {
            false
        } else {
            before.changed || (now.changed && now.syncing)
        };
        self.seen = Some(now);
    }

    /// How many announcements were made this run.
    pub fn times(&self) -> u64 {
        self.count
    }

    /// The last announcement.
    pub fn said(&self) -> Option<&str> {
        self.said.as_deref()
    }

    /// The live region: the last announcement in quiet words (empty until there is one).
    pub fn ui(&self, ui: &mut egui::Ui, muted: egui::Color32) {
        let Some(text) = &self.said else {
            return;
        };
        ui.push_id(("announcement", self.count), |ui| {
            let text = egui::RichText::new(text).color(muted);
            let response = ui.add(egui::Label::new(text).truncate());
            crate::widgets::polite(ui, &response);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn online(unsent: usize) -> Seen {
        Seen {
            unsent,
            ..Seen::default()
        }
    }

    /// `seen` once the service took `n` more changes.
    fn delivered(n: u64, seen: Seen) -> Seen {
        Seen {
            delivered: seen.delivered + n,
            ..seen
        }
    }

    #[test]
    fn what_is_said_aloud_is_said_in_the_windows_language() {
        use leasedesk_i18n::{Language, in_language};
        let said = in_language(Language::Spanish, || {
            announcement(&online(3), &delivered(1, online(2)))
        });
        assert_eq!(
            said.as_deref(),
            Some("Guardado en el servicio: 2 cambios esperan su envío.")
        );
    }

    #[test]
    fn a_save_online_is_said_when_it_lands_not_while_it_waits_a_moment() {
        assert_eq!(announcement(&online(0), &online(1)), None);
        assert_eq!(
            announcement(&online(1), &delivered(1, online(0))).as_deref(),
            Some("Saved: the service has every change.")
        );
        assert_eq!(
            announcement(&online(3), &delivered(1, online(2))).as_deref(),
            Some("Saved to the service: 2 changes wait to be sent.")
        );
        // A change dropped from the Outbox by hand is not a save.
        assert_eq!(announcement(&online(1), &online(0)), None);
    }

    #[test]
    fn offline_saves_wait_and_going_back_says_what_will_be_sent() {
        let gone = Seen {
            offline: Some(false),
            ..online(0)
        };
        assert_eq!(
            announcement(&online(0), &gone).as_deref(),
            Some("Offline: the service cannot be reached. Changes wait in the Outbox.")
        );
        let saved = Seen {
            unsent: 1,
            ..gone.clone()
        };
        assert_eq!(
            announcement(&gone, &saved).as_deref(),
            Some("Saved on this computer: 1 change waits to be sent.")
        );
        assert_eq!(
            announcement(&saved, &online(1)).as_deref(),
            Some("Back online: 1 change waits to be sent, sending now.")
        );
        let by_hand = Seen {
            offline: Some(true),
            ..online(0)
        };
        assert_eq!(
            announcement(&online(0), &by_hand).as_deref(),
            Some("Working offline: changes wait in the Outbox.")
        );
    }

    #[test]
    fn a_save_that_finds_the_connection_gone_says_both() {
        let gone = Seen {
            offline: Some(false),
            ..online(1)
        };
        assert_eq!(
            announcement(&online(0), &gone).as_deref(),
            Some(
                "Offline: the service cannot be reached. Changes wait in the Outbox. Saved on \
                 this computer: 1 change waits to be sent."
            )
        );
    }

    #[test]
    fn a_sync_is_said_only_when_it_finished_and_changed_what_is_shown() {
        let at = |minute: u32| {
            use chrono::TimeZone;
            Some(
                chrono::Utc
                    .with_ymd_and_hms(2026, 11, 28, 9, minute, 0)
                    .unwrap(),
            )
        };
        let state = |syncing: bool, changed: bool, minute: u32| Seen {
            syncing,
            changed,
            synced_at: at(minute),
            ..online(0)
        };
        let mut announcer = Announcer::default();
        announcer.observe(state(false, false, 0));
        // A sync with nothing changed, then a read that shows as syncing and changes.
        announcer.observe(state(true, false, 0));
        announcer.observe(state(false, false, 1));
        announcer.observe(state(true, true, 1));
        announcer.observe(state(false, false, 1));
        assert_eq!(announcer.said(), None, "no sync finished with a change");
        announcer.observe(state(true, false, 1));
        announcer.observe(state(true, true, 1));
        announcer.observe(state(true, false, 1));
        announcer.observe(state(false, false, 2));
        assert_eq!(
            announcer.said(),
            Some("Sync finished: what is shown was brought up to date.")
        );
        // Said once: the next sync without changes says nothing new.
        let count = announcer.count;
        announcer.observe(state(true, false, 2));
        announcer.observe(state(false, false, 3));
        assert_eq!(announcer.count, count);
    }

    #[test]
    fn a_notice_is_said_once_when_it_appears() {
        let shown = Seen {
            notice: Some("Saved cases.csv".into()),
            ..online(0)
        };
        assert_eq!(
            announcement(&online(0), &shown).as_deref(),
            Some("Saved cases.csv")
        );
        assert_eq!(announcement(&shown, &shown), None);
    }
}
