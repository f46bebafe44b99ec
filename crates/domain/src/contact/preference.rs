//! A family's word on being contacted (stop texting, stop all contact, may call again), kept
//! as the service can keep it: a new completed activity whose description says it in a fixed
//! form, read back by every desk from the case's activities (docs/decisions.md, "Opt-outs
//! and consents are activities").

use chrono::{DateTime, Utc};

use crate::api::model::Activity;
use crate::channel::Channel;

/// Every preference's description starts so.
pub const PREFIX: &str = "Contact preference: ";
const HOW: &str = " — how: ";
/// Characters of "how" kept.
pub const MAX_HOW: usize = 120;

/// What the preference covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Scope {
    Only(Channel),
    All,
}

impl Scope {
    pub fn covers(self, channel: Channel) -> bool {
        match self {
            Scope::All => true,
            Scope::Only(c) => c == channel,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Action {
    OptOut,
    Consent,
}

/// One preference as a desk read it from the case.
#[derive(Debug, Clone, PartialEq)]
pub struct Preference {
    pub individual_id: i64,
    pub action: Action,
    pub scope: Scope,
    /// How it was given: "replied STOP", "said so on a call".
    pub how: String,
    pub at: DateTime<Utc>,
    /// Who logged it (the activity's assignee).
    pub by: String,
}

/// The words of each action and scope, as written in the description.
const PHRASES: [(Action, Scope, &str); 10] = [
    (Action::OptOut, Scope::All, "stop all contact"),
    (Action::OptOut, Scope::Only(Channel::Call), "stop calling"),
    (Action::OptOut, Scope::Only(Channel::Text), "stop texting"),
    (Action::OptOut, Scope::Only(Channel::Email), "stop emailing"),
    (Action::OptOut, Scope::Only(Channel::Letter), "stop letters"),
    (Action::Consent, Scope::All, "may contact"),
    (Action::Consent, Scope::Only(Channel::Call), "may call"),
    (Action::Consent, Scope::Only(Channel::Text), "may text"),
    (Action::Consent, Scope::Only(Channel::Email), "may email"),
    (
        Action::Consent,
        Scope::Only(Channel::Letter),
        "may send letters",
    ),
];

/// The phrase of an action over a scope: "stop texting".
pub fn phrase(action: Action, scope: Scope) -> &'static str {
    PHRASES
        .iter()
        .find(|(a, s, _)| *a == action && *s == scope)
        .map(|p| p.2)
        .unwrap_or("stop all contact")
}

/// The description of the activity that records `action` over `scope`, given `how`.
pub fn description(action: Action, scope: Scope, how: &str) -> String {
    let how: String = how
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(MAX_HOW)
        .collect();
    let how = how.trim();
    if how.is_empty() {
        format!("{PREFIX}{}", phrase(action, scope))
    } else {
        format!("{PREFIX}{}{HOW}{how}", phrase(action, scope))
    }
}

impl Preference {
    /// The preference `activity` records, when it records one (a cancelled one records none).
    pub fn from_activity(activity: &Activity) -> Option<Preference> {
        if activity.cancelled {
            return None;
        }
        let rest = activity.activity_name.strip_prefix(PREFIX)?;
        let (said, how) = rest.split_once(HOW).unwrap_or((rest, ""));
        let (action, scope, _) = PHRASES.iter().find(|p| p.2 == said.trim())?;
        Some(Preference {
            individual_id: activity.individual_id,
            action: *action,
            scope: *scope,
            how: how.chars().take(MAX_HOW).collect(),
            at: activity.due_date.with_timezone(&Utc),
            by: activity.assigned_name.chars().take(80).collect(),
        })
    }
}

/// Whether `activity` records a preference (not a contact with the family).
pub fn is_preference(activity: &Activity) -> bool {
    activity.activity_name.starts_with(PREFIX)
}

/// Every preference among `activities`, oldest first.
pub fn preferences(activities: &[Activity]) -> Vec<Preference> {
    let mut found: Vec<Preference> = activities
        .iter()
        .filter_map(Preference::from_activity)
        .collect();
    found.sort_by_key(|p| p.at);
    found
}

/// The opt-out that stands for `individual_id` on `channel` at `at`: the latest word on that
/// channel (or on all) given by then, when it is an opt-out. A consent given later lifts it,
/// but only for the channel it names.
pub fn standing_opt_out(
    preferences: &[Preference],
    individual_id: i64,
    channel: Channel,
    at: DateTime<Utc>,
) -> Option<&Preference> {
    preferences
        .iter()
        .filter(|p| p.individual_id == individual_id && p.scope.covers(channel) && p.at <= at)
        .max_by_key(|p| (p.at, p.action == Action::OptOut))
        .filter(|p| p.action == Action::OptOut)
}

/// The channels on which someone of a case has asked not to be contacted, as it stands at
/// `at` (each channel once, in [`Channel::ALL`]'s order).
pub fn stopped_channels(preferences: &[Preference], at: DateTime<Utc>) -> Vec<Channel> {
    let mut people: Vec<i64> = preferences.iter().map(|p| p.individual_id).collect();
    people.sort_unstable();
    people.dedup();
    Channel::ALL
        .into_iter()
        .filter(|c| {
            people
                .iter()
                .any(|person| standing_opt_out(preferences, *person, *c, at).is_some())
        })
        .collect()
}

/// Words that, as a whole reply, revoke consent to texts (FCC 24-24's examples and the
/// industry's STOPALL).
const STOP_WORDS: [&str; 9] = [
    "STOP",
    "UNSUBSCRIBE",
    "CANCEL",
    "END",
    "QUIT",
    "STOPALL",
    "REVOKE",
    "OPTOUT",
    "OPT OUT",
];

/// Whether a reply reads as a stop word: the whole reply, in any case, its surrounding
/// punctuation and spaces ignored ("Stop.", " STOP!", "opt-out").
pub fn is_stop_reply(text: &str) -> bool {
    if text.len() > 64 {
        return false;
    }
    let word = text
        .trim()
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_uppercase()
        .replace(['-', '_'], " ");
    let word: String = word.split_whitespace().collect::<Vec<_>>().join(" ");
    STOP_WORDS.contains(&word.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn activity(id: i64, person: i64, at: &str, name: &str) -> Activity {
        let mut list: Vec<Activity> =
            serde_json::from_str(include_str!("../../../../tests/fixtures/activities.json"))
                .unwrap();
        let mut a = list.remove(0);
        a.id = id;
        a.individual_id = person;
        a.activity_name = name.into();
        a.cancelled = false;
        a.due_date = crate::api::model::stamp::parse(at).unwrap();
        a.assigned_name = "Dana Ortiz".into();
        a
    }

    #[test]
    fn a_description_reads_back_as_the_preference_it_records() {
        for (action, scope, _) in PHRASES {
            let text = description(action, scope, "replied\nSTOP");
            let read =
                Preference::from_activity(&activity(1, 7, "2026-11-28T10:00:00-05:00", &text))
                    .unwrap();
            assert_eq!((read.action, read.scope), (action, scope), "{text}");
            assert_eq!(read.how, "replied STOP");
            assert_eq!(read.individual_id, 7);
            assert_eq!(read.by, "Dana Ortiz");
        }
        assert_eq!(
            description(Action::OptOut, Scope::All, " "),
            "Contact preference: stop all contact"
        );
        assert!(description(Action::OptOut, Scope::All, &"x".repeat(500)).len() < 200);
        let plain = activity(
            2,
            7,
            "2026-11-28T10:00:00-05:00",
            "Contact preference: stop singing",
        );
        assert_eq!(Preference::from_activity(&plain), None);
        let mut cancelled = activity(
            3,
            7,
            "2026-11-28T10:00:00-05:00",
            &description(Action::OptOut, Scope::All, ""),
        );
        cancelled.cancelled = true;
        assert_eq!(Preference::from_activity(&cancelled), None);
    }

    #[test]
    fn the_latest_word_on_a_channel_stands_and_a_consent_lifts_only_its_own_channel() {
        let list = preferences(&[
            activity(
                2,
                7,
                "2026-11-20T10:00:00-05:00",
                &description(Action::Consent, Scope::Only(Channel::Text), ""),
            ),
            activity(
                1,
                7,
                "2026-11-10T10:00:00-05:00",
                &description(Action::OptOut, Scope::All, "asked on a call"),
            ),
            activity(
                3,
                8,
                "2026-11-21T10:00:00-05:00",
                &description(Action::OptOut, Scope::Only(Channel::Call), ""),
            ),
        ]);
        assert_eq!(list.len(), 3);
        let at = |s: &str| {
            crate::api::model::stamp::parse(s)
                .unwrap()
                .with_timezone(&Utc)
        };
        let before = at("2026-11-09T10:00:00-05:00");
        let between = at("2026-11-15T10:00:00-05:00");
        let after = at("2026-11-25T10:00:00-05:00");
        assert!(standing_opt_out(&list, 7, Channel::Text, before).is_none());
        assert!(standing_opt_out(&list, 7, Channel::Text, between).is_some());
        assert!(
            standing_opt_out(&list, 7, Channel::Text, after).is_none(),
            "consent to texts"
        );
        assert_eq!(
            standing_opt_out(&list, 7, Channel::Call, after).map(|p| p.how.as_str()),
            Some("asked on a call")
        );
        assert!(standing_opt_out(&list, 8, Channel::Call, after).is_some());
        assert!(standing_opt_out(&list, 8, Channel::Email, after).is_none());
        assert!(standing_opt_out(&list, 9, Channel::Call, after).is_none());
    }

    #[test]
    fn a_case_says_which_channels_its_people_stopped() {
        let list = preferences(&[
            activity(
                1,
                7,
                "2026-11-10T10:00:00-05:00",
                &description(Action::OptOut, Scope::Only(Channel::Text), ""),
            ),
            activity(
                2,
                8,
                "2026-11-11T10:00:00-05:00",
                &description(Action::OptOut, Scope::Only(Channel::Call), ""),
            ),
            activity(
                3,
                8,
                "2026-11-12T10:00:00-05:00",
                &description(Action::Consent, Scope::Only(Channel::Call), ""),
            ),
        ]);
        let at = |s: &str| {
            crate::api::model::stamp::parse(s)
                .unwrap()
                .with_timezone(&Utc)
        };
        let between = stopped_channels(&list, at("2026-11-11T12:00:00-05:00"));
        assert_eq!(between, [Channel::Text, Channel::Call]);
        let after = stopped_channels(&list, at("2026-11-13T12:00:00-05:00"));
        assert_eq!(after, [Channel::Text]);
    }

    #[test]
    fn a_stop_reply_is_read_whatever_its_case_and_punctuation() {
        for yes in [
            "STOP",
            "stop",
            " Stop. ",
            "STOP!",
            "Unsubscribe",
            "cancel",
            "End",
            "quit",
            "STOPALL",
            "revoke",
            "OPTOUT",
            "opt-out",
            "Opt out",
            "\"STOP\"",
        ] {
            assert!(is_stop_reply(yes), "{yes:?}");
        }
        for no in [
            "Stop by at 3?",
            "Don't stop",
            "Thanks!",
            "",
            "STOPPED",
            "ending soon",
        ] {
            assert!(!is_stop_reply(no), "{no:?}");
        }
    }
}
