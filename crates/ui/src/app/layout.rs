//! Where everything sits: the top bar, the navigation, the status bar, the pane area and the
//! one open dialog.

use super::{LeaseDeskApp, ModalGuard};
use crate::commands::Command;
use crate::engine::{Link, Reach};
use crate::nav::Nav;
use crate::theme::Tokens;
use leasedesk_i18n::tr;

impl LeaseDeskApp {
    pub(super) fn layout_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let tokens = Tokens::for_ctx(&ctx);
        self.top_bar_ui(ui, &tokens);
        self.crash_notice.ui(ui, &tokens, &self.backend);
        self.status_bar_ui(ui, &tokens);
        self.navigation_ui(ui);
        egui::CentralPanel::default().show(ui, |ui| {
            let mut actx = app_ctx!(self, ctx);
            // The Search table's Stage column comes from the sales figures: read in the
            // background once the store can answer them, else only when asked for.
            let wanted = match self.nav {
                Nav::Sales => true,
                Nav::Search => {
                    self.panes.cases.search.wants_stages()
                        || self.panes.sales.is_loading_or_loaded()
                        || self.backend.figures_are_cheap()
                }
                _ => false,
            };
            if wanted {
                self.panes.sales.keep_loaded(&actx);
                let stages = self.panes.sales.stages();
                self.panes.cases.search.set_stages(stages);
            }
            // The Search table's follow-up colours: likewise, from the store or when asked for.
            if self.nav == Nav::Search
                && (self.backend.figures_are_cheap() || self.panes.cases.search.wants_colours())
            {
                self.panes.cases.search.keep_colours(&actx);
            }
            // What each family asked not to get: likewise.
            if self.nav == Nav::Search
                && (self.backend.figures_are_cheap() || self.panes.cases.search.wants_holds())
            {
                self.panes.cases.search.keep_holds(&actx);
            }
            // A move-in signed for a day still ahead reads "Moving in …", not the service's
            // "Moved In".
            if self.nav == Nav::Search {
                self.panes.cases.search.keep_moving_in(&actx);
            }
            // The status bar's count of new leads: read once the store answers it cheaply
            // (My day reads it anyway when shown).
            if self.backend.figures_are_cheap() {
                self.panes.calendar.keep_leads_loaded(&actx);
            }
            self.panes.ui(self.nav, ui, &mut actx);
        });
        self.modal_ui(&ctx);
    }

    fn top_bar_ui(&mut self, ui: &mut egui::Ui, tokens: &Tokens) {
        let sandbox = self.backend.connection().link().is_sandbox();
        if self.backend.connection().link().is_training() {
            training_band_ui(ui, tokens);
        }
        egui::Panel::top("top-bar").show(ui, |ui| {
            let palette = Command::OpenPalette;
            let shortcut = palette
                .shortcut()
                .map(|s| ui.ctx().format_shortcut(&s))
                .unwrap_or_default();
            let room = self.top_bar_room(ui, sandbox, &format!("{} ({shortcut})", palette.label()));
            ui.horizontal(|ui| {
                if room.heading {
                    ui.heading("LeaseDesk");
                    ui.add_space(12.0);
                }
                if sandbox {
                    egui::Frame::new()
                        .fill(tokens.badge_fill)
                        .corner_radius(4.0)
                        .inner_margin(egui::Margin::symmetric(8, 2))
                        .show(ui, |ui| {
                            ui.label(
                                egui::RichText::new(tr!("top-sandbox"))
                                    .color(tokens.badge_text)
                                    .strong(),
                            );
                        });
                    if room.connect && ui.button(tr!("top-connect")).clicked() {
                        self.commands.send(Command::Navigate(Nav::Settings));
                    }
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let words = if room.shortcut {
                        format!("{} ({shortcut})", palette.label())
                    } else {
                        palette.label()
                    };
                    if ui.button(words).clicked() {
                        self.commands.send(palette);
                    }
                    self.reminders.bell_ui(ui, &self.commands);
                    // Who the service takes this desk for: "Me" in every filter, the reminders'
                    // owner, the author of what is logged.
                    // Left out where it would run into the buttons on the left (it is also in
                    // Settings).
                    let signed_in = self
                        .backend
                        .connection()
                        .me()
                        .map(|me| tr!("top-signed-in", name = me.name.as_str()))
                        .filter(|text| {
                            let width = ui
                                .painter()
                                .layout_no_wrap(
                                    text.clone(),
                                    egui::TextStyle::Body.resolve(ui.style()),
                                    tokens.muted,
                                )
                                .size()
                                .x;
                            ui.available_width() > width + 24.0
                        });
                    if let Some(text) = signed_in {
                        ui.label(egui::RichText::new(text).color(tokens.muted))
                            .on_hover_text(leasedesk_i18n::tr!("top-signed-in-hint"));
                    }
                });
            });
        });
    }

    /// What of the top bar fits its width (zoomed to 200% or more, or in a longer language, it
    /// does not all fit, and egui would draw the right side over the left): the first to go is
    /// "Connect to your portal…" (Settings has it), then the name (the window's title has it),
    /// then the palette's shortcut (its tip and the guide have it).
    fn top_bar_room(&self, ui: &egui::Ui, sandbox: bool, palette: &str) -> TopBarRoom {
        let width = |text: &str, style| crate::widgets::widest(ui, style, [text]);
        let spacing = ui.spacing().item_spacing.x;
        let button = |text: &str| {
            width(text, egui::TextStyle::Body) + 2.0 * ui.spacing().button_padding.x + spacing
        };
        let heading = width("LeaseDesk", egui::TextStyle::Heading) + 12.0 + spacing;
        let badge = if sandbox {
            width(&tr!("top-sandbox"), egui::TextStyle::Body) + 16.0 + spacing
        } else {
            0.0
        };
        let connect = if sandbox {
            button(&tr!("top-connect"))
        } else {
            0.0
        };
        let bell = button(&self.reminders.bell_text());
        let room = ui.available_width() - 8.0;
        let right = bell + button(palette);
        TopBarRoom {
            connect: heading + badge + connect + right <= room,
            heading: heading + badge + right <= room,
            shortcut: badge + right <= room,
        }
    }

    /// The connection and what is in flight. Errors of a request are shown by the pane that
    /// made it, not here: each failure is reported in one place.
    fn status_bar_ui(&mut self, ui: &mut egui::Ui, tokens: &Tokens) {
        let link = self.backend.connection().link();
        let zone = self.backend.connection().zone();
        egui::Panel::bottom("status-bar").show(ui, |ui| {
            // A narrow window keeps every item on the bar in short form (the address, the
            // portal and the case count on hover), so the new leads and the outbox stay in view.
            let narrow = ui.available_width() < NARROW_STATUS_BAR;
            // A notice (an update ready, a file saved) has a line of its own: at the end of the
            // bar it ran past the window's edge, its Dismiss with it.
            if let Some(notice) = self.notice.clone() {
                ui.horizontal_wrapped(|ui| {
                    ui.label(notice);
                    if ui.button(tr!("status-dismiss")).clicked() {
                        self.notice = None;
                    }
                });
            }
            // Wrapped: zoomed to 200% or more, what does not fit goes to a second line rather
            // than past the window's edge (the new leads' button with it).
            ui.horizontal_wrapped(|ui| {
                let address = |base_url: &str| {
                    if narrow {
                        String::new()
                    } else {
                        format!(" ({base_url})")
                    }
                };
                let (text, color) = match &link {
                    Link::Sandbox { base_url, .. } => (
                        tr!("status-connected-sandbox", address = address(base_url)),
                        tokens.success,
                    ),
                    Link::Portal {
                        profile, base_url, ..
                    } => (
                        tr!(
                            "status-connected",
                            profile = profile.as_str(),
                            address = address(base_url)
                        ),
                        tokens.success,
                    ),
                    Link::Connecting { label } => (
                        tr!(
                            "status-connecting",
                            label = crate::error_words::link_label(label)
                        ),
                        tokens.warning,
                    ),
                    Link::Failed { label, why } => (
                        format!(
                            "✖ {}: {}",
                            crate::error_words::link_label(label),
                            crate::error_words::link_failure(why)
                        ),
                        tokens.error,
                    ),
                };
                let reach = self.backend.connection().reach();
                let by_hand = self.backend.connection().working_offline();
                let (text, color) = match reach {
                    _ if by_hand => (tr!("status-working-offline"), tokens.warning),
                    Reach::Offline { since } if link.portal_id().is_some() => (
                        tr!(
                            "status-offline-since",
                            time = crate::dates::time(since.with_timezone(&zone).time())
                        ),
                        tokens.warning,
                    ),
                    _ => (text, color),
                };
                let about = match (&link, link.portal_id()) {
                    (Link::Sandbox { base_url, .. }, _) => base_url.clone(),
                    (Link::Portal { base_url, .. }, Some(portal)) => {
                        tr!(
                            "status-address",
                            address = base_url.as_str(),
                            portal = portal
                        )
                    }
                    _ => String::new(),
                };
                let shown = ui.label(egui::RichText::new(text).color(color));
                if narrow && !about.is_empty() {
                    shown.on_hover_text(about);
                }
                if !by_hand && matches!(reach, Reach::Offline { .. }) && link.portal_id().is_some()
                {
                    // One width either way, so what follows in the bar never moves.
                    let size = egui::vec2(150.0, ui.spacing().interact_size.y);
                    if self.backend.connection().trying_to_reach() {
                        ui.add_enabled_ui(false, |ui| {
                            ui.add_sized(size, egui::Button::new(tr!("status-trying")))
                        });
                    } else if ui
                        .add_sized(size, egui::Button::new(tr!("status-retry")))
                        .on_hover_text(tr!("status-retry-hint"))
                        .clicked()
                    {
                        self.backend.connection().retry_now();
                    }
                }
                if link.portal_id().is_some() {
                    let toggle = Command::WorkOffline(!by_hand);
                    let hover = if by_hand {
                        tr!("status-go-online-hint")
                    } else {
                        tr!("status-work-offline-hint")
                    };
                    if ui.button(toggle.label()).on_hover_text(hover).clicked() {
                        self.commands.send(toggle);
                    }
                }
                // The portal's number, unless the connection's name already says it ("Portal
                // 4200").
                let portal = link.portal_id().filter(|portal| {
                    !narrow
                        && !matches!(&link, Link::Portal { profile, .. }
                            if profile.contains(&portal.to_string()))
                });
                let portal = portal.map(|portal| tr!("status-portal", portal = portal));
                let waiting = self.panes.calendar.next_step.new_leads().len();
                // Room kept at the line's end for the spinner of a request in flight.
                let spinner_room = ui.spacing().interact_size.y + 3.0 * ui.spacing().item_spacing.x;
                // What must still fit after the copy and the outbox: the new leads in short and
                // the spinner (in Spanish at 1360×840 a refused change pushed the new leads onto
                // a second line and the bar grew under the hands). The portal's number gives
                // way first (the connection's hover says it).
                let after = if waiting > 0 {
                    text_width(ui, &tr!("status-new-leads-short", count = waiting))
                        + SEPARATED
                        + 2.0 * ui.spacing().button_padding.x
                } else {
                    0.0
                } + spinner_room;
                let portal_room = portal
                    .as_deref()
                    .map_or(0.0, |p| text_width(ui, p) + SEPARATED);
                self.offline_copy_ui(ui, tokens, narrow, after + portal_room);
                if let Some(portal) = portal.filter(|p| fits_leaving(ui, p, after)) {
                    ui.separator();
                    ui.label(portal);
                }
                if waiting > 0 {
                    ui.separator();
                    let long = tr!("status-new-leads", count = waiting);
                    // The long sentence only where the spinner still fits after it (Spanish
                    // at 1360×840 left it none: a request in flight showed nothing at all).
                    let text = if narrow || !fits_leaving(ui, &long, spinner_room) {
                        tr!("status-new-leads-short", count = waiting)
                    } else {
                        long
                    };
                    if ui
                        .add(egui::Button::new(
                            egui::RichText::new(text).color(tokens.error),
                        ))
                        .on_hover_text(tr!("status-new-leads-hint", count = waiting))
                        .clicked()
                    {
                        self.panes.calendar.view = crate::panes::calendar::View::MyDay;
                        self.commands.send(Command::Navigate(Nav::Calendar));
                    }
                }
                let busy = self.backend.in_flight();
                // The last announcement keeps room at the line's end before "Idle" or a
                // request's words take it (without it, it took a second line).
                let announcing = self.announcer.said().is_some();
                let announcer_room = if announcing { ANNOUNCER_ROOM } else { 0.0 };
                // A separator only before what follows it (wrapped alone, it was a line of its
                // own).
                if busy > 0 && ui.available_size_before_wrap().x >= spinner_room {
                    ui.separator();
                    let spinner = crate::widgets::spinner_ui(ui);
                    let text = tr!("status-in-flight", count = busy);
                    if fits_leaving(ui, &text, announcer_room) {
                        ui.label(text);
                    } else {
                        // The spinner alone, its words on hover and for a screen reader: on a
                        // full line (Spanish, a narrow window) they took a second line, and the
                        // bar grew under the hands.
                        spinner.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::ProgressIndicator, true, &text)
                        });
                        spinner.on_hover_text(text);
                    }
                } else if busy == 0 {
                    let idle = tr!("status-idle");
                    // Said only where it fits on the line, for the same reason.
                    if !narrow && fits_leaving(ui, &idle, announcer_room) {
                        ui.separator();
                        ui.label(egui::RichText::new(idle).color(tokens.muted));
                    }
                }
                if announcing && ui.available_size_before_wrap().x >= SEPARATED + 24.0 {
                    ui.separator();
                    // In what is left of the line, cut (whole on hover and to a screen
                    // reader): at its own width it took a second line.
                    let room = ui.available_size_before_wrap().x.max(1.0);
                    let size = egui::vec2(room, ui.spacing().interact_size.y);
                    let layout = egui::Layout::left_to_right(egui::Align::Center);
                    ui.allocate_ui_with_layout(size, layout, |ui| {
                        self.announcer.ui(ui, tokens.muted)
                    });
                }
            });
        });
    }

    /// The store: a sync under way, or how old the copy is.
    /// `after`: the room what follows on the bar needs.
    fn offline_copy_ui(&self, ui: &mut egui::Ui, tokens: &Tokens, narrow: bool, after: f32) {
        let status = self.backend.offline_copy().status();
        let queued = self.backend.outbox().entries();
        let refused = queued
            .iter()
            .filter(|e| matches!(e.state, crate::engine::QueueState::Refused(_)))
            .count();
        let waiting = queued.len() - refused;
        let outbox = match (waiting, refused) {
            (0, 0) => None,
            (waiting, 0) => Some(tr!("outbox-waiting", count = waiting)),
            (waiting, refused) => Some(tr!(
                "outbox-waiting-refused",
                count = waiting,
                refused = refused
            )),
        };
        // The copy's case count gives way first, then the outbox's words.
        let outbox_room = outbox.as_deref().map_or(0.0, |text| {
            text_width(ui, text) + SEPARATED + 2.0 * ui.spacing().button_padding.x
        });
        if let Some(step) = &status.syncing {
            ui.separator();
            crate::widgets::spinner_ui(ui);
            // Its steps come and go each few seconds: a width of its own, so nothing after it
            // moves or is pushed past a narrow window's edge (the whole step on hover).
            let size = egui::vec2(SYNC_STEP_WIDTH, ui.spacing().interact_size.y);
            let layout = egui::Layout::left_to_right(egui::Align::Center);
            let step = crate::copy_words::sync_step(step);
            ui.allocate_ui_with_layout(size, layout, |ui| {
                ui.set_min_width(SYNC_STEP_WIDTH);
                ui.add(egui::Label::new(step.as_str()).truncate())
                    .on_hover_text(step);
            });
        } else if let Some(at) = status.as_of {
            ui.separator();
            let (when, today) =
                crate::dates::moment(at, self.clock.now(), self.backend.connection().zone());
            let today = if today { "yes" } else { "no" };
            let cases = status.cases;
            let long = tr!(
                "status-copy",
                when = when.as_str(),
                today = today,
                cases = cases
            );
            let text = if narrow || !fits_leaving(ui, &long, after + outbox_room) {
                tr!("status-copy-short", when = when.as_str(), today = today)
            } else {
                long
            };
            ui.label(egui::RichText::new(text).color(tokens.muted))
                .on_hover_text(match &status.why_not_on_disk {
                    None => tr!("status-copy-on-disk", cases = cases),
                    Some(why) => tr!(
                        "status-copy-this-run",
                        cases = cases,
                        why = crate::copy_words::not_kept(why)
                    ),
                });
        }
        if let Some(long) = outbox {
            ui.separator();
            let (text, hover) = if fits_leaving(ui, &long, after) {
                (long, tr!("outbox-hint"))
            } else {
                let hover = format!("{long}\n{}", tr!("outbox-hint"));
                (tr!("outbox-short", count = queued.len()), hover)
            };
            let color = if refused > 0 {
                tokens.error
            } else {
                tokens.warning
            };
            if ui
                .add(egui::Button::new(egui::RichText::new(text).color(color)).frame(false))
                .on_hover_text(hover)
                .clicked()
            {
                self.commands.send(Command::Navigate(Nav::Outbox));
            }
        }
        if let Some(problem) = &status.problem {
            let short = match problem {
                crate::engine::CopyProblem::SyncFailed(_) => tr!("status-sync-failed"),
                _ => tr!("status-copy-problem"),
            };
            ui.label(egui::RichText::new(short).color(tokens.warning))
                .on_hover_text(crate::copy_words::copy_problem(problem));
        } else if let Some(set_aside) = &status.set_aside {
            ui.label(egui::RichText::new(tr!("status-copy-restarted")).color(tokens.warning))
                .on_hover_text(crate::copy_words::set_aside(set_aside));
        }
    }

    fn navigation_ui(&mut self, ui: &mut egui::Ui) {
        // As wide as its longest place's name in the window's language (150 at least), so no
        // name wraps or is cut.
        let widest = crate::widgets::widest(
            ui,
            egui::TextStyle::Button,
            Nav::ALL.iter().map(|n| n.title()),
        );
        let room = 2.0 * ui.spacing().button_padding.x + 2.0 * 8.0 + 4.0;
        egui::Panel::left("navigation")
            .resizable(false)
            .exact_size((widest + room).max(150.0))
            .show(ui, |ui| {
                // Zoomed to 200% in a small window the places run past the status bar: they
                // scroll, so each stays in reach.
                egui::ScrollArea::vertical()
                    .id_salt("navigation-scroll")
                    .auto_shrink([false, false])
                    .show(ui, |ui| self.places_ui(ui));
            });
    }

    fn places_ui(&mut self, ui: &mut egui::Ui) {
        ui.add_space(6.0);
        // One Tab stop: ↑/↓ choose, Enter goes.
        let at = Nav::ALL.iter().position(|n| *n == self.nav).unwrap_or(0);
        let mut list = crate::widgets::RovingList::new(ui, "navigation").entered_at(at, 0);
        for nav in Nav::ALL {
            let selected = self.nav == *nav;
            list.row();
            let button = ui.add_sized(
                [ui.available_width(), 28.0],
                egui::Button::selectable(selected, nav.title()).sense(list.sense()),
            );
            let button = list.cell(button);
            let button = match Command::Navigate(*nav).shortcut() {
                Some(s) => button.on_hover_text(ui.ctx().format_shortcut(&s)),
                None => button,
            };
            if button.clicked() {
                self.commands.send(Command::Navigate(*nav));
            }
        }
        list.end(ui);
    }

    fn modal_ui(&mut self, ctx: &egui::Context) {
        let Some(modal) = &mut self.modal else {
            return;
        };
        let mut open = true;
        let typed = ctx.input(|i| {
            i.events.iter().any(|e| {
                matches!(
                    e,
                    egui::Event::Text(_)
                        | egui::Event::Paste(_)
                        | egui::Event::Key {
                            key: egui::Key::Backspace | egui::Key::Delete,
                            pressed: true,
                            ..
                        }
                )
            })
        });
        // Read before the dialog draws: a focused text field takes the key for itself, and
        // Escape must close an untouched dialog in one press (not when it closes a drop-down).
        let escape =
            ctx.input(|i| i.key_pressed(egui::Key::Escape)) && !egui::Popup::is_any_open(ctx);
        let guard = &mut self.modal_guard;
        guard.edited |= typed;
        let mut actx = app_ctx!(self, ctx);
        let mut discard = false;
        let title = modal.title();
        let top = guard.placed.top_for(std::mem::discriminant(&*modal));
        let response =
            crate::widgets::dialog_at(egui::Id::unique("modal"), &title, top).show(ctx, |ui| {
                open = modal.ui(ui, &mut actx);
            });
        let touched = typed || ctx.input(|i| i.pointer.any_pressed());
        guard
            .placed
            .drawn(response.response.rect, ctx.content_rect(), touched);
        // Saved: what was typed is on the service or in the outbox, so closing loses nothing
        // (what is typed after the save counts again).
        let saved = modal.saved();
        if saved && !guard.saved {
            guard.edited = false;
        }
        guard.saved = saved;
        // The question is a dialog of its own on top, so the form under it does not move.
        let mut keep = false;
        if guard.asking {
            let question =
                crate::widgets::dialog(egui::Id::unique("discard-typed"), &tr!("close-lose-typed"))
                    .show(ctx, |ui| {
                        ui.label(tr!("close-lose-typed"));
                        ui.horizontal(|ui| {
                            keep = ui.button(tr!("close-keep-editing")).clicked();
                            discard = ui.button(tr!("close-discard")).clicked();
                        });
                    });
            keep |= question.should_close();
            if keep {
                guard.asking = false;
            }
        }
        let escape = escape && !keep;
        if (escape || response.should_close()) && !discard && !keep && !guard.asking {
            guard.asking = guard.edited;
            if !guard.edited {
                open = false;
            }
        }
        if !open || discard {
            if let Some(command) = modal.closed() {
                self.commands.send(command);
            }
            self.modal = None;
            self.modal_guard = ModalGuard::default();
        }
    }
}

