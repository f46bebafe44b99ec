//! What the window says of a lead from the domain's parts: where its follow-up stands
//! ("nobody has reached out yet: 3 h 10 min waiting") and its move-in score with the reasons.

use leasedesk_i18n::tr;

use crate::api::model::Timestamp;
use crate::domain::contact_story::{ContactRule, Standing};
use crate::domain::move_in_score::{Reason, Score, Term};

/// What a lead's colour means, `day` writing a date.
pub fn standing(
    standing: &Standing,
    rule: &ContactRule,
    community: Option<i64>,
    day: impl Fn(Timestamp) -> String,
) -> String {
    match *standing {
        Standing::Lost { at } => tr!("lead-lost", day = day(at)),
        Standing::Waiting { waited, booked, .. } => {
            let waited = crate::words::waited(waited, rule.rules.hours_of(community));
            if booked {
                tr!("lead-waiting-booked", waited = waited)
            } else {
                tr!("lead-waiting", waited = waited)
            }
        }
        Standing::Contacted { booked: true, .. } => tr!("lead-booked"),
        Standing::Contacted { last, .. } => tr!("lead-last-contact", day = day(last)),
    }
}

/// "Hot · 46% likely to move in within 90 days".
pub fn score_summary(score: &Score) -> String {
    tr!(
        "score-summary",
        band = crate::words::band(score.band),
        likely = crate::words::likelihood(score.likelihood)
    )
}

/// The score's reasons: "Toured twice (raises it)".
pub fn score_reasons(score: &Score) -> Vec<String> {
    score
        .reasons
        .iter()
        .map(|r| reason(r, &score.source, &score.community))
        .collect()
}

fn known(value: &str) -> String {
    if value.trim().is_empty() {
        tr!("score-not-known")
    } else {
        value.to_owned()
    }
}

/// What a reason is about, with the lead's figure: "Toured twice", "Source: Web".
fn term(term: Term, source: &str, community: &str) -> String {
    match term {
        Term::Tours(n) => tr!("score-tours", count = n),
        Term::Deposit(true) => tr!("score-deposit"),
        Term::Deposit(false) => tr!("score-no-deposit"),
        Term::Inquired(days) => tr!("score-inquired", days = days),
        Term::LastTouch(days) => tr!("score-last-touch", days = days),
        Term::ContactsIn(n) => tr!("score-contacts-in", count = n),
        Term::ContactsOut(n) => tr!("score-contacts-out", count = n),
        Term::Missed(n) => tr!("score-missed", count = n),
        Term::Source => tr!("score-source", source = known(source)),
        Term::Community => tr!("score-community", community = known(community)),
    }
}

/// One reason; for what the agent makes, what to do rather than a direction (the model only
/// sees that such leads moved in more or less often).
fn reason(reason: &Reason, source: &str, community: &str) -> String {
    if reason.is_ours() {
        let words = match reason.term {
            Term::ContactsOut(0) => tr!("score-no-contact-yet"),
            other => term(other, source, community),
        };
        let todo = match reason.term {
            Term::ContactsOut(0) => tr!("score-do-reach-out"),
            Term::ContactsOut(_) => tr!("score-do-keep-booked"),
            Term::Missed(0) => tr!("score-do-keep-so"),
            Term::Missed(_) => tr!("score-do-catch-up"),
            Term::LastTouch(n) if n > 7 => tr!("score-do-reach-again"),
            _ => tr!("score-do-keep-in-touch"),
        };
        return tr!("score-ours", words = words, todo = todo);
    }
    let words = term(reason.term, source, community);
    if reason.raises() {
        tr!("score-raises", words = words)
    } else {
        tr!("score-lowers", words = words)
    }
}

