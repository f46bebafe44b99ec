//! The admission checklists of the admissions queue's move-ins, kept under the keys the queue
//! and the checklist open on, so a requirement met at another desk moves "3 of 8 met" here.

use super::SyncFailure;
use std::collections::BTreeSet;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use futures_util::StreamExt;

use crate::api::Client;
use crate::api::model::HousingContract;
use crate::domain::admissions::queue;
use crate::store::Store;
use crate::{Backend, Change, answer_keys, unreachable};

/// The days ahead the queue looks by default (the pane's own default); the queue also holds
/// the move-ins of the last two weeks, whose paperwork may still be open.
const QUEUE_DAYS_AHEAD: i64 = 30;
/// Checklists a sync reads at most (the queue's first, by move-in date): a portal with more
/// move-ins in six weeks than this has the rest read when the queue shows them.
const MAX_SYNCED_CHECKLISTS: usize = 400;
/// Checklist reads in flight at once.
const AT_ONCE: usize = 4;

impl Backend {
    pub(super) async fn sync_checklists(
        &self,
        client: &Client,
        store: &Arc<Store>,
        epoch: usize,
        (active, touched, sweep): (&[HousingContract], &BTreeSet<String>, bool),
        now: DateTime<Utc>,
    ) -> Result<(), SyncFailure> {
        let today = now.with_timezone(&self.connection().zone()).date_naive();
        let mut wanted: Vec<(i64, i64)> = queue(active, today, QUEUE_DAYS_AHEAD, None)
            .iter()
            .filter_map(|e| Some((e.case_number.trim().parse().ok()?, e.community_id)))
            .collect();
        // A case moving into two units of one community has one checklist there.
        let mut seen = std::collections::HashSet::new();
        wanted.retain(|key| seen.insert(*key));
        wanted.truncate(MAX_SYNCED_CHECKLISTS);
        if !sweep {
            // Between sweeps, only those not kept yet and those whose case's activities
            // changed (a requirement met logs its activity's result).
            let touched: std::collections::HashSet<i64> = touched
                .iter()
                .filter_map(|c| c.trim().parse().ok())
                .collect();
            let store = store.clone();
            wanted = tokio::task::spawn_blocking(move || {
                wanted.retain(|(case, community)| {
                    touched.contains(case)
                        || store
                            .answer_digest(&answer_keys::admission(*case, *community))
                            .is_none()
                });
                wanted
            })
            .await
            .map_err(SyncFailure::local)?;
        }
        let count = wanted.len();
        let reads = wanted.into_iter().map(|(case, community)| {
            let client = client.clone();
            async move {
                let answer = client.admission_requirements(case, community).await;
                (case, community, answer)
            }
        });
        let mut answers = futures_util::stream::iter(reads).buffer_unordered(AT_ONCE);
        // Kept together once read: one turn at the store, not one per checklist behind the
        // screens' reads of a first fill (400 took 20 s on the huge portal).
        let mut read = Vec::with_capacity(count);
        let mut done = 0;
        while let Some((case, community, answer)) = answers.next().await {
            if self.connection().epoch() != epoch {
                return Err(SyncFailure::ConnectionChanged);
            }
            done += 1;
            self.set_syncing(
                epoch,
                crate::SyncStep::Checklists {
                    done: done as u64,
                    count: count as u64,
                },
            );
            let list = match answer {
                Err(e) if unreachable(&e) => {
                    // What was read before the connection went is kept.
                    keep_checklists(store, read).await?;
                    return self.answered(Err(e));
                }
                Err(e) => {
                    // One checklist the service refuses does not stop the others.
                    tracing::warn!(error = %e, "a checklist could not be synced");
                    continue;
                }
                Ok(list) => list,
            };
            let json = serde_json::to_vec(&list).map_err(SyncFailure::local)?;
            read.push((answer_keys::admission(case, community), json));
        }
        keep_checklists(store, read).await?;
        if count > 0 {
            tracing::info!(checklists = count, "admission checklists synced");
        }
        Ok(())
    }
}

/// Keeps checklists read, each under the key the queue and the checklist open on.
async fn keep_checklists(
    store: &Arc<Store>,
    read: Vec<(String, Vec<u8>)>,
) -> Result<(), SyncFailure> {
    if read.is_empty() {
        return Ok(());
    }
    let store = store.clone();
    tokio::task::spawn_blocking(move || {
        for (key, json) in &read {
            store.keep_answer_of(key, json, Utc::now(), &[Change::Checklists])?;
        }
        Ok::<_, crate::store::StoreError>(())
    })
    .await
    .map_err(SyncFailure::local)?
    .map_err(SyncFailure::local)
}
