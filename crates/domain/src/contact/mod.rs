//! The contact guard: whether the community may call, text, email or write to someone now, and
//! if not, why in words and when it may. Every path that hands a contact to the user's apps
//! asks it first (docs/decisions.md, "One contact guard").
//!
//! It keeps to the family's word (an opt-out stands until a consent on that channel lifts it),
//! to the calling window at every place the person may be (their address's state and zones,
//! the community's clock where the address does not settle it), to the days a state forbids,
//! and to a state's cap on attempts in 24 hours counted over the whole team's activities.

pub mod attempts;
pub mod lists;
pub mod places;
pub mod plan_marker;
pub mod preference;
pub mod reason;
pub mod replies;
pub mod rules;
pub mod rules_problem;

use chrono::{DateTime, Datelike, Duration, TimeZone, Timelike, Utc, Weekday};

use crate::channel::Channel;
pub use attempts::Attempt;
pub use places::Place;
pub use preference::{Action, Preference, Scope};
pub use reason::Reason;
pub use rules::Rules;

/// What the guard is asked.
#[derive(Debug, Clone, Copy)]
pub struct Ask<'a> {
    pub individual_id: i64,
    pub channel: Channel,
    pub at: DateTime<Utc>,
    /// The case's preferences (every person's; the guard reads the one asked about).
    pub preferences: &'a [Preference],
    /// Where the person may be (see [`places::places_of`]).
    pub places: &'a [Place],
    /// The case's calls and texts, by anyone.
    pub attempts: &'a [Attempt],
}

/// The guard's answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Allowed,
    Held(Hold),
}

/// What holds a contact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum HoldKind {
    /// The family asked not to be contacted this way.
    Word,
    /// The calling hours or days where they are.
    Clock,
    /// The team's attempts in the last 24 hours.
    Cap,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Hold {
    pub kind: HoldKind,
    /// Why, for the words a family's agent reads.
    pub reason: Reason,
    /// The first moment it would be allowed; `None` while the family's word stands.
    pub next_allowed: Option<DateTime<Utc>>,
}

impl Verdict {
    pub fn is_allowed(&self) -> bool {
        matches!(self, Verdict::Allowed)
    }

    pub fn hold(&self) -> Option<&Hold> {
        match self {
            Verdict::Allowed => None,
            Verdict::Held(hold) => Some(hold),
        }
    }
}

/// Days ahead the guard looks for the next allowed moment.
const LOOK_AHEAD_DAYS: i64 = 14;

/// The guard's answer to `ask` under `rules`.
pub fn check(ask: &Ask, rules: &Rules) -> Verdict {
    if let Some(word) =
        preference::standing_opt_out(ask.preferences, ask.individual_id, ask.channel, ask.at)
    {
        return Verdict::Held(Hold {
            kind: HoldKind::Word,
            reason: Reason::Asked {
                action: word.action,
                scope: word.scope,
                how: word.how.clone(),
                on: word.at.date_naive(),
                by: word.by.clone(),
            },
            next_allowed: None,
        });
    }
    if !matches!(ask.channel, Channel::Call | Channel::Text) {
        return Verdict::Allowed;
    }
    let Some(reason) = first_problem(ask, rules, ask.at) else {
        return Verdict::Allowed;
    };
    Verdict::Held(Hold {
        kind: reason.kind,
        reason: reason.reason,
        next_allowed: next_allowed(ask, rules),
    })
}

/// What stands in the way at one moment, and the earliest moment it would not.
struct Problem {
    kind: HoldKind,
    reason: Reason,
    clears_at: Option<DateTime<Utc>>,
}

