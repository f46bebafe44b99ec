//! The individual create form: type, names, contact details, communities, relationship (for a
//! contact of a case), address, a note, an initial inquiry and the "do not merge" choice.
//! Checked before sending; on error everything typed stays.

use crate::api::model::*;
use crate::commands::{CaseRef, Command};
use crate::context::AppCtx;
use crate::domain::duplicates::Probe;
use crate::domain::individual_draft::{Draft, inquiry, to_request, validate};
use crate::domain::person_problem::PersonProblem;
use crate::domain::referral;
use crate::engine::IndividualWrite;
use crate::engine::InquiryPlan;
use crate::engine::asks::{Create, CreateError, IntakeLists};
use crate::engine::{SentOrQueued, asks};
use crate::remote::{Remote, Slot};
use crate::widgets::{community_checkboxes, labelled, steady_combo};
use crate::widgets::{type_combo, user_combo};
use leasedesk_i18n::tr;

/// Fields whose problem is shown beside them.
const INLINE_PROBLEMS: [&str; 3] = ["First name", "Last name", "Email"];

pub struct NewIndividualForm {
    first_focus: crate::widgets::FirstFocus,
    pub draft: Draft,
    /// Set when adding a contact to an existing case.
    pub case_number: Option<String>,
    problems: Vec<PersonProblem>,
    lists: Slot<IntakeLists>,
    saving: Slot<SentOrQueued<IndividualsCreated>>,
    /// The inquiry, logged once the individual exists.
    inquiry: Slot<Result<i64, CreateError>>,
    /// The refused outbox entry this corrects (it leaves the outbox once saved), and the
    /// service's message.
    replacing: Option<(i64, String)>,
    /// The draft last sent (or kept), to not send the same person twice.
    submitted: Option<Draft>,
    agent_defaulted: bool,
    /// The dialog's height without its fields, measured each frame (see `ui`).
    rest_height: f32,
    /// People of any case who may be this one.
    pub known: super::known_people::KnownPeople,
    pub open: bool,
}

/// Room kept between the dialog and the window's top and bottom edges (its frame included).
const DIALOG_ROOM: f32 = 56.0;

impl NewIndividualForm {
    pub fn new(case_number: Option<String>) -> Self {
        let draft = Draft {
            log_inquiry: case_number.is_none(),
            ..Draft::default()
        };
        NewIndividualForm {
            first_focus: Default::default(),
            draft,
            case_number,
            problems: Vec::new(),
            lists: Slot::default(),
            saving: Slot::default(),
            inquiry: Slot::default(),
            replacing: None,
            submitted: None,
            agent_defaulted: false,
            rest_height: 320.0,
            known: Default::default(),
            open: true,
        }
    }

    /// A new individual the service refused from the outbox, to correct and send again.
    pub fn editing_queued(
        id: i64,
        draft: Draft,
        case_number: Option<String>,
        message: String,
    ) -> Self {
        NewIndividualForm {
            draft,
            replacing: Some((id, message)),
            ..NewIndividualForm::new(case_number)
        }
    }

    /// Saved (created, or kept in the outbox): nothing typed would be lost by closing.
    pub fn saved(&self) -> bool {
        matches!(self.saving.state, Remote::Ready(_))
    }

