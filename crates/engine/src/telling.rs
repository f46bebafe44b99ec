//! How what changed reaches the window: the store says what each of its writes changed (by
//! digest: a write that left every record as it was says nothing), and the engine tells the
//! window as [`super::EngineEvent::Changed`], once each, in the order they landed. A sync's
//! writes are told when the sync ends (its activities as soon as they are in); a write this
//! desk sent is read back into the store, and told by the store's write; what the store does
//! not read back (a checklist, a campaign's members, a new case) is told when the service took
//! it, and the next sync brings it into the store.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use std::sync::Mutex;
use std::sync::atomic::AtomicBool;

use super::change::Change;
use super::store::Store;
use super::{Backend, EngineEvent, QueuedWrite, Waker};

impl QueuedWrite {
    /// What this write changes once it arrives.
    pub fn changes(&self) -> &'static [Change] {
        match self {
            QueuedWrite::LogActivity(_) => &[Change::Activities],
            QueuedWrite::CampaignMove(_) => &[Change::Campaigns],
            QueuedWrite::NewIndividual(_) => &[Change::Cases, Change::Activities],
            QueuedWrite::MoveIn(_) => &[Change::Contracts, Change::Units, Change::Checklists],
            // The requirement's activity is completed or reopened, with its result and note.
            QueuedWrite::AdmissionUpdate(_) => &[Change::Checklists, Change::Activities],
            QueuedWrite::NewUnits(_) => &[Change::Units],
        }
    }
}

/// The telling's room: who to wake, the events waiting for the window, the changes a sync's
/// writes made so far, and the read-back of activities after a write.
#[derive(Default)]
pub(super) struct State {
    waker: Mutex<Option<Arc<dyn Waker>>>,
    events: Mutex<Vec<EngineEvent>>,
    /// What the sync's writes changed, told when it ends ([`Backend::tell_held_changes`]).
    held_changes: Mutex<Vec<Change>>,
    /// Activities a write changed are being read into the store ([`Backend::sent`]).
    refreshing: AtomicBool,
    /// Another write changed activities while they were read.
    refresh_again: AtomicBool,
    /// A delivered write's change of activities is told after the next read into the store.
    owe_tell: AtomicBool,
    /// A write changed activities before the store's first fill ended (the fill may have read
    /// its month before the write): read what changed once it ends.
    refresh_after_fill: AtomicBool,
}

impl Backend {
    pub(super) fn tell(&self, event: EngineEvent) {
        super::lock(&self.inner.telling.events).push(event);
        self.events().wake();
    }

    /// Whether events wait for the window to take them.
    pub(super) fn events_waiting(&self) -> bool {
        !super::lock(&self.inner.telling.events).is_empty()
    }

    /// The connection changed during a sync: what it wrote is no longer the store shown.
    pub(super) fn drop_held_changes(&self) {
        super::lock(&self.inner.telling.held_changes).clear();
    }

    /// Whether a write asked, during the first fill, for the changed activities to be read
    /// once the fill ends (asked once).
    pub(super) fn take_refresh_after_fill(&self) -> bool {
        self.inner
            .telling
            .refresh_after_fill
            .swap(false, Ordering::SeqCst)
    }

    /// Hears what the store's writes change from now on. The store holds its listener, so
    /// the listener holds the engine weakly.
    pub(super) fn listen_to_store(&self, store: &Store) {
        let inner = Arc::downgrade(&self.inner);
        store.listen(Arc::new(move |changes: &[Change]| {
            if let Some(inner) = inner.upgrade() {
                Backend { inner }.landed(changes);
            }
        }));
    }

    /// A write into the store changed these: told now, or when the sync writing it ends.
    fn landed(&self, changes: &[Change]) {
        if self.sync_under_way() {
            let mut held = super::lock(&self.inner.telling.held_changes);
            for change in changes {
                if !held.contains(change) {
                    held.push(*change);
                }
            }
            return;
        }
        self.tell_changes(changes);
    }

