//! The pseudo-locale (English with every letter accented, 40% longer, in brackets): at
//! 1000×650 no button's words are wider than the button, and no words on the bars, the
//! navigation, Search's filters, Admissions, the Outbox, Campaigns, the plugin endpoint, Users,
//! Inventory, Move-in, each of Sales' views or Settings come from code rather than the Fluent
//! files.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use leasedesk::i18n::{Language, is_pseudo};
use leasedesk::ui::prefs::Prefs;

use crate::support::{TestApp, app_with};

pub(crate) fn pseudo_app() -> TestApp {
    let mut t = app_with(Prefs {
        language: Some(Language::Pseudo),
        ..Prefs::default()
    });
    t.harness.set_size(egui::vec2(1000.0, 650.0));
    t.wait_connected();
    t.wait_at_rest();
    t
}

/// A shown text: what it says and where.
pub(crate) struct Shown {
    role: Role,
    text: String,
    rect: egui::Rect,
    /// In a table, not its header: data (a person's name, a status the service names).
    in_row: bool,
    /// In the open dialog.
    pub(crate) in_dialog: bool,
}

pub(crate) fn shown(t: &TestApp) -> Vec<Shown> {
    let screen = t.harness.ctx.content_rect();
    t.harness
        .query_all_by(|n| {
            matches!(
                n.role(),
                Role::Button
                    | Role::Label
                    | Role::Link
                    | Role::ColumnHeader
                    | Role::ComboBox
                    | Role::CheckBox
            )
        })
        .filter_map(|n| {
            let node = n.accesskit_node();
            let text = match node.role() {
                Role::Label | Role::ColumnHeader | Role::ComboBox => {
                    node.value().or_else(|| node.label())
                }
                _ => node.label(),
            }?;
            let rect = n.rect();
            let mut in_row = false;
            let mut in_dialog = false;
            let mut up = n.parent();
            while let Some(parent) = up {
                in_row |= matches!(parent.accesskit_node().role(), Role::Row | Role::Table)
                    && node.role() != Role::ColumnHeader;
                in_dialog |= parent.accesskit_node().role() == Role::Dialog;
                up = parent.parent();
            }
            (rect.is_finite() && rect.intersects(screen) && !text.trim().is_empty()).then(|| {
                Shown {
                    role: node.role(),
                    text,
                    rect,
                    in_row,
                    in_dialog,
                }
            })
        })
        .collect()
}

/// Buttons whose words are wider than the button (cut), or wrapped onto a second line (a
/// button is one line of words, 24 to 28 px high); a button of several lines, whose lines
/// wrapped are taller than it.
pub(crate) fn cut(t: &TestApp, place: &str) -> Vec<String> {
    cut_where(t, place, |_| true)
}

/// As [`cut`], of the buttons `keep` keeps.
pub(crate) fn cut_where(t: &TestApp, place: &str, keep: impl Fn(&Shown) -> bool) -> Vec<String> {
    let style = t.harness.ctx.global_style();
    let font = egui::TextStyle::Body.resolve(&style);
    shown(t)
        .into_iter()
        .filter(|s| s.role == Role::Button && keep(s))
        // An icon's button (a calendar for a date field) shows one glyph and is named for a
        // screen reader only: that name is not drawn, so it cannot be cut.
        .filter(|s| s.rect.width() > 32.0)
        .filter_map(|s| {
            let width = t
                .harness
                .ctx
                .layer_painter(egui::LayerId::background())
                .layout_no_wrap(s.text.clone(), font.clone(), egui::Color32::WHITE)
                .size()
                .x;
            let one_line = !s.text.contains('\n');
            // A tile of several lines (Inventory's board) wraps its lines inside its box: it is
            // cut when the wrapped words are taller than the box.
            let fits = if one_line {
                width <= s.rect.width() + 1.0 && s.rect.height() <= 29.0
            } else {
                let padding = style.spacing.button_padding;
                let wrapped = t
                    .harness
                    .ctx
                    .layer_painter(egui::LayerId::background())
                    .layout(
                        s.text.clone(),
                        font.clone(),
                        egui::Color32::WHITE,
                        s.rect.width() - 2.0 * padding.x,
                    )
                    .size();
                wrapped.y <= s.rect.height() - 2.0 * padding.y + 1.0
            };
            (!fits).then(|| {
                format!(
                    "{place}: {:?} is {:.0} px wide in a button of {:.0}×{:.0}",
                    s.text,
                    width,
                    s.rect.width(),
                    s.rect.height()
                )
            })
        })
        .collect()
}

