//! The waitlist: who waits for what (care group, floor plan, wanted by, priority, deposit), and
//! for each unit coming free in the next days, who on the list it suits, in the order they are
//! offered it: a deposit paid first, then priority (in the order of the portal's
//! WaitlistPriorityType list), then who joined first.
//!
//! The service returns no waitlist contracts on read (docs/decisions.md), so an entry is a
//! completed activity on the case: a Deposit when a deposit was paid, else a Room Reserve, its
//! description the wish in a fixed form ([`note`]). A later entry of the same case replaces an
//! earlier one; a case that has moved in or is no longer a lead waits no more.

use std::collections::HashMap;

use chrono::{NaiveDate, Utc};

use crate::api::model::{Activity, HousingContract, Unit};

/// The activity types an entry is kept as.
pub const DEPOSIT_TYPE: &str = "Deposit";
pub const RESERVE_TYPE: &str = "Room Reserve";

const PREFIX: &str = "Waitlist: ";
/// Characters of a care group, floor plan or priority kept in a note.
const MAX_PART: usize = 80;

/// What a person waits for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wish {
    pub care_group: String,
    /// `None`: any floor plan.
    pub floor_plan: Option<String>,
    /// `None`: any time.
    pub wanted_by: Option<NaiveDate>,
    pub priority: String,
}

