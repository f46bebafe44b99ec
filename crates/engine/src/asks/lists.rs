//! The type lists the dialogs choose from, kept in the store.

use super::{IntakeLists, Lookups, LostLists, Request};
use crate::answer_keys;
use crate::api::Client;
use crate::service::lookups;

/// Activity types, results, statuses and the users (logging and scheduling).
pub fn lookups() -> Request<Lookups> {
    Request::kept(answer_keys::LOOKUPS, |_, client: Client| {
        lookups::load(client)
    })
}

/// What the new-individual form chooses from.
pub fn intake_lists() -> Request<IntakeLists> {
    Request::kept(answer_keys::INTAKE_LISTS, |_, client: Client| {
        lookups::intake(client)
    })
}

/// The lost reasons and destinations (closing a lead as lost).
pub fn lost_lists() -> Request<LostLists> {
    Request::kept(answer_keys::LOST_LISTS, |_, client: Client| {
        lookups::lost_lists(client)
    })
}

/// The portal's waitlist priorities (WaitlistPriorityType), in its own order.
pub fn waitlist_priorities() -> Request<Vec<String>> {
    Request::kept(answer_keys::WAITLIST_PRIORITIES, |_, client: Client| {
        lookups::waitlist_priorities(client)
    })
}
