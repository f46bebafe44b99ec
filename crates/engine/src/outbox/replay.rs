//! Sending what the outbox keeps once the service is back: in the order the writes were made,
//! one at a time, each marked "sending" on disk before it leaves, and one whose outcome is
//! unknown looked for on the service before it is sent again.

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use crate::{Backend, ClientState};
use std::collections::HashSet;

use super::call::Call;
use crate::api::model::{HousingContractQuery, SearchQuery, UnitQuery};
use crate::api::{ApiError, Client};
use crate::domain::activity_draft::{ActivityDraft, Who};
use crate::domain::individual_draft::{find_created, recognisable};
use crate::domain::move_in::{MoveInDraft, find_submitted};
use crate::service::follow_up::{Create, CreateError, create_checked, look_for, settle_answer};
use crate::store::outbox::{
    ActivityWrite, AdmissionWrite, IndividualWrite, Outbox, QueueState, Queued, QueuedUnit,
    QueuedWrite, UnitsWrite, WhyRefused,
};

impl Backend {
    async fn replay(&self, client: &Client, outbox: &Arc<Outbox>, epoch: usize) {
        let entries: Vec<Queued> = outbox
            .entries()
            .iter()
            .filter(|e| !matches!(e.state, QueueState::Refused(_)))
            .cloned()
            .collect();
        for entry in entries {
            if self.connection().epoch() != epoch {
                return;
            }
            let look_first = entry.state == QueueState::Sending;
            // On disk before it leaves: if the app stops now, the next run looks first. Taken
            // only if no one else took it since it was read, so it leaves once.
            match claim(outbox, entry.id).await {
                Some(true) => {}
                Some(false) => {
                    tracing::info!(id = entry.id, "a queued write was taken by another sender");
                    continue;
                }
                None => return,
            }
            let sent = self.send_queued(client, &entry.write, look_first).await;
            let delivered = matches!(sent, Sent::Delivered);
            let next = match sent {
                Sent::Delivered => {
                    tracing::info!(id = entry.id, "a queued write was delivered");
                    self.keep_delivered(&entry);
                    self.sent(entry.write.changes());
                    None
                }
                Sent::Refused(why) => Some(QueueState::Refused(why)),
                Sent::Later(state) => {
                    // One whose outcome was unknown stays so until a look settles it: a look
                    // that failed (no connection) settled nothing.
                    let state = if look_first {
                        QueueState::Sending
                    } else {
                        state
                    };
                    set_state(outbox, entry.id, Some(state)).await;
                    return;
                }
            };
            if !set_state(outbox, entry.id, next).await {
                return;
            }
            // Counted once it has left the outbox: a frame between the two would hear a save
            // land while the change still waits ("1 change waits") and never hear the rest.
            if delivered {
                self.count_delivered();
            }
            self.events().wake();
        }
    }
}

impl crate::OutboxRoom<'_> {
    /// Sends what waits, unless a replay is running or nothing waits.
    pub fn replay(&self) {
        let Some(outbox) = self.0.queue() else {
            return;
        };
        let waiting = outbox
            .entries()
            .iter()
            .any(|e| !matches!(e.state, QueueState::Refused(_)));
        if !waiting || self.0.connection().working_offline() {
            return;
        }
        let offline = &self.0.inner.outbox;
        if offline.replaying.swap(true, Ordering::SeqCst) {
            // One runs: it goes round once more when done, so a Send now (or the service
            // coming back) while it fails is not lost.
            offline.replay_again.store(true, Ordering::SeqCst);
            return;
        }
        let (me, epoch) = (self.0.clone(), self.0.connection().epoch());
        self.0.run(async move {
            loop {
                me.inner.outbox.replay_again.store(false, Ordering::SeqCst);
                let client = match me.client_state() {
                    ClientState::Ready(client) => Some(client),
                    _ => None,
                };
                if let Some(client) = client {
                    me.replay(&client, &outbox, epoch).await;
                }
                if !me.inner.outbox.replay_again.load(Ordering::SeqCst) {
                    break;
                }
            }
            me.inner.outbox.replaying.store(false, Ordering::SeqCst);
            // Asked for between the last look and now.
            if me.inner.outbox.replay_again.swap(false, Ordering::SeqCst) {
                me.outbox().replay();
            }
            me.events().wake();
        });
    }
}

/// How sending one queued write went.
enum Sent {
    Delivered,
    Refused(WhyRefused),
    /// Not now (no connection, the service busy, the outcome unknown): stop, in this state.
    Later(QueueState),
}

impl Backend {
    /// A send that failed: set aside when refused, else later (as `unknown` when its outcome
    /// is not known, so it is looked for first).
    fn not_sent(&self, e: ApiError, unknown: QueueState) -> Sent {
        self.connection().note_reach(&Err::<(), _>(e.clone()));
        if refused(&e) {
            Sent::Refused(WhyRefused::Service(refusal(&e)))
        } else if matches!(e, ApiError::OutcomeUnknown { .. }) {
            Sent::Later(unknown)
        } else {
            Sent::Later(QueueState::Waiting)
        }
    }

