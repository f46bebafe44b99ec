//! The agent's outreach: a message drafted from a template merged with a case, handed to the
//! user's own mail, messaging or phone app, and logged as exactly one activity when the user
//! says it went ("Sent", or a call's outcome). The service sends nothing and cannot change or
//! delete an activity, so nothing is logged before the user says so (docs/decisions.md,
//! "Messages are logged when the user says they went").

pub mod cadence;
pub mod facts;
pub mod hand_off;
pub mod language;
pub mod merge;
pub mod templates;

use chrono::NaiveDateTime;

use crate::activity_draft::{ActivityDraft, Who};
use crate::api::model::TypeRecord;
use crate::format;
pub use language::Language;
pub use templates::{Channel, Purpose, Template, Templates};

/// What became of a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallOutcome {
    Reached,
    Voicemail,
    NoAnswer,
}

impl CallOutcome {
    pub const ALL: [CallOutcome; 3] = [
        CallOutcome::Reached,
        CallOutcome::Voicemail,
        CallOutcome::NoAnswer,
    ];

    pub fn name(self) -> &'static str {
        match self {
            CallOutcome::Reached => "Reached",
            CallOutcome::Voicemail => "Voicemail",
            CallOutcome::NoAnswer => "No answer",
        }
    }

    /// Words of the portal's result for it (results are the portal's own list).
    fn result_words(self) -> &'static [&'static str] {
        match self {
            CallOutcome::Reached => &["spoke", "reached", "contact made", "talked"],
            CallOutcome::Voicemail => &["message", "voicemail", "voice mail"],
            CallOutcome::NoAnswer => &["no answer", "no response", "unanswered"],
        }
    }

    /// The portal's result that says this, if its list has one.
    pub fn result_in(self, results: &[TypeRecord]) -> Option<i64> {
        results
            .iter()
            .find(|r| {
                let name = r.name.to_lowercase();
                self.result_words().iter().any(|w| name.contains(w))
            })
            .map(|r| r.id)
    }
}

/// A message the user says went.
#[derive(Debug, Clone, PartialEq)]
pub struct Sent {
    pub channel: Channel,
    pub purpose: Purpose,
    /// Whom it went to: their name.
    pub to_name: String,
    /// Their address or number as handed over (empty for a letter).
    pub to_address: String,
    pub subject: String,
    pub body: String,
    /// A call's outcome (`None` for anything else).
    pub outcome: Option<CallOutcome>,
}

impl Sent {
    /// The activity's description: the channel, purpose and outcome in a few words.
    pub fn description(&self) -> String {
        let what = match self.channel {
            Channel::Text => "Text message",
            other => other.name(),
        };
        match self.outcome {
            Some(outcome) => format!("{what} ({}): {}", self.purpose.name(), outcome.name()),
            None => format!("{what} ({})", self.purpose.name()),
        }
    }

    /// The activity's note: to whom, and the message as it went.
    pub fn note(&self) -> String {
        let to = if self.to_address.is_empty() {
            self.to_name.clone()
        } else {
            format!("{} ({})", self.to_name, self.to_address)
        };
        let head = match (self.channel, self.outcome) {
            (Channel::Call, Some(outcome)) => format!("Call to {to}: {}", outcome.name()),
            (Channel::Call, None) => format!("Call to {to}"),
            (Channel::Text, _) => format!("Text message to {to}"),
            (Channel::Email, _) => format!("Email to {to}\nSubject: {}", self.subject),
            (Channel::Letter, _) => format!("Letter to {to}\nSubject: {}", self.subject),
        };
        let mut note = format!("{head}\n\n{}", self.body.trim());
        templates::cut_to(&mut note, templates::MAX_BODY + 400);
        note
    }

