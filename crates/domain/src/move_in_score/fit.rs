//! The score's model: a logistic regression of "moved in within 90 days" on a lead's terms,
//! fitted on the portal's own past. Each past day (every two weeks), every case that was a lead
//! on it gives one row: its terms as of that day, and whether it moved in within the 90 days
//! after. Newton's method with a light ridge (so a rare source cannot run away), on terms
//! centred and scaled by the rows' own means, which makes each term's share of a lead's log-odds
//! its difference from the average lead: the reasons read straight off it.

use std::collections::HashMap;

use chrono::NaiveDate;

use super::features::{Counts, LeadRecord, PLAIN_TERMS, plain_values};

/// The outcome's window: moved in within this many days.
pub const HORIZON_DAYS: i64 = 90;
/// Days between the past days rows are taken on.
pub const STEP_DAYS: i64 = 14;
/// Past days looked back on at most (two years of fortnights).
pub const MAX_STEPS: i64 = 52;
/// Rows fitted on at most; more are thinned evenly.
pub const MAX_ROWS: usize = 60_000;
/// Sources and communities given a term of their own (the most common); the rest share the
/// average.
pub const MAX_LEVELS: usize = 6;
/// Fewer leads, or fewer of them moving in, is too little to fit on (each lead gives a row on
/// several days; these count leads).
pub const MIN_LEADS: usize = 200;
pub const MIN_MOVE_INS: usize = 20;

const RIDGE: f64 = 1.0;
const NEWTON_STEPS: usize = 12;

/// Which column is which: the plain terms, then one per source, then one per community.
#[derive(Debug, Clone, PartialEq)]
pub struct Design {
    pub sources: Vec<String>,
    pub communities: Vec<String>,
}

impl Design {
    pub fn columns(&self) -> usize {
        PLAIN_TERMS.len() + self.sources.len() + self.communities.len()
    }

    /// The terms of `record` as of `day` (without the intercept).
    pub fn values(&self, record: &LeadRecord, counts: &Counts, out: &mut Vec<f64>) {
        out.clear();
        out.extend(plain_values(counts));
        out.extend(
            self.sources
                .iter()
                .map(|s| f64::from(u8::from(*s == record.source))),
        );
        out.extend(
            self.communities
                .iter()
                .map(|c| f64::from(u8::from(*c == record.community))),
        );
    }
}

/// A fitted model.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    pub design: Design,
    pub means: Vec<f64>,
    pub scales: Vec<f64>,
    /// The average lead's log-odds.
    pub intercept: f64,
    pub weights: Vec<f64>,
    /// Share of the rows that moved in within 90 days.
    pub base_rate: f64,
    pub rows: usize,
    pub move_ins: usize,
}

impl Model {
    /// Each term's share of the log-odds, against the average lead.
    pub fn shares(&self, values: &[f64]) -> Vec<f64> {
        values
            .iter()
            .enumerate()
            .map(|(j, v)| self.weights[j] * (v - self.means[j]) / self.scales[j])
            .collect()
    }

    /// [`Self::shares`] into a buffer kept between leads.
    pub fn shares_into(&self, values: &[f64], out: &mut Vec<f64>) {
        out.clear();
        out.extend(
            values
                .iter()
                .enumerate()
                .map(|(j, v)| self.weights[j] * (v - self.means[j]) / self.scales[j]),
        );
    }

    pub fn likelihood(&self, values: &[f64]) -> f64 {
        sigmoid(self.intercept + self.shares(values).iter().sum::<f64>())
    }
}

pub fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The past days rows are taken on: every two weeks back from `last`, not before `first`.
pub fn past_days(first: NaiveDate, last: NaiveDate) -> impl Iterator<Item = NaiveDate> {
    (0..MAX_STEPS)
        .map(move |k| last - chrono::Days::new((k * STEP_DAYS) as u64))
        .take_while(move |d| *d >= first)
}

/// The (record, day) pairs that are rows: every case that was a lead on each day.
pub fn rows_on(records: &[LeadRecord], days: &[NaiveDate]) -> Vec<(u32, NaiveDate)> {
    let mut rows = Vec::new();
    for &day in days {
        for (i, r) in records.iter().enumerate() {
            if r.was_lead_on(day) {
                rows.push((i as u32, day));
            }
        }
    }
    thin(rows, MAX_ROWS)
}

