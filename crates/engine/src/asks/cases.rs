//! A case and its parts, as the case view shows them.

use super::{Request, WholeCase};
use crate::answer_keys;
use crate::api::Client;
use crate::api::model::{
    Activity, Address, HousingContract, HousingContractQuery, Records, Transaction,
};
use crate::service::cases;

/// The case numbered `number` and its people (`known`: what the search row already holds).
pub fn whole_case(
    number: &str,
    known: Option<crate::api::model::SearchCase>,
) -> Request<WholeCase> {
    let number = number.to_owned();
    Request::kept(answer_keys::case(&number, ""), move |_, client: Client| {
        cases::load_whole(client, number.clone(), known.clone())
    })
}

pub fn addresses(case: &str, people: Vec<i64>) -> Request<Records<Address>> {
    Request::kept(
        answer_keys::case(case, "addresses"),
        move |_, client: Client| cases::addresses_of(client, people.clone()),
    )
}

pub fn activities(case: &str, people: Vec<i64>) -> Request<Records<Activity>> {
    Request::kept(
        answer_keys::case(case, "activities"),
        move |_, client: Client| cases::activities_of(client, people.clone()),
    )
}

pub fn contracts(case: &str) -> Request<Records<HousingContract>> {
    let query = HousingContractQuery {
        case_number: Some(case.to_owned()),
        ..Default::default()
    };
    Request::kept(
        answer_keys::case(case, "contracts"),
        move |_, client: Client| {
            let query = query.clone();
            async move { client.housing_contracts(&query).await }
        },
    )
}

pub fn transactions(case: &str) -> Request<Records<Transaction>> {
    let number = case.to_owned();
    Request::kept(
        answer_keys::case(case, "transactions"),
        move |_, client: Client| cases::transactions_of(client, number.clone()),
    )
}

/// What was typed on this desk to reach the people of case `number` (the service cannot keep
/// it), the latest first.
pub fn typed_contacts(number: &str) -> Request<Vec<crate::domain::outreach::TypedContact>> {
    let number = number.to_owned();
    Request::read(move |backend: crate::Backend, _| {
        let number = number.clone();
        async move {
            // Says nothing about whether the service can be reached.
            crate::answered_from_store();
            let Some(store) = backend.store() else {
                return Ok(Vec::new());
            };
            Ok(
                tokio::task::spawn_blocking(move || store.typed_contacts(&number))
                    .await
                    .unwrap_or_default(),
            )
        }
    })
}
