//! Region: one row per community of every portal this desk keeps a store of (the sandbox's two
//! demo portals, and each saved connection that keeps an offline copy), read from each
//! portal's own store and never merged. Sortable by any column, exported as CSV; a row's
//! "Open" switches to that portal and shows its figures beside the industry's.

use std::sync::Arc;

use crate::commands::Command;
use crate::domain::format;
use crate::domain::region::{RegionRow, SortBy, csv, sort};
use crate::engine::{Region, RegionPortal, Unread, asks, sandbox_portals};
use crate::files;
use crate::panes::AppCtx;
use crate::remote::Slot;
use crate::widgets::table_a11y;
use crate::widgets::wide_table::{WideRows, WideTable};
use leasedesk_i18n::tr;

/// The columns: what sorts by each, whether a click first sorts it highest first (their
/// titles: [`title`]). "Open" and the community first, held in view when the table scrolls
/// sideways, the portal last.
const COLUMNS: [(SortBy, bool); 12] = [
    (SortBy::Portal, false),
    (SortBy::Community, false),
    (SortBy::Occupancy(0), true),
    (SortBy::Occupancy(1), true),
    (SortBy::Occupancy(2), true),
    (SortBy::Occupancy(3), true),
    (SortBy::Inquiries, true),
    (SortBy::MoveIns, true),
    (SortBy::WithinTwoHours, true),
    (SortBy::TeamScore, true),
    (SortBy::ShortOf, true),
    // Last: the rows of a portal are together, so its name is the least needed in view.
    (SortBy::Portal, false),
];

/// Why a portal has no rows on this desk, in the window's words.
fn unread_words(why: Unread) -> String {
    match why {
        Unread::NoKeyring => tr!("region-unread-no-keyring"),
        Unread::NotKept => tr!("region-unread-not-kept"),
        Unread::NotOpened => tr!("region-unread-not-opened"),
        Unread::Filling => tr!("region-unread-filling"),
        Unread::NotRead => tr!("region-unread-not-read"),
    }
}

/// A column's title, long ones on two lines; the "Open" column has none.
fn title(column: usize) -> String {
    match column {
        1 => tr!("report-col-community"),
        2 => tr!("region-view-now"),
        3 => tr!("region-view-days", days = 30),
        4 => tr!("region-view-days", days = 60),
        5 => tr!("region-view-days", days = 90),
        6 => tr!("region-view-inquiries"),
        7 => tr!("region-view-moved-in"),
        8 => tr!("region-view-within"),
        9 => tr!("region-view-team"),
        10 => tr!("region-col-short"),
        11 => tr!("region-col-portal"),
        _ => String::new(),
    }
}

#[derive(Default)]
pub struct RegionView {
    answer: Slot<Arc<Region>>,
    /// The portals asked for, each with the command that connects to it.
    portals: Vec<(RegionPortal, Command)>,
    sort_by: SortBy,
    descending: bool,
    /// The rows in the order shown, and the answer and order they were sorted for (shared
    /// with each frame's drawing, never copied).
    sorted: Option<(usize, SortBy, bool, Arc<Vec<RegionRow>>)>,
    /// Asked again when next shown.
    pub stale: bool,
    export: files::Status,
}

impl RegionView {
    /// The rows in the order shown.
    pub fn rows(&self) -> &[RegionRow] {
        self.sorted
            .as_ref()
            .map_or(&[], |(.., rows)| rows.as_slice())
    }

    /// The portals read, and for each how many rows or why none.
    pub fn answer(&self) -> Option<&Arc<Region>> {
        self.answer.state.value()
    }

    fn portals_of(ctx: &AppCtx) -> Vec<(RegionPortal, Command)> {
        let [(demo_key, demo), (second_key, second)] = sandbox_portals();
        let mut portals = vec![
            (
                RegionPortal {
                    label: demo.to_owned(),
                    store_key: demo_key,
                },
                Command::ConnectSandbox,
            ),
            (
                RegionPortal {
                    label: second.to_owned(),
                    store_key: second_key,
                },
                Command::ConnectSecondSandbox,
            ),
        ];
        for p in ctx
            .prefs
            .profiles
            .iter()
            .filter(|p| p.keep_offline_copy && !p.training)
        {
            let Ok(portal) = p.portal_id.trim().parse::<i64>() else {
                continue;
            };
            portals.push((
                RegionPortal {
                    label: format!("{} (portal {portal})", p.name),
                    store_key: crate::engine::store_id::profile(&p.name, portal),
                },
                Command::ConnectProfile(p.name.clone()),
            ));
        }
        portals
    }