/// Every n-th row, so at most `max` are left, spread over every day and case.
fn thin<T>(rows: Vec<T>, max: usize) -> Vec<T> {
    if rows.len() <= max {
        return rows;
    }
    let stride = rows.len().div_ceil(max);
    rows.into_iter().step_by(stride).collect()
}

/// The most common values of `of` among the rows, at most [`MAX_LEVELS`], each on 1% or more
/// of them; empty values are never a level.
fn levels(
    records: &[LeadRecord],
    rows: &[(u32, NaiveDate)],
    of: impl Fn(&LeadRecord) -> &str,
) -> Vec<String> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for &(i, _) in rows {
        let v = of(&records[i as usize]);
        if !v.trim().is_empty() {
            *counts.entry(v).or_default() += 1;
        }
    }
    let mut by_count: Vec<(&str, usize)> = counts.into_iter().collect();
    by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    by_count
        .into_iter()
        .filter(|(_, n)| n * 100 >= rows.len())
        .take(MAX_LEVELS)
        .map(|(v, _)| v.to_owned())
        .collect()
}

/// Fits on the rows; `None` when they are too few, or hold too few move-ins, to say anything.
pub fn fit(records: &[LeadRecord], rows: &[(u32, NaiveDate)]) -> Option<Model> {
    let outcome =
        |&(i, day): &(u32, NaiveDate)| records[i as usize].moved_in_within(day, HORIZON_DAYS);
    let move_ins = rows.iter().filter(|r| outcome(r)).count();
    let (leads, movers) = leads_and_movers(records, rows);
    if leads < MIN_LEADS || movers < MIN_MOVE_INS || move_ins == rows.len() {
        return None;
    }
    let design = Design {
        sources: levels(records, rows, |r| &r.source),
        communities: levels(records, rows, |r| &r.community),
    };
    let d = design.columns();
    let mut x = Vec::with_capacity(rows.len() * d);
    let mut y = Vec::with_capacity(rows.len());
    let mut values = Vec::with_capacity(d);
    for row in rows {
        let record = &records[row.0 as usize];
        design.values(record, &Counts::of(record, row.1), &mut values);
        x.extend_from_slice(&values);
        y.push(f64::from(u8::from(outcome(row))));
    }
    let n = rows.len() as f64;
    let mut means = vec![0.0; d];
    for r in x.chunks_exact(d) {
        for j in 0..d {
            means[j] += r[j] / n;
        }
    }
    let mut scales = vec![0.0; d];
    for r in x.chunks_exact(d) {
        for j in 0..d {
            scales[j] += (r[j] - means[j]).powi(2) / n;
        }
    }
    // A term that never varies (every row the same) has no say: scale 1 keeps it finite.
    let scales: Vec<f64> = scales
        .into_iter()
        .map(|v| if v > 1e-12 { v.sqrt() } else { 1.0 })
        .collect();
    for r in x.chunks_exact_mut(d) {
        for j in 0..d {
            r[j] = (r[j] - means[j]) / scales[j];
        }
    }
    let beta = newton(&x, &y, d)?;
    Some(Model {
        design,
        means,
        scales,
        intercept: beta[0],
        weights: beta[1..].to_vec(),
        base_rate: move_ins as f64 / n,
        rows: rows.len(),
        move_ins,
    })
}

/// How many leads the rows are of, and how many of them moved in within 90 days of a row.
pub fn leads_and_movers(records: &[LeadRecord], rows: &[(u32, NaiveDate)]) -> (usize, usize) {
    let mut leads = std::collections::HashSet::new();
    let mut movers = std::collections::HashSet::new();
    for &(i, day) in rows {
        leads.insert(i);
        if records[i as usize].moved_in_within(day, HORIZON_DAYS) {
            movers.insert(i);
        }
    }
    (leads.len(), movers.len())
}

/// The ridge-penalised log-likelihood of `beta` (the intercept not penalised).
fn penalised(x: &[f64], y: &[f64], d: usize, beta: &[f64]) -> f64 {
    let mut sum = 0.0;
    for (r, &target) in x.chunks_exact(d).zip(y) {
        let z = beta[0] + r.iter().zip(&beta[1..]).map(|(a, b)| a * b).sum::<f64>();
        // log(1 + e^z) without overflow.
        let soft = if z > 0.0 {
            z + (-z).exp().ln_1p()
        } else {
            z.exp().ln_1p()
        };
        sum += target * z - soft;
    }
    sum - 0.5 * RIDGE * beta[1..].iter().map(|b| b * b).sum::<f64>()
}

