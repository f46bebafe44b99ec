//! Keys typed faster than frames are drawn. egui moves the focus at the end of a frame, and a
//! dialog, the palette or a pane opened by a shortcut or a click takes the focus a frame or two
//! later; meanwhile the letters went to the field being left: typing "Quillfeather", Tab,
//! "hortensia@…" gave the last name "Quillfeatherh", and Ctrl+N then "Zelda" gave the search
//! box "Z" and First name "elda". So what follows a key or click that may move the focus waits
//! for the next frame, and when that frame opened or closed something (the shell says so with
//! [`TypedAhead::await_focus`]), keys wait until the focus has moved there, in order, nothing
//! dropped.

/// Frames keys may wait for a new focus that does not come (a pane with no field to focus):
/// a tenth of a second at 60 frames a second, then they go where the focus is.
const MAX_WAIT_FRAMES: u32 = 6;

/// Events held back to a later frame.
#[derive(Debug, Default)]
pub struct TypedAhead {
    held: Vec<egui::Event>,
    awaiting: Option<Awaiting>,
}

/// Keys wait until the focus leaves `from` (or `MAX_WAIT_FRAMES` pass).
#[derive(Debug, Clone, Copy)]
struct Awaiting {
    from: Option<egui::Id>,
    frames: u32,
}

impl TypedAhead {
    /// Puts the events held from the last frames before this frame's; while the focus has not
    /// moved where the last frame sent it (`focused` is where it is now), holds every event but
    /// the pointer's movements; otherwise holds whatever comes after the first key or click
    /// that may move the focus. True when something is held or awaited: the caller asks for
    /// another frame at once.
    pub fn order(&mut self, events: &mut Vec<egui::Event>, focused: Option<egui::Id>) -> bool {
        if !self.held.is_empty() {
            let mut all = std::mem::take(&mut self.held);
            all.append(events);
            *events = all;
        }
        if let Some(awaiting) = &mut self.awaiting {
            let moved = focused.is_some() && focused != awaiting.from;
            if moved || awaiting.frames >= MAX_WAIT_FRAMES {
                self.awaiting = None;
            } else {
                awaiting.frames += 1;
                let (pass, hold): (Vec<_>, Vec<_>) =
                    std::mem::take(events).into_iter().partition(only_moves);
                *events = pass;
                self.held = hold;
                return true;
            }
        }
        if let Some(at) = events.iter().position(may_move_focus) {
            self.held = events.split_off(at + 1);
        }
        !self.held.is_empty()
    }

    /// The frame just drawn opened or closed a dialog, the palette or a pane, or asked a field
    /// for the focus, while `from` had it: keys wait until the focus moves.
    pub fn await_focus(&mut self, from: Option<egui::Id>) {
        self.awaiting = Some(Awaiting { from, frames: 0 });
    }

    /// Whether keys wait for the focus to move.
    pub fn awaiting(&self) -> bool {
        self.awaiting.is_some()
    }
}

/// A key or click after which the focus may be somewhere else: Tab, Enter, Escape, a function
/// key, any key with Ctrl, Alt or Command (a shortcut), a mouse button let go.
fn may_move_focus(event: &egui::Event) -> bool {
    match event {
        egui::Event::Key {
            key,
            pressed: true,
            modifiers,
            ..
        } => {
            use egui::Key;
            matches!(key, Key::Tab | Key::Enter | Key::Escape)
                || (Key::F1 as usize..=Key::F20 as usize).contains(&(*key as usize))
                || modifiers.ctrl
                || modifiers.alt
                || modifiers.command
                || modifiers.mac_cmd
        }
        egui::Event::PointerButton { pressed: false, .. } => true,
        _ => false,
    }
}