fn part(text: &str) -> String {
    text.replace([';', '\n', '\r'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(MAX_PART)
        .collect()
}

/// The activity description of a wish: "Waitlist: Assisted Living; floor plan: One Bedroom;
/// wanted by: 2027-02-01; priority: High".
pub fn note(wish: &Wish) -> String {
    format!(
        "{PREFIX}{}; floor plan: {}; wanted by: {}; priority: {}",
        part(&wish.care_group),
        wish.floor_plan.as_deref().map_or("any".to_owned(), part),
        wish.wanted_by
            .map_or("any time".to_owned(), |d| d.format("%Y-%m-%d").to_string()),
        part(&wish.priority)
    )
}

/// The wish a description holds, if it is a waitlist entry.
pub fn parse(text: &str) -> Option<Wish> {
    let rest = text.strip_prefix(PREFIX)?;
    let mut parts = rest.split("; ");
    let care_group = parts.next()?.trim().to_owned();
    let mut field = |name: &str| parts.next()?.strip_prefix(name).map(str::trim);
    let floor_plan = field("floor plan: ")?;
    let wanted_by = field("wanted by: ")?;
    let priority = field("priority: ")?.to_owned();
    if care_group.is_empty() {
        return None;
    }
    Some(Wish {
        care_group,
        floor_plan: (floor_plan != "any").then(|| floor_plan.to_owned()),
        wanted_by: match wanted_by {
            "any time" => None,
            day => Some(NaiveDate::parse_from_str(day, "%Y-%m-%d").ok()?),
        },
        priority,
    })
}

/// One person on the list.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub case_number: String,
    pub individual_id: i64,
    pub name: String,
    pub community: String,
    pub wish: Wish,
    pub deposit: bool,
    pub joined: NaiveDate,
}

/// The entries the activities hold: the latest of each case.
pub fn entries_of(activities: &[Activity]) -> Vec<Entry> {
    let mut latest: HashMap<&str, (&Activity, Wish)> = HashMap::new();
    for a in activities {
        let kind = a.activity_type.as_deref();
        if !a.completed || a.cancelled || !matches!(kind, Some(DEPOSIT_TYPE | RESERVE_TYPE)) {
            continue;
        }
        let Some(wish) = parse(&a.activity_name) else {
            continue;
        };
        let newer = latest
            .get(a.case_number.as_str())
            .is_none_or(|(known, _)| (known.due_date, known.id) < (a.due_date, a.id));
        if newer {
            latest.insert(&a.case_number, (a, wish));
        }
    }
    let mut out: Vec<Entry> = latest
        .into_values()
        .map(|(a, wish)| Entry {
            case_number: a.case_number.clone(),
            individual_id: a.individual_id,
            name: a.individual_full_name.clone(),
            community: a.community.name.clone(),
            wish,
            deposit: a.activity_type.as_deref() == Some(DEPOSIT_TYPE),
            joined: a.due_date.with_timezone(&Utc).date_naive(),
        })
        .collect();
    out.sort_by(|a, b| {
        a.joined
            .cmp(&b.joined)
            .then(a.case_number.cmp(&b.case_number))
    });
    out
}

/// A unit with a bed free on `free_from`, within the days looked at.
#[derive(Debug, Clone, PartialEq)]
pub struct Opening {
    pub unit_id: i64,
    pub unit_number: String,
    pub community_id: i64,
    pub community: String,
    pub care_group: String,
    pub floor_plan: Option<String>,
    pub free_from: NaiveDate,
    /// On `free_from` someone still lives there: a bed in a shared room, not a unit to oneself.
    pub shared: bool,
}

/// The units with a bed free on some day from `today` over the next `days`, each at the first
/// such day: a bed is taken on a day by every contract whose stay covers it (moved in by then,
/// not moved out before it).
pub fn openings(
    units: &[Unit],
    contracts: &[HousingContract],
    today: NaiveDate,
    days: u32,
) -> Vec<Opening> {
    let mut stays: HashMap<i64, Vec<(NaiveDate, Option<NaiveDate>)>> = HashMap::new();
    for c in contracts {
        stays.entry(c.unit_id).or_default().push((
            c.move_in_date.date_naive(),
            c.move_out_date.map(|d| d.date_naive()),
        ));
    }
    let mut out: Vec<Opening> = units
        .iter()
        .filter_map(|u| {
            let mine = stays.get(&u.id).map_or(&[][..], Vec::as_slice);
            let taken_on = |day: &NaiveDate| {
                mine.iter()
                    .filter(|(inn, out)| inn <= day && out.is_none_or(|o| o >= *day))
                    .count() as i64
            };
            let free_from = (0..=days)
                .filter_map(|d| today.checked_add_days(chrono::Days::new(d.into())))
                .find(|day| taken_on(day) < u.capacity.max(1))?;
            Some(Opening {
                unit_id: u.id,
                unit_number: u.number.clone(),
                community_id: u.community_id,
                community: u.community_name.clone(),
                care_group: u.care_group.clone(),
                floor_plan: u.floor_plan.clone(),
                free_from,
                shared: taken_on(&free_from) > 0,
            })
        })
        .collect();
    out.sort_by(|a, b| {
        (a.free_from, &a.community, &a.unit_number).cmp(&(
            b.free_from,
            &b.community,
            &b.unit_number,
        ))
    });
    out
}

fn same(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// Whether `entry` wants what `opening` is: its community and care group, and its floor plan
/// if it named one.
pub fn suits(entry: &Entry, opening: &Opening) -> bool {
    same(&entry.community, &opening.community)
        && same(&entry.wish.care_group, &opening.care_group)
        && entry.wish.floor_plan.as_deref().is_none_or(|wanted| {
            opening
                .floor_plan
                .as_deref()
                .is_some_and(|plan| same(wanted, plan))
        })
}

/// The entries `opening` suits, in the order they are offered it: a deposit paid first, then
/// priority (as `priorities` lists them, those it does not list last), then who joined first.
pub fn ranked<'a>(
    entries: &'a [Entry],
    opening: &Opening,
    priorities: &[String],
) -> Vec<&'a Entry> {
    let rank = |p: &str| {
        priorities
            .iter()
            .position(|known| same(known, p))
            .unwrap_or(usize::MAX)
    };
    let mut out: Vec<&Entry> = entries.iter().filter(|e| suits(e, opening)).collect();
    out.sort_by(|a, b| {
        b.deposit
            .cmp(&a.deposit)
            .then(rank(&a.wish.priority).cmp(&rank(&b.wish.priority)))
            .then(a.joined.cmp(&b.joined))
            .then(a.case_number.cmp(&b.case_number))
    });
    out
}

#[cfg(test)]
mod tests;
