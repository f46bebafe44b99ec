//! What the outbox keeps: each write as the service will be sent it, with what the user typed
//! (for "Edit and send again") and a one-line summary, and its state.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::api::model::{
    AdmissionUpdate, CampaignIndividualAdd, HousingContractCreate, NewActivity, NewIndividual,
    NewUnit,
};
use crate::domain::activity_draft::ActivityDraft;
use crate::domain::individual_draft::Draft;
use crate::domain::move_in::MoveInDraft;

/// The inquiry of a new individual: built once the service has given them an id and a case.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InquiryPlan {
    pub type_id: i64,
    pub type_name: String,
    pub at: crate::api::model::Timestamp,
}

/// A unit to create, with the community it goes in (to look for it by number first).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QueuedUnit {
    pub community_id: i64,
    pub unit: NewUnit,
}

/// A write to send later, with what is needed to show it and to edit it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum QueuedWrite {
    LogActivity {
        /// As the user typed it, for "Edit and send again".
        draft: Box<ActivityDraft>,
        body: Box<NewActivity>,
        /// The activity type's name, to recognise it on the service after a lost answer.
        type_name: String,
        /// "Call Out for Margaret Ellison, Nov 23 2:30 pm".
        summary: String,
    },
    /// An RSVP card moved on a campaign board, or people added to a campaign (setting a
    /// status again is harmless, so it is simply sent again after a lost answer).
    CampaignMove {
        body: CampaignIndividualAdd,
        /// "Margaret Ellison to Attending (Fall Open House)".
        summary: String,
    },
    /// A new individual (a walk-in met on a tour), and the inquiry logged for them once they
    /// exist. After a lost answer they are looked for by name and email or phone first.
    NewIndividual {
        draft: Box<Draft>,
        body: Box<NewIndividual>,
        /// The inquiry's activity type and when it was made, if one is logged.
        inquiry: Option<InquiryPlan>,
        /// "New prospect Margaret Ellison".
        summary: String,
    },
    /// A move-in (one contract per person moving). After a lost answer the first mover's
    /// contracts are read first, as the wizard itself does.
    MoveIn {
        draft: Box<MoveInDraft>,
        body: Box<HousingContractCreate>,
        /// "Margaret Ellison into Maple Grove 204, Dec 1".
        summary: String,
    },
    /// An admission requirement marked met or not met. After a lost answer the case's
    /// checklist is read first: a requirement already in the state sent counts as arrived.
    AdmissionUpdate {
        body: AdmissionUpdate,
        community_id: i64,
        /// "Physician's report met for C-100231 (Maple Grove)".
        summary: String,
    },
    /// New units: from the new-unit form, or an import's rows not sent. Units are always
    /// read first, and one whose number exists in its community by then is not sent again.
    NewUnits {
        units: Vec<QueuedUnit>,
        /// "Unit 12B (Maple Grove)", "24 units from units.csv".
        summary: String,
    },
}

/// Units kept in one outbox entry at most (an import's rows not sent).
pub const MAX_QUEUED_UNITS: usize = 5000;

impl QueuedWrite {
    /// An activity to create, listed as "Call Out for Margaret Ellison, Nov 23 2:30 pm: …".
    pub fn log_activity(draft: &ActivityDraft, body: NewActivity, type_name: String) -> Self {
        let who = draft.who.as_ref().map_or("", |w| w.name.as_str());
        let when = body
            .start
            .format(crate::domain::format::DAY_TIME)
            .to_string();
        let mut summary = format!("{type_name} for {who}, {when}");
        let about = Some(draft.description.trim())
            .filter(|d| !d.is_empty())
            .unwrap_or(draft.note.trim());
        if !about.is_empty() {
            summary.push_str(": ");
            summary.extend(about.chars().take(120));
        }
        // Its reference note makes the look after a lost answer exact.
        let mut body = body;
        let reference = format!("{:016x}", rand::random::<u64>());
        crate::domain::follow_up::with_reference(&mut body, &reference);
        QueuedWrite::LogActivity {
            summary,
            draft: Box::new(draft.clone()),
            body: Box::new(body),
            type_name,
        }
    }

    /// How it waits after it was sent and no answer came: a created record is looked for on
    /// the service before it is sent again; a status set is simply set again.
    pub fn after_lost_answer(&self) -> QueueState {
        match self {
            QueuedWrite::LogActivity { .. }
            | QueuedWrite::AdmissionUpdate { .. }
            | QueuedWrite::MoveIn { .. }
            | QueuedWrite::NewIndividual { .. }
            | QueuedWrite::NewUnits { .. } => QueueState::Sending,
            QueuedWrite::CampaignMove { .. } => QueueState::Waiting,
        }
    }

    /// Whether a send whose answer was lost goes to the outbox (to be looked for and sent
    /// later) rather than back to its form: the move-in wizard settles that itself, at once.
    pub fn queued_after_lost_answer(&self) -> bool {
        !matches!(self, QueuedWrite::MoveIn { .. })
    }

    pub fn summary(&self) -> &str {
        match self {
            QueuedWrite::LogActivity { summary, .. }
            | QueuedWrite::CampaignMove { summary, .. }
            | QueuedWrite::AdmissionUpdate { summary, .. }
            | QueuedWrite::MoveIn { summary, .. }
            | QueuedWrite::NewIndividual { summary, .. }
            | QueuedWrite::NewUnits { summary, .. } => summary,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum QueueState {
    /// Not sent yet.
    Waiting,
    /// Sent, and no answer came (or the app stopped meanwhile): the service is checked before
    /// it is sent again.
    Sending,
    /// The service refused it, with its message.
    Refused(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Queued {
    pub id: i64,
    pub write: QueuedWrite,
    pub state: QueueState,
    pub queued_at: DateTime<Utc>,
}
