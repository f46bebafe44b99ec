//! A chart as a screen reader meets it: an image named by what it shows, in words and figures
//! (a plot publishes nothing a screen reader can read; the tables beside the charts hold the
//! same figures, but the chart itself must not be a silent picture).

use egui::accesskit::Role;

/// Names the chart drawn as `response` by `words`.
pub fn described(response: &egui::Response, words: &str) {
    response.ctx.accesskit_node_builder(response.id, |node| {
        node.set_role(Role::Image);
        node.set_label(words);
    });
}
