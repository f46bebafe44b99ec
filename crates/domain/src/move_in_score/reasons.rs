//! A score's reasons: the model's terms grouped as a person reads them (the two tour terms are
//! "tours", every source column is "the source"), each group's share of the lead's log-odds
//! against the average lead, the largest in size first. Kept as numbers (scoring 40,000 leads
//! makes no text); said with the lead's own figures when shown.

use super::features::Counts;
use super::fit::Design;

/// What a reason is about, with the lead's own figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    Tours(u32),
    Deposit(bool),
    Inquired(i64),
    LastTouch(i64),
    ContactsIn(u32),
    ContactsOut(u32),
    Missed(u32),
    Source,
    Community,
}

/// One reason, and how far it moved the log-odds (above 0 raises the likelihood).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reason {
    pub term: Term,
    pub effect: f64,
}

fn times(n: u32, one: &str, many: &str) -> String {
    match n {
        0 => format!("No {many}"),
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

fn known(v: &str) -> &str {
    if v.trim().is_empty() { "not known" } else { v }
}

impl Reason {
    pub fn raises(&self) -> bool {
        self.effect > 0.0
    }

    /// "Toured twice", with the lead's source and community for those terms.
    pub fn words(&self, source: &str, community: &str) -> String {
        match self.term {
            Term::Tours(0) => "Not toured yet".to_owned(),
            Term::Tours(1) => "Toured once".to_owned(),
            Term::Tours(2) => "Toured twice".to_owned(),
            Term::Tours(n) => format!("Toured {n} times"),
            Term::Deposit(true) => "Deposit or room reserve taken".to_owned(),
            Term::Deposit(false) => "No deposit or room reserve".to_owned(),
            Term::Inquired(n) => format!("Inquired {}", days(n)),
            Term::LastTouch(n) => format!("Last touch {}", days(n)),
            Term::ContactsIn(n) => format!("{} from the family", times(n, "contact", "contacts")),
            Term::ContactsOut(n) => format!("{} from us", times(n, "contact", "contacts")),
            Term::Missed(n) => times(n, "follow-up missed", "follow-ups missed"),
            Term::Source => format!("Source: {}", known(source)),
            Term::Community => format!("Community: {}", known(community)),
        }
    }

    /// Whether the agent makes this figure (our contacts, our follow-ups, our last touch): the
    /// model only sees that such leads moved in more or less often, so its direction is never
    /// said as if calling less would help.
    pub fn is_ours(&self) -> bool {
        matches!(
            self.term,
            Term::ContactsOut(_) | Term::Missed(_) | Term::LastTouch(_)
        )
    }

    /// "Toured twice (raises it)"; for what the agent makes, what to do instead of a
    /// direction: "No contact from us yet: reach out".
    pub fn sentence(&self, source: &str, community: &str) -> String {
        if self.is_ours() {
            let todo = match self.term {
                Term::ContactsOut(0) => "reach out",
                Term::ContactsOut(_) => "keep the next step booked",
                Term::Missed(0) => "keep it so",
                Term::Missed(_) => "catch up on them",
                Term::LastTouch(n) if n > 7 => "reach out again",
                _ => "keep in touch",
            };
            let words = match self.term {
                Term::ContactsOut(0) => "No contact from us yet".to_owned(),
                _ => self.words(source, community),
            };
            return format!("{words}: {todo}");
        }
        let way = if self.raises() {
            "raises it"
        } else {
            "lowers it"
        };
        format!("{} ({way})", self.words(source, community))
    }
}

/// The three groups with the largest shares in size, the largest first.
pub fn biggest(design: &Design, shares: &[f64], counts: &Counts) -> [Reason; 3] {
    let sources = 8..8 + design.sources.len();
    let communities = sources.end..sources.end + design.communities.len();
    let sum = |r: std::ops::Range<usize>| shares[r].iter().sum::<f64>();
    let mut all = [
        Reason {
            term: Term::Tours(counts.tours),
            effect: sum(0..2),
        },
        Reason {
            term: Term::Deposit(counts.deposit),
            effect: shares[2],
        },
        Reason {
            term: Term::Inquired(counts.days_since_inquiry),
            effect: shares[3],
        },
        Reason {
            term: Term::LastTouch(counts.days_since_touch),
            effect: shares[4],
        },
        Reason {
            term: Term::ContactsIn(counts.inbound),
            effect: shares[5],
        },
        Reason {
            term: Term::ContactsOut(counts.outbound),
            effect: shares[6],
        },
        Reason {
            term: Term::Missed(counts.missed),
            effect: shares[7],
        },
        Reason {
            term: Term::Source,
            effect: sum(sources),
        },
        Reason {
            term: Term::Community,
            effect: sum(communities),
        },
    ];
    all.sort_by(|a, b| b.effect.abs().total_cmp(&a.effect.abs()));
    [all[0], all[1], all[2]]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_the_agent_does_is_said_as_what_to_do_never_as_helping_by_not_calling() {
        let say = |term, effect| Reason { term, effect }.sentence("Web", "Maple");
        // The model found leads with no contact from us moved in more often: never "raises it".
        assert_eq!(
            say(Term::ContactsOut(0), 0.8),
            "No contact from us yet: reach out"
        );
        assert_eq!(
            say(Term::ContactsOut(5), -0.6),
            "5 contacts from us: keep the next step booked"
        );
        assert_eq!(
            say(Term::Missed(2), -0.3),
            "2 follow-ups missed: catch up on them"
        );
        assert_eq!(
            say(Term::LastTouch(12), 0.2),
            "Last touch 12 days ago: reach out again"
        );
        for term in [
            Term::ContactsOut(0),
            Term::ContactsOut(3),
            Term::Missed(1),
            Term::LastTouch(2),
        ] {
            for effect in [-1.0, 1.0] {
                let s = say(term, effect);
                assert!(!s.contains("raises") && !s.contains("lowers"), "{s}");
            }
        }
        // The family's side keeps its direction.
        assert_eq!(say(Term::Tours(2), 0.9), "Toured twice (raises it)");
        assert_eq!(
            say(Term::ContactsIn(0), -0.4),
            "No contacts from the family (lowers it)"
        );
    }
}
