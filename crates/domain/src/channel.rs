//! The ways a family is reached (email, text, call, letter): the words the contact rules, the
//! outreach templates and the call log share, in a module of their own so none of them needs
//! another for it.

use serde::{Deserialize, Serialize};

use crate::api::model::ActivityTypeMaster;

/// How a message goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Channel {
    Email,
    Text,
    Call,
    Letter,
}

impl Channel {
    pub const ALL: [Channel; 4] = [
        Channel::Email,
        Channel::Text,
        Channel::Call,
        Channel::Letter,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Channel::Email => "Email",
            Channel::Text => "Text",
            Channel::Call => "Call",
            Channel::Letter => "Letter",
        }
    }

    /// The activity logged once it went. The service has no type for a text message; a text
    /// is written and sent electronically, so it is logged as an Email Out whose note says it
    /// was a text (docs/decisions.md, "A text is logged as an Email Out").
    pub fn logged_as(self) -> ActivityTypeMaster {
        match self {
            Channel::Email | Channel::Text => ActivityTypeMaster::EmailOut,
            Channel::Call => ActivityTypeMaster::CallOut,
            Channel::Letter => ActivityTypeMaster::MailOut,
        }
    }

    /// The logged activity type's standard name ("Email Out").
    pub fn logged_as_name(self) -> &'static str {
        self.logged_as().known_name().unwrap_or("activity")
    }

    /// Whether its messages have a subject (a text and a call's script do not).
    pub fn has_subject(self) -> bool {
        matches!(self, Channel::Email | Channel::Letter)
    }
}
