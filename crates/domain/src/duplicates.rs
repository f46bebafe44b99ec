//! Is the person being typed already known? A new individual is matched against every person of
//! every case (primaries and relatives, any community) by name — with common nicknames and
//! first and last names swapped — by phone (digits only) and by email. The earliest contact of
//! a matching case, its source and community, tell whether a paid referral is owed.

use crate::api::model::{Activity, SearchCase, SearchIndividual, Timestamp};

/// Nickname groups: each name of a group stands for the others ("Peggy" is "Margaret").
const NICKNAMES: &[&[&str]] = &[
    &[
        "margaret", "peggy", "maggie", "meg", "marge", "margie", "greta",
    ],
    &[
        "elizabeth",
        "betty",
        "beth",
        "liz",
        "lizzie",
        "eliza",
        "betsy",
        "bess",
    ],
    &["robert", "bob", "bobby", "rob", "bert"],
    &["william", "bill", "billy", "will", "willie"],
    &["richard", "dick", "rick", "ricky", "rich"],
    &["james", "jim", "jimmy", "jamie"],
    &["john", "jack", "johnny", "jon"],
    &[
        "katherine",
        "catherine",
        "kathryn",
        "kate",
        "kathy",
        "cathy",
        "katie",
        "kay",
    ],
    &["susan", "sue", "susie", "suzanne"],
    &["patricia", "pat", "patty", "patsy", "trish"],
    &["thomas", "tom", "tommy"],
    &["charles", "charlie", "chuck"],
    &["dorothy", "dot", "dottie", "dolly", "dora"],
    &["edward", "ed", "eddie", "ted", "teddy", "ned"],
    &["frances", "fran", "frannie", "francine"],
    &["albert", "al", "bert", "albie"],
    &["henry", "hank", "harry", "hal"],
    &["joseph", "joe", "joey"],
    &["anne", "ann", "annie", "anna", "nancy", "nan"],
    &["michael", "mike", "mickey"],
    &["david", "dave", "davey"],
    &["ronald", "ron", "ronnie"],
    &["donald", "don", "donnie"],
    &["lawrence", "larry", "laurence"],
    &["gerald", "jerry", "gerry"],
    &["arthur", "art", "artie"],
    &["walter", "walt", "wally"],
    &["samuel", "sam", "sammy"],
    &["beatrice", "bea", "trixie"],
    &["mildred", "millie", "milly"],
    &["gertrude", "trudy", "gertie"],
    &["constance", "connie"],
    &["virginia", "ginny", "ginger"],
    &["mary", "molly", "polly", "mae", "mamie"],
    &["sarah", "sara", "sally", "sadie"],
    &["harriet", "hattie", "harriett"],
    &["louise", "lou", "lulu", "louisa"],
    &["eleanor", "ellie", "nell", "nora", "elinor"],
    &["helen", "nellie", "lena"],
    &["barbara", "barb", "babs", "barbie"],
    &["deborah", "debbie", "deb", "debra"],
    &["judith", "judy", "jude"],
    &["theodore", "theo", "ted"],
    &["raymond", "ray"],
    &["kenneth", "ken", "kenny"],
    &["eugene", "gene"],
    &["harold", "harry", "hal"],
    &["leonard", "len", "lenny", "leo"],
    &["alfred", "alf", "fred", "freddie"],
    &["frederick", "fred", "freddie", "fritz"],
    &["geraldine", "gerry", "geri"],
    &["josephine", "jo", "josie"],
    &["evelyn", "evie", "eve"],
    &["florence", "flo", "flossie"],
    &["shirley", "shirl"],
    &["vincent", "vince", "vinny"],
];

/// A name as compared: lower case, letters only (accents and punctuation dropped).
pub fn plain_name(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphabetic())
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'ö' | 'õ' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ñ' => 'n',
            'ç' => 'c',
            other => other,
        })
        .collect()
}

/// Every form of a first name: itself and its nickname group's names.
pub fn first_name_forms(first: &str) -> Vec<String> {
    let plain = plain_name(first);
    let mut out = vec![plain.clone()];
    for group in NICKNAMES.iter().filter(|g| g.contains(&plain.as_str())) {
        out.extend(group.iter().map(|n| (*n).to_owned()));
    }
    out.sort();
    out.dedup();
    out
}

/// A phone as compared: its digits, without a leading country code 1; `None` when too short to
/// tell people apart.
pub fn phone_digits(phone: &str) -> Option<String> {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    let digits = match digits.strip_prefix('1') {
        Some(rest) if digits.len() == 11 => rest.to_owned(),
        _ => digits,
    };
    (digits.len() >= 7).then_some(digits)
}

