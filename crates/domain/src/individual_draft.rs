//! The new-individual form's rules: what must be filled in (field by field, so each message can
//! sit next to its field) and the create request a valid draft becomes.

use crate::api::model::*;
use crate::person_problem::PersonProblem;

/// Serializable so a new individual kept in the outbox can be shown and sent later.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Draft {
    pub kind: Option<IndividualType>,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub home_phone: String,
    pub mobile_phone: String,
    pub communities: Vec<String>,
    pub relationship: String,
    pub address_line1: String,
    pub address_line2: String,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    pub note: String,
    pub log_inquiry: bool,
    pub inquiry_description: String,
    /// The market source (Type 4) the lead named.
    pub source_id: Option<i64>,
    /// How the inquiry came: an entry of the inquiry-method list (Type 35), by name.
    pub inquiry_method: Option<String>,
    pub do_not_merge: bool,
    /// The agent the lead is assigned to; `None` leaves it to the service (the API user).
    #[serde(default)]
    pub assignee_id: Option<i64>,
}

/// Problems found before sending, each naming its field.
pub fn validate(draft: &Draft) -> Vec<PersonProblem> {
    let mut problems = Vec::new();
    if draft.first_name.trim().is_empty() {
        problems.push(PersonProblem::FirstNameRequired);
    }
    if draft.last_name.trim().is_empty() {
        problems.push(PersonProblem::LastNameRequired);
    }
    let email = draft.email.trim();
    let looks_valid =
        email.contains('@') && email.rsplit('@').next().is_some_and(|d| d.contains('.'));
    if !email.is_empty() && !looks_valid {
        problems.push(PersonProblem::NotAnEmail(email.to_owned()));
    }
    let address_started = [
        &draft.address_line1,
        &draft.city,
        &draft.state,
        &draft.postal_code,
    ]
    .iter()
    .any(|f| !f.trim().is_empty());
    if address_started && (draft.address_line1.trim().is_empty() || draft.city.trim().is_empty()) {
        problems.push(PersonProblem::AddressIncomplete);
    }
    problems
}

/// The request body for a valid draft.
pub fn to_request(draft: &Draft, case_number: Option<&str>) -> NewIndividual {
    let kind = draft.kind.unwrap_or(if case_number.is_some() {
        IndividualType::Contact
    } else {
        IndividualType::Prospect
    });
    let mut person = NewIndividual::new(kind, draft.first_name.trim(), draft.last_name.trim());
    for (name, value) in [
        ("email", &draft.email),
        ("homephone", &draft.home_phone),
        ("mobilephone", &draft.mobile_phone),
    ] {
        if !value.trim().is_empty() {
            person.set(name, value.trim());
        }
    }
    if let Some(case) = case_number {
        person.set("casenumber", case);
    }
    if let Some(agent) = draft.assignee_id {
        person.set("assigneduserid", &agent.to_string());
    }
    let text = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
    person.relationship = text(&draft.relationship);
    if !draft.communities.is_empty() {
        person.communities = Some(
            draft
                .communities
                .iter()
                .map(|c| CommunityRef {
                    name_unique: c.clone(),
                })
                .collect(),
        );
    }
    if !draft.address_line1.trim().is_empty() {
        person.addresses = Some(vec![NewAddress {
            address_line1: draft.address_line1.trim().to_owned(),
            address_line2: text(&draft.address_line2),
            city: draft.city.trim().to_owned(),
            state: draft.state.trim().to_owned(),
            postal_code: draft.postal_code.trim().to_owned(),
        }]);
    }
    if let Some(note) = text(&draft.note) {
        person.notes = Some(vec![Note { message: note }]);
    }
    person.communitymerge = draft.do_not_merge.then_some(true);
    person
}

/// The inquiry, logged right after the individual is created (the create's carried activities
/// take no market source): its type says how it came, it carries the source, it happened now.
/// `type_id` is the portal's type for [`super::inquiry::activity_type_for`] the method.
pub fn inquiry(
    draft: &Draft,
    individual_id: i64,
    case_number: &str,
    type_id: i64,
    now: crate::api::model::Timestamp,
) -> Option<NewActivity> {
    if !draft.log_inquiry {
        return None;
    }
    let text = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
    let mut activity = NewActivity::new(type_id, now);
    activity.individual_id = Some(individual_id);
    activity.case_number = Some(case_number.to_owned());
    activity.date_completed = Some(now);
    activity.market_source_id = draft.source_id;
    activity.description = text(&draft.inquiry_description).or(Some("Initial inquiry".into()));
    if !draft.communities.is_empty() {
        activity.communities = Some(
            draft
                .communities
                .iter()
                .map(|c| CommunityRef {
                    name_unique: c.clone(),
                })
                .collect(),
        );
    }
    Some(activity)
}

