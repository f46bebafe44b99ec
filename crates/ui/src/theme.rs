//! Named colour tokens, defined once for dark and once for light. Panes use these, never raw
//! colours, so both themes stay readable.

use egui::Color32;

pub use crate::engine::prefs::ThemeChoice;

/// How a choice is drawn: egui's theme and, for high contrast, its own look.
pub trait ThemeLook {
    fn preference(self) -> egui::ThemePreference;
    fn apply(self, ctx: &egui::Context);
}

impl ThemeLook for ThemeChoice {
    fn preference(self) -> egui::ThemePreference {
        match self {
            ThemeChoice::System => egui::ThemePreference::System,
            ThemeChoice::Dark | ThemeChoice::HighContrast => egui::ThemePreference::Dark,
            ThemeChoice::Light => egui::ThemePreference::Light,
        }
    }

    /// Puts the choice in force: the theme, and the dark theme's look (high contrast or not).
    fn apply(self, ctx: &egui::Context) {
        let dark = if self == ThemeChoice::HighContrast {
            high_contrast_visuals()
        } else {
            edged(egui::Visuals::dark())
        };
        ctx.set_visuals_of(egui::Theme::Dark, dark);
        ctx.set_visuals_of(egui::Theme::Light, edged(egui::Visuals::light()));
        ctx.set_theme(self.preference());
        ctx.all_styles_mut(|style| {
            style.spacing.interact_size.y = TARGET;
            // Scroll bars beside the content, not over it, and far enough from it that a bar
            // narrower than 24 px keeps the room 2.5.8 asks around it (half of 24 from its
            // middle to the nearest row).
            style.spacing.scroll = egui::style::ScrollStyle {
                bar_width: SCROLL_BAR,
                bar_inner_margin: TARGET / 2.0 - SCROLL_BAR / 2.0,
                bar_outer_margin: 0.0,
                ..egui::style::ScrollStyle::solid()
            };
        });
    }
}

/// The least height of a button, field, check box or drop-down, in points (CSS pixels at 100%
/// zoom): WCAG 2.2's 2.5.8 asks 24×24 of a target, or room around it; egui's default is 18.
pub const TARGET: f32 = 24.0;

/// A scroll bar's width: Windows' own is 17 px.
const SCROLL_BAR: f32 = 12.0;

/// The high-contrast theme's background and text.
const HC_BACKGROUND: Color32 = Color32::BLACK;
const HC_TEXT: Color32 = Color32::WHITE;
/// What the pointer or the keyboard is on: a yellow no other meaning uses.
const HC_FOCUS: Color32 = Color32::from_rgb(0xFF, 0xEB, 0x3B);

/// White on black, a visible border on every control, yellow where the pointer or the
/// keyboard is, and a selection that stays readable.
pub fn high_contrast_visuals() -> egui::Visuals {
    let mut v = egui::Visuals::dark();
    v.override_text_color = Some(HC_TEXT);
    v.panel_fill = HC_BACKGROUND;
    v.window_fill = HC_BACKGROUND;
    v.extreme_bg_color = HC_BACKGROUND;
    v.faint_bg_color = Color32::from_gray(0x1A);
    v.code_bg_color = Color32::from_gray(0x1A);
    v.hyperlink_color = Color32::from_rgb(0x80, 0xD8, 0xFF);
    v.window_stroke = egui::Stroke::new(1.0, HC_TEXT);
    v.selection.bg_fill = Color32::from_rgb(0x00, 0x3A, 0x8C);
    v.selection.stroke = egui::Stroke::new(2.0, HC_FOCUS);
    let border = |colour: Color32, width: f32| egui::Stroke::new(width, colour);
    v.widgets.noninteractive.bg_fill = HC_BACKGROUND;
    v.widgets.noninteractive.weak_bg_fill = HC_BACKGROUND;
    v.widgets.noninteractive.bg_stroke = border(Color32::from_gray(0xC0), 1.0);
    v.widgets.noninteractive.fg_stroke = border(HC_TEXT, 1.0);
    for (state, edge) in [
        (&mut v.widgets.inactive, border(HC_TEXT, 1.0)),
        (&mut v.widgets.hovered, border(HC_FOCUS, 2.0)),
        (&mut v.widgets.active, border(HC_FOCUS, 2.0)),
        (&mut v.widgets.open, border(HC_FOCUS, 2.0)),
    ] {
        state.bg_fill = Color32::from_gray(0x10);
        state.weak_bg_fill = Color32::from_gray(0x10);
        state.bg_stroke = edge;
        state.fg_stroke = border(HC_TEXT, 1.5);
    }
    v
}

