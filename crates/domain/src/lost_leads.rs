//! Lost leads: a lead closed as lost, with a reason and, where known, where the person went
//! (the portal's LostLeadType 37 and LostLeadDestinationType 28 lists). The service has no
//! update of individuals, so the closing is recorded as a completed activity whose description
//! says it ("Lost lead: Chose another community; went to Competitor"); a later inquiry reopens
//! the lead. Sales counts the records by reason or destination, per community, agent or source.

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, NaiveDate, Utc};

use crate::api::model::{Activity, Timestamp};

/// How a lost-lead record's description starts.
pub const LOST_PREFIX: &str = "Lost lead: ";
const WENT_TO: &str = "; went to ";
/// A reason or destination is cut to this many characters (the lists' names are short).
pub const MAX_PART: usize = 120;
/// Months a table spans at most.
pub const MAX_MONTHS: usize = 24;

/// Types through which the person reaches the community again: after one, a loss no longer
/// holds (a re-inquiry reopens the lead).
pub const INBOUND_TYPES: [&str; 7] = [
    "Inquiry",
    "Web Form",
    "Walk-in",
    "Call In",
    "Email In",
    "Referral",
    "Outreach Call In",
];

pub fn is_inbound(kind: &str) -> bool {
    INBOUND_TYPES.contains(&kind)
}

/// Why a lead was lost, and where they went.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LostLead {
    pub reason: String,
    pub destination: Option<String>,
}

fn part(text: &str) -> String {
    // ";" separates the parts: a name holding one is written with a comma instead.
    text.trim()
        .replace(';', ",")
        .chars()
        .take(MAX_PART)
        .collect()
}

impl LostLead {
    /// The record's description.
    pub fn description(&self) -> String {
        let mut text = format!("{LOST_PREFIX}{}", part(&self.reason));
        if let Some(went) = self.destination.as_deref().filter(|d| !d.trim().is_empty()) {
            text.push_str(WENT_TO);
            text.push_str(&part(went));
        }
        text
    }

    /// Reads a description written by [`LostLead::description`].
    pub fn parse(description: &str) -> Option<LostLead> {
        let rest = description.trim().strip_prefix(LOST_PREFIX)?;
        let (reason, destination) = match rest.split_once(WENT_TO) {
            Some((reason, went)) => (reason, Some(went.trim().to_owned())),
            None => (rest, None),
        };
        let reason = reason.trim();
        (!reason.is_empty()).then(|| LostLead {
            reason: reason.to_owned(),
            destination: destination.filter(|d| !d.is_empty()),
        })
    }

    /// The lost-lead record an activity is, if it is one (completed, with the description).
    pub fn of(activity: &Activity) -> Option<LostLead> {
        if !activity.completed || activity.cancelled || activity.no_show {
            return None;
        }
        LostLead::parse(&activity.activity_name)
    }
}

/// Whether a lead is lost: it has a lost record, and nothing came in from the person after it.
pub fn still_lost(lost_at: Option<Timestamp>, last_inbound: Option<Timestamp>) -> bool {
    lost_at.is_some_and(|lost| last_inbound.is_none_or(|back| back <= lost))
}

/// One lost-lead record, with what Sales groups it by.
#[derive(Debug, Clone, PartialEq)]
pub struct LostRecord {
    pub at: DateTime<Utc>,
    pub lost: LostLead,
    pub community: String,
    pub agent: String,
    pub source: String,
}

impl LostRecord {
    /// The record an activity is, grouped by its case's agent and source (the record's own
    /// assignee and source where the case is not known) and the record's community.
    pub fn of(
        activity: &Activity,
        case: Option<&crate::api::model::SearchCase>,
    ) -> Option<LostRecord> {
        let lost = LostLead::of(activity)?;
        let primary = case.map(|c| &c.primary);
        let community = if activity.community.name.is_empty() {
            primary
                .and_then(|p| p.communities.first())
                .map(|c| c.name.clone())
                .unwrap_or_default()
        } else {
            activity.community.name.clone()
        };
        Some(LostRecord {
            at: activity.due_date.with_timezone(&Utc),
            lost,
            community,
            agent: primary
                .map(|p| p.assigned_user.clone())
                .filter(|a| !a.is_empty())
                .unwrap_or_else(|| activity.assigned_name.clone()),
            source: primary
                .and_then(|p| p.market_source.clone())
                .or_else(|| activity.market_source.clone())
                .unwrap_or_default(),
        })
    }
}

