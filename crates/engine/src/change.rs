//! The kinds of record a write into the store changes: the store says which when a write
//! lands (a sync's, this desk's, a colleague's read in), and each pane says which it shows.

use std::sync::{Arc, Mutex};

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

/// Whoever hears of the store's writes (the engine, which tells the window).
pub type Listener = Arc<dyn Fn(&[Change]) + Send + Sync>;

/// Where a store says what its writes changed: to its listener, once a write has landed.
#[derive(Default)]
pub struct Landed {
    listener: Mutex<Option<Listener>>,
}

impl Landed {
    pub fn listen(&self, listener: Listener) {
        *self.listener.lock().unwrap_or_else(|p| p.into_inner()) = Some(listener);
    }

    /// Says that a write changed these kinds (nothing when it changed nothing).
    pub fn tell(&self, changes: &[Change]) {
        if changes.is_empty() {
            return;
        }
        let listener = self
            .listener
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        if let Some(listener) = listener {
            listener(changes);
        }
    }
}
