//! "Email…", "Text…", "Call…", "Letter…": a message drafted from the community's template for
//! a purpose, merged with the case (a field the case lacks stays visible as `[field?]`),
//! edited, handed to the user's own mail, messaging or phone app, and logged as exactly one
//! activity when the user says it went. The service sends nothing and cannot change an
//! activity later, so nothing is logged before that (docs/decisions.md).

mod compose;
mod guard;
mod language;

use crate::api::model::{Activity, Address, AdmissionRequirement, HousingContract, Records};
use crate::commands::MessageStart;
use crate::context::AppCtx;
use crate::domain::activity_draft::Who;
use crate::domain::outreach::facts::{CaseParts, facts};
use crate::domain::outreach::merge::{Merged, merge};
use crate::domain::outreach::{Channel, Language, Purpose, TypedContact};
use crate::engine::Change;
use crate::engine::asks::{self, Lookups, WholeCase};
use crate::modals::log_activity::LogSaved;
use crate::remote::{Remote, Slot};

/// Someone of the case a message can go to.
#[derive(Debug, Clone, PartialEq)]
struct Recipient {
    individual_id: i64,
    name: String,
    /// "Daughter", or "Prospect" for the person themself.
    role: String,
    email: String,
    /// The mobile first (a text goes there), else any number.
    phone: String,
}

pub struct OutreachForm {
    pub start: MessageStart,
    whole: Slot<WholeCase>,
    activities: Slot<Records<Activity>>,
    contracts: Slot<Records<HousingContract>>,
    checklist: Slot<Records<AdmissionRequirement>>,
    /// The people's postal addresses (a letter's recipient's goes under the date).
    addresses: Slot<Records<Address>>,
    lookups: Slot<Lookups>,
    purpose: Purpose,
    recipient: Option<i64>,
    /// The address or number the message goes to (as found on the case, or typed).
    to: String,
    subject: String,
    body: String,
    /// What the text was merged from (purpose, recipient, language); `None` before the case
    /// is in.
    merged_for: Option<(Purpose, Option<i64>, Language)>,
    /// The language the message is written in: the recipient's as recorded on the case, until
    /// the agent picks another (`language_picked`).
    language: Language,
    language_picked: bool,
    /// The language of the template merged (English where the one picked has none).
    text_language: Language,
    /// Languages recorded in this dialog, honoured before the case's read shows them.
    languages_here: Vec<(i64, Language)>,
    language_saving: Slot<LogSaved>,
    language_pending: Option<(i64, Language)>,
    /// The merge's report: fields the case lacks, braces that name no field.
    merged: Merged,
    /// The user changed the text since it was merged: a new purpose does not replace it.
    edited: bool,
    /// A sentence after "Open in …" or "Save letter…": what happened, or what to do.
    handed: Option<Result<String, String>>,
    /// What was handed to the user's app or copied (recipient, subject, text), when it was:
    /// "Sent" and a call's outcomes wait for it, and for nothing changed since.
    handed_what: Option<(String, String, String)>,
    /// What this desk kept of addresses typed for the case's people.
    typed: Slot<Vec<TypedContact>>,
    /// What the case itself has for the recipient (a different `to` was typed here).
    on_case: String,
    /// "Logged by mistake…" was pressed: the correction is offered.
    correcting: bool,
    correction: Slot<LogSaved>,
    letter_status: crate::files::Status,
    /// The family's words logged in this dialog, honoured before the case's read shows them.
    words_here: Vec<crate::domain::contact::Preference>,
    /// "Asked to stop…" is open: which channel and how they said it.
    stopping: bool,
    /// "How they said it" takes the focus when the row opens.
    stop_focus: bool,
    stop_all: bool,
    stop_how: String,
    stop_saving: Slot<LogSaved>,
    /// The opt-out being logged, honoured here once it is saved or queued.
    stop_pending: Option<crate::domain::contact::Preference>,
    problems: Vec<String>,
    /// The result a call was logged with ("Left voicemail"), said once it is saved.
    logged_result: Option<String>,
    saving: Slot<LogSaved>,
    pub open: bool,
}