/// Whether a person created from `draft` can be told apart from a namesake after a lost
/// answer: only by an email or a phone number.
pub fn recognisable(draft: &Draft) -> bool {
    [&draft.email, &draft.home_phone, &draft.mobile_phone]
        .iter()
        .any(|v| !v.trim().is_empty())
}

/// The person `draft` created, among search results for its name, after a create whose answer
/// was lost: same first and last name, and the same email or one of the same phone numbers.
/// Returns their id and case number.
pub fn find_created(cases: &[SearchCase], draft: &Draft) -> Option<(i64, String)> {
    let same = |a: &str, b: &str| a.trim().eq_ignore_ascii_case(b.trim());
    let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
    let phones: Vec<String> = [&draft.home_phone, &draft.mobile_phone]
        .iter()
        .map(|p| digits(p))
        .filter(|p| p.len() >= 7)
        .collect();
    cases
        .iter()
        .flat_map(|c| std::iter::once(&c.primary).chain(&c.relationships))
        .find(|p| {
            let email = !draft.email.trim().is_empty()
                && p.email.as_deref().is_some_and(|e| same(e, &draft.email));
            let phone = [&p.home_phone_format, &p.mobile_phone_format]
                .iter()
                .any(|theirs| phones.contains(&digits(theirs)));
            same(&p.first_name, &draft.first_name)
                && same(&p.last_name, &draft.last_name)
                && (email || phone)
        })
        .map(|p| (p.individual_id, p.case_number.clone()))
}

