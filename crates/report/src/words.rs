//! The benchmarks' words in the language in force, for the window and the documents alike:
//! `assets/benchmarks.json` names each measure and says what it means in English; a measure
//! LeaseDesk knows is said from the `.ftl` files, one it does not in the file's words.

use leasedesk_i18n::tr;

use crate::domain::benchmarks::Benchmark;
use crate::domain::funnel::Stage;
use crate::domain::speed_to_lead::BusinessHours;

/// A sales stage: "Inquiry", "Consulta".
pub fn stage(stage: Stage) -> String {
    match stage {
        Stage::Inquiry => tr!("stage-inquiry"),
        Stage::Tour => tr!("stage-tour"),
        Stage::Deposit => tr!("stage-deposit"),
        Stage::MoveIn => tr!("stage-move-in"),
    }
}

/// A measure's name: "Inquiry to tour", "De consulta a visita".
pub fn benchmark_label(b: &Benchmark) -> String {
    match b.measure.as_str() {
        "occupancy" => tr!("benchmark-occupancy"),
        "inquiry_to_tour" => tr!("benchmark-inquiry-to-tour"),
        "tour_to_move_in" => tr!("benchmark-tour-to-move-in"),
        "inquiry_to_move_in" => tr!("benchmark-inquiry-to-move-in"),
        "days_to_move_in" => tr!("benchmark-days-to-move-in"),
        "first_contact_2h" => tr!("benchmark-first-contact"),
        "move_ins_per_move_out_30" => tr!("benchmark-moves-30"),
        "move_ins_per_move_out_90" => tr!("benchmark-moves-90"),
        _ => b.label.clone(),
    }
}

/// What a measure counts, as its definition says it.
pub fn benchmark_definition(b: &Benchmark) -> String {
    match b.measure.as_str() {
        "occupancy" => tr!("benchmark-occupancy-means"),
        "inquiry_to_tour" => tr!("benchmark-inquiry-to-tour-means"),
        "tour_to_move_in" => tr!("benchmark-tour-to-move-in-means"),
        "inquiry_to_move_in" => tr!("benchmark-inquiry-to-move-in-means"),
        "days_to_move_in" => tr!("benchmark-days-to-move-in-means"),
        "first_contact_2h" => tr!("benchmark-first-contact-means"),
        "move_ins_per_move_out_30" => tr!("benchmark-moves-30-means"),
        "move_ins_per_move_out_90" => tr!("benchmark-moves-90-means"),
        _ => b.definition.clone(),
    }
}

/// Whose figure it is, or the portal's own target: the publisher's name stays as published,
/// what the figure covers ("31 primary markets") is said in the window's words. A figure
/// shipped later without words of its own is shown as published.
pub fn benchmark_by(b: &Benchmark) -> String {
    if b.benchmark == crate::domain::benchmarks::YOUR_TARGET {
        return tr!("benchmark-your-target");
    }
    match b.measure.as_str() {
        "occupancy" => tr!("benchmark-by-occupancy"),
        "inquiry_to_tour" => tr!("benchmark-by-inquiry-to-tour"),
        "tour_to_move_in" | "inquiry_to_move_in" => tr!("benchmark-by-bild"),
        "days_to_move_in" => tr!("benchmark-by-days-to-move-in"),
        "first_contact_2h" => tr!("benchmark-by-first-contact"),
        "move_ins_per_move_out_30" | "move_ins_per_move_out_90" => tr!("benchmark-by-moves"),
        _ => b.benchmark.clone(),
    }
}

/// When it was published ("March 2023", "marzo de 2023"), empty for the portal's own target.
pub fn benchmark_when(b: &Benchmark) -> String {
    if b.date.is_empty() {
        return String::new();
    }
    match b.measure.as_str() {
        "occupancy" => tr!("benchmark-when-occupancy"),
        "days_to_move_in" => tr!("benchmark-when-days-to-move-in"),
        "move_ins_per_move_out_30" | "move_ins_per_move_out_90" => tr!("benchmark-when-moves"),
        _ => b.date.clone(),
    }
}

/// [`benchmark_by`] and [`benchmark_when`] on one line ("Bild & Co, 18 states, 2024").
pub fn benchmark_from(b: &Benchmark) -> String {
    match benchmark_when(b) {
        when if when.is_empty() => benchmark_by(b),
        when => format!("{}, {when}", benchmark_by(b)),
    }
}

/// A figure as a measure writes it: a share as a percentage, days as days, a ratio with two
/// decimals ("66 days", "66 días").
pub fn written(measure: &str, value: f64) -> String {
    match measure {
        "days_to_move_in" => tr!("benchmark-days", days = format!("{value:.0}")),
        _ => crate::domain::benchmarks::written(measure, value),
    }
}

/// Why a measure shows "—" rather than a figure: what there was none of to count.
pub fn nothing_to_count(measure: &str) -> String {
    match measure {
        "occupancy" => tr!("benchmark-none-occupancy"),
        "inquiry_to_tour" | "inquiry_to_move_in" => tr!("benchmark-none-inquired"),
        "tour_to_move_in" => tr!("benchmark-none-toured"),
        "days_to_move_in" => tr!("benchmark-none-moved-in"),
        "first_contact_2h" => tr!("benchmark-none-first-contact"),
        "move_ins_per_move_out_30" => tr!("benchmark-none-move-out-30"),
        "move_ins_per_move_out_90" => tr!("benchmark-none-move-out-90"),
        _ => tr!("benchmark-none"),
    }
}