    /// Tells what the sync's writes changed so far.
    pub(super) fn tell_held_changes(&self) {
        let held = std::mem::take(&mut *super::lock(&self.inner.telling.held_changes));
        self.tell_changes(&held);
    }

    /// The service took a write (sent now, or delivered from the outbox): what it changed is
    /// read back into the store where the store keeps it (activities; units and contracts as
    /// rows), and the store's write tells it; the rest is told now, once.
    pub(super) fn sent(&self, changes: &[Change]) {
        let mut now: Vec<Change> = Vec::new();
        for change in changes {
            match change {
                Change::Activities => self.refresh_changed_activities(true),
                Change::Contracts | Change::Units => {
                    self.housing_changed();
                    if !self.refresh_inventory_rows() {
                        now.push(*change);
                    }
                }
                other => now.push(*other),
            }
        }
        self.tell_changes(&now);
    }

    /// Reads the units and contracts into the store's rows after a move-in or new units; the
    /// store tells what its rows changed (the forecast and the funnel count from them). False
    /// where the rows are not kept yet (the next sync writes them) or no read can be made.
    fn refresh_inventory_rows(&self) -> bool {
        if self.connection().working_offline() {
            return false;
        }
        let Some(store) = self.store().filter(|r| r.inventory_kept_at().is_some()) else {
            return false;
        };
        let me = self.clone();
        self.run(async move {
            let client = match me.client_state() {
                super::ClientState::Ready(client) => client,
                _ => return me.tell_changes(&[Change::Contracts, Change::Units]),
            };
            let stock = match crate::service::inventory::load(client).await {
                Ok(stock) => stock,
                Err(e) => {
                    tracing::warn!(error = %e, "units and contracts not read after a change");
                    return me.tell_changes(&[Change::Contracts, Change::Units]);
                }
            };
            if let Err(e) = super::into_store::keep_inventory_rows(&store, stock).await {
                tracing::warn!(error = %e, "units and contracts not kept after a change");
                me.tell_changes(&[Change::Contracts, Change::Units]);
            }
        });
        true
    }

    /// Tells the window these changed (a change already waiting to be told is not told twice).
    pub(super) fn tell_changes(&self, changes: &[Change]) {
        if changes.is_empty() {
            return;
        }
        tracing::debug!(?changes, "changes told to the window");
        let mut events = super::lock(&self.inner.telling.events);
        for change in changes {
            let event = EngineEvent::Changed(*change);
            if !events.contains(&event) {
                events.push(event);
            }
        }
        drop(events);
        self.events().wake();
    }

    /// Reads the activities the service changed since the store was filled (what a sync's last
    /// step reads: a page or two) into the store. One at a time; a write meanwhile asks for one
    /// more round. Nothing when working offline or before the store's first fill.
    /// With `tell_anyway`, the change is told even when the read wrote nothing (it has not
    /// been told yet).
    fn refresh_changed_activities(&self, tell_anyway: bool) {
        let Some(store) = self
            .store()
            .filter(|_| !self.connection().working_offline())
        else {
            if tell_anyway {
                self.tell_changes(&[Change::Activities]);
            }
            return;
        };
        let offline = &self.inner.telling;
        if tell_anyway {
            offline.owe_tell.store(true, Ordering::SeqCst);
        }
        if offline.refreshing.swap(true, Ordering::SeqCst) {
            offline.refresh_again.store(true, Ordering::SeqCst);
            return;
        }
        let me = self.clone();
        self.run(async move {
            loop {
                me.inner
                    .telling
                    .refresh_again
                    .store(false, Ordering::SeqCst);
                let client = match me.client_state() {
                    super::ClientState::Ready(client) => Some(client),
                    _ => None,
                };
                let owed = me.inner.telling.owe_tell.swap(false, Ordering::SeqCst);
                let delivered_before = me.delivered_mark();
                let written = match client {
                    Some(client) => me.refresh_once(&client, &store).await,
                    None => false,
                };
                if written {
                    me.forget_delivered(delivered_before);
                }
                // Written rows were told by the store; owed to a write taken by the service,
                // the change is told once even when the read found nothing new.
                if !written && owed {
                    me.tell_changes(&[Change::Activities]);
                }
                if !me.inner.telling.refresh_again.swap(false, Ordering::SeqCst) {
                    break;
                }
            }
            me.inner.telling.refreshing.store(false, Ordering::SeqCst);
        });
    }

