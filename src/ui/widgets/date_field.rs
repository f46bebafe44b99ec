//! A date field: typed in any form `domain::dates` reads, or picked from a calendar. On leaving
//! the field a day typed another way is written as YYYY-MM-DD, and until then the field says
//! which day it understood.

use chrono::{Datelike, NaiveDate};

use crate::domain::dates::read_day;
use crate::domain::format;

fn to_picker(day: NaiveDate) -> jiff::civil::Date {
    // Every NaiveDate the app handles (1900–2200, checked at decode) fits jiff's range.
    jiff::civil::Date::new(day.year() as i16, day.month() as i8, day.day() as i8)
        .unwrap_or_default()
}

fn from_picker(day: jiff::civil::Date) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(
        i32::from(day.year()),
        u32::try_from(day.month()).ok()?,
        u32::try_from(day.day()).ok()?,
    )
}

/// A labelled date field with a picker beside it. Returns the text field's response.
pub fn date_field(
    ui: &mut egui::Ui,
    label: &str,
    text: &mut String,
    today: NaiveDate,
    error: egui::Color32,
) -> egui::Response {
    let caption = ui.label(label);
    ui.horizontal(|ui| {
        let field = ui
            .add(
                egui::TextEdit::singleline(text)
                    .id_salt(("date-field", label))
                    .hint_text("e.g. Dec 1")
                    .desired_width(96.0),
            )
            .labelled_by(caption.id);
        let read = read_day(text, today);
        if field.lost_focus()
            && let Ok(day) = read
        {
            *text = day.format(format::ISO_DAY).to_string();
        }
        let mut picked = to_picker(read.clone().unwrap_or(today));
        let button = ui
            .add(
                egui_extras::DatePickerButton::new(&mut picked)
                    .id_salt(label)
                    .format("%b %-d")
                    .calendar_week(false),
            )
            .on_hover_text(format!("Pick the {}", label.to_lowercase()));
        if button.changed()
            && let Some(day) = from_picker(picked)
        {
            *text = day.format(format::ISO_DAY).to_string();
        }
        match read {
            _ if text.trim().is_empty() => {}
            Ok(day) if text.trim() != day.format(format::ISO_DAY).to_string() => {
                ui.weak(format!("means {}", day.format(format::WEEKDAY)));
            }
            Ok(_) => {}
            Err(why) => {
                ui.colored_label(error, "not a day").on_hover_text(why);
            }
        }
        field
    })
    .inner
}

/// A labelled time field (`14:30`, `2:30 pm` typed) with a drop-down of quarter hours beside it,
/// from 7 am to 8 pm, the hours of a community's sales office. Returns the text field's response.
pub fn time_field(ui: &mut egui::Ui, label: &str, text: &mut String, hint: &str) -> egui::Response {
    let caption = ui.label(label);
    ui.horizontal(|ui| {
        let field = ui
            .add(
                egui::TextEdit::singleline(text)
                    .id_salt(("time-field", label))
                    .hint_text(hint)
                    .desired_width(80.0),
            )
            .labelled_by(caption.id);
        egui::ComboBox::from_id_salt(("quarter-hours", label))
            .selected_text("")
            .width(8.0)
            .height(240.0)
            .show_ui(ui, |ui| {
                for minutes in (7 * 60..=20 * 60).step_by(15) {
                    let Some(time) = chrono::NaiveTime::from_hms_opt(minutes / 60, minutes % 60, 0)
                    else {
                        continue;
                    };
                    let typed = time.format(format::TIME_24).to_string();
                    let shown = time.format(format::TIME).to_string();
                    if ui.selectable_label(*text == typed, shown).clicked() {
                        *text = typed;
                    }
                }
            })
            .response
            .labelled_by(caption.id)
            .on_hover_text(format!("Choose the {} from a list", label.to_lowercase()));
        field
    })
    .inner
}
