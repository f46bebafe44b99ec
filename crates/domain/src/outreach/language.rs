//! The language a family is written to in. The service shows no language on an individual
//! (its Language list, type 49, names languages but no read gives a person's), so a desk
//! records the family's as the service can keep it: a completed activity whose description
//! says it in a fixed form, among the contact preferences, read back by every desk from the
//! case (docs/decisions.md, "A family's language is an activity").

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::api::model::Activity;
use crate::contact::preference::PREFIX;

/// A language LeaseDesk has templates in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
    Spanish,
}

/// After the preferences' prefix: "Contact preference: write in Spanish (es-US)".
const WRITE_IN: &str = "write in ";

impl Language {
    pub const ALL: [Language; 2] = [Language::English, Language::Spanish];

    /// Its BCP 47 tag, as the window's languages are tagged.
    pub fn tag(self) -> &'static str {
        match self {
            Language::English => "en-US",
            Language::Spanish => "es-US",
        }
    }

    /// Its name in itself, as a reader of it looks for it in a list.
    pub fn own_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Spanish => "Español",
        }
    }

    /// Its name in English, as the activity's description says it.
    fn english_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Spanish => "Spanish",
        }
    }

    /// The language of `tag` ("es", "es-MX", "es-US" are Spanish), if LeaseDesk writes it.
    pub fn of_tag(tag: &str) -> Option<Language> {
        let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
        Language::ALL
            .into_iter()
            .find(|l| l.tag().split('-').next() == Some(primary.as_str()))
    }
}

/// The description of the activity that records a family's language.
pub fn description(language: Language) -> String {
    format!(
        "{PREFIX}{WRITE_IN}{} ({})",
        language.english_name(),
        language.tag()
    )
}

/// The language `activity` records, when it records one (a cancelled one records none).
fn recorded(activity: &Activity) -> Option<Language> {
    if activity.cancelled {
        return None;
    }
    let rest = activity
        .activity_name
        .strip_prefix(PREFIX)?
        .strip_prefix(WRITE_IN)?;
    let tag = rest.rsplit_once('(')?.1.strip_suffix(')')?;
    Language::of_tag(tag)
}

/// The language last recorded for `individual_id` among `activities`, and when.
pub fn family_language(
    activities: &[Activity],
    individual_id: i64,
) -> Option<(Language, DateTime<Utc>)> {
    activities
        .iter()
        .filter(|a| a.individual_id == individual_id)
        .filter_map(|a| Some((recorded(a)?, a.due_date.with_timezone(&Utc), a.id)))
        // Two on one moment: the later created (higher id) is the later word.
        .max_by_key(|(_, at, id)| (*at, *id))
        .map(|(language, at, _)| (language, at))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn activity(id: i64, individual_id: i64, name: &str, at: &str) -> Activity {
        let path = format!(
            "{}/../../tests/fixtures/activities.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let list: Vec<Activity> =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let mut a = list[0].clone();
        a.id = id;
        a.individual_id = individual_id;
        a.activity_name = name.to_owned();
        a.cancelled = false;
        a.due_date = chrono::DateTime::parse_from_rfc3339(at).unwrap();
        a
    }

    #[test]
    fn the_latest_language_recorded_for_the_person_is_theirs() {
        let spanish = description(Language::Spanish);
        assert_eq!(spanish, "Contact preference: write in Spanish (es-US)");
        let english = description(Language::English);
        let list = vec![
            activity(1, 7, &spanish, "2026-11-02T10:00:00Z"),
            activity(2, 8, &english, "2026-11-03T10:00:00Z"),
            activity(3, 7, "Tour", "2026-11-04T10:00:00Z"),
        ];
        assert_eq!(family_language(&list, 7).unwrap().0, Language::Spanish);
        assert_eq!(family_language(&list, 8).unwrap().0, Language::English);
        assert_eq!(family_language(&list, 9), None);
        let mut later = list.clone();
        later.push(activity(4, 7, &english, "2026-11-05T10:00:00Z"));
        assert_eq!(family_language(&later, 7).unwrap().0, Language::English);
        // A cancelled record says nothing; an unknown language is none of ours.
        later[3].cancelled = true;
        later.push(activity(
            5,
            7,
            "Contact preference: write in Klingon (tlh)",
            "2026-11-06T10:00:00Z",
        ));
        assert_eq!(family_language(&later, 7).unwrap().0, Language::Spanish);
    }

    #[test]
    fn a_language_record_is_a_preference_not_an_attempt_nor_an_opt_out() {
        let a = activity(
            1,
            7,
            &description(Language::Spanish),
            "2026-11-02T10:00:00Z",
        );
        assert!(crate::contact::preference::is_preference(&a));
        assert_eq!(
            crate::contact::preference::Preference::from_activity(&a),
            None
        );
    }

    #[test]
    fn tags_name_the_language_whatever_the_region() {
        assert_eq!(Language::of_tag("es-MX"), Some(Language::Spanish));
        assert_eq!(Language::of_tag("es_US.UTF-8"), Some(Language::Spanish));
        assert_eq!(Language::of_tag("en"), Some(Language::English));
        assert_eq!(Language::of_tag("fr-CA"), None);
        assert_eq!(Language::of_tag(""), None);
    }
}
