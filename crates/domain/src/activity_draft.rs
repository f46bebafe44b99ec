//! The log-activity form's rules: what a draft must hold, how its date and times are read in the
//! API user's zone, and the request body it becomes. Field by field, so the form can say what is
//! wrong next to each field and keep everything typed.

use chrono::{NaiveTime, TimeZone};
use chrono_tz::Tz;

use super::format;
use crate::api::model::{CommunityRef, NewActivity, Note};

/// Who the activity is for.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Who {
    pub individual_id: i64,
    pub case_number: String,
    pub name: String,
}

/// Serializable so a draft queued offline can be edited and sent again.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ActivityDraft {
    pub type_id: Option<i64>,
    pub who: Option<Who>,
    pub date: String,
    pub start: String,
    pub end: String,
    pub all_day: bool,
    pub completed: bool,
    /// When it was completed, `YYYY-MM-DD HH:MM`; empty means at its end (or start).
    pub completed_at: String,
    pub status_id: Option<i64>,
    pub result_id: Option<i64>,
    pub source_id: Option<i64>,
    pub campaign_id: Option<i64>,
    /// The user it is assigned to; `None` leaves it to the service (the API user).
    pub assignee_id: Option<i64>,
    pub communities: Vec<String>,
    pub description: String,
    pub note: String,
    pub reinquiry: bool,
}

/// A day and a time as the app writes them (`Nov 21, 2026 2:30 pm`), US style or ISO.
pub fn read_moment(text: &str) -> Option<chrono::NaiveDateTime> {
    let text = text.trim().to_uppercase();
    [
        "%b %d, %Y %I:%M %p",
        "%b %d, %Y %H:%M",
        "%m/%d/%Y %I:%M %p",
        "%m/%d/%Y %H:%M",
        format::STAMP,
    ]
    .iter()
    .find_map(|f| chrono::NaiveDateTime::parse_from_str(&text, f).ok())
    .filter(|at| (1900..=2200).contains(&chrono::Datelike::year(&at.date())))
}

/// When a timed draft starts, if its day and time read (all-day drafts have no start).
pub fn starts_at(draft: &ActivityDraft, zone: Tz) -> Option<chrono::DateTime<chrono::Utc>> {
    if draft.all_day {
        return None;
    }
    let date = crate::dates::read_written(&draft.date)?;
    let time = format::read_time(&draft.start)?;
    zone.from_local_datetime(&date.and_time(time))
        .earliest()
        .map(|at| at.with_timezone(&chrono::Utc))
}

/// What is wrong with a draft, field by field; the window words each kind (`Display` is the
/// English for logs and tests). The text typed is kept as it was, to be quoted back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DraftProblem {
    NoType,
    NoWho,
    Date(String),
    /// The start time, or the end time (`end`), is not a time.
    Time {
        end: bool,
        text: String,
    },
    EndBeforeStart,
    CompletedAt(String),
    Incomplete,
    /// The start falls in the hour a clock change skips.
    NoSuchStart,
}

impl std::fmt::Display for DraftProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DraftProblem::NoType => f.write_str("Choose an activity type"),
            DraftProblem::NoWho => f.write_str("Choose who the activity is for"),
            DraftProblem::Date(text) => {
                write!(f, "Date must be a day such as Nov 21, 2026 (got {text:?})")
            }
            DraftProblem::Time { end, text } => write!(
                f,
                "{} time must look like 2:30 pm or 14:30 (got {text:?})",
                if *end { "End" } else { "Start" }
            ),
            DraftProblem::EndBeforeStart => {
                f.write_str("End time must not be before the start time")
            }
            DraftProblem::CompletedAt(text) => write!(
                f,
                "Completed at must be a day and time such as Nov 21, 2026 2:30 pm (got {text:?})"
            ),
            DraftProblem::Incomplete => f.write_str("The form is incomplete"),
            DraftProblem::NoSuchStart => {
                f.write_str("That start time does not exist on that day (clock change)")
            }
        }
    }
}

