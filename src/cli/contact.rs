//! `leasedesk contact check` and `leasedesk contact opt-out`: the contact guard asked, and a
//! family's word logged, from a script or a schedule, through the service's own reads and
//! writes (the same rules the window uses).

use chrono::{DateTime, NaiveDateTime, TimeZone, Utc};
use chrono_tz::Tz;

use super::{Connected, Failure};
use crate::api::ApiError;
use crate::domain::activity_draft::{ActivityDraft, Who, build};
use crate::domain::contact::{self, Action, Scope, Verdict};
use crate::domain::outreach::Channel;

/// What `contact check` is asked.
#[derive(Debug, Clone)]
pub struct CheckArgs {
    pub case: String,
    pub channel: Channel,
    pub at: DateTime<Utc>,
    /// Someone of the case (default: its person).
    pub person: Option<i64>,
    /// The community's clock, for someone with no single address.
    pub zone: Tz,
    /// The calling rules as the app's Settings keep them (each community's read by the
    /// case's).
    pub calling: contact::rules::CallingRules,
}

/// `call`, `text`, `email` or `letter` (and `all`, where `all` is allowed).
pub fn parse_scope(text: &str, all_allowed: bool) -> Result<Scope, Failure> {
    match text.trim().to_ascii_lowercase().as_str() {
        "call" => Ok(Scope::Only(Channel::Call)),
        "text" => Ok(Scope::Only(Channel::Text)),
        "email" => Ok(Scope::Only(Channel::Email)),
        "letter" => Ok(Scope::Only(Channel::Letter)),
        "all" if all_allowed => Ok(Scope::All),
        _ => Err(Failure::Usage(leasedesk_i18n::tr!(
            "cli-bad-channel",
            all = if all_allowed { "yes" } else { "no" },
            text = format!("{text:?}")
        ))),
    }
}

/// A moment: RFC 3339 (`2026-11-28T19:30:00-05:00`), or `YYYY-MM-DDTHH:MM` in `zone`.
pub fn parse_moment(option: &str, text: &str, zone: Tz) -> Result<DateTime<Utc>, Failure> {
    let text = text.trim();
    if let Ok(at) = DateTime::parse_from_rfc3339(text) {
        return Ok(at.with_timezone(&Utc));
    }
    NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M")
        .ok()
        .and_then(|local| zone.from_local_datetime(&local).earliest())
        .map(|at| at.with_timezone(&Utc))
        .ok_or_else(|| {
            Failure::Usage(leasedesk_i18n::tr!(
                "cli-bad-moment",
                option = option.to_string(),
                text = format!("{text:?}")
            ))
        })
}

/// The case's number, checked before connecting.
pub fn parse_case(text: &str) -> Result<String, Failure> {
    let text = text.trim();
    if text.is_empty() || text.len() > 20 || !text.chars().all(|c| c.is_ascii_digit()) {
        return Err(Failure::Usage(leasedesk_i18n::tr!(
            "cli-bad-case",
            text = format!("{text:?}")
        )));
    }
    Ok(text.to_owned())
}

/// The case, and the person asked about (the case's person unless named and in the case).
async fn case_and_person(
    connected: &Connected,
    case: &str,
    person: Option<i64>,
) -> Result<(crate::service::cases::WholeCase, i64), Failure> {
    let whole = crate::service::cases::load_whole(connected.client.clone(), case.to_owned(), None)
        .await
        .map_err(|e| match e {
            ApiError::NotFound { .. } => Failure::Usage(leasedesk_i18n::tr!(
                "cli-no-such-case",
                case = case.to_string(),
                portal = connected.label.to_string()
            )),
            e => Failure::Run(leasedesk_i18n::tr!(
                "cli-case-not-read",
                case = case.to_string(),
                error = crate::ui::error_words::api_error(&e)
            )),
        })?;
    let person = match person {
        Some(id) if whole.people().contains(&id) => id,
        Some(id) => {
            return Err(Failure::Usage(leasedesk_i18n::tr!(
                "cli-not-in-case",
                id = id.to_string(),
                case = case.to_string()
            )));
        }
        None => whole.primary().map(|p| p.individual_id).ok_or_else(|| {
            Failure::Run(leasedesk_i18n::tr!(
                "cli-case-empty",
                case = case.to_string()
            ))
        })?,
    };
    Ok((whole, person))
}

