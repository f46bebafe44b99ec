//! Where the navigation goes: one place per pane, in the side bar's order (Ctrl+1…). It names
//! the panes without holding them, so a command can say "go to the Outbox" without the commands
//! depending on the panes (`panes::Panes` holds one of each).

use leasedesk_i18n::tr;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Nav {
    Search,
    Calendar,
    Inventory,
    MoveIn,
    Campaigns,
    Admissions,
    Sales,
    Users,
    Plugin,
    Outbox,
    Settings,
}

impl Nav {
    pub const ALL: &'static [Nav] = &[
        Nav::Search,
        Nav::Calendar,
        Nav::Inventory,
        Nav::MoveIn,
        Nav::Campaigns,
        Nav::Admissions,
        Nav::Sales,
        Nav::Users,
        Nav::Plugin,
        Nav::Outbox,
        Nav::Settings,
    ];

    /// Shown in the navigation and the palette ("Go to …"), in the window's language.
    pub fn title(self) -> String {
        match self {
            Nav::Search => tr!("nav-search"),
            Nav::Calendar => tr!("nav-calendar"),
            Nav::Inventory => tr!("nav-inventory"),
            Nav::MoveIn => tr!("nav-move-in"),
            Nav::Campaigns => tr!("nav-campaigns"),
            Nav::Admissions => tr!("nav-admissions"),
            Nav::Sales => tr!("nav-sales"),
            Nav::Users => tr!("nav-users"),
            Nav::Plugin => tr!("nav-plugin"),
            Nav::Outbox => tr!("nav-outbox"),
            Nav::Settings => tr!("nav-settings"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_place_is_listed_once_with_its_own_title() {
        let titles: std::collections::HashSet<_> = Nav::ALL.iter().map(|n| n.title()).collect();
        assert_eq!(titles.len(), Nav::ALL.len());
        for nav in Nav::ALL {
            // The list and the match agree: each place is in ALL exactly once.
            assert_eq!(Nav::ALL.iter().filter(|n| *n == nav).count(), 1);
        }
    }
}

/// The views of Sales (its tabs), each reachable from the palette.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SalesView {
    #[default]
    Funnel,
    Forecast,
    TeamBoard,
    LostLeads,
    Sources,
    Calls,
    Benchmarks,
    Partners,
    Region,
}

impl SalesView {
    pub const ALL: [SalesView; 9] = [
        SalesView::Funnel,
        SalesView::Forecast,
        SalesView::TeamBoard,
        SalesView::LostLeads,
        SalesView::Sources,
        SalesView::Calls,
        SalesView::Benchmarks,
        SalesView::Partners,
        SalesView::Region,
    ];

    pub fn label(self) -> String {
        match self {
            SalesView::Funnel => tr!("sales-view-funnel"),
            SalesView::Forecast => tr!("sales-view-forecast"),
            SalesView::TeamBoard => tr!("sales-view-team-board"),
            SalesView::LostLeads => tr!("sales-view-lost-leads"),
            SalesView::Sources => tr!("sales-view-sources"),
            SalesView::Calls => tr!("sales-view-calls"),
            SalesView::Benchmarks => tr!("sales-view-benchmarks"),
            SalesView::Partners => tr!("sales-view-partners"),
            SalesView::Region => tr!("sales-view-region"),
        }
    }
}