    /// One round of [`Backend::refresh_changed_activities`]: whether any row was written.
    async fn refresh_once(&self, client: &crate::api::Client, store: &Arc<Store>) -> bool {
        let kept = {
            let store = store.clone();
            tokio::task::spawn_blocking(move || {
                super::sync::activity_changes::ActivitiesHeld::of(&store)
            })
            .await
        };
        let Ok(Some(kept)) = kept else {
            // Not filled yet: the fill under way may have read today's changes before this
            // write; read them again when it ends.
            self.inner
                .telling
                .refresh_after_fill
                .store(true, Ordering::SeqCst);
            return false;
        };
        let changed = match self.read_changed_activities(client, kept).await {
            Ok(changed) => changed,
            Err(e) => {
                tracing::debug!(error = %e, "changed activities not read into the store now");
                return false;
            }
        };
        let store = store.clone();
        let written =
            tokio::task::spawn_blocking(move || store.keep_activities(&changed, None)).await;
        matches!(written, Ok(Ok(rows)) if !rows.is_empty())
    }
}

impl crate::EventsRoom<'_> {
    /// Who to wake when something changes.
    pub fn set_waker(&self, waker: Arc<dyn Waker>) {
        *super::lock(&self.0.inner.telling.waker) = Some(waker);
    }

    /// Wakes the shell (from background work that reports progress).
    pub fn wake(&self) {
        if let Some(waker) = super::lock(&self.0.inner.telling.waker).as_ref() {
            waker.wake();
        }
    }

    /// Wakes the shell after `wait` (an automatic retry falls due then).
    pub fn wake_after(&self, wait: std::time::Duration) {
        if let Some(waker) = super::lock(&self.0.inner.telling.waker).as_ref() {
            waker.wake_after(wait);
        }
    }

    /// The events since the last call, oldest first.
    pub fn take(&self) -> Vec<EngineEvent> {
        std::mem::take(&mut *super::lock(&self.0.inner.telling.events))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stores_writes_are_told_once_each_and_held_while_a_sync_writes() {
        let write = QueuedWrite::AdmissionUpdate(crate::AdmissionWrite {
            body: Default::default(),
            community_id: 1,
            summary: String::new(),
        });
        assert_eq!(write.changes(), &[Change::Checklists, Change::Activities]);
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let backend = Backend::new(runtime.handle().clone(), Arc::new(crate::NoEmbedded));
        let store = Store::in_memory().unwrap();
        backend.listen_to_store(&store);
        let text = include_str!("../../../tests/fixtures/search.json");
        let answer: crate::api::model::SearchResponse = serde_json::from_str(text).unwrap();
        let cases = answer.cases.into_vec();
        store.upsert(&cases).unwrap();
        store.upsert(&cases).unwrap();
        assert_eq!(
            backend.events().take(),
            vec![EngineEvent::Changed(Change::Cases)],
            "told once, and not for a write that changed nothing"
        );
        backend.pretend_syncing(true);
        let mut changed = cases.clone();
        changed[0].primary.first_name = "Zelda".into();
        store.upsert(&changed).unwrap();
        assert!(
            backend.events().take().is_empty(),
            "held while the sync writes"
        );
        backend.pretend_syncing(false);
        backend.sent(&[Change::Checklists, Change::Campaigns]);
        backend.tell_held_changes();
        assert_eq!(
            backend.events().take(),
            vec![
                EngineEvent::Changed(Change::Checklists),
                EngineEvent::Changed(Change::Campaigns),
                EngineEvent::Changed(Change::Cases),
            ],
            "in the order they were told"
        );
    }
}
