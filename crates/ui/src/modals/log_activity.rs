//! The activity create form: type, who (individual or case, picked by search), when (start, end
//! or all day, completed), status, result, market source, campaign, assignee, communities,
//! description,
//! notes, re-inquiry. Checked before sending; on error everything typed stays. When the
//! service cannot be reached the activity is kept in the outbox and sent when it is back.

use crate::engine::{SentOrQueued, asks};
use chrono::{NaiveDate, NaiveTime};
use chrono_tz::Tz;

use crate::api::model::*;
use crate::context::AppCtx;
use crate::domain::activity_draft::{ActivityDraft, Who, build};
use crate::engine::ActivityWrite;
use crate::engine::asks::Lookups;
use crate::remote::{Remote, Slot};
use crate::widgets::{
    community_checkboxes, date_field, labelled, steady_combo, time_field, type_combo, user_combo,
};
use leasedesk_i18n::tr;

pub struct LogActivityForm {
    first_focus: crate::widgets::FirstFocus,
    pub draft: ActivityDraft,
    zone: Tz,
    lookups: Slot<Lookups>,
    people_query: String,
    people: Slot<Vec<Who>>,
    problems: Vec<String>,
    saving: Slot<LogSaved>,
    /// The outbox entry this form edits ("Edit and send again"); it goes once this is saved.
    replacing: Option<i64>,
    /// An activity type master to pre-select once the type list arrives (Call Out from a case).
    prefer_master: Option<i64>,
    assignee_defaulted: bool,
    pub open: bool,
}

impl LogActivityForm {
    /// `who` pre-fills the individual (from a case); `call` pre-selects a Call Out.
    pub fn new(zone: Tz, today: NaiveDate, now_time: NaiveTime, who: Option<Who>) -> Self {
        let draft = ActivityDraft {
            who,
            date: crate::dates::typed_day(today),
            start: crate::dates::typed_time(now_time),
            ..ActivityDraft::default()
        };
        LogActivityForm {
            first_focus: Default::default(),
            draft,
            zone,
            lookups: Slot::default(),
            people_query: String::new(),
            people: Slot::default(),
            problems: Vec::new(),
            saving: Slot::default(),
            replacing: None,
            prefer_master: None,
            assignee_defaulted: false,
            open: true,
        }
    }

    /// The form of a queued activity the service refused, to correct and send again.
    pub fn editing_queued(zone: Tz, id: i64, draft: ActivityDraft) -> Self {
        let mut form = LogActivityForm::new(zone, NaiveDate::default(), NaiveTime::MIN, None);
        form.draft = draft;
        form.replacing = Some(id);
        form.assignee_defaulted = true;
        form
    }

    pub fn preferring(mut self, master: ActivityTypeMaster) -> Self {
        self.prefer_master = Some(master.code());
        self
    }

    /// Whether the type, status and other lists are in (the dialog has its full size).
    /// The lists are in, and settled (not still being refreshed from the service).
    pub fn lists_loaded(&self) -> bool {
        self.lookups.state.value().is_some() && !self.lookups.state.is_pending()
    }

    pub fn saved(&self) -> bool {
        matches!(self.saving.state, Remote::Ready(_))
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.lookups.poll_read(ctx.backend);
        self.people.poll_read(ctx.backend);
        self.saving.poll();
        self.lookups.ask_once(ctx.backend, asks::lists::lookups);
        ui.heading(crate::modals::Dialog::title(self));
        let lookups = self.lookups.state.value().cloned().unwrap_or_default();
        if self.draft.type_id.is_none()
            && let Some(master) = self.prefer_master
            && let Some(t) = lookups.types.iter().find(|t| t.master_id == master)
        {
            self.draft.type_id = Some(t.id);
            self.prefer_master = None;
        }
        if self.draft.assignee_id.is_none() && !self.assignee_defaulted {
            // The signed-in user, once known; a choice of "Nobody" afterwards stays.
            if let Some(me) = ctx.me() {
                self.draft.assignee_id = Some(me.user_id);
                self.assignee_defaulted = true;
            }
        }
        self.lookups.status_ui(ui, ctx, &tr!("noun-lists"));
        let saving = self.saving.state.is_pending();
        let height = (ui.ctx().content_rect().height() - 260.0).max(160.0);
        egui::ScrollArea::vertical()
            .id_salt("log-activity-fields")
            .max_height(height)
            .show(ui, |ui| {
                ui.add_enabled_ui(!saving && !self.saved(), |ui| {
                    self.fields_ui(ui, ctx, &lookups)
                });
            });
        ui.separator();
        for p in &self.problems {
            crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {p}"));
        }
        if self.saving.state.error().is_some() {
            self.saving.status_ui(ui, ctx, &tr!("noun-the-activity"));
            ui.label(egui::RichText::new(tr!("log-nothing-lost")).color(ctx.tokens.muted));
        }
        match &self.saving.state {
            Remote::Ready(SentOrQueued::Sent(created)) => {
                crate::widgets::said_ui(
                    ui,
                    ctx.tokens.success,
                    tr!(
                        "log-saved",
                        id = created.activity_ids.first().copied().unwrap_or_default()
                    ),
                );
            }
            Remote::Ready(SentOrQueued::Queued(kind)) => {
                ui.colored_label(ctx.tokens.warning, tr!("log-saved-offline"));
                if *kind == crate::engine::OutboxKind::ThisRunOnly {
                    ui.label(
                        egui::RichText::new(leasedesk_i18n::tr!("saved-this-run-only"))
                            .color(ctx.tokens.muted),
                    );
                }
            }
            _ => crate::widgets::saved_line_room(ui),
        }
        crate::widgets::buttons_row(ui, "log-activity", |ui| {
            if ui
                .add_enabled(
                    !saving && !self.saved(),
                    egui::Button::new(if saving {
                        tr!("log-saving")
                    } else {
                        tr!("log-save")
                    }),
                )
                .clicked()
            {
                match build(&self.draft, self.zone) {
                    Ok(body) => {
                        self.problems.clear();
                        let write = self.queued_write(&lookups, body.clone());
                        let asked = asks::writes::log_activity(write, self.replacing);
                        self.saving.ask(ctx.backend, asked);
                    }
                    Err(problems) => self.problems = crate::words::draft_problems(problems),
                }
            }
            if ui.button(tr!("outreach-close")).clicked() {
                self.open = false;
            }
        });
    }

