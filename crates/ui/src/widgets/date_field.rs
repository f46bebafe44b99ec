//! A date field: typed in any form `domain::dates` reads, or picked from a month grid. On
//! leaving the field a day typed another way is written the app's way ("Nov 28, 2026"), and
//! until then the field says which day it understood, in a space that keeps its width (so a
//! dialog does not move while a date is typed).

use chrono::{Datelike, Days, Months, NaiveDate};

use crate::domain::dates::read_day;
use crate::domain::format;
use leasedesk_i18n::tr;

/// Room kept beside a date field for "means …" or "not a day".
const HINT_WIDTH: f32 = 170.0;

/// A labelled date field with a picker beside it, and room kept for what it understood (for
/// forms). Returns the text field's response.
pub fn date_field(
    ui: &mut egui::Ui,
    label: &str,
    text: &mut String,
    today: NaiveDate,
    error: egui::Color32,
) -> egui::Response {
    labelled_date_field(ui, label, text, today, error, true)
}

/// [`date_field`] for a toolbar, where kept room would push the rest of the row about: what it
/// understood floats under the field instead.
pub fn date_field_in_row(
    ui: &mut egui::Ui,
    label: &str,
    text: &mut String,
    today: NaiveDate,
    error: egui::Color32,
) -> egui::Response {
    labelled_date_field(ui, label, text, today, error, false)
}

fn labelled_date_field(
    ui: &mut egui::Ui,
    label: &str,
    text: &mut String,
    today: NaiveDate,
    error: egui::Color32,
    keep_room: bool,
) -> egui::Response {
    let caption = ui.label(label);
    ui.horizontal(|ui| {
        let field = ui
            .add(
                egui::TextEdit::singleline(text)
                    .id_salt(("date-field", label))
                    .hint_text(tr!("date-hint"))
                    .desired_width(110.0),
            )
            .labelled_by(caption.id);
        let read = read_day(text, today);
        if field.lost_focus()
            && let Ok(day) = read
        {
            *text = crate::dates::typed_day(day);
        }
        // An empty field shows no day anywhere: the button is only the calendar.
        let button = ui
            .button("📅")
            .on_hover_text(tr!("date-pick", label = label));
        button.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Button, true, tr!("date-pick", label = label))
        });
        let grid_id = ui.make_persistent_id(("date-picker", label));
        let picked = egui::Popup::from_toggle_button_response(&button)
            .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside)
            .show(|ui| {
                let picked = month_grid_ui(ui, grid_id, read.as_ref().ok().copied(), today);
                if picked.is_some() {
                    ui.close();
                }
                picked
            })
            .and_then(|shown| shown.inner);
        if let Some(day) = picked {
            *text = crate::dates::typed_day(day);
        }
        let hint = match read {
            _ if text.trim().is_empty() => None,
            Ok(day) if text.trim() != crate::dates::typed_day(day) => Some((
                egui::RichText::new(tr!(
                    "date-means",
                    day = crate::dates::weekday_with_year(day)
                ))
                .weak(),
                None,
            )),
            Ok(_) => None,
            Err(why) => Some((
                egui::RichText::new(tr!("date-not-a-day")).color(error),
                Some(crate::dates::day_problem(text, why)),
            )),
        };
        if keep_room {
            let size = egui::vec2(HINT_WIDTH, ui.spacing().interact_size.y);
            let layout = egui::Layout::left_to_right(egui::Align::Center);
            ui.allocate_ui_with_layout(size, layout, |ui| {
                ui.set_min_width(HINT_WIDTH);
                if let Some((words, why)) = hint {
                    let shown = ui.add(egui::Label::new(words).truncate());
                    if let Some(why) = why {
                        shown.on_hover_text(why);
                    }
                }
            });
        } else if let Some((words, why)) = hint {
            egui::Area::new(field.id.with("date-hint"))
                .order(egui::Order::Foreground)
                .fixed_pos(field.rect.left_bottom() + egui::vec2(0.0, 2.0))
                .interactable(why.is_some())
                .show(ui.ctx(), |ui| {
                    egui::Frame::popup(ui.style()).show(ui, |ui| {
                        let shown = ui.add(egui::Label::new(words).extend());
                        if let Some(why) = why {
                            shown.on_hover_text(why);
                        }
                    });
                });
        }
        field
    })
    .inner
}