fn first_problem(ask: &Ask, rules: &Rules, at: DateTime<Utc>) -> Option<Problem> {
    for place in ask.places {
        let window = rules.window(place.state_code());
        let local = at.with_timezone(&place.zone);
        let day = local.date_naive();
        let minute = (local.hour() * 60 + local.minute()) as u16;
        let state = place.state_code().map(str::to_owned);
        let closed_day = if window.no_sundays && day.weekday() == Weekday::Sun {
            Some(false)
        } else if window.no_holidays && places::is_holiday(day, place.state_code()) {
            Some(true)
        } else {
            None
        };
        if let Some(holiday) = closed_day {
            return Some(Problem {
                kind: HoldKind::Clock,
                reason: Reason::ClosedDay {
                    holiday,
                    state,
                    local: local.naive_local(),
                    channel: ask.channel,
                },
                clears_at: opening_after(place, &window, at),
            });
        }
        let (opens, closes) = window.hours_on(day.weekday());
        if minute < opens || minute >= closes {
            return Some(Problem {
                kind: HoldKind::Clock,
                reason: Reason::Hours {
                    state,
                    local: local.naive_local(),
                    channel: ask.channel,
                    opens,
                    closes,
                    saturday: (opens, closes) != (window.opens, window.closes),
                },
                clears_at: opening_after(place, &window, at),
            });
        }
    }
    let cap = ask
        .places
        .iter()
        .filter_map(|p| rules.window(p.state_code()).cap_24h.map(|c| (c, *p)))
        .min_by_key(|(c, _)| *c);
    if let Some((cap, place)) = cap {
        let since = at - Duration::hours(24);
        let mut recent: Vec<&Attempt> = ask
            .attempts
            .iter()
            .filter(|a| a.at > since && a.at <= at)
            .collect();
        if recent.len() >= cap as usize {
            recent.sort_by_key(|a| a.at);
            let last = recent[recent.len() - 1];
            // The attempt whose 24 hours must pass for one fewer than the cap to remain.
            let oldest_to_age = recent[recent.len() - cap as usize];
            return Some(Problem {
                kind: HoldKind::Cap,
                reason: Reason::Cap {
                    count: recent.len(),
                    by: last.by.clone(),
                    last: last.at.with_timezone(&place.zone).naive_local(),
                    state: place.state_code().map(str::to_owned),
                    cap,
                },
                clears_at: Some(oldest_to_age.at + Duration::hours(24) + Duration::seconds(1)),
            });
        }
    }
    None
}

/// The next moment the window opens at `place` after `at`, on a day it opens at all.
fn opening_after(
    place: &Place,
    window: &rules::Window,
    at: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    let local = at.with_timezone(&place.zone).date_naive();
    for offset in 0..=LOOK_AHEAD_DAYS {
        let day = local + Duration::days(offset);
        if (window.no_sundays && day.weekday() == Weekday::Sun)
            || (window.no_holidays && places::is_holiday(day, place.state_code()))
        {
            continue;
        }
        let (opens, _) = window.hours_on(day.weekday());
        let opens = day.and_hms_opt(u32::from(opens / 60), u32::from(opens % 60), 0)?;
        // A clock that skips the opening (a daylight-saving gap) opens an hour on.
        let start = place
            .zone
            .from_local_datetime(&opens)
            .earliest()
            .or_else(|| {
                place
                    .zone
                    .from_local_datetime(&(opens + Duration::hours(1)))
                    .earliest()
            })?
            .with_timezone(&Utc);
        if start > at {
            return Some(start);
        }
    }
    None
}

/// The first moment from now on when nothing stands in the way (each problem's own clearing
/// moment tried in turn, so every place's window and the cap are met at once).
fn next_allowed(ask: &Ask, rules: &Rules) -> Option<DateTime<Utc>> {
    let mut at = ask.at;
    let limit = ask.at + Duration::days(LOOK_AHEAD_DAYS);
    for _ in 0..64 {
        match first_problem(ask, rules, at) {
            None => return Some(at),
            Some(problem) => at = problem.clears_at.filter(|t| *t > at && *t <= limit)?,
        }
    }
    None
}

/// The table LeaseDesk ships, read once.
pub fn shipped_rules() -> &'static Rules {
    static RULES: std::sync::OnceLock<Rules> = std::sync::OnceLock::new();
    RULES.get_or_init(Rules::shipped)
}

/// The guard's answer for `individual_id` of a case, from what the case holds: its activities
/// (the family's word and the team's attempts) and the states of the person's addresses,
/// beside the community's clock; `also`, words logged on this desk that the case's activities
/// may not show yet (honoured at once).
#[allow(clippy::too_many_arguments)]
pub fn check_case(
    individual_id: i64,
    channel: Channel,
    at: DateTime<Utc>,
    activities: &[crate::api::model::Activity],
    address_states: &[&str],
    community_zone: chrono_tz::Tz,
    also: &[Preference],
    rules: &Rules,
) -> Verdict {
    let mut preferences = preference::preferences(activities);
    preferences.extend(also.iter().cloned());
    let attempts = attempts::attempts(activities);
    let places = places::places_of(
        address_states,
        community_zone,
        rules
            .community_state
            .as_deref()
            .and_then(places::state_code),
    );
    check(
        &Ask {
            individual_id,
            channel,
            at,
            preferences: &preferences,
            places: &places,
            attempts: &attempts,
        },
        rules,
    )
}

#[cfg(test)]
mod tests;
