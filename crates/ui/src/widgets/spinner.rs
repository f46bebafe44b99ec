//! A spinner that turns ten times a second. egui's own asks for the next frame at once, so a
//! window with work under way drew frame after frame for as long as the work lasted: through
//! a five-minute first sync, one core redrawing the same screen, taken from the sync it shows.

use std::time::Duration;

/// How long one picture of the spinner stays.
const STEP: Duration = Duration::from_millis(100);

/// A spinner as tall as a button, drawn again every [`STEP`].
pub fn spinner_ui(ui: &mut egui::Ui) -> egui::Response {
    let size = ui.spacing().interact_size.y;
    let (rect, response) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    response.widget_info(|| egui::WidgetInfo::new(egui::Role::ProgressIndicator));
    if ui.is_rect_visible(rect) {
        let step = STEP.as_secs_f64();
        let time = (ui.input(|i| i.time) / step).floor() * step;
        paint(ui, rect, time);
        ui.ctx().request_repaint_after(STEP);
    }
    response
}

/// egui's spinner at a given moment: an arc turning once a second that grows and shrinks.
fn paint(ui: &egui::Ui, rect: egui::Rect, time: f64) {
    let color = ui.visuals().strong_text_color();
    let radius = (rect.height().min(rect.width()) * 0.5) - 2.0;
    let points = (radius.round() as u32).clamp(8, 128);
    let start = time * std::f64::consts::TAU;
    let end = start + 240f64.to_radians() * time.sin();
    let line: Vec<egui::Pos2> = (0..points)
        .map(|i| {
            let angle = egui::emath::lerp(start..=end, f64::from(i) / f64::from(points));
            let (sin, cos) = angle.sin_cos();
            rect.center() + radius * egui::vec2(cos as f32, sin as f32)
        })
        .collect();
    ui.painter()
        .add(egui::Shape::line(line, egui::Stroke::new(3.0, color)));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the fifth frame asks for (egui's first frames ask for more, whatever is drawn).
    fn repaint_delay(mut draw: impl FnMut(&mut egui::Ui)) -> Duration {
        let ctx = egui::Context::default();
        let mut delay = Duration::MAX;
        for frame in 0..5 {
            let input = egui::RawInput {
                time: Some(f64::from(frame) * 0.016),
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(800.0, 600.0),
                )),
                ..Default::default()
            };
            let mut output = ctx.run_ui(input, &mut draw);
            output.textures_delta.clear();
            delay = output.viewport_output[&egui::ViewportId::ROOT].repaint_delay;
        }
        delay
    }

    #[test]
    fn the_spinner_asks_for_a_frame_a_tenth_of_a_second_on_not_at_once() {
        // egui's own spinner asks for the next frame at once: what this one replaces.
        assert_eq!(
            repaint_delay(|ui| {
                ui.spinner();
            }),
            Duration::ZERO
        );
        let delay = repaint_delay(|ui| {
            spinner_ui(ui);
        });
        assert!(delay >= Duration::from_millis(90), "{delay:?}");
        assert!(delay <= STEP, "{delay:?}");
    }

    #[test]
    fn a_spinner_out_of_sight_asks_for_no_frame() {
        let delay = repaint_delay(|ui| {
            ui.add_space(10_000.0);
            spinner_ui(ui);
        });
        assert_eq!(delay, Duration::MAX);
    }
}
