//! Calling hours, set by a director: the hours their communities call and text in (narrowing
//! the law's 8 am–9 pm, never widening it), and the states' stricter rules, each row with its
//! source, as LeaseDesk ships them or as edited. The contact guard keeps to them on this desk
//! at once; what is typed stays, with the reason beside it, until it is right.

use crate::api::model::Community;
use crate::commands::Command;
use crate::context::AppCtx;
use crate::domain::contact::rules::{self, CallingRules};
use crate::widgets::labelled;
use leasedesk_i18n::tr;

#[derive(Default)]
pub struct CallingHoursForm {
    /// The hours as typed ("HH:MM"); `None` until edited (the rules' own are shown).
    hours: Option<(String, String)>,
    hours_error: Option<String>,
    /// The table as typed, while the editor is open.
    table: Option<String>,
    table_error: Option<String>,
    /// One community's state and hours as typed.
    community: CommunityForm,
}

#[derive(Default)]
struct CommunityForm {
    id: Option<i64>,
    state: String,
    opens: String,
    closes: String,
    error: Option<String>,
}

/// Minutes after midnight as the window writes a time: "8:00 am", "8:00 a. m.".
fn clock(minutes: u16) -> String {
    let time = chrono::NaiveTime::from_hms_opt(
        u32::from(minutes.min(23 * 60 + 59)) / 60,
        u32::from(minutes % 60),
        0,
    )
    .unwrap_or_default();
    crate::dates::time(time)
}

