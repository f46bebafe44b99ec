//! Pure rules over API types (overdue, occupancy, vacancy, RSVP counts), tested without egui.
