//! The calling rules' refusals in the window's language (the hours a director narrows, a
//! community's, a line of the states' table). The table's column names stay as the file has
//! them.

use crate::domain::contact::rules_problem::{LineProblem, RulesProblem};
use leasedesk_i18n::tr;

/// "The start must be a time such as 09:00, not "9"", "line 4: TX names no source".
pub fn rules_problem(problem: &RulesProblem) -> String {
    match problem {
        RulesProblem::Wider => tr!("rules-wider"),
        RulesProblem::Backwards => tr!("rules-backwards"),
        RulesProblem::NotATime { start: true, text } => {
            tr!("rules-start-not-a-time", text = format!("{text:?}"))
        }
        RulesProblem::NotATime { start: false, text } => {
            tr!("rules-end-not-a-time", text = format!("{text:?}"))
        }
        RulesProblem::NotAState(text) => tr!("rules-not-a-state", text = format!("{text:?}")),
        RulesProblem::OneTime => tr!("rules-one-time"),
        RulesProblem::TooManyCommunities(most) => {
            tr!("rules-too-many-communities", most = most.to_string())
        }
        RulesProblem::TableTooLong(kb) => tr!("rules-table-too-long", kb = kb.to_string()),
        RulesProblem::TooManyRows(most) => tr!("rules-too-many-rows", most = most.to_string()),
        RulesProblem::Line { line, problem } => tr!(
            "rules-line",
            line = line.to_string(),
            problem = line_problem(problem)
        ),
    }
}

fn line_problem(problem: &LineProblem) -> String {
    match problem {
        LineProblem::Unreadable(detail) => detail.clone(),
        LineProblem::State => tr!("rules-line-state"),
        LineProblem::Opens => tr!("rules-line-opens"),
        LineProblem::Closes => tr!("rules-line-closes"),
        LineProblem::Hours(state) => tr!("rules-line-hours", state = state.as_str()),
        LineProblem::Cap => tr!("rules-line-cap"),
        LineProblem::NoSource(state) => tr!("rules-line-no-source", state = state.as_str()),
        LineProblem::SaturdayTimes => tr!("rules-line-saturday-times"),
        LineProblem::SaturdayHours(state) => {
            tr!("rules-line-saturday-hours", state = state.as_str())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leasedesk_i18n::{Language, in_language};

    /// In English the words are the rules' own (moved unchanged); in Spanish they differ.
    #[test]
    fn each_refusal_reads_as_before_in_english_and_is_spanish_in_spanish() {
        let line = |problem| RulesProblem::Line { line: 4, problem };
        let all = [
            RulesProblem::Wider,
            RulesProblem::Backwards,
            RulesProblem::NotATime {
                start: true,
                text: "9".into(),
            },
            RulesProblem::NotATime {
                start: false,
                text: "9".into(),
            },
            RulesProblem::NotAState("Florida".into()),
            RulesProblem::OneTime,
            RulesProblem::TooManyCommunities(500),
            RulesProblem::TableTooLong(64),
            RulesProblem::TooManyRows(80),
            line(LineProblem::State),
            line(LineProblem::Opens),
            line(LineProblem::Closes),
            line(LineProblem::Hours("TX".into())),
            line(LineProblem::Cap),
            line(LineProblem::NoSource("TX".into())),
            line(LineProblem::SaturdayTimes),
            line(LineProblem::SaturdayHours("TX".into())),
        ];
        for problem in &all {
            let english = in_language(Language::English, || rules_problem(problem));
            let spanish = in_language(Language::Spanish, || rules_problem(problem));
            assert_eq!(english, problem.to_string());
            assert_ne!(spanish, english, "{problem:?}");
        }
    }
}
