//! Secrets typed into text fields.

use crate::api::Secret;

/// The Settings form edits keys and passwords in place as `Secret`s, so they are wiped when the
/// form is dropped and never sit in a plain `String`.
impl egui::TextBuffer for Secret {
    fn is_mutable(&self) -> bool {
        true
    }

    fn as_str(&self) -> &str {
        self.expose()
    }

    fn insert_text(&mut self, text: &str, char_index: egui::text::CharIndex) -> usize {
        egui::TextBuffer::insert_text(self.text_mut(), text, char_index)
    }

    fn delete_char_range(&mut self, char_range: std::ops::Range<egui::text::CharIndex>) {
        egui::TextBuffer::delete_char_range(self.text_mut(), char_range)
    }

    fn type_id(&self) -> std::any::TypeId {
        std::any::TypeId::of::<Self>()
    }
}
