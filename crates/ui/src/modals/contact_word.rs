//! "Record their word…" (on the case, and after a call's outcome): a person's opt-out ("stop calling", "stop all contact") or
//! consent ("may text"), with how they said it, logged as the service can keep it: a completed
//! activity on the person (docs/decisions.md, "Opt-outs and consents are activities"). Honoured
//! on this desk at once (through the outbox, offline too) and on every other desk after a sync.

use crate::context::AppCtx;
use crate::domain::activity_draft::Who;
use crate::domain::contact::preference::{self, Action, Scope};
use crate::domain::outreach::Channel;
use crate::engine::SentOrQueued;
use crate::engine::asks::{self, Lookups};
use crate::modals::log_activity::{LogSaved, log_record_now};
use crate::remote::{Remote, Slot};
use crate::widgets::{labelled, steady_combo};
use leasedesk_i18n::tr;

pub struct ContactWordForm {
    open: bool,
    person: Option<i64>,
    action: Action,
    scope: Scope,
    how: String,
    lookups: Slot<Lookups>,
    saving: Slot<LogSaved>,
    /// What the last save logged, said until the form is opened again.
    logged: Option<String>,
    /// Why it could not be logged, before anything was sent.
    problems: Option<String>,
}

impl Default for ContactWordForm {
    fn default() -> Self {
        ContactWordForm {
            open: false,
            person: None,
            action: Action::OptOut,
            scope: Scope::Only(Channel::Call),
            how: String::new(),
            lookups: Slot::default(),
            saving: Slot::default(),
            logged: None,
            problems: None,
        }
    }
}

fn scope_name(scope: Scope) -> String {
    match scope {
        Scope::All => tr!("guard-all-contact"),
        Scope::Only(Channel::Call) => tr!("guard-stop-calls"),
        Scope::Only(Channel::Text) => tr!("guard-stop-texts"),
        Scope::Only(Channel::Email) => tr!("guard-stop-emails"),
        Scope::Only(Channel::Letter) => tr!("guard-stop-letters"),
    }
}

const SCOPES: [Scope; 5] = [
    Scope::Only(Channel::Call),
    Scope::Only(Channel::Text),
    Scope::Only(Channel::Email),
    Scope::Only(Channel::Letter),
    Scope::All,
];

impl ContactWordForm {
    /// The button, or the form for one of `people` (id, name) of case `case_number`.
    pub fn form_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut AppCtx,
        case_number: &str,
        people: &[(i64, String)],
    ) {
        self.saving.poll();
        if let Remote::Ready(saved) = &self.saving.state
            && self.open
        {
            let queued = matches!(saved, SentOrQueued::Queued(_));
            self.logged = Some(if queued {
                tr!("word-saved-offline")
            } else {
                tr!("word-logged")
            });
            self.open = false;
            self.how.clear();
        }
        if !self.open {
            ui.horizontal_wrapped(|ui| {
                if ui
                    .button(tr!("word-record"))
                    .on_hover_text(tr!("word-record-hint"))
                    .clicked()
                {
                    self.open = true;
                    self.logged = None;
                    self.saving = Slot::default();
                }
                if let Some(logged) = &self.logged {
                    crate::widgets::said_ui(ui, ctx.tokens.success, logged);
                }
            });
            return;
        }
        self.lookups.ask_once(ctx.backend, asks::lists::lookups);
        self.lookups.poll_read(ctx.backend);
        let person = *self
            .person
            .get_or_insert_with(|| people.first().map_or(0, |p| p.0));
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                let mut chosen = person;
                let name = people
                    .iter()
                    .find(|p| p.0 == chosen)
                    .map_or("", |p| p.1.as_str());
                labelled(ui, &tr!("word-who"), |ui| {
                    steady_combo(
                        ui,
                        180.0,
                        egui::ComboBox::from_id_salt("word-person").selected_text(name),
                        |ui| {
                            for (id, name) in people {
                                ui.selectable_value(&mut chosen, *id, name);
                            }
                        },
                    )
                });
                self.person = Some(chosen);
                ui.radio_value(&mut self.action, Action::OptOut, tr!("word-asked-to-stop"));
                ui.radio_value(&mut self.action, Action::Consent, tr!("word-agreed"));
                labelled(ui, &tr!("templates-channel"), |ui| {
                    steady_combo(
                        ui,
                        120.0,
                        egui::ComboBox::from_id_salt("word-scope")
                            .selected_text(scope_name(self.scope)),
                        |ui| {
                            for scope in SCOPES {
                                ui.selectable_value(&mut self.scope, scope, scope_name(scope));
                            }
                        },
                    )
                });
            });
            ui.horizontal_wrapped(|ui| {
                labelled(ui, &tr!("word-how"), |ui| {
                    ui.add(
                        egui::TextEdit::singleline(&mut self.how)
                            .hint_text(tr!("word-how-hint"))
                            .desired_width(240.0)
                            .char_limit(preference::MAX_HOW),
                    )
                });
                let ready = self.lookups.state.value().is_some() && !self.saving.state.is_pending();
                if ui
                    .add_enabled(ready, egui::Button::new(tr!("word-log")))
                    .clicked()
                {
                    self.log(ctx, case_number, people);
                }
                if ui
                    .add_enabled(
                        !self.saving.state.is_pending(),
                        egui::Button::new(tr!("settings-cancel")),
                    )
                    .clicked()
                {
                    self.open = false;
                }
            });
            ui.label(
                egui::RichText::new(tr!(
                    "word-logs",
                    description = preference::description(self.action, self.scope, self.how.trim())
                ))
                .color(ctx.tokens.muted),
            );
            if let Some(problems) = &self.problems {
                crate::widgets::problem_ui(
                    ui,
                    ctx.tokens.error,
                    tr!("word-not-logged", problems = problems.as_str()),
                );
            }
            if let Remote::Failed { error, .. } = &self.saving.state {
                crate::widgets::problem_ui(
                    ui,
                    ctx.tokens.error,
                    tr!(
                        "word-not-logged-kept",
                        error = crate::error_words::api_error(error)
                    ),
                );
            }
            self.lookups.status_ui(ui, ctx, &tr!("word-the-types"));
        });
    }

    fn log(&mut self, ctx: &AppCtx, case_number: &str, people: &[(i64, String)]) {
        let Some((id, name)) = people.iter().find(|p| Some(p.0) == self.person) else {
            return;
        };
        let who = Who {
            individual_id: *id,
            case_number: case_number.to_owned(),
            name: name.clone(),
        };
        let description = preference::description(self.action, self.scope, self.how.trim());
        self.problems = match log_record_now(
            ctx,
            &mut self.saving,
            self.lookups.state.value(),
            &who,
            Vec::new(),
            description,
        ) {
            Some(Err(problems)) => Some(problems.join("; ")),
            Some(Ok(())) => None,
            None => Some(tr!("word-no-type")),
        };
    }
}