pub async fn check(connected: Connected, args: CheckArgs) -> Result<String, Failure> {
    let (whole, person) = case_and_person(&connected, &args.case, args.person).await?;
    let client = connected.client.clone();
    let activities = crate::service::cases::activities_of(client.clone(), whole.people())
        .await
        .map_err(|e| {
            Failure::Run(leasedesk_i18n::tr!(
                "cli-activities-not-read",
                error = crate::ui::error_words::api_error(&e)
            ))
        })?;
    let addresses = match crate::service::cases::addresses_of(client, vec![person]).await {
        Ok(list) => list.to_vec(),
        // "None found" is no address: the community's rules at the community's clock.
        Err(ApiError::NotFound { .. }) => Vec::new(),
        Err(e) => {
            return Err(Failure::Run(leasedesk_i18n::tr!(
                "cli-addresses-not-read",
                error = crate::ui::error_words::api_error(&e)
            )));
        }
    };
    let states: Vec<&str> = addresses.iter().map(|a| a.state.as_str()).collect();
    let community = whole
        .contact
        .as_ref()
        .and_then(|c| c.primary.communities.first())
        .map(|c| c.id);
    let verdict = contact::check_case(
        person,
        args.channel,
        args.at,
        &activities,
        &states,
        args.zone,
        &[],
        &args.calling.rules_for(community),
    );
    let answer = match verdict {
        Verdict::Allowed => serde_json::json!({
            "allowed": true,
            "reason": "Allowed: nothing the family said or the law holds it.",
            "next_allowed": null,
        }),
        Verdict::Held(hold) => serde_json::json!({
            "allowed": false,
            "reason": hold.reason.to_string(),
            "next_allowed": hold.next_allowed.map(|t| t.to_rfc3339()),
        }),
    };
    Ok(format!("{answer}\n"))
}

/// What `contact opt-out` (or `contact consent`) is asked.
#[derive(Debug, Clone)]
pub struct OptOutArgs {
    pub action: Action,
    pub case: String,
    pub scope: Scope,
    pub how: String,
    /// When they said it.
    pub at: DateTime<Utc>,
    pub person: Option<i64>,
    pub zone: Tz,
}

pub async fn opt_out(connected: Connected, args: OptOutArgs) -> Result<String, Failure> {
    let (whole, person) = case_and_person(&connected, &args.case, args.person).await?;
    let lookups = crate::service::lookups::load(connected.client.clone())
        .await
        .map_err(|e| {
            Failure::Run(leasedesk_i18n::tr!(
                "cli-types-not-read",
                error = crate::ui::error_words::api_error(&e)
            ))
        })?;
    let kind = lookups
        .record_type()
        .cloned()
        .ok_or_else(|| Failure::Run(leasedesk_i18n::tr!("cli-no-preference-type")))?;
    let name = whole
        .case
        .individuals
        .iter()
        .find(|i| i.individual_id == person)
        .map(|i| i.individual_name.clone())
        .unwrap_or_default();
    let now = args.at.with_timezone(&args.zone);
    let description = contact::preference::description(args.action, args.scope, &args.how);
    let draft = ActivityDraft {
        type_id: Some(kind.id),
        who: Some(Who {
            individual_id: person,
            case_number: whole.case.case_number.clone(),
            name,
        }),
        date: crate::domain::format::day(now.date_naive()),
        start: crate::domain::format::field_time(now.time()),
        completed: true,
        description: description.clone(),
        ..ActivityDraft::default()
    };
    let body = build(&draft, args.zone)
        .map_err(|p| Failure::Run(crate::ui::words::draft_problems(p).join("; ")))?;
    let created = connected
        .client
        .create_activities(vec![body])
        .await
        .map_err(|e| {
            Failure::Run(leasedesk_i18n::tr!(
                "cli-opt-out-not-logged",
                error = crate::ui::error_words::api_error(&e)
            ))
        })?;
    Ok(leasedesk_i18n::tr!(
        "cli-opt-out-logged",
        case = whole.case.case_number.to_string(),
        activity = created
            .activity_ids
            .first()
            .copied()
            .unwrap_or_default()
            .to_string(),
        description = description.to_string()
    ))
}

