//! Which referral sources pay for themselves: per market source (placement agencies and other
//! referral companies are market sources on this service), of the cases that entered the
//! funnel in a period, how many inquired, toured and moved in, the conversion, the median days
//! from entering to moving in, and for a paid source the fees owed at its configured rate
//! (each move-in's fee, a share of its first month where the fee is one) and the cost per
//! move-in. Worked out from the funnel's journeys, so the figures agree with the funnel's.

use std::collections::HashMap;

use crate::api::model::HousingContract;
use crate::funnel::{CaseFacts, Dimension, Journey, Stage, breakdown};
use crate::referral::{PaidSource, paid};

/// One source's line.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct SourceReturn {
    pub source: String,
    /// Cases of the period from this source.
    pub inquiries: usize,
    /// Of them, those who toured (or went further).
    pub tours: usize,
    pub move_ins: usize,
    /// Move-ins ÷ inquiries.
    pub conversion: Option<f64>,
    /// Median days from entering the funnel to moving in, over those who moved in.
    pub median_days_to_move_in: Option<i64>,
    /// The fee as configured ("100% of the first month"), for a paid source.
    pub fee: Option<String>,
    /// What the move-ins owe the source at that rate.
    pub fees_owed: Option<f64>,
    /// Move-ins whose first month is not known (a share-of-rent fee counts nothing for them).
    pub rent_unknown: usize,
    /// Fees owed ÷ move-ins.
    pub cost_per_move_in: Option<f64>,
}

/// Each case's first month (its earliest move-in contract's monthly fee, else the unit's base
/// rate), by case number.
pub fn first_months(contracts: &[HousingContract]) -> HashMap<String, f64> {
    let mut first = FirstMonths::default();
    first.add(contracts);
    first.rents()
}

/// [`first_months`] worked out a batch of contracts at a time (the batches in the order the
/// contracts would be given whole).
#[derive(Debug, Default)]
pub struct FirstMonths {
    /// Per case, its earliest move-in so far and that contract's rent.
    first: HashMap<String, (crate::api::model::Timestamp, f64)>,
}

impl FirstMonths {
    pub fn add(&mut self, contracts: &[HousingContract]) {
        for c in contracts {
            let rent = c
                .monthly_fee
                .filter(|f| f.is_finite() && *f > 0.0)
                .unwrap_or(c.base_monthly);
            match self.first.get_mut(c.case_number.as_str()) {
                Some(known) if c.move_in_date < known.0 => *known = (c.move_in_date, rent),
                Some(_) => {}
                None => {
                    self.first
                        .insert(c.case_number.clone(), (c.move_in_date, rent));
                }
            }
        }
    }

    /// Each case's first month, by case number (cases whose rent is not known left out).
    pub fn rents(self) -> HashMap<String, f64> {
        self.first
            .into_iter()
            .map(|(case, (_, rent))| (case, if rent.is_finite() { rent.max(0.0) } else { 0.0 }))
            .filter(|(_, rent)| *rent > 0.0)
            .collect()
    }
}

