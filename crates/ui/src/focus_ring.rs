//! A ring around whatever has the keyboard, once the keyboard moved it (Tab, the arrows), as
//! browsers do with `:focus-visible`: egui marks a focused button only as if hovered, and a
//! frameless one (a name, an item of My day) not at all. A click hides the ring again.

use egui::{Event, Key, Rect};

#[derive(Debug, Default)]
pub struct FocusRing {
    by_keyboard: bool,
    /// Where the ring was drawn last frame (tests read it).
    pub drawn: Option<Rect>,
}

impl FocusRing {
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
        if !self.by_keyboard {
            return;
        }
        let Some(focused) = ctx
            .memory(|m| m.focused())
            .and_then(|id| ctx.read_response(id))
        else {
            return;
        };
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