/// Why a reply log was not read, in the system's language (line numbers as written, never
/// grouped).
pub fn reply_problem(problem: &crate::domain::contact::replies::ReplyProblem) -> String {
    use crate::domain::contact::replies::{MAX_BYTES, MAX_CELL, MAX_REPLIES, ReplyProblem};
    use leasedesk_i18n::tr;
    match problem {
        ReplyProblem::TooBig => tr!("cli-replies-too-big", mb = MAX_BYTES / 1024 / 1024),
        ReplyProblem::NoHeader(detail) => tr!("cli-replies-no-header", detail = detail.as_str()),
        ReplyProblem::NoColumn(name) => tr!("cli-replies-no-column", name = format!("{name:?}")),
        ReplyProblem::NotRead { line, detail } => tr!(
            "cli-replies-bad-line",
            line = line.to_string(),
            detail = detail.as_str()
        ),
        ReplyProblem::TooMany => tr!("cli-replies-too-many", most = MAX_REPLIES),
        ReplyProblem::CellTooLong { line } => tr!(
            "cli-replies-cell-too-long",
            line = line.to_string(),
            most = MAX_CELL
        ),
        ReplyProblem::BadTime { line, text } => tr!(
            "cli-replies-bad-time",
            line = line.to_string(),
            text = format!("{text:?}")
        ),
        ReplyProblem::NoSender { line } => {
            tr!("cli-replies-no-sender", line = line.to_string())
        }
    }
}

