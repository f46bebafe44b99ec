//! What a write changed, told to the window as [`super::EngineEvent::Changed`] the moment it is
//! sent or queued (and again when a queued one is delivered), so every screen that shows it
//! reads it again without a Refresh: the admissions queue after a checklist tick or a move-in,
//! My day and the funnel after an outcome or a tour, the census after a move-in.

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
    pub fn changed(&self, changes: &[Change]) {
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
