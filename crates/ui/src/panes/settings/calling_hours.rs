//! Calling hours, set by a director: the hours their communities call and text in (narrowing
//! the law's 8 am–9 pm, never widening it), and the states' stricter rules, each row with its
//! source, as LeaseDesk ships them or as edited. The contact guard keeps to them on this desk
//! at once; what is typed stays, with the reason beside it, until it is right.

use crate::api::model::Community;
use crate::commands::Command;
use crate::context::AppCtx;
use crate::domain::contact::rules::{self, CallingRules};
use crate::widgets::labelled;

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

const COMMUNITY_TIP: &str = "The service does not say which state a community is in. Said \
    here, a family with no address on file (or several) is held by that state's rules at the \
    community's clock instead of every state's strictest, and the community's calls keep to \
    its own hours (narrower than the desk's, never wider than the law's).";

const HOURS_TIP: &str = "Calls and texts to a family are held outside these hours by their \
    own clock. The law allows 8:00 am to 9:00 pm (some states less); you may narrow it for \
    your communities, never widen it.";

impl CallingHoursForm {
    pub fn calling_hours_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut AppCtx,
        communities: &[Community],
    ) {
        ui.heading("Calling hours").on_hover_text(HOURS_TIP);
        ui.label(egui::RichText::new(HOURS_TIP).color(ctx.tokens.muted));
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
            labelled(ui, "Calls and texts start at", |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut typed.0)
                        .desired_width(54.0)
                        .char_limit(5),
                )
            });
            labelled(ui, "and end by", |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut typed.1)
                        .desired_width(54.0)
                        .char_limit(5),
                )
            });
            apply = ui.button("Set the hours").clicked();
            use_law = calling.narrowed.is_some()
                && ui
                    .button("Use the law's hours")
                    .on_hover_text("8:00 am to 9:00 pm, and each state's own where stricter")
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
                Err(e) => self.hours_error = Some(e),
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
        ui.strong("Each community's state and hours")
            .on_hover_text(COMMUNITY_TIP);
        ui.label(egui::RichText::new(COMMUNITY_TIP).color(ctx.tokens.muted));
        let hhmm = |m: u16| format!("{:02}:{:02}", m / 60, m % 60);
        if !calling.communities.is_empty() {
            let mut forget = None;
            egui::Grid::new("calling-communities")
                .num_columns(4)
                .striped(true)
                .spacing([12.0, 2.0])
                .show(ui, |ui| {
                    for title in ["Community", "State", "Hours", ""] {
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
                        ui.label(said.state.as_deref().unwrap_or("not said"));
                        ui.label(said.hours.map_or_else(
                            || "the desk's".to_owned(),
                            |(o, c)| format!("{}–{}", rules::clock(o), rules::clock(c)),
                        ));
                        if ui
                            .button("Forget")
                            .on_hover_text(format!("{name} keeps the desk's rules again"))
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
                egui::RichText::new("The portal's communities are not read yet.")
                    .color(ctx.tokens.muted),
            );
            return;
        }
        let form = &mut self.community;
        let mut apply = false;
        ui.horizontal_wrapped(|ui| {
            let caption = ui.label("For the community");
            let before = form.id;
            let shown = form
                .id
                .and_then(|id| communities.iter().find(|c| c.id == id))
                .map_or("Choose a community", |c| c.name.as_str());
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
            labelled(ui, "State", |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut form.state)
                        .desired_width(40.0)
                        .char_limit(2)
                        .hint_text("FL"),
                )
            });
            labelled(ui, "Its calls start at", |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut form.opens)
                        .desired_width(54.0)
                        .char_limit(5)
                        .hint_text("09:00"),
                )
            });
            labelled(ui, "its calls end by", |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut form.closes)
                        .desired_width(54.0)
                        .char_limit(5)
                        .hint_text("19:00"),
                )
            });
            apply = ui
                .add_enabled(form.id.is_some(), egui::Button::new("Set for this community"))
                .on_hover_text("Empty hours keep the desk's; an empty state keeps every state's strictest for people with no address")
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
                Err(e) => form.error = Some(e),
            }
        }
        if let Some(error) = &form.error {
            crate::widgets::problem_ui(
                ui,
                ctx.tokens.error,
                format!("⚠ Not set: {error}. Your typing is kept."),
            );
        }
    }

    fn table_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, calling: &CallingRules) {
        let in_force = calling.rules();
        ui.horizontal_wrapped(|ui| {
            ui.strong("States with stricter rules");
            let whose = if calling.table.is_some() {
                "as edited on this desk"
            } else {
                "as LeaseDesk ships them"
            };
            ui.label(egui::RichText::new(whose).color(ctx.tokens.muted));
            if self.table.is_none() && ui.button("Edit the table…").clicked() {
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
                for title in ["State", "Hours", "Days", "Source"] {
                    ui.strong(title);
                }
                ui.end_row();
                for row in &in_force.states {
                    ui.label(&row.state);
                    ui.label(format!(
                        "{}–{}",
                        rules::clock(row.opens),
                        rules::clock(row.closes)
                    ));
                    let mut days = Vec::new();
                    if row.no_sundays {
                        days.push("no Sundays".to_owned());
                    }
                    if row.no_holidays {
                        days.push("no holidays".to_owned());
                    }
                    if let Some((opens, closes)) = row.saturday {
                        days.push(format!(
                            "Sat {}–{}",
                            rules::clock(opens),
                            rules::clock(closes)
                        ));
                    }
                    if let Some(cap) = row.cap_24h {
                        days.push(format!("at most {cap} in 24 h"));
                    }
                    ui.label(days.join(", "));
                    // Cut to the room left (whole on hover): at 1000 wide the rest of the row
                    // keeps its place.
                    let source: String = row.source.chars().take(70).collect();
                    ui.add(
                        egui::Label::new(egui::RichText::new(source).color(ctx.tokens.muted))
                            .truncate(),
                    )
                    .on_hover_text(format!("{} (checked {})", row.source, row.checked));
                    ui.end_row();
                }
            });
        let Some(text) = &mut self.table else {
            return;
        };
        ui.label(
            egui::RichText::new(
                "One row per state: state,opens,closes,no_sundays,no_holidays,cap_24h,source,\
                 checked,sat_opens,sat_closes (the last two for narrower Saturday hours, or \
                 empty). A row may only be stricter than the law's, and names its source.",
            )
            .color(ctx.tokens.muted),
        );
        let label = ui.label("The states' table:");
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
            apply = ui.button("Apply the table").clicked();
            restore = ui
                .button("Restore LeaseDesk's table")
                .on_hover_text("The table this release ships, with its sources")
                .clicked();
            cancel = ui.button("Cancel").clicked();
        });
        if apply {
            let mut changed = calling.clone();
            match changed.set_table(text) {
                Ok(_) => {
                    self.table = None;
                    self.table_error = None;
                    send(ctx, changed);
                }
                Err(e) => self.table_error = Some(e),
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
                format!("⚠ Not applied: {error}. Nothing changed; your text is kept."),
            );
        }
    }
}

fn send(ctx: &AppCtx, calling: CallingRules) {
    let mut rules = ctx.prefs.lead_rules.clone();
    rules.calling = calling;
    ctx.send(Command::SetLeadRules(Box::new(rules)));
}
