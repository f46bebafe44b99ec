//! The user guide (`docs/guide.md`, built into the program) in a dialog: F1, or "Help" in the
//! palette. Headings and numbered steps are shown as such; pictures are left to the file. Its
//! foot says which build this is (About).

use leasedesk_i18n::{Language, tr};

/// The guide as written in the repository, in US English.
pub const GUIDE: &str = include_str!("../../../../docs/guide.md");
/// The guide in US Spanish (`docs/guide.es.md`: the same chapters, the window's Spanish words).
pub const GUIDE_ES: &str = include_str!("../../../../docs/guide.es.md");

/// The guide in the language in force.
pub fn guide() -> &'static str {
    match leasedesk_i18n::language() {
        Language::Spanish => GUIDE_ES,
        Language::English | Language::Pseudo => GUIDE,
    }
}

#[derive(Debug, Default)]
pub struct HelpView {
    pub open: bool,
}

impl HelpView {
    pub fn new() -> Self {
        HelpView { open: true }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &crate::context::AppCtx) {
        // One height from the first frame, so the dialog never moves under the pointer.
        let height = (ui.ctx().content_rect().height() - 160.0).max(200.0);
        egui::ScrollArea::vertical()
            .id_salt("guide")
            .auto_shrink([false, false])
            .min_scrolled_height(height)
            .max_height(height)
            .show(ui, |ui| {
                for block in blocks(guide()) {
                    match block {
                        Block::Title(text) => {
                            ui.heading(text);
                        }
                        Block::Chapter(text) => {
                            ui.add_space(8.0);
                            ui.label(egui::RichText::new(text).strong().size(16.0));
                        }
                        Block::Text(text) => {
                            ui.label(text);
                        }
                    }
                }
            });
        ui.separator();
        ui.label(about(ctx.build));
        ui.horizontal(|ui| {
            crate::commands::command_button(
                ui,
                ctx.commands,
                crate::commands::Command::CheckForUpdates,
            );
            update_state_ui(ui, &ctx.backend.updater().state());
        });
        if ui.button(tr!("help-close")).clicked() {
            self.open = false;
        }
    }
}

/// Which build this is, how it draws and where its data is: what IT and support ask first.
pub fn about(build: &str) -> String {
    let folder =
        crate::paths::data_dir().map_or_else(|| tr!("help-no-folder"), |d| d.display().to_string());
    tr!(
        "help-about",
        build = build,
        renderer = super::super::renderer::in_use().unwrap_or_else(|| tr!("help-no-renderer")),
        folder = folder
    )
}

/// What the updater is doing or found, with its progress while it downloads.
pub fn update_state_ui(ui: &mut egui::Ui, state: &crate::engine::updates::UpdateState) {
    use crate::engine::updates::UpdateState;
    if let UpdateState::Downloading { got, of, .. } = state {
        let done = *got as f32 / (*of).max(1) as f32;
        ui.add(egui::ProgressBar::new(done.clamp(0.0, 1.0)).desired_width(120.0));
    }
    ui.add(egui::Label::new(crate::update_words::state(state)).wrap());
}

enum Block {
    Title(String),
    Chapter(String),
    Text(String),
}

/// The guide's headings and paragraphs (a numbered step is a paragraph of its own; lines of
/// one paragraph are joined so they wrap to the dialog); pictures and markup left out.
fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut paragraph = String::new();
    let flush = |paragraph: &mut String, out: &mut Vec<Block>| {
        if !paragraph.is_empty() {
            out.push(Block::Text(std::mem::take(paragraph)));
        }
    };
    for line in text.lines().map(str::trim) {
        let step = line
            .split_once(". ")
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
            || line.starts_with("- ");
        if line.is_empty() || line.starts_with("![") || line.starts_with('#') || step {
            flush(&mut paragraph, &mut out);
        }
        if let Some(title) = line.strip_prefix("# ") {
            out.push(Block::Title(title.to_owned()));
        } else if let Some(title) = line.strip_prefix("## ") {
            out.push(Block::Chapter(title.to_owned()));
        } else if !line.is_empty() && !line.starts_with("![") {
            if !paragraph.is_empty() {
                paragraph.push(' ');
            }
            let line = line
                .strip_prefix("- ")
                .map_or(line.to_owned(), |l| format!("• {l}"));
            paragraph.push_str(&line.replace("**", "").replace('`', ""));
        }
    }
    flush(&mut paragraph, &mut out);
    out
}

impl crate::modals::Dialog for HelpView {
    fn title(&self) -> String {
        tr!("help-title")
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut crate::context::AppCtx) {
        HelpView::ui(self, ui, ctx);
    }

    fn width(&self) -> f32 {
        640.0
    }

    fn is_open(&self) -> bool {
        self.open
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guide_reads_as_chapters_of_steps() {
        let blocks = blocks(GUIDE);
        let chapters = blocks
            .iter()
            .filter(|b| matches!(b, Block::Chapter(_)))
            .count();
        assert_eq!(chapters, 7);
        assert!(
            blocks.iter().any(|b| matches!(b, Block::Chapter(c)
                if c == "With a screen reader, or a high-contrast screen")),
            "the accessibility chapter"
        );
        let keys: Vec<&String> = blocks
            .iter()
            .filter_map(|b| match b {
                Block::Text(t) if t.starts_with("• ") => Some(t),
                _ => None,
            })
            .collect();
        assert!(
            keys.len() >= 5 && keys.iter().any(|t| t.starts_with("• Ctrl+K opens")),
            "each key's line apart: {keys:?}"
        );
        let steps: Vec<&String> = blocks
            .iter()
            .filter_map(|b| match b {
                Block::Text(t) if t.starts_with("2. ") => Some(t),
                _ => None,
            })
            .collect();
        assert!(steps.len() >= 4, "numbered steps stay apart");
        assert!(
            steps.iter().all(|t| !t.contains('\n') && !t.contains("**")),
            "lines joined, markup gone"
        );
    }

    #[test]
    fn the_guide_is_in_each_language_with_the_same_chapters_and_pictures() {
        let outline = |text: &'static str| {
            let blocks = blocks(text);
            let chapters = blocks
                .iter()
                .filter(|b| matches!(b, Block::Chapter(_)))
                .count();
            let pictures: Vec<&str> = text
                .lines()
                .filter_map(|l| l.trim().strip_prefix("![")?.split("](").nth(1))
                .collect();
            let commands = text.matches("`leasedesk ").count();
            (chapters, pictures, commands)
        };
        assert_eq!(outline(GUIDE), outline(GUIDE_ES));
        let spanish = leasedesk_i18n::in_language(Language::Spanish, guide);
        assert!(spanish.starts_with("# LeaseDesk: una guía breve"));
        assert!(blocks(spanish).iter().any(|b| matches!(b, Block::Chapter(c)
            if c == "Con un lector de pantalla, o una pantalla de alto contraste")));
        assert_eq!(leasedesk_i18n::in_language(Language::English, guide), GUIDE);
    }
}
