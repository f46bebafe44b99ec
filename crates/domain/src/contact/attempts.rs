//! The calls and texts a case has had, by anyone on the team, read from its activities: what a
//! state's cap on attempts counts.

use chrono::{DateTime, Utc};

use super::plan_marker;
use crate::api::model::Activity;
use crate::channel::Channel;

/// One call or text made.
#[derive(Debug, Clone, PartialEq)]
pub struct Attempt {
    pub at: DateTime<Utc>,
    pub channel: Channel,
    /// Who made it (the activity's assignee).
    pub by: String,
}

/// The calls (answered, voicemail or not) and texts among `activities`, leaving out what was
/// cancelled, what a correction says was logged by mistake, and records that are no contact.
pub fn attempts(activities: &[Activity]) -> Vec<Attempt> {
    let voided = plan_marker::voided(activities);
    activities
        .iter()
        .filter(|a| a.completed && !a.cancelled && !voided.contains(&a.id))
        .filter(|a| !plan_marker::is_marker(a))
        .filter_map(|a| {
            let kind = a.activity_type.as_deref().unwrap_or("").to_lowercase();
            let channel = if kind.contains("call out") {
                Channel::Call
            } else if kind == "email out" && a.activity_name.starts_with("Text message") {
                // A text is logged as an Email Out whose description says so.
                Channel::Text
            } else {
                return None;
            };
            Some(Attempt {
                at: a.due_date.with_timezone(&Utc),
                channel,
                by: a.assigned_name.chars().take(80).collect(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn activity(id: i64, kind: &str, name: &str) -> Activity {
        let mut list: Vec<Activity> =
            serde_json::from_str(include_str!("../../../../tests/fixtures/activities.json"))
                .unwrap();
        let mut a = list.remove(0);
        a.id = id;
        a.case_number = "100".into();
        a.activity_type = Some(kind.into());
        a.activity_name = name.into();
        a.completed = true;
        a.cancelled = false;
        a
    }

    #[test]
    fn calls_and_texts_count_and_emails_slips_and_records_do_not() {
        let mut cancelled = activity(5, "Call Out", "Call (First reply): No answer");
        cancelled.cancelled = true;
        let found = attempts(&[
            activity(1, "Call Out", "Call (First reply): Voicemail"),
            activity(2, "Email Out", "Text message (First reply)"),
            activity(3, "Email Out", "Email (First reply)"),
            activity(4, "Outreach Call Out", "Call"),
            cancelled,
            activity(6, "Call Out", "Call (After tour): Reached"),
            activity(
                7,
                "Update",
                &plan_marker::logged_by_mistake(6, "Call Out, Nov 28 2:30 pm"),
            ),
        ]);
        let channels: Vec<Channel> = found.iter().map(|a| a.channel).collect();
        assert_eq!(channels, vec![Channel::Call, Channel::Text, Channel::Call]);
    }
}
