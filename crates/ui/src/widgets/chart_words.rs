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

/// Spaces a chart's legend entries (drawn as high as their text, each a check box that hides
/// its series) so each keeps 24 px to the next, as WCAG 2.2's 2.5.8 asks of small targets:
/// call in the scope the chart is drawn in.
pub fn spaced_legend(ui: &mut egui::Ui) {
    let text = ui.text_style_height(&egui::TextStyle::Body);
    let spacing = &mut ui.spacing_mut().item_spacing.y;
    *spacing = spacing.max(crate::theme::TARGET - text + 1.0);
}
