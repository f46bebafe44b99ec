//! The egui app: panes talk to the API only through the engine's handle; results come back over
//! channels and wake the UI. The UI thread never waits on the network.

pub mod announcer;
pub mod app;
pub mod commands;
pub mod context;
pub mod files;
pub mod focus_ring;
pub mod hand_off;
pub mod modals;
pub mod nav;
pub mod panes;
pub mod person_finder;
pub mod prefs;
pub mod reminders;
pub mod remote;
pub mod renderer;
pub mod scores;
mod secret_text;
pub mod text_scale;
pub mod theme;
pub mod typed_ahead;
pub mod widgets;
pub mod window;

#[cfg(all(test, unix))]
mod layering;

pub use app::{AppConfig, LeaseDeskApp, StartOn};
