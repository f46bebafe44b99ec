//! Calls and missed calls by weekday and hour over the last weeks (Sales' Calls tab): when
//! families call, and when nobody picks up. Counted from the logged Call In and Call Out
//! activities; a missed call is a Call In logged from the phone system's export as missed.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Timelike, Utc};
use chrono_tz::Tz;

/// The weeks counted back from now.
pub const WEEKS: i64 = 8;

/// One logged call, as counted.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CallTime {
    pub at: DateTime<Utc>,
    pub inbound: bool,
    pub missed: bool,
}

/// Whether a logged activity is a call (and which way), by its type's name.
pub fn call_direction(type_name: &str) -> Option<bool> {
    match type_name {
        "Call In" => Some(true),
        "Call Out" => Some(false),
        _ => None,
    }
}

/// Whether a Call In's name says it was missed (as the call import names it).
pub fn is_missed(activity_name: &str) -> bool {
    activity_name.starts_with("Call in · ") && activity_name.contains(" · missed")
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct CallHours {
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    /// `[weekday from Monday][hour]`.
    pub inbound: [[u32; 24]; 7],
    pub outbound: [[u32; 24]; 7],
    pub missed: [[u32; 24]; 7],
}

impl CallHours {
    pub fn total(grid: &[[u32; 24]; 7]) -> u32 {
        grid.iter().flatten().sum()
    }

    /// The share of calls in that were missed outside `open` hours (`[weekday][hour]`).
    pub fn missed_outside(&self, open: impl Fn(usize, usize) -> bool) -> (u32, u32) {
        let mut outside = 0;
        for (day, hours) in self.missed.iter().enumerate() {
            for (hour, n) in hours.iter().enumerate() {
                if !open(day, hour) {
                    outside += n;
                }
            }
        }
        (outside, Self::total(&self.missed))
    }
}

/// The last `WEEKS` weeks' calls by local weekday and hour.
pub fn call_hours(calls: &[CallTime], zone: Tz, now: DateTime<Utc>) -> CallHours {
    let since = now - Duration::weeks(WEEKS);
    let mut hours = CallHours {
        from: Some(since.with_timezone(&zone).date_naive()),
        to: Some(now.with_timezone(&zone).date_naive()),
        ..CallHours::default()
    };
    for call in calls.iter().filter(|c| c.at >= since && c.at <= now) {
        let local = call.at.with_timezone(&zone);
        let (day, hour) = (
            local.weekday().num_days_from_monday() as usize,
            local.hour() as usize,
        );
        if call.inbound {
            hours.inbound[day][hour] += 1;
            if call.missed {
                hours.missed[day][hour] += 1;
            }
        } else {
            hours.outbound[day][hour] += 1;
        }
    }
    hours
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    #[test]
    fn calls_fall_in_their_local_weekday_and_hour_and_old_ones_are_left_out() {
        let zone = chrono_tz::America::New_York;
        let now = at("2026-11-27T20:00:00Z");
        let calls = [
            // Friday Nov 27, 9:30 am in New York.
            CallTime {
                at: at("2026-11-27T14:30:00Z"),
                inbound: true,
                missed: true,
            },
            CallTime {
                at: at("2026-11-27T14:45:00Z"),
                inbound: true,
                missed: false,
            },
            // Sunday Nov 22, 11:10 pm in New York (Monday in UTC).
            CallTime {
                at: at("2026-11-23T04:10:00Z"),
                inbound: true,
                missed: true,
            },
            CallTime {
                at: at("2026-11-26T15:00:00Z"),
                inbound: false,
                missed: false,
            },
            // Nine weeks ago.
            CallTime {
                at: at("2026-09-25T14:30:00Z"),
                inbound: true,
                missed: true,
            },
        ];
        let h = call_hours(&calls, zone, now);
        assert_eq!(h.inbound[4][9], 2);
        assert_eq!(h.missed[4][9], 1);
        assert_eq!(h.missed[6][23], 1, "Sunday 11 pm local");
        assert_eq!(h.outbound[3][10], 1);
        assert_eq!(CallHours::total(&h.inbound), 3);
        assert_eq!(CallHours::total(&h.missed), 2);
        // Office hours 8 am to 6 pm, Monday to Saturday: the Sunday night call was outside.
        let open = |day: usize, hour: usize| day < 6 && (8..18).contains(&hour);
        assert_eq!(h.missed_outside(open), (1, 2));
    }

    #[test]
    fn the_import_names_are_recognised() {
        assert!(is_missed("Call in · 0 s · missed · ref 1a2b3c4d"));
        assert!(!is_missed("Call in · 4 min 12 s · ref 1a2b3c4d"));
        assert_eq!(call_direction("Call In"), Some(true));
        assert_eq!(call_direction("Call Out"), Some(false));
        assert_eq!(call_direction("Email In"), None);
    }
}
