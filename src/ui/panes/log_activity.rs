//! The activity create form: type, who (individual or case, picked by search), when (start, end
//! or all day, completed), status, result, market source, campaign, communities, description,
//! notes, re-inquiry. Checked before sending; on error everything typed stays.

use chrono::{NaiveDate, NaiveTime, TimeZone};
use chrono_tz::Tz;

use super::{AppCtx, error_line, labelled, steady_combo};
use crate::api::model::*;
use crate::ui::remote::{Remote, Slot};

/// The value lists the form offers, read once when it opens.
#[derive(Debug, Clone, Default)]
pub struct Lookups {
    pub types: Vec<TypeRecord>,
    pub statuses: Vec<TypeRecord>,
    pub results: Vec<TypeRecord>,
    pub sources: Vec<TypeRecord>,
    pub communities: Vec<Community>,
    pub campaigns: Vec<Campaign>,
}

/// Who the activity is for.
#[derive(Debug, Clone, PartialEq)]
pub struct Who {
    pub individual_id: i64,
    pub case_number: String,
    pub name: String,
}

#[derive(Debug, Clone, Default)]
pub struct ActivityDraft {
    pub type_id: Option<i64>,
    pub who: Option<Who>,
    pub date: String,
    pub start: String,
    pub end: String,
    pub all_day: bool,
    pub completed: bool,
    /// When it was completed, `YYYY-MM-DD HH:MM`; empty means at its end (or start).
    pub completed_at: String,
    pub status_id: Option<i64>,
    pub result_id: Option<i64>,
    pub source_id: Option<i64>,
    pub campaign_id: Option<i64>,
    pub communities: Vec<String>,
    pub description: String,
    pub note: String,
    pub reinquiry: bool,
}

/// Checks the draft and builds the request body, or says what is wrong, field by field.
pub fn build(draft: &ActivityDraft, zone: Tz) -> Result<NewActivity, Vec<String>> {
    let mut problems = Vec::new();
    if draft.type_id.is_none() {
        problems.push("Choose an activity type".to_owned());
    }
    if draft.who.is_none() {
        problems.push("Choose who the activity is for".to_owned());
    }
    let date = NaiveDate::parse_from_str(draft.date.trim(), "%Y-%m-%d")
        .map_err(|_| format!("Date must look like 2026-11-21 (got {:?})", draft.date))
        .map_err(|e| problems.push(e))
        .ok();
    let time = |text: &str, what: &str, problems: &mut Vec<String>| -> Option<NaiveTime> {
        let text = text.trim();
        NaiveTime::parse_from_str(text, "%H:%M")
            .or_else(|_| NaiveTime::parse_from_str(&text.to_uppercase(), "%I:%M %p"))
            .map_err(|_| {
                problems.push(format!(
                    "{what} must look like 14:30 or 2:30 pm (got {text:?})"
                ))
            })
            .ok()
    };
    let (start, end) = if draft.all_day {
        (Some(NaiveTime::MIN), None)
    } else {
        let start = time(&draft.start, "Start time", &mut problems);
        let end = if draft.end.trim().is_empty() {
            None
        } else {
            time(&draft.end, "End time", &mut problems)
        };
        if let (Some(s), Some(e)) = (start, end)
            && e < s
        {
            problems.push("End time must not be before the start time".to_owned());
        }
        (start, end)
    };
    let completed_at = match draft.completed_at.trim() {
        "" => None,
        text => match chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M") {
            Ok(at) => Some(at),
            Err(_) => {
                problems.push(format!(
                    "Completed at must look like 2026-11-21 14:30 (got {text:?})"
                ));
                None
            }
        },
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    let (Some(date), Some(start), Some(who), Some(type_id)) =
        (date, start, draft.who.as_ref(), draft.type_id)
    else {
        return Err(vec!["The form is incomplete".to_owned()]);
    };
    let at = |t: NaiveTime| {
        zone.from_local_datetime(&date.and_time(t))
            .earliest()
            .map(|d| d.fixed_offset())
    };
    let Some(start_at) = at(start) else {
        return Err(vec![
            "That start time does not exist on that day (clock change)".to_owned(),
        ]);
    };
    let mut activity = NewActivity::new(type_id, start_at);
    activity.individual_id = Some(who.individual_id);
    activity.case_number = Some(who.case_number.clone());
    activity.all_day = Some(draft.all_day);
    activity.end = end.and_then(at);
    let completed_at = completed_at.and_then(|at| {
        zone.from_local_datetime(&at)
            .earliest()
            .map(|d| d.fixed_offset())
    });
    activity.date_completed = draft
        .completed
        .then_some(completed_at.unwrap_or(activity.end.unwrap_or(start_at)));
    activity.activity_status_id = draft.status_id;
    activity.activity_result_id = draft.result_id;
    activity.market_source_id = draft.source_id;
    activity.campaign_id = draft.campaign_id;
    activity.re_inquiry = Some(draft.reinquiry);
    let text = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
    activity.description = text(&draft.description);
    activity.notes = text(&draft.note).map(|message| vec![Note { message }]);
    if !draft.communities.is_empty() {
        activity.communities = Some(
            draft
                .communities
                .iter()
                .map(|c| CommunityRef {
                    name_unique: c.clone(),
                })
                .collect(),
        );
    }
    Ok(activity)
}

