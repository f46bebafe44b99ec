//! A score's reasons: the model's terms grouped as a person reads them (the two tour terms are
//! "tours", every source column is "the source"), each group's share of the lead's log-odds
//! against the average lead, the largest in size first, said with the lead's own figures.

use super::features::{Counts, LeadRecord};
use super::fit::Design;

/// One reason, and how far it moved the log-odds (above 0 raises the likelihood).
#[derive(Debug, Clone, PartialEq)]
pub struct Reason {
    pub words: String,
    pub effect: f64,
}

impl Reason {
    pub fn raises(&self) -> bool {
        self.effect > 0.0
    }

    /// "Toured twice (raises it)".
    pub fn sentence(&self) -> String {
        let way = if self.raises() {
            "raises it"
        } else {
            "lowers it"
        };
        format!("{} ({way})", self.words)
    }
}

fn times(n: u32, one: &str, many: &str) -> String {
    match n {
        0 => format!("no {many}"),
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

fn days(n: i64) -> String {
    match n {
        0 => "today".to_owned(),
        1 => "1 day ago".to_owned(),
        n => format!("{n} days ago"),
    }
}

/// The `count` groups with the largest shares in size.
pub fn biggest(
    design: &Design,
    shares: &[f64],
    record: &LeadRecord,
    counts: &Counts,
    count: usize,
) -> Vec<Reason> {
    let sources = 8..8 + design.sources.len();
    let communities = sources.end..sources.end + design.communities.len();
    let sum = |r: std::ops::Range<usize>| shares[r].iter().sum::<f64>();
    let known = |v: &str| {
        if v.trim().is_empty() {
            "not known".to_owned()
        } else {
            v.to_owned()
        }
    };
    let mut all = vec![
        Reason {
            words: match counts.tours {
                0 => "Not toured yet".to_owned(),
                1 => "Toured once".to_owned(),
                2 => "Toured twice".to_owned(),
                n => format!("Toured {n} times"),
            },
            effect: sum(0..2),
        },
        Reason {
            words: if counts.deposit {
                "Deposit or room reserve taken".to_owned()
            } else {
                "No deposit or room reserve".to_owned()
            },
            effect: shares[2],
        },
        Reason {
            words: format!("Inquired {}", days(counts.days_since_inquiry)),
            effect: shares[3],
        },
        Reason {
            words: format!("Last touch {}", days(counts.days_since_touch)),
            effect: shares[4],
        },
        Reason {
            words: format!(
                "{} from the family",
                capitalised(&times(counts.inbound, "contact", "contacts"))
            ),
            effect: shares[5],
        },
        Reason {
            words: format!(
                "{} from us",
                capitalised(&times(counts.outbound, "contact", "contacts"))
            ),
            effect: shares[6],
        },
        Reason {
            words: capitalised(&times(
                counts.missed,
                "follow-up missed",
                "follow-ups missed",
            )),
            effect: shares[7],
        },
        Reason {
            words: format!("Source: {}", known(&record.source)),
            effect: sum(sources),
        },
        Reason {
            words: format!("Community: {}", known(&record.community)),
            effect: sum(communities),
        },
    ];
    all.sort_by(|a, b| b.effect.abs().total_cmp(&a.effect.abs()));
    all.truncate(count);
    all
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
