//! What a write changed, told to the window as [`super::EngineEvent::Changed`] the moment it is
//! sent or queued (and again when a queued one is delivered), so every screen that shows it
//! reads it again without a Refresh: the admissions queue after a checklist tick or a move-in,
//! My day and the funnel after an outcome or a tour, the census after a move-in.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::replica::CaseReplica;
use super::{Backend, EngineEvent, QueuedWrite};

/// A kind of record a write changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Change {
    /// Activities: logged, an outcome, a next step, a tour, an inquiry.
    Activities,
    /// Cases and their people (a new individual).
    Cases,
    /// An admission checklist's requirements.
    Checklists,
    /// Housing contracts: a move-in (and so occupancy and the admissions queue).
    Contracts,
    Units,
    /// Campaigns' members and their RSVP.
    Campaigns,
    /// The portal's users (one created at another desk).
    Users,
}

impl Change {
    /// Every kind: what a store started again changes.
    pub const ALL: [Change; 7] = [
        Change::Activities,
        Change::Cases,
        Change::Checklists,
        Change::Contracts,
        Change::Units,
        Change::Campaigns,
        Change::Users,
    ];
}

impl QueuedWrite {
    /// What this write changes once it arrives.
    pub fn changes(&self) -> &'static [Change] {
        match self {
            QueuedWrite::LogActivity { .. } => &[Change::Activities],
            QueuedWrite::CampaignMove { .. } => &[Change::Campaigns],
            QueuedWrite::NewIndividual { .. } => &[Change::Cases, Change::Activities],
            QueuedWrite::MoveIn { .. } => &[Change::Contracts, Change::Units, Change::Checklists],
            QueuedWrite::AdmissionUpdate { .. } => &[Change::Checklists],
            QueuedWrite::NewUnits { .. } => &[Change::Units],
        }
    }
}

impl Backend {
    /// Tells the window these changed (a change already waiting to be told is not told twice).
    /// Changed activities are also read into the store, and told again once they are there,
    /// so a screen that reads the store shows them too.
    pub fn changed(&self, changes: &[Change]) {
        self.tell_changes(changes);
        if changes.contains(&Change::Activities) {
            self.refresh_changed_activities(false);
        }
        if changes.contains(&Change::Contracts) || changes.contains(&Change::Units) {
            self.inner.offline.housing_due.store(true, Ordering::SeqCst);
            self.refresh_inventory_rows();
        }
    }

    /// As [`Backend::changed`], for a write the outbox just delivered: changed activities are
    /// told only once the store has them. Told before, a screen reading the store would see
    /// neither the outbox entry (gone) nor the activity (not read yet): a lead contacted
    /// offline came back to New leads for a moment.
    pub(super) fn changed_once_stored(&self, changes: &[Change]) {
        let filled = self
            .replica()
            .is_some_and(|r| r.activities_kept_at().is_some());
        if !(filled && changes.contains(&Change::Activities)) {
            self.changed(changes);
            return;
        }
        let others: Vec<Change> = changes
            .iter()
            .copied()
            .filter(|c| *c != Change::Activities)
            .collect();
        self.changed(&others);
        self.refresh_changed_activities(true);
    }

    /// Reads the units and contracts into the store's rows after a move-in or new units, and
    /// tells the change again once they are there (the forecast and the funnel count from the
    /// rows). Nothing is read where the rows are not kept yet: the next sync writes them.
    fn refresh_inventory_rows(&self) {
        if self.working_offline() {
            return;
        }
        let Some(replica) = self.replica().filter(|r| r.inventory_kept_at().is_some()) else {
            return;
        };
        let me = self.clone();
        self.run(async move {
            let client = match me.inner.client.borrow().clone() {
                super::ClientState::Ready(client) => client,
                _ => return,
            };
            let stock = match crate::service::inventory::load(client).await {
                Ok(stock) => stock,
                Err(e) => {
                    tracing::warn!(error = %e, "units and contracts not read after a change");
                    return;
                }
            };
            match super::into_store::keep_inventory_rows(&replica, stock).await {
                Ok(()) => me.tell_changes(&[Change::Contracts, Change::Units]),
                Err(e) => tracing::warn!(error = %e, "units and contracts not kept after a change"),
            }
        });
    }

