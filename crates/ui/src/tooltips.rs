//! Escape puts away a tooltip without moving the pointer (WCAG 1.4.13: content shown on hover
//! can be dismissed). egui keeps a tooltip while the pointer rests on its control and offers no
//! way to close it, so the window stops drawing the tooltip layers until the pointer moves.

/// How far the pointer may drift (in points) and still count as resting.
const DRIFT: f32 = 2.0;

/// Whether the tooltips are put away, and where the pointer was then.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct TooltipDismissal {
    put_away_at: Option<egui::Pos2>,
}

impl TooltipDismissal {
    /// What this frame's input means for it: Escape with a tooltip shown (and nothing else
    /// taking Escape: no dialog, menu or palette) puts it away; the pointer moving brings
    /// tooltips back.
    pub fn update(
        &mut self,
        escape: bool,
        tooltip_shown: bool,
        taken: bool,
        pointer: Option<egui::Pos2>,
    ) {
        match (self.put_away_at, pointer) {
            (Some(at), Some(now)) if at.distance(now) > DRIFT => self.put_away_at = None,
            (Some(_), None) => self.put_away_at = None,
            _ => {}
        }
        if escape && tooltip_shown && !taken {
            self.put_away_at = pointer;
        }
    }

    pub fn put_away(&self) -> bool {
        self.put_away_at.is_some()
    }

    /// Reads this frame's input (before the window is drawn).
    pub fn before(&mut self, ctx: &egui::Context, taken: bool) {
        let (escape, pointer) =
            ctx.input(|i| (i.key_pressed(egui::Key::Escape), i.pointer.hover_pos()));
        let shown = ctx.memory(|m| {
            m.layer_ids()
                .any(|l| l.order == egui::Order::Tooltip && m.areas().visible_last_frame(&l))
        });
        self.update(escape, shown, taken, pointer);
    }

    /// Takes this frame's tooltips off the screen while they are put away (after the window is
    /// drawn).
    pub fn after(&self, ctx: &egui::Context) {
        if !self.put_away() {
            return;
        }
        let layers: Vec<egui::LayerId> = ctx.memory(|m| {
            m.layer_ids()
                .filter(|l| l.order == egui::Order::Tooltip)
                .collect()
        });
        ctx.graphics_mut(|g| {
            for layer in layers {
                if let Some(list) = g.get_mut(layer) {
                    for i in 0..list.next_idx().0 {
                        list.reset_shape(egui::layers::ShapeIdx(i));
                    }
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_puts_a_tooltip_away_until_the_pointer_moves() {
        let at = egui::pos2(100.0, 100.0);
        let mut d = TooltipDismissal::default();
        d.update(false, true, false, Some(at));
        assert!(!d.put_away(), "a tooltip shows until Escape");
        d.update(true, true, false, Some(at));
        assert!(d.put_away());
        d.update(false, false, false, Some(at + egui::vec2(1.0, 1.0)));
        assert!(d.put_away(), "a hand's tremor keeps it away");
        d.update(false, false, false, Some(at + egui::vec2(30.0, 0.0)));
        assert!(!d.put_away(), "moving the pointer brings tooltips back");
    }

    #[test]
    fn escape_taken_by_a_dialog_or_with_no_tooltip_puts_nothing_away() {
        let at = egui::pos2(10.0, 10.0);
        let mut d = TooltipDismissal::default();
        d.update(true, true, true, Some(at));
        assert!(!d.put_away(), "a dialog's Escape is the dialog's");
        d.update(true, false, false, Some(at));
        assert!(!d.put_away(), "no tooltip shown");
        d.update(true, true, false, Some(at));
        d.update(false, false, false, None);
        assert!(!d.put_away(), "the pointer left the window");
    }
}
