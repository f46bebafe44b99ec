//! Named colour tokens, defined once for dark and once for light. Panes use these, never raw
//! colours, so both themes stay readable.

use egui::Color32;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum ThemeChoice {
    #[default]
    System,
    Dark,
    Light,
}

impl ThemeChoice {
    pub const ALL: [ThemeChoice; 3] = [ThemeChoice::System, ThemeChoice::Dark, ThemeChoice::Light];

    pub fn label(self) -> &'static str {
        match self {
            ThemeChoice::System => "Follow the system",
            ThemeChoice::Dark => "Dark",
            ThemeChoice::Light => "Light",
        }
    }

    pub fn preference(self) -> egui::ThemePreference {
        match self {
            ThemeChoice::System => egui::ThemePreference::System,
            ThemeChoice::Dark => egui::ThemePreference::Dark,
            ThemeChoice::Light => egui::ThemePreference::Light,
        }
    }
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
            let texts = [
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
            ];
            for (text, colour) in texts {
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
}