/// Every lost-lead record among `activities`, with the cases they belong to (by case number).
pub fn records_of(
    activities: &[Activity],
    cases: &[crate::api::model::SearchCase],
) -> Vec<LostRecord> {
    let by_number: std::collections::HashMap<&str, &crate::api::model::SearchCase> = cases
        .iter()
        .map(|c| (c.primary.case_number.as_str(), c))
        .collect();
    activities
        .iter()
        .filter_map(|a| LostRecord::of(a, by_number.get(a.case_number.as_str()).copied()))
        .collect()
}

/// What the rows are.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum LostWhat {
    #[default]
    Reason,
    Destination,
}

/// What each row is split by.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum LostBy {
    #[default]
    Community,
    Agent,
    Source,
}

/// A reason (or destination) for one community (agent, source): counts a month.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct LostRow {
    pub what: String,
    pub by: String,
    pub per_month: Vec<usize>,
    pub total: usize,
}

#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct LostTable {
    /// The first day of each month shown, oldest first.
    pub months: Vec<NaiveDate>,
    /// Most lost first.
    pub rows: Vec<LostRow>,
    pub total: usize,
}

impl LostTable {
    /// Each reason's (or destination's) total over every row, most first, then by name.
    pub fn totals(&self) -> Vec<(String, usize)> {
        let mut totals: BTreeMap<&str, usize> = BTreeMap::new();
        for row in &self.rows {
            *totals.entry(row.what.as_str()).or_default() += row.total;
        }
        let mut list: Vec<(String, usize)> =
            totals.into_iter().map(|(w, n)| (w.to_owned(), n)).collect();
        list.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        list
    }
}

/// Words for a destination nobody recorded.
pub const NOT_SAID: &str = "(not recorded)";

fn first_of_month(day: NaiveDate) -> NaiveDate {
    day.with_day(1).unwrap_or(day)
}

fn next_month(day: NaiveDate) -> Option<NaiveDate> {
    day.checked_add_months(chrono::Months::new(1))
}