/// Whether a person saved offline (not on the service yet) answers a search: `text` in their
/// name, email or phone (digits only for a phone), and the name and type filters.
pub fn answers_search(
    draft: &Draft,
    text: &str,
    first_name: &str,
    last_name: &str,
    kind: Option<IndividualType>,
) -> bool {
    let has = |hay: &str, needle: &str| {
        hay.to_lowercase()
            .contains(needle.trim().to_lowercase().as_str())
    };
    let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
    let text = text.trim();
    let name = format!("{} {}", draft.first_name.trim(), draft.last_name.trim());
    let wanted_digits = digits(text);
    let by_text = text.is_empty()
        || has(&name, text)
        || has(&draft.email, text)
        || (wanted_digits.len() >= 3
            && [&draft.home_phone, &draft.mobile_phone]
                .iter()
                .any(|p| digits(p).contains(&wanted_digits)));
    by_text
        && has(&draft.first_name, first_name)
        && has(&draft.last_name, last_name)
        && kind.is_none_or(|k| draft.kind == Some(k))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(first: &str, last: &str, email: &str, phone: &str) -> SearchCase {
        let text = include_str!("../../../tests/fixtures/search.json");
        let answer: SearchResponse = serde_json::from_str(text).unwrap();
        let mut case = answer.cases.into_vec().remove(0);
        case.relationships.clear();
        let p = &mut case.primary;
        (p.first_name, p.last_name) = (first.to_owned(), last.to_owned());
        (p.individual_id, p.case_number) = (9, "C-9".to_owned());
        p.email = Some(email.to_owned()).filter(|e| !e.is_empty());
        p.home_phone_format = String::new();
        p.mobile_phone_format = phone.to_owned();
        case
    }

    #[test]
    fn a_lost_create_is_recognised_by_name_and_email_or_phone_never_by_name_alone() {
        let draft = Draft {
            first_name: "Margaret ".into(),
            last_name: "Ellison".into(),
            email: "Marg@Example.com".into(),
            mobile_phone: "614-555-0142".into(),
            ..Draft::default()
        };
        let namesake = found("Margaret", "Ellison", "other@example.com", "(614) 555-9999");
        assert_eq!(find_created(std::slice::from_ref(&namesake), &draft), None);
        let by_email = found("margaret", "ellison", "marg@example.com", "");
        assert_eq!(
            find_created(&[namesake.clone(), by_email], &draft),
            Some((9, "C-9".into()))
        );
        let by_phone = found("Margaret", "Ellison", "", "(614) 555-0142");
        assert_eq!(find_created(&[by_phone], &draft), Some((9, "C-9".into())));
        let nameless = Draft {
            first_name: "Margaret".into(),
            last_name: "Ellison".into(),
            ..Draft::default()
        };
        assert!(!recognisable(&nameless));
        assert_eq!(find_created(&[namesake], &nameless), None);
    }

    #[test]
    fn validation_names_each_field() {
        let problems = validate(&Draft {
            email: "nope".into(),
            city: "Columbus".into(),
            ..Draft::default()
        });
        assert_eq!(
            problems,
            [
                PersonProblem::FirstNameRequired,
                PersonProblem::LastNameRequired,
                PersonProblem::NotAnEmail("nope".into()),
                PersonProblem::AddressIncomplete
            ]
        );
        let fields: Vec<&str> = problems.iter().map(PersonProblem::field).collect();
        assert_eq!(fields, ["First name", "Last name", "Email", "Address"]);
        assert!(
            validate(&Draft {
                first_name: "A".into(),
                last_name: "B".into(),
                ..Draft::default()
            })
            .is_empty()
        );
    }

    #[test]
    fn request_carries_what_was_typed() {
        let draft = Draft {
            first_name: " Ada ".into(),
            last_name: "Lovelace".into(),
            email: "ada@example.com".into(),
            communities: vec!["maplegrove".into()],
            relationship: "Daughter".into(),
            address_line1: "1 Main St".into(),
            city: "Columbus".into(),
            note: "Call after 5".into(),
            log_inquiry: true,
            do_not_merge: true,
            ..Draft::default()
        };
        let person = to_request(&draft, Some("1234"));
        assert_eq!(
            person.get("type"),
            Some("Contact"),
            "a contact of a case by default"
        );
        assert_eq!(person.get("firstname"), Some("Ada"));
        assert_eq!(person.get("casenumber"), Some("1234"));
        assert_eq!(person.relationship.as_deref(), Some("Daughter"));
        assert_eq!(person.communitymerge, Some(true));
        assert_eq!(person.addresses.as_ref().unwrap()[0].city, "Columbus");
        assert_eq!(person.notes.as_ref().unwrap()[0].message, "Call after 5");
        assert_eq!(person.activities, None, "the inquiry is logged on its own");
        assert_eq!(to_request(&draft, None).get("type"), Some("Prospect"));
        assert_eq!(person.get("assigneduserid"), None, "left to the service");
        let assigned = Draft {
            assignee_id: Some(7),
            ..draft
        };
        assert_eq!(to_request(&assigned, None).get("assigneduserid"), Some("7"));
    }

    #[test]
    fn the_inquiry_carries_the_source_and_happens_now() {
        let now = chrono::DateTime::parse_from_rfc3339("2026-11-21T10:00:00-05:00").unwrap();
        let draft = Draft {
            log_inquiry: true,
            source_id: Some(44),
            communities: vec!["maplegrove".into()],
            ..Draft::default()
        };
        let a = inquiry(&draft, 9001, "77", 726, now).unwrap();
        assert_eq!(
            (a.activity_type_id, a.individual_id, a.market_source_id),
            (726, Some(9001), Some(44))
        );
        assert_eq!(a.date_completed, Some(now), "it already happened");
        assert_eq!(a.description.as_deref(), Some("Initial inquiry"));
        assert_eq!(a.communities.unwrap()[0].name_unique, "maplegrove");
        let none = Draft {
            log_inquiry: false,
            ..draft
        };
        assert!(inquiry(&none, 9001, "77", 726, now).is_none());
    }

    #[test]
    fn a_person_saved_offline_answers_a_search_by_name_email_or_phone() {
        let draft = Draft {
            kind: Some(IndividualType::Prospect),
            first_name: "Margaret".into(),
            last_name: "Ellison".into(),
            email: "m.ellison@example.com".into(),
            mobile_phone: "(555) 010-4477".into(),
            ..Draft::default()
        };
        let finds = |text: &str| answers_search(&draft, text, "", "", None);
        assert!(finds(""), "an empty search lists everyone");
        assert!(finds("ellison") && finds("Margaret Ell") && finds("M.ELLISON@"));
        assert!(finds("5550104477") && finds("010-44"), "phone digits");
        assert!(!finds("Ashworth") && !finds("12"));
        assert!(answers_search(&draft, "", "marg", "ELL", None));
        assert!(!answers_search(&draft, "", "", "Ash", None));
        assert!(answers_search(
            &draft,
            "ellison",
            "",
            "",
            Some(IndividualType::Prospect)
        ));
        assert!(!answers_search(
            &draft,
            "ellison",
            "",
            "",
            Some(IndividualType::Resident)
        ));
    }
}