/// Words on the bars and the navigation not from the files (shown plain in the pseudo-locale).
fn from_code(t: &TestApp, place: &str, within: impl Fn(egui::Rect) -> bool) -> Vec<String> {
    from_code_but(t, place, within, &[])
}

/// As [`from_code`], `data` (the service's names a drop-down shows) aside.
pub(crate) fn from_code_but(
    t: &TestApp,
    place: &str,
    within: impl Fn(egui::Rect) -> bool,
    data: &[String],
) -> Vec<String> {
    from_code_where(t, place, |s| within(s.rect), data)
}

/// As [`from_code_but`], of the texts `keep` keeps.
pub(crate) fn from_code_where(
    t: &TestApp,
    place: &str,
    keep: impl Fn(&Shown) -> bool,
    data: &[String],
) -> Vec<String> {
    shown(t)
        .into_iter()
        .filter(|s| keep(s) && !s.in_row && !data.contains(&s.text))
        // Figures and names are data; the product's name is a name.
        .filter(|s| s.text.chars().any(|c| c.is_ascii_alphabetic()) && s.text != "LeaseDesk")
        .filter(|s| !is_pseudo(&s.text))
        .map(|s| format!("{place}: {:?}", s.text))
        .collect()
}

/// The portal's communities' names, as read (data wherever a pane shows them).
pub(crate) fn communities(t: &TestApp) -> Vec<String> {
    t.harness
        .state()
        .panes
        .admissions
        .checklist
        .communities()
        .map(|all| all.iter().map(|c| c.name.clone()).collect())
        .unwrap_or_default()
}

/// What Settings shows that is data, not words of the window: the communities' names, the
/// languages' own names, the merge fields' tokens, the published benchmarks (their publishers'
/// words), the states' rules as shipped (codes and sources) and the folders on this computer.
fn settings_data(t: &TestApp) -> Vec<String> {
    let mut data = communities(t);
    // A language's own name, and a merge field's token, are the same in every window.
    for language in Language::ALL {
        data.push(language.own_name().to_owned());
    }
    for field in leasedesk::domain::outreach::merge::Field::ALL {
        data.push(format!("{{{}}}", field.token()));
    }
    for b in leasedesk::domain::benchmarks::published() {
        data.push(b.label.clone());
    }
    let rules = leasedesk::domain::contact::rules::CallingRules::default().rules();
    for row in &rules.states {
        data.push(row.state.clone());
        data.push(row.source.chars().take(70).collect());
    }
    data.extend(
        [
            leasedesk::paths::data_dir(),
            leasedesk::paths::logs_dir(),
            leasedesk::paths::config_dir(),
        ]
        .into_iter()
        .flatten()
        .map(|p| p.display().to_string()),
    );
    data
}

