//! The move-in score: for each active lead, how likely it is to move in within 90 days, fitted
//! on the portal's own past ([`fit`]), shown hot, warm or cold with the three terms that moved
//! it most from the average lead, in words. Pure: the records come from the store.
//!
//! Honest about itself: the calibration table sets what the score predicted beside what
//! happened, for the last six months' leads, with a model fitted only on what was known before
//! them ([`Calibration`]).

pub mod features;
pub mod fit;
mod reasons;
pub mod records;
pub mod sample;

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{Days, NaiveDate};

pub use features::{Counts, LeadRecord, Told, Touch, told};
pub use fit::{HORIZON_DAYS, Model};
pub use reasons::{Reason, Term};

/// Days held out for the calibration (about six months).
pub const HELD_OUT_DAYS: u64 = 182;

/// Hot, warm or cold: the likelihood against the portal's own rate of moving in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum Band {
    Hot,
    Warm,
    Cold,
}

impl Band {
    /// Hot from twice the portal's rate, cold under half of it.
    pub fn of(likelihood: f64, base_rate: f64) -> Band {
        if likelihood >= 2.0 * base_rate {
            Band::Hot
        } else if likelihood < 0.5 * base_rate {
            Band::Cold
        } else {
            Band::Warm
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Band::Hot => "Hot",
            Band::Warm => "Warm",
            Band::Cold => "Cold",
        }
    }
}

/// A likelihood or a rate in words: whole percents from 10%, one decimal below, "under 0.1%"
/// below that (a rounded "0%" would say it cannot happen; only a true nought is "0%").
pub fn written(likelihood: f64) -> String {
    if !likelihood.is_finite() {
        "—".to_owned()
    } else if likelihood <= 0.0 {
        "0%".to_owned()
    } else if likelihood < 0.001 {
        "under 0.1%".to_owned()
    } else if likelihood < 0.1 {
        format!("{:.1}%", likelihood * 100.0)
    } else {
        format!("{:.0}%", likelihood * 100.0)
    }
}

/// One lead's score.
#[derive(Debug, Clone, PartialEq)]
pub struct Score {
    /// Its source and community, for what is at stake (the rate and any referral fee) and the
    /// reasons' words; shared by every lead of the same.
    pub source: Arc<str>,
    pub community: Arc<str>,
    /// Likelihood of moving in within 90 days, 0 to 1.
    pub likelihood: f64,
    pub band: Band,
    /// The three terms that moved it most from the average lead, the largest first.
    pub reasons: [Reason; 3],
}

impl Score {
    /// The reasons in words: "Toured twice (raises it)".
    pub fn sentences(&self) -> Vec<String> {
        self.reasons
            .iter()
            .map(|r| r.sentence(&self.source, &self.community))
            .collect()
    }

    /// "Hot · 46% likely to move in within 90 days".
    pub fn summary(&self) -> String {
        format!(
            "{} · {} likely to move in within 90 days",
            self.band.label(),
            written(self.likelihood)
        )
    }
}

/// One tenth of the held-out leads, by what the score predicted.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Decile {
    pub leads: usize,
    pub predicted: f64,
    pub moved_in: f64,
}

/// Predicted against what happened.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Calibration {
    /// The lowest predictions first.
    pub deciles: Vec<Decile>,
    /// The held-out leads' rate of moving in within 90 days.
    pub rate: f64,
    /// The held-out days: leads as of these days, outcomes over the 90 days after each.
    pub from: NaiveDate,
    pub to: NaiveDate,
    /// Rows the held-out model was fitted on.
    pub fitted_on: usize,
}

impl Calibration {
    /// The top tenth's rate of moving in over everyone's: how much better than chance the
    /// score picks.
    pub fn top_lift(&self) -> Option<f64> {
        let top = self.deciles.last()?;
        (self.rate > 0.0).then(|| top.moved_in / self.rate)
    }
}

/// Every active lead's score as of a day, and how well the score did on the past.
#[derive(Debug, Clone, PartialEq)]
pub struct Scores {
    pub as_of: NaiveDate,
    pub by_case: HashMap<String, Score, foldhash::fast::RandomState>,
    /// The portal's rate of moving in within 90 days, over the rows fitted on.
    pub base_rate: f64,
    pub fitted_on: usize,
    /// `None` when the past before the held-out months is too short to fit on.
    pub calibration: Option<Calibration>,
    /// Each community's typical monthly rate (the median of its units' base monthly rates),
    /// filled by whoever has the units.
    pub monthly_rates: HashMap<String, f64>,
}

impl Scores {
    /// What is at stake with a lead: how likely it is to move in, times the first month's
    /// rent at its community's typical rate, less the referral fee its source would be owed
    /// for that move-in. `None` for a lead not scored, or a community with no rate.
    pub fn stake(&self, case_number: &str, paid: &[crate::referral::PaidSource]) -> Option<f64> {
        let score = self.by_case.get(case_number)?;
        let rate = *self.monthly_rates.get(&*score.community)?;
        let fee = crate::referral::paid(paid, &score.source).map_or(0.0, |p| p.fee.amount(rate));
        Some(score.likelihood * (rate - fee))
    }
}

/// Why there is no score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoScore {
    /// The offline copy does not hold everyone's activities yet (its first sync is filling).
    NotKept,
    /// The portal's past has too few leads, or too few move-ins, to fit on.
    TooLittleHistory { leads: usize, move_ins: usize },
}

