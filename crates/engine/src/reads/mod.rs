//! The reads: what a screen asks the engine for (`request`, built by `super::asks`), the
//! day-by-day reads of the store and the service (`day_reads`), the figures (`figures`), the
//! duplicate checks (`duplicates`) and what this desk remembers (`remembered`). Reads that
//! open a window's worth of the store take turns here.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::{Backend, memory};

mod contact_holds;
pub(super) mod day_reads;
pub mod duplicates;
pub(super) mod figures;
mod lead_work;
pub mod outreach_due;
pub mod region;
mod remembered;
pub mod request;
pub mod scores;
mod waitlist;

/// What the reads keep: what is under way and whose turn it is.
pub(super) struct State {
    /// Requests the window made that have not answered.
    in_flight: AtomicUsize,
    /// Side tasks under way (see [`Backend::run`]).
    under_way: AtomicUsize,
    /// Reads that open a window's worth of rows take turns (see [`Backend::one_at_a_time`]).
    wide_reads: tokio::sync::Semaphore,
    /// A give-back of freed memory is due (see [`Backend::give_back_soon`]).
    give_back_due: AtomicBool,
    /// The last move-in scores worked out (see [`scores`]).
    scores: scores::Kept,
    /// Each portal's last roll-up rows (see [`region`]).
    region: region::KeptRows,
    /// My day's lead lists last worked out from the store, by user (see [`day_reads`]).
    lead_work: std::sync::Mutex<lead_work::KeptLeadWork>,
}

impl Default for State {
    fn default() -> Self {
        State {
            in_flight: AtomicUsize::new(0),
            under_way: AtomicUsize::new(0),
            wide_reads: tokio::sync::Semaphore::new(1),
            give_back_due: AtomicBool::new(false),
            scores: scores::Kept::default(),
            region: region::KeptRows::default(),
            lead_work: Default::default(),
        }
    }
}

impl Backend {
    /// Runs `read` (a read opening a window's or a figure's worth of the store's rows) on a
    /// blocking thread once no other such read runs, and gives back what it freed. After the
    /// first fill, or a sync that changed activities, every open pane reads again at once:
    /// taking turns, what each holds while it works never adds up with the others'. A
    /// keystroke's search and a duplicate check are not such reads and never wait here.
    pub(crate) async fn one_at_a_time<T: Send + 'static>(
        &self,
        what: &'static str,
        read: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, tokio::task::JoinError> {
        // Never closed: the permit only fails to come if the engine is going away.
        let _turn = self.inner.reads.wide_reads.acquire().await;
        tokio::task::spawn_blocking(move || {
            // The heap is asked (a walk of the allocator's arenas) only when it is logged.
            let logged = tracing::enabled!(tracing::Level::DEBUG);
            let heap = || if logged { memory::heap_in_use() } else { 0 };
            let (started, before) = (std::time::Instant::now(), heap());
            let out = read();
            let kept = heap();
            memory::give_back_freed();
            tracing::debug!(
                what,
                ms = started.elapsed().as_millis(),
                heap_before_kib = before / 1024,
                heap_after_kib = kept / 1024,
                "a wide read of the store"
            );
            out
        })
        .await
    }

    /// Gives freed memory back to the system a moment after a burst of answers ends (a pane
    /// opening reads its answer and often tens of small ones, each decoded and freed): what
    /// glibc keeps in its arenas otherwise stays resident until the next sync's give-back. One
    /// give-back per burst, off the runtime's workers.
    fn give_back_soon(&self) {
        if self.inner.reads.give_back_due.swap(true, Ordering::SeqCst) {
            return;
        }
        let me = self.clone();
        self.run_waiting(async move {
            tokio::time::sleep(std::time::Duration::from_secs(2)).await;
            me.inner.reads.give_back_due.store(false, Ordering::SeqCst);
            let _ = tokio::task::spawn_blocking(memory::give_back_freed).await;
        });
    }

    pub fn in_flight(&self) -> usize {
        self.inner.reads.in_flight.load(Ordering::SeqCst)
    }
}
