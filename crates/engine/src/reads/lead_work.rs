//! My day's lead lists from the store, kept between reads: on a portal of 100,000 cases
//! every lead's lists take seconds to work out, so after a sync that touched a few cases (a
//! colleague's new lead) only those cases are worked out again over the lists kept. Every lead
//! is worked out again when the window asks for it as the clock moves (a colour or a wait moves
//! with it), at the latest after an hour, and when a hold has lifted, the rule changed, or the
//! store cannot say which cases its writes touched.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};

use crate::Backend;
use crate::api::model::Activity;
use crate::domain::contact_story::ContactRule;
use crate::domain::next_step::{LeadWork, work_of};
use crate::store::{Store, StoreError};

/// My day's lead lists as last worked out from the store, by user (`None`: the team's).
#[derive(Default)]
pub(crate) struct KeptLeadWork(HashMap<Option<i64>, WorkedOut>);

/// Lead lists worked out from the store, and what they were worked out from.
pub(crate) struct WorkedOut {
    /// The store's writes when the reading began (a write during it is redone next time).
    mark: (u64, u64),
    rule: ContactRule,
    /// The moment every lead was last worked out (a case's colour moves with the clock).
    whole_at: DateTime<Utc>,
    /// The cases of the outbox's activities they counted.
    queued_cases: HashSet<String>,
    pub(super) work: LeadWork,
}

/// How long lists worked out for every lead are kept up to date case by case at most: the
/// window asks for every lead again as the clock moves (a colour or a wait moves with it, not
/// only with writes; My day every 15 minutes), this is the engine's own bound.
const WHOLE_EVERY: chrono::Duration = chrono::Duration::minutes(60);
/// More cases changed than this, and every lead is worked out again.
const REDONE_AT_MOST: usize = 2_000;

/// The cases whose lists are worked out again, over the lists kept.
pub(crate) struct Redo {
    cases: HashSet<String>,
    /// Where the store's writes stood when the cases were asked for.
    mark: (u64, u64),
    kept: WorkedOut,
}

impl Redo {
    pub(super) fn run(self, store: &Store, asked: &Asked) -> Result<WorkedOut, StoreError> {
        let (me, now, rule, queued) = (asked.me, asked.now, asked.rule, asked.queued);
        let numbers: Vec<&str> = self.cases.iter().map(String::as_str).collect();
        let leads = store.leads_numbered(&numbers)?;
        let theirs: Vec<&str> = leads
            .iter()
            .map(|c| c.primary.case_number.as_str())
            .collect();
        let mut activities = store.activities_of_cases(&theirs)?;
        activities.extend(queued.iter().cloned());
        let fresh = work_of(&leads, &activities, me, now, rule);
        let mut work = self.kept.work;
        work.replace_cases(&self.cases, fresh);
        tracing::debug!(
            cases = self.cases.len(),
            "my day's leads worked out again for the cases changed"
        );
        Ok(WorkedOut {
            mark: self.mark,
            rule: rule.clone(),
            whole_at: self.kept.whole_at,
            queued_cases: cases_of(queued),
            work,
        })
    }
}

/// Whose lists are asked for (`None`: the team's), as of when, under which rule, with the
/// outbox's activities counted as done.
#[derive(Clone, Copy)]
pub(super) struct Asked<'a> {
    pub me: Option<i64>,
    pub now: DateTime<Utc>,
    pub rule: &'a ContactRule,
    pub queued: &'a [Activity],
}

/// Every lead's lists, read from the store a few hundred leads at a time. Blocking.
pub(super) fn whole_lead_work(store: &Store, asked: &Asked) -> Result<WorkedOut, StoreError> {
    let (me, now, rule, queued) = (asked.me, asked.now, asked.rule, asked.queued);
    // A few hundred leads' activities at a time: an agent with 20,000 leads never has all
    // their activities decoded at once.
    const LEADS_AT_ONCE: usize = 500;
    let mark = store.touched_mark();
    let started = std::time::Instant::now();
    let leads = match me {
        Some(me) => store.leads_of(me)?,
        None => store.leads()?,
    };
    let leads_ms = started.elapsed().as_millis();
    let (mut read_ms, mut opened) = (0, 0);
    let mut work = LeadWork::default();
    for chunk in leads.chunks(LEADS_AT_ONCE) {
        let numbers: Vec<&str> = chunk
            .iter()
            .map(|c| c.primary.case_number.as_str())
            .collect();
        let reading = std::time::Instant::now();
        let mut activities = store.activities_of_cases(&numbers)?;
        read_ms += reading.elapsed().as_millis();
        opened += activities.len();
        activities.extend(queued.iter().cloned());
        work.extend(work_of(chunk, &activities, me, now, rule));
    }
    tracing::debug!(
        leads = leads.len(),
        activities = opened,
        leads_ms,
        activities_ms = read_ms,
        "my day's leads worked out"
    );
    drop(leads);
    // The rules' orders over all of them.
    work.order();
    Ok(WorkedOut {
        mark,
        rule: rule.clone(),
        whole_at: now,
        queued_cases: cases_of(queued),
        work,
    })
}

fn cases_of(activities: &[Activity]) -> HashSet<String> {
    activities.iter().map(|a| a.case_number.clone()).collect()
}

