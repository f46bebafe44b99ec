//! What the panes and dialogs ask of the engine, in their words, and the writes they make: each
//! a [`Request`] a slot runs (`ui::remote::Slot::ask`). A read names where its answer is kept
//! in the store (`engine::answer_keys`); a write that may wait goes through the outbox
//! ([`Backend::send_or_queue`]), whose arrival tells the panes what changed. The window holds no
//! client and composes no service call: every one of them is here, or below in `service`.
//!
//! The records panes show come with their words (`Lookups`, `InventoryData`, `WholeCase`, ...),
//! re-exported here so the window never names the service layer.

pub mod admissions;
pub mod calendar;
pub mod calls;
pub mod campaigns;
pub mod cases;
pub mod follow_up;
pub mod inventory;
pub mod lists;
pub mod people;
pub mod sales;
pub mod writes;

pub use crate::reads::scores::ScoreAnswer;
pub use crate::service::activities::Loading;
pub use crate::service::cases::WholeCase;
pub use crate::service::inventory::InventoryData;
pub use crate::service::lookups::{IntakeLists, Lookups, LostLists};
pub use crate::service::reports::ReportData;
pub use crate::service::unit_import::Progress as ImportProgress;
pub use follow_up::{Create, CreateError, FollowUpSaved, Parts, Saved, Stopped};

use super::Backend;
use super::request::Request;