/// The records from `from` to `to` (days, inclusive) counted by month.
pub fn lost_table(
    records: &[LostRecord],
    (from, to): (NaiveDate, NaiveDate),
    what: LostWhat,
    by: LostBy,
) -> LostTable {
    let mut months = Vec::new();
    let mut month = first_of_month(from);
    while month <= to && months.len() < MAX_MONTHS {
        months.push(month);
        match next_month(month) {
            Some(next) => month = next,
            None => break,
        }
    }
    let mut groups: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
    let mut total = 0;
    for r in records {
        let day = r.at.date_naive();
        if day < from || day > to {
            continue;
        }
        let Some(slot) = months.iter().rposition(|m| *m <= day) else {
            continue;
        };
        let key_what = match what {
            LostWhat::Reason => r.lost.reason.clone(),
            LostWhat::Destination => r.lost.destination.clone().unwrap_or(NOT_SAID.into()),
        };
        let key_by = match by {
            LostBy::Community => &r.community,
            LostBy::Agent => &r.agent,
            LostBy::Source => &r.source,
        };
        let key_by = if key_by.trim().is_empty() {
            crate::funnel::NOT_KNOWN.to_owned()
        } else {
            key_by.clone()
        };
        let counts = groups
            .entry((key_what, key_by))
            .or_insert_with(|| vec![0; months.len()]);
        counts[slot] += 1;
        total += 1;
    }
    let mut rows: Vec<LostRow> = groups
        .into_iter()
        .map(|((what, by), per_month)| LostRow {
            total: per_month.iter().sum(),
            what,
            by,
            per_month,
        })
        .collect();
    rows.sort_by(|a, b| {
        b.total
            .cmp(&a.total)
            .then_with(|| a.what.cmp(&b.what))
            .then_with(|| a.by.cmp(&b.by))
    });
    LostTable {
        months,
        rows,
        total,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    fn record(at: &str, reason: &str, went: Option<&str>, community: &str) -> LostRecord {
        LostRecord {
            at: format!("{at}T15:00:00Z").parse().unwrap(),
            lost: LostLead {
                reason: reason.into(),
                destination: went.map(Into::into),
            },
            community: community.into(),
            agent: "Dana".into(),
            source: String::new(),
        }
    }

    #[test]
    fn a_record_is_written_and_read_back() {
        let lost = LostLead {
            reason: "Chose another community".into(),
            destination: Some("Competitor; nearby".into()),
        };
        let text = lost.description();
        assert_eq!(
            text,
            "Lost lead: Chose another community; went to Competitor, nearby"
        );
        assert_eq!(
            LostLead::parse(&text),
            Some(LostLead {
                reason: "Chose another community".into(),
                destination: Some("Competitor, nearby".into()),
            })
        );
        let bare = LostLead {
            reason: "Price".into(),
            destination: Some("  ".into()),
        };
        assert_eq!(bare.description(), "Lost lead: Price");
        assert_eq!(
            LostLead::parse("Lost lead: Price").unwrap().destination,
            None
        );
        assert_eq!(LostLead::parse("Lost lead:   "), None);
        assert_eq!(LostLead::parse("Called about the lost lead list"), None);
        let long = LostLead {
            reason: "x".repeat(5000),
            destination: None,
        };
        assert_eq!(long.description().len(), LOST_PREFIX.len() + MAX_PART);
    }

    #[test]
    fn a_later_inquiry_reopens_a_lost_lead() {
        let at = |t: &str| chrono::DateTime::parse_from_rfc3339(t).unwrap();
        let lost = Some(at("2026-11-10T10:00:00-05:00"));
        assert!(still_lost(lost, None));
        assert!(still_lost(lost, Some(at("2026-11-01T10:00:00-05:00"))));
        assert!(!still_lost(lost, Some(at("2026-11-12T10:00:00-05:00"))));
        assert!(!still_lost(None, None));
    }

    #[test]
    fn records_are_counted_by_month_and_group_in_the_period_only() {
        let records = vec![
            record("2026-09-03", "Price", Some("Home care"), "Maple"),
            record("2026-10-03", "Price", Some("Home care"), "Maple"),
            record("2026-10-20", "Price", None, "Oak"),
            record("2026-11-02", "Health", Some("Hospital"), "Maple"),
            record("2026-08-31", "Price", None, "Maple"),
            record("2026-12-01", "Price", None, "Maple"),
        ];
        let period = (day("2026-09-01"), day("2026-11-30"));
        let table = lost_table(&records, period, LostWhat::Reason, LostBy::Community);
        assert_eq!(
            table.months,
            vec![day("2026-09-01"), day("2026-10-01"), day("2026-11-01")]
        );
        assert_eq!(
            table.total, 4,
            "the records outside the period are left out"
        );
        let rows: Vec<(&str, &str, &[usize])> = table
            .rows
            .iter()
            .map(|r| (r.what.as_str(), r.by.as_str(), r.per_month.as_slice()))
            .collect();
        assert_eq!(
            rows,
            vec![
                ("Price", "Maple", &[1, 1, 0][..]),
                ("Health", "Maple", &[0, 0, 1][..]),
                ("Price", "Oak", &[0, 1, 0][..]),
            ]
        );
        assert_eq!(
            table.totals(),
            vec![("Price".to_owned(), 3), ("Health".to_owned(), 1)],
            "each reason's total over the communities"
        );
        let went = lost_table(&records, period, LostWhat::Destination, LostBy::Agent);
        let rows: Vec<(&str, &str, usize)> = went
            .rows
            .iter()
            .map(|r| (r.what.as_str(), r.by.as_str(), r.total))
            .collect();
        assert_eq!(
            rows,
            vec![
                ("Home care", "Dana", 2),
                ("(not recorded)", "Dana", 1),
                ("Hospital", "Dana", 1)
            ]
        );
        let by_source = lost_table(&records, period, LostWhat::Reason, LostBy::Source);
        assert!(
            by_source
                .rows
                .iter()
                .all(|r| r.by == crate::funnel::NOT_KNOWN)
        );
        let long = lost_table(
            &records,
            (day("2000-01-01"), day("2030-01-01")),
            LostWhat::Reason,
            LostBy::Community,
        );
        assert_eq!(long.months.len(), MAX_MONTHS);
    }
}
