//! The guard over lists that offer a contact (My day's new leads, missed calls and plan steps;
//! the team's steps due): each row carries what holds each channel it offers: the family's
//! word, and the federal hours (with a director's narrower ones) by the community's clock. The
//! store keeps no addresses, so a list cannot know the family's state or zone: the dialog a
//! row opens reads them and keeps to the state's hours, days and cap too before anything is
//! handed over (docs/decisions.md, "Lists hold by the community's clock").

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use super::{Rules, Verdict, check_case};
use crate::api::model::Activity;
use crate::channel::Channel;

/// What holds one channel of a row.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ChannelHold {
    pub channel: Channel,
    pub kind: super::HoldKind,
    pub reason: super::Reason,
    /// When it would be allowed; `None` while the family's word stands.
    pub next_allowed: Option<DateTime<Utc>>,
}

/// The hold on `channel` among `holds`, if any.
pub fn hold_on(holds: &[ChannelHold], channel: Channel) -> Option<&ChannelHold> {
    holds.iter().find(|h| h.channel == channel)
}

/// The case's activities, for the cases named (each row's case only: a portal's others are
/// never copied).
pub struct CaseActivities {
    by_case: HashMap<String, Vec<Activity>>,
}

impl CaseActivities {
    pub fn of<'a>(
        cases: impl IntoIterator<Item = &'a str>,
        activities: &[Activity],
    ) -> CaseActivities {
        let wanted: HashSet<&str> = cases.into_iter().collect();
        let mut by_case: HashMap<String, Vec<Activity>> = HashMap::new();
        for a in activities {
            if wanted.contains(a.case_number.as_str()) {
                by_case
                    .entry(a.case_number.clone())
                    .or_default()
                    .push(a.clone());
            }
        }
        CaseActivities { by_case }
    }

    /// What holds each of `channels` for `individual_id` of `case_number` at `at`, under
    /// `rules` (a list passes [`Rules::community_only`]).
    pub fn holds(
        &self,
        case_number: &str,
        individual_id: i64,
        channels: &[Channel],
        at: DateTime<Utc>,
        zone: Tz,
        rules: &Rules,
    ) -> Vec<ChannelHold> {
        let activities = self
            .by_case
            .get(case_number)
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        channels
            .iter()
            .filter_map(|channel| {
                match check_case(
                    individual_id,
                    *channel,
                    at,
                    activities,
                    &[],
                    zone,
                    &[],
                    rules,
                ) {
                    Verdict::Allowed => None,
                    Verdict::Held(hold) => Some(ChannelHold {
                        channel: *channel,
                        kind: hold.kind,
                        reason: hold.reason,
                        next_allowed: hold.next_allowed,
                    }),
                }
            })
            .collect()
    }
}