    /// Sends a write, after a lost answer (`arrived` given) looking for it on the service
    /// first; one that may have arrived stays "sending".
    async fn look_then_send<T>(
        &self,
        arrived: Option<impl Future<Output = Result<bool, ApiError>>>,
        send: impl Future<Output = Result<T, ApiError>>,
    ) -> Sent {
        if let Some(arrived) = arrived {
            match arrived.await {
                Ok(true) => return Sent::Delivered,
                Ok(false) => {}
                Err(e) => return self.not_sent(e, QueueState::Sending),
            }
        }
        match send.await {
            Ok(_) => {
                self.connection().note_reach(&Ok::<(), ApiError>(()));
                Sent::Delivered
            }
            Err(e) => self.not_sent(e, QueueState::Sending),
        }
    }

    /// Sends a queued write by its kind's call (`outbox::call`), the one its first send used.
    async fn send_queued(&self, client: &Client, write: &QueuedWrite, look_first: bool) -> Sent {
        match write {
            QueuedWrite::LogActivity(write) => self.send_activity(client, write, look_first).await,
            QueuedWrite::AdmissionUpdate(write) => {
                let arrived = look_first.then(|| admission_arrived(client, write));
                self.look_then_send(arrived, write.call(client)).await
            }
            QueuedWrite::NewIndividual(write) => {
                self.send_individual(client, write, look_first).await
            }
            QueuedWrite::MoveIn(write) => {
                let arrived = look_first.then(|| move_in_arrived(client, &write.draft));
                self.look_then_send(arrived, write.call(client)).await
            }
            QueuedWrite::NewUnits(write) => self.send_units(client, write).await,
            // Setting a status twice changes nothing, so a lost answer is simply sent again.
            QueuedWrite::CampaignMove(write) => match write.call(client).await {
                Ok(_) => {
                    self.connection().note_reach(&Ok::<(), ApiError>(()));
                    Sent::Delivered
                }
                Err(e) => self.not_sent(e, QueueState::Waiting),
            },
        }
    }

    /// Sends a queued activity, after a lost answer looking for it first; one sent and not
    /// found afterwards is sent again later, looked for first every time (it may yet appear,
    /// or an earlier try may have landed).
    async fn send_activity(
        &self,
        client: &Client,
        write: &ActivityWrite,
        look_first: bool,
    ) -> Sent {
        let create = Create {
            body: (*write.body).clone(),
            type_name: write.type_name.clone(),
        };
        let settled = if look_first {
            match look_for(client, &create).await {
                Ok(Some(id)) => Ok(id),
                Ok(None) => settle_answer(client, &create, write.call(client).await).await,
                Err(e) => Err(e),
            }
        } else {
            settle_answer(client, &create, write.call(client).await).await
        };
        match settled {
            Ok(_) => {
                self.connection().note_reach(&Ok::<(), ApiError>(()));
                Sent::Delivered
            }
            Err(CreateError::Failed(e)) => self.not_sent(e, QueueState::Sending),
            Err(CreateError::NotSaved) => Sent::Later(QueueState::Sending),
            // It may be on the service: stays "sending", looked for next time.
            Err(CreateError::Unknown(e)) => self.not_sent(e, QueueState::Sending),
        }
    }
}

impl Backend {
    /// Creates the queued units that are not on the service yet (read first, every time:
    /// whatever a lost answer or an earlier batch created is not sent again), in batches.
    async fn send_units(&self, client: &Client, write: &UnitsWrite) -> Sent {
        let failed = |e: ApiError| self.not_sent(e, QueueState::Sending);
        let existing: HashSet<(i64, String)> = match client.units(&UnitQuery::default()).await {
            Ok(known) => known
                .iter()
                .map(|u| (u.community_id, u.number.to_lowercase()))
                .collect(),
            Err(e) => return failed(e),
        };
        let missing: Vec<QueuedUnit> = write
            .units
            .iter()
            .filter(|q| !existing.contains(&(q.community_id, q.unit.number.0.to_lowercase())))
            .cloned()
            .collect();
        for batch in missing.chunks(crate::service::unit_import::BATCH_SIZE) {
            let batch = UnitsWrite {
                units: batch.to_vec(),
                summary: write.summary.clone(),
            };
            if let Err(e) = batch.call(client).await {
                return failed(e);
            }
        }
        self.connection().note_reach(&Ok::<(), ApiError>(()));
        Sent::Delivered
    }

