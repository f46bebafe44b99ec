//! Secrets typed into text fields.

use crate::api::Secret;

/// A `Secret` as a text field edits it: the Settings form edits keys and passwords in place, so
/// they are wiped when the form is dropped and never sit in a plain `String`.
pub struct SecretText<'a>(pub &'a mut Secret);

impl egui::TextBuffer for SecretText<'_> {
    fn is_mutable(&self) -> bool {
        true
    }

    fn as_str(&self) -> &str {
        self.0.expose()
    }

    fn insert_text(&mut self, text: &str, char_index: egui::text::CharIndex) -> usize {
        egui::TextBuffer::insert_text(self.0.text_mut(), text, char_index)
    }

    fn delete_char_range(&mut self, char_range: std::ops::Range<egui::text::CharIndex>) {
        egui::TextBuffer::delete_char_range(self.0.text_mut(), char_range)
    }

    fn type_id(&self) -> std::any::TypeId {
        std::any::TypeId::of::<Secret>()
    }
}