/// An email as compared.
pub fn plain_email(email: &str) -> Option<String> {
    let e = email.trim().to_lowercase();
    (e.contains('@') && e.len() >= 5).then_some(e)
}

/// Who is being typed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Probe {
    pub first_name: String,
    pub last_name: String,
    pub phones: Vec<String>,
    pub email: String,
}

impl Probe {
    /// Whether enough is typed to look: a whole last name and a first name, a phone or an email.
    pub fn is_worth_asking(&self) -> bool {
        let named =
            plain_name(&self.first_name).len() >= 2 && plain_name(&self.last_name).len() >= 2;
        named
            || self.phones.iter().any(|p| phone_digits(p).is_some())
            || plain_email(&self.email).is_some()
    }
}

/// What matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Why {
    Email,
    Phone,
    Name,
    /// First and last name swapped.
    SwappedName,
}

impl Why {
    pub fn text(self) -> &'static str {
        match self {
            Why::Email => "same email",
            Why::Phone => "same phone",
            Why::Name => "same name",
            Why::SwappedName => "same name, first and last swapped",
        }
    }
}

/// A known person who may be the one typed.
#[derive(Debug, Clone, PartialEq)]
pub struct Match {
    pub case_number: String,
    pub individual_id: i64,
    pub name: String,
    /// The case's primary person (the match itself, or the relative's).
    pub primary_name: String,
    pub primary_id: i64,
    pub communities: String,
    pub why: Vec<Why>,
}

