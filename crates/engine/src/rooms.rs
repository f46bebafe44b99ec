//! The engine's rooms, each reached from [`Backend`] through a handle named after it that
//! answers only what that room answers: `backend.outbox().entries()` says which room holds the
//! queue. Each room's methods live in its own module (`connection`, `outbox`, `store_state`,
//! `sync`, `telling`, `reads::remembered`, `access_log`); the handles only name them.

use crate::Backend;

/// The connection and whether the service answers: who the user is, the zone, the link, reach, probing.
#[derive(Clone, Copy)]
pub struct ConnectionRoom<'a>(pub(crate) &'a Backend);

/// Writes kept while the service cannot be reached: what waits, what was delivered, replay.
#[derive(Clone, Copy)]
pub struct OutboxRoom<'a>(pub(crate) &'a Backend);

/// The offline copy (the sealed store) of this desk: its status, its files, searching it.
#[derive(Clone, Copy)]
pub struct OfflineCopyRoom<'a>(pub(crate) &'a Backend);

/// Bringing what the service holds into the store, every few minutes or now.
#[derive(Clone, Copy)]
pub struct SyncRoom<'a>(pub(crate) &'a Backend);

/// What changed, told to the window once each, and waking it.
#[derive(Clone, Copy)]
pub struct EventsRoom<'a>(pub(crate) &'a Backend);

/// What this desk keeps of its own: follow-ups, reminders shown, contacts and words typed here.
#[derive(Clone, Copy)]
pub struct RememberedRoom<'a>(pub(crate) &'a Backend);

/// The tamper-evident record of who opened whose record on this desk.
#[derive(Clone, Copy)]
pub struct AccessLogRoom<'a>(pub(crate) &'a Backend);

impl Backend {
    /// The connection and whether the service answers.
    pub fn connection(&self) -> ConnectionRoom<'_> {
        ConnectionRoom(self)
    }

    /// Writes kept while the service cannot be reached.
    pub fn outbox(&self) -> OutboxRoom<'_> {
        OutboxRoom(self)
    }

    /// The offline copy (the sealed store) of this desk.
    pub fn offline_copy(&self) -> OfflineCopyRoom<'_> {
        OfflineCopyRoom(self)
    }

    /// Bringing what the service holds into the store, every few minutes or now.
    pub fn sync(&self) -> SyncRoom<'_> {
        SyncRoom(self)
    }

    /// What changed, told to the window once each, and waking it.
    pub fn events(&self) -> EventsRoom<'_> {
        EventsRoom(self)
    }

    /// What this desk keeps of its own.
    pub fn remembered(&self) -> RememberedRoom<'_> {
        RememberedRoom(self)
    }

    /// The tamper-evident record of who opened whose record on this desk.
    pub fn access_log(&self) -> AccessLogRoom<'_> {
        AccessLogRoom(self)
    }
}
