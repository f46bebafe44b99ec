//! The writes panes and dialogs make, each sent by the one path every write takes
//! ([`Backend::send_or_queue`]): sent now, or kept in the outbox behind what already waits and
//! replayed from there, and told to the panes once it lands. The outbox entry a write replaces
//! ("Edit and send again") is discarded once the new one is saved.

use super::{Backend, Create, CreateError, Request};
use crate::SentOrQueued;
use crate::api::Client;
use crate::api::model::{
    Acknowledgement, ActivitiesCreated, HousingContractsCreated, IndividualsCreated, UnitsCreated,
};
use crate::outbox::call::Call;
use crate::store::outbox::{
    ActivityWrite, AdmissionWrite, CampaignMoveWrite, IndividualWrite, MoveInWrite, UnitsWrite,
};

fn send_or_queue<W: Call>(write: W, replacing: Option<i64>) -> Request<SentOrQueued<W::Answer>> {
    Request::write_or_queue(move |backend: Backend, client: Client| {
        let sending = write.call(&client);
        let write = write.clone().into();
        async move {
            let saved = backend.send_or_queue(write, sending).await;
            if saved.is_ok()
                && let Some(id) = replacing
            {
                backend.outbox().discard_queued(id);
            }
            saved
        }
    })
}

/// An activity.
pub fn log_activity(
    write: ActivityWrite,
    replacing: Option<i64>,
) -> Request<SentOrQueued<ActivitiesCreated>> {
    send_or_queue(write, replacing)
}

/// A new individual; their inquiry is logged by the dialog.
pub fn new_individual(
    write: IndividualWrite,
    replacing: Option<i64>,
) -> Request<SentOrQueued<IndividualsCreated>> {
    send_or_queue(write, replacing)
}

/// A card moved or people added on a campaign board.
pub fn campaign_move(write: CampaignMoveWrite) -> Request<SentOrQueued<()>> {
    send_or_queue(write, None)
}

/// A move-in.
pub fn move_in(write: MoveInWrite) -> Request<SentOrQueued<HousingContractsCreated>> {
    send_or_queue(write, None)
}

/// A requirement marked met or not.
pub fn admission_update(write: AdmissionWrite) -> Request<SentOrQueued<Acknowledgement>> {
    send_or_queue(write, None)
}

/// New units from the form.
pub fn new_units(write: UnitsWrite) -> Request<SentOrQueued<UnitsCreated>> {
    send_or_queue(write, None)
}

/// A new individual's inquiry, once they exist: created and checked (`service::follow_up`).
pub fn inquiry(create: Create) -> Request<Result<i64, CreateError>> {
    Request::write(move |_, client: Client| {
        let create = create.clone();
        async move { Ok(crate::service::follow_up::create_one(&client, &create).await) }
    })
}