    /// The activity as the outbox keeps it: what was typed, the body, and words to list it by.
    fn queued_write(&self, lookups: &Lookups, body: NewActivity) -> ActivityWrite {
        let type_name = self
            .draft
            .type_id
            .and_then(|id| lookups.type_name(id))
            .unwrap_or_default()
            .to_owned();
        crate::words::said_write(ActivityWrite::new(&self.draft, body, type_name))
    }

    fn fields_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, lookups: &Lookups) {
        let d = &mut self.draft;

        egui::Grid::new("log-activity-grid")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                type_combo(
                    ui,
                    &tr!("log-type"),
                    "log-type",
                    &mut d.type_id,
                    &lookups.types,
                );
                ui.label(tr!("log-for"));
                ui.vertical(|ui| match d.who.clone() {
                    Some(who) => {
                        ui.horizontal(|ui| {
                            ui.strong(&who.name);
                            ui.label(tr!("log-case-of", number = who.case_number.as_str()));
                            if ui.button(tr!("log-change")).clicked() {
                                d.who = None;
                            }
                        });
                    }
                    None => {
                        // The grid sizes its column from the last frame: a width of its own
                        // keeps the field from being squeezed when the dialog first opens.
                        ui.set_min_width(320.0);
                        let search = ui
                            .horizontal(|ui| {
                                labelled(ui, &tr!("log-find"), |ui| {
                                    ui.add(
                                        egui::TextEdit::singleline(&mut self.people_query)
                                            .id_salt("log-activity-find-individual")
                                            .hint_text(tr!("log-find-hint"))
                                            .desired_width(220.0),
                                    )
                                })
                            })
                            .inner;
                        self.first_focus.on(&search);
                        if search.changed() && self.people_query.trim().len() >= 2 {
                            let asked = asks::people::find_who(&self.people_query, 20);
                            self.people.ask(ctx.backend, asked);
                        }
                        if let Some(found) = self.people.state.value() {
                            for who in found.iter().take(8) {
                                if ui
                                    .button(tr!(
                                        "log-person-of-case",
                                        name = who.name.as_str(),
                                        number = who.case_number.as_str()
                                    ))
                                    .clicked()
                                {
                                    d.who = Some(who.clone());
                                }
                            }
                        }
                    }
                });
                ui.end_row();
                let date = date_field(
                    ui,
                    &tr!("log-date"),
                    &mut d.date,
                    ctx.today(),
                    ctx.tokens.error,
                );
                // With the person known, the date is the first thing to type.
                self.first_focus.on(&date);
                ui.end_row();
                ui.label("");
                ui.checkbox(&mut d.all_day, tr!("log-all-day"));
                ui.end_row();
                if !d.all_day {
                    time_field(
                        ui,
                        &tr!("log-start"),
                        &mut d.start,
                        &crate::dates::time_hint(),
                        &[],
                    );
                    ui.end_row();
                    time_field(ui, &tr!("log-end"), &mut d.end, &tr!("log-optional"), &[]);
                    ui.end_row();
                }
                ui.label("");
                ui.checkbox(&mut d.completed, tr!("log-completed"));
                ui.end_row();
                if d.completed {
                    labelled(ui, &tr!("log-completed-at"), |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut d.completed_at)
                                .id_salt("log-activity-completed-at")
                                .hint_text(tr!("log-completed-at-hint"))
                                .desired_width(220.0),
                        )
                    });
                    ui.end_row();
                }
                type_combo(
                    ui,
                    &tr!("log-status"),
                    "log-status",
                    &mut d.status_id,
                    &lookups.statuses,
                );
                ui.end_row();
                let results =
                    crate::domain::activity_results::for_activity(&lookups.results, d.result_id);
                type_combo(
                    ui,
                    &tr!("log-result"),
                    "log-result",
                    &mut d.result_id,
                    &results,
                );
                ui.end_row();
                type_combo(
                    ui,
                    &tr!("lead-rules-market-source"),
                    "log-source",
                    &mut d.source_id,
                    &lookups.sources,
                );
                ui.end_row();
                let label = ui.label(tr!("log-campaign"));
                let current = d
                    .campaign_id
                    .and_then(|v| lookups.campaigns.iter().find(|c| c.id == v))
                    .map_or_else(|| tr!("choice-none"), |c| c.name.clone());
                steady_combo(
                    ui,
                    240.0,
                    egui::ComboBox::from_id_salt("log-campaign").selected_text(current),
                    |ui| {
                        ui.selectable_value(&mut d.campaign_id, None, tr!("choice-none"));
                        for c in &lookups.campaigns {
                            ui.selectable_value(&mut d.campaign_id, Some(c.id), &c.name);
                        }
                    },
                )
                .labelled_by(label.id);
                ui.end_row();
                user_combo(
                    ui,
                    &tr!("log-assigned"),
                    "log-user",
                    &mut d.assignee_id,
                    &lookups.users,
                );
                ui.end_row();
                ui.label(tr!("users-communities"));
                community_checkboxes(ui, &lookups.communities, &mut d.communities);
                ui.end_row();
                labelled(ui, &tr!("log-description"), |ui| {
                    ui.add(
                        egui::TextEdit::singleline(&mut d.description)
                            .id_salt("log-activity-description")
                            .desired_width(300.0),
                    )
                });
                ui.end_row();
                labelled(ui, &tr!("log-notes"), |ui| {
                    crate::widgets::note_field(ui, &mut d.note, "log-activity-note", 2, 300.0)
                });
                ui.end_row();
                ui.label("");
                ui.checkbox(&mut d.reinquiry, tr!("log-reinquiry"));
                ui.end_row();
            });
        ui.label(
            egui::RichText::new(tr!("log-times-in", zone = self.zone.name()))
                .color(ctx.tokens.muted),
        );
    }
}

