//! Referral partners' packs: for one partner, what is free now and in the next 60 days by
//! community, care group and floor plan with the rate band, and where each family *that
//! partner* referred stands — only theirs.
//!
//! v3 has no referral-organisation record a case points at: a family's referral is its market
//! source (see docs/decisions.md), so a partner is a market source, and its families are the
//! cases whose source it is. The partner's own people are Referral Source individuals (type 4)
//! with that market source: a pack is logged on one of them.

use std::collections::{BTreeMap, HashMap};

use chrono::{Days, NaiveDate};

use crate::api::model::{HousingContract, SearchCase, Unit};
use crate::funnel::{CaseFacts, Journey, Stage};
use crate::referral::PaidSource;
use crate::waitlist::openings;

/// Days ahead an opening is told.
pub const OPENING_DAYS: u32 = 60;
/// Days back a family's inquiry is still reported on.
pub const FAMILY_DAYS: u64 = 180;
/// Families a pack holds at most, the newest first (its PDF lists those that fit its page and
/// says how many more there are).
pub const MAX_FAMILIES: usize = 500;

/// A partner's person a pack is sent to and logged on.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PartnerContact {
    /// The market source they refer through.
    pub partner: String,
    pub individual_id: i64,
    pub case_number: String,
    pub name: String,
    pub email: Option<String>,
    /// Their communities' unique names (an activity logged on them names one).
    pub communities: Vec<String>,
}

/// What is free in one community, care group and floor plan.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Availability {
    pub community: String,
    pub care_group: String,
    pub floor_plan: String,
    /// Units free today with no one in them: a unit to oneself.
    pub private_now: usize,
    /// Shared rooms with a resident and a bed free today: a place for one more, not a unit.
    pub shared_now: usize,
    /// Units coming free after today, within [`OPENING_DAYS`].
    pub coming: usize,
    /// The first day one of the coming ones is free.
    pub first_coming: Option<NaiveDate>,
    /// The lowest and highest base monthly rate of these units.
    pub rate_band: Option<(f64, f64)>,
}

/// Where a family the partner referred stands. Only a first name and an initial: the pack
/// leaves the desk.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Family {
    pub name: String,
    pub community: String,
    pub inquired: NaiveDate,
    /// The furthest step reached, and when.
    pub stage: Stage,
    pub since: NaiveDate,
    /// For the operator's own programs (JSON); the PDF leaves it out.
    pub case_number: String,
}

impl Family {
    pub fn status(&self) -> &'static str {
        match self.stage {
            Stage::Inquiry => "Inquired",
            Stage::Tour => "Toured",
            Stage::Deposit => "Deposit paid",
            Stage::MoveIn => "Moved in",
        }
    }
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PartnerPack {
    pub portal: String,
    pub partner: String,
    /// One community, or every community of the portal.
    pub community: Option<String>,
    pub as_of: NaiveDate,
    pub availability: Vec<Availability>,
    pub families: Vec<Family>,
    /// Families left out past [`MAX_FAMILIES`].
    pub more_families: usize,
    /// Who it goes to, when the portal has a Referral Source person for the partner.
    pub contact: Option<PartnerContact>,
}

/// What a pack is made from.
pub struct PackInputs<'a> {
    pub portal: &'a str,
    pub community: Option<&'a str>,
    pub journeys: &'a [Journey],
    pub facts: &'a HashMap<String, CaseFacts>,
    pub units: &'a [Unit],
    pub contracts: &'a [HousingContract],
    pub contacts: &'a [PartnerContact],
    pub as_of: NaiveDate,
}