    /// The individual just created, if any.
    pub fn created(&self) -> Option<&IndividualsCreated> {
        match &self.saving.state {
            Remote::Ready(SentOrQueued::Sent(created)) => Some(created),
            _ => None,
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.lists.ask_once(ctx.backend, asks::lists::intake_lists);
        self.lists.poll_read(ctx.backend);
        self.inquiry.poll();
        if self.saving.poll() && self.created().is_some() {
            self.log_inquiry(ctx);
        }
        // The agent is the user unless they choose someone else (once, when known).
        if !self.agent_defaulted
            && let Some(me) = ctx.me()
        {
            self.agent_defaulted = true;
            if self.draft.assignee_id.is_none() {
                self.draft.assignee_id = Some(me.user_id);
            }
        }
        let top = ui.cursor().top();
        ui.heading(crate::modals::Dialog::title(self));
        if let Some((_, message)) = &self.replacing {
            crate::widgets::problem_ui(
                ui,
                ctx.tokens.error,
                tr!("intake-refused-later", message = message.as_str()),
            );
        }
        let saving = self.saving.state.is_pending();
        // The fields scroll so the whole dialog, title and buttons, fits the window: they get
        // what the rest of the dialog (measured last frame) leaves.
        let height = (ui.ctx().content_rect().height() - DIALOG_ROOM - self.rest_height).max(120.0);
        let fields = egui::ScrollArea::vertical()
            .id_salt("new-individual-fields")
            .max_height(height)
            .show(ui, |ui| {
                ui.add_enabled_ui(!saving, |ui| self.fields_ui(ui, ctx));
            })
            .inner_rect
            .height();
        ui.separator();
        if self.case_number.is_none() {
            let d = &self.draft;
            let probe = Probe {
                first_name: d.first_name.clone(),
                last_name: d.last_name.clone(),
                phones: vec![d.home_phone.clone(), d.mobile_phone.clone()],
                email: d.email.clone(),
            };
            self.known.keep_asked(ui, ctx, probe);
            let fee = self
                .known_before(ctx)
                .map(|before| crate::words::referral_warning(&before));
            if let Some(case) = self.known.ui(ui, ctx, fee) {
                ctx.send(Command::OpenCase(case));
                self.open = false;
            }
            ui.separator();
        }
        // The outcome lines have room kept for them, so the dialog keeps its size (and its
        // buttons their place) when a message or the result appears.
        let lines =
            3.0 * (ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y);
        ui.allocate_ui_with_layout(
            egui::vec2(ui.available_width(), lines),
            egui::Layout::top_down(egui::Align::Min),
            |ui| {
                ui.set_min_height(lines);
                // Problems of fields that show none beside them (the address as a whole).
                for problem in &self.problems {
                    if !INLINE_PROBLEMS.contains(&problem.field()) {
                        let words = crate::words::person_problem(problem);
                        crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {words}"));
                    }
                }
                if self.saving.state.error().is_some() {
                    self.saving.status_ui(ui, ctx, &tr!("intake-the-new"));
                    ui.label(
                        egui::RichText::new(tr!("intake-nothing-lost")).color(ctx.tokens.muted),
                    );
                }
                if let Remote::Ready(SentOrQueued::Queued(kind)) = self.saving.state {
                    // Held since (refused, or its answer lost): said here too, not "it is
                    // created when the service can be reached".
                    match self.held_in_outbox(ctx) {
                        Some(why) => {
                            crate::widgets::problem_ui(
                                ui,
                                ctx.tokens.error,
                                format!("⚠ {}", crate::words::refused_words(&why)),
                            );
                        }
                        None => {
                            ui.colored_label(ctx.tokens.warning, tr!("intake-saved-offline"));
                        }
                    }
                    if kind == crate::engine::OutboxKind::ThisRunOnly {
                        ui.label(
                            egui::RichText::new(leasedesk_i18n::tr!("saved-this-run-only"))
                                .color(ctx.tokens.muted),
                        );
                    }
                }
                if let Some(created) = self.created().cloned() {
                    let who = created.individuals.first();
                    let text = match who {
                        Some(c) if c.merged => tr!(
                            "intake-matched",
                            id = c.individual_id,
                            number = c.case_number.as_str()
                        ),
                        Some(c) => tr!("intake-created", number = c.case_number.as_str()),
                        None => created
                            .message
                            .clone()
                            .unwrap_or_else(|| tr!("outcome-saved-plain")),
                    };
                    crate::widgets::said_ui(ui, ctx.tokens.success, format!("✔ {text}"));
                    self.inquiry_result_ui(ui, ctx);
                    if let Some(c) = who
                        && ui.button(tr!("intake-open-case")).clicked()
                    {
                        let name = format!(
                            "{} {}",
                            self.draft.first_name.trim(),
                            self.draft.last_name.trim()
                        );
                        ctx.send(Command::OpenCase(CaseRef::number(&c.case_number, &name)));
                        self.open = false;
                    }
                }
            },
        );
        // Once saved (or kept offline), the same person is not sent twice: the button comes
        // back when something is changed.
        let done = matches!(self.saving.state, Remote::Ready(_))
            && self.submitted.as_ref() == Some(&self.draft);
        crate::widgets::buttons_row(ui, "new-individual", |ui| {
            let label = match (saving, done) {
                (true, _) => tr!("intake-creating"),
                (false, true) => tr!("outcome-saved-plain"),
                (false, false) => tr!("intake-create"),
            };
            let create = ui.add_enabled(!saving && !done, egui::Button::new(label));
            if create.clicked()
                || (!saving
                    && !done
                    && ui.input(|i| i.key_pressed(egui::Key::Enter) && i.modifiers.command))
            {
                self.submit(ctx);
            }
            if ui.button(tr!("outreach-close")).clicked() {
                self.open = false;
            }
        });
        let total = ui.min_rect().bottom() - top;
        self.rest_height = (total - fields).max(0.0);
    }

    /// Logs the inquiry with its source once the individual exists (a second create; after a
    /// lost answer the service is read before it is sent again).
    fn log_inquiry(&mut self, ctx: &AppCtx) {
        let (Some(created), Some(lists)) = (
            self.created().and_then(|c| c.individuals.first()).cloned(),
            self.lists.state.value(),
        ) else {
            return;
        };
        let Some(kind) = self.inquiry_type(lists) else {
            return;
        };
        let now = ctx.now.with_timezone(&ctx.zone).fixed_offset();
        let Some(body) = inquiry(
            &self.draft,
            created.individual_id,
            &created.case_number,
            kind.id,
            now,
        ) else {
            return;
        };
        let create = Create {
            body,
            type_name: kind.name.clone(),
        };
        self.inquiry.ask(ctx.backend, asks::writes::inquiry(create));
    }

    /// The activity type the inquiry is logged as (by how they got in touch).
    fn inquiry_type<'a>(&self, lists: &'a IntakeLists) -> Option<&'a TypeRecord> {
        let method = self.draft.inquiry_method.clone().unwrap_or_default();
        let master = crate::domain::inquiry::activity_type_for(&method);
        lists.types.iter().find(|t| t.master_id == master.code())
    }

    fn inquiry_result_ui(&mut self, ui: &mut egui::Ui, ctx: &AppCtx) {
        if self.inquiry.state.is_pending() {
            // A line of its own meanwhile, so "Open case" below does not move when it is done.
            ui.label(egui::RichText::new(tr!("intake-logging-inquiry")).color(ctx.tokens.muted));
            return;
        }
        match &self.inquiry.state {
            Remote::Ready(Ok(_)) => {
                crate::widgets::said_ui(ui, ctx.tokens.success, tr!("intake-inquiry-logged"));
            }
            Remote::Ready(Err(e)) => {
                crate::widgets::problem_ui(
                    ui,
                    ctx.tokens.error,
                    tr!(
                        "intake-inquiry-failed",
                        error = crate::error_words::create_error(e)
                    ),
                );
                if matches!(e, CreateError::Failed(_) | CreateError::NotSaved)
                    && ui.button(tr!("intake-inquiry-again")).clicked()
                {
                    self.log_inquiry(ctx);
                }
            }
            _ => {}
        }
    }

    /// The source the lead named, by name.
    fn source_name(&self) -> Option<String> {
        let id = self.draft.source_id?;
        let lists = self.lists.state.value()?;
        lists
            .sources
            .iter()
            .find(|s| s.id == id)
            .map(|s| s.name.clone())
    }

    /// When the lead comes through a paid source and was known before through another.
    fn known_before(&self, ctx: &AppCtx) -> Option<referral::KnownBefore> {
        let source = self.source_name()?;
        let known: Vec<_> = self
            .known
            .found()
            .iter()
            .filter_map(|k| Some((k.matched.case_number.clone(), k.first.clone()?)))
            .collect();
        referral::known_before(
            &ctx.prefs.lead_rules.paid_sources,
            &source,
            &known,
            ctx.now.fixed_offset(),
        )
    }

    fn submit(&mut self, ctx: &AppCtx) {
        self.problems = validate(&self.draft);
        if !self.problems.is_empty() {
            return;
        }
        // A paid referral of someone known before: both dates and sources go in the inquiry's
        // note, as evidence for the invoice.
        if let (Some(before), Some(source)) = (self.known_before(ctx), self.source_name()) {
            let evidence = referral::evidence(
                &before,
                &source,
                ctx.now.with_timezone(&ctx.zone).fixed_offset(),
            );
            let note = &mut self.draft.inquiry_description;
            if !note.contains("Referral check:") {
                if !note.trim().is_empty() {
                    note.push_str(" — ");
                }
                note.push_str(&evidence);
            }
        }
        self.submitted = Some(self.draft.clone());
        let body = to_request(&self.draft, self.case_number.as_deref());
        let inquiry = self
            .lists
            .state
            .value()
            .and_then(|lists| self.inquiry_type(lists))
            .filter(|_| self.draft.log_inquiry)
            .map(|kind| InquiryPlan {
                type_id: kind.id,
                type_name: kind.name.clone(),
                at: ctx.now.with_timezone(&ctx.zone).fixed_offset(),
            });
        let write = IndividualWrite {
            summary: crate::words::new_person_said(&self.draft, self.case_number.is_some()),
            draft: Box::new(self.draft.clone()),
            body: Box::new(body.clone()),
            inquiry,
        };
        let replacing = self.replacing.as_ref().map(|(id, _)| *id);
        self.saving
            .ask(ctx.backend, asks::writes::new_individual(write, replacing));
    }

    /// Why the outbox holds this person for a decision, once it does.
    fn held_in_outbox(&self, ctx: &AppCtx) -> Option<crate::engine::WhyRefused> {
        use crate::engine::{QueueState, QueuedWrite};
        ctx.backend
            .outbox()
            .entries()
            .iter()
            .find_map(|entry| match (&entry.write, &entry.state) {
                (QueuedWrite::NewIndividual(write), QueueState::Refused(why))
                    if *write.draft == self.draft =>
                {
                    Some(why.clone())
                }
                _ => None,
            })
    }

    fn fields_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let d = &mut self.draft;
        egui::Grid::new("new-individual-grid")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                let kind_label = ui.label(tr!("intake-type"));
                let default_kind = if self.case_number.is_some() {
                    IndividualType::Contact
                } else {
                    IndividualType::Prospect
                };
                steady_combo(
                    ui,
                    150.0,
                    egui::ComboBox::from_id_salt("new-individual-type").selected_text(
                        crate::words::individual_type(d.kind.unwrap_or(default_kind)),
                    ),
                    |ui| {
                        for kind in IndividualType::ALL {
                            ui.selectable_value(
                                &mut d.kind,
                                Some(*kind),
                                crate::words::individual_type(*kind),
                            );
                        }
                    },
                )
                .labelled_by(kind_label.id);
                ui.end_row();
                // Each field by the domain's name of it (its problems say that name), shown in
                // the window's words.
                for (label, shown, value) in [
                    ("First name", tr!("users-first-name"), &mut d.first_name),
                    ("Last name", tr!("users-last-name"), &mut d.last_name),
                    ("Email", tr!("users-email"), &mut d.email),
                ] {
                    let caption = ui.label(shown);
                    // The message sits beside its field, in a row that keeps its height, so
                    // the dialog does not move when it appears.
                    ui.horizontal(|ui| {
                        let field = ui
                            .add(
                                egui::TextEdit::singleline(value)
                                    .id_salt(("new-individual", label))
                                    .desired_width(220.0),
                            )
                            .labelled_by(caption.id);
                        if label == "First name" {
                            self.first_focus.on(&field);
                        }
                        if let Some(problem) = self.problems.iter().find(|p| p.field() == label) {
                            let problem = crate::words::person_problem(problem);
                            // No symbol here: its font is taller than the field and would
                            // push the rows down.
                            let text =
                                egui::RichText::new(problem.as_str()).color(ctx.tokens.error);
                            let said = ui.add(egui::Label::new(text).truncate());
                            crate::widgets::polite(ui, &said);
                            said.on_hover_text(problem);
                        }
                    });
                    ui.end_row();
                }
                let home = ui.label(tr!("intake-home-phone"));
                ui.horizontal(|ui| {
                    // Written as the service writes phones once the field is left.
                    let field = ui
                        .add(
                            egui::TextEdit::singleline(&mut d.home_phone)
                                .id_salt("new-individual-home-phone")
                                .desired_width(120.0),
                        )
                        .labelled_by(home.id);
                    if field.lost_focus() {
                        d.home_phone = crate::domain::format::phone(&d.home_phone);
                    }
                    let field = labelled(ui, &tr!("intake-mobile-phone"), |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut d.mobile_phone)
                                .id_salt("new-individual-mobile-phone")
                                .desired_width(120.0),
                        )
                    });
                    if field.lost_focus() {
                        d.mobile_phone = crate::domain::format::phone(&d.mobile_phone);
                    }
                });
                ui.end_row();
                if let Some(lists) = self.lists.state.value() {
                    user_combo(
                        ui,
                        &tr!("log-assigned"),
                        "new-individual-agent",
                        &mut d.assignee_id,
                        &lists.users,
                    );
                    ui.end_row();
                }
                if self.case_number.is_some() {
                    labelled(ui, &tr!("intake-relationship"), |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut d.relationship)
                                .id_salt("new-individual-relationship")
                                .hint_text(tr!("intake-relationship-hint"))
                                .desired_width(260.0),
                        )
                    });
                    ui.end_row();
                }
                ui.label(tr!("users-communities"));
                match self.lists.state.value() {
                    Some(lists) => community_checkboxes(ui, &lists.communities, &mut d.communities),
                    None => self.lists.status_ui(ui, ctx, &tr!("noun-lists")),
                }
                ui.end_row();
                for (label, shown, value) in [
                    ("Street", tr!("intake-street"), &mut d.address_line1),
                    (
                        "Street, line 2",
                        tr!("intake-street-2"),
                        &mut d.address_line2,
                    ),
                ] {
                    labelled(ui, &shown, |ui| {
                        ui.add(
                            egui::TextEdit::singleline(value)
                                .id_salt(("new-individual", label))
                                .desired_width(260.0),
                        )
                    });
                    ui.end_row();
                }
                let city = ui.label(tr!("intake-city"));
                ui.horizontal(|ui| {
                    ui.add(
                        egui::TextEdit::singleline(&mut d.city)
                            .id_salt("new-individual-city")
                            .desired_width(120.0),
                    )
                    .labelled_by(city.id);
                    labelled(ui, &tr!("calling-col-state"), |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut d.state)
                                .id_salt("new-individual-state")
                                .desired_width(40.0),
                        )
                    });
                    labelled(ui, &tr!("intake-postal-code"), |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut d.postal_code)
                                .id_salt("new-individual-postal-code")
                                .desired_width(70.0),
                        )
                    })
                });
                ui.end_row();
                labelled(ui, &tr!("tour-note"), |ui| {
                    crate::widgets::note_field(ui, &mut d.note, "new-individual-note", 2, 260.0)
                });
                ui.end_row();
                ui.label("");
                ui.checkbox(&mut d.log_inquiry, tr!("intake-log-inquiry"));
                ui.end_row();
                if d.log_inquiry {
                    let lists = self.lists.state.value().cloned().unwrap_or_default();
                    type_combo(
                        ui,
                        &tr!("lead-rules-market-source"),
                        "intake-source",
                        &mut d.source_id,
                        &lists.sources,
                    );
                    ui.end_row();
                    let label = ui.label(tr!("intake-came-by"));
                    steady_combo(
                        ui,
                        150.0,
                        egui::ComboBox::from_id_salt("intake-method").selected_text(
                            d.inquiry_method
                                .clone()
                                .unwrap_or_else(|| tr!("lost-not-known")),
                        ),
                        |ui| {
                            ui.selectable_value(&mut d.inquiry_method, None, tr!("lost-not-known"));
                            for m in &lists.methods {
                                ui.selectable_value(
                                    &mut d.inquiry_method,
                                    Some(m.name.clone()),
                                    &m.name,
                                );
                            }
                        },
                    )
                    .labelled_by(label.id);
                    ui.end_row();
                    labelled(ui, &tr!("intake-inquiry"), |ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut d.inquiry_description)
                                .id_salt("new-individual-inquiry-description")
                                .hint_text(tr!("intake-inquiry-hint"))
                                .desired_width(260.0),
                        )
                    });
                    ui.end_row();
                }
                ui.label("");
                ui.checkbox(&mut d.do_not_merge, tr!("intake-do-not-merge"));
                ui.end_row();
            });
    }
}

impl crate::modals::Dialog for NewIndividualForm {
    fn title(&self) -> String {
        match &self.case_number {
            Some(case) => tr!("intake-title-contact", number = case.as_str()),
            None => tr!("intake-title"),
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        NewIndividualForm::ui(self, ui, ctx);
    }

    fn width(&self) -> f32 {
        520.0
    }

    fn is_open(&self) -> bool {
        self.open
    }

    fn saved(&self) -> bool {
        NewIndividualForm::saved(self)
    }
}
