//! Pure rules over API types (case rows, calendar, occupancy, move-in, unit import), tested
//! without egui.

pub mod activity_draft;
pub mod calendar;
pub mod campaigns;
pub mod cases;
pub mod csv_export;
pub mod format;
pub mod individual_draft;
pub mod move_in;
pub mod my_day;
pub mod occupancy;
pub mod plugin;
pub mod unit_import;
pub mod user_draft;