impl OutreachForm {
    pub fn new(start: MessageStart) -> Self {
        let language = start.language;
        OutreachForm {
            purpose: start.purpose,
            start,
            whole: Slot::default(),
            activities: Slot::default(),
            contracts: Slot::default(),
            checklist: Slot::default(),
            addresses: Slot::default(),
            lookups: Slot::default(),
            recipient: None,
            to: String::new(),
            subject: String::new(),
            body: String::new(),
            merged_for: None,
            language: language.unwrap_or_default(),
            language_picked: language.is_some(),
            text_language: Language::default(),
            languages_here: Vec::new(),
            language_saving: Slot::default(),
            language_pending: None,
            merged: Merged::default(),
            edited: false,
            handed: None,
            handed_what: None,
            typed: Slot::default(),
            on_case: String::new(),
            correcting: false,
            correction: Slot::default(),
            letter_status: Default::default(),
            words_here: Vec::new(),
            stopping: false,
            stop_focus: false,
            stop_all: false,
            stop_how: String::new(),
            stop_saving: Slot::default(),
            stop_pending: None,
            problems: Vec::new(),
            logged_result: None,
            saving: Slot::default(),
            open: true,
        }
    }

    /// Logged (on the service or in the outbox): closing loses nothing; or nothing typed yet.
    pub fn saved(&self) -> bool {
        matches!(self.saving.state, Remote::Ready(_)) || !self.edited
    }

    /// Whether the message is logged (the one activity is saved or queued).
    pub fn logged(&self) -> bool {
        matches!(self.saving.state, Remote::Ready(_))
    }

    /// The merged text is in (the case and its parts were read).
    pub fn drafted(&self) -> bool {
        self.merged_for.is_some()
    }

    fn read(&mut self, ctx: &AppCtx) {
        let number = self.start.case_number.clone();
        self.whole
            .ask_once(ctx.backend, || asks::cases::whole_case(&number, None));
        self.lookups.ask_once(ctx.backend, asks::lists::lookups);
        self.typed
            .ask_once(ctx.backend, || asks::cases::typed_contacts(&number));
        let typed_in = self.typed.poll_read(ctx.backend);
        let arrived = self.whole.poll_read(ctx.backend);
        self.activities.poll_read(ctx.backend);
        self.contracts.poll_read(ctx.backend);
        self.checklist.poll_read(ctx.backend);
        self.addresses.poll_read(ctx.backend);
        self.lookups.poll_read(ctx.backend);
        if arrived && let Some(whole) = self.whole.state.value().cloned() {
            self.activities.ask(
                ctx.backend,
                asks::cases::activities(&number, whole.people()),
            );
            self.contracts
                .ask(ctx.backend, asks::cases::contracts(&number));
            // A letter's recipient's address goes under the date; every channel's guard
            // reads the person's state for their clock.
            self.addresses
                .ask(ctx.backend, asks::cases::addresses(&number, whole.people()));
            if let (Ok(case), Some(community)) = (number.parse::<i64>(), self.community_id()) {
                self.checklist
                    .ask(ctx.backend, asks::admissions::checklist(case, community));
            }
            if self.recipient.is_none() {
                self.choose(self.recipients().first().map(|r| r.individual_id));
            }
        }
        // What this desk kept fills "To" where the case has nothing, once both are in.
        if typed_in && self.to.trim().is_empty() {
            self.choose(self.recipient);
        }
    }

    /// What this desk kept for `individual_id` on this channel, and when it was typed.
    fn typed_for(&self, individual_id: i64) -> Option<(String, chrono::DateTime<chrono::Utc>)> {
        let typed = self
            .typed
            .state
            .value()?
            .iter()
            .find(|t| t.individual_id == individual_id)?;
        let value = match self.start.channel {
            Channel::Email => &typed.email,
            Channel::Text | Channel::Call => &typed.phone,
            Channel::Letter => return None,
        };
        (!value.trim().is_empty()).then(|| (value.clone(), typed.at))
    }

    /// Whether what is in the dialog now is what was handed over (or copied).
    pub fn handed_now(&self) -> bool {
        matches!(self.handed, Some(Ok(_)))
            && self
                .handed_what
                .as_ref()
                .is_some_and(|(to, subject, body)| {
                    *to == self.to && *subject == self.subject && *body == self.body
                })
    }

    /// Notes that what is in the dialog now was handed over, or copied.
    fn mark_handed(&mut self) {
        self.handed_what = Some((self.to.clone(), self.subject.clone(), self.body.clone()));
    }

    /// The address or number in "To", checked, for the channels that need one.
    fn recipient_problem(&self) -> Option<String> {
        let email = match self.start.channel {
            Channel::Email => true,
            Channel::Text | Channel::Call => false,
            Channel::Letter => return None,
        };
        crate::domain::outreach::hand_off::check_recipient(email, &self.to)
            .err()
            .map(|e| hand_off_words(&e))
    }

