//! Limits on every array and text of a request body, checked right after it is parsed and
//! before the database is touched. The body itself is capped (2 MiB), but 2 MiB of `{}` is
//! 300,000 nested records; nothing nested may be unbounded. Each refusal names its field.

use super::http::{Fail, cap_list, cap_text};
use crate::api::model::*;

/// Individuals in one create request.
pub const INDIVIDUALS: usize = 100;
/// Activities in one create request.
pub const ACTIVITIES: usize = 500;
/// Nested lists of one record: notes, addresses, activities carried by an individual,
/// communities, properties.
pub const NESTED: usize = 50;
/// People moving into one unit together.
pub const MOVERS: usize = 20;
/// Campaign members added in one request.
pub const MEMBERS: usize = 500;
/// Short texts (names, numbers, codes) and long ones (descriptions, notes).
pub const SHORT: usize = 200;
pub const LONG: usize = 4000;
/// The largest amount of money accepted.
pub const MAX_AMOUNT: f64 = 100_000_000.0;

pub fn individuals(request: &IndividualCreateRequest) -> Result<(), Fail> {
    cap_list(&request.individuals, INDIVIDUALS, "individuals")?;
    for (n, person) in request.individuals.iter().enumerate() {
        let field = |name: &str| format!("individuals[{n}].{name}");
        cap_list(&person.properties, NESTED, &field("properties"))?;
        for (p, property) in person.properties.iter().enumerate() {
            let at = field(&format!("properties[{p}]"));
            cap_text(&property.property, SHORT, &format!("{at}.property"))?;
            cap_text(&property.value, SHORT, &format!("{at}.value"))?;
        }
        for (text, name) in [
            (&person.integrationid, "integrationid"),
            (&person.relationship, "relationship"),
        ] {
            cap_text(text.as_deref().unwrap_or(""), SHORT, &field(name))?;
        }
        communities(person.communities.as_deref(), &field("communities"))?;
        notes(person.notes.as_deref(), &field("notes"))?;
        let addresses = person.addresses.as_deref().unwrap_or_default();
        cap_list(addresses, NESTED, &field("addresses"))?;
        for (a, address) in addresses.iter().enumerate() {
            let at = field(&format!("addresses[{a}]"));
            for (text, name) in [
                (address.address_line1.as_str(), "AddressLine1"),
                (
                    address.address_line2.as_deref().unwrap_or(""),
                    "AddressLine2",
                ),
                (address.city.as_str(), "City"),
                (address.state.as_str(), "State"),
                (address.postal_code.as_str(), "PostalCode"),
            ] {
                cap_text(text, SHORT, &format!("{at}.{name}"))?;
            }
        }
        let activities = person.activities.as_deref().unwrap_or_default();
        cap_list(activities, NESTED, &field("activities"))?;
        for (a, activity) in activities.iter().enumerate() {
            cap_text(
                activity.description.as_deref().unwrap_or(""),
                LONG,
                &field(&format!("activities[{a}].description")),
            )?;
        }
    }
    Ok(())
}

pub fn activities(request: &ActivityCreateRequest) -> Result<(), Fail> {
    cap_list(&request.activities, ACTIVITIES, "activities")?;
    for (n, a) in request.activities.iter().enumerate() {
        let field = |name: &str| format!("activities[{n}].{name}");
        cap_text(
            a.description.as_deref().unwrap_or(""),
            LONG,
            &field("description"),
        )?;
        cap_text(
            a.market_source.as_deref().unwrap_or(""),
            SHORT,
            &field("marketSource"),
        )?;
        cap_text(
            a.case_number.as_deref().unwrap_or(""),
            SHORT,
            &field("caseNumber"),
        )?;
        communities(a.communities.as_deref(), &field("communities"))?;
        notes(a.notes.as_deref(), &field("notes"))?;
    }
    Ok(())
}

pub fn contract(request: &HousingContractCreate) -> Result<(), Fail> {
    cap_list(&request.individuals, MOVERS, "individuals")?;
    cap_text(&request.community_name_unique, SHORT, "CommunityNameUnique")?;
    cap_text(
        request.unit_number.as_deref().unwrap_or(""),
        SHORT,
        "UnitNumber",
    )?;
    for (amount, name) in [
        (request.entrance_fee, "EntranceFee"),
        (request.deposit, "Deposit"),
        (request.monthly_fee, "MonthlyFee"),
    ] {
        money(amount, name)?;
    }
    Ok(())
}

pub fn campaign_members(request: &CampaignIndividualAdd) -> Result<(), Fail> {
    cap_list(&request.individuals, MEMBERS, "Individuals")
}

pub fn units(request: &UnitCreateRequest) -> Result<(), Fail> {
    for (n, unit) in request.units.iter().enumerate() {
        let field = |name: &str| format!("units[{n}].{name}");
        cap_text(&unit.community_unique, SHORT, &field("CommunityUnique"))?;
        cap_text(&unit.name, SHORT, &field("Name"))?;
        cap_text(&unit.number.0, SHORT, &field("Number"))?;
        for (amount, name) in [
            (unit.square_feet, "SquareFeet"),
            (unit.base_monthly, "BaseMonthly"),
            (unit.base_entrance, "BaseEntrance"),
        ] {
            money(amount, &field(name))?;
        }
    }
    Ok(())
}

pub fn users(request: &[NewUser]) -> Result<(), Fail> {
    for (n, user) in request.iter().enumerate() {
        let field = |name: &str| format!("[{n}].{name}");
        cap_list(&user.community, NESTED, &field("Community"))?;
        for (text, name) in [
            (&user.first_name, "FirstName"),
            (&user.last_name, "LastName"),
            (&user.email, "Email"),
        ] {
            cap_text(text, SHORT, &field(name))?;
        }
    }
    Ok(())
}

pub fn admission(update: &AdmissionUpdate) -> Result<(), Fail> {
    cap_text(update.note.as_deref().unwrap_or(""), LONG, "Note")
}

pub fn plugin(update: &PluginUpdate) -> Result<(), Fail> {
    cap_text(&update.endpoint, 2000, "Endpoint")
}

fn communities(list: Option<&[CommunityRef]>, field: &str) -> Result<(), Fail> {
    let list = list.unwrap_or_default();
    cap_list(list, NESTED, field)?;
    for (c, community) in list.iter().enumerate() {
        cap_text(
            &community.name_unique,
            SHORT,
            &format!("{field}[{c}].NameUnique"),
        )?;
    }
    Ok(())
}

fn notes(list: Option<&[Note]>, field: &str) -> Result<(), Fail> {
    let list = list.unwrap_or_default();
    cap_list(list, NESTED, field)?;
    for (i, note) in list.iter().enumerate() {
        cap_text(&note.message, LONG, &format!("{field}[{i}].Message"))?;
    }
    Ok(())
}

/// An amount of money (or of square feet): zero to [`MAX_AMOUNT`].
fn money(amount: Option<f64>, field: &str) -> Result<(), Fail> {
    match amount {
        Some(v) if !(0.0..=MAX_AMOUNT).contains(&v) => Err(Fail::bad(format!(
            "{field} must be between 0 and {MAX_AMOUNT:.0} (got {v})"
        ))),
        _ => Ok(()),
    }
}
