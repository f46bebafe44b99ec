//! Keys typed faster than frames are drawn. egui moves the focus at the end of a frame, so when
//! Tab and the next letters arrive in one frame (a fast typist on a busy frame, a password
//! manager filling a form) the letters went into the field being left: typing "Quillfeather",
//! Tab, "hortensia@…" on the huge portal while a sync failed gave the last name
//! "Quillfeatherh". What follows a key that moves the focus waits for the next frame.

/// Events held back to the next frame.
#[derive(Debug, Default)]
pub struct TypedAhead {
    held: Vec<egui::Event>,
}

impl TypedAhead {
    /// Puts the events held from the last frame before this frame's, and holds back whatever
    /// comes after the first key that moves the focus. True when something is held: the caller
    /// asks for another frame at once.
    pub fn order(&mut self, events: &mut Vec<egui::Event>) -> bool {
        if !self.held.is_empty() {
            let mut all = std::mem::take(&mut self.held);
            all.append(events);
            *events = all;
        }
        if let Some(at) = events.iter().position(moves_focus) {
            self.held = events.split_off(at + 1);
        }
        !self.held.is_empty()
    }
}

/// Tab and Shift+Tab, as egui reads them (`Memory`'s focus direction).
fn moves_focus(event: &egui::Event) -> bool {
    matches!(
        event,
        egui::Event::Key {
            key: egui::Key::Tab,
            pressed: true,
            ..
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tab(pressed: bool) -> egui::Event {
        egui::Event::Key {
            key: egui::Key::Tab,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        }
    }

    fn text(s: &str) -> egui::Event {
        egui::Event::Text(s.to_owned())
    }

    #[test]
    fn what_follows_a_tab_waits_for_the_next_frame_in_order() {
        let mut ahead = TypedAhead::default();
        let mut frame = vec![
            text("r"),
            tab(true),
            tab(false),
            text("h"),
            tab(true),
            text("6"),
        ];
        assert!(ahead.order(&mut frame));
        assert_eq!(frame, vec![text("r"), tab(true)]);
        // The next frame's own events come after the held ones.
        let mut next = vec![text("1")];
        assert!(ahead.order(&mut next));
        assert_eq!(next, vec![tab(false), text("h"), tab(true)]);
        let mut last = Vec::new();
        assert!(!ahead.order(&mut last));
        assert_eq!(last, vec![text("6"), text("1")]);
    }

    #[test]
    fn a_frame_without_tab_passes_whole_and_a_tab_last_holds_nothing() {
        let mut ahead = TypedAhead::default();
        let mut frame = vec![text("ab"), tab(false)];
        assert!(!ahead.order(&mut frame));
        assert_eq!(frame, vec![text("ab"), tab(false)]);
        let mut frame = vec![text("c"), tab(true)];
        assert!(!ahead.order(&mut frame));
        assert_eq!(frame, vec![text("c"), tab(true)]);
    }
}
