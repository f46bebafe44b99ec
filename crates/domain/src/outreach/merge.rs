//! A template merged with what a case holds. `{field}` is replaced by the case's value; a field
//! the case lacks becomes a visible `[field?]` the user fills in or removes before the message
//! goes, never an empty gap.

use super::Language;

/// What a template can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    Person,
    PersonFirst,
    Contact,
    ContactFirst,
    Community,
    Agent,
    TourDay,
    TourTime,
    Unit,
    Rate,
    ChecklistNeeds,
}

impl Field {
    pub const ALL: [Field; 11] = [
        Field::Person,
        Field::PersonFirst,
        Field::Contact,
        Field::ContactFirst,
        Field::Community,
        Field::Agent,
        Field::TourDay,
        Field::TourTime,
        Field::Unit,
        Field::Rate,
        Field::ChecklistNeeds,
    ];

    /// As written in a template, between braces.
    pub fn token(self) -> &'static str {
        match self {
            Field::Person => "person",
            Field::PersonFirst => "person_first",
            Field::Contact => "contact",
            Field::ContactFirst => "contact_first",
            Field::Community => "community",
            Field::Agent => "agent",
            Field::TourDay => "tour_day",
            Field::TourTime => "tour_time",
            Field::Unit => "unit",
            Field::Rate => "rate",
            Field::ChecklistNeeds => "checklist_needs",
        }
    }

    /// What it stands for, listed beside the editor.
    pub fn meaning(self) -> &'static str {
        match self {
            Field::Person => "the prospect's full name",
            Field::PersonFirst => "the prospect's first name",
            Field::Contact => "the person written to (the prospect or a family contact)",
            Field::ContactFirst => "their first name",
            Field::Community => "the community",
            Field::Agent => "you, the agent writing",
            Field::TourDay => "the day of the coming (or last) tour",
            Field::TourTime => "its time",
            Field::Unit => "the unit on the case's contract",
            Field::Rate => "its monthly rate",
            Field::ChecklistNeeds => "what the move-in checklist still needs",
        }
    }

    /// Shown in an English text where the case has no value.
    pub fn gap(self) -> String {
        self.gap_in(Language::English)
    }

    /// Shown in a text in `language` where the case has no value: the family reads the
    /// letter's language, and the agent fills in what it asks for in the same words.
    pub fn gap_in(self, language: Language) -> String {
        match language {
            Language::English => format!("[{}?]", self.token().replace('_', " ")),
            Language::Spanish => format!("[¿{}?]", self.spanish_name()),
        }
    }

    fn spanish_name(self) -> &'static str {
        match self {
            Field::Person => "persona",
            Field::PersonFirst => "nombre de la persona",
            Field::Contact => "contacto",
            Field::ContactFirst => "nombre del contacto",
            Field::Community => "comunidad",
            Field::Agent => "agente",
            Field::TourDay => "día de la visita",
            Field::TourTime => "hora de la visita",
            Field::Unit => "unidad",
            Field::Rate => "tarifa",
            Field::ChecklistNeeds => "lo que falta para el ingreso",
        }
    }

    fn from_token(token: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.token() == token)
    }
}

/// A case's values for the fields it has.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Facts {
    values: [Option<String>; Field::ALL.len()],
    /// The message goes to the person themself: "about you", not "about Betty Gutierrez".
    pub to_themself: bool,
    /// The language the text is in: its gaps are said in it.
    pub language: Language,
}

impl Facts {
    pub fn set(&mut self, field: Field, value: impl Into<String>) {
        let value = value.into();
        let value = value.trim();
        self.values[field as usize] = (!value.is_empty()).then(|| value.to_owned());
    }

    pub fn get(&self, field: Field) -> Option<&str> {
        self.values[field as usize].as_deref()
    }
}

/// A merged text and what it could not fill.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Merged {
    pub text: String,
    /// Fields the case lacks, once each, in the order they appear.
    pub missing: Vec<Field>,
    /// `{words}` that name no field, kept as written.
    pub unknown: Vec<String>,
}

/// The longest a `{field}` name can be (longer braces are text).
const LONGEST_TOKEN: usize = 24;

/// A template said to the person it is about: "you and {person_first}" is "you",
/// "{person}'s" is "your", "about {person}" and "for {person}" are "about you" and "for you".
/// The name elsewhere stays (a greeting, "Visit us, {person_first}?"). The Spanish templates'
/// turns are said to "usted" alike ("sobre {person}" is "sobre usted").
fn to_them(template: &str) -> String {
    let mut text = template.to_owned();
    for (from, to) in [
        ("you and {person_first}", "you"),
        ("you and {person}", "you"),
        ("{person_first}'s", "your"),
        ("{person}'s", "your"),
        ("about {person_first}", "about you"),
        ("about {person}", "about you"),
        ("for {person_first}", "for you"),
        ("for {person}", "for you"),
        // The Spanish templates' turns, said to "usted".
        ("usted y {person_first}", "usted"),
        ("usted y {person}", "usted"),
        ("el ingreso de {person_first}", "su ingreso"),
        ("el ingreso de {person}", "su ingreso"),
        ("recibir a {person_first}", "recibirle"),
        ("recibir a {person}", "recibirle"),
        ("sobre {person_first}", "sobre usted"),
        ("sobre {person}", "sobre usted"),
        ("para {person_first}", "para usted"),
        ("para {person}", "para usted"),
        ("por {person_first}", "por usted"),
        ("por {person}", "por usted"),
    ] {
        text = text.replace(from, to);
    }
    text
}

