//! The writes panes and dialogs make, each sent by the one path every write takes
//! ([`Backend::send_or_queue`]): sent now, or kept in the outbox behind what already waits and
//! replayed from there, and told to the panes once it lands. The outbox entry a write replaces
//! ("Edit and send again") is discarded once the new one is saved.

use std::future::Future;

use super::{Backend, Create, CreateError, Request};
use crate::api::model::{
    Acknowledgement, ActivitiesCreated, HousingContractsCreated, IndividualsCreated, UnitsCreated,
};
use crate::api::{ApiError, Client};
use crate::{QueuedWrite, SentOrQueued};

fn send_or_queue<T, F, Fut>(
    write: QueuedWrite,
    replacing: Option<i64>,
    send: F,
) -> Request<SentOrQueued<T>>
where
    T: Send + 'static,
    F: Fn(Client, &QueuedWrite) -> Option<Fut> + Send + Sync + 'static,
    Fut: Future<Output = Result<T, ApiError>> + Send + 'static,
{
    Request::write_or_queue(move |backend: Backend, client: Client| {
        let sending = send(client, &write);
        let write = write.clone();
        async move {
            let Some(sending) = sending else {
                return Err(ApiError::Config {
                    message: format!("{} cannot be sent this way", write.summary()),
                });
            };
            let saved = backend.send_or_queue(write, sending).await;
            if saved.is_ok()
                && let Some(id) = replacing
            {
                backend.discard_queued(id);
            }
            saved
        }
    })
}

/// An activity (`QueuedWrite::LogActivity`).
pub fn log_activity(
    write: QueuedWrite,
    replacing: Option<i64>,
) -> Request<SentOrQueued<ActivitiesCreated>> {
    send_or_queue(write, replacing, |client, write| match write {
        QueuedWrite::LogActivity { body, .. } => {
            let body = (**body).clone();
            Some(async move { client.create_activities(vec![body]).await })
        }
        _ => None,
    })
}

/// A new individual (`QueuedWrite::NewIndividual`); their inquiry is logged by the dialog.
pub fn new_individual(
    write: QueuedWrite,
    replacing: Option<i64>,
) -> Request<SentOrQueued<IndividualsCreated>> {
    send_or_queue(write, replacing, |client, write| match write {
        QueuedWrite::NewIndividual { body, .. } => {
            let body = (**body).clone();
            Some(async move { client.create_individuals(vec![body]).await })
        }
        _ => None,
    })
}

/// A card moved or people added on a campaign board (`QueuedWrite::CampaignMove`).
pub fn campaign_move(write: QueuedWrite) -> Request<SentOrQueued<()>> {
    send_or_queue(write, None, |client, write| match write {
        QueuedWrite::CampaignMove { body, .. } => {
            let body = body.clone();
            Some(async move { client.add_campaign_individuals(&body).await.map(|_| ()) })
        }
        _ => None,
    })
}

/// A move-in (`QueuedWrite::MoveIn`).
pub fn move_in(write: QueuedWrite) -> Request<SentOrQueued<HousingContractsCreated>> {
    send_or_queue(write, None, |client, write| match write {
        QueuedWrite::MoveIn { body, .. } => {
            let body = (**body).clone();
            Some(async move { client.create_housing_contract(&body).await })
        }
        _ => None,
    })
}

/// A requirement marked met or not (`QueuedWrite::AdmissionUpdate`).
pub fn admission_update(write: QueuedWrite) -> Request<SentOrQueued<Acknowledgement>> {
    send_or_queue(write, None, |client, write| match write {
        QueuedWrite::AdmissionUpdate { body, .. } => {
            let body = body.clone();
            Some(async move { client.update_admission(&body).await })
        }
        _ => None,
    })
}

/// New units from the form (`QueuedWrite::NewUnits`).
pub fn new_units(write: QueuedWrite) -> Request<SentOrQueued<UnitsCreated>> {
    send_or_queue(write, None, |client, write| match write {
        QueuedWrite::NewUnits { units, .. } => {
            let units = units.iter().map(|q| q.unit.clone()).collect();
            Some(async move { client.create_units(units).await })
        }
        _ => None,
    })
}

/// A new individual's inquiry, once they exist: created and checked (`service::follow_up`).
pub fn inquiry(create: Create) -> Request<Result<i64, CreateError>> {
    Request::write(move |_, client: Client| {
        let create = create.clone();
        async move { Ok(crate::service::follow_up::create_one(&client, &create).await) }
    })
}
