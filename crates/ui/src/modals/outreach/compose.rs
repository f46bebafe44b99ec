//! The outreach dialog drawn: whom, why, the text, and the buttons that hand it over and log
//! it. The dialog keeps one height whatever it shows, so nothing moves under the pointer.

use super::OutreachForm;
use crate::context::AppCtx;
use crate::domain::activity_draft::build;
use crate::domain::outreach::hand_off::{self, HandOffError};
use crate::domain::outreach::merge::{Field, gaps_left};
use crate::domain::outreach::templates::{MAX_BODY, MAX_SUBJECT};
use crate::domain::outreach::{CallOutcome, Channel, Purpose, Sent};
use crate::engine::ActivityWrite;
use crate::engine::asks::Lookups;
use crate::engine::{SentOrQueued, asks};
use crate::remote::Remote;
use crate::widgets::{labelled, steady_combo};
use leasedesk_i18n::tr;

/// The message's box: the same height from the first frame.
const BODY_HEIGHT: f32 = 190.0;

impl OutreachForm {
    pub(super) fn compose_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.heading(crate::modals::Dialog::title(self));
        self.whole.status_ui(ui, ctx, &tr!("outreach-the-case"));
        let busy = self.saving.state.is_pending() || self.logged();
        ui.add_enabled_ui(!busy && self.drafted(), |ui| self.fields_ui(ui, ctx));
        let held = if self.logged() { None } else { self.held(ctx) };
        self.lines_ui(ui, ctx, held.as_ref());
        ui.separator();
        self.buttons_ui(ui, ctx, held.as_ref().map(|h| h.0.as_str()));
        // What the service does not do, said where it matters.
        ui.label(egui::RichText::new(tr!("outreach-nothing-sent")).color(ctx.tokens.muted));
    }

    fn fields_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let channel = self.start.channel;
        let recipients = self.recipients();
        egui::Grid::new("outreach-grid")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                let shown = recipients
                    .iter()
                    .find(|r| Some(r.individual_id) == self.recipient)
                    .map(|r| format!("{} ({})", r.name, r.role))
                    .unwrap_or_else(|| tr!("outreach-reading-case"));
                let mut chosen = self.recipient;
                labelled(ui, &tr!("outreach-to"), |ui| {
                    steady_combo(
                        ui,
                        320.0,
                        egui::ComboBox::from_id_salt("outreach-to").selected_text(shown),
                        |ui| {
                            for r in &recipients {
                                ui.selectable_value(
                                    &mut chosen,
                                    Some(r.individual_id),
                                    format!("{} ({})", r.name, r.role),
                                );
                            }
                        },
                    )
                });
                ui.end_row();
                if chosen != self.recipient {
                    self.choose(chosen);
                }
                if channel != Channel::Letter {
                    let (label, hint) = match channel {
                        Channel::Email => (tr!("outreach-email"), tr!("outreach-not-on-case")),
                        _ => (tr!("outreach-phone"), tr!("outreach-not-on-case")),
                    };
                    let typed_here = self.on_case.trim().is_empty() && !self.to.trim().is_empty();
                    labelled(ui, &label, |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut self.to)
                                .hint_text(hint)
                                .char_limit(254)
                                .desired_width(320.0),
                        )
                    });
                    ui.end_row();
                    // Said under the field, in a row always there: nothing moves when it shows.
                    ui.label("");
                    ui.label(
                        egui::RichText::new(if typed_here {
                            tr!("outreach-typed-here")
                        } else {
                            " ".to_owned()
                        })
                        .small(),
                    );
                    ui.end_row();
                }
                let mut purpose = self.purpose;
                labelled(ui, &tr!("templates-purpose"), |ui| {
                    steady_combo(
                        ui,
                        320.0,
                        egui::ComboBox::from_id_salt("outreach-purpose")
                            .selected_text(crate::words::purpose(purpose)),
                        |ui| {
                            for p in Purpose::ALL {
                                ui.selectable_value(&mut purpose, p, crate::words::purpose(p));
                            }
                        },
                    )
                });
                ui.end_row();
                self.purpose = purpose;
                self.language_row_ui(ui, ctx);
                if channel.has_subject() {
                    let r = labelled(ui, &tr!("templates-subject"), |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut self.subject)
                                .char_limit(MAX_SUBJECT)
                                .desired_width(420.0),
                        )
                    });
                    self.edited |= r.changed();
                    ui.end_row();
                }
            });
        let label = ui.label(if channel == Channel::Call {
            tr!("outreach-script")
        } else {
            tr!("outreach-message")
        });
        egui::ScrollArea::vertical()
            .id_salt("outreach-body")
            .min_scrolled_height(BODY_HEIGHT)
            .max_height(BODY_HEIGHT)
            .show(ui, |ui| {
                let r = ui
                    .add(
                        egui::TextEdit::multiline(&mut self.body)
                            .char_limit(MAX_BODY)
                            .desired_rows(9)
                            .desired_width(f32::INFINITY),
                    )
                    .labelled_by(label.id);
                self.edited |= r.changed();
            });
    }

    /// The fields still shown as gaps in what goes out.
    fn gaps(&self) -> Vec<Field> {
        let mut gaps = gaps_left(&self.body);
        if self.start.channel.has_subject() {
            for f in gaps_left(&self.subject) {
                if !gaps.contains(&f) {
                    gaps.push(f);
                }
            }
        }
        gaps
    }

    /// One line each, always the same lines (an empty one keeps its room).
    fn lines_ui(&mut self, ui: &mut egui::Ui, ctx: &AppCtx, held: Option<&(String, bool)>) {
        let gaps = self.gaps();
        if !gaps.is_empty() {
            let names: Vec<String> = gaps.iter().map(|f| f.gap_in(self.text_language)).collect();
            ui.colored_label(
                ctx.tokens.warning,
                tr!("outreach-gaps", fields = names.join(", ")),
            );
        } else if !self.merged.unknown.is_empty() && !self.edited {
            ui.colored_label(
                ctx.tokens.warning,
                tr!(
                    "outreach-unknown-fields",
                    fields = format!("{{{}}}", self.merged.unknown.join("}, {"))
                ),
            );
        } else if self.edited
            && self
                .merged_for
                .is_some_and(|k| k.0 != self.purpose || k.2 != self.language)
        {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(tr!("outreach-text-kept")).color(ctx.tokens.muted));
                if ui.button(tr!("outreach-start-again")).clicked() {
                    self.edited = false;
                    self.merged_for = None;
                }
            });
        } else {
            crate::widgets::saved_line_room(ui);
        }
        let handed = self.handed.clone();
        match (handed, held) {
            // What holds the message comes first: it says why the buttons are off.
            (_, Some((words, guard))) if !self.handed_now() => two_lines(
                ui,
                Some(egui::RichText::new(words).color(if *guard {
                    ctx.tokens.error
                } else {
                    ctx.tokens.muted
                })),
            ),
            (handed, _) => self.handed_line_ui(ui, ctx, handed),
        }
        self.saved_line_ui(ui, ctx);
    }

    fn handed_line_ui(
        &self,
        ui: &mut egui::Ui,
        ctx: &AppCtx,
        handed: Option<Result<String, String>>,
    ) {
        match handed {
            Some(Ok(text)) => {
                two_lines(ui, Some(egui::RichText::new(text).color(ctx.tokens.muted)))
            }
            Some(Err(problem)) => two_lines(
                ui,
                Some(egui::RichText::new(format!("⚠ {problem}")).color(ctx.tokens.error)),
            ),
            None => two_lines(
                ui,
                crate::files::status_text(&self.letter_status)
                    .map(|text| egui::RichText::new(text).color(ctx.tokens.muted)),
            ),
        }
    }

    fn saved_line_ui(&self, ui: &mut egui::Ui, ctx: &AppCtx) {
        match (&self.saving.state, self.problems.first()) {
            (Remote::Ready(SentOrQueued::Sent(created)), _) => {
                crate::widgets::said_ui(
                    ui,
                    ctx.tokens.success,
                    match &self.logged_result {
                        Some(result) => tr!(
                            "outreach-logged-result",
                            kind = self.start.channel.logged_as_name(),
                            result = result.as_str(),
                            id = created.activity_ids.first().copied().unwrap_or_default()
                        ),
                        None => tr!(
                            "outreach-logged",
                            kind = self.start.channel.logged_as_name(),
                            id = created.activity_ids.first().copied().unwrap_or_default()
                        ),
                    },
                );
            }
            (Remote::Ready(SentOrQueued::Queued(_)), _) => {
                ui.colored_label(ctx.tokens.warning, tr!("outreach-logged-offline"));
            }
            (Remote::Failed { error, .. }, _) => {
                crate::widgets::problem_ui(
                    ui,
                    ctx.tokens.error,
                    tr!(
                        "outreach-not-logged",
                        error = crate::error_words::api_error(error)
                    ),
                );
            }
            (_, Some(problem)) => {
                crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {problem}"));
            }
            _ => crate::widgets::saved_line_room(ui),
        }
    }

    fn buttons_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, held: Option<&str>) {
        let channel = self.start.channel;
        let free = held.is_none();
        let why_held = held.unwrap_or_default().to_owned();
        let ready = self.drafted() && !self.saving.state.is_pending() && !self.logged();
        let gaps = !self.gaps().is_empty() && channel != Channel::Call;
        let lookups = self.lookups.state.value().cloned().unwrap_or_default();
        if self.logged() {
            self.correction_ui(ui, ctx, &lookups);
            return;
        }
        ui.horizontal(|ui| {
            match channel {
                Channel::Email | Channel::Text => {
                    let app = if channel == Channel::Email {
                        tr!("outreach-open-mail")
                    } else {
                        tr!("outreach-open-messaging")
                    };
                    let problem = self.recipient_problem();
                    if ui
                        .add_enabled(ready && !gaps && free, egui::Button::new(app))
                        .on_disabled_hover_text(&why_held)
                        .clicked()
                    {
                        let uri = if channel == Channel::Email {
                            hand_off::mailto(&self.to, &self.subject, &self.body)
                        } else {
                            hand_off::sms(&self.to, &self.body)
                        };
                        self.hand_over(ctx, uri, &tr!("outreach-handed"));
                    }
                    if ui
                        .add_enabled(ready && free, egui::Button::new(tr!("outreach-copy")))
                        .on_disabled_hover_text(&why_held)
                        .clicked()
                    {
                        ui.ctx().copy_text(self.copied_text());
                        self.handed = Some(match &problem {
                            None => Ok(tr!("outreach-copied")),
                            Some(p) => Err(tr!("outreach-copied-but", problem = p.as_str())),
                        });
                        if problem.is_none() {
                            self.mark_handed();
                            self.record_hand_off(ctx, "copied");
                        }
                    }
                    let why_not = not_sent_yet(problem, self.handed_now(), gaps);
                    let sent = ui
                        .add_enabled(
                            ready && why_not.is_none(),
                            egui::Button::new(tr!("outreach-sent")),
                        )
                        .on_hover_text(tr!("outreach-sent-hint", kind = channel.logged_as_name()))
                        .on_disabled_hover_text(why_not.unwrap_or_default());
                    if sent.clicked() {
                        self.log(ctx, &lookups, None);
                    }
                }
                Channel::Call => {
                    let problem = self.recipient_problem();
                    let call = ui
                        .add_enabled(ready && free, egui::Button::new(tr!("outreach-call")))
                        .on_hover_text(tr!("outreach-call-hint"))
                        .on_disabled_hover_text(&why_held);
                    if call.clicked() {
                        self.hand_over(ctx, hand_off::tel(&self.to), &tr!("outreach-dialling"));
                    }
                    if ui
                        .add_enabled(
                            ready && problem.is_none() && free,
                            egui::Button::new(tr!("outreach-copy-number")),
                        )
                        .on_hover_text(tr!("outreach-copy-number-hint"))
                        .on_disabled_hover_text(&why_held)
                        .clicked()
                    {
                        ui.ctx().copy_text(self.to.trim().to_owned());
                        self.handed = Some(Ok(tr!("outreach-number-copied")));
                        self.mark_handed();
                        self.record_hand_off(ctx, "number copied");
                    }
                    let why_not = not_sent_yet(problem, self.handed_now(), false);
                    ui.label(tr!("outreach-called"));
                    for outcome in CallOutcome::ALL {
                        if ui
                            .add_enabled(
                                ready && why_not.is_none(),
                                egui::Button::new(crate::words::call_outcome(outcome)),
                            )
                            .on_hover_text(tr!(
                                "outreach-call-outcome-hint",
                                outcome = crate::words::call_outcome(outcome)
                            ))
                            .on_disabled_hover_text(why_not.clone().unwrap_or_default())
                            .clicked()
                        {
                            self.log(ctx, &lookups, Some(outcome));
                        }
                    }
                }
                Channel::Letter => {
                    if ui
                        .add_enabled(
                            ready && !gaps && free,
                            egui::Button::new(tr!("outreach-save-letter")),
                        )
                        .on_disabled_hover_text(&why_held)
                        .clicked()
                    {
                        self.save_letter(ctx);
                    }
                    if ui
                        .add_enabled(
                            ready && !gaps && free,
                            egui::Button::new(tr!("outreach-sent")),
                        )
                        .on_hover_text(tr!("outreach-letter-sent-hint"))
                        .on_disabled_hover_text(&why_held)
                        .clicked()
                    {
                        self.log(ctx, &lookups, None);
                    }
                }
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui
                    .button(if self.logged() {
                        tr!("outreach-done")
                    } else {
                        tr!("outreach-close")
                    })
                    .clicked()
                {
                    self.open = false;
                }
            });
        });
        self.stop_ui(ui, ctx);
    }

    /// Once logged: the message can be said not to have gone (a note on the case, since the
    /// service cannot delete the activity), and the dialog closed.
    fn correction_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, lookups: &Lookups) {
        let logged = match &self.saving.state {
            Remote::Ready(SentOrQueued::Sent(created)) => created.activity_ids.first().copied(),
            _ => None,
        };
        let done = matches!(self.correction.state, Remote::Ready(_));
        let pending = self.correction.state.is_pending();
        let failed = match &self.correction.state {
            Remote::Failed { error, .. } => Some(crate::error_words::api_error(error)),
            _ => None,
        };
        ui.horizontal(|ui| {
            match (done, self.correcting) {
                (true, _) => {
                    crate::widgets::said_ui(
                        ui,
                        ctx.tokens.success,
                        tr!("outreach-correction-logged"),
                    );
                }
                (_, false) => {
                    let button = ui
                        .add_enabled(
                            logged.is_some(),
                            egui::Button::new(tr!("outreach-by-mistake")),
                        )
                        .on_disabled_hover_text(tr!("outreach-by-mistake-later"));
                    if button.clicked() {
                        self.correcting = true;
                    }
                }
                (false, true) => {
                    ui.label(tr!("outreach-correction-ask"));
                    if ui
                        .add_enabled(!pending, egui::Button::new(tr!("outreach-log-correction")))
                        .on_hover_text(tr!("outreach-log-correction-hint"))
                        .clicked()
                        && let Some(id) = logged
                    {
                        self.log_correction(ctx, lookups, id);
                    }
                    if ui
                        .add_enabled(!pending, egui::Button::new(tr!("outreach-keep-it")))
                        .clicked()
                    {
                        self.correcting = false;
                    }
                    if let Some(error) = &failed {
                        crate::widgets::problem_ui(
                            ui,
                            ctx.tokens.error,
                            tr!("outreach-correction-failed", error = error.as_str()),
                        );
                    }
                }
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui.button(tr!("outreach-done")).clicked() {
                    self.open = false;
                }
            });
        });
    }

    fn log_correction(&mut self, ctx: &AppCtx, lookups: &Lookups, id: i64) {
        let Some(kind) = lookups.record_type() else {
            self.problems = vec![tr!("outreach-no-record-type")];
            return;
        };
        let Some(who) = self.who() else {
            return;
        };
        let local = ctx.now.with_timezone(&ctx.zone);
        let what = format!(
            "{}, {}",
            self.start.channel.logged_as_name(),
            local.format(crate::domain::format::DAY_TIME)
        );
        let description = crate::domain::contact::plan_marker::logged_by_mistake(id, &what);
        let community = self.community().map(|c| c.name_unique.clone());
        if let Err(problems) = crate::modals::log_activity::log_done_now(
            ctx,
            &mut self.correction,
            kind,
            &who,
            community.into_iter().collect(),
            description,
        ) {
            self.problems = problems;
        }
    }

    fn copied_text(&self) -> String {
        if self.start.channel.has_subject() {
            format!("{}\n\n{}", self.subject, self.body)
        } else {
            self.body.clone()
        }
    }

    fn hand_over(&mut self, ctx: &AppCtx, uri: Result<String, HandOffError>, done: &str) {
        self.handed = Some(
            uri.map_err(|e| super::hand_off_words(&e))
                .and_then(|uri| crate::hand_off::hand_to_system(&uri))
                .map(|()| done.to_owned()),
        );
        if matches!(self.handed, Some(Ok(_))) {
            self.mark_handed();
            self.record_hand_off(ctx, "handed to the app");
        }
    }

    /// The access log's entry for a message handed over: the case, the channel and how.
    fn record_hand_off(&self, ctx: &AppCtx, how: &str) {
        ctx.backend.access_log().record(
            crate::engine::access_log::What::HandedOff,
            Some(&self.start.case_number),
            &format!("{}, {how}", self.start.channel.name().to_lowercase()),
        );
    }

    fn save_letter(&mut self, ctx: &AppCtx) {
        let letter = crate::report::letter::Letter {
            community: self.community().map(|c| c.name.clone()).unwrap_or_default(),
            to: self
                .recipients()
                .into_iter()
                .find(|r| Some(r.individual_id) == self.recipient)
                .map(|r| r.name)
                .unwrap_or_default(),
            address: self.postal_lines(),
            date: ctx.today(),
            subject: self.subject.clone(),
            body: self.body.clone(),
            language: self.text_language,
        };
        let bytes = crate::report::letter::render(&letter, crate::report::Paper::Letter);
        let name = tr!(
            "letter-file-name",
            name = self.start.name.replace(['/', '\\', ':'], " "),
            day = ctx.today().format("%Y-%m-%d").to_string()
        );
        self.handed = None;
        crate::files::save_bytes(
            ctx.backend,
            &name,
            crate::files::FileKind::Pdf,
            tr!("files-what-letter"),
            self.letter_status.clone(),
            std::sync::Arc::new(bytes),
        );
    }

    /// Logs the one activity: refused while one is being saved or was saved.
    fn log(&mut self, ctx: &AppCtx, lookups: &Lookups, outcome: Option<CallOutcome>) {
        if self.saving.state.is_pending() || self.logged() {
            return;
        }
        let channel = self.start.channel;
        let Some(kind) = lookups.type_for(channel.logged_as()) else {
            self.problems = vec![tr!("outreach-no-type", kind = channel.logged_as_name())];
            return;
        };
        let Some(who) = self.who() else {
            self.problems = vec![tr!("outreach-case-not-read")];
            return;
        };
        let to_name = self
            .recipients()
            .into_iter()
            .find(|r| Some(r.individual_id) == self.recipient)
            .map(|r| r.name)
            .unwrap_or_else(|| who.name.clone());
        let sent = Sent {
            channel,
            purpose: self.purpose,
            to_name,
            to_address: if channel == Channel::Letter {
                String::new()
            } else {
                self.to.trim().to_owned()
            },
            subject: self.subject.clone(),
            body: self.body.clone(),
            outcome,
        };
        let typed = self.to.trim();
        if channel != Channel::Letter
            && !typed.is_empty()
            && typed != self.on_case.trim()
            && let Some(individual_id) = self.recipient
        {
            let email = channel == Channel::Email;
            ctx.backend.remembered().remember_typed_contact(
                who.case_number.clone(),
                crate::domain::outreach::TypedContact {
                    individual_id,
                    email: if email {
                        typed.to_owned()
                    } else {
                        String::new()
                    },
                    phone: if email {
                        String::new()
                    } else {
                        typed.to_owned()
                    },
                    at: ctx.now,
                },
            );
        }
        let result = outcome.and_then(|o| o.result_in(&lookups.results));
        self.logged_result = outcome.map(|o| {
            result
                .and_then(|id| lookups.results.iter().find(|r| r.id == id))
                .map_or_else(|| o.name().to_owned(), |r| r.name.clone())
        });
        let local = ctx.now.with_timezone(&ctx.zone).naive_local();
        let community = self.community().map(|c| c.name_unique.clone());
        let draft = sent.activity(
            who,
            kind.id,
            result,
            community,
            ctx.me().map(|m| m.user_id),
            local,
        );
        match build(&draft, ctx.zone) {
            Ok(body) => {
                self.problems.clear();
                let write = ActivityWrite::new(&draft, body, kind.name.clone());
                self.saving
                    .ask(ctx.backend, asks::writes::log_activity(write, None));
            }
            Err(problems) => self.problems = crate::words::draft_problems(problems),
        }
    }
}

