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
                completed: Color32::from_gray(0x75),
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