    fn keep_loaded(&mut self, ctx: &AppCtx) {
        let portals = Self::portals_of(ctx);
        let changed = portals
            .iter()
            .map(|(p, _)| p)
            .ne(self.portals.iter().map(|(p, _)| p));
        let idle = matches!(self.answer.state, crate::remote::Remote::Idle);
        if (changed || self.stale || idle) && !self.answer.state.is_pending() {
            self.stale = false;
            self.portals = portals;
            let asked = self.portals.iter().map(|(p, _)| p.clone()).collect();
            let rules = ctx.prefs.lead_rules.clone();
            self.answer.ask(
                ctx.backend,
                asks::sales::region(asked, ctx.today(), ctx.now, rules),
            );
        }
        self.answer.poll_read(ctx.backend);
    }

    fn sorted_rows(&mut self) -> Option<Arc<Vec<RegionRow>>> {
        let answer = self.answer.state.value()?.clone();
        let key = (Arc::as_ptr(&answer) as usize, self.sort_by, self.descending);
        let fresh = self
            .sorted
            .as_ref()
            .is_some_and(|(a, s, d, _)| (*a, *s, *d) == key);
        if !fresh {
            let mut rows = answer.rows.clone();
            sort(&mut rows, self.sort_by, self.descending);
            self.sorted = Some((key.0, key.1, key.2, Arc::new(rows)));
        }
        self.sorted.as_ref().map(|(.., rows)| rows.clone())
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.keep_loaded(ctx);
        ui.horizontal(|ui| {
            let ready = self.sorted_rows().is_some_and(|r| !r.is_empty());
            if ui
                .add_enabled(ready, egui::Button::new(tr!("region-view-export")))
                .on_hover_text(tr!("region-view-export-hint"))
                .clicked()
                && let Ok(bytes) = csv(self.rows())
            {
                files::save_bytes(
                    ctx.backend,
                    &format!("region-{}.csv", ctx.today()),
                    crate::files::FileKind::Csv,
                    tr!("region-view-the-region"),
                    self.export.clone(),
                    Arc::new(bytes),
                );
            }
            files::status_line_ui(ui, &self.export, ctx.tokens.muted, false);
        });
        self.answer
            .status_slot_ui(ui, ctx, &tr!("region-view-the-region"));
        ui.label(egui::RichText::new(tr!("region-view-about")).color(ctx.tokens.muted));
        let Some(answer) = self.answer.state.value().cloned() else {
            return;
        };
        for (portal, found) in &answer.portals {
            if let Err(why) = found {
                ui.horizontal_wrapped(|ui| {
                    ui.colored_label(
                        ctx.tokens.warning,
                        tr!(
                            "region-view-unread",
                            portal = crate::words::portal_name(&portal.label),
                            why = unread_words(*why)
                        ),
                    );
                    let go = self
                        .portals
                        .iter()
                        .find(|(p, _)| p == portal)
                        .map(|(_, c)| c.clone());
                    if let Some(go) = go
                        && ui.button(tr!("region-view-connect")).clicked()
                    {
                        ctx.send(go);
                    }
                });
            }
        }
        let rows = self.sorted_rows().unwrap_or_default();
        let mut drawn = RegionTable {
            rows: &rows,
            sort_by: self.sort_by,
            descending: self.descending,
            open: None,
        };
        let body = ui.text_style_height(&egui::TextStyle::Body);
        WideTable {
            id_salt: "region",
            name: &tr!("region-view-table"),
            min_widths: &std::array::from_fn::<f32, 12, _>(|i| if i == 0 { 60.0 } else { 24.0 }),
            // "Open" and the community stay in view when the table scrolls sideways.
            sticky: 2,
            heading_height: 2.0 * body + 8.0,
            row_height: ui.spacing().interact_size.y.max(body) + 6.0,
            rows: rows.len(),
            fit_height: false,
        }
        .show(ui, &mut drawn);
        (self.sort_by, self.descending) = (drawn.sort_by, drawn.descending);
        if let Some(label) = drawn.open {
            self.open(ctx, &label);
        }
    }

    /// Shows the portal's own figures: switches to it first when it is not the one in use.
    fn open(&mut self, ctx: &mut AppCtx, label: &str) {
        if label != ctx.portal_label() {
            let go = self
                .portals
                .iter()
                .find(|(p, _)| p.label == label)
                .map(|(_, c)| c.clone());
            if let Some(go) = go {
                ctx.send(go);
            }
        }
        ctx.send(Command::ShowSales(super::Tab::Benchmarks));
    }
}

