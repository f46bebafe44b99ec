//! The admissions queue and checklists.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::{Backend, Request};
use crate::answer_keys;
use crate::api::Client;
use crate::api::model::{
    AdmissionRequirement, HousingContract, HousingContractQuery, Records, TypeList, TypeQuery,
    TypeSelectOption,
};
use crate::domain::admissions::QueueEntry;
use crate::domain::checklist::Progress;

/// The active housing contracts (the queue and a checklist's move-in hold no others).
pub fn active_contracts() -> Request<Records<HousingContract>> {
    Request::kept(
        answer_keys::HOUSING_CONTRACTS,
        |_, client: Client| async move {
            let mut contracts = client
                .housing_contracts(&HousingContractQuery::default())
                .await?;
            contracts.retain(|c| c.active_lease);
            contracts.shrink_to_fit();
            Ok(contracts)
        },
    )
}

/// A case's checklist in a community.
pub fn checklist(case: i64, community: i64) -> Request<Records<AdmissionRequirement>> {
    Request::kept(
        answer_keys::admission(case, community),
        move |_, client: Client| async move { client.admission_requirements(case, community).await },
    )
}

/// The latest note of each of these activities (a requirement's: "result due Monday"), as the
/// store keeps them, by activity id; none for an activity not kept yet (the sync brings it).
pub fn activity_notes(ids: Vec<i64>) -> Request<HashMap<i64, String>> {
    Request::read(move |backend: Backend, _| {
        let ids = ids.clone();
        async move {
            // Says nothing about whether the service can be reached.
            crate::answered_from_store();
            let Some(store) = backend.store() else {
                return Ok(HashMap::new());
            };
            let activities = tokio::task::spawn_blocking(move || store.activities_by_id(&ids))
                .await
                .ok()
                .and_then(Result::ok)
                .unwrap_or_default();
            Ok(crate::domain::checklist::latest_notes(&activities))
        }
    })
}

/// The activity results a requirement can be marked with, when it carries none of its own.
pub fn activity_results() -> Request<Vec<TypeSelectOption>> {
    Request::read(|_, client: Client| async move {
        let list = client
            .types(&TypeQuery::list(TypeList::ActivityResolution))
            .await?;
        Ok(list
            .into_iter()
            .map(|t| TypeSelectOption {
                value: t.id,
                label: t.name,
            })
            .collect())
    })
}

/// Each queued move-in's checklist progress, put in `progress` (by contract) as each arrives:
/// from the checklists the sync keeps where it kept one (the queue opens without a read per
/// move-in), from the service for the rest.
pub fn queue_progress(
    entries: Vec<QueueEntry>,
    progress: Arc<Mutex<HashMap<i64, Progress>>>,
) -> Request<()> {
    Request::write(move |backend: Backend, client: Client| {
        let (entries, progress) = (entries.clone(), progress.clone());
        async move {
            let put = {
                let (progress, backend) = (progress.clone(), backend.clone());
                move |contract: i64, p: Progress| {
                    progress
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert(contract, p);
                    backend.events().wake();
                }
            };
            let unkept = match backend.store() {
                Some(store) => {
                    let put = put.clone();
                    tokio::task::spawn_blocking(move || progress_kept(&store, entries, put))
                        .await
                        .map_err(|_| crate::api::ApiError::Internal)?
                }
                None => entries,
            };
            crate::service::reports::checklists(client, unkept, put).await;
            Ok(())
        }
    })
}

/// Puts the progress of each entry whose checklist the store keeps; the entries it keeps none
/// for.
fn progress_kept(
    store: &crate::store::Store,
    entries: Vec<QueueEntry>,
    put: impl Fn(i64, Progress),
) -> Vec<QueueEntry> {
    entries
        .into_iter()
        .filter(|e| {
            let Ok(case) = e.case_number.trim().parse::<i64>() else {
                return true;
            };
            let kept = store
                .kept_answer(&answer_keys::admission(case, e.community_id))
                .and_then(|(json, _)| {
                    serde_json::from_slice::<Records<AdmissionRequirement>>(&json).ok()
                });
            match kept {
                Some(list) => {
                    put(e.contract_id, Progress::of(&list));
                    false
                }
                None => true,
            }
        })
        .collect()
}