/// The edge of a field, check box or button at rest in the dark and light themes: egui draws
/// none, and a field's or a box's fill barely differs from the panel's (1.2:1), so WCAG 1.4.11
/// asks for an edge at 3:1 against what is around it.
const DARK_EDGE: Color32 = Color32::from_gray(112);
const LIGHT_EDGE: Color32 = Color32::from_gray(134);

/// `visuals` (egui's dark or light) with an edge at 3:1 or more on every control, at rest and
/// when open (what hovered and pressed controls show already is).
pub fn edged(mut visuals: egui::Visuals) -> egui::Visuals {
    let edge = if visuals.dark_mode {
        DARK_EDGE
    } else {
        LIGHT_EDGE
    };
    for state in [&mut visuals.widgets.inactive, &mut visuals.widgets.open] {
        state.bg_stroke = egui::Stroke::new(1.0, edge);
    }
    visuals
}

/// Whether `visuals` are the high-contrast theme's.
pub fn is_high_contrast(visuals: &egui::Visuals) -> bool {
    visuals.panel_fill == HC_BACKGROUND && visuals.override_text_color == Some(HC_TEXT)
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tokens {
    pub overdue: Color32,
    pub due_today: Color32,
    pub completed: Color32,
    pub vacant: Color32,
    pub occupied: Color32,
    pub partial: Color32,
    pub error: Color32,
    pub warning: Color32,
    pub success: Color32,
    pub muted: Color32,
    pub badge_fill: Color32,
    pub badge_text: Color32,
    pub selected_row: Color32,
}

impl Tokens {
    /// Hot, warm or cold: the colours of what is urgent, coming and quiet.
    pub fn band(&self, band: crate::domain::move_in_score::Band) -> Color32 {
        use crate::domain::move_in_score::Band;
        match band {
            Band::Hot => self.success,
            Band::Warm => self.partial,
            Band::Cold => self.muted,
        }
    }

    /// Red, amber or green of a lead.
    pub fn lead_colour(&self, colour: crate::domain::speed_to_lead::Colour) -> Color32 {
        use crate::domain::speed_to_lead::Colour;
        match colour {
            Colour::Red => self.error,
            Colour::Amber => self.partial,
            Colour::Green => self.success,
        }
    }

    /// The tokens of what `ctx` shows now (the high-contrast theme's own when it is on).
    pub fn for_ctx(ctx: &egui::Context) -> Tokens {
        if ctx.theme() == egui::Theme::Dark && is_high_contrast(&ctx.global_style().visuals) {
            Tokens::high_contrast()
        } else {
            Tokens::for_theme(ctx.theme())
        }
    }

    /// Every colour at 7:1 or more on black (WCAG's enhanced contrast).
    pub fn high_contrast() -> Tokens {
        Tokens {
            overdue: Color32::from_rgb(0xFF, 0xA8, 0xA8),
            due_today: Color32::from_rgb(0xFF, 0xE0, 0x66),
            completed: Color32::from_gray(0xC8),
            vacant: Color32::from_rgb(0xA5, 0xFF, 0xA5),
            occupied: Color32::from_rgb(0xA8, 0xDC, 0xFF),
            partial: Color32::from_rgb(0xFF, 0xCC, 0x80),
            error: Color32::from_rgb(0xFF, 0xA8, 0xA8),
            warning: Color32::from_rgb(0xFF, 0xE0, 0x66),
            success: Color32::from_rgb(0xA5, 0xFF, 0xA5),
            muted: Color32::from_gray(0xD0),
            badge_fill: HC_BACKGROUND,
            badge_text: HC_TEXT,
            selected_row: Color32::from_rgb(0x00, 0x3A, 0x8C),
        }
    }

    pub fn for_theme(theme: egui::Theme) -> Tokens {
        match theme {
            egui::Theme::Dark => Tokens {
                overdue: Color32::from_rgb(0xFF, 0x8A, 0x80),
                due_today: Color32::from_rgb(0xFF, 0xD1, 0x66),
                completed: Color32::from_gray(0x8C),
                vacant: Color32::from_rgb(0x81, 0xC7, 0x84),
                occupied: Color32::from_rgb(0x64, 0xB5, 0xF6),
                partial: Color32::from_rgb(0xFF, 0xB7, 0x4D),
                error: Color32::from_rgb(0xFF, 0x8A, 0x80),
                warning: Color32::from_rgb(0xFF, 0xD1, 0x66),
                success: Color32::from_rgb(0x81, 0xC7, 0x84),
                muted: Color32::from_gray(0x9E),
                badge_fill: Color32::from_rgb(0x1B, 0x5E, 0x20),
                badge_text: Color32::from_rgb(0xE8, 0xF5, 0xE9),
                selected_row: Color32::from_rgb(0x1E, 0x3A, 0x5F),
            },
            egui::Theme::Light => Tokens {
                overdue: Color32::from_rgb(0xB7, 0x1C, 0x1C),
                due_today: Color32::from_rgb(0x8D, 0x5B, 0x00),
                completed: Color32::from_gray(0x6A),
                vacant: Color32::from_rgb(0x1B, 0x5E, 0x20),
                occupied: Color32::from_rgb(0x0D, 0x47, 0xA1),
                partial: Color32::from_rgb(0xA0, 0x4A, 0x00),
                error: Color32::from_rgb(0xB7, 0x1C, 0x1C),
                warning: Color32::from_rgb(0x8D, 0x5B, 0x00),
                success: Color32::from_rgb(0x1B, 0x5E, 0x20),
                muted: Color32::from_gray(0x61),
                badge_fill: Color32::from_rgb(0xC8, 0xE6, 0xC9),
                badge_text: Color32::from_rgb(0x1B, 0x5E, 0x20),
                selected_row: Color32::from_rgb(0xBB, 0xDE, 0xFB),
            },
        }
    }
}

/// WCAG 2 contrast ratio of two opaque colours (1 to 21).
pub fn contrast(a: Color32, b: Color32) -> f32 {
    fn luminance(c: Color32) -> f32 {
        let channel = |v: u8| {
            let v = f32::from(v) / 255.0;
            if v <= 0.039_28 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(c.r()) + 0.7152 * channel(c.g()) + 0.0722 * channel(c.b())
    }
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every token that colours text, by name.
    fn text_tokens(t: &Tokens) -> [(&'static str, Color32); 10] {
        [
            ("overdue", t.overdue),
            ("due today", t.due_today),
            ("completed", t.completed),
            ("vacant", t.vacant),
            ("occupied", t.occupied),
            ("partial", t.partial),
            ("error", t.error),
            ("warning", t.warning),
            ("success", t.success),
            ("muted", t.muted),
        ]
    }

    /// Every token used for text is readable (WCAG AA, 4.5:1) on every background text sits
    /// on: panels, windows, striped rows and the selected row.
    #[test]
    fn text_colours_meet_wcag_aa_in_both_themes() {
        for theme in [egui::Theme::Dark, egui::Theme::Light] {
            let t = Tokens::for_theme(theme);
            let visuals = match theme {
                egui::Theme::Dark => egui::Visuals::dark(),
                egui::Theme::Light => egui::Visuals::light(),
            };
            // Some fills are translucent (premultiplied): laid over the panel, as drawn.
            let over_panel = |c: Color32| {
                let keep = 1.0 - f32::from(c.a()) / 255.0;
                let mix = |top: u8, under: u8| {
                    (f32::from(top) + f32::from(under) * keep)
                        .round()
                        .min(255.0) as u8
                };
                let p = visuals.panel_fill;
                Color32::from_rgb(mix(c.r(), p.r()), mix(c.g(), p.g()), mix(c.b(), p.b()))
            };
            let backgrounds = [
                ("panel", visuals.panel_fill),
                ("window", visuals.window_fill),
                ("striped row", over_panel(visuals.faint_bg_color)),
                ("text field", over_panel(visuals.extreme_bg_color)),
            ];
            for (text, colour) in text_tokens(&t) {
                for (background, fill) in backgrounds {
                    let ratio = contrast(colour, fill);
                    assert!(
                        ratio >= 4.5,
                        "{theme:?}: {text} on {background} is {ratio:.2}:1"
                    );
                }
            }
            let badge = contrast(t.badge_text, t.badge_fill);
            assert!(badge >= 4.5, "{theme:?}: the badge is {badge:.2}:1");
        }
        assert!((contrast(Color32::BLACK, Color32::WHITE) - 21.0).abs() < 0.01);
    }

    /// WCAG 1.4.11 in the dark and light themes: every control's edge, in every state, at 3:1
    /// or more against the panel and the window it sits on; a focused field's outline too; a
    /// check box's mark against its box.
    #[test]
    fn every_controls_edge_meets_three_to_one_in_both_themes() {
        for (name, v) in [
            ("dark", edged(egui::Visuals::dark())),
            ("light", edged(egui::Visuals::light())),
        ] {
            let w = &v.widgets;
            for (state, visuals) in [
                ("at rest", w.inactive),
                ("hovered", w.hovered),
                ("pressed", w.active),
                ("open", w.open),
            ] {
                assert!(visuals.bg_stroke.width >= 1.0, "{name}, {state}: no edge");
                for (around, fill) in [("panel", v.panel_fill), ("window", v.window_fill)] {
                    let ratio = contrast(visuals.bg_stroke.color, fill);
                    assert!(
                        ratio >= 3.0,
                        "{name}: a control's edge {state} on the {around} is {ratio:.2}:1"
                    );
                }
                let mark = contrast(visuals.fg_stroke.color, visuals.bg_fill);
                assert!(mark >= 3.0, "{name}, {state}: a check mark is {mark:.2}:1");
            }
            for fill in [v.panel_fill, v.text_edit_bg_color()] {
                let focus = contrast(v.selection.stroke.color, fill);
                assert!(
                    focus >= 3.0,
                    "{name}: a focused field's outline is {focus:.2}:1"
                );
            }
        }
        // egui's own edges at rest: none (what the test above guards against).
        assert_eq!(egui::Visuals::dark().widgets.inactive.bg_stroke.width, 0.0);
    }

    /// The high-contrast theme: every text token at 7:1 or more (WCAG AAA) on every
    /// background it sits on, the selected row included, and a border on every control.
    #[test]
    fn the_high_contrast_theme_meets_seven_to_one() {
        let t = Tokens::high_contrast();
        let v = high_contrast_visuals();
        assert!(is_high_contrast(&v) && !is_high_contrast(&egui::Visuals::dark()));
        let backgrounds = [
            ("panel", v.panel_fill),
            ("window", v.window_fill),
            ("striped row", v.faint_bg_color),
            ("control", v.widgets.inactive.bg_fill),
        ];
        let mut texts = text_tokens(&t).to_vec();
        texts.extend([
            ("text", v.override_text_color.unwrap()),
            ("link", v.hyperlink_color),
            ("badge", t.badge_text),
        ]);
        for (text, colour) in texts {
            for (background, fill) in backgrounds {
                let ratio = contrast(colour, fill);
                assert!(ratio >= 7.0, "{text} on {background} is {ratio:.2}:1");
            }
        }
        // Selected text stays readable on the selection and the selected row.
        for fill in [v.selection.bg_fill, t.selected_row] {
            let ratio = contrast(Color32::WHITE, fill);
            assert!(ratio >= 7.0, "white on the selection is {ratio:.2}:1");
        }
        // Every control shows its edge against the background (WCAG 1.4.11: 3:1).
        for state in [v.widgets.inactive, v.widgets.hovered, v.widgets.active] {
            assert!(contrast(state.bg_stroke.color, v.panel_fill) >= 3.0);
            assert!(state.bg_stroke.width >= 1.0);
        }
    }
}