    /// How many changes of activities were told so far. A pane notes it when it asks, and a
    /// change told before that (the same number) is already in its answer: the first fill is
    /// told after the store answers, and a read begun in between would otherwise run twice.
    pub fn activities_generation(&self) -> u64 {
        self.inner.activities_generation.load(Ordering::SeqCst)
    }

    pub(super) fn tell_changes(&self, changes: &[Change]) {
        if changes.contains(&Change::Activities) {
            // Before the event: whoever reads the new number has the change in its answer.
            self.note_activities_change();
        }
        self.tell_changes_noted(changes);
    }

    /// Counts a change of activities (see [`Backend::activities_generation`]) that will be
    /// told with [`Backend::tell_changes_noted`] once it is in the store.
    pub(super) fn note_activities_change(&self) {
        self.inner
            .activities_generation
            .fetch_add(1, Ordering::SeqCst);
    }

    /// Tells the panes of changes already counted.
    pub(super) fn tell_changes_noted(&self, changes: &[Change]) {
        let mut events = super::lock(&self.inner.events);
        for change in changes {
            let event = EngineEvent::Changed(*change);
            if !events.contains(&event) {
                events.push(event);
            }
        }
        drop(events);
        self.wake();
    }

    /// Reads the activities the service changed since the store was filled (what a sync's last
    /// step reads: a page or two) into the store. One at a time; a write meanwhile asks for one
    /// more round. Nothing when working offline or before the store's first fill.
    /// With `tell_anyway`, the change is told even when the read wrote nothing (it has not
    /// been told yet).
    fn refresh_changed_activities(&self, tell_anyway: bool) {
        let Some(replica) = self.replica().filter(|_| !self.working_offline()) else {
            if tell_anyway {
                self.tell_changes(&[Change::Activities]);
            }
            return;
        };
        let offline = &self.inner.offline;
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
                    .offline
                    .refresh_again
                    .store(false, Ordering::SeqCst);
                let client = match me.inner.client.borrow().clone() {
                    super::ClientState::Ready(client) => Some(client),
                    _ => None,
                };
                let owed = me.inner.offline.owe_tell.swap(false, Ordering::SeqCst);
                let delivered_before = me.delivered_mark();
                let written = match client {
                    Some(client) => me.refresh_once(&client, &replica).await,
                    None => false,
                };
                if written {
                    me.forget_delivered(delivered_before);
                }
                if written || owed {
                    me.tell_changes(&[Change::Activities]);
                }
                if !me.inner.offline.refresh_again.swap(false, Ordering::SeqCst) {
                    break;
                }
            }
            me.inner.offline.refreshing.store(false, Ordering::SeqCst);
        });
    }

    /// One round of [`Backend::refresh_changed_activities`]: whether any row was written.
    async fn refresh_once(&self, client: &crate::api::Client, replica: &Arc<CaseReplica>) -> bool {
        let kept = {
            let replica = replica.clone();
            tokio::task::spawn_blocking(move || super::activity_changes::Kept::of(&replica)).await
        };
        let Ok(Some(kept)) = kept else {
            // Not filled yet: the fill under way may have read today's changes before this
            // write; read them again when it ends.
            self.inner
                .offline
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
        let replica = replica.clone();
        let written =
            tokio::task::spawn_blocking(move || replica.keep_activities(&changed, None)).await;
        matches!(written, Ok(Ok(rows)) if !rows.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_in_changes_the_contracts_the_units_and_the_checklists() {
        let write = QueuedWrite::AdmissionUpdate {
            body: Default::default(),
            community_id: 1,
            summary: String::new(),
        };
        assert_eq!(write.changes(), &[Change::Checklists]);
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let backend = Backend::new(runtime.handle().clone(), Default::default());
        backend.changed(&[Change::Contracts, Change::Checklists]);
        backend.changed(&[Change::Checklists]);
        assert_eq!(
            backend.take_events(),
            vec![
                EngineEvent::Changed(Change::Contracts),
                EngineEvent::Changed(Change::Checklists)
            ],
            "each told once"
        );
        assert!(backend.take_events().is_empty());
    }
}
