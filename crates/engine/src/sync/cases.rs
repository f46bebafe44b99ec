//! Keeping the cases: every case on a sweep, and between sweeps those whose activities changed
//! and those created since (found by where they stand in Search's order, whatever their
//! numbers: a service numbers the cases of all its portals in one sequence).

use super::SyncFailure;
use std::collections::HashMap;
use std::sync::Arc;

use super::{MAX_CHANGED_CASES, MAX_SYNC_PAGES, SYNC_PAGE};
use crate::api::model::{CaseQuery, SearchCase, SearchQuery};
use crate::api::{ApiError, Client};
use crate::store::Store;
use crate::{Backend, lock};

/// New cases looked for one by one at most between sweeps; more and every case is read.
const MAX_LOCATED: usize = 25;
/// Search reads of one case a sync makes at most to locate new ones (about 17 each on a
/// portal of 100,000).
const MAX_PROBES: usize = 600;

impl Backend {
    /// Every case, page by page, and the order Search lists them in (kept for finding new
    /// cases between sweeps).
    pub(super) async fn sync_pages(
        &self,
        client: &Client,
        store: &Arc<Store>,
        epoch: usize,
    ) -> Result<(), SyncFailure> {
        use crate::service::budget::{ByteBudget, SWEEP_BYTES};
        let (client, budget) =
            ByteBudget::new(client, SWEEP_BYTES, crate::api::BudgetOf::EveryCase);
        let client = &client;
        let mut page = 1;
        let mut pages = 1;
        let mut order = Vec::new();
        let mut whole = false;
        while page <= pages {
            if self.connection().epoch() != epoch {
                return Err(SyncFailure::ConnectionChanged);
            }
            self.set_syncing(
                epoch,
                crate::SyncStep::CasesPage {
                    page: page as u64,
                    pages: pages as u64,
                },
            );
            let query = SearchQuery {
                page_number: Some(page),
                page_size: Some(SYNC_PAGE),
                ..SearchQuery::default()
            };
            let answer = client.search(&query).await;
            self.connection().note_reach(&answer);
            let answer = answer.map_err(SyncFailure::Service)?;
            let listed = answer.total.max(0);
            pages = (listed.saturating_add(SYNC_PAGE - 1) / SYNC_PAGE).clamp(1, MAX_SYNC_PAGES);
            whole = listed.saturating_add(SYNC_PAGE - 1) / SYNC_PAGE <= MAX_SYNC_PAGES;
            let cases = answer.cases.into_vec();
            let empty = cases.is_empty();
            order.extend(cases.iter().map(|c| store.case_key(&c.primary.case_number)));
            keep_cases(store, cases).await?;
            budget.check().map_err(SyncFailure::Service)?;
            if empty {
                break;
            }
            page += 1;
        }
        tracing::info!(pages = page - 1, "cases synced");
        if whole {
            // A case listed twice (the list moved under the pages) counts once, where first seen.
            let mut seen = std::collections::HashSet::with_capacity(order.len());
            order.retain(|key| seen.insert(*key));
            keep_order(store, order).await?;
        }
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
    ) -> Result<(), SyncFailure> {
        if touched.len() > MAX_CHANGED_CASES {
            return self.sync_pages(client, store, epoch).await;
        }
        let count = touched.len();
        for (i, number) in touched.into_iter().enumerate() {
            if self.connection().epoch() != epoch {
                return Err(SyncFailure::ConnectionChanged);
            }
            self.set_syncing(
                epoch,
                crate::SyncStep::ChangedCases {
                    done: (i + 1) as u64,
                    count: count as u64,
                },
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
    /// would find them only within the hour). The service's count of cases (Search, a page of
    /// one) against the order kept: when it grew by a few, each new case is found by where it
    /// stands in Search's order (see [`NewCaseHunt`]); otherwise, or when Search's answers do
    /// not fit the order kept, every case is read. A count still unexplained after that is not
    /// looked into again until it changes.
    pub(super) async fn sync_new_cases(
        &self,
        client: &Client,
        store: &Arc<Store>,
        epoch: usize,
    ) -> Result<(), SyncFailure> {
        let count = SearchQuery {
            page_number: Some(1),
            page_size: Some(1),
            ..SearchQuery::default()
        };
        let total = usize::try_from(self.answered(client.search(&count).await)?.total).unwrap_or(0);
        let order = read_order(store).await?;
        let known = order.as_ref().map_or_else(|| store.len(), Vec::len);
        if total == known || *lock(&self.inner.sync.new_cases_looked_for) == Some((total, known)) {
            return Ok(());
        }
        let located = match order {
            Some(order) if total > known && total - known <= MAX_LOCATED => {
                let mut hunt = NewCaseHunt::new(order, total);
                let located = hunt.run(self, client, store, epoch).await;
                tracing::info!(
                    missing = total - known,
                    found = hunt.found.len(),
                    probes = hunt.probes,
                    located = matches!(located, Ok(true)),
                    "new cases looked for"
                );
                if let Ok(true) = located {
                    keep_order(store, hunt.into_order()).await?;
                }
                located?
            }
            _ => false,
        };
        if !located {
            tracing::info!(total, known, "new cases: every case read");
            self.sync_pages(client, store, epoch).await?;
            let after = read_order(store).await?.map_or(0, |o| o.len());
            if after != total {
                *lock(&self.inner.sync.new_cases_looked_for) = Some((total, after));
            }
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
    ) -> Result<Vec<SearchCase>, SyncFailure> {
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

/// Finding the cases Search lists now and the kept order lacks, by where they stand. Search's
/// order is whatever the service's is (by name on the sandbox), but it is one order: the pages
/// a sweep reads rely on it. With N cases added since the order was kept, the case at place
/// `p` is either new or a known case that stood `k` places earlier, `k` being how many new
/// ones stand before it, and `k` only grows along the list. So the first new case is the first
/// place where Search shows an unknown case or a known one moved on by one, found by halving
/// with pages of one case (about 17 reads in 100,000), the second where the shift reaches two,
/// and so on. Any answer that does not fit (a case moved back, one missing) ends the hunt: the
/// sync then reads every case.
struct NewCaseHunt {
    order: Vec<i64>,
    place_of: HashMap<i64, usize>,
    total: usize,
    /// What Search showed at each place read.
    shown: HashMap<usize, Option<SearchCase>>,
    /// The new cases, by the place they stand at.
    found: Vec<(usize, i64)>,
    probes: usize,
}

impl NewCaseHunt {
    fn new(order: Vec<i64>, total: usize) -> Self {
        let place_of = order.iter().enumerate().map(|(i, k)| (*k, i)).collect();
        NewCaseHunt {
            order,
            place_of,
            total,
            shown: HashMap::new(),
            found: Vec::new(),
            probes: 0,
        }
    }

    /// Finds every new case and keeps it in the store: `Ok(false)` when Search's answers do not
    /// fit the order kept.
    async fn run(
        &mut self,
        backend: &Backend,
        client: &Client,
        store: &Arc<Store>,
        epoch: usize,
    ) -> Result<bool, SyncFailure> {
        let missing = self.total.saturating_sub(self.order.len());
        let mut from = 0;
        for nth in 1..=missing {
            backend.set_syncing(
                epoch,
                crate::SyncStep::NewCases {
                    done: (nth - 1) as u64,
                    count: missing as u64,
                },
            );
            // The first place at or after `from` where the nth new case shows.
            let (mut low, mut high) = (from, self.total - 1);
            while low < high {
                let middle = low + (high - low) / 2;
                let Some(shift) = self.shift_at(middle, backend, client, store, epoch).await?
                else {
                    return Ok(false);
                };
                if shift.is_none_or(|s| s >= nth) {
                    high = middle;
                } else {
                    low = middle + 1;
                }
            }
            let Some(shift) = self.shift_at(low, backend, client, store, epoch).await? else {
                return Ok(false);
            };
            let key = match (shift, self.shown.get(&low)) {
                (None, Some(Some(case))) => store.case_key(&case.primary.case_number),
                _ => return Ok(false),
            };
            if self.found.iter().any(|(_, k)| *k == key) {
                return Ok(false);
            }
            self.found.push((low, key));
            from = low + 1;
        }
        Ok(true)
    }

    /// How far the known case at `place` moved on since the order was kept (`Some(None)`: the
    /// case there is new), reading it once; `None` when Search shows no case there or the hunt
    /// has read too much.
    async fn shift_at(
        &mut self,
        place: usize,
        backend: &Backend,
        client: &Client,
        store: &Arc<Store>,
        epoch: usize,
    ) -> Result<Option<Option<usize>>, SyncFailure> {
        if !self.shown.contains_key(&place) {
            if backend.connection().epoch() != epoch {
                return Err(SyncFailure::ConnectionChanged);
            }
            if self.probes >= MAX_PROBES {
                return Ok(None);
            }
            self.probes += 1;
            let query = SearchQuery {
                page_number: i64::try_from(place + 1).ok(),
                page_size: Some(1),
                ..SearchQuery::default()
            };
            let case = backend
                .answered(client.search(&query).await)?
                .cases
                .into_vec()
                .into_iter()
                .next();
            if let Some(case) = &case
                && !self
                    .place_of
                    .contains_key(&store.case_key(&case.primary.case_number))
            {
                keep_cases(store, vec![case.clone()]).await?;
            }
            self.shown.insert(place, case);
        }
        let Some(Some(case)) = self.shown.get(&place) else {
            return Ok(None);
        };
        Ok(Some(
            match self
                .place_of
                .get(&store.case_key(&case.primary.case_number))
            {
                None => None,
                Some(&was) if was <= place => Some(place - was),
                // A known case moved back: not the order kept.
                Some(_) => return Ok(None),
            },
        ))
    }

    /// The order kept with the new cases where they stand.
    fn into_order(mut self) -> Vec<i64> {
        self.found.sort_unstable();
        for (place, key) in self.found {
            let at = place.min(self.order.len());
            self.order.insert(at, key);
        }
        self.order
    }
}

/// People of one name read at most to find one case among them.
const NAMESAKES: i64 = 500;

/// Keeps `cases` in the store (which tells `Change::Cases` when any changed).
async fn keep_cases(store: &Arc<Store>, cases: Vec<SearchCase>) -> Result<(), SyncFailure> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || store.upsert(&cases))
        .await
        .map_err(SyncFailure::local)?
        .map_err(SyncFailure::local)?;
    Ok(())
}

async fn keep_order(store: &Arc<Store>, order: Vec<i64>) -> Result<(), SyncFailure> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || store.keep_search_order(&order))
        .await
        .map_err(SyncFailure::local)?
        .map_err(SyncFailure::local)
}

async fn read_order(store: &Arc<Store>) -> Result<Option<Vec<i64>>, SyncFailure> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || store.search_order())
        .await
        .map_err(SyncFailure::local)
}
