//! The service names time zones the Windows way ("Eastern Standard Time") and numbers them in
//! user records (`TimeZoneId`). This table maps both to IANA zones so times can be placed.

use chrono_tz::Tz;

/// One supported zone: the `TimeZoneId` of user records, the `TimeZone` name activities carry,
/// and the IANA zone used for arithmetic.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ServiceTimeZone {
    pub id: i64,
    pub name: &'static str,
    pub iana: Tz,
}

pub const TIME_ZONES: &[ServiceTimeZone] = &[
    ServiceTimeZone {
        id: 1,
        name: "Eastern Standard Time",
        iana: Tz::America__New_York,
    },
    ServiceTimeZone {
        id: 2,
        name: "Central Standard Time",
        iana: Tz::America__Chicago,
    },
    ServiceTimeZone {
        id: 3,
        name: "Mountain Standard Time",
        iana: Tz::America__Denver,
    },
    ServiceTimeZone {
        id: 4,
        name: "US Mountain Standard Time",
        iana: Tz::America__Phoenix,
    },
    ServiceTimeZone {
        id: 5,
        name: "Pacific Standard Time",
        iana: Tz::America__Los_Angeles,
    },
    ServiceTimeZone {
        id: 6,
        name: "Alaskan Standard Time",
        iana: Tz::America__Anchorage,
    },
    ServiceTimeZone {
        id: 7,
        name: "Hawaiian Standard Time",
        iana: Tz::Pacific__Honolulu,
    },
    ServiceTimeZone {
        id: 8,
        name: "Atlantic Standard Time",
        iana: Tz::America__Halifax,
    },
    ServiceTimeZone {
        id: 9,
        name: "UTC",
        iana: Tz::UTC,
    },
    ServiceTimeZone {
        id: 10,
        name: "GMT Standard Time",
        iana: Tz::Europe__London,
    },
    ServiceTimeZone {
        id: 11,
        name: "AUS Eastern Standard Time",
        iana: Tz::Australia__Sydney,
    },
];

pub fn time_zone_by_id(id: i64) -> Option<ServiceTimeZone> {
    TIME_ZONES.iter().copied().find(|z| z.id == id)
}

/// Finds a zone by its service name, or by an IANA name as a fallback.
pub fn time_zone_by_name(name: &str) -> Option<ServiceTimeZone> {
    let name = name.trim();
    // The exact spelling first: it is what the service sends, and it is cheap for long lists.
    TIME_ZONES
        .iter()
        .copied()
        .find(|z| z.name == name)
        .or_else(|| {
            TIME_ZONES.iter().copied().find(|z| {
                z.name.eq_ignore_ascii_case(name) || z.iana.name().eq_ignore_ascii_case(name)
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups() {
        assert_eq!(time_zone_by_id(1).unwrap().iana, Tz::America__New_York);
        assert_eq!(time_zone_by_name("central standard time").unwrap().id, 2);
        assert_eq!(time_zone_by_name("America/Phoenix").unwrap().id, 4);
        assert!(time_zone_by_name("Mars Time").is_none());
    }
}
