//! The sales discipline's settings: how fast a new lead should be called, the office hours that
//! clock counts, and when a lead with nothing booked turns amber and red. Each change applies at
//! once.

use chrono::{NaiveTime, Timelike};

use super::half_hour_combo;
use crate::api::model::Community;
use crate::commands::Command;
use crate::domain::referral::{Fee, PaidSource};
use crate::domain::speed_to_lead::{BusinessHours, LeadRules};
use crate::panes::AppCtx;

const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

pub fn lead_rules_ui(ui: &mut egui::Ui, ctx: &mut AppCtx, communities: &[Community]) {
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
        hours_ui(ui, ctx, "office", &mut rules.hours);
    });
    community_hours_ui(ui, ctx, communities, &mut rules);
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
            "Hours are counted in the portal's time zone. A lead nobody has reached out to yet \
             is coloured by its wait against the response target; once contacted, green while \
             something is booked ahead or the last contact is recent. The case, My day, Search, \
             the bell and the team board all tell it this way.",
        )
        .color(ctx.tokens.muted),
    );
    paid_sources_ui(ui, ctx, &mut rules.paid_sources);
    if rules != ctx.prefs.lead_rules {
        ctx.send(Command::SetLeadRules(Box::new(rules)));
    }
}

/// The days and hours an office keeps; `id` keeps each office's pickers apart.
fn hours_ui(ui: &mut egui::Ui, ctx: &AppCtx, id: &str, hours: &mut BusinessHours) {
    for (open, name) in hours.days.iter_mut().zip(DAYS) {
        ui.checkbox(open, name);
    }
    let mut opens = time_of(hours.opens);
    let mut closes = time_of(hours.closes);
    half_hour_combo(ui, "from", &format!("{id}-opens"), &mut opens);
    half_hour_combo(ui, "to", &format!("{id}-closes"), &mut closes);
    hours.opens = minutes_of(opens);
    hours.closes = minutes_of(closes);
    if closes <= opens {
        ui.colored_label(
            ctx.tokens.warning,
            "Closes before it opens: no hours count.",
        );
    } else if !hours.days.contains(&true) {
        ui.colored_label(ctx.tokens.warning, "No day open: no hours count.");
    }
}

/// Communities whose office keeps other hours than the portal's: each one's own days and hours,
/// removable, and a picker to give another community its own.
fn community_hours_ui(
    ui: &mut egui::Ui,
    ctx: &AppCtx,
    communities: &[Community],
    rules: &mut LeadRules,
) {
    let name_of = |id: i64| {
        communities
            .iter()
            .find(|c| c.id == id)
            .map_or_else(|| format!("Community {id}"), |c| c.name.clone())
    };
    let mut remove = None;
    for (n, (community, hours)) in rules.community_hours.iter_mut().enumerate() {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(name_of(*community)).strong());
            ui.push_id(("community-hours", *community), |ui| {
                hours_ui(ui, ctx, &format!("community-{community}"), hours);
            });
            if ui
                .button("Use the portal's hours")
                .on_hover_text("Remove this community's own hours")
                .clicked()
            {
                remove = Some(n);
            }
        });
    }
    if let Some(n) = remove {
        rules.community_hours.remove(n);
    }
    let others: Vec<&Community> = communities
        .iter()
        .filter(|c| rules.community_hours.iter().all(|(id, _)| *id != c.id))
        .collect();
    if others.is_empty() {
        return;
    }
    ui.horizontal(|ui| {
        let caption = ui.label("A community keeps other hours");
        let mut chosen: Option<i64> = None;
        crate::widgets::keyboard_combo(
            ui,
            egui::ComboBox::from_id_salt("community-hours-add").selected_text("Choose a community"),
            |ui| {
                for c in &others {
                    ui.selectable_value(&mut chosen, Some(c.id), &c.name);
                }
            },
        )
        .response
        .labelled_by(caption.id)
        .on_hover_text("It starts from the portal's hours; change its days and times here");
        if let Some(id) = chosen {
            rules.community_hours.push((id, rules.hours));
        }
    });
}

/// Paid sources cost a fee per move-in at most this many (a list, not a database).
const MAX_PAID_SOURCES: usize = 50;

/// The market sources and referral companies paid for a move-in, and what they charge: the
/// intake's referral check and the referral sources' fees use them.
fn paid_sources_ui(ui: &mut egui::Ui, ctx: &AppCtx, paid: &mut Vec<PaidSource>) {
    ui.add_space(8.0);
    ui.strong("Paid referral sources");
    ui.label(
        egui::RichText::new(
            "Named as the portal's market source is (case does not matter). A new inquiry \
             through one of them is checked against earlier contacts; the Referral sources \
             tab of Sales counts what their move-ins owe.",
        )
        .color(ctx.tokens.muted),
    );
    let mut remove = None;
    egui::Grid::new("paid-sources")
        .num_columns(5)
        .spacing([10.0, 6.0])
        .show(ui, |ui| {
            for (n, source) in paid.iter_mut().enumerate() {
                let caption = ui.label(format!("Paid source {}", n + 1));
                ui.add(
                    egui::TextEdit::singleline(&mut source.name)
                        .id_salt(("paid-source-name", n))
                        .char_limit(120)
                        .hint_text("Market source")
                        // A grid cell offers only its column's last width: without a minimum
                        // the field would never grow past the first frame's.
                        .min_size(egui::vec2(200.0, 0.0))
                        .desired_width(200.0),
                )
                .labelled_by(caption.id)
                .on_hover_text("The market source's name, as the portal lists it");
                let (mut percent, mut amount) = match source.fee {
                    Fee::PercentOfFirstMonth(p) => (true, p),
                    Fee::Fixed(d) => (false, d),
                };
                ui.add(
                    egui::DragValue::new(&mut amount)
                        .range(0..=if percent { 300 } else { 100_000 })
                        .prefix(if percent { "" } else { "$" })
                        .suffix(if percent { " %" } else { "" }),
                )
                .labelled_by(caption.id);
                crate::widgets::keyboard_combo(
                    ui,
                    egui::ComboBox::from_id_salt(("paid-source-fee", n)).selected_text(
                        if percent {
                            "of the first month"
                        } else {
                            "a move-in"
                        },
                    ),
                    |ui| {
                        ui.selectable_value(&mut percent, true, "of the first month");
                        ui.selectable_value(&mut percent, false, "a move-in");
                    },
                )
                .response
                .labelled_by(caption.id);
                source.fee = if percent {
                    Fee::PercentOfFirstMonth(amount.min(300))
                } else {
                    Fee::Fixed(amount)
                };
                if ui.button("Remove").clicked() {
                    remove = Some(n);
                }
                ui.end_row();
            }
        });
    if let Some(n) = remove {
        paid.remove(n);
    }
    if paid.len() < MAX_PAID_SOURCES && ui.button("Add a paid source").clicked() {
        // The field's usual terms: a month's rent a move-in.
        paid.push(PaidSource {
            name: String::new(),
            fee: Fee::PercentOfFirstMonth(100),
        });
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