/// Maximises the ridge-penalised likelihood; `beta[0]` is the intercept (not penalised).
fn newton(x: &[f64], y: &[f64], d: usize) -> Option<Vec<f64>> {
    let k = d + 1;
    let mut beta = vec![0.0; k];
    let mean_y = y.iter().sum::<f64>() / y.len() as f64;
    beta[0] = (mean_y / (1.0 - mean_y)).ln();
    let mut row = vec![0.0; k];
    for _ in 0..NEWTON_STEPS {
        let mut gradient = vec![0.0; k];
        let mut hessian = vec![0.0; k * k];
        for (r, &target) in x.chunks_exact(d).zip(y) {
            row[0] = 1.0;
            row[1..].copy_from_slice(r);
            let z: f64 = row.iter().zip(&beta).map(|(a, b)| a * b).sum();
            let p = sigmoid(z);
            let w = (p * (1.0 - p)).max(1e-9);
            for a in 0..k {
                gradient[a] += (target - p) * row[a];
                let wa = w * row[a];
                for b in a..k {
                    hessian[a * k + b] += wa * row[b];
                }
            }
        }
        for a in 0..k {
            for b in 0..a {
                hessian[a * k + b] = hessian[b * k + a];
            }
            if a > 0 {
                gradient[a] -= RIDGE * beta[a];
                hessian[a * k + a] += RIDGE;
            }
        }
        let step = solve(hessian, gradient, k)?;
        let size: f64 = step.iter().map(|s| s.abs()).fold(0.0, f64::max);
        // A full Newton step can overshoot where a term nearly separates the outcomes: the
        // step is halved until the likelihood does not fall.
        let before = penalised(x, y, d, &beta);
        let mut scale = 1.0;
        let mut tried = beta.clone();
        for _ in 0..30 {
            for ((t, b), s) in tried.iter_mut().zip(&beta).zip(&step) {
                *t = b + scale * s;
            }
            if penalised(x, y, d, &tried) >= before - 1e-9 {
                break;
            }
            scale /= 2.0;
        }
        beta.copy_from_slice(&tried);
        if size * scale < 1e-8 {
            break;
        }
    }
    beta.iter().all(|b| b.is_finite()).then_some(beta)
}

/// Solves `a · x = b` (Gaussian elimination with partial pivoting); `None` when singular.
fn solve(mut a: Vec<f64>, mut b: Vec<f64>, k: usize) -> Option<Vec<f64>> {
    for col in 0..k {
        let pivot =
            (col..k).max_by(|&i, &j| a[i * k + col].abs().total_cmp(&a[j * k + col].abs()))?;
        if a[pivot * k + col].abs() < 1e-12 {
            return None;
        }
        if pivot != col {
            for c in 0..k {
                a.swap(pivot * k + c, col * k + c);
            }
            b.swap(pivot, col);
        }
        for r in col + 1..k {
            let f = a[r * k + col] / a[col * k + col];
            if f != 0.0 {
                for c in col..k {
                    a[r * k + c] -= f * a[col * k + c];
                }
                b[r] -= f * b[col];
            }
        }
    }
    let mut x = vec![0.0; k];
    for r in (0..k).rev() {
        let rest: f64 = (r + 1..k).map(|c| a[r * k + c] * x[c]).sum();
        x[r] = (b[r] - rest) / a[r * k + r];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_solver_solves_and_refuses_a_singular_system() {
        let x = solve(vec![2.0, 1.0, 1.0, 3.0], vec![3.0, 5.0], 2).unwrap();
        assert!(
            (x[0] - 0.8).abs() < 1e-12 && (x[1] - 1.4).abs() < 1e-12,
            "{x:?}"
        );
        assert!(solve(vec![1.0, 2.0, 2.0, 4.0], vec![1.0, 2.0], 2).is_none());
    }

    #[test]
    fn thinning_keeps_at_most_the_budget_spread_over_all() {
        let rows: Vec<u32> = (0..1000).collect();
        let kept = thin(rows, 300);
        assert!(kept.len() <= 300 && kept.len() >= 250, "{}", kept.len());
        assert!(*kept.last().unwrap() > 900, "the last rows are kept too");
    }
}
