//! Queries more than one route needs (and the seed). Routes depend on the store, never on each
//! other, so a route can be read, changed or removed on its own.

pub mod activities;
pub mod people;
