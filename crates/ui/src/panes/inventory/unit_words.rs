//! The unit rules' findings in the window's language: a row's outcome, a unit's problems, a
//! file's. Fields keep the create operation's names, as the file's header spells them.

use crate::domain::unit_import::{FileProblem, NotSent, RowOutcome, UnitProblem};
use leasedesk_i18n::tr;

/// A row's outcome: "Not sent: CareGroupId 4 is not in the list", "Created unit 812".
pub fn outcome(outcome: &RowOutcome) -> String {
    match outcome {
        RowOutcome::Invalid(problems) => tr!("unit-row-invalid", why = self::problems(problems)),
        RowOutcome::Exists(id) => tr!("unit-row-exists", id = id.to_string()),
        RowOutcome::Ready(_) => tr!("unit-row-ready"),
        RowOutcome::Created(id) => tr!("unit-row-created", id = id.to_string()),
        RowOutcome::Refused(message) => tr!("unit-row-refused", message = message.as_str()),
        RowOutcome::NotSent(why) => tr!("unit-row-not-sent", why = not_sent(why)),
        RowOutcome::SavedOffline => tr!("unit-row-offline"),
    }
}

/// A unit's problems, one after the other: "Number must be 1 to 20 characters; …".
pub fn problems(problems: &[UnitProblem]) -> String {
    problems.iter().map(problem).collect::<Vec<_>>().join("; ")
}

fn problem(problem: &UnitProblem) -> String {
    let quoted = |text: &str| format!("{text:?}");
    match problem {
        UnitProblem::Required(field) => tr!("unit-required", field = *field),
        UnitProblem::NoSuchCommunity(text) => tr!("unit-no-community", text = quoted(text)),
        UnitProblem::NotInList { field, id } => {
            tr!("unit-not-in-list", field = *field, id = id.to_string())
        }
        UnitProblem::NotANumber { field, text } => {
            tr!("unit-not-a-number", field = *field, text = quoted(text))
        }
        UnitProblem::NumberLength => tr!("unit-number-length"),
        UnitProblem::NameLength => tr!("unit-name-length"),
        UnitProblem::NotAnAmount { field, text } => {
            tr!("unit-not-an-amount", field = *field, text = quoted(text))
        }
        UnitProblem::NotACapacity(text) => tr!("unit-not-a-capacity", text = quoted(text)),
        UnitProblem::RepeatedNumber(number) => {
            tr!("unit-repeated-number", number = quoted(number))
        }
        UnitProblem::Unreadable(detail) => tr!("unit-unreadable", detail = detail.as_str()),
    }
}

fn not_sent(why: &NotSent) -> String {
    match why {
        NotSent::NotTried => tr!("unit-not-tried"),
        NotSent::IdsMismatch { ids, units } => tr!(
            "unit-ids-mismatch",
            ids = ids.to_string(),
            units = units.to_string()
        ),
        NotSent::NoIdSaid => tr!("unit-no-id-said"),
        NotSent::Failed(detail) => detail.clone(),
    }
}

/// A file refused as a whole: "Unknown column "Community": the header must use …".
pub fn file_problem(problem: &FileProblem) -> String {
    match problem {
        FileProblem::Header(detail) => tr!("unit-file-header", detail = detail.as_str()),
        FileProblem::UnknownColumn(name) => tr!(
            "unit-file-unknown-column",
            name = format!("{name:?}"),
            fields = crate::domain::unit_import::FIELDS.join(", ")
        ),
        FileProblem::MissingColumns(missing) => {
            tr!("unit-file-missing", columns = missing.join(", "))
        }
    }
}
