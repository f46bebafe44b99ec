//! WCAG 2.2's 2.5.8 (Target Size, Minimum) over every pane and the main dialogs at 1000×650,
//! read from the accessibility tree as a pointer meets it: every control a click or the
//! keyboard reaches is at least 24×24 px, or a 24 px circle on its centre touches no other
//! control and no other small control's circle (the rule's spacing exception).

use std::time::Duration;

use egui::accesskit::{Action, Role};
use egui_kittest::kittest::{NodeT, Queryable, by};

use crate::support::{TestApp, app};

const MINIMUM: f32 = 24.0;

/// A control a user acts on, with its place on screen.
struct Target {
    what: String,
    rect: egui::Rect,
}

fn targets(t: &TestApp) -> Vec<Target> {
    let screen = t.harness.ctx.content_rect();
    // Under an open dialog nothing can be reached: its controls are the targets.
    let dialog = t.harness.query_all_by_role(Role::Dialog).last();
    let within = |by| match &dialog {
        Some(d) => d.query_all(by).collect::<Vec<_>>(),
        None => t.harness.query_all(by).collect(),
    };
    within(by().predicate(|n| {
        let data = n.data();
        (data.supports_action(Action::Click) || data.supports_action(Action::Focus))
                && !n.is_disabled()
                && !n.is_hidden()
                && n.role() != Role::Window
                // Text, which senses a click to be selected and copied: not a control (a label
                // that acts is a button or a link to the tree).
                && n.role() != Role::Label
    }))
    .into_iter()
    .filter_map(|n| {
        let rect = n.rect();
        // Only what is on screen: a control scrolled out of view is not a target now.
        let shown = rect.intersect(screen);
        (rect.is_finite() && shown.width() > 0.5 && shown.height() > 0.5).then(|| Target {
            what: format!(
                "{:?} {:?}",
                n.accesskit_node().role(),
                n.accesskit_node()
                    .label()
                    .or_else(|| n.accesskit_node().value())
                    .unwrap_or_default()
            ),
            rect,
        })
    })
    .collect()
}

/// What a pointer can hit of each target: the tree gives a scroll area's rows their whole
/// width, but a scroll area shows them only up to its inner edge, the style's inner margin
/// before its bar, so each is cut there as egui cuts it.
fn as_hit(mut targets: Vec<Target>, inner_margin: f32) -> Vec<Target> {
    let bars: Vec<egui::Rect> = targets
        .iter()
        .filter(|t| t.what.starts_with("ScrollBar"))
        .map(|t| t.rect)
        .collect();
    for target in targets
        .iter_mut()
        .filter(|t| !t.what.starts_with("ScrollBar"))
    {
        for bar in &bars {
            let vertical = bar.height() > bar.width();
            let beside = if vertical {
                target.rect.y_range().intersects(bar.y_range())
                    && target.rect.min.x < bar.min.x
                    && target.rect.max.x > bar.min.x - inner_margin
            } else {
                target.rect.x_range().intersects(bar.x_range())
                    && target.rect.min.y < bar.min.y
                    && target.rect.max.y > bar.min.y - inner_margin
            };
            if beside && vertical {
                target.rect.max.x = bar.min.x - inner_margin;
            } else if beside {
                target.rect.max.y = bar.min.y - inner_margin;
            }
        }
    }
    targets
}

/// The controls that fail 2.5.8: under 24×24 and too close to another control.
fn too_small(targets: &[Target]) -> Vec<String> {
    let small = |t: &Target| t.rect.width() < MINIMUM - 0.01 || t.rect.height() < MINIMUM - 0.01;
    let radius = MINIMUM / 2.0;
    let mut found = Vec::new();
    for (i, a) in targets.iter().enumerate().filter(|(_, t)| small(t)) {
        let centre = a.rect.center();
        let crowded = targets.iter().enumerate().find(|(j, b)| {
            let j = *j;
            if i == j || b.rect.contains_rect(a.rect) || a.rect.contains_rect(b.rect) {
                // A control inside another (a button's own label) is the same target.
                return false;
            }
            let touches_control = b.rect.distance_to_pos(centre) < radius;
            let touches_circle = small(b) && b.rect.center().distance(centre) < MINIMUM;
            touches_control || touches_circle
        });
        if let Some((_, b)) = crowded {
            found.push(format!(
                "{} is {:.0}×{:.0}, {:.0} px from {} ({:?} {:?})",
                a.what,
                a.rect.width(),
                a.rect.height(),
                b.rect.distance_to_pos(a.rect.center()),
                b.what,
                a.rect,
                b.rect
            ));
        }
    }
    found
}

fn at_1000() -> TestApp {
    let mut t = app();
    t.wait_connected();
    t.harness.set_size(egui::vec2(1000.0, 650.0));
    t.harness.run_steps(3);
    t
}

/// What a walk over the window found: the targets too small, how many it looked at, the
/// smallest side it saw.
struct Walk {
    found: Vec<String>,
    targets: usize,
    smallest: f32,
}

impl Walk {
    fn new() -> Self {
        Walk {
            found: Vec::new(),
            targets: 0,
            smallest: f32::MAX,
        }
    }

    /// Looks at what `place` shows now.
    fn look(&mut self, t: &mut TestApp, place: &str) {
        t.harness.run_steps(4);
        let inner_margin = t.harness.ctx.global_style().spacing.scroll.bar_inner_margin;
        let targets = as_hit(targets(t), inner_margin);
        self.targets += targets.len();
        for target in &targets {
            let side = target.rect.width().min(target.rect.height());
            if side < self.smallest {
                eprintln!(
                    "{place}: the smallest so far, {side:.0} px: {}",
                    target.what
                );
                self.smallest = side;
            }
        }
        self.found.extend(
            too_small(&targets)
                .into_iter()
                .map(|f| format!("{place}: {f}")),
        );
    }

