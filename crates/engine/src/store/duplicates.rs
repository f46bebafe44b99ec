//! The cases that may hold the person being typed, found through the store's search, all
//! questions in one walk over the words: each form of the first name with the last name (in
//! either order: search keeps no word order), each phone's digits, the email. Only those cases
//! are opened; `domain::duplicates` says which of
//! their people match and why.

use super::{Store, StoreError, StoreQuery};
use crate::api::model::SearchCase;
use crate::domain::duplicates::{Probe, first_name_forms, phone_digits, plain_email};

/// Cases opened per question at most (a common name is asked with its first name too).
const PER_QUESTION: usize = 40;

/// The search texts a probe asks: names, phones, email.
pub fn questions(probe: &Probe) -> Vec<String> {
    let mut out = Vec::new();
    let last = probe.last_name.trim();
    if last.chars().filter(|c| c.is_alphabetic()).count() >= 2
        && !probe.first_name.trim().is_empty()
    {
        for form in first_name_forms(&probe.first_name).into_iter().take(12) {
            out.push(format!("{form} {last}"));
        }
    }
    out.extend(probe.phones.iter().filter_map(|p| phone_digits(p)));
    out.extend(plain_email(&probe.email));
    out
}

impl Store {
    /// Every case the probe's questions find, each once. Blocking.
    pub fn duplicate_candidates(&self, probe: &Probe) -> Result<Vec<SearchCase>, StoreError> {
        let mut out: Vec<SearchCase> = Vec::new();
        let queries: Vec<StoreQuery> = questions(probe)
            .into_iter()
            .map(|text| StoreQuery {
                text,
                ..StoreQuery::default()
            })
            .collect();
        for case in self
            .search_each(&queries, PER_QUESTION)?
            .into_iter()
            .flatten()
        {
            if !out
                .iter()
                .any(|c| c.primary.case_number == case.primary.case_number)
            {
                out.push(case);
            }
        }
        Ok(out)
    }
}