#[test]
fn under_the_pseudo_locale_no_buttons_words_are_cut_and_the_bars_come_from_the_files() {
    let mut t = pseudo_app();
    let window = t.harness.ctx.content_rect();
    // The bars and the navigation, wherever the window is.
    let search = t
        .harness
        .query_all_by(|n| n.role() == Role::TextInput)
        .next()
        .expect("the search box")
        .rect();
    let status_top = t
        .harness
        .query_all_by(|n| n.role() == Role::Button)
        .map(|n| n.rect())
        .filter(|r| r.min.y > window.height() - 60.0)
        .map(|r| r.min.y)
        .fold(window.height(), f32::min);
    let navigation = search.min.x - 10.0;
    let top = search.min.y - 4.0;
    let mut found = from_code(&t, "bars and navigation", |r| {
        r.max.y <= top || r.min.y >= status_top - 2.0 || r.max.x <= navigation
    });
    // Search's filters, buttons and column headings (above its rows, which are data).
    let rows_top = t
        .harness
        .query_all_by(|n| n.role() == Role::ColumnHeader)
        .map(|n| n.rect().max.y)
        .fold(0.0, f32::max);
    assert!(rows_top > 0.0, "Search's table is shown");
    found.extend(from_code(&t, "Search", |r| {
        r.min.x > navigation && r.min.y > top && r.max.y <= rows_top && r.max.y < status_top
    }));
    let mut clipped = cut(&t, "Search");
    // Admissions and the Outbox, below the top bar and beside the navigation.
    let pane = |r: egui::Rect| r.min.x > navigation && r.min.y > top && r.max.y < status_top;
    // The service's names a pane lists (data, not words of the window).
    let client = crate::support::direct_client(&t);
    let campaigns: Vec<String> = crate::support::block_on(
        client.campaigns(&leasedesk::api::model::CampaignQuery::default()),
    )
    .expect("the campaigns")
    .iter()
    .flat_map(|c| {
        let inactive = leasedesk::i18n::text_in(Language::Pseudo, "campaigns-inactive-short", None);
        [c.name.clone(), format!("{} ({inactive})", c.name)]
    })
    .collect();
    for (id, place, shows) in [
        ("nav-admissions", "Admissions", "admissions-open-any"),
        ("nav-outbox", "Outbox", "outbox-empty"),
        ("nav-campaigns", "Campaigns", "campaigns-choose"),
        ("nav-plugin", "Plugin endpoint", "plugin-about"),
        ("nav-users", "Users", "users-create"),
    ] {
        t.click(&leasedesk::i18n::text_in(Language::Pseudo, id, None));
        t.wait_for_text(&leasedesk::i18n::text_in(Language::Pseudo, shows, None));
        t.wait_at_rest();
        t.harness.run_steps(5);
        let communities = communities(&t);
        // The service's names of its time zones (spec, "TimeZone") are data too.
        let zones = leasedesk::api::model::TIME_ZONES
            .iter()
            .map(|z| z.name.to_owned());
        let data: Vec<String> = communities
            .iter()
            .chain(&campaigns)
            .cloned()
            .chain(zones)
            .collect();
        found.extend(from_code_but(&t, place, pane, &data));
        // In the queue's rows, its own words (a checklist's progress) are the files' too.
        let progress: Vec<String> = t
            .harness
            .query_all_by(|n| n.role() == Role::ProgressIndicator)
            .filter_map(|n| {
                let node = n.accesskit_node();
                node.value().or_else(|| node.label())
            })
            .collect();
        assert!(
            place != "Admissions" || !progress.is_empty(),
            "the queue's progress is shown"
        );
        found.extend(
            progress
                .into_iter()
                .filter(|words| !is_pseudo(words))
                .map(|words| format!("{place}: {words:?}")),
        );
        clipped.extend(cut(&t, place));
    }
    // The panes below: their words too, the portal's communities aside (their tables' rows and
    // tiles are data, not counted). Settings is checked whole below.
    let in_pane = pane;
    for (pane, id) in [
        ("Calendar", "nav-calendar"),
        ("Inventory", "nav-inventory"),
        ("Move-in", "nav-move-in"),
        ("Sales", "nav-sales"),
        ("Settings", "nav-settings"),
    ] {
        t.click(&leasedesk::i18n::text_in(Language::Pseudo, id, None));
        t.wait_at_rest();
        t.harness.run_steps(5);
        clipped.extend(cut(&t, pane));
        if matches!(pane, "Inventory" | "Move-in" | "Sales") {
            found.extend(from_code_but(&t, pane, in_pane, &communities(&t)));
        }
        if pane == "Calendar" {
            // Each of the Calendar's views: its buttons, choices and boxes are the window's
            // words. Its items name an activity's type and a person (the portal's names, drawn
            // shortened in a day's narrow column), and are not counted.
            let names = people_and_activities(&t);
            let item = |s: &Shown| only_data(&s.text, &names);
            for view in [
                "cal-view-my-day",
                "cal-view-month",
                "cal-view-week",
                "cal-view-agenda",
            ] {
                t.click(&leasedesk::i18n::text_in(Language::Pseudo, view, None));
                t.wait_at_rest();
                t.harness.run_steps(5);
                clipped.extend(cut_where(&t, view, |s| !item(s)));
                let widget = |s: &Shown| {
                    in_pane(s.rect)
                        && matches!(s.role, Role::Button | Role::ComboBox | Role::CheckBox)
                        && !item(s)
                };
                found.extend(from_code_where(&t, view, widget, &communities(&t)));
            }
        }
        if pane == "Sales" {
            // Each of Sales' views, its buttons and choices.
            for view in [
                "sales-view-forecast",
                "sales-view-team-board",
                "sales-view-lost-leads",
                "sales-view-sources",
                "sales-view-calls",
                "sales-view-benchmarks",
                "sales-view-partners",
                "sales-view-region",
            ] {
                t.click(&leasedesk::i18n::text_in(Language::Pseudo, view, None));
                t.wait_at_rest();
                t.harness.run_steps(5);
                clipped.extend(cut(&t, view));
                found.extend(from_code_but(&t, view, in_pane, &communities(&t)));
            }
        }
    }
    // Settings whole: a window tall enough to show every section at once.
    t.harness.set_size(egui::vec2(1000.0, 9000.0));
    t.wait_at_rest();
    t.harness.run_steps(5);
    let tall = t.harness.ctx.content_rect();
    found.extend(from_code_but(
        &t,
        "Settings",
        |r| r.min.x > navigation && r.min.y > top && r.max.y < tall.max.y - 40.0,
        &settings_data(&t),
    ));
    t.harness.set_size(egui::vec2(1000.0, 650.0));
    eprintln!(
        "pseudo-locale at 1000×650: {} words from code on the bars, the navigation, Search, \
         Admissions, the Outbox, Campaigns, the plugin endpoint, Users, the Calendar's views, \
         Inventory, Move-in and Sales' views; {} buttons cut",
        found.len(),
        clipped.len()
    );
    nothing_found(&found, &clipped);
}

