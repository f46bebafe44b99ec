//! Pure rules over API types (case rows, calendar, occupancy, move-in, unit import), tested
//! without egui.

pub mod calendar;
pub mod campaigns;
pub mod cases;
pub mod move_in;
pub mod occupancy;
pub mod unit_import;