/// Below this width the status bar shows each item in short form.
const NARROW_STATUS_BAR: f32 = 1240.0;
/// The status bar's room for the sync's step ("Syncing admission checklists: 3 of 11").
const SYNC_STEP_WIDTH: f32 = 230.0;

/// Whether `text` fits on the line with `room` left after it.
fn fits_leaving(ui: &egui::Ui, text: &str, room: f32) -> bool {
    text_width(ui, text) + 3.0 * ui.spacing().item_spacing.x + 8.0 + room
        <= ui.available_size_before_wrap().x
}

/// What a separator and the spacing around it take on the bar.
const SEPARATED: f32 = 24.0;

/// The room the last announcement keeps at the bar's end (cut to it, whole on hover).
const ANNOUNCER_ROOM: f32 = 120.0;

/// `text`'s width on one line in the body's font.
fn text_width(ui: &egui::Ui, text: &str) -> f32 {
    ui.painter()
        .layout_no_wrap(
            text.to_owned(),
            egui::TextStyle::Body.resolve(ui.style()),
            egui::Color32::WHITE,
        )
        .size()
        .x
}

/// A strip across the window on every screen while connected to a training portal.
fn training_band_ui(ui: &mut egui::Ui, tokens: &Tokens) {
    egui::Panel::top("training-band")
        .frame(
            egui::Frame::new()
                .fill(tokens.warning)
                .inner_margin(egui::Margin::symmetric(8, 3)),
        )
        .show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(tr!("top-training"))
                        .color(egui::Color32::BLACK)
                        .strong(),
                );
            });
        });
}

/// What of the top bar is drawn (see `top_bar_room`).
#[derive(Debug, Clone, Copy)]
struct TopBarRoom {
    connect: bool,
    heading: bool,
    shortcut: bool,
}