/// Events that only move the pointer: they pass while keys wait (hovering is not input).
fn only_moves(event: &egui::Event) -> bool {
    matches!(
        event,
        egui::Event::PointerMoved(_) | egui::Event::MouseMoved(_) | egui::Event::PointerGone
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(key: egui::Key, pressed: bool, modifiers: egui::Modifiers) -> egui::Event {
        egui::Event::Key {
            key,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers,
        }
    }

    fn tab(pressed: bool) -> egui::Event {
        key(egui::Key::Tab, pressed, egui::Modifiers::NONE)
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
        assert!(ahead.order(&mut frame, None));
        assert_eq!(frame, vec![text("r"), tab(true)]);
        // The next frame's own events come after the held ones.
        let mut next = vec![text("1")];
        assert!(ahead.order(&mut next, None));
        assert_eq!(next, vec![tab(false), text("h"), tab(true)]);
        let mut last = Vec::new();
        assert!(!ahead.order(&mut last, None));
        assert_eq!(last, vec![text("6"), text("1")]);
    }

    #[test]
    fn a_frame_without_tab_passes_whole_and_a_tab_last_holds_nothing() {
        let mut ahead = TypedAhead::default();
        let mut frame = vec![text("ab"), tab(false)];
        assert!(!ahead.order(&mut frame, None));
        assert_eq!(frame, vec![text("ab"), tab(false)]);
        let mut frame = vec![text("c"), tab(true)];
        assert!(!ahead.order(&mut frame, None));
        assert_eq!(frame, vec![text("c"), tab(true)]);
    }

    #[test]
    fn letters_after_a_shortcut_wait_until_the_focus_moves_then_come_in_order() {
        let search = Some(egui::Id::unique("search"));
        let first_name = Some(egui::Id::unique("first name"));
        let ctrl_n = key(egui::Key::N, true, egui::Modifiers::COMMAND);
        let mut ahead = TypedAhead::default();
        let mut frame = vec![text("a"), ctrl_n.clone(), text("Z")];
        assert!(ahead.order(&mut frame, search));
        assert_eq!(frame, vec![text("a"), ctrl_n]);
        // The shell opened the dialog at the end of that frame.
        ahead.await_focus(search);
        // The dialog's first frame: the search box still has the focus, so "e" waits too,
        // while the pointer's movement passes.
        let moved = egui::Event::PointerMoved(egui::pos2(1.0, 2.0));
        let mut frame = vec![text("e"), moved.clone()];
        assert!(ahead.order(&mut frame, search));
        assert_eq!(frame, vec![moved]);
        // The focus is in First name: everything comes, in the order typed.
        let mut frame = vec![text("l")];
        assert!(!ahead.order(&mut frame, first_name));
        assert_eq!(frame, vec![text("Z"), text("e"), text("l")]);
        assert!(!ahead.awaiting());
    }

    #[test]
    fn keys_wait_a_few_frames_at_most_for_a_focus_that_does_not_come() {
        let search = Some(egui::Id::unique("search"));
        let mut ahead = TypedAhead::default();
        ahead.await_focus(search);
        let mut frames = 0;
        loop {
            let mut frame = vec![text("x")];
            let waiting = ahead.order(&mut frame, search);
            frames += 1;
            if !frame.is_empty() {
                assert_eq!(frame.len(), frames, "every x held comes at once: {frame:?}");
                assert!(!waiting);
                break;
            }
            assert!(frames <= MAX_WAIT_FRAMES as usize, "held for ever");
        }
        // A focus that went nowhere (a pane without fields) is waited for the same way.
        ahead.await_focus(search);
        for _ in 0..MAX_WAIT_FRAMES {
            assert!(ahead.order(&mut vec![text("y")], None));
        }
        let mut frame = Vec::new();
        ahead.order(&mut frame, None);
        assert_eq!(frame.len(), MAX_WAIT_FRAMES as usize);
    }

    #[test]
    fn a_click_and_plain_letters_are_told_apart() {
        let mut ahead = TypedAhead::default();
        let click = |pressed| egui::Event::PointerButton {
            pos: egui::pos2(5.0, 5.0),
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        let mut frame = vec![click(true), text("a"), click(false), text("b")];
        assert!(ahead.order(&mut frame, None));
        assert_eq!(frame, vec![click(true), text("a"), click(false)]);
        let shift_a = key(egui::Key::A, true, egui::Modifiers::SHIFT);
        let mut frame = vec![shift_a.clone(), text("A"), text("c")];
        assert!(!ahead.order(&mut frame, None));
        assert_eq!(frame, vec![text("b"), shift_a, text("A"), text("c")]);
    }
}