/// `contact import-replies`: the stop replies of a messaging tool's log, each logged once as
/// the person's opt-out of texts (a reply already recorded, or made while an opt-out stood, is
/// not logged again), matched to cases by the number they came from.
pub async fn import_replies(
    connected: Connected,
    replies: Vec<crate::domain::contact::replies::Reply>,
    zone: Tz,
) -> Result<String, Failure> {
    use crate::domain::calls::matching::{Found, PhoneBook};
    use crate::domain::contact::preference::{self, Preference};

    let mut stops: Vec<_> = replies.iter().filter(|r| r.is_stop()).collect();
    stops.sort_by_key(|r| r.at);
    if stops.is_empty() {
        return Ok(leasedesk_i18n::tr!(
            "cli-no-stop-replies",
            count = replies.len()
        ));
    }
    let client = connected.client.clone();
    let failed = |e: ApiError| {
        Failure::Run(leasedesk_i18n::tr!(
            "cli-portal-not-read",
            error = crate::ui::error_words::api_error(&e)
        ))
    };
    let mut book = PhoneBook::default();
    crate::service::cases::each_case(client.clone(), |case| book.add(case))
        .await
        .map_err(failed)?;
    let lookups = crate::service::lookups::load(client.clone())
        .await
        .map_err(failed)?;
    let kind = lookups
        .record_type()
        .cloned()
        .ok_or_else(|| Failure::Run(leasedesk_i18n::tr!("cli-no-preference-type")))?;
    let mut words: std::collections::HashMap<i64, Vec<Preference>> = Default::default();
    let (mut logged, mut already) = (0, 0);
    let (mut unknown, mut several) = (Vec::new(), Vec::new());
    for reply in stops {
        let (case_number, person) = match book.find(&reply.from) {
            Found::Case { case, person } => (case.case_number.to_string(), person),
            Found::Several(_) => {
                several.push(reply.line);
                continue;
            }
            Found::Unknown => {
                unknown.push(reply.line);
                continue;
            }
        };
        let known = match words.entry(person) {
            std::collections::hash_map::Entry::Occupied(read) => read.into_mut(),
            std::collections::hash_map::Entry::Vacant(unread) => {
                let activities = crate::service::cases::activities_of(client.clone(), vec![person])
                    .await
                    .map_err(failed)?;
                unread.insert(preference::preferences(&activities))
            }
        };
        if preference::standing_opt_out(known, person, Channel::Text, reply.at).is_some() {
            already += 1;
            continue;
        }
        let local = reply.at.with_timezone(&zone);
        let draft = ActivityDraft {
            type_id: Some(kind.id),
            who: Some(Who {
                individual_id: person,
                case_number: case_number.clone(),
                name: String::new(),
            }),
            date: crate::domain::format::day(local.date_naive()),
            start: crate::domain::format::field_time(local.time()),
            completed: true,
            description: preference::description(
                Action::OptOut,
                Scope::Only(Channel::Text),
                "replied STOP",
            ),
            ..ActivityDraft::default()
        };
        let body = build(&draft, zone)
            .map_err(|p| Failure::Run(crate::ui::words::draft_problems(p).join("; ")))?;
        connected
            .client
            .create_activities(vec![body])
            .await
            .map_err(|e| {
                Failure::Run(leasedesk_i18n::tr!(
                    "cli-opt-outs-stopped",
                    logged = logged,
                    line = reply.line,
                    error = crate::ui::error_words::api_error(&e)
                ))
            })?;
        known.push(Preference {
            individual_id: person,
            action: Action::OptOut,
            scope: Scope::Only(Channel::Text),
            how: "replied STOP".into(),
            at: reply.at,
            by: String::new(),
        });
        logged += 1;
    }
    let mut out = leasedesk_i18n::tr!(
        "cli-stop-replies-read",
        count = replies.len(),
        stops = logged + already + unknown.len() + several.len(),
        logged = logged,
        already = already
    );
    let lines = |list: &[usize]| {
        list.iter()
            .take(20)
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !unknown.is_empty() {
        out.push_str(&leasedesk_i18n::tr!(
            "cli-stop-replies-unknown",
            count = unknown.len(),
            lines = lines(&unknown)
        ));
    }
    if !several.is_empty() {
        out.push_str(&leasedesk_i18n::tr!(
            "cli-stop-replies-several",
            count = several.len(),
            lines = lines(&several)
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {

    #[test]
    fn why_a_reply_log_was_not_read_is_the_domains_in_english_and_said_in_spanish() {
        use crate::domain::contact::replies::ReplyProblem;
        use leasedesk_i18n::{Language, in_language};
        let all = [
            ReplyProblem::TooBig,
            ReplyProblem::NoHeader("d".into()),
            ReplyProblem::NoColumn("from"),
            ReplyProblem::NotRead {
                line: 4,
                detail: "d".into(),
            },
            ReplyProblem::TooMany,
            ReplyProblem::CellTooLong { line: 1200 },
            ReplyProblem::BadTime {
                line: 2,
                text: "yesterday".into(),
            },
            ReplyProblem::NoSender { line: 2 },
        ];
        for p in &all {
            assert_eq!(
                in_language(Language::English, || reply_problem(p)),
                p.to_string()
            );
            assert_ne!(
                in_language(Language::Spanish, || reply_problem(p)),
                p.to_string(),
                "{p:?}"
            );
        }
        assert_eq!(
            in_language(Language::Spanish, || reply_problem(&all[7])),
            "línea 2: from está vacío"
        );
    }
    use super::*;

    #[test]
    fn options_are_read_or_refused_with_the_option_named() {
        let zone = chrono_tz::America::Chicago;
        assert_eq!(
            parse_scope("TEXT", false).unwrap(),
            Scope::Only(Channel::Text)
        );
        assert_eq!(parse_scope("all", true).unwrap(), Scope::All);
        assert!(
            parse_scope("all", false)
                .unwrap_err()
                .message()
                .contains("--channel")
        );
        assert!(parse_scope("fax", true).is_err());
        assert_eq!(
            parse_moment("--at", "2026-11-28T19:30", zone).unwrap(),
            parse_moment("--at", "2026-11-29T01:30:00Z", zone).unwrap()
        );
        assert!(
            parse_moment("--as-of", "tomorrow", zone)
                .unwrap_err()
                .message()
                .contains("--as-of")
        );
        assert_eq!(parse_case(" 1601 ").unwrap(), "1601");
        assert!(parse_case("16 01").is_err());
        assert!(parse_case("").is_err());
    }
}
