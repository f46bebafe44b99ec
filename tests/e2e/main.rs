//! End to end: the API client against a running sandbox over loopback HTTP.
//!
//! Set `LEASEDESK_TEST_API`, `LEASEDESK_TEST_KEY` and `LEASEDESK_TEST_PORTAL` to run the same
//! suite against another server holding the demo seed (tests that need the embedded sandbox's
//! fixed clock, second portal or process control then skip themselves).

mod access;
mod activities;
mod admission;
mod audit;
mod calls;
mod campaigns;
mod catalog;
mod contact;
mod durability;
mod flood;
#[path = "../common/funnel_by_hand.rs"]
mod funnel_by_hand;
mod hostile;
mod housing;
#[path = "../common/lost_by_hand.rs"]
mod lost_by_hand;
mod partners;
mod people;
mod process;
mod region;
mod report;
#[path = "../common/speed_by_hand.rs"]
mod speed_by_hand;
mod support;
mod training;
mod users;