/// Checks the draft and builds the request body, or says what is wrong, field by field.
pub fn build(draft: &ActivityDraft, zone: Tz) -> Result<NewActivity, Vec<DraftProblem>> {
    let mut problems = Vec::new();
    if draft.type_id.is_none() {
        problems.push(DraftProblem::NoType);
    }
    if draft.who.is_none() {
        problems.push(DraftProblem::NoWho);
    }
    let date = crate::dates::read_written(&draft.date);
    if date.is_none() {
        problems.push(DraftProblem::Date(draft.date.clone()));
    }
    let time = |text: &str, end: bool, problems: &mut Vec<DraftProblem>| -> Option<NaiveTime> {
        let read = format::read_time(text);
        if read.is_none() {
            problems.push(DraftProblem::Time {
                end,
                text: text.trim().to_owned(),
            });
        }
        read
    };
    let (start, end) = if draft.all_day {
        (Some(NaiveTime::MIN), None)
    } else {
        let start = time(&draft.start, false, &mut problems);
        let end = if draft.end.trim().is_empty() {
            None
        } else {
            time(&draft.end, true, &mut problems)
        };
        if let (Some(s), Some(e)) = (start, end)
            && e < s
        {
            problems.push(DraftProblem::EndBeforeStart);
        }
        (start, end)
    };
    let completed_at = match draft.completed_at.trim() {
        "" => None,
        text => match read_moment(text) {
            Some(at) => Some(at),
            None => {
                problems.push(DraftProblem::CompletedAt(text.to_owned()));
                None
            }
        },
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    let (Some(date), Some(start), Some(who), Some(type_id)) =
        (date, start, draft.who.as_ref(), draft.type_id)
    else {
        return Err(vec![DraftProblem::Incomplete]);
    };
    let at = |t: NaiveTime| {
        zone.from_local_datetime(&date.and_time(t))
            .earliest()
            .map(|d| d.fixed_offset())
    };
    let Some(start_at) = at(start) else {
        return Err(vec![DraftProblem::NoSuchStart]);
    };
    let mut activity = NewActivity::new(type_id, start_at);
    activity.individual_id = Some(who.individual_id);
    activity.case_number = Some(who.case_number.clone());
    activity.all_day = Some(draft.all_day);
    activity.end = end.and_then(at);
    let completed_at = completed_at.and_then(|at| {
        zone.from_local_datetime(&at)
            .earliest()
            .map(|d| d.fixed_offset())
    });
    activity.date_completed = draft
        .completed
        .then_some(completed_at.unwrap_or(activity.end.unwrap_or(start_at)));
    activity.activity_status_id = draft.status_id;
    activity.activity_result_id = draft.result_id;
    activity.market_source_id = draft.source_id;
    activity.campaign_id = draft.campaign_id;
    activity.re_inquiry = Some(draft.reinquiry);
    activity.assigned_user_id = draft.assignee_id;
    let text = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
    activity.description = text(&draft.description);
    activity.notes = text(&draft.note).map(|message| vec![Note { message }]);
    if !draft.communities.is_empty() {
        activity.communities = Some(
            draft
                .communities
                .iter()
                .map(|c| CommunityRef {
                    name_unique: c.clone(),
                })
                .collect(),
        );
    }
    Ok(activity)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_completion_moment_is_read_as_the_app_writes_it() {
        let want = chrono::NaiveDate::from_ymd_opt(2026, 11, 21)
            .unwrap()
            .and_hms_opt(14, 30, 0)
            .unwrap();
        for text in [
            "Nov 21, 2026 2:30 pm",
            "nov 21, 2026 2:30 PM",
            "Nov 21, 2026 14:30",
            "11/21/2026 2:30 pm",
            "2026-11-21 14:30",
        ] {
            assert_eq!(read_moment(text), Some(want), "{text}");
        }
        assert_eq!(read_moment("Nov 21 2:30 pm"), None, "a year is needed");
        assert_eq!(read_moment("yesterday"), None);
    }

    use super::*;

    fn draft() -> ActivityDraft {
        ActivityDraft {
            type_id: Some(711),
            who: Some(Who {
                individual_id: 5001,
                case_number: "100".into(),
                name: "Ada".into(),
            }),
            date: "2026-11-24".into(),
            start: "2:30 pm".into(),
            end: "15:30".into(),
            note: "Bring plans".into(),
            ..ActivityDraft::default()
        }
    }

    #[test]
    fn times_are_read_in_the_users_zone() {
        let a = build(&draft(), Tz::America__New_York).unwrap();
        assert_eq!(a.start.to_rfc3339(), "2026-11-24T14:30:00-05:00");
        assert_eq!(a.end.unwrap().to_rfc3339(), "2026-11-24T15:30:00-05:00");
        assert_eq!(a.individual_id, Some(5001));
        assert_eq!(a.notes.unwrap()[0].message, "Bring plans");
        assert_eq!(a.date_completed, None);
    }

    #[test]
    fn problems_name_each_field() {
        let bad = ActivityDraft {
            type_id: None,
            who: None,
            date: "24/11".into(),
            start: "noon".into(),
            ..ActivityDraft::default()
        };
        let problems = build(&bad, Tz::UTC).unwrap_err();
        assert_eq!(
            problems,
            [
                DraftProblem::NoType,
                DraftProblem::NoWho,
                DraftProblem::Date("24/11".into()),
                DraftProblem::Time {
                    end: false,
                    text: "noon".into()
                }
            ]
        );
        assert_eq!(
            problems[3].to_string(),
            "Start time must look like 2:30 pm or 14:30 (got \"noon\")"
        );
        let backwards = ActivityDraft {
            end: "13:00".into(),
            ..draft()
        };
        assert_eq!(
            build(&backwards, Tz::UTC).unwrap_err(),
            [DraftProblem::EndBeforeStart]
        );
        let done_at = ActivityDraft {
            completed: true,
            completed_at: "2026-11-24 16:05".into(),
            ..draft()
        };
        let stamp = build(&done_at, Tz::America__New_York)
            .unwrap()
            .date_completed
            .unwrap();
        assert_eq!(stamp.to_rfc3339(), "2026-11-24T16:05:00-05:00");
        let bad_done = ActivityDraft {
            completed: true,
            completed_at: "yesterday".into(),
            ..draft()
        };
        assert_eq!(
            build(&bad_done, Tz::UTC).unwrap_err(),
            [DraftProblem::CompletedAt("yesterday".into())]
        );
        let all_day = ActivityDraft {
            all_day: true,
            start: "garbage".into(),
            completed: true,
            ..draft()
        };
        let a = build(&all_day, Tz::America__Los_Angeles).unwrap();
        assert_eq!(a.all_day, Some(true));
        assert_eq!(a.start.date_naive().to_string(), "2026-11-24");
        assert!(a.date_completed.is_some());
    }
}
