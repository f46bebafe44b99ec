//! "Is this person known already?" for the new-individual form: the cases that may hold them
//! from the store (or the service's search when there is none), which of their people match and
//! why, and how each case first came (earliest contact, source, community).

use std::sync::Arc;

use crate::Backend;
use crate::api::model::{ActivityQuery, SearchCase, SearchQuery};
use crate::api::{ApiError, Client};
use crate::domain::duplicate_groups::{DuplicateFinder, DuplicateGroup};
use crate::domain::duplicates::{FirstContact, Match, Probe, first_contact, matches};
use crate::store::duplicate_questions;

/// Matches shown at most (their first contacts are read one case at a time).
const MAX_SHOWN: usize = 8;

/// A known person who may be the one typed, and how their case first came.
#[derive(Debug, Clone, PartialEq)]
pub struct KnownPerson {
    pub matched: Match,
    pub first: Option<FirstContact>,
}

impl Backend {
    pub async fn possible_duplicates(
        &self,
        client: Client,
        probe: Probe,
    ) -> Result<Arc<Vec<KnownPerson>>, ApiError> {
        if !probe.is_worth_asking() {
            return Ok(Arc::default());
        }
        let store = self.store().filter(|r| !r.is_empty());
        let cases: Vec<SearchCase> = match store.clone() {
            Some(store) => {
                let asked = probe.clone();
                match tokio::task::spawn_blocking(move || store.duplicate_candidates(&asked)).await
                {
                    Ok(Ok(cases)) => cases,
                    Ok(Err(e)) => {
                        tracing::warn!(error = %e, "duplicates not read from the store");
                        live_candidates(&client, &probe).await?
                    }
                    Err(_) => return Err(ApiError::Internal),
                }
            }
            None => live_candidates(&client, &probe).await?,
        };
        let found = matches(&probe, &cases);
        let mut out = Vec::new();
        for matched in found.into_iter().take(MAX_SHOWN) {
            let first = match (&store, self.figures_are_cheap()) {
                (Some(store), true) => {
                    let (store, number) = (store.clone(), matched.case_number.clone());
                    tokio::task::spawn_blocking(move || store.activities_of_cases(&[&number]))
                        .await
                        .ok()
                        .and_then(Result::ok)
                        .and_then(|list| first_contact(&list))
                }
                _ => {
                    let query = ActivityQuery {
                        individual_id: Some(matched.primary_id),
                        page_size: Some(500),
                        ..Default::default()
                    };
                    client
                        .activities(&query)
                        .await
                        .ok()
                        .and_then(|r| first_contact(&r.into_vec()))
                }
            };
            out.push(KnownPerson { matched, first });
        }
        Ok(Arc::new(out))
    }
}

/// The service's search, asked each question the store would be.
async fn live_candidates(client: &Client, probe: &Probe) -> Result<Vec<SearchCase>, ApiError> {
    let mut out: Vec<SearchCase> = Vec::new();
    for text in duplicate_questions(probe) {
        let answer = client
            .search(&SearchQuery {
                q: Some(text),
                page_size: Some(40),
                ..Default::default()
            })
            .await?;
        for case in answer.cases.into_vec() {
            if !out
                .iter()
                .any(|c| c.primary.case_number == case.primary.case_number)
            {
                out.push(case);
            }
        }
    }
    Ok(out)
}

impl Backend {
    /// The portal's possible duplicates (Search's "Possible duplicates"): every case taken one
    /// at a time from the store when it holds the cases, else from the service's search pages.
    pub async fn duplicate_groups(
        &self,
        client: Client,
    ) -> Result<Arc<Vec<DuplicateGroup>>, ApiError> {
        if let Some(store) = self.store().filter(|r| !r.is_empty()) {
            let found = tokio::task::spawn_blocking(move || {
                let mut finder = DuplicateFinder::default();
                store.each_case(|case| finder.add(&case))?;
                Ok::<_, crate::store::StoreError>(finder.groups())
            })
            .await;
            match found {
                Ok(Ok(groups)) => {
                    crate::memory::give_back_freed();
                    crate::answered_from_store();
                    return Ok(Arc::new(groups));
                }
                Ok(Err(e)) => tracing::warn!(error = %e, "duplicates not read from the store"),
                Err(e) => tracing::error!(error = %e, "finding duplicates failed"),
            }
        }
        let mut finder = DuplicateFinder::default();
        crate::service::cases::each_case(client, |case| finder.add(case)).await?;
        Ok(Arc::new(finder.groups()))
    }
}