    /// Everyone of the case, the person first, each with what the case has to reach them by.
    fn recipients(&self) -> Vec<Recipient> {
        let Some(whole) = self.whole.state.value() else {
            return Vec::new();
        };
        let mut people: Vec<_> = whole.case.individuals.iter().collect();
        people.sort_by_key(|p| p.individual_id != whole.case.primary_individual_id);
        people
            .into_iter()
            .map(|p| {
                let contact = whole.contact_of(p.individual_id);
                let phone = contact
                    .map(|c| {
                        if c.mobile_phone_format.trim().is_empty() {
                            c.best_phone().to_owned()
                        } else {
                            c.mobile_phone_format.clone()
                        }
                    })
                    .unwrap_or_default();
                Recipient {
                    individual_id: p.individual_id,
                    name: p.individual_name.clone(),
                    role: p
                        .relationship_type
                        .clone()
                        .filter(|_| !p.primary_individual)
                        .unwrap_or_else(|| p.individual_type.clone()),
                    email: contact.and_then(|c| c.email.clone()).unwrap_or_default(),
                    phone,
                }
            })
            .collect()
    }

    /// Picks whom the message goes to; their address or number fills "To".
    fn choose(&mut self, individual_id: Option<i64>) {
        self.recipient = individual_id;
        // Another person: their own language, as recorded.
        self.language_picked = false;
        let Some(r) = self
            .recipients()
            .into_iter()
            .find(|r| Some(r.individual_id) == individual_id)
        else {
            return;
        };
        self.on_case = match self.start.channel {
            Channel::Email => r.email,
            Channel::Text | Channel::Call => r.phone,
            Channel::Letter => String::new(),
        };
        self.to = if self.on_case.trim().is_empty() {
            self.typed_for(r.individual_id)
                .map(|(value, _)| value)
                .unwrap_or_default()
        } else {
            self.on_case.clone()
        };
    }

    fn community(&self) -> Option<&crate::api::model::Community> {
        let whole = self.whole.state.value()?;
        whole.contact.as_ref()?.primary.communities.first()
    }

    fn community_id(&self) -> Option<i64> {
        self.community().map(|c| c.id)
    }

    /// Whether every part the merge reads has answered (or failed: then it is left out).
    fn parts_settled(&self) -> bool {
        let settled = |pending: bool, idle: bool| !pending && !idle;
        self.whole.state.value().is_some()
            && settled(
                self.activities.state.is_pending(),
                matches!(self.activities.state, Remote::Idle),
            )
            && settled(
                self.contracts.state.is_pending(),
                matches!(self.contracts.state, Remote::Idle),
            )
            && !self.checklist.state.is_pending()
    }

    /// Merges the template into the text, once the case is in, and again when the purpose
    /// or recipient changes while the text is as merged.
    fn merge_if_due(&mut self, ctx: &AppCtx) {
        if self.parts_settled() && !self.language_picked {
            self.language = self.recorded_language().unwrap_or_default();
        }
        let key = (self.purpose, self.recipient, self.language);
        if !self.parts_settled() || self.merged_for == Some(key) || self.edited {
            return;
        }
        let template = ctx
            .prefs
            .templates
            .find(
                self.community_id(),
                self.purpose,
                self.start.channel,
                self.language,
            )
            .cloned();
        let Some(template) = template else {
            return;
        };
        let recipients = self.recipients();
        let person = recipients
            .first()
            .map(|r| r.name.clone())
            .unwrap_or_default();
        let contact = recipients
            .iter()
            .find(|r| Some(r.individual_id) == self.recipient)
            .map(|r| r.name.clone())
            .unwrap_or_else(|| person.clone());
        let me = ctx.me().map(|m| m.name);
        let community = self.community().map(|c| c.name.clone());
        let to_themself = match (self.recipient, recipients.first()) {
            (Some(id), Some(first)) => id == first.individual_id,
            _ => true,
        };
        let parts = CaseParts {
            person_name: &person,
            contact_name: &contact,
            to_themself,
            community: community.as_deref(),
            agent: me.as_deref(),
            activities: self.activities.state.value().map_or(&[], |r| &r[..]),
            contracts: self.contracts.state.value().map_or(&[], |r| &r[..]),
            checklist: self.checklist.state.value().map_or(&[], |r| &r[..]),
            language: template.language,
        };
        let facts = facts(&parts, ctx.now, ctx.zone);
        let subject = merge(&template.subject, &facts);
        let body = merge(&template.body, &facts);
        self.subject = subject.text;
        self.body = body.text.clone();
        self.merged = body;
        for field in subject.missing {
            if !self.merged.missing.contains(&field) {
                self.merged.missing.push(field);
            }
        }
        self.merged_for = Some(key);
        self.text_language = template.language;
    }

