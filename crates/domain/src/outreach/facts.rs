//! What a case gives a template: names, the community, the agent, the coming (else the last)
//! tour, the unit and rate of its contract, and what its move-in checklist still needs.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use super::merge::{Facts, Field};
use crate::api::model::{Activity, AdmissionRequirement, HousingContract};
use crate::format;

/// The parts of a case the facts are read from.
pub struct CaseParts<'a> {
    pub person_name: &'a str,
    /// The person written to (the prospect themself, or a family contact).
    pub contact_name: &'a str,
    /// Whether the person written to is the person the case is about.
    pub to_themself: bool,
    pub community: Option<&'a str>,
    pub agent: Option<&'a str>,
    pub activities: &'a [Activity],
    pub contracts: &'a [HousingContract],
    pub checklist: &'a [AdmissionRequirement],
    /// The language the message is written in: its days and times are written so.
    pub language: super::Language,
}

fn first_name(full: &str) -> &str {
    full.split_whitespace().next().unwrap_or("")
}

fn is_tour(activity: &Activity) -> bool {
    activity
        .activity_type
        .as_deref()
        .is_some_and(|t| t.to_lowercase().contains("tour"))
        && !activity.cancelled
}

/// The coming tour (the soonest not yet done), else the last one held.
pub fn tour_of(activities: &[Activity], now: DateTime<Utc>) -> Option<&Activity> {
    let tours = || activities.iter().filter(|a| is_tour(a));
    tours()
        .filter(|a| !a.completed && a.due_date >= now)
        .min_by_key(|a| a.due_date)
        .or_else(|| {
            tours()
                .filter(|a| a.due_date < now || a.completed)
                .max_by_key(|a| a.due_date)
        })
}

/// The purpose a message to this case most likely has: the checklist once a contract is
/// active, thanks after a tour held, else the first reply.
pub fn likely_purpose(
    activities: &[Activity],
    contracts: &[HousingContract],
    now: DateTime<Utc>,
) -> super::Purpose {
    if contracts.iter().any(|c| c.active_lease) {
        super::Purpose::ChecklistReminder
    } else if activities
        .iter()
        .any(|a| is_tour(a) && (a.completed || a.due_date < now))
    {
        super::Purpose::AfterTour
    } else {
        super::Purpose::FirstReply
    }
}

/// A tour's day as a letter in `language` says it: "Thu Dec 3", "jueves 3 de diciembre" (with
/// the year when it is not `this_year`).
fn tour_day(day: chrono::NaiveDate, this_year: i32, language: super::Language) -> String {
    match language {
        super::Language::English => format::weekday(day, this_year),
        super::Language::Spanish => {
            let pattern = if chrono::Datelike::year(&day) == this_year {
                "%A %-d de %B"
            } else {
                "%A %-d de %B de %Y"
            };
            day.format_localized(pattern, chrono::Locale::es_US)
                .to_string()
        }
    }
}

/// A tour's time: "2:30 pm", "2:30 p. m.".
fn tour_time(time: chrono::NaiveTime, language: super::Language) -> String {
    match language {
        super::Language::English => time.format(format::TIME).to_string(),
        super::Language::Spanish => format::spanish_time(time),
    }
}

