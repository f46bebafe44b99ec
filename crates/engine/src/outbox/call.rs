//! Each kind of write and the one API call that sends it: used by the first send
//! (`asks::writes`) and by the outbox's replay alike. A kind is a type, so a write of one kind
//! cannot be handed to another kind's call, and a new kind does not compile until it has its
//! call and its replay.

use std::future::Future;

use crate::api::model::{
    Acknowledgement, ActivitiesCreated, HousingContractsCreated, IndividualsCreated, UnitsCreated,
};
use crate::api::{ApiError, Client};
use crate::store::outbox::{
    ActivityWrite, AdmissionWrite, CampaignMoveWrite, IndividualWrite, MoveInWrite, QueuedWrite,
    UnitsWrite,
};

/// A write and the call that sends it.
pub trait Call: Into<QueuedWrite> + Clone + Send + Sync + 'static {
    /// What the service answers when it takes the write.
    type Answer: Send + 'static;

    /// The request, ready to send (it owns what it sends, so it outlives the write).
    fn call(
        &self,
        client: &Client,
    ) -> impl Future<Output = Result<Self::Answer, ApiError>> + Send + use<Self>;
}

impl Call for ActivityWrite {
    type Answer = ActivitiesCreated;

    fn call(
        &self,
        client: &Client,
    ) -> impl Future<Output = Result<ActivitiesCreated, ApiError>> + Send + use<> {
        let (client, body) = (client.clone(), (*self.body).clone());
        async move { client.create_activities(vec![body]).await }
    }
}

impl Call for IndividualWrite {
    type Answer = IndividualsCreated;

    fn call(
        &self,
        client: &Client,
    ) -> impl Future<Output = Result<IndividualsCreated, ApiError>> + Send + use<> {
        let (client, body) = (client.clone(), (*self.body).clone());
        async move { client.create_individuals(vec![body]).await }
    }
}

impl Call for CampaignMoveWrite {
    /// The acknowledgement says nothing the board needs.
    type Answer = ();

    fn call(&self, client: &Client) -> impl Future<Output = Result<(), ApiError>> + Send + use<> {
        let (client, body) = (client.clone(), self.body.clone());
        async move { client.add_campaign_individuals(&body).await.map(|_| ()) }
    }
}

impl Call for MoveInWrite {
    type Answer = HousingContractsCreated;

    fn call(
        &self,
        client: &Client,
    ) -> impl Future<Output = Result<HousingContractsCreated, ApiError>> + Send + use<> {
        let (client, body) = (client.clone(), (*self.body).clone());
        async move { client.create_housing_contract(&body).await }
    }
}

impl Call for AdmissionWrite {
    type Answer = Acknowledgement;

    fn call(
        &self,
        client: &Client,
    ) -> impl Future<Output = Result<Acknowledgement, ApiError>> + Send + use<> {
        let (client, body) = (client.clone(), self.body.clone());
        async move { client.update_admission(&body).await }
    }
}

impl Call for UnitsWrite {
    type Answer = UnitsCreated;

    /// Every unit in one request (the replay sends only the missing ones, in batches, each
    /// batch a `UnitsWrite` of its own).
    fn call(
        &self,
        client: &Client,
    ) -> impl Future<Output = Result<UnitsCreated, ApiError>> + Send + use<> {
        let client = client.clone();
        let units = self.units.iter().map(|q| q.unit.clone()).collect();
        async move { client.create_units(units).await }
    }
}