/// What a lead's colour means by the rules in force, for a screen reader and a tooltip: "Red:
/// waiting past the 60 min response target, or no contact for 48 h".
pub fn colour_meaning(
    rules: &crate::domain::speed_to_lead::LeadRules,
    colour: crate::domain::speed_to_lead::Colour,
) -> String {
    use crate::domain::speed_to_lead::Colour;
    let minutes = rules.response.minutes;
    match colour {
        Colour::Red => tr!(
            "colour-red-means",
            minutes = minutes,
            hours = rules.colours.red_after_hours
        ),
        Colour::Amber => tr!(
            "colour-amber-means",
            minutes = minutes,
            hours = rules.colours.amber_after_hours
        ),
        // A new lead inside the target is green too, though nobody has reached them yet.
        Colour::Green => tr!("colour-green-means", minutes = minutes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leasedesk_i18n::{Language, in_language};

    /// Every term with figures that take each form of its words.
    fn reasons() -> Vec<Reason> {
        let mut terms = vec![Term::Source, Term::Community];
        for n in [0, 1, 2, 5] {
            terms.extend([
                Term::Tours(n),
                Term::ContactsIn(n),
                Term::ContactsOut(n),
                Term::Missed(n),
            ]);
        }
        for d in [0, 1, 3, 10] {
            terms.extend([Term::Inquired(d), Term::LastTouch(d)]);
        }
        terms.extend([Term::Deposit(true), Term::Deposit(false)]);
        terms
            .into_iter()
            .flat_map(|term| [0.7, -0.4].map(|effect| Reason { term, effect }))
            .collect()
    }

    #[test]
    fn a_leads_standing_is_said_in_both_languages_and_in_english_as_the_domain_says_it() {
        use crate::domain::speed_to_lead::Colour;
        let at = crate::api::model::stamp::parse("2026-11-26T10:00:00-05:00").unwrap();
        let rule = ContactRule::default();
        let day = |t: Timestamp| t.format("%b %-d").to_string();
        let all = [
            Standing::Lost { at },
            Standing::Waiting {
                inquired: at,
                waited: 190,
                colour: Colour::Red,
                booked: false,
            },
            Standing::Waiting {
                inquired: at,
                waited: 45,
                colour: Colour::Amber,
                booked: true,
            },
            Standing::Contacted {
                last: at,
                colour: Colour::Green,
                booked: true,
            },
            Standing::Contacted {
                last: at,
                colour: Colour::Amber,
                booked: false,
            },
        ];
        for s in &all {
            assert_eq!(
                in_language(Language::English, || standing(s, &rule, None, day)),
                s.why(&rule, None, day)
            );
        }
        let spanish = in_language(Language::Spanish, || standing(&all[1], &rule, None, day));
        assert_eq!(spanish, "nadie se ha comunicado aún: 3 h 10 min de espera");
        let spanish = in_language(Language::Spanish, || standing(&all[3], &rule, None, day));
        assert_eq!(spanish, "algo agendado");
    }

    #[test]
    fn english_reasons_are_the_domains_own_sentences() {
        for r in reasons() {
            for (source, community) in [("Web", "Maple Grove"), ("", " ")] {
                assert_eq!(
                    in_language(Language::English, || reason(&r, source, community)),
                    r.sentence(source, community),
                    "{r:?}"
                );
            }
        }
    }

    #[test]
    fn spanish_reasons_leave_no_english() {
        let said: Vec<String> = reasons()
            .iter()
            .map(|r| in_language(Language::Spanish, || reason(r, "Web", "")))
            .collect();
        let one = |r: Reason| in_language(Language::Spanish, || reason(&r, "Web", ""));
        assert_eq!(
            one(Reason {
                term: Term::Tours(2),
                effect: 0.5
            }),
            "Visitó dos veces (la sube)"
        );
        assert_eq!(
            one(Reason {
                term: Term::ContactsOut(0),
                effect: 0.5
            }),
            "Aún sin contacto nuestro: comuníquese"
        );
        assert_eq!(
            one(Reason {
                term: Term::Community,
                effect: -0.5
            }),
            "Comunidad: no se sabe (la baja)"
        );
        for s in &said {
            for english in [
                "raises", "lowers", "Toured", "contacts", "from us", "ago", "today", "Source",
            ] {
                assert!(!s.contains(english), "{english:?} in {s:?}");
            }
        }
    }

    /// A colour's words say the rule it was worked out by, in each language.
    #[test]
    fn a_colour_in_words_says_the_rule_it_was_worked_out_by() {
        use crate::domain::speed_to_lead::{Colour, LeadRules};
        let mut rules = LeadRules::default();
        rules.response.minutes = 30;
        rules.colours.red_after_hours = 72;
        rules.colours.amber_after_hours = 36;
        let english = |c| in_language(Language::English, || colour_meaning(&rules, c));
        let red = english(Colour::Red);
        assert!(red.starts_with("Red: ") && red.contains("30 min") && red.contains("72 h"));
        let amber = english(Colour::Amber);
        assert!(amber.starts_with("Amber: ") && amber.contains("30 min") && amber.contains("36 h"));
        // A new lead nobody reached yet is green inside the target: never "contacted" alone.
        let green = english(Colour::Green);
        assert!(
            green.starts_with("Green: new and inside the 30 min response target"),
            "{green}"
        );
        let spanish = in_language(Language::Spanish, || colour_meaning(&rules, Colour::Red));
        assert!(
            spanish.starts_with("Rojo: ") && spanish.contains("30 min") && spanish.contains("72 h"),
            "{spanish}"
        );
    }
}
