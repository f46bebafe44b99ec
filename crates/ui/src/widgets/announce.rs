//! Live regions: text a screen reader reads out when it appears or changes, without the focus
//! moving (a save landing, the desk going offline, an error beside a form).

/// Marks `response`'s node as a polite live region: read out when the reader is idle.
pub fn polite(ui: &egui::Ui, response: &egui::Response) {
    ui.ctx().accesskit_node_builder(response.id, |node| {
        node.set_live(egui::accesskit::Live::Polite);
    });
}

/// A problem beside a form, in the error colour, read out when it appears or changes.
pub fn problem_ui(
    ui: &mut egui::Ui,
    colour: egui::Color32,
    text: impl Into<egui::RichText>,
) -> egui::Response {
    said_ui(ui, colour, text)
}

/// What a form's work came to ("✔ Saved"), in its colour, read out when it appears.
pub fn said_ui(
    ui: &mut egui::Ui,
    colour: egui::Color32,
    text: impl Into<egui::RichText>,
) -> egui::Response {
    let response = ui.colored_label(colour, text);
    polite(ui, &response);
    response
}

/// A line saying what just happened, read out when it appears or changes.
pub fn announced_ui(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    let response = ui.label(text);
    polite(ui, &response);
    response
}
