//! Scheduling a tour from a case: a Tour activity (type master 11) in a community, at a date and
//! time for a duration, assigned to someone; and which of that person's activities it would
//! overlap (a warning, not a block: agents double-book on purpose sometimes).

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

use crate::api::model::{Activity, CommunityRef, NewActivity};

/// Durations offered, in minutes.
pub const DURATIONS: [i64; 5] = [30, 45, 60, 90, 120];

#[derive(Debug, Clone, PartialEq)]
pub struct TourDraft {
    pub individual_id: i64,
    pub case_number: String,
    /// `NameUnique` of the community toured.
    pub community: Option<String>,
    pub date: Option<NaiveDate>,
    pub time: Option<NaiveTime>,
    pub minutes: i64,
    pub assignee_id: Option<i64>,
    pub note: String,
}

/// When the tour would run, in UTC, if date and time are set and exist in `zone`.
pub fn span(draft: &TourDraft, zone: Tz) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    let local = draft.date?.and_time(draft.time?);
    let start = zone
        .from_local_datetime(&local)
        .earliest()?
        .with_timezone(&Utc);
    let end = start.checked_add_signed(Duration::minutes(draft.minutes.clamp(5, 24 * 60)))?;
    Some((start, end))
}

/// What a tour's form still lacks, field by field; the window words each kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TourProblem {
    NoCommunity,
    NoDay,
    NoTime,
    NoGuide,
    /// The time falls in the hour a clock change skips.
    NoSuchTime,
}

/// The request body, or what is missing, field by field.
pub fn build(
    draft: &TourDraft,
    tour_type_id: i64,
    zone: Tz,
) -> Result<NewActivity, Vec<TourProblem>> {
    let mut problems = Vec::new();
    if draft.community.is_none() {
        problems.push(TourProblem::NoCommunity);
    }
    if draft.date.is_none() {
        problems.push(TourProblem::NoDay);
    }
    if draft.time.is_none() {
        problems.push(TourProblem::NoTime);
    }
    if draft.assignee_id.is_none() {
        problems.push(TourProblem::NoGuide);
    }
    let span = span(draft, zone);
    if draft.date.is_some() && draft.time.is_some() && span.is_none() {
        problems.push(TourProblem::NoSuchTime);
    }
    let (Some((start, end)), true) = (span, problems.is_empty()) else {
        return Err(problems);
    };
    let mut tour = NewActivity::new(tour_type_id, start.with_timezone(&zone).fixed_offset());
    tour.end = Some(end.with_timezone(&zone).fixed_offset());
    tour.individual_id = Some(draft.individual_id);
    tour.case_number = Some(draft.case_number.clone());
    tour.assigned_user_id = draft.assignee_id;
    tour.all_day = Some(false);
    tour.description = Some("Community tour".to_owned());
    tour.communities = draft
        .community
        .clone()
        .map(|name_unique| vec![CommunityRef { name_unique }]);
    let note = draft.note.trim();
    if !note.is_empty() {
        tour.notes = Some(vec![crate::api::model::Note {
            message: note.to_owned(),
        }]);
    }
    Ok(tour)
}

/// The tour as the log-activity form would hold it, so a tour kept in the outbox that the
/// service refuses can be corrected there.
pub fn as_activity_draft(
    draft: &TourDraft,
    who: crate::activity_draft::Who,
    tour_type_id: i64,
    zone: Tz,
) -> crate::activity_draft::ActivityDraft {
    let time = |t: DateTime<Utc>| t.with_timezone(&zone).format(super::format::TIME_24);
    let (start, end) = span(draft, zone)
        .map(|(s, e)| (time(s).to_string(), time(e).to_string()))
        .unwrap_or_default();
    crate::activity_draft::ActivityDraft {
        type_id: Some(tour_type_id),
        who: Some(who),
        date: draft.date.map(super::format::day).unwrap_or_default(),
        start,
        end,
        assignee_id: draft.assignee_id,
        communities: draft.community.iter().cloned().collect(),
        description: "Community tour".into(),
        note: draft.note.clone(),
        ..Default::default()
    }
}

/// The open, timed activities among `theirs` that overlap `[start, end)`.
pub fn clashes<'a>(
    theirs: impl IntoIterator<Item = &'a Activity>,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> Vec<&'a Activity> {
    theirs
        .into_iter()
        .filter(|a| !a.all_day && !a.completed && !a.cancelled && !a.no_show)
        .filter(|a| {
            let (s, e) = (
                a.due_date.with_timezone(&Utc),
                a.due_date_end
                    .with_timezone(&Utc)
                    .max(a.due_date.with_timezone(&Utc)),
            );
            s < end && start < e.max(s + Duration::minutes(1))
        })
        .collect()
}

/// The times a time list offers, 7:00 am to 8:00 pm by quarter hours.
pub fn offered_times() -> impl Iterator<Item = NaiveTime> {
    (7 * 60..=20 * 60)
        .step_by(15)
        .filter_map(|m| NaiveTime::from_hms_opt(m / 60, m % 60, 0))
}

/// Of `times` on `day` (in `zone`), those where a half hour would overlap one of `theirs`.
pub fn busy_times(
    theirs: &[&Activity],
    day: NaiveDate,
    zone: Tz,
    times: impl IntoIterator<Item = NaiveTime>,
) -> Vec<NaiveTime> {
    times
        .into_iter()
        .filter(|t| {
            zone.from_local_datetime(&day.and_time(*t))
                .earliest()
                .is_some_and(|start| {
                    let start = start.with_timezone(&Utc);
                    !clashes(theirs.iter().copied(), start, start + Duration::minutes(30))
                        .is_empty()
                })
        })
        .collect()
}

