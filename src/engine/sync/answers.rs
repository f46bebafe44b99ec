//! What the screens open on, read each sync and kept under their keys (`engine::kept`).

use std::sync::Arc;

use chrono::Utc;

use super::{MAX_CHANGED_CASES, MAX_SYNCED_CAMPAIGNS, keep_inventory_rows, keep_now};
use crate::api::Client;
use crate::api::model::HousingContract;
use crate::engine::changes::Change;
use crate::engine::replica::CaseReplica;
use crate::engine::{Backend, kept};

impl Backend {
    /// Reads what the main screens show and keeps it under their keys ([`kept`]), so each
    /// opens on it, and shows it offline, even before it was first opened. The case numbers
    /// of activities that changed since the last sync go to `touched`. Returns the active
    /// housing contracts (whose move-ins make the admissions queue).
    pub(super) async fn sync_answers(
        &self,
        client: &Client,
        replica: &Arc<CaseReplica>,
        epoch: usize,
        touched: &mut std::collections::BTreeSet<String>,
        changed: &mut Vec<Change>,
    ) -> Result<Vec<HousingContract>, String> {
        use crate::api::model::Records;
        use crate::service::{inventory, lookups};
        let steps = 4;
        let step = |n: usize, what: &str| format!("Syncing {what}: step {n} of {steps}");

        self.set_syncing(epoch, step(1, "units and contracts"));
        let stock = self.answered(inventory::load(client.clone()).await)?;
        // Every contract as rows (the forecast and the funnel count them); the panes' answers
        // hold only the ones they show.
        keep_inventory_rows(replica, stock.clone()).await?;
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
        let mut housing = keep_now(replica, kept::INVENTORY, &stock).await?;
        housing |= keep_now(replica, kept::HOUSING_CONTRACTS, &contracts).await?;
        housing |= keep_now(replica, kept::COMMUNITIES, &communities).await?;
        if housing {
            // A colleague's move-in, move-out or new unit: the inventory, the admissions
            // queue and the figures read again.
            changed.extend([Change::Contracts, Change::Units]);
        }

        self.set_syncing(epoch, step(2, "lists, users and campaigns"));
        let lists = self.answered(lookups::load(client.clone()).await)?;
        let campaigns: Records<_> = lists.campaigns.clone().into();
        let users: Records<_> = lists.users.clone().into();
        keep_now(replica, kept::LOOKUPS, &lists).await?;
        let intake = self.answered(lookups::intake(client.clone()).await)?;
        keep_now(replica, kept::INTAKE_LISTS, &intake).await?;
        if keep_now(replica, &kept::users(""), &users).await? {
            changed.push(Change::Users);
        }
        let mut campaigns_changed = keep_now(replica, &kept::campaigns(""), &campaigns).await?;

        // The leads are cases: the sweep (or the changed cases) keeps them, not a read here.

        self.set_syncing(epoch, step(3, "campaign members"));
        for campaign in campaigns.iter().take(MAX_SYNCED_CAMPAIGNS) {
            if self.epoch() != epoch {
                return Err("the connection changed".into());
            }
            let members = self.answered(client.campaign_individuals(campaign.id).await)?;
            campaigns_changed |=
                keep_now(replica, &kept::campaign_members(campaign.id), &members).await?;
        }
        if campaigns_changed {
            // A colleague's RSVP moved or people added: open boards read again.
            changed.push(Change::Campaigns);
        }
        self.sync_activities(client, replica, epoch, touched)
            .await?;
        Ok(active)
    }

    /// Everyone's activities, kept as rows under the key the calendar and My Day open on: the
    /// first time the last months, a month at a time, each month written as it comes; after
    /// that only those updated since the last fill (by the service's own stamps, a day
    /// earlier). Only rows that changed are written; none is read back to merge.
    async fn sync_activities(
        &self,
        client: &Client,
        replica: &Arc<CaseReplica>,
        epoch: usize,
        touched: &mut std::collections::BTreeSet<String>,
    ) -> Result<(), String> {
        use crate::service::activities::{SYNC_MONTHS, changed_since, load_updated, month_windows};
        let started = Utc::now();
        let kept = {
            let replica = replica.clone();
            tokio::task::spawn_blocking(move || replica.activities_kept_at())
                .await
                .map_err(|e| e.to_string())?
        };
        let windows = match kept {
            Some((at, latest)) => {
                let since = changed_since(latest, at);
                self.set_syncing(
                    epoch,
                    format!(
                        "Syncing activities changed since {}: step 4 of 4",
                        since.format(crate::domain::format::DAY)
                    ),
                );
                vec![(since, None)]
            }
            None => month_windows(started.date_naive(), SYNC_MONTHS)
                .into_iter()
                .map(|(start, end)| (start, Some(end)))
                .collect(),
        };
        let months = windows.len();
        for (i, (start, end)) in windows.into_iter().enumerate() {
            if self.epoch() != epoch {
                return Err("the connection changed".into());
            }
            if end.is_some() {
                self.set_syncing(
                    epoch,
                    format!("Syncing activities: {} of {months} months", i + 1),
                );
            }
            let changed = self.answered(load_updated(client, start, end).await)?;
            let last = i + 1 == months;
            let fills = last && kept.is_none();
            if fills {
                // Counted before the write that lets the store answer the screens: a screen
                // that reads it from then on is not sent to read again when this is told.
                self.note_activities_change();
            }
            let replica = replica.clone();
            let written = tokio::task::spawn_blocking(move || {
                replica.keep_activities(&changed, last.then_some(started))
            })
            .await
            .map_err(|e| e.to_string())?
            .map_err(|e| e.to_string())?;
            if fills {
                // The store now answers every screen: the screens that read before are told.
                self.tell_changes_noted(&[Change::Activities]);
            }
            if end.is_none() {
                // The cases of activities new or changed since they were kept (bounded: past
                // the limit every case is read anyway).
                for case in written {
                    if touched.len() > MAX_CHANGED_CASES {
                        break;
                    }
                    touched.insert(case);
                }
            }
        }
        Ok(())
    }
}
