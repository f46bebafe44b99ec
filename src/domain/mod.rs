//! Pure rules over API types (case rows, sorting, CSV today; overdue, occupancy and RSVP counts
//! as their panes arrive), tested without egui.

pub mod calendar;
pub mod cases;
