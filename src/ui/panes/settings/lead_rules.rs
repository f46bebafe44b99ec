//! The sales discipline's settings: how fast a new lead should be called, the office hours that
//! clock counts, and when a lead with nothing booked turns amber and red. Each change applies at
//! once.

use chrono::{NaiveTime, Timelike};

use super::half_hour_combo;
use crate::domain::speed_to_lead::LeadRules;
use crate::ui::commands::Command;
use crate::ui::panes::AppCtx;

const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

pub fn lead_rules_ui(ui: &mut egui::Ui, ctx: &mut AppCtx) {
    ui.heading("Speed to lead and follow-ups");
    let mut rules: LeadRules = ctx.prefs.lead_rules.clone();
    ui.horizontal(|ui| {
        let label = ui.label("Call a new lead within");
        ui.add(
            egui::DragValue::new(&mut rules.response.minutes)
                .range(5..=24 * 60)
                .suffix(" min"),
        )
        .labelled_by(label.id)
        .on_hover_text("Of office hours. The clock turns amber at half of it and red at it.");
    });
    ui.horizontal(|ui| {
        ui.label("Office hours");
        for (open, name) in rules.hours.days.iter_mut().zip(DAYS) {
            ui.checkbox(open, name);
        }
    });
    ui.horizontal(|ui| {
        let mut opens = time_of(rules.hours.opens);
        let mut closes = time_of(rules.hours.closes);
        half_hour_combo(ui, "from", "office-opens", &mut opens);
        half_hour_combo(ui, "to", "office-closes", &mut closes);
        rules.hours.opens = minutes_of(opens);
        rules.hours.closes = minutes_of(closes);
        if closes <= opens {
            ui.colored_label(
                ctx.tokens.warning,
                "Closes before it opens: no hours count.",
            );
        }
    });
    ui.horizontal(|ui| {
        let label = ui.label("With nothing booked, a lead turns amber after");
        ui.add(
            egui::DragValue::new(&mut rules.colours.amber_after_hours)
                .range(1..=24 * 30)
                .suffix(" h"),
        )
        .labelled_by(label.id);
        let label = ui.label("and red after");
        ui.add(
            egui::DragValue::new(&mut rules.colours.red_after_hours)
                .range(1..=24 * 30)
                .suffix(" h"),
        )
        .labelled_by(label.id);
    });
    // Red never comes before amber.
    rules.colours.red_after_hours = rules
        .colours
        .red_after_hours
        .max(rules.colours.amber_after_hours);
    ui.label(
        egui::RichText::new(
            "Hours are counted in the portal's time zone. Green: something is booked ahead, or \
             the last contact is recent.",
        )
        .color(ctx.tokens.muted),
    );
    if rules != ctx.prefs.lead_rules {
        ctx.send(Command::SetLeadRules(Box::new(rules)));
    }
}

fn time_of(minutes: u16) -> NaiveTime {
    NaiveTime::from_hms_opt(
        u32::from(minutes.min(23 * 60 + 59)) / 60,
        u32::from(minutes % 60),
        0,
    )
    .unwrap_or_default()
}

fn minutes_of(time: NaiveTime) -> u16 {
    u16::try_from(time.hour() * 60 + time.minute()).unwrap_or(0)
}