/// Why a message cannot be logged as sent yet, in words; `None` when it can.
fn not_sent_yet(problem: Option<String>, handed: bool, gaps: bool) -> Option<String> {
    if gaps {
        Some(tr!("outreach-why-gaps"))
    } else if let Some(problem) = problem {
        Some(tr!("outreach-why-recipient", problem = problem))
    } else if !handed {
        Some(tr!("outreach-why-not-handed"))
    } else {
        None
    }
}

/// Two lines' room whatever they say, or nothing: the dialog does not grow, and so does not
/// move, when what holds the message or a long path comes. A sentence longer than two lines
/// (a long path, a pseudo-locale) is cut at the second's end, the whole of it on hover.
fn two_lines(ui: &mut egui::Ui, text: Option<egui::RichText>) {
    let height = 2.0 * ui.text_style_height(&egui::TextStyle::Body);
    let width = ui.available_width();
    ui.allocate_ui(egui::vec2(width, height), |ui| {
        ui.set_min_size(egui::vec2(width, height));
        let Some(text) = text else { return };
        let whole = text.text().to_owned();
        let mut job =
            std::sync::Arc::unwrap_or_clone(egui::WidgetText::from(text).into_layout_job(
                ui.style(),
                egui::FontSelection::Default,
                egui::Align::Min,
            ));
        job.wrap.max_rows = 2;
        ui.add(egui::Label::new(job).wrap()).on_hover_text(whole);
    });
}
