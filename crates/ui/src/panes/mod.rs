//! The panes of the navigation. Each is one module (a folder for a big one) holding one struct
//! with its own state, implementing [`Pane`]. Adding a pane means one file and one line in the
//! `panes!` list below.

pub mod admissions;
pub mod calendar;
pub mod campaigns;
pub mod cases;
pub mod inventory;
pub mod move_in;
pub mod outbox;
pub mod plugin;
pub mod sales;
pub mod settings;
pub mod users;

pub use super::context::AppCtx;

pub use super::nav::Nav;
pub use crate::engine::Change;

/// A pane: a drawing function, the kinds of record it shows, and a way to forget what it
/// loaded (when the connection changes). Its title is its [`Nav`]'s.
pub trait Pane {
    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx);

    /// Forgets everything that came from the service.
    fn reset(&mut self);

    /// The kinds of record it shows: a change of one of them comes to [`Pane::changed`].
    fn shows(&self) -> &'static [Change] {
        &[]
    }

    /// One of the kinds it shows changed (this desk's write, a sync's, a colleague's): it
    /// reads what it shows again, keeping it on screen until the new answer is in.
    fn changed(&mut self, _change: Change, _ctx: &AppCtx) {}

    /// What can be done to what is selected in it (an open case), for the palette: each
    /// command with whom it acts on.
    fn selected_actions(&self) -> Vec<(crate::commands::Command, String)> {
        Vec::new()
    }
}

/// Declares the panes once: the `Panes` struct holding one of each, and the dispatch from a
/// [`Nav`] to its pane (a place without a pane does not compile).
macro_rules! panes {
    ($($nav:ident => $field:ident: $ty:ty,)*) => {
        #[derive(Default)]
        pub struct Panes {
            $(pub $field: $ty,)*
        }

        impl Panes {
            pub fn ui(&mut self, nav: Nav, ui: &mut egui::Ui, ctx: &mut AppCtx) {
                match nav {
                    $(Nav::$nav => self.$field.ui(ui, ctx),)*
                }
            }

            pub fn reset(&mut self) {
                $(self.$field.reset();)*
            }

            /// What can be done to what is selected in the pane `nav` shows.
            pub fn selected_actions(&self, nav: Nav) -> Vec<(crate::commands::Command, String)> {
                match nav {
                    $(Nav::$nav => self.$field.selected_actions(),)*
                }
            }

            /// Passes a change to every pane that shows its kind.
            pub fn changed(&mut self, change: Change, ctx: &AppCtx) {
                $(if self.$field.shows().contains(&change) {
                    self.$field.changed(change, ctx);
                })*
            }
        }
    };
}

panes! {
    Search => cases: cases::Cases,
    Calendar => calendar: calendar::Calendar,
    Inventory => inventory: inventory::Inventory,
    MoveIn => move_in: move_in::MoveInWizard,
    Campaigns => campaigns: campaigns::Campaigns,
    Admissions => admissions: admissions::Admissions,
    Sales => sales: sales::Sales,
    Users => users: users::Users,
    Plugin => plugin: plugin::Plugin,
    Outbox => outbox: outbox::OutboxPane,
    Settings => settings: settings::Settings,
}

impl Panes {
    /// Copies each pane's filters into the preferences (saved when they change).
    pub fn save_filters(&self, f: &mut crate::prefs::PaneFilters) {
        self.calendar.save_filters(f);
        self.inventory.save_filters(f);
        self.admissions.save_filters(f);
        self.sales.save_filters(f);
    }

    /// Puts the remembered filters back (at start, and after a change of connection).
    pub fn restore_filters(&mut self, f: &crate::prefs::PaneFilters) {
        self.calendar.restore_filters(f);
        self.inventory.restore_filters(f);
        self.admissions.restore_filters(f);
        self.sales.restore_filters(f);
    }
}