    /// The recipient's postal address as lines (their first one on the case).
    fn postal_lines(&self) -> Vec<String> {
        let Some(address) = self.addresses.state.value().and_then(|list| {
            list.iter()
                .find(|a| Some(a.individual_id) == self.recipient)
        }) else {
            return Vec::new();
        };
        let mut lines = vec![address.address_line1.trim().to_owned()];
        if let Some(line2) = address.address_line2.as_deref().map(str::trim) {
            lines.push(line2.to_owned());
        }
        lines.push(format!(
            "{}, {} {}",
            address.city.trim(),
            address.state.trim(),
            address.postal_code.trim()
        ));
        lines.retain(|l| !l.trim().is_empty() && l.trim() != ",");
        lines
    }

    /// The recipient as a record on the case is logged on them (their word, their language).
    fn recipient_who(&self) -> Option<Who> {
        let (individual_id, case) = (self.recipient?, self.who()?);
        let name = self
            .recipients()
            .into_iter()
            .find(|r| r.individual_id == individual_id)
            .map_or(case.name, |r| r.name);
        Some(Who {
            individual_id,
            case_number: case.case_number,
            name,
        })
    }

    /// The lead the activity is logged on: the case's person.
    fn who(&self) -> Option<Who> {
        let whole = self.whole.state.value()?;
        let primary = whole.primary()?;
        Some(Who {
            individual_id: primary.individual_id,
            case_number: whole.case.case_number.clone(),
            name: primary.individual_name.clone(),
        })
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.saving.poll();
        self.correction.poll();
        self.read(ctx);
        self.merge_if_due(ctx);
        self.compose_ui(ui, ctx);
    }
}

impl crate::modals::Dialog for OutreachForm {
    fn title(&self) -> String {
        let name = self
            .who()
            .map_or_else(|| self.start.name.clone(), |w| w.name);
        format!("{} · {name}", crate::words::channel(self.start.channel))
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        OutreachForm::ui(self, ui, ctx);
    }

    fn width(&self) -> f32 {
        640.0
    }

    fn is_open(&self) -> bool {
        self.open
    }

    /// The case's activities hold the family's word and the attempts made: the guard checks
    /// against them.
    fn shows(&self) -> &'static [Change] {
        &[Change::Activities]
    }

    /// A colleague's opt-out (or a call) that a sync brought holds this message too: the
    /// activities are read again (the guard keeps the last answer until the new one is in).
    fn changed(&mut self, _change: Change, ctx: &AppCtx) {
        if let Some(whole) = self.whole.state.value() {
            let people = whole.people();
            self.activities.ask(
                ctx.backend,
                asks::cases::activities(&self.start.case_number, people),
            );
        }
    }

    fn saved(&self) -> bool {
        OutreachForm::saved(self)
    }
}

/// Why a message cannot be handed to the mail or messaging app, in the window's words.
fn hand_off_words(error: &crate::domain::outreach::hand_off::HandOffError) -> String {
    use crate::domain::outreach::hand_off::{HandOffError, MAX_URI};
    use leasedesk_i18n::tr;
    match error {
        HandOffError::NoAddress => tr!("handoff-no-address"),
        HandOffError::BadAddress(address) => {
            tr!("handoff-bad-address", address = format!("{address:?}"))
        }
        HandOffError::NoNumber => tr!("handoff-no-number"),
        HandOffError::BadNumber(number) => {
            tr!("handoff-bad-number", number = format!("{number:?}"))
        }
        HandOffError::TooLong { chars } => tr!(
            "handoff-too-long",
            chars = chars.to_string(),
            limit = MAX_URI.to_string()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::hand_off_words;
    use crate::domain::outreach::hand_off::HandOffError;
    use leasedesk_i18n::{Language, in_language};

    /// The words moved from the rule's own text unchanged in English, and are Spanish in
    /// Spanish, the typed address quoted as typed.
    #[test]
    fn a_hand_off_refused_is_said_in_the_windows_language() {
        for error in [
            HandOffError::NoAddress,
            HandOffError::BadAddress("nope".into()),
            HandOffError::NoNumber,
            HandOffError::BadNumber("12".into()),
            HandOffError::TooLong { chars: 2400 },
        ] {
            let english = in_language(Language::English, || hand_off_words(&error));
            let spanish = in_language(Language::Spanish, || hand_off_words(&error));
            assert_eq!(english, error.to_string());
            assert_ne!(spanish, english);
        }
        let spanish = in_language(Language::Spanish, || {
            hand_off_words(&HandOffError::BadAddress("nope".into()))
        });
        assert!(spanish.contains("\"nope\""), "{spanish}");
    }
}
