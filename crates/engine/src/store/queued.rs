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

/// A write to send later, with what is needed to show it and to edit it: one kind per API
/// call, each its own type, so a write of one kind cannot be handed to another kind's call
/// (the engine's `outbox::call`). On disk each is `{"Kind": {fields}}`, as before the kinds
/// were types of their own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum QueuedWrite {
    LogActivity(ActivityWrite),
    CampaignMove(CampaignMoveWrite),
    NewIndividual(IndividualWrite),
    MoveIn(MoveInWrite),
    AdmissionUpdate(AdmissionWrite),
    NewUnits(UnitsWrite),
}

/// An activity to create.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActivityWrite {
    /// As the user typed it, for "Edit and send again".
    pub draft: Box<ActivityDraft>,
    pub body: Box<NewActivity>,
    /// The activity type's name, to recognise it on the service after a lost answer.
    pub type_name: String,
    /// "Call Out for Margaret Ellison, Nov 23 2:30 pm".
    pub summary: String,
}

/// An RSVP card moved on a campaign board, or people added to a campaign (setting a status
/// again is harmless, so it is simply sent again after a lost answer).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CampaignMoveWrite {
    pub body: CampaignIndividualAdd,
    /// "Margaret Ellison to Attending (Fall Open House)".
    pub summary: String,
}

/// A new individual (a walk-in met on a tour), and the inquiry logged for them once they
/// exist. After a lost answer they are looked for by name and email or phone first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IndividualWrite {
    pub draft: Box<Draft>,
    pub body: Box<NewIndividual>,
    /// The inquiry's activity type and when it was made, if one is logged.
    pub inquiry: Option<InquiryPlan>,
    /// "New prospect Margaret Ellison".
    pub summary: String,
}

/// A move-in (one contract per person moving). After a lost answer the first mover's
/// contracts are read first, as the wizard itself does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MoveInWrite {
    pub draft: Box<MoveInDraft>,
    pub body: Box<HousingContractCreate>,
    /// "Margaret Ellison into Maple Grove 204, Dec 1".
    pub summary: String,
}

/// An admission requirement marked met or not met. After a lost answer the case's checklist
/// is read first: a requirement already in the state sent counts as arrived.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AdmissionWrite {
    pub body: AdmissionUpdate,
    pub community_id: i64,
    /// "Physician's report met for C-100231 (Maple Grove)".
    pub summary: String,
}

/// New units: from the new-unit form, or an import's rows not sent. Units are always read
/// first, and one whose number exists in its community by then is not sent again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitsWrite {
    pub units: Vec<QueuedUnit>,
    /// "Unit 12B (Maple Grove)", "24 units from units.csv".
    pub summary: String,
}

macro_rules! queued_as {
    ($($kind:ident($write:ident)),*) => {$(
        impl From<$write> for QueuedWrite {
            fn from(write: $write) -> Self {
                QueuedWrite::$kind(write)
            }
        }
    )*};
}
queued_as!(
    LogActivity(ActivityWrite),
    CampaignMove(CampaignMoveWrite),
    NewIndividual(IndividualWrite),
    MoveIn(MoveInWrite),
    AdmissionUpdate(AdmissionWrite),
    NewUnits(UnitsWrite)
);

/// Units kept in one outbox entry at most (an import's rows not sent).
pub const MAX_QUEUED_UNITS: usize = 5000;

impl ActivityWrite {
    /// An activity to create, listed as "Call Out for Margaret Ellison, Nov 23 2:30 pm: …".
    pub fn new(draft: &ActivityDraft, body: NewActivity, type_name: String) -> Self {
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
        ActivityWrite {
            summary,
            draft: Box::new(draft.clone()),
            body: Box::new(body),
            type_name,
        }
    }
}

impl QueuedWrite {
    /// How it waits after it was sent and no answer came: a created record is looked for on
    /// the service before it is sent again; a status set is simply set again.
    pub fn after_lost_answer(&self) -> QueueState {
        match self {
            QueuedWrite::LogActivity(_)
            | QueuedWrite::AdmissionUpdate(_)
            | QueuedWrite::MoveIn(_)
            | QueuedWrite::NewIndividual(_)
            | QueuedWrite::NewUnits(_) => QueueState::Sending,
            QueuedWrite::CampaignMove(_) => QueueState::Waiting,
        }
    }

    /// Whether a send whose answer was lost goes to the outbox (to be looked for and sent
    /// later) rather than back to its form: the move-in wizard settles that itself, at once.
    pub fn queued_after_lost_answer(&self) -> bool {
        !matches!(self, QueuedWrite::MoveIn(_))
    }

    pub fn summary(&self) -> &str {
        match self {
            QueuedWrite::LogActivity(w) => &w.summary,
            QueuedWrite::CampaignMove(w) => &w.summary,
            QueuedWrite::AdmissionUpdate(w) => &w.summary,
            QueuedWrite::MoveIn(w) => &w.summary,
            QueuedWrite::NewIndividual(w) => &w.summary,
            QueuedWrite::NewUnits(w) => &w.summary,
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
    /// Not sent, and sending it again unchanged will not help: a person decides.
    Refused(WhyRefused),
}

/// Why a queued write waits for a person rather than being sent again.
#[derive(Debug, Clone, PartialEq)]
pub enum WhyRefused {
    /// The service refused it, with its own message as it came.
    Service(String),
    /// A new individual was sent, no answer came back, and with no email or phone number to
    /// look them up by it cannot be told whether the service created them.
    CannotTell { name: String },
}

/// English, for logs and the command line; the window says it in its own language.
impl std::fmt::Display for WhyRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WhyRefused::Service(message) => f.write_str(message),
            WhyRefused::CannotTell { name } => write!(
                f,
                "No answer came back, and without an email or phone number it cannot be told whether {name} was created. Search for them: if they are there, discard this; if not, send it again"
            ),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Queued {
    pub id: i64,
    pub write: QueuedWrite,
    pub state: QueueState,
    pub queued_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::model::AdmissionUpdate;

    /// An outbox kept by a version from before the kinds were types of their own is read by
    /// this one, and this one writes what that one read: `{"Kind": {fields}}`.
    #[test]
    fn a_write_kept_on_disk_keeps_its_shape() {
        let old = r#"{"AdmissionUpdate":{"body":{"CaseId":17,"AdmissionMetId":4,"IsMet":true},
            "community_id":3,"summary":"Physician's report met for case C-1 (Maple Grove)"}}"#;
        let read: QueuedWrite = serde_json::from_str(old).unwrap();
        let QueuedWrite::AdmissionUpdate(write) = &read else {
            panic!("read as another kind: {read:?}");
        };
        assert_eq!(write.community_id, 3);
        assert_eq!(write.body.case_id, Some(17));
        assert_eq!(write.body.admission_met_id, Some(4));
        assert_eq!(
            read.summary(),
            "Physician's report met for case C-1 (Maple Grove)"
        );

        let written = serde_json::to_value(QueuedWrite::from(AdmissionWrite {
            body: AdmissionUpdate::default(),
            community_id: 9,
            summary: "s".into(),
        }))
        .unwrap();
        let fields = written["AdmissionUpdate"].as_object().unwrap();
        assert_eq!(fields["community_id"], 9);
        assert_eq!(fields["summary"], "s");
        assert_eq!(written.as_object().unwrap().len(), 1);
    }
}
