//! Referral fees: which sources are paid for a lead, and the evidence that a referred person was
//! known through another source first (so the fee may not be owed). Fees are the operator's own
//! terms, kept in Settings; nothing here is the service's.

use serde::{Deserialize, Serialize};

use crate::api::model::Timestamp;
use crate::duplicates::FirstContact;
use crate::format;

/// What a paid source charges for a move-in.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Fee {
    /// A share of the first month's rent, in percent.
    PercentOfFirstMonth(u32),
    /// A fixed amount in dollars.
    Fixed(u32),
}

impl Fee {
    /// The fee for a move-in whose first month's rent is `first_month` dollars.
    pub fn amount(self, first_month: f64) -> f64 {
        match self {
            Fee::PercentOfFirstMonth(p) => first_month.max(0.0) * f64::from(p) / 100.0,
            Fee::Fixed(d) => f64::from(d),
        }
    }

    pub fn describe(self) -> String {
        match self {
            Fee::PercentOfFirstMonth(p) => format!("{p}% of the first month"),
            Fee::Fixed(d) => format!("{} a move-in", format::money(f64::from(d))),
        }
    }
}

/// A market source or referral company the operator pays for a move-in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PaidSource {
    pub name: String,
    pub fee: Fee,
}

/// The paid source named `source` (names compared without case or surrounding spaces).
pub fn paid<'a>(paid: &'a [PaidSource], source: &str) -> Option<&'a PaidSource> {
    let source = source.trim();
    paid.iter()
        .find(|p| !source.is_empty() && p.name.trim().eq_ignore_ascii_case(source))
}

/// A contact with the person before this referral, through another source.
#[derive(Debug, Clone, PartialEq)]
pub struct KnownBefore {
    pub case_number: String,
    pub first: FirstContact,
}

/// When `source` is paid and the person was already known (a first contact before `now`
/// through another source, or through none on record): the earliest such contact.
pub fn known_before(
    paid_sources: &[PaidSource],
    source: &str,
    known: &[(String, FirstContact)],
    now: Timestamp,
) -> Option<KnownBefore> {
    paid(paid_sources, source)?;
    known
        .iter()
        .filter(|(_, f)| f.at < now)
        .filter(|(_, f)| {
            !f.source
                .as_deref()
                .is_some_and(|s| s.trim().eq_ignore_ascii_case(source.trim()))
        })
        .min_by_key(|(_, f)| f.at)
        .map(|(case_number, first)| KnownBefore {
            case_number: case_number.clone(),
            first: first.clone(),
        })
}

fn since(before: &KnownBefore) -> String {
    let f = &before.first;
    let via = f
        .source
        .as_deref()
        .map_or(String::new(), |s| format!(" via {s}"));
    format!(
        "Known since {}{via} at {}",
        format::day(f.at.date_naive()),
        f.community
    )
}

/// The evidence kept in the new inquiry's note: both dates and sources.
pub fn evidence(before: &KnownBefore, source: &str, now: Timestamp) -> String {
    format!(
        "Referral check: this inquiry came {} via {source}. {} (case {}), so a referral fee may \
         not be owed.",
        format::day(now.date_naive()),
        since(before),
        before.case_number
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Timestamp {
        chrono::DateTime::parse_from_rfc3339(text).unwrap()
    }

    fn first(day: &str, source: Option<&str>, community: &str) -> FirstContact {
        FirstContact {
            at: at(day),
            source: source.map(str::to_owned),
            community: community.into(),
        }
    }

    #[test]
    fn a_paid_referral_of_someone_known_through_another_source_is_flagged_with_evidence() {
        let paid = vec![PaidSource {
            name: "Placement agency".into(),
            fee: Fee::PercentOfFirstMonth(100),
        }];
        let now = at("2026-11-24T10:00:00-05:00");
        let known = vec![
            (
                "200".to_owned(),
                first(
                    "2026-05-02T09:00:00-05:00",
                    Some("Placement agency"),
                    "Cedar Ridge",
                ),
            ),
            (
                "100".to_owned(),
                first("2026-03-03T09:00:00-05:00", Some("Website"), "Maple Grove"),
            ),
        ];
        let before = known_before(&paid, " placement AGENCY ", &known, now).unwrap();
        assert_eq!(
            before.case_number, "100",
            "the agency's own earlier referral is not it"
        );
        let note = evidence(&before, "Placement agency", now);
        assert!(note.contains("Nov 24, 2026 via Placement agency"), "{note}");
        assert!(
            note.contains("Mar 3, 2026 via Website at Maple Grove (case 100)"),
            "{note}"
        );
        // Not a paid source, or nobody known before: nothing to say.
        assert_eq!(known_before(&paid, "Website", &known, now), None);
        assert_eq!(
            known_before(&paid, "Placement agency", &known[..1], now),
            None
        );
        assert_eq!(known_before(&paid, "Placement agency", &[], now), None);
    }

    #[test]
    fn fees_are_a_share_of_the_first_month_or_fixed() {
        assert_eq!(Fee::PercentOfFirstMonth(80).amount(5000.0), 4000.0);
        assert_eq!(Fee::Fixed(3500).amount(5000.0), 3500.0);
        assert_eq!(Fee::PercentOfFirstMonth(100).amount(-1.0), 0.0);
        assert_eq!(
            Fee::PercentOfFirstMonth(100).describe(),
            "100% of the first month"
        );
    }
}