    /// The one activity that logs it: completed now, on the case's lead, with the portal's
    /// type for the channel and, for a call, its result.
    pub fn activity(
        &self,
        who: Who,
        type_id: i64,
        result_id: Option<i64>,
        community_unique: Option<String>,
        assignee_id: Option<i64>,
        now: NaiveDateTime,
    ) -> ActivityDraft {
        ActivityDraft {
            type_id: Some(type_id),
            who: Some(who),
            date: format::day(now.date()),
            start: now.time().format(format::TIME_24).to_string(),
            completed: true,
            result_id: result_id.filter(|_| self.channel == Channel::Call),
            assignee_id,
            communities: community_unique.into_iter().collect(),
            description: self.description(),
            note: self.note(),
            ..ActivityDraft::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::activity_results::result;

    #[test]
    fn a_calls_outcome_finds_the_portals_result_by_its_words() {
        let results = [
            result(1, "Spoke with prospect"),
            result(2, "Left message"),
            result(3, "No answer"),
        ];
        assert_eq!(CallOutcome::Reached.result_in(&results), Some(1));
        assert_eq!(CallOutcome::Voicemail.result_in(&results), Some(2));
        assert_eq!(CallOutcome::NoAnswer.result_in(&results), Some(3));
        assert_eq!(CallOutcome::NoAnswer.result_in(&results[..2]), None);
    }

    #[test]
    fn the_activity_carries_the_message_as_its_note_and_a_call_its_result() {
        let who = Who {
            individual_id: 11,
            case_number: "1001".into(),
            name: "Margaret Ellison".into(),
        };
        let at = chrono::NaiveDate::from_ymd_opt(2026, 11, 27)
            .unwrap()
            .and_hms_opt(14, 5, 0)
            .unwrap();
        let call = Sent {
            channel: Channel::Call,
            purpose: Purpose::FirstReply,
            to_name: "Ruth Ellison".into(),
            to_address: "(614) 665-6127".into(),
            subject: String::new(),
            body: "Asked about memory care.".into(),
            outcome: Some(CallOutcome::Voicemail),
        };
        let draft = call.activity(who.clone(), 2, Some(7), Some("maple".into()), Some(4), at);
        assert_eq!(draft.type_id, Some(2));
        assert_eq!(draft.result_id, Some(7));
        assert!(draft.completed);
        assert_eq!(draft.date, "Nov 27, 2026");
        assert_eq!(draft.start, "14:05");
        assert_eq!(draft.communities, vec!["maple".to_owned()]);
        assert_eq!(draft.description, "Call (First reply): Voicemail");
        assert_eq!(
            draft.note,
            "Call to Ruth Ellison ((614) 665-6127): Voicemail\n\nAsked about memory care."
        );
        let text = Sent {
            channel: Channel::Text,
            outcome: None,
            ..call
        };
        let draft = text.activity(who, 24, Some(7), None, None, at);
        assert_eq!(draft.result_id, None, "only a call carries a result");
        assert!(draft.note.starts_with("Text message to Ruth Ellison"));
        assert_eq!(draft.description, "Text message (First reply)");
    }
}

/// An email address or phone number typed in a message on this desk for someone of a case:
/// the service cannot add it to the person, so this desk keeps it and offers it next time.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TypedContact {
    pub individual_id: i64,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub phone: String,
    pub at: chrono::DateTime<chrono::Utc>,
}

/// People of one case whose typed contacts are kept at most.
pub const MAX_TYPED_PER_CASE: usize = 20;

impl TypedContact {
    /// `typed` added to `kept` (what was typed for the same person replaces what they had,
    /// field by field), the latest first, at most [`MAX_TYPED_PER_CASE`].
    pub fn merged(mut kept: Vec<TypedContact>, typed: TypedContact) -> Vec<TypedContact> {
        let mut typed = typed;
        if let Some(at) = kept
            .iter()
            .position(|k| k.individual_id == typed.individual_id)
        {
            let before = kept.remove(at);
            if typed.email.is_empty() {
                typed.email = before.email;
            }
            if typed.phone.is_empty() {
                typed.phone = before.phone;
            }
        }
        kept.insert(0, typed);
        kept.truncate(MAX_TYPED_PER_CASE);
        kept
    }
}