pub fn facts(parts: &CaseParts, now: DateTime<Utc>, zone: Tz) -> Facts {
    let mut facts = Facts::default();
    facts.to_themself = parts.to_themself;
    facts.language = parts.language;
    facts.set(Field::Person, parts.person_name);
    facts.set(Field::PersonFirst, first_name(parts.person_name));
    facts.set(Field::Contact, parts.contact_name);
    facts.set(Field::ContactFirst, first_name(parts.contact_name));
    if let Some(community) = parts.community {
        facts.set(Field::Community, community);
    }
    if let Some(agent) = parts.agent {
        facts.set(Field::Agent, agent);
    }
    if let Some(tour) = tour_of(parts.activities, now) {
        let at = tour.due_date.with_timezone(&zone);
        let this_year = now.with_timezone(&zone).date_naive();
        let this_year = chrono::Datelike::year(&this_year);
        facts.set(
            Field::TourDay,
            tour_day(at.date_naive(), this_year, parts.language),
        );
        if !tour.all_day {
            facts.set(Field::TourTime, tour_time(at.time(), parts.language));
        }
    }
    let contract = parts
        .contracts
        .iter()
        .filter(|c| c.move_out_date.is_none_or(|out| out > now))
        .max_by_key(|c| c.move_in_date);
    if let Some(c) = contract {
        facts.set(Field::Unit, &c.unit_number);
        let rate = c.monthly_fee.unwrap_or(c.base_monthly);
        if rate > 0.0 {
            facts.set(Field::Rate, format::money(rate));
        }
    }
    let needs: Vec<&str> = parts
        .checklist
        .iter()
        .filter(|r| !crate::checklist::RequirementState::of(r).is_met() && !r.dismiss)
        .map(|r| r.requirement_name.trim())
        .filter(|n| !n.is_empty())
        .take(12)
        .collect();
    if !needs.is_empty() {
        facts.set(Field::ChecklistNeeds, needs.join(", "));
    }
    facts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outreach::merge::merge;

    fn fixture<T: serde::de::DeserializeOwned + Clone>(name: &str) -> T {
        let path = format!("{}/../../tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
        let list: Vec<T> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        list[0].clone()
    }

    fn tour(id: i64, at: &str, completed: bool) -> Activity {
        let mut a: Activity = fixture("activities.json");
        a.id = id;
        a.all_day = false;
        a.cancelled = false;
        a.activity_type = Some("Tour".into());
        a.due_date = chrono::DateTime::parse_from_rfc3339(at).unwrap();
        a.due_date_end = a.due_date;
        a.completed = completed;
        a
    }

    #[test]
    fn the_coming_tour_is_named_else_the_last_one() {
        let now: DateTime<Utc> = "2026-11-27T15:00:00Z".parse().unwrap();
        let past = tour(1, "2026-11-20T10:00:00-05:00", true);
        let coming = tour(2, "2026-12-03T14:30:00-05:00", false);
        let later = tour(3, "2026-12-10T09:00:00-05:00", false);
        let all = [past.clone(), later, coming];
        assert_eq!(tour_of(&all, now).map(|a| a.id), Some(2));
        assert_eq!(
            likely_purpose(&all, &[], now),
            crate::outreach::Purpose::AfterTour
        );
        assert_eq!(
            likely_purpose(&all[1..], &[], now),
            crate::outreach::Purpose::FirstReply
        );
        assert_eq!(tour_of(&[past], now).map(|a| a.id), Some(1));
        assert!(tour_of(&[], now).is_none());
    }

    #[test]
    fn a_cases_facts_fill_the_template_and_what_it_lacks_is_shown() {
        let now: DateTime<Utc> = "2026-11-27T15:00:00Z".parse().unwrap();
        let activities = [tour(2, "2026-12-03T14:30:00-05:00", false)];
        let mut need: AdmissionRequirement = fixture("admission.json");
        need.requirement_name = "TB test".into();
        need.is_met = false;
        need.dismiss = false;
        let mut met = need.clone();
        met.requirement_name = "Physician's report".into();
        met.is_met = true;
        let parts = CaseParts {
            person_name: "Margaret Ellison",
            contact_name: "Ruth Ellison",
            to_themself: false,
            community: Some("Maple Grove"),
            agent: Some("Dana Whitfield"),
            activities: &activities,
            contracts: &[],
            checklist: &[need, met],
            language: crate::outreach::Language::English,
        };
        let f = facts(&parts, now, chrono_tz::America::New_York);
        let m = merge(
            "{contact_first}: {person_first} tours {community} {tour_day} at {tour_time}; \
             still needed: {checklist_needs}; unit {unit}",
            &f,
        );
        assert_eq!(
            m.text,
            "Ruth: Margaret tours Maple Grove Thu Dec 3 at 2:30 pm; still needed: TB test; unit [unit?]"
        );
        assert_eq!(m.missing, vec![Field::Unit]);
        let spanish = facts(
            &CaseParts {
                language: crate::outreach::Language::Spanish,
                ..parts
            },
            now,
            chrono_tz::America::New_York,
        );
        assert_eq!(
            merge(
                "{person_first} visita {community} el {tour_day} a las {tour_time}",
                &spanish
            )
            .text,
            "Margaret visita Maple Grove el jueves 3 de diciembre a las 2:30 p. m."
        );
    }

    #[test]
    fn a_spanish_letter_to_the_person_themself_says_usted() {
        let now: DateTime<Utc> = "2026-11-27T15:00:00Z".parse().unwrap();
        let parts = CaseParts {
            person_name: "Betty Gutierrez",
            contact_name: "Betty Gutierrez",
            to_themself: true,
            community: Some("Maple Grove"),
            agent: Some("Dana Whitfield"),
            activities: &[],
            contracts: &[],
            checklist: &[],
            language: crate::outreach::Language::Spanish,
        };
        let f = facts(&parts, now, chrono_tz::America::New_York);
        let templates = crate::outreach::Templates::default();
        let said = |purpose, channel| {
            let t = templates
                .find(None, purpose, channel, crate::outreach::Language::Spanish)
                .unwrap();
            merge(&t.body, &f).text
        };
        use crate::outreach::{Channel, Purpose};
        let first = said(Purpose::FirstReply, Channel::Email);
        assert!(first.contains("sobre usted."), "{first}");
        let after = said(Purpose::AfterTour, Channel::Email);
        assert!(after.contains("grato para usted."), "{after}");
        let needs = said(Purpose::ChecklistReminder, Channel::Email);
        assert!(needs.contains("recibirle en Maple Grove"), "{needs}");
        let text = said(Purpose::ChecklistReminder, Channel::Text);
        assert!(text.contains("para su ingreso en Maple Grove"), "{text}");
    }

    #[test]
    fn a_message_to_the_person_themself_says_you() {
        let now: DateTime<Utc> = "2026-11-27T15:00:00Z".parse().unwrap();
        let parts = CaseParts {
            person_name: "Betty Gutierrez",
            contact_name: "Betty Gutierrez",
            to_themself: true,
            community: Some("Maple Grove"),
            agent: Some("Dana Whitfield"),
            activities: &[],
            contracts: &[],
            checklist: &[],
            language: crate::outreach::Language::English,
        };
        let f = facts(&parts, now, chrono_tz::America::New_York);
        let said = |t: &str| merge(t, &f).text;
        assert_eq!(
            said("Dear {contact},\n\nThank you for getting in touch about {person}."),
            "Dear Betty Gutierrez,\n\nThank you for getting in touch about you."
        );
        assert_eq!(
            said("I hope you and {person_first} enjoyed meeting our residents"),
            "I hope you enjoyed meeting our residents"
        );
        assert_eq!(
            said("for {person_first}'s move to {community} we still need"),
            "for your move to Maple Grove we still need"
        );
        // Spoken to, the name stays.
        assert_eq!(
            said("Visit {community}, {person_first}?"),
            "Visit Maple Grove, Betty?"
        );
        // To a daughter, her mother is named.
        let f = facts(
            &CaseParts {
                contact_name: "Ruth Gutierrez",
                to_themself: false,
                ..parts
            },
            now,
            chrono_tz::America::New_York,
        );
        assert_eq!(merge("about {person}", &f).text, "about Betty Gutierrez");
    }
}
