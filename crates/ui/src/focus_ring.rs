//! A ring around whatever has the keyboard, once the keyboard moved it (Tab, the arrows), as
//! browsers do with `:focus-visible`: egui marks a focused button only as if hovered, and a
//! frameless one (a name, an item of My day) not at all. A click hides the ring again.

use egui::{Event, Key, Rect};

#[derive(Debug, Default)]
pub struct FocusRing {
    by_keyboard: bool,
    /// Where the ring was drawn last frame (tests read it).
    pub drawn: Option<Rect>,
    /// What had the keyboard last frame.
    last: Option<egui::Id>,
    /// What the keyboard moved to, to be scrolled into view before the panes draw.
    scroll_to: Option<egui::Id>,
}

impl FocusRing {
    /// Called once a frame before the panes draw: what the keyboard just reached is scrolled
    /// into view, so Tab never leaves the focus below the fold or under a bar (WCAG 2.4.11);
    /// egui moves the focus without scrolling.
    pub fn before_panes(&mut self, ctx: &egui::Context) {
        // A scroll area scrolls to a widget asked for while it draws its content: the request
        // the screen reader's "scroll into view" makes, consumed by the widget as it is drawn.
        if let Some(id) = self.scroll_to.take() {
            ctx.input_mut(|i| {
                i.events.push(egui::Event::AccessKitActionRequest(
                    egui::accesskit::ActionRequest {
                        action: egui::accesskit::Action::ScrollIntoView,
                        target_tree: egui::accesskit::TreeId::ROOT,
                        target_node: id.accesskit_id(),
                        data: None,
                    },
                ))
            });
        }
    }

    /// Called once a frame after every pane and dialog drew.
    pub fn ui(&mut self, ctx: &egui::Context) {
        ctx.input(|i| {
            for event in &i.events {
                match event {
                    Event::PointerButton { pressed: true, .. } => self.by_keyboard = false,
                    Event::Key {
                        key:
                            Key::Tab
                            | Key::ArrowUp
                            | Key::ArrowDown
                            | Key::ArrowLeft
                            | Key::ArrowRight
                            | Key::Home
                            | Key::End,
                        pressed: true,
                        ..
                    } => self.by_keyboard = true,
                    _ => {}
                }
            }
        });
        self.drawn = None;
        let now = ctx.memory(|m| m.focused());
        let moved = now != std::mem::replace(&mut self.last, now);
        if !self.by_keyboard {
            return;
        }
        let Some(focused) = now.and_then(|id| ctx.read_response(id)) else {
            return;
        };
        // Only what its scroll area cuts or hides is scrolled to: a control in view stays put.
        if moved && focused.interact_rect != focused.rect {
            self.scroll_to = Some(focused.id);
            ctx.request_repaint();
        }
        // The part of the widget its scroll area shows; nothing when scrolled out of view.
        let rect = focused.interact_rect;
        if !rect.is_positive() {
            return;
        }
        let ring = rect.expand(2.0);
        let stroke = egui::Stroke::new(2.0, ctx.global_style().visuals.selection.stroke.color);
        let layer = egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("focus-ring"));
        ctx.layer_painter(layer)
            .rect_stroke(ring, 3.0, stroke, egui::StrokeKind::Outside);
        self.drawn = Some(ring);
    }
}
