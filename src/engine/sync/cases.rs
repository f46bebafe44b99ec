//! Keeping the cases: every case on a sweep, and between sweeps those whose activities changed
//! and those created since (found by their numbers, which the service gives in order).

use std::sync::Arc;

use super::{MAX_CHANGED_CASES, MAX_SYNC_PAGES, SYNC_PAGE};
use crate::api::model::{CaseQuery, SearchCase, SearchQuery};
use crate::api::{ApiError, Client};
use crate::engine::store::Store;
use crate::engine::{Backend, lock};

impl Backend {
    pub(super) async fn sync_pages(
        &self,
        client: &Client,
        store: &Arc<Store>,
        epoch: usize,
    ) -> Result<(), String> {
        use crate::service::budget::{ByteBudget, SWEEP_BYTES};
        let (client, budget) = ByteBudget::new(client, SWEEP_BYTES, "every case");
        let client = &client;
        let mut page = 1;
        let mut pages = 1;
        while page <= pages {
            if self.epoch() != epoch {
                return Err("the connection changed".into());
            }
            self.set_syncing(epoch, format!("Syncing cases: page {page} of {pages}"));
            let query = SearchQuery {
                page_number: Some(page),
                page_size: Some(SYNC_PAGE),
                ..SearchQuery::default()
            };
            let answer = client.search(&query).await;
            self.note_reach(&answer);
            let answer = answer.map_err(|e| e.to_string())?;
            pages = (answer.total.max(0).saturating_add(SYNC_PAGE - 1) / SYNC_PAGE)
                .clamp(1, MAX_SYNC_PAGES);
            let cases = answer.cases.into_vec();
            let empty = cases.is_empty();
            keep_cases(store, cases).await?;
            budget.check().map_err(|e| e.to_string())?;
            if empty {
                break;
            }
            page += 1;
        }
        tracing::info!(pages = page - 1, "cases synced");
        Ok(())
    }

    /// Between sweeps: the cases whose activities changed since the last sync (a new inquiry,
    /// a tour), each read by its number; more than [`MAX_CHANGED_CASES`] and every case is.
    pub(super) async fn sync_changed_cases(
        &self,
        client: &Client,
        store: &Arc<Store>,
        epoch: usize,
        touched: std::collections::BTreeSet<String>,
    ) -> Result<(), String> {
        if touched.len() > MAX_CHANGED_CASES {
            return self.sync_pages(client, store, epoch).await;
        }
        let count = touched.len();
        for (i, number) in touched.into_iter().enumerate() {
            if self.epoch() != epoch {
                return Err("the connection changed".into());
            }
            self.set_syncing(
                epoch,
                format!("Syncing changed cases: {} of {count}", i + 1),
            );
            let cases = self.case_by_number(client, &number).await?;
            keep_cases(store, cases).await?;
        }
        if count > 0 {
            tracing::info!(cases = count, "changed cases synced");
        }
        Ok(())
    }

    /// Cases created since the last sync, on any desk, before they have an activity (a sweep
    /// would find them only within the hour): the service's count of cases, read with a page
    /// of one, against the store's; when it grew by N, the N case numbers after the highest
    /// kept are read, with a few more for numbers left unused. With the same count and the same
    /// highest number as last time nothing is read again, so a count the numbers cannot explain
    /// costs one small read per sync until the next sweep.
    pub(super) async fn sync_new_cases(
        &self,
        client: &Client,
        store: &Arc<Store>,
        epoch: usize,
    ) -> Result<(), String> {
        let count = SearchQuery {
            page_number: Some(1),
            page_size: Some(1),
            ..SearchQuery::default()
        };
        let total = self.answered(client.search(&count).await)?.total.max(0) as usize;
        let known = store.len();
        let Some(highest) = store.highest_case_number() else {
            return Ok(());
        };
        let missing = total.saturating_sub(known);
        let looked_for = (total, highest.value);
        if missing == 0 || *lock(&self.inner.sync.new_cases_looked_for) == Some(looked_for) {
            return Ok(());
        }
        if missing > MAX_CHANGED_CASES {
            return self.sync_pages(client, store, epoch).await;
        }
        let mut found = 0;
        for ahead in 1..=(missing + UNUSED_NUMBERS) as u64 {
            if self.epoch() != epoch {
                return Err("the connection changed".into());
            }
            self.set_syncing(epoch, format!("Syncing new cases: {found} of {missing}"));
            let cases = self.case_by_number(client, &highest.after(ahead)).await?;
            found += cases.len();
            keep_cases(store, cases).await?;
            if found >= missing {
                break;
            }
        }
        tracing::info!(found, missing, "new cases synced");
        if found < missing {
            *lock(&self.inner.sync.new_cases_looked_for) = Some(looked_for);
        }
        Ok(())
    }

    /// The case numbered `number` as Search gives it (what the store keeps); none when there
    /// is no such case. Search does not match case numbers (name, phone and email only): the
    /// case is read first, then its primary person is searched for by name.
    async fn case_by_number(
        &self,
        client: &Client,
        number: &str,
    ) -> Result<Vec<SearchCase>, String> {
        let query = CaseQuery {
            case_number: Some(number.to_owned()),
            ..CaseQuery::default()
        };
        let case = match client.case(&query).await {
            Err(ApiError::NotFound { .. }) => return Ok(Vec::new()),
            answer => self.answered(answer)?,
        };
        let Some(name) = case
            .individuals
            .iter()
            .find(|i| i.primary_individual || i.individual_id == case.primary_individual_id)
            .map(|i| i.individual_name.trim().to_owned())
            .filter(|name| !name.is_empty())
        else {
            return Ok(Vec::new());
        };
        let query = SearchQuery {
            q: Some(name),
            page_size: Some(NAMESAKES),
            ..SearchQuery::default()
        };
        let found = self.answered(client.search(&query).await)?;
        Ok(found
            .cases
            .into_vec()
            .into_iter()
            .filter(|c| c.primary.case_number == number)
            .collect())
    }
}

/// People of one name read at most to find one case among them.
const NAMESAKES: i64 = 500;

/// Case numbers read past the expected new ones, for numbers the service skipped.
const UNUSED_NUMBERS: usize = 3;

/// Keeps `cases` in the store (which tells `Change::Cases` when any changed).
async fn keep_cases(store: &Arc<Store>, cases: Vec<SearchCase>) -> Result<(), String> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || store.upsert(&cases))
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
    Ok(())
}