/// The table as drawn: the rows, the sort as clicked, the row whose "Open" was clicked.
struct RegionTable<'a> {
    rows: &'a [RegionRow],
    sort_by: SortBy,
    descending: bool,
    open: Option<String>,
}

impl WideRows for RegionTable<'_> {
    fn heading_text(&self, column: usize) -> String {
        // Room for the sort arrow.
        if column < COLUMNS.len() {
            format!("{} ⏷", title(column))
        } else {
            String::new()
        }
    }

    fn cell_text(&self, row: usize, column: usize) -> String {
        let Some(r) = self.rows.get(row) else {
            return String::new();
        };
        let share = |s: Option<f64>| format::percent(s);
        match column {
            // The button's frame.
            0 => format!("{}  ", tr!("region-view-open")),
            1 => r.community.clone(),
            2..=5 => share(r.occupancy[column - 2]),
            6 => r.inquiries.to_string(),
            7 => r.move_ins.to_string(),
            8 => share(r.within_two_hours),
            9 => share(r.team_score),
            10 => tr!("region-short-of", short = r.short_of, measured = r.measured),
            // A long portal's name is cut.
            _ => crate::words::portal_name(&r.portal)
                .chars()
                .take(24)
                .collect(),
        }
    }

    fn heading_ui(&mut self, ui: &mut egui::Ui, column: usize) {
        let Some(&(by, highest_first)) = COLUMNS.get(column) else {
            return;
        };
        let title = title(column);
        if title.is_empty() {
            return;
        }
        let sorted = (self.sort_by == by).then_some(self.descending);
        let arrow = match sorted {
            Some(true) => " ⏷",
            Some(false) => " ⏶",
            None => "",
        };
        let heading = ui
            .add(
                egui::Button::new(egui::RichText::new(format!("{title}{arrow}")).strong())
                    .frame(false),
            )
            .on_hover_text(tr!("region-view-sort"));
        table_a11y::column_header(&heading, column, sorted);
        if heading.clicked() {
            if self.sort_by == by {
                self.descending = !self.descending;
            } else {
                (self.sort_by, self.descending) = (by, highest_first);
            }
        }
    }

    fn cell_ui(&mut self, ui: &mut egui::Ui, row: usize, column: usize) {
        let Some(r) = self.rows.get(row) else {
            return;
        };
        let share = |s: Option<f64>| format::percent(s);
        match column {
            0 => {
                let clicked = ui
                    .push_id(row, |ui| {
                        ui.button(tr!("region-view-open"))
                            .on_hover_text(tr!(
                                "region-view-open-hint",
                                portal = crate::words::portal_name(&r.portal),
                                community = r.community.as_str()
                            ))
                            .clicked()
                    })
                    .inner;
                if clicked {
                    self.open = Some(r.portal.clone());
                }
            }
            1 => {
                ui.label(&r.community);
            }
            2..=5 => {
                ui.label(share(r.occupancy[column - 2]));
            }
            6 => {
                ui.label(r.inquiries.to_string());
            }
            7 => {
                ui.label(r.move_ins.to_string());
            }
            8 => {
                ui.label(share(r.within_two_hours));
            }
            9 => {
                ui.label(share(r.team_score));
            }
            10 => {
                ui.label(tr!(
                    "region-short-of",
                    short = r.short_of,
                    measured = r.measured
                ))
                .on_hover_text(crate::words::short_of(r));
            }
            _ => {
                // A long portal's name is cut (whole on hover).
                ui.set_max_width(PORTAL_WIDTH);
                let name = crate::words::portal_name(&r.portal);
                ui.add(egui::Label::new(&name).truncate())
                    .on_hover_text(name);
            }
        }
    }
}

/// The widest a portal's name is shown in the table.
const PORTAL_WIDTH: f32 = 170.0;

#[cfg(test)]
mod tests {
    use super::*;
    use leasedesk_i18n::{Language, in_language};

    #[test]
    fn why_a_portal_is_unread_is_said_in_the_windows_language() {
        for why in [
            Unread::NoKeyring,
            Unread::NotKept,
            Unread::NotOpened,
            Unread::Filling,
            Unread::NotRead,
        ] {
            assert_eq!(
                in_language(Language::English, || unread_words(why)),
                why.to_string(),
                "the window's English is the engine's"
            );
            assert_ne!(
                in_language(Language::Spanish, || unread_words(why)),
                why.to_string()
            );
        }
    }
}
