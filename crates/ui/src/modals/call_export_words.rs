//! Why a phone system's call export cannot be read, in the window's language. The cells and
//! the columns are quoted as the file has them.

use crate::domain::calls::export::{self, ExportError, ExportProblem};
use leasedesk_i18n::tr;

/// "line 3: the start "tomorrow" is not a date and time".
pub fn export_error(error: &ExportError) -> String {
    tr!(
        "calls-line",
        line = error.line.to_string(),
        problem = problem(&error.problem)
    )
}

fn problem(problem: &ExportProblem) -> String {
    let quoted = |text: &str| format!("{text:?}");
    match problem {
        ExportProblem::TooLarge => tr!(
            "calls-too-large",
            mb = (export::MAX_BYTES / 1024 / 1024).to_string()
        ),
        ExportProblem::NotText => tr!("calls-not-text"),
        ExportProblem::Empty => tr!("calls-empty"),
        ExportProblem::Header(detail) => tr!("calls-header", detail = detail.as_str()),
        ExportProblem::UnknownLayout => {
            tr!("calls-unknown-layout", layouts = export::preset_names())
        }
        ExportProblem::NoColumn(name) => tr!("calls-no-column", name = quoted(name)),
        ExportProblem::NotRead(detail) => tr!("calls-not-read", detail = detail.as_str()),
        ExportProblem::TooManyCalls => {
            tr!("calls-too-many", most = export::MAX_CALLS.to_string())
        }
        ExportProblem::CellTooLong(what) => tr!(
            "calls-cell-too-long",
            what = *what,
            most = export::MAX_CELL.to_string()
        ),
        ExportProblem::Direction(text) => tr!("calls-bad-direction", text = quoted(text)),
        ExportProblem::Start(text) => tr!("calls-bad-start", text = quoted(text)),
        ExportProblem::Duration(text) => tr!("calls-bad-duration", text = quoted(text)),
        ExportProblem::Result(text) => tr!("calls-bad-result", text = quoted(text)),
    }
}

/// The layout a file was read by: a phone system's name, or "your columns".
pub fn layout(name: &str) -> String {
    if name == export::YOUR_COLUMNS {
        tr!("calls-your-columns")
    } else {
        name.to_owned()
    }
}

/// "choose the column that holds the duration".
pub fn choose_fact(fact: &str) -> String {
    tr!("calls-choose-fact", fact = fact)
}

#[cfg(test)]
mod tests {
    use super::*;
    use leasedesk_i18n::{Language, in_language};

    /// In English the words are the reader's own (moved unchanged); in Spanish they differ.
    #[test]
    fn each_refusal_reads_as_before_in_english_and_is_spanish_in_spanish() {
        let all = [
            ExportProblem::TooLarge,
            ExportProblem::NotText,
            ExportProblem::Empty,
            ExportProblem::Header("d".into()),
            ExportProblem::UnknownLayout,
            ExportProblem::NoColumn("Talk".into()),
            ExportProblem::NotRead("d".into()),
            ExportProblem::TooManyCalls,
            ExportProblem::CellTooLong("start"),
            ExportProblem::CellTooLong("result"),
            ExportProblem::Direction("sideways".into()),
            ExportProblem::Start("tomorrow".into()),
            ExportProblem::Duration("long".into()),
            ExportProblem::Result("maybe".into()),
        ];
        for problem in all {
            let error = ExportError { line: 3, problem };
            let english = in_language(Language::English, || export_error(&error));
            let spanish = in_language(Language::Spanish, || export_error(&error));
            assert_eq!(english, error.to_string());
            assert_ne!(spanish, english, "{error:?}");
        }
        for (i, (fact, _)) in export::Columns::FACTS.iter().enumerate() {
            if i == 3 {
                continue;
            }
            let spanish = in_language(Language::Spanish, || choose_fact(fact));
            assert!(!spanish.contains(fact), "{fact}: {spanish}");
        }
    }
}