impl Backend {
    /// The lists kept for `me` and the cases to work out again over them, when they can be
    /// kept up to date case by case: the same rule, every lead worked out lately, no hold
    /// lifted since, and the store able to say which few cases its writes touched.
    pub(super) fn kept_lead_work(&self, store: &Store, asked: &Asked) -> Option<Redo> {
        let (me, now, rule, queued) = (asked.me, asked.now, asked.rule, asked.queued);
        let mut kept = self
            .inner
            .reads
            .lead_work
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        let last = kept.0.get(&me)?;
        let age = now - last.whole_at;
        if last.rule != *rule
            || age < chrono::Duration::zero()
            || age >= WHOLE_EVERY
            || last.work.a_hold_lifted_by(now)
        {
            return None;
        }
        let (mut cases, mark) = store.touched_since(last.mark)?;
        cases.extend(last.queued_cases.iter().cloned());
        cases.extend(cases_of(queued));
        if cases.len() > REDONE_AT_MOST {
            return None;
        }
        let kept = kept.0.remove(&me)?;
        Some(Redo { cases, mark, kept })
    }

    pub(super) fn keep_lead_work(&self, me: Option<i64>, worked: WorkedOut) {
        self.inner
            .reads
            .lead_work
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .0
            .insert(me, worked);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reads::outreach_due::tests::new_lead;

    fn rule() -> ContactRule {
        ContactRule {
            rules: Default::default(),
            zone: chrono_tz::America::New_York,
        }
    }

    fn asked(now: DateTime<Utc>, rule: &ContactRule) -> Asked<'_> {
        Asked {
            me: Some(7),
            now,
            rule,
            queued: &[],
        }
    }

    /// Agent 7's 600 new leads, in a store whose first fill is done, and every lead's lists.
    fn filled(now: DateTime<Utc>) -> (Store, Vec<Activity>, WorkedOut) {
        let (mut cases, mut activities) = (Vec::new(), Vec::new());
        for n in 1..=600 {
            let (case, inquiry) = new_lead(n, "2026-11-23T09:00:00-05:00");
            cases.push(case);
            activities.push(inquiry);
        }
        let store = Store::in_memory().unwrap();
        store.upsert(&cases).unwrap();
        store.keep_activities(&activities, Some(now)).unwrap();
        let whole = whole_lead_work(&store, &asked(now, &rule())).unwrap();
        assert_eq!(whole.work.new_leads.len(), 600);
        (store, activities, whole)
    }

    #[test]
    fn the_cases_a_sync_touched_are_worked_out_again_as_every_lead_would_be() {
        let now: DateTime<Utc> = "2026-11-24T16:00:00Z".parse().unwrap();
        let (store, activities, whole) = filled(now);

        // A sync brings a colleague's new lead for agent 7, a first call to lead 5, and lead
        // 10 reassigned to agent 8.
        let (new_case, new_inquiry) = new_lead(601, "2026-11-24T10:00:00-05:00");
        let mut call = activities[4].clone();
        call.id = 50_001;
        call.activity_type = Some("Call Out".into());
        call.activity_name = "Call Out".into();
        call.due_date = "2026-11-24T10:30:00-05:00".parse().unwrap();
        let (mut moved, _) = new_lead(10, "2026-11-23T09:00:00-05:00");
        moved.primary.assigned_user_id = 8;
        store.upsert(&[new_case, moved]).unwrap();
        store.keep_activities(&[new_inquiry, call], None).unwrap();

        let (cases, mark) = store.touched_since(whole.mark).unwrap();
        let expected: HashSet<String> = ["601", "5", "10"].map(String::from).into();
        assert_eq!(
            cases, expected,
            "the cases the writes touched, and only those"
        );
        let kept = WorkedOut {
            work: whole.work.clone(),
            rule: whole.rule.clone(),
            queued_cases: HashSet::new(),
            ..whole
        };
        let rule = rule();
        let redone = Redo { cases, mark, kept }
            .run(&store, &asked(now, &rule))
            .unwrap();
        let again = whole_lead_work(&store, &asked(now, &rule)).unwrap();
        assert_eq!(
            redone.work, again.work,
            "case by case, as every lead worked out"
        );
        let listed: Vec<&str> = redone
            .work
            .new_leads
            .iter()
            .map(|l| l.case_number.as_str())
            .collect();
        assert!(listed.contains(&"601") && !listed.contains(&"5") && !listed.contains(&"10"));
        assert_eq!(listed.len(), 599);
        // Nothing written since: nothing to work out again.
        assert_eq!(
            store.touched_since(redone.mark).map(|(c, _)| c),
            Some(HashSet::new())
        );
    }

    #[test]
    fn a_write_of_unknown_reach_or_another_store_asks_for_every_lead_again() {
        let now: DateTime<Utc> = "2026-11-24T16:00:00Z".parse().unwrap();
        let (store, _, whole) = filled(now);
        let other = Store::in_memory().unwrap();
        assert!(
            other.touched_since(whole.mark).is_none(),
            "another store's mark"
        );
        store.retire();
        assert!(store.touched_since(whole.mark).is_none(), "a file swapped");
    }
}