fn same(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// The Referral Source people of these cases who name a market source, by name.
pub fn contacts_of(cases: &[SearchCase]) -> Vec<PartnerContact> {
    let mut out: Vec<PartnerContact> = cases
        .iter()
        .flat_map(|c| std::iter::once(&c.primary).chain(&c.relationships))
        .filter(|p| p.individual_type_id == crate::api::model::IndividualType::ReferralSource)
        .filter_map(|p| {
            let partner = p.market_source.as_deref()?.trim();
            (!partner.is_empty()).then(|| PartnerContact {
                partner: partner.to_owned(),
                individual_id: p.individual_id,
                case_number: p.case_number.clone(),
                name: p.individual_name.clone(),
                email: p.email.clone().filter(|e| !e.trim().is_empty()),
                communities: p
                    .communities
                    .iter()
                    .map(|c| c.name_unique.clone())
                    .collect(),
            })
        })
        .collect();
    out.sort_by(|a, b| (&a.partner, &a.name).cmp(&(&b.partner, &b.name)));
    out.dedup_by_key(|c| c.individual_id);
    out
}

/// The portal's referral partners: the paid sources (Settings) and the sources its Referral
/// Source people name, once each, in name order.
pub fn partners(paid: &[PaidSource], contacts: &[PartnerContact]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for name in paid
        .iter()
        .map(|p| p.name.trim())
        .chain(contacts.iter().map(|c| c.partner.trim()))
    {
        if !name.is_empty() && !names.iter().any(|n| same(n, name)) {
            names.push(name.to_owned());
        }
    }
    names.sort_by_key(|n| n.to_lowercase());
    names
}

/// A first name and the initial of the last ("Arthur A.").
pub fn short_name(full: &str) -> String {
    let mut words = full.split_whitespace();
    match (words.next(), words.next_back()) {
        (Some(first), Some(last)) => {
            let initial: String = last.chars().take(1).collect();
            format!("{first} {initial}.")
        }
        (Some(first), None) => first.to_owned(),
        _ => String::new(),
    }
}

/// What is free now and coming free, grouped, from the units and their contracts.
pub fn availability(
    units: &[Unit],
    contracts: &[HousingContract],
    community: Option<&str>,
    as_of: NaiveDate,
) -> Vec<Availability> {
    let rate_of: HashMap<i64, f64> = units
        .iter()
        .filter_map(|u| {
            u.base_monthly
                .filter(|r| r.is_finite() && *r > 0.0)
                .map(|r| (u.id, r))
        })
        .collect();
    let mut groups: BTreeMap<(String, String, String), Availability> = BTreeMap::new();
    for o in openings(units, contracts, as_of, OPENING_DAYS) {
        if community.is_some_and(|c| !same(c, &o.community)) {
            continue;
        }
        let plan = o.floor_plan.clone().unwrap_or_else(|| "—".to_owned());
        let line = groups
            .entry((o.community.clone(), o.care_group.clone(), plan.clone()))
            .or_insert_with(|| Availability {
                community: o.community.clone(),
                care_group: o.care_group.clone(),
                floor_plan: plan,
                private_now: 0,
                shared_now: 0,
                coming: 0,
                first_coming: None,
                rate_band: None,
            });
        if o.free_from <= as_of && o.shared {
            line.shared_now += 1;
        } else if o.free_from <= as_of {
            line.private_now += 1;
        } else {
            line.coming += 1;
            line.first_coming = Some(
                line.first_coming
                    .map_or(o.free_from, |d| d.min(o.free_from)),
            );
        }
        if let Some(&rate) = rate_of.get(&o.unit_id) {
            line.rate_band = Some(match line.rate_band {
                None => (rate, rate),
                Some((low, high)) => (low.min(rate), high.max(rate)),
            });
        }
    }
    groups.into_values().collect()
}

/// The families `partner` referred whose inquiry is within [`FAMILY_DAYS`], the newest first.
pub fn families(
    partner: &str,
    journeys: &[Journey],
    facts: &HashMap<String, CaseFacts>,
    community: Option<&str>,
    as_of: NaiveDate,
) -> Vec<Family> {
    let since = as_of
        .checked_sub_days(Days::new(FAMILY_DAYS))
        .unwrap_or(as_of);
    let mut out: Vec<Family> = journeys
        .iter()
        .filter_map(|j| {
            let f = facts.get(&j.case_number)?;
            if !same(&f.source, partner) || community.is_some_and(|c| !same(c, &f.community)) {
                return None;
            }
            let inquired = j.entered()?;
            let stage = j.furthest()?;
            (since <= inquired && inquired <= as_of).then(|| Family {
                name: short_name(&j.name),
                community: f.community.clone(),
                inquired,
                stage,
                since: j.dates[stage.index()].unwrap_or(inquired),
                case_number: j.case_number.clone(),
            })
        })
        .collect();
    out.sort_by(|a, b| {
        (b.inquired, &a.name, &a.case_number).cmp(&(a.inquired, &b.name, &b.case_number))
    });
    out
}

/// One partner's pack.
pub fn pack(partner: &str, inputs: &PackInputs) -> PartnerPack {
    let mut families = families(
        partner,
        inputs.journeys,
        inputs.facts,
        inputs.community,
        inputs.as_of,
    );
    let more_families = families.len().saturating_sub(MAX_FAMILIES);
    families.truncate(MAX_FAMILIES);
    PartnerPack {
        portal: inputs.portal.to_owned(),
        partner: partner.trim().to_owned(),
        community: inputs.community.map(str::to_owned),
        as_of: inputs.as_of,
        availability: availability(
            inputs.units,
            inputs.contracts,
            inputs.community,
            inputs.as_of,
        ),
        families,
        more_families,
        contact: inputs
            .contacts
            .iter()
            .find(|c| same(&c.partner, partner))
            .cloned(),
    }
}

/// The words of the activity that logs a pack sent (its note).
pub fn logged_note(pack: &PartnerPack, how: &str) -> String {
    let private: usize = pack.availability.iter().map(|a| a.private_now).sum();
    let shared: usize = pack.availability.iter().map(|a| a.shared_now).sum();
    let coming: usize = pack.availability.iter().map(|a| a.coming).sum();
    format!(
        "Partner pack {how} to {}: {} and {} with a bed free now, {coming} coming free within \
         {OPENING_DAYS} days, {} of their families' progress (as of {}).",
        pack.partner,
        crate::format::count(private, "private unit"),
        crate::format::count(shared, "shared room"),
        pack.families.len() + pack.more_families,
        pack.as_of.format(crate::format::DAY)
    )
}

/// A pack as CSV: one line per availability group, then one per family, each saying which
/// it is (shares of nothing: counts, days and dollars).
pub fn csv(pack: &PartnerPack) -> Result<Vec<u8>, csv::Error> {
    let mut buffer = Vec::new();
    {
        let mut out = crate::csv_export::SafeWriter::new(&mut buffer);
        out.row([
            "partner",
            "line",
            "community",
            "care_group",
            "floor_plan",
            "private_units_free_now",
            "shared_rooms_bed_free_now",
            "coming_free",
            "first_coming",
            "rate_low",
            "rate_high",
            "family",
            "case_number",
            "inquired",
            "stage",
            "since",
        ])?;
        let day = |d: Option<NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
        for a in &pack.availability {
            let (low, high) = a
                .rate_band
                .map_or((String::new(), String::new()), |(l, h)| {
                    (format!("{l:.0}"), format!("{h:.0}"))
                });
            out.row([
                pack.partner.clone(),
                "availability".into(),
                a.community.clone(),
                a.care_group.clone(),
                a.floor_plan.clone(),
                a.private_now.to_string(),
                a.shared_now.to_string(),
                a.coming.to_string(),
                day(a.first_coming),
                low,
                high,
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
            ])?;
        }
        for f in &pack.families {
            out.row([
                pack.partner.clone(),
                "family".into(),
                f.community.clone(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                f.name.clone(),
                f.case_number.clone(),
                f.inquired.to_string(),
                f.status().to_owned(),
                f.since.to_string(),
            ])?;
        }
        out.flush()?;
    }
    Ok(buffer)
}

/// A file name for a partner's pack: its letters and digits, the rest as single dashes.
pub fn file_name(partner: &str) -> String {
    let mut name = String::new();
    for c in partner.trim().chars().take(60) {
        if c.is_ascii_alphanumeric() {
            name.push(c.to_ascii_lowercase());
        } else if !name.ends_with('-') && !name.is_empty() {
            name.push('-');
        }
    }
    let name = name.trim_end_matches('-');
    if name.is_empty() {
        "partner-pack.pdf".to_owned()
    } else {
        format!("partner-pack-{name}.pdf")
    }
}

#[cfg(test)]
mod tests;