pub struct LogActivityForm {
    pub draft: ActivityDraft,
    zone: Tz,
    lookups: Slot<Lookups>,
    people_query: String,
    people: Slot<Vec<Who>>,
    problems: Vec<String>,
    saving: Slot<ActivitiesCreated>,
    /// An activity type master to pre-select once the type list arrives (Call Out from a case).
    prefer_master: Option<i64>,
    pub open: bool,
}

impl LogActivityForm {
    /// `who` pre-fills the individual (from a case); `call` pre-selects a Call Out.
    pub fn new(zone: Tz, today: NaiveDate, now_time: NaiveTime, who: Option<Who>) -> Self {
        let draft = ActivityDraft {
            who,
            date: today.to_string(),
            start: now_time.format("%H:%M").to_string(),
            ..ActivityDraft::default()
        };
        LogActivityForm {
            draft,
            zone,
            lookups: Slot::default(),
            people_query: String::new(),
            people: Slot::default(),
            problems: Vec::new(),
            saving: Slot::default(),
            prefer_master: None,
            open: true,
        }
    }

    pub fn preferring(mut self, master: ActivityTypeMaster) -> Self {
        self.prefer_master = Some(master.code());
        self
    }

    pub fn saved(&self) -> bool {
        matches!(self.saving.state, Remote::Ready(_))
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.lookups.poll();
        self.people.poll();
        self.saving.poll();
        if matches!(self.lookups.state, Remote::Idle) {
            self.lookups.request(ctx.backend, |client| async move {
                let list = |l| TypeQuery::list(l);
                Ok(Lookups {
                    types: client.types(&list(TypeList::ACTIVITY_TYPE)).await?,
                    statuses: client.types(&list(TypeList::ACTIVITY_STATUS)).await?,
                    results: client.types(&list(TypeList::ACTIVITY_RESULT)).await?,
                    sources: client.types(&list(TypeList::MARKET_SOURCE)).await?,
                    communities: client.communities().await?,
                    campaigns: client.campaigns(&CampaignQuery::default()).await?,
                })
            });
        }
        ui.heading("Log activity");
        let lookups = self.lookups.state.value().cloned().unwrap_or_default();
        if self.draft.type_id.is_none()
            && let Some(master) = self.prefer_master
            && let Some(t) = lookups.types.iter().find(|t| t.master_id == master)
        {
            self.draft.type_id = Some(t.id);
            self.prefer_master = None;
        }
        if self.lookups.state.is_pending() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Loading lists…");
            });
        }
        let saving = self.saving.state.is_pending();
        let height = (ui.ctx().content_rect().height() - 260.0).max(160.0);
        egui::ScrollArea::vertical()
            .id_salt("log-activity-fields")
            .max_height(height)
            .show(ui, |ui| {
                ui.add_enabled_ui(!saving && !self.saved(), |ui| {
                    self.fields(ui, ctx, &lookups)
                });
            });
        ui.separator();
        for p in &self.problems {
            ui.colored_label(ctx.tokens.error, format!("⚠ {p}"));
        }
        if let Some(error) = self.saving.state.error().cloned() {
            error_line(ui, &ctx.tokens, &error, false);
            ui.label(
                egui::RichText::new("Nothing was lost: correct the form and save again.")
                    .color(ctx.tokens.muted),
            );
        }
        if let Remote::Ready(created) = &self.saving.state {
            ui.colored_label(
                ctx.tokens.success,
                format!(
                    "✔ Activity saved (id {})",
                    created.activity_ids.first().copied().unwrap_or_default()
                ),
            );
        }
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    !saving && !self.saved(),
                    egui::Button::new(if saving { "Saving…" } else { "Save activity" }),
                )
                .clicked()
            {
                match build(&self.draft, self.zone) {
                    Ok(body) => {
                        self.problems.clear();
                        self.saving.request(ctx.backend, move |client| async move {
                            client.create_activities(vec![body]).await
                        });
                    }
                    Err(problems) => self.problems = problems,
                }
            }
            if ui.button("Close").clicked() {
                self.open = false;
            }
        });
    }

    fn fields(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, lookups: &Lookups) {
        let d = &mut self.draft;
        let pick = |ui: &mut egui::Ui,
                    title: &str,
                    id: &str,
                    value: &mut Option<i64>,
                    options: &[TypeRecord]| {
            let label = ui.label(title);
            let current = value
                .and_then(|v| options.iter().find(|o| o.id == v))
                .map_or("None".to_owned(), |o| o.name.clone());
            steady_combo(
                ui,
                240.0,
                egui::ComboBox::from_id_salt(id)
                    .selected_text(current)
                    .height(300.0),
                |ui| {
                    ui.selectable_value(value, None, "None");
                    for o in options {
                        ui.selectable_value(value, Some(o.id), &o.name);
                    }
                },
            )
            .labelled_by(label.id);
            ui.end_row();
        };
        egui::Grid::new("log-activity-grid")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                pick(
                    ui,
                    "Activity type",
                    "log-type",
                    &mut d.type_id,
                    &lookups.types,
                );
                ui.label("For");
                ui.vertical(|ui| match d.who.clone() {
                    Some(who) => {
                        ui.horizontal(|ui| {
                            ui.strong(&who.name);
                            ui.label(format!("(case {})", who.case_number));
                            if ui.small_button("Change").clicked() {
                                d.who = None;
                            }
                        });
                    }
                    None => {
                        let search = labelled(ui, "Find individual", |ui| {
                            ui.add(
                                egui::TextEdit::singleline(&mut self.people_query)
                                    .hint_text("Name, phone or email")
                                    .desired_width(220.0),
                            )
                        });
                        if search.changed() && self.people_query.trim().len() >= 2 {
                            let q = self.people_query.trim().to_owned();
                            self.people.request(ctx.backend, move |client| async move {
                                let found = client
                                    .search(&SearchQuery {
                                        q: Some(q),
                                        page_size: Some(20),
                                        ..Default::default()
                                    })
                                    .await?;
                                Ok(found
                                    .cases
                                    .iter()
                                    .flat_map(|c| {
                                        std::iter::once(&c.primary).chain(&c.relationships)
                                    })
                                    .map(|p| Who {
                                        individual_id: p.individual_id,
                                        case_number: p.case_number.clone(),
                                        name: p.individual_name.clone(),
                                    })
                                    .collect())
                            });
                        }
                        if let Some(found) = self.people.state.value() {
                            for who in found.iter().take(8) {
                                if ui
                                    .button(format!("{} (case {})", who.name, who.case_number))
                                    .clicked()
                                {
                                    d.who = Some(who.clone());
                                }
                            }
                        }
                    }
                });
                ui.end_row();
                labelled(ui, "Date", |ui| {
                    ui.add(
                        egui::TextEdit::singleline(&mut d.date)
                            .hint_text("YYYY-MM-DD")
                            .desired_width(110.0),
                    )
                });
                ui.end_row();
                ui.label("");
                ui.checkbox(&mut d.all_day, "All day");
                ui.end_row();
                if !d.all_day {
                    labelled(ui, "Start time", |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut d.start)
                                .hint_text("14:30")
                                .desired_width(80.0),
                        )
                    });
                    ui.end_row();
                    labelled(ui, "End time", |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut d.end)
                                .hint_text("optional")
                                .desired_width(80.0),
                        )
                    });
                    ui.end_row();
                }
                ui.label("");
                ui.checkbox(&mut d.completed, "Already completed");
                ui.end_row();
                if d.completed {
                    labelled(ui, "Completed at", |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut d.completed_at)
                                .hint_text("YYYY-MM-DD HH:MM, or empty for its end")
                                .desired_width(220.0),
                        )
                    });
                    ui.end_row();
                }
                pick(
                    ui,
                    "Status",
                    "log-status",
                    &mut d.status_id,
                    &lookups.statuses,
                );
                pick(
                    ui,
                    "Result",
                    "log-result",
                    &mut d.result_id,
                    &lookups.results,
                );
                pick(
                    ui,
                    "Market source",
                    "log-source",
                    &mut d.source_id,
                    &lookups.sources,
                );
                let label = ui.label("Campaign");
                let current = d
                    .campaign_id
                    .and_then(|v| lookups.campaigns.iter().find(|c| c.id == v))
                    .map_or("None".to_owned(), |c| c.name.clone());
                steady_combo(
                    ui,
                    240.0,
                    egui::ComboBox::from_id_salt("log-campaign").selected_text(current),
                    |ui| {
                        ui.selectable_value(&mut d.campaign_id, None, "None");
                        for c in &lookups.campaigns {
                            ui.selectable_value(&mut d.campaign_id, Some(c.id), &c.name);
                        }
                    },
                )
                .labelled_by(label.id);
                ui.end_row();
                ui.label("Communities");
                super::community_checkboxes(ui, &lookups.communities, &mut d.communities);
                ui.end_row();
                labelled(ui, "Description", |ui| {
                    ui.add(egui::TextEdit::singleline(&mut d.description).desired_width(300.0))
                });
                ui.end_row();
                labelled(ui, "Notes", |ui| {
                    ui.add(
                        egui::TextEdit::multiline(&mut d.note)
                            .desired_rows(2)
                            .desired_width(300.0),
                    )
                });
                ui.end_row();
                ui.label("");
                ui.checkbox(&mut d.reinquiry, "Re-inquiry");
                ui.end_row();
            });
        ui.label(
            egui::RichText::new(format!("Times are in {}", self.zone.name()))
                .color(ctx.tokens.muted),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> ActivityDraft {
        ActivityDraft {
            type_id: Some(711),
            who: Some(Who {
                individual_id: 5001,
                case_number: "100".into(),
                name: "Ada".into(),
            }),
            date: "2026-11-24".into(),
            start: "2:30 pm".into(),
            end: "15:30".into(),
            note: "Bring plans".into(),
            ..ActivityDraft::default()
        }
    }

    #[test]
    fn times_are_read_in_the_users_zone() {
        let a = build(&draft(), Tz::America__New_York).unwrap();
        assert_eq!(a.start.to_rfc3339(), "2026-11-24T14:30:00-05:00");
        assert_eq!(a.end.unwrap().to_rfc3339(), "2026-11-24T15:30:00-05:00");
        assert_eq!(a.individual_id, Some(5001));
        assert_eq!(a.notes.unwrap()[0].message, "Bring plans");
        assert_eq!(a.date_completed, None);
    }

    #[test]
    fn problems_name_each_field() {
        let bad = ActivityDraft {
            type_id: None,
            who: None,
            date: "24/11".into(),
            start: "noon".into(),
            ..ActivityDraft::default()
        };
        let problems = build(&bad, Tz::UTC).unwrap_err();
        assert_eq!(problems.len(), 4, "{problems:?}");
        let backwards = ActivityDraft {
            end: "13:00".into(),
            ..draft()
        };
        assert!(build(&backwards, Tz::UTC).unwrap_err()[0].contains("End time"));
        let done_at = ActivityDraft {
            completed: true,
            completed_at: "2026-11-24 16:05".into(),
            ..draft()
        };
        let stamp = build(&done_at, Tz::America__New_York)
            .unwrap()
            .date_completed
            .unwrap();
        assert_eq!(stamp.to_rfc3339(), "2026-11-24T16:05:00-05:00");
        let bad_done = ActivityDraft {
            completed: true,
            completed_at: "yesterday".into(),
            ..draft()
        };
        assert!(build(&bad_done, Tz::UTC).unwrap_err()[0].contains("Completed at"));
        let all_day = ActivityDraft {
            all_day: true,
            start: "garbage".into(),
            completed: true,
            ..draft()
        };
        let a = build(&all_day, Tz::America__Los_Angeles).unwrap();
        assert_eq!(a.all_day, Some(true));
        assert_eq!(a.start.date_naive().to_string(), "2026-11-24");
        assert!(a.date_completed.is_some());
    }
}