/// The people of `cases` who may be the one `probe` describes, strongest first (email and phone
/// before names). Each person once, however many ways they matched.
pub fn matches(probe: &Probe, cases: &[SearchCase]) -> Vec<Match> {
    let forms = first_name_forms(&probe.first_name);
    let first = plain_name(&probe.first_name);
    let last = plain_name(&probe.last_name);
    let phones: Vec<String> = probe
        .phones
        .iter()
        .filter_map(|p| phone_digits(p))
        .collect();
    let email = plain_email(&probe.email);
    let mut out: Vec<Match> = Vec::new();
    for case in cases {
        for person in std::iter::once(&case.primary).chain(&case.relationships) {
            let why = reasons(person, &forms, &first, &last, &phones, email.as_deref());
            if why.is_empty() || out.iter().any(|m| m.individual_id == person.individual_id) {
                continue;
            }
            out.push(Match {
                case_number: case.primary.case_number.clone(),
                individual_id: person.individual_id,
                name: person.individual_name.clone(),
                primary_name: case.primary.individual_name.clone(),
                primary_id: case.primary.individual_id,
                communities: case
                    .primary
                    .communities
                    .iter()
                    .map(|c| c.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                why,
            });
        }
    }
    out.sort_by(|a, b| a.why.first().cmp(&b.why.first()).then(a.name.cmp(&b.name)));
    out
}

fn reasons(
    person: &SearchIndividual,
    forms: &[String],
    first: &str,
    last: &str,
    phones: &[String],
    email: Option<&str>,
) -> Vec<Why> {
    let mut why = Vec::new();
    if let Some(email) = email
        && person
            .email
            .as_deref()
            .and_then(plain_email)
            .is_some_and(|theirs| theirs == email)
    {
        why.push(Why::Email);
    }
    let theirs = [
        &person.home_phone_format,
        &person.mobile_phone_format,
        &person.work_phone_format,
    ];
    if theirs
        .iter()
        .filter_map(|p| phone_digits(p))
        .any(|p| phones.contains(&p))
    {
        why.push(Why::Phone);
    }
    if first.len() >= 2 && last.len() >= 2 {
        let (their_first, their_last) = (
            plain_name(&person.first_name),
            plain_name(&person.last_name),
        );
        if their_last == last && forms.contains(&their_first) {
            why.push(Why::Name);
        } else if their_first == last && their_last == first {
            why.push(Why::SwappedName);
        }
    }
    why
}

/// How a case first came: its earliest completed activity, with its source and community.
#[derive(Debug, Clone, PartialEq)]
pub struct FirstContact {
    pub at: Timestamp,
    pub source: Option<String>,
    pub community: String,
}

/// The earliest completed activity among `activities` (one case's).
pub fn first_contact(activities: &[Activity]) -> Option<FirstContact> {
    let first = activities
        .iter()
        .filter(|a| a.completed)
        .min_by_key(|a| a.due_date)?;
    // The source is the first one any activity names, not only the very first activity's.
    let source = activities
        .iter()
        .filter(|a| a.market_source.as_deref().is_some_and(|s| !s.is_empty()))
        .min_by_key(|a| a.due_date)
        .and_then(|a| a.market_source.clone());
    Some(FirstContact {
        at: first.due_date,
        source,
        community: first.community.name.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cases() -> Vec<SearchCase> {
        let path = format!(
            "{}/../../tests/fixtures/search.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let response: crate::api::model::SearchResponse =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        response.cases.into_vec()
    }

    fn person(case: &mut SearchCase, first: &str, last: &str, phone: &str, email: Option<&str>) {
        let p = &mut case.primary;
        p.first_name = first.into();
        p.last_name = last.into();
        p.individual_name = format!("{first} {last}");
        p.home_phone_format = phone.into();
        p.mobile_phone_format = String::new();
        p.work_phone_format = String::new();
        p.email = email.map(str::to_owned);
    }

    #[test]
    fn names_nicknames_swaps_phones_and_emails_match_and_nothing_else() {
        let mut list = cases();
        let mut margaret = list[0].clone();
        person(&mut margaret, "Margaret", "O'Neil", "(614) 555-0199", None);
        margaret.primary.individual_id = 1;
        let mut swapped = list[0].clone();
        person(&mut swapped, "Oneil", "Peggy", "", None);
        swapped.primary.individual_id = 2;
        let mut other = list[0].clone();
        person(
            &mut other,
            "Margaret",
            "Oakes",
            "(614) 555-0100",
            Some("m.oakes@example.com"),
        );
        other.primary.individual_id = 3;
        list = vec![margaret, swapped, other];
        for case in &mut list {
            case.relationships.clear();
        }

        let probe = Probe {
            first_name: "Peggy".into(),
            last_name: "ONeil".into(),
            ..Probe::default()
        };
        let found: Vec<(i64, Vec<Why>)> = matches(&probe, &list)
            .into_iter()
            .map(|m| (m.individual_id, m.why))
            .collect();
        assert_eq!(
            found,
            vec![(1, vec![Why::Name]), (2, vec![Why::SwappedName])]
        );

        let by_phone = Probe {
            first_name: "Ann".into(),
            last_name: "Walker".into(),
            phones: vec!["1-614-555-0199".into()],
            ..Probe::default()
        };
        let found = matches(&by_phone, &list);
        assert_eq!(found.len(), 1);
        assert_eq!(
            (found[0].individual_id, found[0].why.clone()),
            (1, vec![Why::Phone])
        );

        let by_email = Probe {
            email: " M.Oakes@Example.com ".into(),
            ..Probe::default()
        };
        assert!(by_email.is_worth_asking());
        let found = matches(&by_email, &list);
        assert_eq!(found[0].individual_id, 3);
        assert_eq!(found[0].why, vec![Why::Email]);

        let nobody = Probe {
            first_name: "Margaret".into(),
            last_name: "Oak".into(),
            phones: vec!["555-01".into()],
            ..Probe::default()
        };
        assert!(matches(&nobody, &list).is_empty());
    }

    #[test]
    fn a_relative_matches_and_names_the_case() {
        let mut list = cases();
        let mut case = list.remove(0);
        case.primary.individual_id = 10;
        let mut daughter = case.primary.clone();
        daughter.individual_id = 11;
        daughter.first_name = "Patricia".into();
        daughter.last_name = "Ashworth".into();
        daughter.individual_name = "Patricia Ashworth".into();
        case.relationships = vec![daughter];
        let probe = Probe {
            first_name: "Patty".into(),
            last_name: "Ashworth".into(),
            ..Probe::default()
        };
        let found = matches(&probe, &[case.clone()]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].individual_id, 11);
        assert_eq!(found[0].primary_name, case.primary.individual_name);
    }

    #[test]
    fn phones_and_names_are_compared_plainly() {
        assert_eq!(
            phone_digits("(614) 555-0199").as_deref(),
            Some("6145550199")
        );
        assert_eq!(
            phone_digits("+1 614 555 0199").as_deref(),
            Some("6145550199")
        );
        assert_eq!(phone_digits("555-01"), None);
        assert_eq!(plain_name("Zoë O'Neil-Smith"), "zoeoneilsmith");
        assert!(first_name_forms("Bob").contains(&"robert".to_owned()));
        assert_eq!(first_name_forms("Xavier"), vec!["xavier".to_owned()]);
        assert!(
            !Probe {
                first_name: "A".into(),
                last_name: "B".into(),
                ..Probe::default()
            }
            .is_worth_asking()
        );
    }
}
