//! The real app, driven through its accessibility tree with egui_kittest, against an embedded
//! sandbox (fixed clock, in memory). No display is needed.

mod access_log;
mod agent_day;
mod back_online;
mod benchmarks;
mod calendar;
mod calls;
mod campaigns;
mod contact_guard;
mod crash_notice;
mod damaged_store;
mod director;
mod duplicates;
mod family_language;
mod faults;
mod figures;
#[path = "../common/funnel_by_hand.rs"]
mod funnel_by_hand;
mod intake;
mod inventory;
mod keyboard;
#[path = "../common/lost_by_hand.rs"]
mod lost_by_hand;
mod lost_leads;
mod move_in_score;
mod offline;
mod one_truth;
mod outreach;
mod palette;
mod partners;
mod polish;
mod pseudo;
mod pseudo_dialogs;
mod pseudo_move_in;
mod region;
mod resilience;
mod search;
mod security;
mod settings;
mod sources;
mod spanish;
#[path = "../common/speed_by_hand.rs"]
mod speed_by_hand;
mod speed_to_lead;
mod steady;
mod support;
mod sync_cost;
mod targets;
mod team;
mod training;
mod typing;
mod updates;
mod waitlist;
