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
use leasedesk_i18n::tr;

const DAYS: [chrono::Weekday; 7] = crate::dates::WEEK;

pub fn lead_rules_ui(ui: &mut egui::Ui, ctx: &mut AppCtx, communities: &[Community]) {
    ui.heading(tr!("lead-rules"));
    let mut rules: LeadRules = ctx.prefs.lead_rules.clone();
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(tr!("lead-rules-call-within"));
        ui.add(
            egui::DragValue::new(&mut rules.response.minutes)
                .range(5..=24 * 60)
                .suffix(tr!("settings-min-suffix")),
        )
        .labelled_by(label.id)
        .on_hover_text(tr!("lead-rules-call-within-hint"));
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(tr!("lead-rules-office-hours"));
        hours_ui(ui, ctx, "office", &mut rules.hours);
    });
    community_hours_ui(ui, ctx, communities, &mut rules);
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(tr!("lead-rules-amber-after"));
        ui.add(
            egui::DragValue::new(&mut rules.colours.amber_after_hours)
                .range(1..=24 * 30)
                .suffix(tr!("lead-rules-hours-suffix")),
        )
        .labelled_by(label.id);
        let label = ui.label(tr!("lead-rules-red-after"));
        ui.add(
            egui::DragValue::new(&mut rules.colours.red_after_hours)
                .range(1..=24 * 30)
                .suffix(tr!("lead-rules-hours-suffix")),
        )
        .labelled_by(label.id);
    });
    // Red never comes before amber.
    rules.colours.red_after_hours = rules
        .colours
        .red_after_hours
        .max(rules.colours.amber_after_hours);
    ui.label(egui::RichText::new(tr!("lead-rules-about")).color(ctx.tokens.muted));
    paid_sources_ui(ui, ctx, &mut rules.paid_sources);
    if rules != ctx.prefs.lead_rules {
        ctx.send(Command::SetLeadRules(Box::new(rules)));
    }
}

/// The days and hours an office keeps; `id` keeps each office's pickers apart.
fn hours_ui(ui: &mut egui::Ui, ctx: &AppCtx, id: &str, hours: &mut BusinessHours) {
    for (open, day) in hours.days.iter_mut().zip(DAYS) {
        ui.checkbox(open, crate::dates::weekday_short(day));
    }
    let mut opens = time_of(hours.opens);
    let mut closes = time_of(hours.closes);
    half_hour_combo(
        ui,
        &tr!("settings-quiet-from"),
        &format!("{id}-opens"),
        &mut opens,
    );
    half_hour_combo(
        ui,
        &tr!("lead-rules-to"),
        &format!("{id}-closes"),
        &mut closes,
    );
    hours.opens = minutes_of(opens);
    hours.closes = minutes_of(closes);
    if closes <= opens {
        ui.colored_label(ctx.tokens.warning, tr!("lead-rules-closes-first"));
    } else if !hours.days.contains(&true) {
        ui.colored_label(ctx.tokens.warning, tr!("lead-rules-no-day"));
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
            .map_or_else(|| tr!("lead-rules-community", id = id), |c| c.name.clone())
    };
    let mut remove = None;
    for (n, (community, hours)) in rules.community_hours.iter_mut().enumerate() {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(name_of(*community)).strong());
            ui.push_id(("community-hours", *community), |ui| {
                hours_ui(ui, ctx, &format!("community-{community}"), hours);
            });
            if ui
                .button(tr!("lead-rules-use-portal-hours"))
                .on_hover_text(tr!("lead-rules-use-portal-hours-hint"))
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
    ui.horizontal_wrapped(|ui| {
        let caption = ui.label(tr!("lead-rules-other-hours"));
        let mut chosen: Option<i64> = None;
        crate::widgets::keyboard_combo(
            ui,
            egui::ComboBox::from_id_salt("community-hours-add")
                .selected_text(tr!("lead-rules-choose-community")),
            |ui| {
                for c in &others {
                    ui.selectable_value(&mut chosen, Some(c.id), &c.name);
                }
            },
        )
        .response
        .labelled_by(caption.id)
        .on_hover_text(tr!("lead-rules-other-hours-hint"));
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
    ui.strong(tr!("lead-rules-paid"));
    ui.label(egui::RichText::new(tr!("lead-rules-paid-about")).color(ctx.tokens.muted));
    let mut remove = None;
    egui::Grid::new("paid-sources")
        .num_columns(5)
        .spacing([10.0, 6.0])
        .show(ui, |ui| {
            for (n, source) in paid.iter_mut().enumerate() {
                let caption = ui.label(tr!("lead-rules-paid-source", number = n + 1));
                ui.add(
                    egui::TextEdit::singleline(&mut source.name)
                        .id_salt(("paid-source-name", n))
                        .char_limit(120)
                        .hint_text(tr!("lead-rules-market-source"))
                        // A grid cell offers only its column's last width: without a minimum
                        // the field would never grow past the first frame's.
                        .min_size(egui::vec2(200.0, 0.0))
                        .desired_width(200.0),
                )
                .labelled_by(caption.id)
                .on_hover_text(tr!("lead-rules-market-source-hint"));
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
                            tr!("lead-rules-of-first-month")
                        } else {
                            tr!("lead-rules-a-move-in")
                        },
                    ),
                    |ui| {
                        ui.selectable_value(&mut percent, true, tr!("lead-rules-of-first-month"));
                        ui.selectable_value(&mut percent, false, tr!("lead-rules-a-move-in"));
                    },
                )
                .response
                .labelled_by(caption.id);
                source.fee = if percent {
                    Fee::PercentOfFirstMonth(amount.min(300))
                } else {
                    Fee::Fixed(amount)
                };
                if ui.button(tr!("lead-rules-remove")).clicked() {
                    remove = Some(n);
                }
                ui.end_row();
            }
        });
    if let Some(n) = remove {
        paid.remove(n);
    }
    if paid.len() < MAX_PAID_SOURCES && ui.button(tr!("lead-rules-add-paid")).clicked() {
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
