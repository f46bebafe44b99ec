//! `outreach due` from the offline copy: every active lead of the team with the activities the
//! copy keeps of them (a few hundred cases at a time), and the families' words from before the
//! copy's months, under the same rules as the service's read (`service::outreach`). Asked only
//! once the copy is filled and holds those older words: until then a word could be missed, and
//! the caller reads the service instead.

use chrono::{DateTime, Utc};

use crate::domain::contact_story::ContactRule;
use crate::domain::next_step::{LeadWork, is_active_lead_of, team_work};
use crate::domain::outreach_due::{DueContact, rows_of};
use crate::store::{Store, StoreError};

/// What the copy answered, and as of when.
#[derive(Debug, Clone)]
pub struct CopyDue {
    pub rows: Vec<DueContact>,
    /// When the copy last heard from the service.
    pub as_of: Option<DateTime<Utc>>,
}

/// Cases whose activities are opened at once.
const CASES_AT_ONCE: usize = 500;

/// Every contact due at `at` over the copy's leads, `also` (what waits in the outbox or was
/// just delivered) counted as the team's too. Blocking.
pub fn due_from(
    store: &Store,
    at: DateTime<Utc>,
    rule: &ContactRule,
    also: &[crate::api::model::Activity],
) -> Result<Vec<DueContact>, StoreError> {
    let leads: Vec<_> = store
        .leads()?
        .into_iter()
        .filter(|c| is_active_lead_of(c, None))
        .collect();
    let mut work = LeadWork::default();
    for chunk in leads.chunks(CASES_AT_ONCE) {
        let numbers: Vec<&str> = chunk
            .iter()
            .map(|c| c.primary.case_number.as_str())
            .collect();
        let mut activities = store.activities_of_cases(&numbers)?;
        activities.extend(
            also.iter()
                .filter(|a| numbers.contains(&a.case_number.as_str()))
                .cloned(),
        );
        work.extend(team_work(chunk, &activities, at, rule));
    }
    work.order();
    Ok(rows_of(&work, &leads, at, rule))
}

impl crate::OfflineCopyRoom<'_> {
    /// Every contact due at `at` over the team's leads from this desk's copy, or `None` when
    /// the copy cannot answer for every family's word (not filled, or their words from before
    /// its months not read yet).
    pub async fn outreach_due(
        &self,
        at: DateTime<Utc>,
        rule: ContactRule,
    ) -> Result<Option<CopyDue>, String> {
        let backend = self.0;
        let Some(store) = backend.filled_store().filter(|s| s.older_words_kept()) else {
            return Ok(None);
        };
        let mut also = backend.queued_activities();
        also.extend(backend.delivered_activities());
        let as_of = self.status().as_of;
        let rows = backend
            .one_at_a_time("outreach due", move || due_from(&store, at, &rule, &also))
            .await
            .map_err(|e| e.to_string())?
            .map_err(|e| e.to_string())?;
        Ok(Some(CopyDue { rows, as_of }))
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::api::model::{Activity, IndividualType, SearchCase, SearchResponse};
    use crate::domain::contact::{Action, Scope, preference};
    use crate::domain::outreach::Channel;

    fn fixture<T: serde::de::DeserializeOwned>(name: &str) -> T {
        let path = format!("{}/../../tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    /// A new lead of agent 7, created on `created`, and its inquiry.
    pub(in crate::reads) fn new_lead(number: usize, created: &str) -> (SearchCase, Activity) {
        let search: SearchResponse = fixture("search.json");
        let mut case = search.cases[0].clone();
        let p = &mut case.primary;
        p.case_number = number.to_string();
        p.individual_id = number as i64;
        p.individual_name = format!("Person {number}");
        p.assigned_user_id = 7;
        p.individual_type_id = IndividualType::Prospect;
        p.individual_status_name = "New".into();
        p.date_created = chrono::DateTime::parse_from_rfc3339(created).unwrap();
        case.relationships.clear();
        let mut list: Vec<Activity> = fixture("activities.json");
        let mut inquiry = list.remove(0);
        inquiry.id = number as i64 * 10;
        inquiry.case_number = number.to_string();
        inquiry.individual_id = number as i64;
        inquiry.activity_type = Some("Web Form".into());
        inquiry.activity_name = "Web Form".into();
        inquiry.due_date = case.primary.date_created;
        inquiry.completed = true;
        (case, inquiry)
    }

    #[test]
    fn the_copy_answers_as_the_service_read_does_and_an_opt_out_holds_its_row() {
        let now: DateTime<Utc> = "2026-11-24T16:00:00Z".parse().unwrap();
        let (mut cases, mut activities) = (Vec::new(), Vec::new());
        for n in 1..=1200 {
            let (case, inquiry) = new_lead(n, "2026-11-23T09:00:00-05:00");
            cases.push(case);
            activities.push(inquiry);
        }
        // Lead 600 asked not to be called; it is in the second chunk of cases.
        let mut word = activities[599].clone();
        word.id = 99_999;
        word.activity_type = Some("Other".into());
        word.activity_name =
            preference::description(Action::OptOut, Scope::Only(Channel::Call), "asked");
        activities.push(word);
        let store = Store::in_memory().unwrap();
        store.upsert(&cases).unwrap();
        store.keep_activities(&activities, Some(now)).unwrap();
        let rule = ContactRule {
            rules: Default::default(),
            zone: chrono_tz::America::New_York,
        };

        let from_copy = due_from(&store, now, &rule, &[]).unwrap();
        let from_service = crate::domain::outreach_due::due(&cases, &activities, now, &rule);
        assert_eq!(
            from_copy, from_service,
            "the copy and the service's read agree"
        );
        assert_eq!(from_copy.len(), 1200);
        let held: Vec<&DueContact> = from_copy.iter().filter(|r| !r.allowed).collect();
        assert_eq!(held.len(), 1, "{held:?}");
        assert_eq!(held[0].case_number, "600");
        assert!(
            held[0].reason.contains("stop calling"),
            "{}",
            held[0].reason
        );

        // A word still in the outbox holds its row too.
        let mut queued = activities[9].clone();
        queued.id = 0;
        queued.activity_type = Some("Other".into());
        queued.activity_name = preference::description(Action::OptOut, Scope::All, "on the phone");
        let with_outbox = due_from(&store, now, &rule, &[queued]).unwrap();
        assert!(
            with_outbox
                .iter()
                .any(|r| r.case_number == "10" && !r.allowed)
        );
    }

    #[test]
    fn the_older_words_are_said_kept_once_read() {
        let store = Store::in_memory().unwrap();
        assert!(!store.older_words_kept());
        store.keep_older_words(&[]).unwrap();
        assert!(store.older_words_kept());
    }
}
