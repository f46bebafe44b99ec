//! The real app, driven through its accessibility tree with egui_kittest, against an embedded
//! sandbox (fixed clock, in memory). No display is needed.

mod calendar;
mod campaigns;
mod inventory;
mod search;
mod settings;
mod support;
