//! What a read of many pages may take from the service before LeaseDesk stops: the largest
//! portals fit well inside, and a broken or hostile service that answers every page in full
//! (a `Total` of a billion, names of thousands of letters) is refused, saying so, before it
//! exhausts memory or disk.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::api::{ApiError, BudgetOf, Client};

/// Bytes a report reads of every case at most (the huge portal's 100,000 cases, 109 MiB of JSON,
/// are less than half of it).
pub const REPORT_CASE_BYTES: u64 = 256 * 1024 * 1024;
/// Bytes a sync's sweep of every case reads at most.
pub const SWEEP_BYTES: u64 = 1024 * 1024 * 1024;

/// Counts what one read takes from the service against a limit.
pub struct ByteBudget {
    meter: Arc<AtomicU64>,
    limit: u64,
    what: BudgetOf,
}

impl ByteBudget {
    /// The budget, and the handle the read must make its requests with (only they count).
    pub fn new(client: &Client, limit: u64, what: BudgetOf) -> (Client, Self) {
        let (client, meter) = client.metered();
        (client, Self { meter, limit, what })
    }

    /// An error once more than the limit was read.
    pub fn check(&self) -> Result<(), ApiError> {
        let read = self.meter.load(Ordering::Relaxed);
        if read > self.limit {
            tracing::warn!(
                read,
                limit = self.limit,
                what = %self.what,
                "a read passed its budget"
            );
            return Err(ApiError::OverBudget {
                what: self.what,
                limit_mib: self.limit / (1024 * 1024),
            });
        }
        Ok(())
    }
}