/// How a save ended: on the service, or kept to send later.
pub type LogSaved = SentOrQueued<ActivitiesCreated>;

/// Logs a record on a case (a completed activity of the portal's record type) now, as
/// [`log_done_now`]; not before the portal's types are read (`None`: nothing is logged).
pub fn log_record_now(
    ctx: &AppCtx,
    saving: &mut Slot<LogSaved>,
    lookups: Option<&crate::engine::asks::Lookups>,
    who: &Who,
    communities: Vec<String>,
    description: String,
) -> Option<Result<(), Vec<String>>> {
    let kind = lookups?.record_type()?.clone();
    Some(log_done_now(
        ctx,
        saving,
        &kind,
        who,
        communities,
        description,
    ))
}

/// Logs a completed activity of `kind` on `who`, now, by the signed-in user, through the
/// outbox like every write: the one way a record on a case is written from a pane (a plan's
/// start or stop, a view on a score, a waitlist entry, an offer). The answer comes to `saving`.
pub fn log_done_now(
    ctx: &AppCtx,
    saving: &mut Slot<LogSaved>,
    kind: &TypeRecord,
    who: &Who,
    communities: Vec<String>,
    description: String,
) -> Result<(), Vec<String>> {
    let local = ctx.now.with_timezone(&ctx.zone);
    let draft = ActivityDraft {
        type_id: Some(kind.id),
        who: Some(who.clone()),
        date: crate::dates::typed_day(local.date_naive()),
        start: crate::dates::typed_time(local.time()),
        completed: true,
        assignee_id: ctx.me().map(|m| m.user_id),
        communities,
        description,
        ..ActivityDraft::default()
    };
    let body = build(&draft, ctx.zone).map_err(crate::words::draft_problems)?;
    let write = ActivityWrite::new(&draft, body, kind.name.clone());
    saving.ask(ctx.backend, asks::writes::log_activity(write, None));
    Ok(())
}

impl crate::modals::Dialog for LogActivityForm {
    fn title(&self) -> String {
        tr!("log-title")
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        LogActivityForm::ui(self, ui, ctx);
    }

    fn width(&self) -> f32 {
        560.0
    }

    fn is_open(&self) -> bool {
        self.open
    }

    fn saved(&self) -> bool {
        LogActivityForm::saved(self)
    }
}