/// Business time waited, the office's days counted: "45 min", "3 h 10 min", "2 business days
/// 4 h", "2 días hábiles 4 h".
pub fn waited(minutes: i64, hours: &BusinessHours) -> String {
    let day = hours.minutes_a_day().max(1);
    if minutes < 60 {
        tr!("waited-minutes", minutes = minutes)
    } else if minutes < day {
        tr!("waited-hours", hours = minutes / 60, minutes = minutes % 60)
    } else {
        tr!(
            "waited-days",
            days = minutes / day,
            hours = (minutes % day) / 60
        )
    }
}

/// The median wait as every pane and page shows it: "—" with no inquiry, "Half not reached"
/// when the middle inquiry has had no contact yet.
pub fn median_wait(median: Option<i64>, known: usize, hours: &BusinessHours) -> String {
    match median {
        Some(m) => waited(m, hours),
        None if known > 0 => tr!("waited-half-not-reached"),
        None => "—".to_owned(),
    }
}

/// A portal's name as printed: the demo portals' labels (which identify them, in English, to
/// the engine and the command line's JSON) in the language in force; a profile's own name as
/// it is.
pub fn portal_name(label: &str) -> String {
    use crate::domain::report::{SANDBOX_PORTAL, SECOND_SANDBOX_PORTAL};
    match label {
        SANDBOX_PORTAL => tr!("portal-name-sandbox"),
        SECOND_SANDBOX_PORTAL => tr!("portal-name-second-sandbox"),
        other => other.to_owned(),
    }
}

/// The portal's own row's name, "All communities", in the language in force (the domain
/// names it in English).
pub fn all_communities() -> String {
    tr!("report-all-communities")
}

/// A row's name as the window says it: the records' own names as they are, and the domain's
/// words for what the records do not give ("Not known", "No campaign") in the language in
/// force.
pub fn row_key(key: &str) -> String {
    match key {
        crate::domain::funnel::NOT_KNOWN => tr!("row-not-known"),
        crate::domain::funnel::NO_CAMPAIGN => tr!("row-no-campaign"),
        other => other.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leasedesk_i18n::{Language, in_language};

    /// The funnel's, the sources' and the lost leads' rows for what the records do not give
    /// read "No se sabe" in Spanish (the weekly report said "Not known"); English keeps the
    /// domain's words, and a source the portal named is its name in either language.
    #[test]
    fn a_row_the_records_do_not_name_is_said_in_the_language_in_force() {
        use crate::domain::funnel::{NO_CAMPAIGN, NOT_KNOWN};
        assert_eq!(
            in_language(Language::English, || row_key(NOT_KNOWN)),
            NOT_KNOWN
        );
        assert_eq!(
            in_language(Language::English, || row_key(NO_CAMPAIGN)),
            NO_CAMPAIGN
        );
        assert_eq!(
            in_language(Language::Spanish, || row_key(NOT_KNOWN)),
            "No se sabe"
        );
        assert_eq!(
            in_language(Language::Spanish, || row_key(NO_CAMPAIGN)),
            "Sin campaña"
        );
        assert_eq!(
            in_language(Language::Spanish, || row_key("Newspaper")),
            "Newspaper"
        );
    }

    #[test]
    fn every_published_measure_is_said_in_each_language_and_english_as_published() {
        for b in crate::domain::benchmarks::published() {
            let english = in_language(Language::English, || {
                (
                    benchmark_label(b),
                    benchmark_definition(b),
                    nothing_to_count(&b.measure),
                )
            });
            assert_eq!(english.0, b.label, "{}", b.measure);
            assert_eq!(english.1, b.definition, "{}", b.measure);
            assert_eq!(
                english.2,
                crate::domain::benchmarks::nothing_to_count(&b.measure),
                "{}",
                b.measure
            );
            let spanish = in_language(Language::Spanish, || {
                (
                    benchmark_label(b),
                    benchmark_definition(b),
                    nothing_to_count(&b.measure),
                )
            });
            // Whose and when, as published in English; in Spanish what the figure covers and
            // its month are words of Spanish (a publisher's name alone stays as it is).
            let (by, when) =
                in_language(Language::English, || (benchmark_by(b), benchmark_when(b)));
            assert_eq!(
                (by.as_str(), when.as_str()),
                (b.benchmark.as_str(), b.date.as_str())
            );
            let (by_es, when_es) =
                in_language(Language::Spanish, || (benchmark_by(b), benchmark_when(b)));
            if b.benchmark != "Senior Housing News" {
                assert_ne!(by_es, by, "{} says whose in Spanish", b.measure);
            }
            if b.date.chars().any(char::is_alphabetic) {
                assert_ne!(when_es, when, "{} says when in Spanish", b.measure);
            }
            assert_ne!(spanish.0, english.0, "{} has a Spanish name", b.measure);
            assert_ne!(spanish.1, english.1, "{} has a Spanish meaning", b.measure);
            assert_ne!(
                spanish.2, english.2,
                "{} says its dash in Spanish",
                b.measure
            );
        }
        let office = BusinessHours::default();
        for (median, known) in [(None, 0), (None, 3), (Some(190), 3), (Some(1500), 3)] {
            assert_eq!(
                in_language(Language::English, || median_wait(median, known, &office)),
                crate::domain::response_times::median_wait_text(median, known, &office)
            );
        }
        assert_eq!(
            in_language(Language::Spanish, || median_wait(None, 3, &office)),
            "La mitad sin contactar"
        );
        assert_eq!(
            in_language(Language::Spanish, || written("days_to_move_in", 66.0)),
            "66 días"
        );
        assert_eq!(
            in_language(Language::English, || written("days_to_move_in", 66.0)),
            crate::domain::benchmarks::written("days_to_move_in", 66.0)
        );
    }
}