pub fn merge(template: &str, facts: &Facts) -> Merged {
    let spoken;
    let template = if facts.to_themself {
        spoken = to_them(template);
        spoken.as_str()
    } else {
        template
    };
    let mut merged = Merged {
        text: String::with_capacity(template.len() + 64),
        ..Merged::default()
    };
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        merged.text.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let token_end = after
            .char_indices()
            .take(LONGEST_TOKEN + 1)
            .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_'))
            .filter(|(_, c)| *c == '}')
            .map(|(at, _)| at);
        let Some(end) = token_end.filter(|at| *at > 0) else {
            merged.text.push('{');
            rest = after;
            continue;
        };
        let token = &after[..end];
        match Field::from_token(&token.to_ascii_lowercase()) {
            Some(field) => match facts.get(field) {
                Some(value) => merged.text.push_str(value),
                None => {
                    merged.text.push_str(&field.gap_in(facts.language));
                    if !merged.missing.contains(&field) {
                        merged.missing.push(field);
                    }
                }
            },
            None => {
                merged.text.push('{');
                merged.text.push_str(&after[..=end]);
                if !merged.unknown.iter().any(|u| u == token) {
                    merged.unknown.push(token.to_owned());
                }
            }
        }
        rest = &after[end + 1..];
    }
    merged.text.push_str(rest);
    merged
}

/// The gaps a text still holds (`[tour day?]`, `[¿día de la visita?]`), after the user
/// edited it: in either language, as a text may be switched after it was merged.
pub fn gaps_left(text: &str) -> Vec<Field> {
    Field::ALL
        .into_iter()
        .filter(|f| Language::ALL.iter().any(|l| text.contains(&f.gap_in(*l))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts() -> Facts {
        let mut f = Facts::default();
        f.set(Field::Person, "Margaret Ellison");
        f.set(Field::PersonFirst, "Margaret");
        f.set(Field::Contact, "Ruth Ellison");
        f.set(Field::ContactFirst, "Ruth");
        f.set(Field::Community, "Maple Grove");
        f.set(Field::Agent, "Dana Whitfield");
        f.set(Field::TourDay, "   ");
        f
    }

    #[test]
    fn fields_are_filled_and_a_missing_one_shows_as_a_gap_once_listed() {
        let m = merge(
            "Dear {contact}, thank you for visiting {community} on {tour_day} ({tour_day}). {agent}",
            &facts(),
        );
        assert_eq!(
            m.text,
            "Dear Ruth Ellison, thank you for visiting Maple Grove on [tour day?] ([tour day?]). Dana Whitfield"
        );
        assert_eq!(m.missing, vec![Field::TourDay]);
        assert!(m.unknown.is_empty());
        assert_eq!(gaps_left(&m.text), vec![Field::TourDay]);
        assert!(gaps_left("Dear Ruth, see you Tuesday").is_empty());
    }

    #[test]
    fn a_spanish_letters_gap_is_said_in_spanish_and_found_as_a_gap() {
        let mut f = facts();
        f.language = Language::Spanish;
        let m = merge("Gracias por visitar {community} el {tour_day}.", &f);
        assert_eq!(
            m.text,
            "Gracias por visitar Maple Grove el [¿día de la visita?]."
        );
        assert_eq!(m.missing, vec![Field::TourDay]);
        assert_eq!(gaps_left(&m.text), vec![Field::TourDay]);
        // Every field's gap differs from the others' and from the English one.
        let all: Vec<String> = Language::ALL
            .iter()
            .flat_map(|l| Field::ALL.map(|f| f.gap_in(*l)))
            .collect();
        for (i, gap) in all.iter().enumerate() {
            assert!(!all[i + 1..].contains(gap), "{gap} twice");
        }
    }

    #[test]
    fn braces_that_name_no_field_stay_as_written_and_are_reported() {
        let m = merge(
            "{Person_First}: {price} {not a field} {} {{community}} {",
            &facts(),
        );
        assert_eq!(m.text, "Margaret: {price} {not a field} {} {Maple Grove} {");
        assert_eq!(m.unknown, vec!["price".to_owned()]);
    }

    #[test]
    fn text_around_fields_survives_any_characters() {
        let m = merge("Zoë — {person_first} ✔ {", &facts());
        assert_eq!(m.text, "Zoë — Margaret ✔ {");
    }
}