    /// Creates a queued individual (unless a lost answer's create is found on the service),
    /// then their inquiry; an inquiry that cannot be sent now waits in the outbox itself.
    async fn send_individual(
        &self,
        client: &Client,
        write: &IndividualWrite,
        look_first: bool,
    ) -> Sent {
        let (draft, inquiry) = (&write.draft, write.inquiry.as_ref());
        let failed = |e: ApiError| self.not_sent(e, QueueState::Sending);
        let found = if look_first {
            if !recognisable(draft) {
                return Sent::Refused(WhyRefused::CannotTell {
                    name: format!("{} {}", draft.first_name.trim(), draft.last_name.trim()),
                });
            }
            let query = SearchQuery {
                first_name: Some(draft.first_name.trim().to_owned()),
                last_name: Some(draft.last_name.trim().to_owned()),
                page_size: Some(200),
                ..SearchQuery::default()
            };
            match client.search(&query).await {
                Ok(page) => find_created(&page.cases, draft),
                Err(e) => return failed(e),
            }
        } else {
            None
        };
        let (id, case_number) = match found {
            Some(found) => found,
            None => match write.call(client).await {
                Ok(created) => match created.individuals.first() {
                    Some(c) => (c.individual_id, c.case_number.clone()),
                    None => return Sent::Delivered,
                },
                Err(e) => return failed(e),
            },
        };
        self.connection().note_reach(&Ok::<(), ApiError>(()));
        let Some(plan) = inquiry else {
            return Sent::Delivered;
        };
        let Some(activity) = crate::domain::individual_draft::inquiry(
            draft,
            id,
            &case_number,
            plan.type_id,
            plan.at,
        ) else {
            return Sent::Delivered;
        };
        let who = Who {
            individual_id: id,
            case_number,
            name: format!("{} {}", draft.first_name.trim(), draft.last_name.trim()),
        };
        let shown = ActivityDraft {
            type_id: Some(plan.type_id),
            who: Some(who),
            date: crate::domain::format::day(plan.at.date_naive()),
            start: plan.at.format(crate::domain::format::TIME_24).to_string(),
            completed: true,
            source_id: draft.source_id,
            communities: draft.communities.clone(),
            description: activity.description.clone().unwrap_or_default(),
            ..ActivityDraft::default()
        };
        let create = Create {
            body: activity.clone(),
            type_name: plan.type_name.clone(),
        };
        let later = match create_checked(client, &create, false).await {
            Ok(_) => return Sent::Delivered,
            Err(CreateError::Unknown(_)) => QueueState::Sending,
            Err(_) => QueueState::Waiting,
        };
        // The person exists; the inquiry waits on its own, in the outbox.
        let write = ActivityWrite::new(&shown, activity, plan.type_name.clone());
        self.queue_write(write.into(), later).await;
        Sent::Delivered
    }
}

/// Whether an admission update whose answer was lost is on the service: its requirement is in
/// the state it set.
async fn admission_arrived(client: &Client, write: &AdmissionWrite) -> Result<bool, ApiError> {
    let (body, community_id) = (&write.body, write.community_id);
    let (Some(case_id), Some(met_id)) = (body.case_id, body.admission_met_id) else {
        return Ok(false);
    };
    let list = client.admission_requirements(case_id, community_id).await?;
    Ok(list.iter().any(|r| {
        r.admission_met_id == met_id
            && Some(r.is_met) == body.is_met
            && Some(r.activity_result_id) == body.activity_result_id
    }))
}

/// Whether a move-in whose answer was lost is on the service (the wizard's own check).
async fn move_in_arrived(client: &Client, draft: &MoveInDraft) -> Result<bool, ApiError> {
    let Some(first) = draft.movers.first() else {
        return Ok(false);
    };
    let query = HousingContractQuery {
        individual_id: Some(first.individual_id),
        ..Default::default()
    };
    let contracts = client.housing_contracts(&query).await?;
    Ok(find_submitted(&contracts, draft).is_some())
}

/// What the service said when it refused a change: its own words where it gave them.
fn refusal(error: &ApiError) -> String {
    match error {
        ApiError::Invalid { message }
        | ApiError::NotFound { message }
        | ApiError::Status { message, .. } => message.clone(),
        other => other.to_string(),
    }
}

/// A refusal that sending again unchanged will not cure (a 4xx other than a rate limit or a
/// key problem, which Settings or time fix).
fn refused(error: &ApiError) -> bool {
    matches!(error, ApiError::Invalid { .. } | ApiError::NotFound { .. })
        || matches!(error, ApiError::Status { status, .. } if (400..500).contains(status) && *status != 429)
}

/// Claims an entry on a blocking thread: `Some(false)` when it is someone else's, `None` when
/// the disk failed.
async fn claim(outbox: &Arc<Outbox>, id: i64) -> Option<bool> {
    let outbox = outbox.clone();
    match tokio::task::spawn_blocking(move || outbox.claim(id)).await {
        Ok(Ok(mine)) => Some(mine),
        _ => {
            tracing::error!(id, "the outbox could not be written");
            None
        }
    }
}

/// Changes (or with `None`, removes) an entry on a blocking thread; false when the disk failed.
async fn set_state(outbox: &Arc<Outbox>, id: i64, state: Option<QueueState>) -> bool {
    let outbox = outbox.clone();
    let done = tokio::task::spawn_blocking(move || match state {
        Some(state) => outbox.set_state(id, state),
        None => outbox.remove(id),
    })
    .await;
    match done {
        Ok(Ok(())) => true,
        _ => {
            tracing::error!(id, "the outbox could not be written");
            false
        }
    }
}
