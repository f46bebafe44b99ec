//! The inventory (units, contracts, lists), a unit's history, and importing units.

use std::collections::HashMap;
use std::sync::Arc;

use super::{Backend, ImportProgress, InventoryData, Request};
use crate::api::model::{
    HousingContract, HousingContractQuery, NewUnit, Records, Transaction, TransactionQuery,
};
use crate::api::{ApiError, Client};
use crate::domain::unit_import::{ImportPlan, NotSent, RowOutcome};
use crate::service::inventory::load_for_panes;
use crate::service::unit_import::run;
use crate::{MAX_QUEUED_UNITS, QueueState, QueuedUnit, QueuedWrite, answer_keys};

/// Communities, units, the contracts the panes use and the lists.
pub fn inventory() -> Request<Arc<InventoryData>> {
    Request::kept(answer_keys::INVENTORY, |_, client: Client| {
        load_for_panes(client)
    })
}

/// The waitlist's entries (`None` while the store is filling its first sync).
pub fn waitlist() -> Request<Arc<Option<Vec<crate::domain::waitlist::Entry>>>> {
    Request::read(|backend: Backend, _client: Client| async move { backend.waitlist().await })
}

/// A unit's contracts, the latest move-in first.
pub fn unit_contracts(unit_id: i64) -> Request<Records<HousingContract>> {
    Request::kept(
        answer_keys::unit(unit_id, "contracts"),
        move |_, client: Client| async move {
            let mut list = client
                .housing_contracts(&HousingContractQuery {
                    unit_id: Some(unit_id),
                    ..Default::default()
                })
                .await?;
            list.sort_by_key(|c| std::cmp::Reverse(c.move_in_date));
            Ok(list)
        },
    )
}

pub fn unit_transactions(unit_id: i64) -> Request<Records<Transaction>> {
    Request::kept(
        answer_keys::unit(unit_id, "transactions"),
        move |_, client: Client| async move {
            // The service answers 404 when a unit has no transactions: that is an empty list.
            match client
                .transactions(&TransactionQuery {
                    unit_id: Some(unit_id),
                    ..Default::default()
                })
                .await
            {
                Err(ApiError::NotFound { .. }) => Ok(Records::default()),
                other => other,
            }
        },
    )
}

/// The active contracts of these people (a move-in's current homes).
pub fn current_contracts(people: Vec<i64>) -> Request<Records<HousingContract>> {
    Request::read(move |_, client: Client| {
        let people = people.clone();
        async move {
            let mut all = Vec::new();
            for id in people {
                let list = client
                    .housing_contracts(&HousingContractQuery {
                        individual_id: Some(id),
                        ..Default::default()
                    })
                    .await?;
                all.extend(list.into_iter().filter(|c| c.active_lease));
            }
            Ok(Records::from(all))
        }
    })
}

/// Every contract of one person (checking a move-in arrived after a lost answer).
pub fn contracts_of(individual_id: i64) -> Request<Records<HousingContract>> {
    Request::write(move |_, client: Client| async move {
        client
            .housing_contracts(&HousingContractQuery {
                individual_id: Some(individual_id),
                ..Default::default()
            })
            .await
    })
}

/// How the Outbox lists the units an import left unsent, given their count ("12 new units
/// from units.csv"), in the window's language.
pub type UnitsSummary = Arc<dyn Fn(usize) -> String + Send + Sync>;

/// Imports a file's units (`plan`), counting on `progress`; runs even while working offline,
/// when its rows go to the outbox unsent (listed there as `summary` says), as do the rows the
/// service could not take.
pub fn import_units(
    plan: ImportPlan,
    progress: Arc<ImportProgress>,
    summary: UnitsSummary,
) -> Request<ImportPlan> {
    Request::write_or_queue(move |backend: Backend, client: Client| {
        let (plan, progress, summary) = (plan.clone(), progress.clone(), summary.clone());
        async move {
            let sent = if backend.outbox().must_queue() {
                // Working offline, or changes wait: these go behind them, unsent.
                not_tried(&plan)
            } else {
                let repaint = backend.clone();
                run(client, plan.clone(), progress, move || {
                    repaint.events().wake()
                })
                .await
            };
            Ok(queue_unsent(&backend, &plan, sent, &summary).await)
        }
    })
}

/// The plan as if every ready row had been left unsent.
fn not_tried(plan: &ImportPlan) -> ImportPlan {
    let mut plan = plan.clone();
    for row in &mut plan.rows {
        if matches!(row.outcome, RowOutcome::Ready(_)) {
            row.outcome = RowOutcome::NotSent(NotSent::NotTried);
        }
    }
    plan
}

/// Keeps the rows an import could not send in the outbox, as one entry (each unit is looked
/// for by number before it is sent), and marks them so. Without an outbox they stay
/// "not imported", to import again.
async fn queue_unsent(
    backend: &Backend,
    before: &ImportPlan,
    mut after: ImportPlan,
    summary: &UnitsSummary,
) -> ImportPlan {
    let ready: HashMap<usize, (i64, NewUnit)> = before
        .rows
        .iter()
        .filter_map(|row| match (&row.outcome, row.community_id) {
            (RowOutcome::Ready(unit), Some(community)) => {
                Some((row.line, (community, unit.clone())))
            }
            _ => None,
        })
        .collect();
    let unsent: Vec<usize> = (0..after.rows.len())
        .filter(|&i| {
            matches!(after.rows[i].outcome, RowOutcome::NotSent(_))
                && ready.contains_key(&after.rows[i].line)
        })
        .take(MAX_QUEUED_UNITS)
        .collect();
    if unsent.is_empty() {
        return after;
    }
    let units = unsent
        .iter()
        .filter_map(|&i| ready.get(&after.rows[i].line))
        .map(|(community_id, unit)| QueuedUnit {
            community_id: *community_id,
            unit: unit.clone(),
        })
        .collect();
    let write = QueuedWrite::NewUnits(crate::UnitsWrite {
        summary: summary(unsent.len()),
        units,
    });
    if backend
        .queue_writes(vec![(write, QueueState::Sending)])
        .await
        .is_some()
    {
        for i in unsent {
            after.rows[i].outcome = RowOutcome::SavedOffline;
        }
        backend.outbox().replay();
    }
    after
}
