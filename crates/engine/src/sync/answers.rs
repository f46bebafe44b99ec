//! What the screens open on, read each sync and kept under their keys (`engine::answer_keys`).

use super::SyncFailure;
use std::sync::Arc;

use std::sync::atomic::Ordering;

use chrono::Utc;

use super::{MAX_CHANGED_CASES, MAX_SYNCED_CAMPAIGNS, keep_inventory_rows, keep_now};
use crate::Change;
use crate::api::Client;
use crate::api::model::HousingContract;
use crate::domain::occupancy::moves_housing;
use crate::store::Store;
use crate::{Backend, answer_keys};

impl Backend {
    /// Reads what the main screens show and keeps it under their keys ([`kept`]), so each
    /// opens on it, and shows it offline, even before it was first opened. The case numbers
    /// of activities that changed since the last sync go to `touched`. Returns the active
    /// housing contracts (whose move-ins make the admissions queue), and whether the queue's
    /// checklists were read too (the first time, before the activities).
    pub(super) async fn sync_answers(
        &self,
        client: &Client,
        store: &Arc<Store>,
        epoch: usize,
        touched: &mut std::collections::BTreeSet<String>,
    ) -> Result<(Vec<HousingContract>, bool), SyncFailure> {
        // The first time, units and contracts before the activities: the figures worked out
        // from the store need both, and the activities' end has every screen read at once
        // (with the rows not there yet, Sales read everything from the service then). The
        // lists and the checklists come before them too: behind those screens' reads, their
        // writes waited half a minute for turns at the store.
        let housing_first = {
            let store = store.clone();
            tokio::task::spawn_blocking(move || store.inventory_kept_at().is_none())
                .await
                .map_err(SyncFailure::local)?
        };
        let mut active = None;
        if housing_first {
            let contracts = self.sync_housing(client, store, epoch, true).await?;
            self.sync_lists(client, store, epoch).await?;
            let none = std::collections::BTreeSet::new();
            let today = self.clock_now();
            self.sync_checklists(client, store, epoch, (&contracts, &none, true), today)
                .await?;
            active = Some(contracts);
        }
        let written = self.sync_activities(client, store, epoch).await?;
        let moved = written
            .iter()
            .any(|w| w.activity_type.as_deref().is_some_and(moves_housing));
        // The cases of activities new or changed since they were kept (bounded: past the
        // limit every case is read anyway).
        for w in written {
            if touched.len() > MAX_CHANGED_CASES {
                break;
            }
            touched.insert(w.case_number);
        }
        if let Some(active) = active {
            return Ok((active, true));
        }
        let active = self.sync_housing(client, store, epoch, moved).await?;
        self.sync_lists(client, store, epoch).await?;
        Ok((active, false))
    }

    /// Units and contracts, read whole (the service has no "changed since" for them) when a
    /// move-in, move-out, deposit or transfer was logged since the last sync (`moved`), when
    /// this desk wrote one, and otherwise once per case sweep. Returns the active contracts.
    async fn sync_housing(
        &self,
        client: &Client,
        store: &Arc<Store>,
        epoch: usize,
        moved: bool,
    ) -> Result<Vec<HousingContract>, SyncFailure> {
        use crate::api::model::Records;
        use crate::service::inventory;
        let due = self.inner.sync.housing_due.swap(false, Ordering::SeqCst);
        if !(due || moved) {
            let every = self.sweep_every();
            let store = store.clone();
            let kept = tokio::task::spawn_blocking(move || kept_active_contracts(&store, every))
                .await
                .map_err(SyncFailure::local)?;
            if let Some(active) = kept {
                return Ok(active);
            }
        }
        self.set_syncing(epoch, crate::SyncStep::UnitsAndContracts);
        let stock = inventory::load(client.clone()).await;
        if stock.is_err() {
            // Still owed to the next sync.
            self.inner.sync.housing_due.fetch_or(due, Ordering::SeqCst);
        }
        let stock = self.answered(stock)?;
        // Every contract as rows (the forecast and the funnel count them); the panes' answers
        // hold only the ones they show.
        keep_inventory_rows(store, stock.clone()).await?;
        let mut stock = Arc::unwrap_or_clone(stock);
        stock.keep_for_panes(Utc::now());
        let active: Vec<_> = stock
            .contracts
            .iter()
            .filter(|c| c.active_lease)
            .cloned()
            .collect();
        let contracts: Records<_> = active.clone().into();
        let communities: Records<_> = stock.communities.clone().into();
        // A colleague's move-in, move-out or new unit: the store tells the inventory, the
        // admissions queue and the figures.
        const HOUSING: &[Change] = &[Change::Contracts, Change::Units];
        keep_now(store, answer_keys::INVENTORY, &stock, HOUSING).await?;
        keep_now(store, answer_keys::HOUSING_CONTRACTS, &contracts, HOUSING).await?;
        keep_now(store, answer_keys::COMMUNITIES, &communities, HOUSING).await?;
        Ok(active)
    }

    /// The type lists, users and campaigns with their members: small, read each sync.
    async fn sync_lists(
        &self,
        client: &Client,
        store: &Arc<Store>,
        epoch: usize,
    ) -> Result<(), SyncFailure> {
        use crate::api::model::Records;
        use crate::service::lookups;
        self.set_syncing(epoch, crate::SyncStep::ListsUsersAndCampaigns);
        let lists = self.answered(lookups::load(client.clone()).await)?;
        let campaigns: Records<_> = lists.campaigns.clone().into();
        let users: Records<_> = lists.users.clone().into();
        keep_now(store, answer_keys::LOOKUPS, &lists, &[]).await?;
        let intake = self.answered(lookups::intake(client.clone()).await)?;
        keep_now(store, answer_keys::INTAKE_LISTS, &intake, &[]).await?;
        keep_now(store, &answer_keys::users(""), &users, &[Change::Users]).await?;
        // A colleague's RSVP moved or people added: the store tells the open boards.
        keep_now(
            store,
            &answer_keys::campaigns(""),
            &campaigns,
            &[Change::Campaigns],
        )
        .await?;

        // The leads are cases: the sweep (or the changed cases) keeps them, not a read here.

        self.set_syncing(epoch, crate::SyncStep::CampaignMembers);
        for campaign in campaigns.iter().take(MAX_SYNCED_CAMPAIGNS) {
            if self.connection().epoch() != epoch {
                return Err(SyncFailure::ConnectionChanged);
            }
            let members = self.answered(client.campaign_individuals(campaign.id).await)?;
            let key = answer_keys::campaign_members(campaign.id);
            keep_now(store, &key, &members, &[Change::Campaigns]).await?;
        }
        Ok(())
    }
}

/// The active contracts the store keeps, while its units and contracts were read within
/// `every`; `None` when they are older, or not kept. Blocking.
fn kept_active_contracts(
    store: &Store,
    every: std::time::Duration,
) -> Option<Vec<HousingContract>> {
    let read_at = store.inventory_kept_at()?;
    let age = Utc::now().signed_duration_since(read_at).to_std().ok()?;
    if age >= every {
        return None;
    }
    let (json, _) = store.kept_answer(answer_keys::HOUSING_CONTRACTS)?;
    let active: crate::api::model::Records<HousingContract> = serde_json::from_slice(&json).ok()?;
    Some(active.into_vec())
}
