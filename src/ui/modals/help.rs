//! The user guide (`docs/guide.md`, built into the program) in a dialog: F1, or "Help" in the
//! palette. Headings and numbered steps are shown as such; pictures are left to the file.

/// The guide as written in the repository.
pub const GUIDE: &str = include_str!("../../../docs/guide.md");

#[derive(Debug, Default)]
pub struct HelpView {
    pub open: bool,
}

impl HelpView {
    pub fn new() -> Self {
        HelpView { open: true }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui) {
        // One height from the first frame, so the dialog never moves under the pointer.
        let height = (ui.ctx().content_rect().height() - 160.0).max(200.0);
        egui::ScrollArea::vertical()
            .id_salt("guide")
            .auto_shrink([false, false])
            .min_scrolled_height(height)
            .max_height(height)
            .show(ui, |ui| {
                for line in GUIDE.lines() {
                    let line = line.trim_end();
                    if let Some(title) = line.strip_prefix("# ") {
                        ui.heading(title);
                    } else if let Some(title) = line.strip_prefix("## ") {
                        ui.add_space(8.0);
                        ui.label(egui::RichText::new(title).strong().size(16.0));
                    } else if line.starts_with("![") || line.is_empty() {
                        continue;
                    } else {
                        ui.label(line.replace("**", "").replace('`', ""));
                    }
                }
            });
        ui.separator();
        if ui.button("Close").clicked() {
            self.open = false;
        }
    }
}
