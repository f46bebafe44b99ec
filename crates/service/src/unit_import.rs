//! Sending a checked unit import: batches of 25 with progress, a result per row, and no unit
//! sent twice (the units are read again before sending and after any failure with no clear
//! answer).

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::api::model::{NewUnit, UnitQuery};
use crate::api::{ApiError, Client};
use crate::domain::unit_import::{ImportPlan, ImportRow, NotSent, RowOutcome};

pub const BATCH_SIZE: usize = 25;

/// How far an import has got, shared with the screen.
#[derive(Debug, Default)]
pub struct Progress {
    pub done: AtomicUsize,
    pub total: AtomicUsize,
}

impl Progress {
    pub fn fraction(&self) -> f32 {
        let total = self.total.load(Ordering::Relaxed);
        if total == 0 {
            0.0
        } else {
            self.done.load(Ordering::Relaxed) as f32 / total as f32
        }
    }
}

/// Sends the ready rows in batches and fills in each row's outcome. A refused batch is retried
/// row by row to find the row at fault. When the connection fails, the units are read again
/// to learn which rows were created before anything else is decided, and the rest are left
/// "not imported" for a re-run.
pub async fn run(
    client: Client,
    mut plan: ImportPlan,
    progress: Arc<Progress>,
    on_progress: impl Fn() + Send + Sync,
) -> ImportPlan {
    // The file was checked against the units known when it was opened; read them again so a
    // re-run never sends a unit that exists by now.
    if let Ok(units) = client.units(&UnitQuery::default()).await {
        let existing: HashMap<(i64, String), i64> = units
            .iter()
            .map(|u| ((u.community_id, u.number.to_lowercase()), u.id))
            .collect();
        for row in &mut plan.rows {
            if let (RowOutcome::Ready(unit), Some(community)) = (&row.outcome, row.community_id)
                && let Some(&id) = existing.get(&(community, unit.number.0.to_lowercase()))
            {
                row.outcome = RowOutcome::Exists(id);
            }
        }
    }
    let ready: Vec<usize> = (0..plan.rows.len())
        .filter(|&i| matches!(plan.rows[i].outcome, RowOutcome::Ready(_)))
        .collect();
    progress.total.store(ready.len(), Ordering::Relaxed);
    progress.done.store(0, Ordering::Relaxed);
    let mut stopped: Option<NotSent> = None;
    for batch in ready.chunks(BATCH_SIZE) {
        if let Some(why) = &stopped {
            for &i in batch {
                plan.rows[i].outcome = RowOutcome::NotSent(why.clone());
            }
            continue;
        }
        let units: Vec<NewUnit> = batch.iter().filter_map(|&i| ready_unit(&plan, i)).collect();
        match client.create_units(units).await {
            Ok(created) if created.unit_ids.len() == batch.len() => {
                for (&i, id) in batch.iter().zip(created.unit_ids) {
                    plan.rows[i].outcome = RowOutcome::Created(id);
                }
            }
            // Ids that do not match the units sent: which were created is unknown. The units
            // are read again to learn it, and nothing more is sent.
            Ok(created) => {
                let why = NotSent::IdsMismatch {
                    ids: created.unit_ids.len(),
                    units: batch.len(),
                };
                settle_batch(&client, &mut plan, batch, &why).await;
                stopped = Some(why);
            }
            Err(ApiError::Invalid { .. }) => {
                for &i in batch {
                    let Some(unit) = ready_unit(&plan, i) else {
                        continue;
                    };
                    plan.rows[i].outcome = match client.create_units(vec![unit.clone()]).await {
                        Ok(c) if c.unit_ids.len() == 1 => RowOutcome::Created(c.unit_ids[0]),
                        Ok(_) => {
                            let why = NotSent::NoIdSaid;
                            settle_unknown(&client, &plan.rows[i], &unit, &why).await
                        }
                        Err(ApiError::Invalid { message }) => RowOutcome::Refused(message),
                        Err(e) => {
                            let why = NotSent::Failed(e.to_string());
                            settle_unknown(&client, &plan.rows[i], &unit, &why).await
                        }
                    };
                }
            }
            Err(e) => {
                let why = NotSent::Failed(e.to_string());
                settle_batch(&client, &mut plan, batch, &why).await;
                stopped = Some(why);
            }
        }
        progress.done.fetch_add(batch.len(), Ordering::Relaxed);
        on_progress();
    }
    plan
}

/// Settles every row of a batch whose fate is unknown.
async fn settle_batch(client: &Client, plan: &mut ImportPlan, batch: &[usize], why: &NotSent) {
    for &i in batch {
        if let Some(unit) = ready_unit(plan, i) {
            plan.rows[i].outcome = settle_unknown(client, &plan.rows[i], &unit, why).await;
        }
    }
}

fn ready_unit(plan: &ImportPlan, i: usize) -> Option<NewUnit> {
    match &plan.rows[i].outcome {
        RowOutcome::Ready(u) => Some(u.clone()),
        _ => None,
    }
}

/// After a failure with no clear answer: was the unit created after all?
async fn settle_unknown(
    client: &Client,
    row: &ImportRow,
    unit: &NewUnit,
    why: &NotSent,
) -> RowOutcome {
    match client.units(&UnitQuery::default()).await {
        Ok(units) => units
            .iter()
            .find(|u| {
                Some(u.community_id) == row.community_id
                    && u.number.eq_ignore_ascii_case(&unit.number.0)
            })
            .map(|u| RowOutcome::Created(u.id))
            .unwrap_or_else(|| RowOutcome::NotSent(why.clone())),
        Err(_) => RowOutcome::NotSent(why.clone()),
    }
}