/// The lines of the cases `cases` (indices into `journeys`), most inquiries first.
pub fn source_returns(
    journeys: &[Journey],
    facts: &HashMap<String, CaseFacts>,
    cases: &[usize],
    first_month: &HashMap<String, f64>,
    paid_sources: &[PaidSource],
) -> Vec<SourceReturn> {
    breakdown(journeys, facts, cases, Dimension::Source)
        .into_iter()
        .map(|row| {
            let moved: Vec<&Journey> = row
                .cases
                .iter()
                .map(|&i| &journeys[i])
                .filter(|j| j.reached(Stage::MoveIn))
                .collect();
            let mut days: Vec<i64> = moved
                .iter()
                .filter_map(|j| {
                    let entered = j.entered()?;
                    let moved_in = j.dates[Stage::MoveIn.index()]?;
                    Some((moved_in - entered).num_days()).filter(|d| *d >= 0)
                })
                .collect();
            days.sort_unstable();
            let fee = paid(paid_sources, &row.key).map(|p| p.fee);
            let rent_unknown = moved
                .iter()
                .filter(|j| !first_month.contains_key(&j.case_number))
                .count();
            let fees_owed = fee.map(|fee| {
                moved
                    .iter()
                    .map(|j| fee.amount(first_month.get(&j.case_number).copied().unwrap_or(0.0)))
                    .sum::<f64>()
            });
            let (inquiries, move_ins) = (row.cases.len(), moved.len());
            SourceReturn {
                tours: row.figures.reached[Stage::Tour.index()],
                conversion: (inquiries > 0).then(|| move_ins as f64 / inquiries as f64),
                median_days_to_move_in: (!days.is_empty()).then(|| days[(days.len() - 1) / 2]),
                fee: fee.map(|f| f.describe()),
                cost_per_move_in: fees_owed
                    .filter(|_| move_ins > 0)
                    .map(|owed| owed / move_ins as f64),
                fees_owed,
                rent_unknown: if fee.is_some() { rent_unknown } else { 0 },
                source: row.key,
                inquiries,
                move_ins,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referral::Fee;
    use chrono::NaiveDate;

    fn day(text: &str) -> Option<NaiveDate> {
        Some(text.parse().unwrap())
    }

    fn journey(n: usize, dates: [Option<NaiveDate>; 4]) -> Journey {
        Journey {
            case_number: n.to_string(),
            individual_id: n as i64,
            name: format!("Case {n}"),
            dates,
        }
    }

    fn facts(source: &str) -> CaseFacts {
        CaseFacts {
            community: "Maple".into(),
            agent: "Dana".into(),
            source: source.into(),
            campaigns: Vec::new(),
        }
    }

    #[test]
    fn each_source_has_its_conversion_days_and_what_its_move_ins_cost() {
        let journeys = vec![
            // Agency: moved in after 30 days, rent 5,000.
            journey(
                0,
                [
                    day("2026-09-01"),
                    day("2026-09-10"),
                    None,
                    day("2026-10-01"),
                ],
            ),
            // Agency: moved in after 10 days, rent unknown.
            journey(1, [day("2026-09-05"), None, None, day("2026-09-15")]),
            // Agency: toured, did not move in.
            journey(2, [day("2026-09-07"), day("2026-09-20"), None, None]),
            // Website: inquiry only.
            journey(3, [day("2026-09-02"), None, None, None]),
            // Website: moved in after 60 days.
            journey(
                4,
                [
                    day("2026-09-03"),
                    day("2026-09-13"),
                    None,
                    day("2026-11-02"),
                ],
            ),
        ];
        let facts: HashMap<String, CaseFacts> = [
            ("0", "Placement agency"),
            ("1", "Placement agency"),
            ("2", "Placement agency"),
            ("3", "Website"),
            ("4", "Website"),
        ]
        .into_iter()
        .map(|(n, s)| (n.to_owned(), facts(s)))
        .collect();
        let rents: HashMap<String, f64> = [("0".to_owned(), 5000.0), ("4".to_owned(), 4200.0)]
            .into_iter()
            .collect();
        let paid = vec![PaidSource {
            name: "Placement agency".into(),
            fee: Fee::PercentOfFirstMonth(80),
        }];
        let lines = source_returns(&journeys, &facts, &[0, 1, 2, 3, 4], &rents, &paid);
        assert_eq!(lines.len(), 2);
        let agency = &lines[0];
        assert_eq!(agency.source, "Placement agency");
        assert_eq!(
            (agency.inquiries, agency.tours, agency.move_ins),
            (3, 3, 2),
            "a move-in without a tour went further than a tour"
        );
        assert_eq!(agency.conversion, Some(2.0 / 3.0));
        assert_eq!(
            agency.median_days_to_move_in,
            Some(10),
            "the lower middle of 10 and 30"
        );
        assert_eq!(
            agency.fees_owed,
            Some(4000.0),
            "80% of 5,000; the unknown rent owes 0"
        );
        assert_eq!(agency.rent_unknown, 1);
        assert_eq!(agency.cost_per_move_in, Some(2000.0));
        assert_eq!(agency.fee.as_deref(), Some("80% of the first month"));
        let website = &lines[1];
        assert_eq!(
            (website.inquiries, website.tours, website.move_ins),
            (2, 1, 1)
        );
        assert_eq!(website.median_days_to_move_in, Some(60));
        assert_eq!((website.fees_owed, website.cost_per_move_in), (None, None));
        // A fixed fee needs no rent.
        let fixed = vec![PaidSource {
            name: "Website".into(),
            fee: Fee::Fixed(1500),
        }];
        let lines = source_returns(&journeys, &facts, &[3, 4], &HashMap::new(), &fixed);
        assert_eq!(lines[0].fees_owed, Some(1500.0));
        assert_eq!(lines[0].cost_per_move_in, Some(1500.0));
        assert!(source_returns(&journeys, &facts, &[], &rents, &paid).is_empty());
    }
}