/// The people of the cases Search read and of every activity of the portal, and the
/// activities' types: the portal's names, data wherever they are shown.
fn people_and_activities(t: &TestApp) -> std::collections::HashSet<String> {
    let state = t.harness.state();
    let mut names: std::collections::HashSet<String> = state
        .panes
        .cases
        .search
        .rows_read()
        .map(|r| r.name.clone())
        .collect();
    let every = crate::support::block_on(leasedesk::service::activities::load_all(
        crate::support::direct_client(t),
        leasedesk::api::model::ActivityFilter::AllUsers,
        Default::default(),
    ))
    .expect("the portal's activities");
    for a in every.iter() {
        names.insert(a.individual_full_name.clone());
        names.insert(a.activity_name.clone());
        names.extend(a.activity_type.clone());
    }
    names
}

/// Whether `text` is only the portal's names (`names`) past a state's glyph: "✔ Tour · Rosa
/// Alvarez", a Calendar item.
fn only_data(text: &str, names: &std::collections::HashSet<String>) -> bool {
    let words = text.trim_start_matches(|c: char| !c.is_alphanumeric());
    words.split(" · ").all(|part| names.contains(part.trim()))
}

/// Fails naming every word from code (`found`) and every cut button (`clipped`), if any.
pub(crate) fn nothing_found(found: &[String], clipped: &[String]) {
    assert!(
        found.is_empty() && clipped.is_empty(),
        "not from the files:\n{}\ncut:\n{}",
        found.join("\n"),
        clipped.join("\n")
    );
}