/// A month of days to pick from, Monday first, with plain previous and next buttons; the
/// month shown is kept under `id` while the grid is open. Returns the day clicked.
fn month_grid_ui(
    ui: &mut egui::Ui,
    id: egui::Id,
    chosen: Option<NaiveDate>,
    today: NaiveDate,
) -> Option<NaiveDate> {
    let first_of = |d: NaiveDate| d.with_day(1).unwrap_or(d);
    let mut month = ui
        .data(|d| d.get_temp::<NaiveDate>(id))
        .unwrap_or_else(|| first_of(chosen.unwrap_or(today)));
    let mut picked = None;
    // Plain buttons, named for screen readers and tests (the calendar pane has its own
    // "Next ▶").
    let step = |ui: &mut egui::Ui, arrow: &str, name: &str| {
        let button = ui.button(arrow).on_hover_text(name);
        button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
        button.clicked()
    };
    ui.horizontal(|ui| {
        if step(ui, "◀", &tr!("date-previous-month")) {
            month = month.checked_sub_months(Months::new(1)).unwrap_or(month);
        }
        ui.add_sized(
            egui::vec2(150.0, ui.spacing().interact_size.y),
            egui::Label::new(egui::RichText::new(crate::dates::month(month)).strong()),
        );
        if step(ui, "▶", &tr!("date-next-month")) {
            month = month.checked_add_months(Months::new(1)).unwrap_or(month);
        }
    });
    let start = month
        .checked_sub_days(Days::new(u64::from(month.weekday().num_days_from_monday())))
        .unwrap_or(month);
    egui::Grid::new(id.with("days"))
        .num_columns(7)
        .spacing([2.0, 2.0])
        .show(ui, |ui| {
            for name in ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] {
                ui.weak(name);
            }
            ui.end_row();
            for week in 0..6u64 {
                for weekday in 0..7u64 {
                    let Some(day) = start.checked_add_days(Days::new(week * 7 + weekday)) else {
                        continue;
                    };
                    let mut number = egui::RichText::new(day.day().to_string());
                    if day.month() != month.month() {
                        number = number.weak();
                    }
                    if day == today {
                        number = number.underline().strong();
                    }
                    let cell = ui
                        .add_sized(
                            egui::vec2(28.0, 22.0),
                            egui::Button::selectable(Some(day) == chosen, number),
                        )
                        .on_hover_text(day.format(format::WEEKDAY).to_string());
                    if cell.clicked() {
                        picked = Some(day);
                    }
                }
                ui.end_row();
            }
        });
    if picked.is_some() {
        ui.data_mut(|d| d.remove::<NaiveDate>(id));
    } else {
        ui.data_mut(|d| d.insert_temp(id, month));
    }
    picked
}

/// A labelled time field (`14:30`, `2:30 pm`, `2:30 p. m.` typed) with a drop-down of quarter hours beside it,
/// from 7 am to 8 pm, the hours of a community's sales office. Returns the text field's response.
/// `busy` times are marked in the list (the assignee has something then).
pub fn time_field(
    ui: &mut egui::Ui,
    label: &str,
    text: &mut String,
    hint: &str,
    busy: &[chrono::NaiveTime],
) -> egui::Response {
    let caption = ui.label(label);
    ui.horizontal(|ui| {
        let field = ui
            .add(
                egui::TextEdit::singleline(text)
                    .id_salt(("time-field", label))
                    .hint_text(hint)
                    .desired_width(96.0),
            )
            .labelled_by(caption.id);
        let focused_before = ui.ctx().memory(|m| m.focused());
        let list = egui::ComboBox::from_id_salt(("quarter-hours", label))
            .selected_text("")
            .width(8.0)
            .height(240.0)
            .show_ui(ui, |ui| {
                for time in crate::domain::tour::offered_times() {
                    let chosen = format::read_time(text) == Some(time);
                    let shown = if busy.contains(&time) {
                        tr!("date-busy", time = crate::dates::typed_time(time))
                    } else {
                        crate::dates::typed_time(time)
                    };
                    if ui.selectable_label(chosen, shown).clicked() {
                        *text = crate::dates::typed_time(time);
                    }
                }
            })
            .response
            .on_hover_text(tr!("time-choose", label = label.to_lowercase()));
        // Its own name: a screen reader read "Time" twice, the field and then the list.
        list.widget_info(|| {
            egui::WidgetInfo::labeled(
                egui::Role::ComboBox,
                true,
                tr!("time-from-list", label = label),
            )
        });
        super::combo::keyboard_closes_list(ui, &list, focused_before);
        field
    })
    .inner
}
