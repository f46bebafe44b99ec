//! A user being entered in the batch-create form: the checks made before sending (the service
//! makes the same ones) and which row a refusal names.

use crate::api::model::{Community, CommunityId, NewUser, TIME_ZONES};
use crate::person_problem::PersonProblem;

/// One user being entered, as typed.
#[derive(Debug, Clone, PartialEq)]
pub struct UserDraft {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub time_zone: i64,
    pub communities: Vec<String>,
    pub activation_email: bool,
    pub problems: Vec<PersonProblem>,
    pub result: Option<Result<i64, String>>,
}

impl Default for UserDraft {
    fn default() -> Self {
        UserDraft {
            first_name: String::new(),
            last_name: String::new(),
            email: String::new(),
            time_zone: 1,
            communities: Vec::new(),
            activation_email: true,
            problems: Vec::new(),
            result: None,
        }
    }
}

/// The checks made before sending; the service makes the same ones.
pub fn check(d: &UserDraft, communities: &[Community]) -> Result<NewUser, Vec<PersonProblem>> {
    let mut problems = Vec::new();
    if d.first_name.trim().is_empty() {
        problems.push(PersonProblem::FirstNameRequired);
    }
    if d.last_name.trim().is_empty() {
        problems.push(PersonProblem::LastNameRequired);
    }
    let email = d.email.trim();
    let valid_email = email
        .split_once('@')
        .is_some_and(|(user, host)| !user.is_empty() && host.contains('.') && !host.ends_with('.'))
        && !email.contains(char::is_whitespace);
    if !valid_email {
        problems.push(PersonProblem::NotAnEmail(email.to_owned()));
    }
    let ids: Vec<CommunityId> = communities
        .iter()
        .filter(|c| d.communities.contains(&c.name_unique))
        .map(|c| CommunityId { id: c.id })
        .collect();
    if ids.is_empty() {
        problems.push(PersonProblem::NoCommunity);
    }
    if !TIME_ZONES.iter().any(|z| z.id == d.time_zone) {
        problems.push(PersonProblem::NoTimeZone);
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(NewUser {
        community: ids,
        first_name: d.first_name.trim().to_owned(),
        last_name: d.last_name.trim().to_owned(),
        email: email.to_owned(),
        time_zone_id: d.time_zone,
        send_activation_email: d.activation_email,
    })
}

/// The row a refusal names (`[1].Email …`), if any.
pub fn row_of(message: &str) -> Option<usize> {
    let start = message.find('[')?;
    let end = message[start..].find(']')? + start;
    message[start + 1..end].parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_is_checked_before_sending() {
        let communities = vec![Community {
            id: 3,
            name: "Maple".into(),
            name_unique: "maple".into(),
            abbreviation: None,
            color: None,
            address_id: None,
        }];
        let mut d = UserDraft {
            email: "not-an-email".into(),
            ..UserDraft::default()
        };
        let problems = check(&d, &communities).unwrap_err();
        assert_eq!(
            problems,
            [
                PersonProblem::FirstNameRequired,
                PersonProblem::LastNameRequired,
                PersonProblem::NotAnEmail("not-an-email".into()),
                PersonProblem::NoCommunity
            ]
        );
        d.first_name = "Ana".into();
        d.last_name = "Ruiz".into();
        d.email = "ana@maple.example".into();
        d.communities = vec!["maple".into()];
        let user = check(&d, &communities).unwrap();
        assert_eq!(user.community[0].id, 3);
        assert!(user.send_activation_email);
        assert_eq!(row_of("[1].Email is already used"), Some(1));
        assert_eq!(row_of("no index"), None);
    }
}