impl CallingHoursForm {
    pub fn calling_hours_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut AppCtx,
        communities: &[Community],
    ) {
        let tip = tr!("calling-hours-tip");
        ui.heading(tr!("calling-hours")).on_hover_text(&tip);
        ui.label(egui::RichText::new(tip).color(ctx.tokens.muted));
        let calling = ctx.prefs.lead_rules.calling.clone();
        let (opens, closes) = calling
            .narrowed
            .unwrap_or((rules::FEDERAL_OPENS, rules::FEDERAL_CLOSES));
        let hhmm = |m: u16| format!("{:02}:{:02}", m / 60, m % 60);
        let typed = self
            .hours
            .get_or_insert_with(|| (hhmm(opens), hhmm(closes)));
        let (mut apply, mut use_law) = (false, false);
        ui.horizontal_wrapped(|ui| {
            labelled(ui, &tr!("calling-start-at"), |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut typed.0)
                        .desired_width(54.0)
                        .char_limit(5),
                )
            });
            labelled(ui, &tr!("calling-end-by"), |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut typed.1)
                        .desired_width(54.0)
                        .char_limit(5),
                )
            });
            apply = ui.button(tr!("calling-set-hours")).clicked();
            use_law = calling.narrowed.is_some()
                && ui
                    .button(tr!("calling-use-law"))
                    .on_hover_text(tr!("calling-use-law-hint"))
                    .clicked();
        });
        if use_law {
            let mut changed = calling.clone();
            changed.narrowed = None;
            self.hours = None;
            self.hours_error = None;
            send(ctx, changed);
        }
        if apply {
            let mut changed = calling.clone();
            let (o, c) = self.hours.clone().unwrap_or_default();
            match changed.set_hours(&o, &c) {
                Ok(()) => {
                    self.hours_error = None;
                    send(ctx, changed);
                }
                Err(e) => self.hours_error = Some(super::rules_words::rules_problem(&e)),
            }
        }
        if let Some(error) = &self.hours_error {
            crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {error}"));
        }
        ui.add_space(6.0);
        self.communities_ui(ui, ctx, &calling, communities);
        ui.add_space(6.0);
        self.table_ui(ui, ctx, &calling);
    }

    /// Each community's state (which the service does not show) and narrower hours: a person
    /// with no address, or several, is held by the community's state's rule instead of every
    /// state's strictest, and its contacts keep to its hours.
    fn communities_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut AppCtx,
        calling: &CallingRules,
        communities: &[Community],
    ) {
        let tip = tr!("calling-community-tip");
        ui.strong(tr!("calling-communities")).on_hover_text(&tip);
        ui.label(egui::RichText::new(tip).color(ctx.tokens.muted));
        let hhmm = |m: u16| format!("{:02}:{:02}", m / 60, m % 60);
        if !calling.communities.is_empty() {
            let mut forget = None;
            egui::Grid::new("calling-communities")
                .num_columns(4)
                .striped(true)
                .spacing([12.0, 2.0])
                .show(ui, |ui| {
                    for title in [
                        tr!("calling-col-community"),
                        tr!("calling-col-state"),
                        tr!("calling-col-hours"),
                        String::new(),
                    ] {
                        ui.strong(title);
                    }
                    ui.end_row();
                    for (id, said) in &calling.communities {
                        let name = communities
                            .iter()
                            .find(|c| c.id == *id)
                            .map_or(said.name.as_str(), |c| c.name.as_str());
                        ui.scope(|ui| {
                            ui.set_max_width(220.0);
                            ui.add(egui::Label::new(name).truncate())
                                .on_hover_text(name);
                        });
                        ui.label(
                            said.state
                                .clone()
                                .unwrap_or_else(|| tr!("calling-state-not-said")),
                        );
                        ui.label(said.hours.map_or_else(
                            || tr!("calling-desks-hours"),
                            |(o, c)| format!("{}–{}", clock(o), clock(c)),
                        ));
                        if ui
                            .button(tr!("calling-forget"))
                            .on_hover_text(tr!("calling-forget-hint", name = name))
                            .clicked()
                        {
                            forget = Some((*id, said.name.clone()));
                        }
                        ui.end_row();
                    }
                });
            if let Some((id, name)) = forget {
                let mut changed = calling.clone();
                if changed.set_community(id, &name, "", "", "").is_ok() {
                    send(ctx, changed);
                }
            }
        }
        if communities.is_empty() {
            ui.label(
                egui::RichText::new(tr!("calling-communities-unread")).color(ctx.tokens.muted),
            );
            return;
        }
        let form = &mut self.community;
        let mut apply = false;
        ui.horizontal_wrapped(|ui| {
            let caption = ui.label(tr!("calling-for-community"));
            let before = form.id;
            let shown = form
                .id
                .and_then(|id| communities.iter().find(|c| c.id == id))
                .map_or_else(|| tr!("lead-rules-choose-community"), |c| c.name.clone());
            crate::widgets::keyboard_combo(
                ui,
                egui::ComboBox::from_id_salt("calling-community").selected_text(shown),
                |ui| {
                    for c in communities {
                        ui.selectable_value(&mut form.id, Some(c.id), &c.name);
                    }
                },
            )
            .response
            .labelled_by(caption.id);
            if form.id != before
                && let Some(id) = form.id
            {
                // What was said of it before, to change.
                let said = calling.communities.get(&id);
                form.state = said.and_then(|s| s.state.clone()).unwrap_or_default();
                let hours = said.and_then(|s| s.hours);
                form.opens = hours.map(|h| hhmm(h.0)).unwrap_or_default();
                form.closes = hours.map(|h| hhmm(h.1)).unwrap_or_default();
                form.error = None;
            }
            labelled(ui, &tr!("calling-col-state"), |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut form.state)
                        .desired_width(40.0)
                        .char_limit(2)
                        .hint_text("FL"),
                )
            });
            labelled(ui, &tr!("calling-its-start"), |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut form.opens)
                        .desired_width(54.0)
                        .char_limit(5)
                        .hint_text("09:00"),
                )
            });
            labelled(ui, &tr!("calling-its-end"), |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut form.closes)
                        .desired_width(54.0)
                        .char_limit(5)
                        .hint_text("19:00"),
                )
            });
            apply = ui
                .add_enabled(
                    form.id.is_some(),
                    egui::Button::new(tr!("calling-set-community")),
                )
                .on_hover_text(tr!("calling-set-community-hint"))
                .clicked();
        });
        if apply && let Some(id) = form.id {
            let name = communities
                .iter()
                .find(|c| c.id == id)
                .map(|c| c.name.clone())
                .unwrap_or_default();
            let mut changed = calling.clone();
            match changed.set_community(id, &name, &form.state, &form.opens, &form.closes) {
                Ok(()) => {
                    form.error = None;
                    send(ctx, changed);
                }
                Err(e) => form.error = Some(super::rules_words::rules_problem(&e)),
            }
        }
        if let Some(error) = &form.error {
            crate::widgets::problem_ui(
                ui,
                ctx.tokens.error,
                tr!("calling-not-set", error = error.as_str()),
            );
        }
    }

    fn table_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, calling: &CallingRules) {
        let in_force = calling.rules();
        ui.horizontal_wrapped(|ui| {
            ui.strong(tr!("calling-states"));
            let whose = if calling.table.is_some() {
                tr!("calling-states-edited")
            } else {
                tr!("calling-states-shipped")
            };
            ui.label(egui::RichText::new(whose).color(ctx.tokens.muted));
            if self.table.is_none() && ui.button(tr!("calling-edit-table")).clicked() {
                self.table = Some(
                    calling
                        .table
                        .clone()
                        .unwrap_or_else(|| rules::shipped_text().to_owned()),
                );
                self.table_error = None;
            }
        });
        egui::Grid::new("calling-states")
            .num_columns(4)
            .striped(true)
            .spacing([12.0, 2.0])
            .show(ui, |ui| {
                for title in [
                    tr!("calling-col-state"),
                    tr!("calling-col-hours"),
                    tr!("calling-col-days"),
                    tr!("calling-col-source"),
                ] {
                    ui.strong(title);
                }
                ui.end_row();
                for row in &in_force.states {
                    ui.label(&row.state);
                    ui.label(format!("{}–{}", clock(row.opens), clock(row.closes)));
                    let mut days = Vec::new();
                    if row.no_sundays {
                        days.push(tr!("calling-no-sundays"));
                    }
                    if row.no_holidays {
                        days.push(tr!("calling-no-holidays"));
                    }
                    if let Some((opens, closes)) = row.saturday {
                        days.push(format!(
                            "{} {}–{}",
                            crate::dates::weekday_short(chrono::Weekday::Sat),
                            clock(opens),
                            clock(closes)
                        ));
                    }
                    if let Some(cap) = row.cap_24h {
                        days.push(tr!("calling-cap", cap = cap));
                    }
                    ui.label(days.join(", "));
                    // Cut to the room left (whole on hover): at 1000 wide the rest of the row
                    // keeps its place.
                    let source: String = row.source.chars().take(70).collect();
                    ui.add(
                        egui::Label::new(egui::RichText::new(source).color(ctx.tokens.muted))
                            .truncate(),
                    )
                    .on_hover_text(tr!(
                        "calling-source-checked",
                        source = row.source.as_str(),
                        checked = row.checked.to_string()
                    ));
                    ui.end_row();
                }
            });
        let Some(text) = &mut self.table else {
            return;
        };
        ui.label(egui::RichText::new(tr!("calling-table-format")).color(ctx.tokens.muted));
        let label = ui.label(tr!("calling-table"));
        ui.add(
            egui::TextEdit::multiline(text)
                .code_editor()
                .desired_rows(8)
                .desired_width(f32::INFINITY)
                .char_limit(rules::MAX_TABLE_BYTES),
        )
        .labelled_by(label.id);
        let (mut apply, mut restore, mut cancel) = (false, false, false);
        ui.horizontal(|ui| {
            apply = ui.button(tr!("calling-apply-table")).clicked();
            restore = ui
                .button(tr!("calling-restore-table"))
                .on_hover_text(tr!("calling-restore-table-hint"))
                .clicked();
            cancel = ui.button(tr!("settings-cancel")).clicked();
        });
        if apply {
            let mut changed = calling.clone();
            match changed.set_table(text) {
                Ok(_) => {
                    self.table = None;
                    self.table_error = None;
                    send(ctx, changed);
                }
                Err(e) => self.table_error = Some(super::rules_words::rules_problem(&e)),
            }
        } else if restore {
            *text = rules::shipped_text().to_owned();
            self.table_error = None;
        } else if cancel {
            self.table = None;
            self.table_error = None;
        }
        if let Some(error) = &self.table_error {
            crate::widgets::problem_ui(
                ui,
                ctx.tokens.error,
                tr!("calling-not-applied", error = error.as_str()),
            );
        }
    }
}

fn send(ctx: &AppCtx, calling: CallingRules) {
    let mut rules = ctx.prefs.lead_rules.clone();
    rules.calling = calling;
    ctx.send(Command::SetLeadRules(Box::new(rules)));
}
