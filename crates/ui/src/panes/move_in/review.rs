//! The wizard's words for what the domain finds: a step's problems and the review, in the
//! window's language.

use leasedesk_i18n::tr;

use crate::domain::dates::read_written;
use crate::domain::format::money;
use crate::domain::move_in::{Field, MoveInDraft, Problem, Why, parse_money};

/// A field's name as its label shows it.
pub fn field_name(field: Field) -> String {
    match field {
        Field::Who => tr!("movein-step-who"),
        Field::Unit => tr!("movein-field-unit"),
        Field::MoveInDate => tr!("movein-date"),
        Field::MoveOutDate => tr!("movein-move-out-date"),
        Field::EntranceFee => tr!("movein-entrance-fee"),
        Field::Deposit => tr!("movein-deposit"),
        Field::MonthlyFee => tr!("movein-monthly-fee"),
    }
}

/// What keeps a step from going on.
pub fn problem_words(problem: &Problem) -> String {
    match &problem.why {
        Why::NoMover => tr!("movein-problem-no-mover"),
        Why::NoUnit => tr!("movein-problem-no-unit"),
        Why::NoRoom { unit, room, movers } => tr!(
            "movein-problem-no-room",
            unit = unit.as_str(),
            room = *room,
            movers = *movers
        ),
        Why::MoveInRequired => tr!("movein-problem-move-in-required"),
        Why::MoveOutBeforeMoveIn => tr!("movein-problem-move-out-before"),
        Why::NotADate(text) => tr!(
            "movein-problem-not-a-date",
            text = crate::typed::shown(text)
        ),
        Why::Negative(text) => tr!("movein-problem-negative", text = crate::typed::shown(text)),
        Why::NotAnAmount(text) => tr!(
            "movein-problem-not-an-amount",
            text = crate::typed::shown(text)
        ),
    }
}

/// Names said as a list: "Ada Lane", "Ada Lane and Ben Lane", "Ada, Ben and Cy".
fn names(draft: &MoveInDraft) -> String {
    let names: Vec<&str> = draft.movers.iter().map(|m| m.name.as_str()).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => tr!("list-and", first = rest.join(", "), last = *last),
    }
}

/// The review in plain words; with `saved`, what was done, in the past tense.
pub fn review_lines(draft: &MoveInDraft, saved: bool) -> Vec<String> {
    let day = match read_written(&draft.move_in) {
        Some(day) => crate::dates::day(day),
        None => draft.move_in.trim().to_owned(),
    };
    let names = names(draft);
    let mut lines = Vec::new();
    lines.push(match &draft.unit {
        Some(u) if saved => tr!(
            "movein-review-saved",
            names = names.as_str(),
            unit = u.number.as_str(),
            community = u.community_name.as_str(),
            day = day.as_str()
        ),
        Some(u) => tr!(
            "movein-review-moves",
            names = names.as_str(),
            count = draft.movers.len(),
            unit = u.number.as_str(),
            community = u.community_name.as_str(),
            day = day.as_str()
        ),
        None => tr!("movein-review-no-unit", names = names.as_str()),
    });
    if !draft.move_out.trim().is_empty() {
        let ends = match read_written(&draft.move_out) {
            Some(day) => crate::dates::day(day),
            None => draft.move_out.trim().to_owned(),
        };
        lines.push(tr!("movein-review-ends", day = ends));
    }
    let fee = |text: &str| match parse_money(text) {
        Ok(Some(v)) => money(v),
        _ => tr!("movein-review-none"),
    };
    lines.push(tr!(
        "movein-review-money",
        monthly = fee(&draft.monthly_fee),
        entrance = fee(&draft.entrance_fee),
        deposit = fee(&draft.deposit)
    ));
    if draft.transfer {
        lines.push(if saved {
            tr!("movein-review-transfer-saved")
        } else {
            tr!("movein-review-transfer")
        });
    }
    lines.push(match (draft.create_activity, saved) {
        (true, false) => tr!("movein-review-activity"),
        (false, false) => tr!("movein-review-no-activity"),
        (true, true) => tr!("movein-review-activity-saved"),
        (false, true) => tr!("movein-review-no-activity-saved"),
    });
    if draft.waitlist {
        lines.push(if saved {
            tr!("movein-review-waitlist-saved")
        } else {
            tr!("movein-review-waitlist")
        });
    }
    if draft.repayable {
        lines.push(tr!("movein-review-repayable"));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::move_in::{ChosenUnit, Mover, Step, check};
    use leasedesk_i18n::{Language, in_language};

    fn draft() -> MoveInDraft {
        let mut d = MoveInDraft {
            movers: vec![Mover {
                individual_id: 5,
                name: "Ada Lane".into(),
                case_number: "12".into(),
            }],
            move_in: "2026-12-01".into(),
            transfer: true,
            ..MoveInDraft::default()
        };
        d.choose_unit(ChosenUnit {
            unit_id: 7,
            community_id: 1,
            number: "204".into(),
            community_name: "Maple Grove".into(),
            community_unique: "maple-grove".into(),
            capacity: 2,
            room: 2,
            base_monthly: Some(4200.0),
            base_entrance: Some(1000.0),
        });
        d
    }

    #[test]
    fn the_review_says_it_in_words_in_both_languages() {
        let d = draft();
        let english = in_language(Language::English, || review_lines(&d, false)).join(" ");
        assert!(english.contains("Ada Lane moves into unit 204 at Maple Grove on Dec 1, 2026."));
        assert!(
            english.contains("Monthly fee: $4,200.00; entrance fee: none; deposit: $1,000.00.")
        );
        assert!(english.contains("This is a transfer"));
        assert!(english.contains("A move-in activity will be logged."));
        let done = in_language(Language::English, || review_lines(&d, true)).join(" ");
        assert!(
            done.contains(
                "Ada Lane: a move-in to unit 204 at Maple Grove on Dec 1, 2026 was saved."
            ),
            "{done}"
        );
        assert!(done.contains("It was a transfer"));
        assert!(!done.contains("will be"), "{done}");

        let mut two = d.clone();
        two.movers.push(Mover {
            individual_id: 6,
            name: "Ben Lane".into(),
            case_number: "12".into(),
        });
        let spanish = in_language(Language::Spanish, || review_lines(&two, false)).join(" ");
        assert!(
            spanish.contains(
                "Ada Lane y Ben Lane ingresan a la unidad 204 de Maple Grove el 1 dic 2026."
            ),
            "{spanish}"
        );
        assert!(spanish.contains("Cuota mensual: $4,200.00; cuota de entrada: ninguna"));
        assert!(spanish.contains("Es un traslado"));
        assert!(!spanish.contains("Dec"), "{spanish}");
    }

    #[test]
    fn a_steps_problems_are_said_in_the_windows_language() {
        let mut d = draft();
        d.move_in = "13/45/2026".into();
        d.deposit = "lots".into();
        let problems = check(Step::When, &d);
        let said = |lang| {
            in_language(lang, || {
                problems
                    .iter()
                    .map(|p| format!("{}: {}", field_name(p.field), problem_words(p)))
                    .collect::<Vec<_>>()
            })
        };
        assert_eq!(
            said(Language::English),
            [
                "Move-in date: \"13/45/2026\" is not a date: type one such as Nov 28, 2026",
                "Deposit: \"lots\" is not an amount (e.g. 3250.00)",
            ]
        );
        assert_eq!(
            said(Language::Spanish),
            [
                "Fecha de ingreso: \"13/45/2026\" no es una fecha: escriba una como 28 nov 2026",
                "Depósito: \"lots\" no es un importe (p. ej. 3250.00)",
            ]
        );
    }
}