/// The first offered time from `from` on `day` whose half hour is free of `theirs`; `None` when
/// every one is taken.
pub fn first_free(
    theirs: &[&Activity],
    day: NaiveDate,
    zone: Tz,
    from: NaiveTime,
) -> Option<NaiveTime> {
    let busy = busy_times(theirs, day, zone, offered_times());
    offered_times().find(|t| *t >= from && !busy.contains(t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_free_half_hour_is_after_what_is_booked() {
        let zone = Tz::America__New_York;
        let day = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        let at = |h, m| NaiveTime::from_hms_opt(h, m, 0).unwrap();
        // 10:00–11:00 and 11:15–11:45 booked (New York is UTC−5 in November).
        let a = activity("2026-11-24T15:00:00Z", 60);
        let b = activity("2026-11-24T16:15:00Z", 30);
        let theirs = [&a, &b];
        assert_eq!(first_free(&theirs, day, zone, at(10, 0)), Some(at(11, 45)));
        assert_eq!(first_free(&theirs, day, zone, at(9, 0)), Some(at(9, 0)));
        assert_eq!(first_free(&[], day, zone, at(10, 0)), Some(at(10, 0)));
        let busy = busy_times(&theirs, day, zone, offered_times());
        // 9:45 reaches into 10:00; 11:00 reaches into 11:15.
        assert!(busy.contains(&at(9, 45)) && busy.contains(&at(11, 0)));
        assert!(!busy.contains(&at(9, 30)) && !busy.contains(&at(11, 45)));
        // A done item is no clash.
        let mut done = activity("2026-11-24T15:00:00Z", 60);
        done.completed = true;
        assert_eq!(first_free(&[&done], day, zone, at(10, 0)), Some(at(10, 0)));
        // A full day has no free time.
        let all = activity("2026-11-24T12:00:00Z", 14 * 60);
        assert_eq!(first_free(&[&all], day, zone, at(10, 0)), None);
    }

    fn activity(due: &str, minutes: i64) -> Activity {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/activities.json"
        ))
        .unwrap();
        let mut list: Vec<Activity> = serde_json::from_str(&text).unwrap();
        let mut a = list.remove(0);
        a.due_date = chrono::DateTime::parse_from_rfc3339(due).unwrap();
        a.due_date_end = a.due_date + Duration::minutes(minutes);
        a.all_day = false;
        a.completed = false;
        a.cancelled = false;
        a.no_show = false;
        a
    }

    fn draft() -> TourDraft {
        TourDraft {
            individual_id: 5001,
            case_number: "100".into(),
            community: Some("maplegrove".into()),
            date: NaiveDate::from_ymd_opt(2026, 11, 24),
            time: NaiveTime::from_hms_opt(14, 0, 0),
            minutes: 60,
            assignee_id: Some(7),
            note: " Bring the floor plans ".into(),
        }
    }

    #[test]
    fn a_tour_is_a_timed_activity_in_the_users_zone() {
        let tour = build(&draft(), 711, Tz::America__New_York).unwrap();
        assert_eq!(tour.activity_type_id, 711);
        assert_eq!(tour.start.to_rfc3339(), "2026-11-24T14:00:00-05:00");
        assert_eq!(tour.end.unwrap().to_rfc3339(), "2026-11-24T15:00:00-05:00");
        assert_eq!(tour.assigned_user_id, Some(7));
        assert_eq!(tour.communities.unwrap()[0].name_unique, "maplegrove");
        assert_eq!(tour.notes.unwrap()[0].message, "Bring the floor plans");
        let empty = TourDraft {
            community: None,
            date: None,
            time: None,
            assignee_id: None,
            ..draft()
        };
        assert_eq!(
            build(&empty, 711, Tz::UTC).unwrap_err(),
            [
                TourProblem::NoCommunity,
                TourProblem::NoDay,
                TourProblem::NoTime,
                TourProblem::NoGuide
            ]
        );
        let spring_gap = TourDraft {
            date: NaiveDate::from_ymd_opt(2026, 3, 8),
            time: NaiveTime::from_hms_opt(2, 30, 0),
            ..draft()
        };
        assert_eq!(
            build(&spring_gap, 711, Tz::America__New_York).unwrap_err(),
            [TourProblem::NoSuchTime]
        );
    }

    #[test]
    fn overlaps_are_found_and_touching_is_not_one() {
        let theirs = [
            activity("2026-11-24T13:30:00-05:00", 60),
            activity("2026-11-24T15:00:00-05:00", 30),
            activity("2026-11-24T09:00:00-05:00", 30),
        ];
        let (start, end) = span(&draft(), Tz::America__New_York).unwrap();
        let hits = clashes(&theirs, start, end);
        assert_eq!(hits.len(), 1, "13:30–14:30 overlaps; 15:00 only touches");
        assert_eq!(hits[0].due_date.to_rfc3339(), "2026-11-24T13:30:00-05:00");
        let mut done = theirs[0].clone();
        done.completed = true;
        assert!(
            clashes([&done], start, end).is_empty(),
            "done work does not clash"
        );
    }
}