    /// Fails on any target too small, or on a walk that saw fewer than `at_least`.
    fn finish(self, at_least: usize) {
        eprintln!(
            "{} targets looked at; the smallest side {:.0} px",
            self.targets, self.smallest
        );
        assert!(
            self.targets > at_least,
            "the walk saw {} targets",
            self.targets
        );
        assert!(
            self.found.is_empty(),
            "{} too small:\n{}",
            self.found.len(),
            self.found.join("\n")
        );
    }
}

#[test]
fn every_control_of_every_pane_is_24_px_or_spaced_as_wcag_2_5_8_allows() {
    let mut t = at_1000();
    let mut walk = Walk::new();
    for pane in [
        "Search",
        "Calendar",
        "Inventory",
        "Move-in",
        "Campaigns",
        "Admissions",
        "Sales",
        "Users",
        "Plugin endpoint",
        "Outbox",
        "Settings",
    ] {
        t.click(pane);
        t.step_until(pane, Duration::from_secs(60), |h| {
            h.query_all_by_label(pane).count() > 0
        });
        walk.look(&mut t, pane);
    }
    walk.finish(200);
}

/// The name a screen reader says of the open dialog.
fn dialog_name(t: &TestApp) -> String {
    t.harness
        .query_all_by_role(Role::Dialog)
        .last()
        .and_then(|d| d.accesskit_node().label())
        .unwrap_or_default()
}

/// Escape, and the frames for the dialog to close.
fn escape(t: &mut TestApp) {
    t.harness.key_press(egui::Key::Escape);
    t.step_until("the dialog closed", Duration::from_secs(10), |h| {
        h.state().has_no_dialog()
    });
}

#[test]
fn every_control_of_a_case_and_the_main_dialogs_is_24_px_or_spaced() {
    let mut t = at_1000();
    let mut walk = Walk::new();
    t.open_new_individual(true);
    walk.look(&mut t, "New individual");
    assert_eq!(dialog_name(&t), "New individual");
    escape(&mut t);

    t.wait_for_cases();
    let row = t
        .harness
        .state()
        .panes
        .cases
        .search
        .rows_in_order()
        .next()
        .cloned()
        .expect("a case");
    t.search_and_open(&row.name, &row.case_number);
    t.wait_for_label("Log a call…");
    walk.look(&mut t, "A case");
    t.click("Schedule a tour…");
    t.step_until("Schedule a tour", Duration::from_secs(10), |h| {
        !h.state().has_no_dialog()
    });
    walk.look(&mut t, "Schedule a tour");
    escape(&mut t);

    t.click("Calendar");
    // Each dialog with the name its heading gives it.
    for (button, place, named) in [
        ("Log first contact…", "Log first contact", "Log outcome · "),
        ("Lost…", "Close as lost", "Close "),
        ("Email…", "Email a first reply", "Email · "),
        ("Log activity…", "Log activity", "Log activity"),
    ] {
        t.click_first(button);
        t.step_until(place, Duration::from_secs(10), |h| {
            !h.state().has_no_dialog()
        });
        walk.look(&mut t, place);
        let name = dialog_name(&t);
        assert!(name.starts_with(named), "{place} is named {name:?}");
        escape(&mut t);
    }
    t.click("Commands (Ctrl+K)");
    walk.look(&mut t, "The command palette");
    assert_eq!(dialog_name(&t), "Commands");
    walk.finish(100);
}

#[test]
fn every_control_of_every_sales_and_inventory_view_is_24_px_or_spaced() {
    let mut t = at_1000();
    let mut walk = Walk::new();
    t.click("Sales");
    for view in leasedesk::ui::nav::SalesView::ALL {
        t.click(&view.label());
        t.harness.run_steps(10);
        walk.look(&mut t, &view.label());
    }
    t.click("Inventory");
    for view in ["Board", "Table", "Occupancy summary", "Waitlist"] {
        t.click(view);
        t.harness.run_steps(10);
        walk.look(&mut t, &format!("Inventory › {view}"));
    }
    walk.finish(100);
}

/// WCAG 2.5.2 (Pointer Cancellation): a press does nothing by itself; the button acts when the
/// pointer is released on it, and a press slid off before release is cancelled.
#[test]
fn a_press_slid_off_a_button_before_release_does_nothing_and_a_release_on_it_acts() {
    let mut t = at_1000();
    t.wait_at_rest();
    let button = t.harness.get_by_label("Work offline").rect();
    let pointer = |t: &mut TestApp, pos: egui::Pos2, pressed: Option<bool>| {
        t.harness.event(egui::Event::PointerMoved(pos));
        if let Some(pressed) = pressed {
            t.harness.event(egui::Event::PointerButton {
                pos,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            });
        }
        t.harness.run_steps(2);
    };
    // Working online: the status bar offers to work offline, not to go online.
    let online = |t: &TestApp| {
        t.harness.query_by_label("Work offline").is_some()
            && t.harness.query_by_label("Go online").is_none()
    };
    assert!(online(&t));
    // Pressed and held: nothing yet.
    pointer(&mut t, button.center(), Some(true));
    assert!(online(&t), "a press alone acted");
    // Slid off into the pane, released there: cancelled.
    let away = egui::pos2(button.center().x, button.min.y - 200.0);
    pointer(&mut t, away, None);
    pointer(&mut t, away, Some(false));
    t.harness.run_steps(5);
    assert!(online(&t), "a press released off the button acted");
    // Pressed and released on it: it acts.
    pointer(&mut t, button.center(), Some(true));
    pointer(&mut t, button.center(), Some(false));
    t.wait_for_text("Working offline: changes wait in the Outbox");
    t.wait_for_label("Go online");
}