impl std::fmt::Display for NoScore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoScore::NotKept => write!(
                f,
                "The score is worked out from this desk's offline copy, which is still filling \
                 (the first sync); it shows once the sync is done"
            ),
            NoScore::TooLittleHistory { leads, move_ins } => write!(
                f,
                "Too little history to score leads: {leads} past leads, {move_ins} of whom \
                 moved in within 90 days (at least {} and {} are needed)",
                fit::MIN_LEADS,
                fit::MIN_MOVE_INS
            ),
        }
    }
}

fn earliest(records: &[LeadRecord]) -> Option<NaiveDate> {
    records.iter().map(|r| r.inquired).min()
}

/// The past days whose 90-day outcome is known by `known_by`.
fn days_known_by(records: &[LeadRecord], known_by: NaiveDate) -> Vec<NaiveDate> {
    let Some(first) = earliest(records) else {
        return Vec::new();
    };
    let last = known_by - Days::new(HORIZON_DAYS as u64);
    fit::past_days(first, last).collect()
}

/// Scores the active leads as of `today`, with a model fitted on every past day whose outcome
/// is known, and the calibration of one fitted without the last six months.
pub fn score_all(records: &[LeadRecord], today: NaiveDate) -> Result<Scores, NoScore> {
    let rows = fit::rows_on(records, &days_known_by(records, today));
    let Some(model) = fit::fit(records, &rows) else {
        let (leads, move_ins) = fit::leads_and_movers(records, &rows);
        return Err(NoScore::TooLittleHistory { leads, move_ins });
    };
    drop(rows);
    let by_case = score_leads(&model, records, today);
    Ok(Scores {
        as_of: today,
        by_case,
        base_rate: model.base_rate,
        fitted_on: model.rows,
        calibration: calibration(records, today),
        monthly_rates: HashMap::new(),
    })
}

/// The active leads' scores by a fitted model. Buffers are kept between leads and a source's
/// or community's name is shared, so a lead costs its case number and nothing else.
pub fn score_leads(
    model: &Model,
    records: &[LeadRecord],
    today: NaiveDate,
) -> HashMap<String, Score, foldhash::fast::RandomState> {
    let mut values = Vec::with_capacity(model.design.columns());
    let mut shares = Vec::with_capacity(model.design.columns());
    let mut names: HashMap<&str, Arc<str>, foldhash::fast::RandomState> = HashMap::default();
    let scored = |r: &&LeadRecord| r.active && r.was_lead_on(today);
    // Sized once: growing a map of 40,000 cost a tenth of the time.
    let mut out = HashMap::with_capacity_and_hasher(
        records.iter().filter(scored).count(),
        foldhash::fast::RandomState::default(),
    );
    for r in records.iter().filter(scored) {
        let counts = Counts::of(r, today);
        model.design.values(r, &counts, &mut values);
        model.shares_into(&values, &mut shares);
        let likelihood = fit::sigmoid(model.intercept + shares.iter().sum::<f64>());
        let source = names
            .entry(r.source.as_str())
            .or_insert_with(|| Arc::from(r.source.as_str()))
            .clone();
        let community = names
            .entry(r.community.as_str())
            .or_insert_with(|| Arc::from(r.community.as_str()))
            .clone();
        let score = Score {
            source,
            community,
            likelihood,
            band: Band::of(likelihood, model.base_rate),
            reasons: reasons::biggest(&model.design, &shares, &counts),
        };
        out.insert(r.case_number.clone(), score);
    }
    out
}

/// The held-out check: fitted on days whose outcome was known six months before `today`, tried
/// on the days of the last six months whose outcome is known now.
pub fn calibration(records: &[LeadRecord], today: NaiveDate) -> Option<Calibration> {
    let cut = today - Days::new(HELD_OUT_DAYS);
    let train = fit::rows_on(records, &days_known_by(records, cut));
    let model = fit::fit(records, &train)?;
    let held_days: Vec<NaiveDate> = days_known_by(records, today)
        .into_iter()
        .filter(|d| *d > cut)
        .collect();
    let (from, to) = (*held_days.last()?, *held_days.first()?);
    let held = fit::rows_on(records, &held_days);
    let mut values = Vec::with_capacity(model.design.columns());
    let mut pairs: Vec<(f64, bool)> = held
        .iter()
        .map(|&(i, day)| {
            let r = &records[i as usize];
            model.design.values(r, &Counts::of(r, day), &mut values);
            (
                model.likelihood(&values),
                r.moved_in_within(day, HORIZON_DAYS),
            )
        })
        .collect();
    if pairs.len() < 10 {
        return None;
    }
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = pairs.len();
    let deciles = (0..10)
        .map(|k| {
            let part = &pairs[k * n / 10..(k + 1) * n / 10];
            let leads = part.len();
            Decile {
                leads,
                predicted: part.iter().map(|p| p.0).sum::<f64>() / leads as f64,
                moved_in: part.iter().filter(|p| p.1).count() as f64 / leads as f64,
            }
        })
        .collect();
    Some(Calibration {
        deciles,
        rate: pairs.iter().filter(|p| p.1).count() as f64 / n as f64,
        from,
        to,
        fitted_on: model.rows,
    })
}

#[cfg(test)]
mod tests;
