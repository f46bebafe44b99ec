//! What `leasedesk calls import` says, in the system's language: the summary, and why an
//! import stopped. The portal's own names (types, people, numbers) are quoted as they are.

use crate::service::calls::{ImportError, ImportReport};
use crate::ui::modals::call_export_words;
use leasedesk_i18n::tr;

/// What the import did, for the person who ran it: a line of counts, then what needs them.
pub fn summary(report: &ImportReport) -> String {
    let mut out = tr!(
        "calls-import-summary",
        calls = report.calls,
        layout = call_export_words::layout(&report.layout),
        cases = report.cases,
        matched = report.matched,
        logged = report.logged,
        already = report.already
    );
    out.push('\n');
    if !report.several.is_empty() {
        out += &tr!("cli-calls-several", count = report.several.len());
        out.push('\n');
        for (number, lines) in &report.several {
            let lines: Vec<String> = lines.iter().map(usize::to_string).collect();
            out += &tr!(
                "cli-calls-several-line",
                number = number.as_str(),
                lines = lines.join(", ")
            );
            out.push('\n');
        }
    }
    if !report.unmatched.is_empty() {
        out += &tr!("cli-calls-unmatched", count = report.unmatched.len());
        out.push('\n');
        for n in &report.unmatched {
            out += &tr!(
                "cli-calls-unmatched-line",
                number = n.number.as_str(),
                calls = n.calls,
                inbound = n.inbound,
                line = n.first_line
            );
            out.push('\n');
        }
    }
    if report.missed.is_empty() {
        out += &tr!("cli-calls-no-missed");
        out.push('\n');
    } else {
        out += &tr!("cli-calls-missed", count = report.missed.len());
        out.push('\n');
        for m in &report.missed {
            out += &tr!(
                "cli-calls-missed-line",
                case = m.case_number.as_str(),
                lead = m.lead_name.as_str(),
                who = m.who.as_str(),
                number = m.number.as_str(),
                at = m.at.format("%Y-%m-%d %H:%M UTC").to_string()
            );
            out.push('\n');
        }
    }
    out
}

/// Why the import stopped, with what was logged before it did.
pub fn import_error(error: &ImportError) -> String {
    match error {
        ImportError::NoCallTypes(which) => tr!("cli-calls-no-type", which = *which),
        ImportError::Service { error, logged } => tr!(
            "cli-calls-service-failed",
            error = crate::ui::error_words::api_error(error),
            logged = *logged
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::calls::matching::Unmatched;
    use leasedesk_i18n::{Language, in_language};

    fn report() -> ImportReport {
        ImportReport {
            layout: "RingCentral".into(),
            calls: 12,
            cases: 3,
            matched: 10,
            logged: 7,
            already: 3,
            several: vec![("(312) 555-0100".into(), vec![4, 9])],
            unmatched: vec![Unmatched {
                number: "(999) 555-0000".into(),
                calls: 1,
                inbound: 1,
                first_line: 7,
            }],
            missed: Vec::new(),
        }
    }

    /// The English reads as the command always said it; the Spanish is Spanish, with the
    /// file's numbers and lines as they were.
    #[test]
    fn the_summary_is_said_in_each_language() {
        let english = in_language(Language::English, || summary(&report()));
        assert_eq!(
            english,
            "Read 12 calls (RingCentral layout) against 3 cases: 10 matched, 7 logged now, 3 \
             logged before.\n1 number is on more than one case (not logged):\n  (312) 555-0100: \
             lines 4, 9\n1 number matches no one (create them with New individual):\n  (999) \
             555-0000: 1 call, 1 in (first on line 7)\nNo missed call is waiting to be \
             returned.\n"
        );
        let spanish = in_language(Language::Spanish, || summary(&report()));
        assert!(spanish.contains("  (999) 555-0000: 1 llamada"), "{spanish}");
        assert!(spanish.contains("líneas 4, 9"), "{spanish}");
        assert!(!spanish.contains("logged"), "{spanish}");
        let stopped = ImportError::NoCallTypes("Call In");
        assert_eq!(
            in_language(Language::English, || import_error(&stopped)),
            stopped.to_string()
        );
        assert_ne!(
            in_language(Language::Spanish, || import_error(&stopped)),
            stopped.to_string()
        );
    }
}
